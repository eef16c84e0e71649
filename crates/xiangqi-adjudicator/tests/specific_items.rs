//! Moves judged by what they change, and the most specific item cited: positions composed for this repository
//! from the rule books' texts, each ruled under the four books.

use xiangqi_adjudicator::{adjudicate_with, Game, Procedure, RuleSet, Verdict};
use xiangqi_board::{Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

/// `lead`, then `cycle` twice from `fen`, decided at the third occurrence.
fn rule(rules: RuleSet, fen: &str, lead: &str, cycle: &str) -> Verdict {
    let game = Game::new(Position::from_fen(fen).expect("valid FEN"), rules).with_procedure(Procedure::Immediate);
    let cycle = moves(cycle);
    let all: Vec<Move> = moves(lead).into_iter().chain(cycle.iter().copied()).chain(cycle.iter().copied()).collect();
    adjudicate_with(game, &all).expect("legal moves")
}

/// The ruling word and the first cited item of each book.
fn rulings(fen: &str, lead: &str, cycle: &str) -> [String; 4] {
    RuleSet::ALL.map(|rules| {
        let verdict = rule(rules, fen, lead, cycle);
        format!("{} {}", verdict.ruling, verdict.rule().map(|r| r.to_string()).unwrap_or_default())
    })
}

/// AXF 2008 棋例 §29 "有根子被捉时，如其根受到牵制失去保护力者（统称假根），则不能长捉之": the black cannon is protected by
/// a horse that cannot leave the e-file (the kings would face each other); a red rook chasing it is ruled by §29,
/// not by §13 (车捉无根炮, a cannon without a root).
#[test]
fn a_fake_root_chase_cites_the_fake_root_item() {
    let ruled = rulings("4k4/2c6/4n4/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b8", "c8c6 b8b6 c6c8 b6b8");
    assert_eq!(
        ruled,
        [
            "red_loses AXF 2008 棋例 §29",
            "red_loses ROC 2007 總綱6",
            "red_loses PRC 1956 长捉无根子",
            "red_loses CXA 2011 第24条 24.11",
        ]
    );
}
