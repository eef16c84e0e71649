//! Facing kings (帅将对面): the ruling of each book on a placement the board crate never produces by a legal move
//! (`rules::facing_kings_ruling`).

use xiangqi_adjudicator::rules::{facing_kings, facing_kings_ruling};
use xiangqi_adjudicator::{RuleBook, Ruling};
use xiangqi_board::{Color, Position, Setup};

fn setup(fen: &str) -> Setup {
    fen.parse().expect("valid setup")
}

#[test]
fn the_board_refuses_the_position_the_rulings_take_it() {
    let red_moved = setup("3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(Position::from_setup(red_moved.clone()).is_err(), "the board never makes facing kings reachable");
    assert!(facing_kings(&red_moved.board));
    let rulings = RuleBook::ALL.map(|rules| facing_kings_ruling(rules, &red_moved).expect("a ruling"));
    // AXF 2008: the move is illegal, Red takes it back (a technical foul, no loss).
    assert_eq!(rulings[0].ruling, Ruling::MustChange(Color::Red));
    assert_eq!(rulings[0].rule().unwrap().to_string(), "AXF 2008 第三章第二节一");
    // ROC 2007 A11: Black, to move, captures the king and wins.
    assert_eq!(rulings[1].ruling, Ruling::Loses(Color::Red));
    assert_eq!(rulings[1].rule_text(), "ROC 2007 棋例之判決 A11 (black to move captures the king and wins)");
    // PRC 1956 帅将对面 and CXA 自杀: the side that let the kings face loses.
    assert_eq!(rulings[2].ruling, Ruling::Loses(Color::Red));
    assert_eq!(rulings[2].rule().unwrap().to_string(), "PRC 1956 帅将对面");
    assert_eq!(rulings[3].ruling, Ruling::Loses(Color::Red));
    assert_eq!(rulings[3].rule().unwrap().to_string(), "CXA 2011 自杀");
    assert!(rulings.iter().all(|v| v.evidence.is_none()));
}

#[test]
fn the_side_that_did_not_move_is_never_the_loser() {
    let black_moved = setup("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    for rules in [RuleBook::Roc2007, RuleBook::Prc1956, RuleBook::Cxa] {
        assert_eq!(facing_kings_ruling(rules, &black_moved).unwrap().ruling, Ruling::Loses(Color::Black));
    }
    assert_eq!(facing_kings_ruling(RuleBook::Axf2008, &black_moved).unwrap().ruling, Ruling::MustChange(Color::Black));
}

#[test]
fn no_ruling_when_a_piece_stands_between_or_a_king_is_missing() {
    for fen in ["4k4/9/9/9/4p4/9/9/9/9/4K4 w", "3k5/9/9/9/9/9/9/9/9/4K4 w", "9/9/9/9/9/9/9/9/9/4K4 w"] {
        let s = setup(fen);
        assert!(!facing_kings(&s.board), "{fen}");
        for rules in RuleBook::ALL {
            assert!(facing_kings_ruling(rules, &s).is_none(), "{fen} {rules}");
        }
    }
}
