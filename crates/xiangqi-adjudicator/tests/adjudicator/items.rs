//! One test (or more) per item of AXF 2008 第四章 棋例, on positions built for this repository, with the
//! expected ruling, the cited item and the classification that leads to it. Items with exceptions (10, 14, 15,
//! 19, 22, 25, 32) have a test per exception.
//!
//! Each position is set up so that a cycle of moves leads back to it; the cycle is played twice, so the start
//! position occurs for the third time at the end (the AXF 2008 第一章七(G) trigger). The ruling there is the
//! arbiter's warning; the tests compare the final ruling it leads to ([`Ruling::if_repeated`]).

use xiangqi_adjudicator::{ChaseReasons, Game, MoveClass, MoveFlags, RuleBook, Ruling, Section, Verdict};
use xiangqi_board::{Color, Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

/// Plays `lead`, then `cycle` twice, from `fen`; returns the warning given at the third occurrence.
fn judge_after(fen: &str, lead: &str, cycle: &str) -> Verdict {
    let mut game = Game::new(Position::from_fen(fen).expect("valid FEN"), RuleBook::Axf2008);
    let cycle = moves(cycle);
    for mv in moves(lead).into_iter().chain(cycle.iter().copied()).chain(cycle.iter().copied()) {
        game.play(mv).expect("legal move");
    }
    let verdict = game.verdict().clone();
    assert!(verdict.ruling.is_warning(), "a warning at the third occurrence: {verdict}");
    verdict
}

fn judge(fen: &str, cycle: &str) -> Verdict {
    judge_after(fen, "", cycle)
}

/// The catalogue items cited, in order.
fn items(verdict: &Verdict) -> Vec<u8> {
    verdict
        .rules
        .iter()
        .filter_map(|r| match r.section {
            Section::Catalogue(item) => Some(item),
            _ => None,
        })
        .collect()
}

fn clauses(verdict: &Verdict) -> Vec<u8> {
    verdict
        .rules
        .iter()
        .filter_map(|r| match r.section {
            Section::Procedure(clause) => Some(clause),
            _ => None,
        })
        .collect()
}

/// The classified moves of `side` in the evidence window (one cycle's worth, in order).
fn side_moves(verdict: &Verdict, side: Color) -> Vec<MoveClass> {
    let evidence = verdict.evidence.as_ref().expect("a repetition ruling has evidence");
    let cycle = evidence.repetition.cycle_plies;
    assert_eq!(evidence.moves.len(), 2 * cycle, "the window holds two cycles");
    assert_eq!(evidence.moves[..cycle], evidence.moves[cycle..], "both cycles are classified alike");
    evidence.moves.iter().take(cycle).filter(|m| m.mover == side).cloned().collect()
}

fn every(verdict: &Verdict, side: Color, flag: MoveFlags) -> bool {
    side_moves(verdict, side).iter().all(|m| m.flags.contains(flag))
}

fn some(verdict: &Verdict, side: Color, flag: MoveFlags) -> bool {
    side_moves(verdict, side).iter().any(|m| m.flags.contains(flag))
}

/// The roles of the new AXF chases of `side` on every move, as "Rxc" strings (attacker, target).
fn chase_pairs(verdict: &Verdict, side: Color) -> Vec<String> {
    side_moves(verdict, side)
        .iter()
        .flat_map(|m| {
            m.chases()
                .map(|t| format!("{}x{}", t.attacker_piece.fen_char(), t.target_piece.fen_char()))
                .collect::<Vec<_>>()
        })
        .collect()
}

const RED: Color = Color::Red;
const BLACK: Color = Color::Black;

// §1 长将: perpetual check by one piece loses.
#[test]
fn item_01_perpetual_check_by_one_rook() {
    let v = judge_after("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9 e9e8", "a9a8 e8e9 a8a9 e9e8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [1]);
    assert_eq!(clauses(&v), [1]);
    assert!(every(&v, RED, MoveFlags::CHECK));
    assert!(!some(&v, BLACK, MoveFlags::CHECK));
    assert_eq!(
        v.rule_text(),
        "AXF 2008 棋例 §1 + AXF 2008 第一章七(G)1 (red must change; one more cycle and red loses)"
    );
}

// §2 双方长将 (解照反照): both sides check on every move: draw.
#[test]
fn item_02_mutual_perpetual_check_is_a_draw() {
    let v = judge("4c4/3k5/9/9/3r5/9/9/4C4/9/3RK4 w - - 0 1", "e2d2 d5e5 d2e2 e5d5");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [2, 1]);
    assert_eq!(clauses(&v), [2]);
    assert!(every(&v, RED, MoveFlags::CHECK) && every(&v, BLACK, MoveFlags::CHECK));
}

// §3 二将一还将: red checks on both moves, black checks back on one: red loses.
#[test]
fn item_03_two_checks_against_one_check_back() {
    let v = judge("5c3/4k4/9/9/5P3/5r3/9/5N3/9/4CK3 w - - 0 1", "f5e5 f4e4 e5f5 e4f4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [1, 3]);
    assert!(every(&v, RED, MoveFlags::CHECK));
    let black = side_moves(&v, BLACK);
    assert!(black[0].is_check() && !black[1].is_check());
}

// §4 长杀: a mate threat on every move is allowed: draw (the position of the catalogue case axf-04).
#[test]
fn item_04_perpetual_mate_threat_is_a_draw() {
    let v = judge("3k5/9/9/3N5/9/9/9/9/9/R4K3 w - - 0 1", "d6b7 d9e9 b7d6 e9d9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [4]);
    assert!(every(&v, RED, MoveFlags::MATE_THREAT));
    assert!(!some(&v, RED, MoveFlags::CHECK | MoveFlags::CHASE));
}

// §5 解杀反杀: both sides threaten mate on every move: draw.
#[test]
fn item_05_mate_threat_against_counter_threat_is_a_draw() {
    let v = judge("3C1C3/2R3R2/3ak4/5n3/9/3r5/9/9/5K3/9 b - - 0 1", "f6h5 g8f8 h5f6 f8g8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [5, 4]);
    assert!(every(&v, RED, MoveFlags::MATE_THREAT) && every(&v, BLACK, MoveFlags::MATE_THREAT));
}

// §6 一照一叫杀: one check, one mate threat: draw.
#[test]
fn item_06_one_check_one_mate_threat_is_a_draw() {
    let v = judge("4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1", "d4e4 e9f9 e4d4 f9e9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [6]);
    let red = side_moves(&v, RED);
    assert!(red[0].is_check() && red[1].flags.contains(MoveFlags::MATE_THREAT));
}

// §7 一照一捉: one check, one chase: draw.
#[test]
fn item_07_one_check_one_chase_is_a_draw() {
    let v = judge("9/4k4/9/9/9/9/7R1/9/9/3K3n1 w - - 0 1", "h3e3 e8f8 e3h3 f8e8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [7]);
    let red = side_moves(&v, RED);
    assert!(red[0].is_check() && red[1].flags.contains(MoveFlags::CHASE));
    assert_eq!(chase_pairs(&v, RED), ["Rxn"]);
}

// §8 一照一闲: one check, one quiet move: draw.
#[test]
fn item_08_one_check_one_idle_is_a_draw() {
    let v = judge("4k4/9/1R1r5/9/9/3n5/9/9/3K5/9 w - - 0 1", "b7b9 e9e8 b9b7 e8e9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [8]);
    let red = side_moves(&v, RED);
    assert!(red[0].is_check());
    assert!(!red[1].flags.intersects(MoveFlags::CHECK | MoveFlags::CHASE | MoveFlags::MATE_THREAT));
}

// §8 一照一要抽吃: one check, one threat to win material by check: draw.
#[test]
fn item_08_one_check_one_threat_to_win_by_check_is_a_draw() {
    let v = judge("3k5/4a4/9/9/8R/9/9/3c5/6R2/5K3 w - - 0 1", "i5i9 d9d8 i9i5 d8d9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [8]);
    let red = side_moves(&v, RED);
    assert!(red[0].is_check() && red[1].flags.contains(MoveFlags::THREAT_TO_WIN_BY_CHECK));
}

// §9 一捉一要抽吃: one chase, one threat to win by check: draw.
#[test]
fn item_09_one_chase_one_threat_to_win_by_check_is_a_draw() {
    let v = judge("5r3/5P3/4k4/9/9/9/3C5/3K5/1c1R5/9 w - - 0 1", "d1g1 f9b9 g1d1 b9f9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [9]);
    let black = side_moves(&v, BLACK);
    assert!(black[0].flags.contains(MoveFlags::THREAT_TO_WIN_BY_CHECK) && black[1].flags.contains(MoveFlags::CHASE));
}

// §10 炮捉车: a cannon may not perpetually chase a rook.
#[test]
fn item_10_cannon_chasing_a_rook_loses() {
    let v = judge("9/1P1k5/9/9/5N3/C8/9/1c2K2R1/9/9 w - - 0 1", "h2h5 b2b5 h5h2 b5b2");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&v), [10]);
    assert_eq!(chase_pairs(&v, BLACK), ["cxR", "cxR"]);
    assert!(side_moves(&v, BLACK)
        .iter()
        .flat_map(|m| m.chases())
        .all(|t| t.reasons.contains(ChaseReasons::STRONGER_TARGET)));
}

// §10, exception: the rook's counter-chase does not excuse the cannon.
#[test]
fn item_10_exception_rook_counter_chase_does_not_excuse() {
    let v = judge("5k3/1R3r3/9/9/2c6/9/3R5/9/1C1K5/1c7 w - - 0 1", "b8c8 b0c0 c8b8 c0b0");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&v), [10]);
    assert_eq!(chase_pairs(&v, RED), ["Rxc"]);
}

// §11 炮轮捉两车: a cannon chasing two rooks in turn: draw.
#[test]
fn item_11_cannon_chasing_two_rooks_in_turn_is_a_draw() {
    let v = judge("9/4kr3/9/5r3/9/9/9/9/9/3K1CN2 w - - 0 1", "g0f2 f8f7 f2g0 f7f8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [11]);
    assert!(every(&v, RED, MoveFlags::CHASE));
    let targets: Vec<_> =
        side_moves(&v, RED).iter().flat_map(|m| m.chases().map(|t| t.target_id).collect::<Vec<_>>()).collect();
    assert_eq!(targets.len(), 2);
    assert_ne!(targets[0], targets[1], "two different rooks");
}

// §12 车捉有根炮: a rook may perpetually attack a protected cannon: draw.
#[test]
fn item_12_rook_attacking_a_protected_cannon_is_a_draw() {
    let v = judge("9/9/3k5/7N1/R1C2r3/9/9/9/9/4K4 w - - 0 1", "c5c2 f5f2 c2c5 f2f5");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [12]);
    // The cannon is unprotected on one move (a chase) and protected on the other (a follow, 跟).
    let black = side_moves(&v, BLACK);
    assert!(black[0].flags.contains(MoveFlags::CHASE) && black[1].flags.contains(MoveFlags::FOLLOW));
}

// §13 车捉无根炮: a rook may not chase an unprotected cannon.
#[test]
fn item_13_rook_chasing_an_unprotected_cannon_loses() {
    let v = judge("9/n3k4/9/9/c6R1/9/9/9/9/3K5 b - - 0 1", "a5a4 h5h4 a4a5 h4h5");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [13]);
    assert_eq!(chase_pairs(&v, RED), ["Rxc", "Rxc"]);
    assert!(side_moves(&v, RED).iter().flat_map(|m| m.chases()).all(|t| t.reasons.contains(ChaseReasons::UNPROTECTED)));
}

// §14 车被马牵制: a rook held by a horse may not be chased, whether or not the horse is protected; here the held
// rook even attacks the horse whenever the horse loses its protection, and the chaser still loses.
#[test]
fn item_14_rook_held_by_a_horse_may_not_be_chased() {
    let v = judge("3k1a3/1Nr4RC/9/9/9/9/9/9/9/5K3 b - - 0 1", "f9e8 h8h7 e8f9 h7h8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v)[0], 14);
    assert!(every(&v, RED, MoveFlags::CHASE));
    assert!(side_moves(&v, RED).iter().all(|m| m.chases().any(|t| t.reasons.contains(ChaseReasons::PINNED_BY_HORSE))));
}

// §15 炮马分捉一车: a cannon and a horse chasing one rook in turn lose.
#[test]
fn item_15_cannon_and_horse_chasing_one_rook_lose() {
    let v = judge("3n5/2R6/n3k4/p8/9/9/9/2c2K2C/9/9 w - - 0 1", "i2i1 a7c6 i1i2 c6a7");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&v), [15]);
    assert_eq!(chase_pairs(&v, BLACK), ["cxR", "nxR"]);
}

// §15, exception: two horses chasing one rook lose even though the rook counter-chases on every move.
#[test]
fn item_15_exception_counter_chasing_rook_does_not_excuse() {
    let v = judge("5c3/5k3/5r3/5N3/9/9/5N3/R4K3/6c2/9 w - - 0 1", "f3g5 f7d7 g5f3 d7f7");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v)[0], 15);
    assert!(every(&v, BLACK, MoveFlags::CHASE), "black counter-chases on every move");
    let sides = &v.evidence.as_ref().unwrap().sides;
    assert!(sides[0].forbidden && sides[1].forbidden);
}

// §16 马长捉车: a horse may not perpetually chase a rook.
#[test]
fn item_16_horse_chasing_a_rook_loses() {
    let v = judge("4k4/9/9/8C/2r6/4N4/9/3K5/9/C8 b - - 0 1", "c5h5 e4f6 h5c5 f6e4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [16]);
    assert_eq!(chase_pairs(&v, RED), ["NxR".to_lowercase().replace("nxr", "Nxr"), "Nxr".into()]);
}

// §17 车马循环长捉: a rook and a horse chasing each other in a cycle: draw.
#[test]
fn item_17_rook_and_horse_chasing_each_other_is_a_draw() {
    let v = judge("5k3/9/9/2n6/9/1R7/9/9/9/3K5 w - - 0 1", "b4c4 c6a5 c4c5 a5b3 c5b5 b3d4 b5b4 d4c6");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [17, 18, 16]);
    assert!(every(&v, RED, MoveFlags::CHASE) && every(&v, BLACK, MoveFlags::CHASE));
}

// §18 车长捉马: a rook may not perpetually chase a horse.
#[test]
fn item_18_rook_chasing_a_horse_loses() {
    let v = judge("5k2C/9/6n2/9/R8/9/9/4K4/9/1n7 w - - 0 1", "a5a7 g7f5 a7a5 f5g7");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [18]);
    assert_eq!(chase_pairs(&v, RED), ["Rxn", "Rxn"]);
}

// §18, exception: the horse chasing back only once does not excuse the rook.
#[test]
fn item_18_exception_single_counter_chase_does_not_excuse() {
    let v = judge("9/9/4k4/9/4n4/6R2/9/9/5r3/3K5 w - - 0 1", "g4g5 e5c4 g5g4 c4e5");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [18]);
    assert_eq!(chase_pairs(&v, BLACK), ["nxR"]);
}

// §19 捉同类子: rooks attacking each other, both free to take, are an offer: draw.
#[test]
fn item_19_same_kind_offer_is_a_draw() {
    let v = judge("3aka3/9/1r7/9/9/9/R8/9/4A4/3AK4 w - - 0 1", "a3b3 b7a7 b3a3 a7b7");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [19]);
    assert!(every(&v, RED, MoveFlags::EXCHANGE));
    assert!(!some(&v, RED, MoveFlags::CHASE));
    assert!(!some(&v, RED, MoveFlags::MATE_THREAT), "no mate stands or is made");
}

// §19, exception: a pinned rook that cannot take back may not be chased by a rook.
#[test]
fn item_19_exception_pinned_same_kind_may_not_be_chased() {
    let v = judge("4k4/9/4r4/R8/9/9/9/9/9/3KR4 w - - 0 1", "a6a7 e7e6 a7a6 e6e7");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [19]);
    assert!(side_moves(&v, RED)
        .iter()
        .all(|m| m.chases().any(|t| t.reasons.contains(ChaseReasons::SAME_TYPE_PINNED | ChaseReasons::UNPROTECTED))));
}

// §19, exception: a lame horse (its leg blocked) cannot take back, so attacking it is a chase.
#[test]
fn item_19_exception_lame_horse_is_chased() {
    // The red horse goes to c5 and attacks the black horse e6, whose way back (leg d6) is blocked by a red pawn.
    let pos = Position::from_fen("4k4/9/9/3Pn4/9/9/1N7/9/9/3K5 w - - 0 1").unwrap();
    let class = xiangqi_adjudicator::classify(&pos, "b3c5".parse().unwrap()).expect("legal");
    let chase = class.chases().next().expect("a chase");
    assert_eq!(chase.target, xiangqi_board::Square::E6);
    assert!(chase.reasons.contains(ChaseReasons::LAME_HORSE | ChaseReasons::UNPROTECTED));
}

// §20 炮借炮台捉子: a cannon chasing an unprotected horse through screens that move loses.
#[test]
fn item_20_cannon_chasing_through_moved_screens_loses() {
    let v = judge("4k4/9/7n1/9/7C1/7c1/9/2NK2pC1/9/9 w - - 0 1", "h5e5 h4d4 e5h5 d4h4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [20]);
    assert!(side_moves(&v, RED)
        .iter()
        .all(|m| m.chases().all(|t| t.reasons.contains(ChaseReasons::MOVED_SCREEN | ChaseReasons::DISCOVERED))));
}

// §20, exception: the same through-screen attack on a pawn that has not crossed the river is allowed.
#[test]
fn item_20_exception_uncrossed_pawn_may_be_attacked() {
    let v = judge("4k4/9/9/8p/8C/8c/9/2NK2p1C/9/9 w - - 0 1", "i5e5 i4d4 e5i5 d4i4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v)[0], 20);
    assert!(!some(&v, RED, MoveFlags::CHASE));
}

// §21 炮借炮台捉车: a cannon attacking a rook through moved screens loses.
#[test]
fn item_21_cannon_chasing_a_rook_through_moved_screens_loses() {
    let v = judge("9/2R3R2/4k1n2/6c2/9/9/9/9/5K3/6c2 b - - 0 1", "g7e6 c8d8 e6g7 d8c8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&v), [21]);
    assert_eq!(chase_pairs(&v, BLACK), ["cxR", "cxR"]);
}

// §22 车被炮牵制: a rook held on a file by a cannon does not chase by moving along that file: draw.
#[test]
fn item_22_pinned_rook_moving_along_its_line_does_not_chase() {
    let v = judge("4k4/9/4b4/9/9/C3r4/9/9/4C4/3K5 w - - 0 1", "a4a5 e4e5 a5a4 e5e4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert!(items(&v).contains(&22), "{}", v.rule_text());
    assert!(!some(&v, BLACK, MoveFlags::CHASE));
    assert!(side_moves(&v, BLACK)
        .iter()
        .all(|m| m.threats.iter().any(|t| t.reasons.contains(ChaseReasons::ALONG_PIN_LINE))));
    // Without the pinning cannon the same moves chase the unprotected cannon (§13).
    let free = judge("4k4/9/4b4/9/9/C3r4/9/9/9/3K5 w - - 0 1", "a4a5 e4e5 a5a4 e5e4");
    assert_eq!(free.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&free), [13]);
}

// §22, exception: the held rook may not be chased by a horse (or cannon), protected or not.
#[test]
fn item_22_exception_held_rook_may_not_be_chased_by_a_horse() {
    let v = judge("4k4/9/4b4/9/9/4r4/3N5/9/4C4/3K5 w - - 0 1", "d3c5 e4e5 c5d3 e5e4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [22]);
    assert!(side_moves(&v, RED).iter().all(|m| m
        .chases()
        .all(|t| t.reasons.contains(ChaseReasons::PINNED_BY_CANNON | ChaseReasons::STRONGER_TARGET))));
}

// §23 将帅长捉: the king may perpetually attack: draw.
#[test]
fn item_23_king_attacking_perpetually_is_a_draw() {
    let v = judge("1C3C3/4k4/9/9/9/9/9/9/9/3K5 b - - 0 1", "e8f8 f9e9 f8e8 e9f9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [23]);
    assert!(!some(&v, BLACK, MoveFlags::CHASE));
    assert!(side_moves(&v, BLACK).iter().all(|m| m.new_attacks().any(|t| t.reasons.contains(ChaseReasons::BY_KING))));
}

// §24 兵卒长捉: a pawn may perpetually attack: draw.
#[test]
fn item_24_pawn_attacking_perpetually_is_a_draw() {
    let v = judge("1n7/2ck5/2r6/2P6/9/9/9/9/4K4/9 b - - 0 1", "c7d7 c6d6 d7c7 d6c6");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [24]);
    assert!(!some(&v, RED, MoveFlags::CHASE));
}

// §25 将帅每步联合捉子: a king whose every step uncovers another piece's chase of one piece loses.
#[test]
fn item_25_king_joined_on_every_step_loses() {
    let v = judge("9/3k5/9/9/9/9/3n5/3N5/1p2K4/9 w - - 0 1", "e1d1 d3e5 d1e1 e5d3");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [25]);
    assert_eq!(chase_pairs(&v, RED), ["Nxp", "Nxp"]);
}

// §25, pawn: a pawn whose every step uncovers a rook's chase of one cannon loses.
#[test]
fn item_25_pawn_joined_on_every_step_loses() {
    let v = judge("5k3/3c5/5a3/3P5/9/9/9/9/9/3RRK3 w - - 0 1", "d6e6 d8e8 e6d6 e8d8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [25]);
    assert_eq!(chase_pairs(&v, RED), ["Rxc", "Rxc"]);
}

// §26 车捉过河兵: a rook may not perpetually chase a crossed pawn.
#[test]
fn item_26_rook_chasing_a_crossed_pawn_loses() {
    let v = judge("9/rP7/4k3C/9/9/9/9/9/1p3RR2/5K3 w - - 0 1", "f1f2 b1c1 f2f1 c1b1");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [26]);
    assert_eq!(chase_pairs(&v, RED), ["Rxp", "Rxp"]);
}

// §27 一子轮捉两子: one piece chasing two pieces in turn: draw.
#[test]
fn item_27_one_piece_chasing_two_in_turn_is_a_draw() {
    let v = judge("9/9/2c2k3/2N6/9/9/9/2r6/3K5/9 w - - 0 1", "c6b4 c7a7 b4c6 a7c7");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [27]);
    assert_eq!(chase_pairs(&v, RED), ["Nxr", "Nxc"]);
}

// §28 多子轮捉一子: two pieces chasing one piece in turn lose.
#[test]
fn item_28_two_pieces_chasing_one_in_turn_lose() {
    let v = judge("9/9/5k3/9/2P6/9/2n6/9/2c1C4/4K1R2 b - - 0 1", "c3a4 g0h0 a4c3 h0g0");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&v), [28]);
    assert_eq!(chase_pairs(&v, BLACK), ["nxP", "cxP"]);
}

// §29 捉假根子: a piece whose only root cannot recapture (here: the king would face the other king) may not
// be chased.
#[test]
fn item_29_chasing_a_falsely_protected_piece_loses() {
    let v = judge("5k3/4c4/5N3/9/9/9/9/4K4/9/2n6 w - - 0 1", "f7d6 e8e9 d6f7 e9e8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [29]);
    assert!(side_moves(&v, RED).iter().any(|m| m.chases().any(|t| t.reasons.contains(ChaseReasons::FAKE_ROOT))));
}

// §31 捉兼兑: a chase that is also an exchange offer is still a chase.
#[test]
fn item_31_chase_with_exchange_offer_is_still_a_chase() {
    let v = judge("N4r3/5k3/9/9/4P3C/9/2r6/9/n1R6/3K5 b - - 0 1", "c3c9 c1b1 c9c3 b1c1");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(BLACK));
    assert_eq!(items(&v), [31]);
    assert!(some(&v, BLACK, MoveFlags::EXCHANGE) && every(&v, BLACK, MoveFlags::CHASE));
}

// §32 车帅被车炮控制: held by rook and cannon, a side may not chase the holding rook with a cannon.
#[test]
fn item_32_chasing_the_controlling_rook_loses() {
    let v = judge("5k3/9/4c4/9/9/2P1r4/C1P6/4R4/9/4K4 w - - 0 1", "a3a4 e4e3 a4a3 e3e4");
    assert_eq!(v.ruling.if_repeated(), Ruling::Loses(RED));
    assert_eq!(items(&v), [32]);
    assert!(side_moves(&v, RED).iter().all(|m| m.chases().all(|t| t.reasons.contains(ChaseReasons::CONTROLLING_ROOK))));
}

// §33 长要抽吃: perpetual threats to win material by check: draw.
#[test]
fn item_33_perpetual_threat_to_win_by_check_is_a_draw() {
    let v = judge("4k4/3r5/9/9/9/9/9/9/9/5K1N1 w - - 0 1", "h0f1 d8i8 f1h0 i8d8");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [33]);
    assert!(every(&v, BLACK, MoveFlags::THREAT_TO_WIN_BY_CHECK));
}

// §34 长拦: perpetual blocking: draw.
#[test]
fn item_34_perpetual_block_is_a_draw() {
    let v = judge("4k4/9/9/9/c8/9/9/9/9/R2K5 w - - 0 1", "a0b0 a5b5 b0a0 b5a5");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [34]);
    assert!(every(&v, BLACK, MoveFlags::BLOCK));
}

// §35 长兑: perpetual exchange offers: draw.
#[test]
fn item_35_perpetual_exchange_offer_is_a_draw() {
    let v = judge("9/9/5k3/9/r6R1/9/5C3/9/3K5/9 w - - 0 1", "h5c5 a5b5 c5h5 b5a5");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [35]);
    assert!(every(&v, RED, MoveFlags::EXCHANGE) && every(&v, BLACK, MoveFlags::EXCHANGE));
}

// §30 多子捉真根子: a rook and a cannon attacking a truly protected horse in turn do not chase it: draw.
#[test]
fn item_30_several_attackers_against_a_true_root_is_a_draw() {
    let v = judge("3aka3/9/4b4/9/6n2/7R1/4P1P2/6C2/9/3K5 w - - 0 1", "h4g4 e9e8 g4h4 e8e9");
    assert_eq!(v.ruling.if_repeated(), Ruling::Draw);
    assert_eq!(items(&v), [30]);
    assert!(!some(&v, RED, MoveFlags::CHASE));
    assert!(!some(&v, RED, MoveFlags::MATE_THREAT), "no mate stands or is made");
    let attacks: Vec<_> = side_moves(&v, RED)
        .iter()
        .flat_map(|m| {
            m.new_attacks()
                .filter(|t| t.target_piece.role == xiangqi_board::Role::Horse)
                .map(|t| (t.attacker_id, t.reasons))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(attacks.iter().all(|(_, reasons)| reasons.contains(ChaseReasons::PROTECTED)));
    assert!(attacks.iter().any(|(a, _)| *a != attacks[0].0), "two different attackers");
    assert!(attacks.iter().all(|&(_, reasons)| !reasons.contains(ChaseReasons::OUTNUMBERED)), "one at a time");
}
