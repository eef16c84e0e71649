//! Mate threats by continuous checks (CXA 2020 第24条 24.10: 杀 is mate "用一步或连续的将军" — by one check or by
//! continuous checks, with no bound). Each position is a repetition in which Red's quiet move threatens a mate that
//! needs three, four or five consecutive checks and Black parries it; Red then undoes its move, which threatens a
//! mate again (of fewer checks), and Black undoes its parry. Under CXA the perpetual mate threat (长杀) loses
//! (24.10); AXF 2008 棋例 §4 (长杀作和, "抑或仅能走动将帅引避") and ROC 2007 總綱2 (長殺) draw it, reading 杀 as
//! ROC 2007 術語 殺著 does ("企圖下一著叫將或連續叫將"); under PRC 1956
//! 要杀 is a mate with the next move (第八章一2), so Red's moves are no perpetual 要杀 (at most the return is one) and
//! the repetition is drawn.
//! Every case is tried as given, mirrored left to right and with the colours swapped.
//!
//! Known weakness (issue 26, threats by carrier, open): in these positions Red also has a mate by continuous checks
//! before each of its moves — Black's reply makes the quickest mate longer rather than parrying every mate — so the
//! cases rest on today's comparison of threats check by check; they are to be redrawn with a real parry when threats
//! are compared by the piece that carries them.

use xiangqi_adjudicator::{ClassifyOptions, History, MoveFlags, RuleBook, Ruling};
use xiangqi_board::{Color, Move, Position};

use crate::lookahead::{transforms, verdict};

/// Whether each of the mover's moves of the cycle (played twice, the second time judged) threatens mate within
/// `depth` checks.
fn threatens_within(fen: &str, cycle: &[Move], depth: u8) -> [bool; 2] {
    let mut history = History::new(Position::from_fen(fen).unwrap());
    for &mv in cycle.iter().chain(cycle) {
        history.push(mv).unwrap();
    }
    let options = ClassifyOptions { mate_threat_depth: depth, ..ClassifyOptions::default() };
    let classes = history.classify_range(cycle.len(), 2 * cycle.len(), &options);
    [0, 2].map(|i| classes[i].flags.contains(MoveFlags::MATE_THREAT))
}

/// The rulings expected, the attacker (the side to move at the start) losing under CXA.
fn expected(book: RuleBook, attacker: Color) -> (Ruling, &'static str) {
    match book {
        RuleBook::Cxa => (Ruling::Loses(attacker), "第24条 24.10"),
        RuleBook::Axf2008 => (Ruling::Draw, "棋例 §4"),
        RuleBook::Roc2007 => (Ruling::Draw, "總綱2"),
        _ => (Ruling::Draw, PRC_DRAW),
    }
}

/// PRC 1956: no forbidden conduct on either side, a draw (第六章二).
const PRC_DRAW: &str = "第六章二";

/// The fewest checks within which each of the attacker's two moves of the cycle is a mate threat (0: none within
/// eight).
fn fewest_checks(fen: &str, cycle: &[Move]) -> [u8; 2] {
    let mut fewest = [0; 2];
    for depth in (1..=8).rev() {
        for (fewest, threat) in fewest.iter_mut().zip(threatens_within(fen, cycle, depth)) {
            if threat {
                *fewest = depth;
            }
        }
    }
    fewest
}

/// Checks one case: the attacker's two moves threaten mates of exactly `checks` consecutive checks (the quickest),
/// and each book rules as expected.
fn check_case(fen: &str, cycle: &str, checks: [u8; 2]) {
    for (fen, line) in transforms(fen, cycle) {
        let attacker = Position::from_fen(&fen).unwrap().turn();
        assert_eq!(fewest_checks(&fen, &line), checks, "{fen}");
        for book in RuleBook::ALL {
            let verdict = verdict(book, &fen, &line);
            let (ruling, item) = expected(book, attacker);
            // The item without the book's name and year (`CXA 2011 第24条 24.10` → `第24条 24.10`).
            let rule = verdict.rule().map(|r| r.to_string().splitn(3, ' ').nth(2).unwrap_or_default().to_owned());
            let rule = rule.unwrap_or_default();
            assert_eq!((verdict.ruling, rule.as_str()), (ruling, item), "{book} {fen}: {verdict}");
        }
    }
}

/// Three checks, parried by the king's steps alone (棋例 §4: "抑或仅能走动将帅引避"). The red horse g4 goes to e3:
/// 车二平五 (check), the king steps aside, and the horse and rook mate in two more checks. The black king steps from
/// e7 to e8 and the threat is gone; the horse returns (threatening a mate of three checks again), and so does the
/// king.
#[test]
fn a_mate_threat_of_three_checks_parried_by_king_steps() {
    check_case("9/9/4k4/9/9/6N2/1R7/3K5/9/9 w - - 0 1", "g4e3 e7e8 e3g4 e8e7", [3, 3]);
}

/// Three checks, parried by a pawn: the red rook e5 drops to e2, beside the rook a0 (two rooks against the king on
/// d7: three checks mate); the black pawn d3 steps to c3 and back, the rook returns to e5 (a mate in one then).
#[test]
fn a_mate_threat_of_three_checks_parried_by_a_pawn() {
    check_case("9/9/3k5/9/4R4/9/3p5/9/4K4/R8 w - - 0 1", "e5e2 d3c3 e2e5 c3d3", [3, 1]);
}

/// Four checks, parried by king steps: the red rook b3 goes up to b9; the black king steps from e7 to f7, and back
/// (the rook's return threatens a mate of three checks).
#[test]
fn a_mate_threat_of_four_checks_parried_by_king_steps() {
    check_case("9/9/4k4/9/9/6N2/1R7/3K5/9/9 w - - 0 1", "b3b9 e7f7 b9b3 f7e7", [4, 3]);
}

/// Five checks: the red rook b3 steps down to b2; the black king steps from e7 to e8, and back (the rook's return
/// threatens a mate of three checks).
#[test]
fn a_mate_threat_of_five_checks_parried_by_king_steps() {
    check_case("9/9/4k4/9/9/6N2/1R7/3K5/9/9 w - - 0 1", "b3b2 e7e8 b2b3 e8e7", [5, 3]);
}
