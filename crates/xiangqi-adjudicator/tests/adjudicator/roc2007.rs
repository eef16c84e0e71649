//! ROC 2007 specifics: 棋例之判決 A9 (the perpetual checker must change), 細則14 (a king or pawn joined by one
//! piece draws, by two loses), B3 (both sides breaking a prohibition draw), and the move limit in which perpetual
//! checks and chases count at most three cycles.

use crate::common;

use xiangqi_adjudicator::move_limit::counted_plies;
use xiangqi_adjudicator::{History, RuleBook, Ruling};
use xiangqi_board::{Color, Position};

fn case(id: &str) -> &'static common::Case {
    common::CASES.iter().find(|c| c.id == id).expect("catalogue case")
}

#[test]
fn a9_perpetual_check_against_perpetual_chase_must_change() {
    let case = case("roc-a9-perpetual-check-against-perpetual-chase");
    // The warning at the third occurrence, of the same kind as A4 and A10: the checker must change.
    let roc = case.warning(RuleBook::Roc2007);
    assert_eq!(roc.ruling, Ruling::MustChange(Color::Red));
    assert_eq!(
        roc.rule_text(),
        "ROC 2007 總綱1 + ROC 2007 棋例之判決 A9 (red must change; one more cycle and red loses)"
    );
    // "不變判負": the checker repeats the cycle and loses.
    let repeated = case.verdict(RuleBook::Roc2007);
    assert_eq!(repeated.ruling, Ruling::Loses(Color::Red));
    assert_eq!(
        repeated.rule_text(),
        "ROC 2007 總綱1 + ROC 2007 棋例之判決 A9 (red repeated the cycle after the warning and loses)"
    );
    let sides = &roc.evidence.as_ref().unwrap().sides;
    assert!(sides[0].perpetual_check && sides[1].forbidden && !sides[1].perpetual_check);
    // AXF 2008 第一章七(G)1: perpetual check loses outright, whatever the other side does.
    assert_eq!(case.verdict(RuleBook::Axf2008).ruling, Ruling::Loses(Color::Red));
}

#[test]
fn a9_does_not_apply_against_allowed_moves() {
    // Perpetual check against idle king moves: 總綱1 with A4, a loss.
    let roc = case("axf-01-perpetual-check-by-one-rook").warning(RuleBook::Roc2007);
    assert_eq!(roc.ruling, Ruling::MustChange(Color::Red));
    assert_eq!(
        roc.rule_text(),
        "ROC 2007 總綱1 + ROC 2007 棋例之判決 A4 (red must change; one more cycle and red loses)"
    );
}

#[test]
fn rule_14_one_joined_piece_draws_two_lose() {
    let one = case("axf-25-king-joined-on-every-step-loses").verdict(RuleBook::Roc2007);
    assert_eq!(one.ruling, Ruling::Draw);
    assert_eq!(one.evidence.as_ref().unwrap().sides[0].name, "帥兵聯合一子長捉");
    let two = case("axf-25-pawn-joined-on-every-step-loses").verdict(RuleBook::Roc2007);
    assert_eq!(two.ruling, Ruling::Loses(Color::Red));
    assert_eq!(two.rule().unwrap().to_string(), "ROC 2007 細則14");
}

#[test]
fn b3_both_breaking_a_prohibition_is_a_draw() {
    // AXF §15's exception (the counter-chasing rook excuses nothing) is not in the ROC text: both sides chase.
    let v = case("axf-15-exception-counter-chasing-rook-does-not-excuse").verdict(RuleBook::Roc2007);
    assert_eq!(v.ruling, Ruling::Draw);
    assert!(v.rule_text().contains("ROC 2007 棋例之判決 B3"), "{v}");
}

#[test]
fn perpetual_cycles_count_at_most_three_times_towards_the_move_limit() {
    // 90 plies without a capture, then a 4-ply cycle five times (20 plies, the start position six times).
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 90 50").unwrap();
    let mut history = History::new(start);
    for _ in 0..5 {
        for mv in common::moves("a0a1 e9e8 a1a0 e8e9") {
            history.push(mv).unwrap();
        }
    }
    assert_eq!(history.plies_since_capture(), 110);
    let roc = &RuleBook::Roc2007.table().move_limit;
    let axf = &RuleBook::Axf2008.table().move_limit;
    // Plies 16–20 lie in the fifth and sixth cycles through their positions: they do not count under ROC.
    assert_eq!(counted_plies(&history, roc, Color::Red), 105);
    assert_eq!(counted_plies(&history, axf, Color::Red), 110);
    // Below the limit the count is not reduced (nothing to claim yet).
    let mut short = History::new(Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap());
    for _ in 0..5 {
        for mv in common::moves("a0a1 e9e8 a1a0 e8e9") {
            short.push(mv).unwrap();
        }
    }
    assert_eq!(counted_plies(&short, roc, Color::Red), 20);
}
