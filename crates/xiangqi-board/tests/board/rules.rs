//! Exact move sets and position checks for each rule, written out by hand.

use xiangqi_board::{
    Bitboard, Color, IllegalMoveReason, Move, Outcome, Pin, PinKind, Position, PositionErrorKinds, Setup, Square,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

/// The legal moves as sorted `h2e2` strings.
fn moves(fen: &str) -> Vec<String> {
    let mut list: Vec<String> = pos(fen).legal_moves().iter().map(Move::to_string).collect();
    list.sort();
    list
}

fn moves_from(fen: &str, from: Square) -> Vec<String> {
    let mut list: Vec<String> = pos(fen)
        .legal_moves_filtered(Bitboard::from_square(from), Bitboard::FULL)
        .iter()
        .map(Move::to_string)
        .collect();
    list.sort();
    list
}

fn problems(fen: &str) -> PositionErrorKinds {
    let setup: Setup = fen.parse().expect("FEN syntax");
    Position::from_setup(setup).expect_err("illegal position").kinds
}

#[test]
fn king_stays_in_palace_and_may_not_face_the_other_king() {
    // Red king on d0: e0 would face the black king on e9 across an open file.
    assert_eq!(moves("4k4/9/9/9/9/9/9/9/9/3K5 w"), ["d0d1"]);
    // With a screen on the e-file the step is allowed.
    assert_eq!(moves("4k4/9/9/9/9/4p4/9/9/9/3K5 w"), ["d0d1", "d0e0"]);
    // A king in the palace corner d2 has two steps, never leaving the palace.
    assert_eq!(moves_from("5k3/9/9/9/9/9/9/3K5/9/9 w", Square::D2), ["d2d1", "d2e2"]);
}

#[test]
fn advisors_move_on_palace_diagonals() {
    assert_eq!(moves_from("3k5/9/9/9/9/9/9/9/4A4/5K3 w", Square::E1), ["e1d0", "e1d2", "e1f2"]);
}

#[test]
fn elephants_stay_home_and_are_blocked_at_the_eye() {
    // c4 → a2, e2; e6 and a6 would cross the river. A piece on d3 blocks c4 → e2.
    assert_eq!(moves_from("3k5/9/9/9/9/2B6/9/9/9/4K4 w", Square::C4), ["c4a2", "c4e2"]);
    assert_eq!(moves_from("3k5/9/9/9/9/2B6/3p5/9/9/4K4 w", Square::C4), ["c4a2"]);
}

#[test]
fn horses_are_blocked_at_the_leg() {
    assert_eq!(moves_from("3k5/9/9/9/4N4/9/9/9/9/5K3 w", Square::E5).len(), 8);
    // Pieces on e6 and d5 block the four targets beyond them.
    assert_eq!(moves_from("3k5/9/9/4p4/3PN4/9/9/9/9/5K3 w", Square::E5), ["e5d3", "e5f3", "e5g4", "e5g6"]);
}

#[test]
fn cannons_slide_quietly_and_capture_over_one_screen() {
    // Cannon b2: slides on rank 2 and file b up to the first piece; captures f2 over its own horse on d2 and
    // b9 over the black rook on b6, but not h2 (two screens) nor b6 (no screen).
    let fen = "1n1k5/9/9/1r7/9/9/9/1C1N1p1r1/9/4K4 w";
    assert_eq!(moves_from(fen, Square::B2), ["b2a2", "b2b0", "b2b1", "b2b3", "b2b4", "b2b5", "b2b9", "b2c2", "b2f2"]);
}

#[test]
fn pawns_step_sideways_only_after_the_river() {
    assert_eq!(moves_from("3k5/9/9/9/9/9/4P4/9/9/5K3 w", Square::E3), ["e3e4"]);
    assert_eq!(moves_from("3k5/9/9/9/4P4/9/9/9/9/5K3 w", Square::E5), ["e5d5", "e5e6", "e5f5"]);
    // On the last rank a pawn only moves sideways.
    assert_eq!(moves_from("5k3/9/9/9/9/9/9/9/9/3K4p b", Square::I0), ["i0h0"]);
}

#[test]
fn pinned_pieces_keep_their_line() {
    // The rook on e4 is pinned by the black rook on e8: it may move along the e-file only.
    let fen = "3k5/4r4/9/9/9/4R4/9/9/9/4K4 w";
    assert_eq!(moves_from(fen, Square::E4), ["e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]);
    // The horse on e2 stands between the kings (flying general): it may not move at all.
    assert!(moves_from("4k4/9/9/9/9/9/9/4N4/9/4K4 w", Square::E2).is_empty());
}

#[test]
fn a_piece_may_not_become_a_cannon_screen() {
    // Black cannon e5 faces the red king e0 with no screen; the red rook may not stop on e1..e4.
    let fen = "3k5/9/9/9/4c4/9/9/9/1R7/4K4 w";
    let rook = moves_from(fen, Square::B1);
    assert!(!rook.iter().any(|mv| mv == "b1e1"));
    assert!(rook.iter().any(|mv| mv == "b1d1") && rook.iter().any(|mv| mv == "b1f1"));
    // With two pieces between cannon and king, either one may not leave the file.
    let fen = "3k5/4c4/9/9/9/4N4/9/4B4/9/4K4 w";
    assert!(moves_from(fen, Square::E4).is_empty());
    assert_eq!(moves_from(fen, Square::E2), Vec::<String>::new());
}

#[test]
fn check_evasions() {
    // Rook check along rank 0: block on b0..d0, capture, or step up.
    // f0 stays on the rook's rank once the king has left e0.
    assert_eq!(moves("3k5/9/9/9/9/9/9/9/R8/r3K4 w"), ["a1a0", "e0e1"]);
    // Cannon check with a red rook as the screen: move the screen away, capture the cannon, block (two screens)
    // or step aside.
    let evasions = moves("3k5/9/9/4c4/9/9/4R4/9/9/3AK4 w");
    assert!(evasions.contains(&"e3e6".to_string()), "capture the cannon");
    assert!(evasions.contains(&"e3a3".to_string()), "take the screen away");
    assert!(evasions.contains(&"e0f0".to_string()));
    assert!(evasions.contains(&"d0e1".to_string()), "a second screen blocks");
    assert!(!evasions.contains(&"e3e4".to_string()), "the rook stays the screen");
    // Horse check from d2 over the free leg d1: the king steps away (d0 does not face the black king, the horse
    // stands between them); no red piece can reach the leg.
    assert_eq!(moves("3k5/9/9/9/9/9/9/3n5/9/4K4 w"), ["e0d0", "e0e1", "e0f0"]);
    // With a red rook able to reach the leg d1, blocking is an answer too.
    assert!(moves("3k5/9/9/9/9/9/9/3n5/8R/4K4 w").contains(&"i1d1".to_string()));
    // Double check by rook f3 and horse e2: only the king step to e0.
    assert_eq!(moves("3k5/9/9/9/9/9/5r3/4n4/9/5K3 w"), ["f0e0"]);
}

#[test]
fn one_move_can_answer_two_checks() {
    // The red rook on e4 checks, and the red cannon on e2 checks over it. The black rook's step d5-e5 answers
    // both: it blocks the rook and gives the cannon a second screen.
    let p = pos("4k4/9/9/9/3r5/4R4/9/4C4/9/5K3 b");
    assert!(p.is_check());
    let answers: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    assert!(answers.contains(&"d5e5".to_string()), "{answers:?}");
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    let mate = pos("R2k5/8R/9/9/9/9/9/9/9/4K4 b");
    assert!(mate.is_check());
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
    let stalemate = pos("3k5/R8/9/9/9/9/9/9/9/4K4 b");
    assert!(!stalemate.is_check());
    assert_eq!(stalemate.outcome(), Some(Outcome::Stalemate { winner: Color::Red }));
    assert_eq!(stalemate.outcome().map(Outcome::winner), Some(Color::Red));
    assert_eq!(Position::new().outcome(), None);
}

#[test]
fn setup_problems_are_all_reported() {
    assert_eq!(problems("9/9/9/9/9/9/9/9/9/4K4 w"), PositionErrorKinds::MISSING_KING);
    assert_eq!(
        problems("3k1k3/9/9/9/9/9/9/9/9/4K4 w") - PositionErrorKinds::FACING_KINGS,
        PositionErrorKinds::TOO_MANY_KINGS
    );
    assert_eq!(problems("3k5/9/9/9/9/9/9/9/9/K8 w"), PositionErrorKinds::KING_OUTSIDE_PALACE);
    assert_eq!(problems("3k5/9/9/9/9/9/9/9/3A5/4K4 w"), PositionErrorKinds::INVALID_ADVISOR_SQUARE);
    assert_eq!(problems("3k5/9/9/9/2B6/9/9/9/9/4K4 w"), PositionErrorKinds::INVALID_ELEPHANT_SQUARE);
    assert_eq!(problems("3k5/9/9/9/9/9/9/9/P8/4K4 w"), PositionErrorKinds::INVALID_PAWN_SQUARE);
    assert_eq!(problems("3k5/9/9/9/9/9/1P7/9/9/4K4 w"), PositionErrorKinds::INVALID_PAWN_SQUARE);
    assert_eq!(problems("3k5/9/9/9/9/9/9/9/RRR6/4K4 w"), PositionErrorKinds::TOO_MANY_PIECES);
    assert_eq!(problems("4k4/9/9/9/9/9/9/9/9/4K4 w"), PositionErrorKinds::FACING_KINGS);
    assert_eq!(problems("3k5/9/9/9/9/9/9/9/9/3RK4 w"), PositionErrorKinds::OPPOSITE_CHECK);
    // Several problems at once.
    let many = problems("4k4/9/9/9/9/9/9/9/P2A5/4K4 w");
    assert_eq!(
        many,
        PositionErrorKinds::FACING_KINGS
            | PositionErrorKinds::INVALID_PAWN_SQUARE
            | PositionErrorKinds::INVALID_ADVISOR_SQUARE
    );
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
    assert_eq!(err.to_string(), "illegal position: the kings face each other");
}

#[test]
fn pins_are_named_with_their_kind() {
    let mut pins: Vec<Pin> = pos("4k4/4c4/9/9/9/4N4/9/4B4/9/4K4 w").pins(Color::Red).collect();
    pins.sort_by_key(|pin| pin.pinned);
    assert_eq!(
        pins,
        [
            Pin { pinned: Square::E2, pinner: Square::E8, kind: PinKind::CannonScreen },
            Pin { pinned: Square::E4, pinner: Square::E8, kind: PinKind::CannonScreen },
        ]
    );
    let pins: Vec<Pin> = pos("3k5/9/9/9/9/9/9/9/5Rn2/4K4 w").pins(Color::Red).collect();
    assert_eq!(pins, [Pin { pinned: Square::F1, pinner: Square::G1, kind: PinKind::HorseLeg }]);
    let p = pos("4k4/9/9/9/9/9/9/4N4/9/4K4 w");
    assert_eq!(p.pinned(Color::Red), Bitboard::from_square(Square::E2));
    assert_eq!(p.pinned(Color::Black), Bitboard::from_square(Square::E2) - Bitboard::from_square(Square::E2));
}

#[test]
fn attackers_depend_on_the_given_occupancy() {
    let p = pos("3k5/9/9/9/9/9/9/1r2N4/9/4K4 w");
    let board = p.board();
    // The black rook on b2 attacks the horse on e2.
    assert_eq!(board.attackers_to(Square::E2, Color::Black, board.occupied()), Bitboard::from_square(Square::B2));
    // Without the horse, the rook attacks through e2 to i2.
    let without = board.occupied().without(Square::E2);
    assert_eq!(board.attackers_to(Square::I2, Color::Black, without), Bitboard::from_square(Square::B2));
    // Removing the rook from the occupancy removes it as an attacker.
    assert!(board.attackers_to(Square::E2, Color::Black, board.occupied().without(Square::B2)).is_empty());
}

#[test]
fn captures_onto_a_square() {
    let p = Position::new();
    let captures: Vec<String> = p.legal_captures_to(Square::H9).iter().map(Move::to_string).collect();
    assert_eq!(captures, ["h2h9"]);
    assert!(p.legal_captures_to(Square::E4).is_empty());
    assert!(p.legal_captures_to(Square::E0).is_empty(), "own pieces are not captures");
}

#[test]
fn counters_and_equality() {
    let a = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    let b = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 17 40");
    assert_eq!(a, b, "equality ignores the counters");
    assert_eq!(a.key(), b.key());
    let c = pos("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert_ne!(a, c);
    assert_ne!(a.key(), c.key());
    let after = b.play("e0e1".parse().unwrap()).unwrap();
    assert_eq!((after.halfmoves(), after.fullmoves().get()), (18, 40));
    let after = after.play("d9d8".parse().unwrap()).unwrap();
    assert_eq!((after.halfmoves(), after.fullmoves().get()), (19, 41));
}

#[test]
fn play_rejects_illegal_moves_and_changes_nothing() {
    let p = Position::new();
    let before = p.to_string();
    let cannot = IllegalMoveReason::CannotMoveThere;
    for (bad, reason, why) in [
        ("e0e2", cannot, "the piece on e0 cannot move to e2"),
        ("a0a0", cannot, "the piece on a0 cannot move to a0"),
        ("a9a8", IllegalMoveReason::OpponentsPiece, "the piece on a9 is the opponent's"),
        ("e4e5", IllegalMoveReason::NoPiece, "no piece on e4"),
        ("h2h8", cannot, "the piece on h2 cannot move to h8"),
        ("e3d3", cannot, "the piece on e3 cannot move to d3"),
        ("b0d1", cannot, "the piece on b0 cannot move to d1"),
    ] {
        let mv: Move = bad.parse().unwrap();
        let err = p.play(mv).unwrap_err();
        assert_eq!((err.mv, err.reason), (mv, reason));
        assert_eq!(err.to_string(), format!("illegal move {bad}: {why}"));
    }
    // Facing kings: the red king may not step onto the open e-file.
    let kings = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let err = kings.play("d0e0".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::ExposesKing);
    assert_eq!(err.to_string(), "illegal move d0e0: the move leaves the own king in check or facing the other king");
    assert_eq!(p.to_string(), before);
}

#[test]
fn diagrams() {
    let p = Position::new();
    let ascii = p.board().to_string();
    let expected = "\
9 r n b a k a b n r
8 . . . . . . . . .
7 . c . . . . . c .
6 p . p . p . p . p
5 . . . . . . . . .
  ~~~~~~~~~~~~~~~~~
4 . . . . . . . . .
3 P . P . P . P . P
2 . C . . . . . C .
1 . . . . . . . . .
0 R N B A K A B N R
  a b c d e f g h i
";
    assert_eq!(ascii, expected);
    let chinese = format!("{:#}", p.board());
    assert!(chinese.starts_with("9車馬象士將士象馬車\n8．．．．．．．．．\n7．砲．．．．．砲．\n"));
    assert!(chinese.contains("0俥傌相仕帥仕相傌俥\n"));
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_string_forms() {
    use xiangqi_board::{Piece, Role};
    let mv: Move = "h2e2".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"h2e2\"");
    assert_eq!(serde_json::from_str::<Move>("\"h2e2\"").unwrap(), mv);
    assert_eq!(serde_json::to_string(&Square::E0).unwrap(), "\"e0\"");
    assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"black\"");
    assert_eq!(serde_json::to_string(&Piece::new(Color::Black, Role::Horse)).unwrap(), "\"n\"");
    assert_eq!(serde_json::to_string(&Role::Horse).unwrap(), "\"N\"");
    let p = Position::new();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{p}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    let err = serde_json::from_str::<Position>("\"4k4/9/9/9/9/9/9/9/9/4K4 w\"").unwrap_err();
    assert!(err.to_string().contains("the kings face each other"));
    assert!(serde_json::from_str::<Square>("\"j0\"").is_err());
    let mate = Outcome::Checkmate { winner: Color::Red };
    assert_eq!(serde_json::to_string(&mate).unwrap(), "\"red wins by checkmate\"");
    assert_eq!(serde_json::from_str::<Outcome>("\"red wins by checkmate\"").unwrap(), mate);
    assert!(serde_json::from_str::<Outcome>("\"red wins\"").is_err());
}

#[test]
fn relaxed_placement_checks() {
    let relaxed = |fen: &str, kinds| Position::from_setup_relaxed(fen.parse().expect("FEN syntax"), kinds);
    let all = PositionErrorKinds::INVALID_PAWN_SQUARE
        | PositionErrorKinds::INVALID_ADVISOR_SQUARE
        | PositionErrorKinds::INVALID_ELEPHANT_SQUARE;
    // Pawns anywhere, advisors anywhere in their palace, elephants anywhere on their side.
    assert!(relaxed("3k5/4p4/9/9/9/9/9/9/P8/4K4 w", all).is_ok());
    assert!(relaxed("3k5/9/9/9/9/9/9/9/3A5/4K4 w", all).is_ok());
    assert!(relaxed("3k5/9/9/9/9/4B4/9/9/9/4K4 w", all).is_ok());
    // Only the named kinds are relaxed.
    let err = relaxed("3k5/4p4/9/9/9/9/9/9/3A5/4K4 w", PositionErrorKinds::INVALID_PAWN_SQUARE).unwrap_err();
    assert_eq!(err.kinds, PositionErrorKinds::INVALID_ADVISOR_SQUARE);
    // Still rejected: an advisor outside its palace, an elephant across the river, and everything about kings.
    assert_eq!(
        relaxed("3k5/9/9/9/9/9/A8/9/9/4K4 w", all).unwrap_err().kinds,
        PositionErrorKinds::INVALID_ADVISOR_SQUARE
    );
    assert_eq!(
        relaxed("3k5/9/9/9/4B4/9/9/9/9/4K4 w", all).unwrap_err().kinds,
        PositionErrorKinds::INVALID_ELEPHANT_SQUARE
    );
    assert_eq!(
        relaxed("4k4/9/9/9/9/9/9/9/9/4K4 w", PositionErrorKinds::all()).unwrap_err().kinds,
        PositionErrorKinds::FACING_KINGS
    );
}
