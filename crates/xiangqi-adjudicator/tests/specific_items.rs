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

/// AXF 2008 棋例 §15 "炮马不能分别长捉一车" decides a cannon and a horse chasing one rook in turn, even when one of the
/// horse moves also offers an exchange of horses (the red horse on e5 and the black one on c6 attack each other):
/// the exchange label does not pull the ruling to §31 (捉兼兑), nor ROC 2007's to 總綱8.
#[test]
fn an_exchange_label_does_not_outrank_the_cannon_and_horse_item() {
    let ruled = rulings("3n5/2R6/n3k4/p8/4N4/9/9/2c2K2C/9/9 w - - 0 1", "", "i2i1 a7c6 i1i2 c6a7");
    assert_eq!(
        &ruled[..3],
        ["black_loses AXF 2008 棋例 §15", "black_loses ROC 2007 總綱6", "black_loses PRC 1956 长捉无根子"]
    );
}
