//! Property tests over positions reached by random play.

use core::ops::ControlFlow;
use proptest::prelude::*;

use xiangqi_board::{
    compute_key, perft, Bitboard, Color, IllegalMoveReason, Move, Outcome, Position, Role, Setup, Square,
};

const SEEDS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3akab2/9/4b4/2P1P1P2/2P3P2/2p3p2/2p1p1p2/4B4/9/2BAKA3 w - - 0 1",
    "2bakab2/9/4c4/9/4R4/4r4/9/4C4/9/2BAKAB2 w - - 0 1",
    "4ka3/4a4/2N3n2/9/9/9/9/2n3N2/4A4/4KA3 w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
];

/// Plays up to `choices.len()` moves from seed `seed`, each picking a legal move by index; calls `check` on every
/// position reached (including the start).
fn walk(seed: usize, choices: &[u8], mut check: impl FnMut(&Position)) {
    let mut pos = Position::from_fen(SEEDS[seed % SEEDS.len()]).expect("seed FEN is legal");
    check(&pos);
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[choice as usize % moves.len()]).expect("generated moves are legal");
        check(&pos);
    }
}

/// An independent statement of king safety for the side that just moved: its king is not attacked by any enemy
/// piece (using the board's general attack query) and does not face the other king.
fn mover_king_is_safe(pos: &Position) -> bool {
    let mover = pos.turn().other();
    let board = pos.board();
    let king = board.king_of(mover).expect("one king");
    board.attackers_to(king, pos.turn(), board.occupied()).is_empty()
}

fn all_pseudo_moves(pos: &Position) -> Vec<Move> {
    pos.pseudo_legal_moves().to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fen_round_trip(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..120)) {
        walk(seed, &choices, |pos| {
            let fen = pos.to_string();
            let setup: Setup = fen.parse().expect("own FEN parses");
            assert_eq!(setup.to_string(), fen);
            let again = Position::from_setup(setup).expect("own FEN is legal");
            assert_eq!(&again, pos);
            assert_eq!(again.halfmoves(), pos.halfmoves());
            assert_eq!(again.fullmoves(), pos.fullmoves());
        });
    }

    #[test]
    fn legal_moves_keep_the_king_safe(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..120)) {
        walk(seed, &choices, |pos| {
            for &mv in pos.legal_moves().iter() {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                assert!(mover_king_is_safe(&next), "{pos} {mv}");
            }
        });
    }

    #[test]
    fn legal_is_pseudo_legal_filtered(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..120)) {
        walk(seed, &choices, |pos| {
            let mut legal = pos.legal_moves().to_vec();
            let mut filtered: Vec<Move> = all_pseudo_moves(pos)
                .into_iter()
                .filter(|&mv| {
                    let mut next = pos.clone();
                    next.play_unchecked(mv);
                    mover_king_is_safe(&next)
                })
                .collect();
            legal.sort();
            filtered.sort();
            assert_eq!(legal, filtered, "{pos}");
            assert_eq!(pos.count_legal_moves(), legal.len());
            assert_eq!(pos.has_legal_moves(), !legal.is_empty());
            for mv in all_pseudo_moves(pos) {
                assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{pos} {mv}");
                assert_eq!(pos.play(mv).is_ok(), legal.contains(&mv));
            }
        });
    }

    #[test]
    fn incremental_zobrist_equals_recomputation(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..200)) {
        walk(seed, &choices, |pos| {
            assert_eq!(pos.key(), compute_key(pos.board(), pos.turn()), "{pos}");
        });
    }

    #[test]
    fn queries_agree_with_playing_the_move(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..120)) {
        walk(seed, &choices, |pos| {
            let us = pos.turn();
            for &mv in pos.legal_moves().iter() {
                let next = pos.play(mv).expect("legal");
                assert_eq!(pos.gives_check(mv), next.is_check(), "{pos} {mv}");
                assert_eq!(pos.captured(mv), pos.piece_at(mv.to));
                let expected_halfmoves = if pos.is_capture(mv) { 0 } else { pos.halfmoves() + 1 };
                assert_eq!(next.halfmoves(), expected_halfmoves);
                if let Some(victim) = pos.piece_at(mv.to) {
                    assert!(pos.legal_captures_to(mv.to).contains(&mv));
                    assert_ne!(victim.color, us);
                }
            }
            // Pinned pieces: moving one off its square along any pseudo-legal move that leaves the pin line
            // must expose the king, and every piece whose move can expose the king is in the pinned set.
            let pinned = pos.pinned(us);
            let king = pos.king_of(us);
            for mv in all_pseudo_moves(pos) {
                if mv.from == king || pos.is_check() {
                    continue;
                }
                let mut next = pos.clone();
                next.play_unchecked(mv);
                if !mover_king_is_safe(&next) && !pinned.contains(mv.from) {
                    // Only a move onto an unscreened cannon line may expose the king without a pin.
                    let cannon_line = pos.board().by_role(Role::Cannon) & pos.board().by_color(us.other());
                    assert!(cannon_line.any(), "{pos} {mv} exposes the king without a pin");
                }
            }
        });
    }

    #[test]
    fn mirror_and_colour_swap_keep_perft(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..80)) {
        let mut last = None;
        walk(seed, &choices, |pos| last = Some(pos.clone()));
        let pos = last.expect("at least the seed");
        let n = perft(&pos, 2);
        assert_eq!(perft(&pos.flip_files(), 2), n, "{pos}");
        assert_eq!(perft(&pos.swap_colors(), 2), n, "{pos}");
        assert_eq!(pos.swap_colors().swap_colors(), pos);
        assert_eq!(pos.flip_files().flip_files(), pos);
    }
}

/// The position after `mv`, played without a check.
fn played(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}

/// A random set of about half the squares, from a seed.
fn mask(seed: u64) -> Bitboard {
    let a = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let b = a.rotate_left(29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    Bitboard((u128::from(a) << 64 | u128::from(b)) & Bitboard::FULL.0)
}

// Each fast path of the board against its plain statement, on positions of random games.
proptest! {
    #![proptest_config(ProptestConfig { cases: 120, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn is_legal_and_validate_move_are_the_generated_moves(
        seed in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..150),
    ) {
        walk(seed, &choices, |pos| {
            let legal = pos.legal_moves();
            let pseudo = pos.pseudo_legal_moves();
            for from in Square::ALL {
                for to in Square::ALL {
                    let mv = Move::new(from, to);
                    let expected = match pos.piece_at(from) {
                        None => Err(IllegalMoveReason::NoPiece),
                        Some(piece) if piece.color != pos.turn() => Err(IllegalMoveReason::OpponentsPiece),
                        Some(_) if !pseudo.contains(&mv) => Err(IllegalMoveReason::CannotMoveThere),
                        Some(_) if !legal.contains(&mv) => Err(IllegalMoveReason::ExposesKing),
                        Some(_) => Ok(()),
                    };
                    assert_eq!(pos.validate_move(mv).map_err(|e| e.reason), expected, "{pos} {mv}");
                    assert_eq!(pos.is_legal(mv), expected.is_ok(), "{pos} {mv}");
                    assert_eq!(pos.play(mv).map_err(|e| (e.mv, e.reason)), expected.map(|()| played(pos, mv)).map_err(|r| (mv, r)));
                }
            }
        });
    }

    #[test]
    fn gives_check_and_checking_moves_are_playing_the_move(
        seed in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..150),
    ) {
        walk(seed, &choices, |pos| {
            for &mv in pos.pseudo_legal_moves().iter() {
                assert_eq!(pos.gives_check(mv), played(pos, mv).is_check(), "{pos} {mv}");
            }
            let mut fast = pos.checking_moves().to_vec();
            let mut plain: Vec<Move> = pos.legal_moves().into_iter().filter(|&mv| played(pos, mv).is_check()).collect();
            fast.sort();
            plain.sort();
            assert_eq!(fast, plain, "{pos}");
        });
    }

    #[test]
    fn has_legal_moves_and_the_outcome_are_the_move_list(
        seed in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..150),
    ) {
        walk(seed, &choices, |pos| {
            // The position itself and, with few replies, each position in check after a checking move.
            let checked = pos.checking_moves().into_iter().map(|mv| played(pos, mv));
            for pos in core::iter::once(pos.clone()).chain(checked) {
                let none = pos.legal_moves().is_empty();
                assert_eq!(pos.has_legal_moves(), !none, "{pos}");
                assert_eq!(pos.is_checkmate(), none && pos.is_check(), "{pos}");
                assert_eq!(pos.is_stalemate(), none && !pos.is_check(), "{pos}");
                let outcome = pos.outcome();
                assert_eq!(outcome.is_some(), none, "{pos}");
                if let Some(outcome) = outcome {
                    assert_eq!(outcome.to_string().parse::<Outcome>(), Ok(outcome));
                }
            }
        });
    }

    #[test]
    fn is_attacked_is_attackers_to_any(
        seed in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..150),
        salt in any::<u64>(),
    ) {
        let mut n = salt;
        walk(seed, &choices, |pos| {
            let board = pos.board();
            for sq in Square::ALL {
                // Random occupancy changes and ignored pieces, as the adjudicator makes them.
                n = n.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let occupied = board.occupied().without(Square::ALL[(n % 90) as usize]).with(Square::ALL[(n / 90 % 90) as usize]);
                let ignored = Bitboard::from_square(Square::ALL[(n / 8100 % 90) as usize]);
                for color in Color::ALL {
                    let attackers = board.attackers_to(sq, color, occupied);
                    assert_eq!(board.is_attacked(sq, color, occupied), attackers.any(), "{pos} {sq} {color:?}");
                    assert_eq!(
                        board.is_attacked_ignoring(sq, color, occupied, ignored),
                        (attackers - ignored).any(),
                        "{pos} {sq} {color:?}"
                    );
                }
            }
        });
    }

    #[test]
    fn is_king_attacked_is_the_attackers_after_the_move(
        seed in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..150),
        salt in any::<u64>(),
    ) {
        let mut n = salt;
        walk(seed, &choices, |pos| {
            for side in [pos.clone(), pos.swap_turn().unwrap_or_else(|_| pos.clone())] {
                let board = side.board();
                let color = side.turn();
                for mv in side.pseudo_legal_moves() {
                    n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    // The captured piece is ignored, as callers do, and another square but a king's.
                    let other = Bitboard::from_square(Square::ALL[(n >> 33) as usize % 90]) - board.by_role(Role::King);
                    let ignored = other.with(mv.to);
                    let mut after = board.clone();
                    let piece = after.remove_piece_at(mv.from).expect("a piece moves");
                    after.set_piece_at(mv.to, piece);
                    let king = after.king_of(color).expect("a king");
                    let plain = (after.attackers_to(king, color.other(), after.occupied()) - ignored).any();
                    let occupied = board.occupied().without(mv.from).with(mv.to);
                    assert_eq!(board.is_king_attacked(color, king, occupied, ignored), plain, "{side} {mv}");
                }
            }
        });
    }

    #[test]
    fn the_listener_reports_the_masked_moves_per_piece(
        seed in 0usize..5,
        choices in prop::collection::vec(any::<u8>(), 0..150),
        masks in any::<(u64, u64)>(),
        stop_after in 0usize..8,
    ) {
        let (from_mask, to_mask) = (mask(masks.0), mask(masks.1));
        walk(seed, &choices, |pos| {
            let mut heard = Vec::new();
            let mut pieces = Vec::new();
            let flow = pos.for_each_legal_move(from_mask, to_mask, |moves| {
                assert!(!moves.is_empty());
                assert_eq!(pos.piece_at(moves.from), Some(moves.piece));
                pieces.push(moves.from);
                heard.extend(moves);
                ControlFlow::<()>::Continue(())
            });
            assert!(flow.is_continue());
            let mut expected: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|mv| from_mask.contains(mv.from) && to_mask.contains(mv.to))
                .collect();
            assert_eq!(pos.legal_moves_filtered(from_mask, to_mask).len(), expected.len());
            heard.sort();
            expected.sort();
            assert_eq!(heard, expected, "{pos}");
            let mut distinct = pieces.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), pieces.len(), "one call per piece");
            // Breaking stops the generation and returns the value.
            let mut calls = 0;
            let flow = pos.for_each_legal_move(from_mask, to_mask, |moves| {
                calls += 1;
                if calls > stop_after { ControlFlow::Break(moves.from) } else { ControlFlow::Continue(()) }
            });
            assert_eq!(flow.break_value(), pieces.get(stop_after).copied());
        });
    }

    #[test]
    fn swap_turn_is_the_other_side_to_move(seed in 0usize..5, choices in prop::collection::vec(any::<u8>(), 0..150)) {
        walk(seed, &choices, |pos| {
            match pos.swap_turn() {
                Ok(passed) => {
                    assert!(!pos.is_check());
                    let mut setup: Setup = pos.to_string().parse().expect("own FEN");
                    setup.turn = pos.turn().other();
                    let expected = Position::from_setup(setup).expect("legal with the other side to move");
                    assert_eq!(passed, expected);
                    assert_eq!(passed.key(), compute_key(passed.board(), passed.turn()));
                    assert_eq!(passed.legal_moves(), expected.legal_moves());
                }
                Err(err) => {
                    assert!(pos.is_check(), "{pos}");
                    assert_eq!(err.turn, pos.turn());
                }
            }
            for mv in pos.legal_moves() {
                assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
            }
        });
    }
}

#[test]
fn full_bitboard_has_90_squares() {
    assert_eq!(Bitboard::FULL.count(), 90);
    assert_eq!((!Bitboard::EMPTY).count(), 90);
}
