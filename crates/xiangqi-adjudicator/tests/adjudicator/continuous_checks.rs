//! Mate threats by continuous checks (CXA 2020 第24条 24.10: 杀 is mate "用一步或连续的将军" — by one check or by
//! continuous checks, with no bound). Each position is a repetition in which Red's quiet move threatens a mate that
//! needs three, four or five consecutive checks and Black parries it: after Black's reply Red has no mate by checks
//! at all, of any length. Red then undoes its move, which threatens a mate again (of as many checks or fewer), and
//! Black undoes its parry, which leaves Red no mate by checks again. Under CXA the perpetual mate threat (长杀) loses
//! (24.10); AXF 2008 棋例 §4 (长杀作和, "抑或仅能走动将帅引避") and ROC 2007 總綱2 (長殺) draw it, reading 杀 as
//! ROC 2007 術語 殺著 does ("企圖下一著叫將或連續叫將"); under PRC 1956 要杀 is a mate with the next move (第八章一2),
//! which none of Red's moves threatens, so the repetition is drawn.
//! Every case is tried as given, mirrored left to right and with the colours swapped.

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

/// Three checks, parried by the king's steps alone (棋例 §4: "抑或仅能走动将帅引避"): the red rook b8 holds the
/// eighth rank and the red king f2 the f-file against the bare black king e7. The horse c4 goes to e3 and threatens
/// Nd5+ Kd7, Nf6+ Ke7, Rb7 mate; the king steps to d7, where Red has no mate by checks. The horse returns to c4 and
/// threatens Ne5+ Ke7, Nc6+ Kd7, Rb7 mate (three checks again); the king steps back to e7, and again Red has none.
#[test]
fn a_mate_threat_of_three_checks_parried_by_king_steps() {
    check_case("9/1R7/4k4/9/9/2N6/9/5K3/9/9 w - - 0 1", "c4e3 e7d7 e3c4 d7e7", [3, 3]);
}

/// Three checks, parried by a pawn: the red rook i8 and horse h4 against the black king f7, the black pawn e4
/// closing the e-file to the red king e1. The king steps to d1 and takes the d-file: Ri7+ Kf8, Ng6+ Ke8, Re7 mate.
/// The pawn steps from e4 to d4 and closes the d-file (Red has no mate by checks); the king returns to e1, on the
/// file the pawn has opened: Ri7+ Kf8, Ng6+ Kf9, Rf7 mate (three checks again); the pawn returns to e4.
#[test]
fn a_mate_threat_of_three_checks_parried_by_a_pawn() {
    check_case("9/8R/5k3/9/9/4p2N1/9/9/4K4/9 w - - 0 1", "e1d1 e4d4 d1e1 d4e4", [3, 3]);
}

/// Four checks, parried by king steps: two red rooks (i4, g3) and the red king d0 against the black king e9 with
/// its advisors e8 and f7. The rook g3 goes to d3 and threatens Ri9+ (the advisor blocks on f9), Rd9+ Ke8, Ri8+
/// Ke7, Rd7 mate; the king steps to f9, where Red has no mate by checks. The rook returns to g3 and threatens Rg9+
/// Kf8, Ri8 mate (two checks); the king steps back to e9, and again Red has none.
#[test]
fn a_mate_threat_of_four_checks_parried_by_king_steps() {
    check_case("4k4/4a4/5a3/9/9/8R/6R2/9/9/3K5 w - - 0 1", "g3d3 e9f9 d3g3 f9e9", [4, 2]);
}

/// Five checks, parried by king steps: the red rook d3, horse h5 and king d1 against the black king e7, its advisors
/// at home on d9 and f9. The horse retreats to g3 and threatens Nf5+ Kf7, Nd6+ Ke7, Nc8+ Ke8, Rd8+ Ke7, and the
/// rook leaves d8 for f8, uncovering the horse's check: mate. The king steps up to e8, where Red has no mate by
/// checks; the horse returns to h5 and threatens Ng7+ Ke7, Rd7 mate (two checks); the king steps back to e7, and
/// again Red has none.
#[test]
fn a_mate_threat_of_five_checks_parried_by_king_steps() {
    check_case("3a1a3/9/4k4/9/7N1/9/3R5/9/3K5/9 w - - 0 1", "h5g3 e7e8 g3h5 e8e7", [5, 2]);
}
