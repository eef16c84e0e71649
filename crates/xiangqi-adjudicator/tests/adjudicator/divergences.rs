//! The rows where the books disagree (reference/rule-catalogue.md §1.2–§1.4), on this repository's positions:
//! each book's verdict differs from AXF 2008 where the reference says it does, and agrees where it says so; the
//! warning one cycle earlier leads to that verdict.

use crate::common;

use xiangqi_adjudicator::{RuleBook, Ruling};
use xiangqi_board::Color;

const RED: Ruling = Ruling::Loses(Color::Red);
const BLACK: Ruling = Ruling::Loses(Color::Black);
const DRAW: Ruling = Ruling::Draw;

/// Case, then the rulings under AXF 2008, ROC 2007, PRC 1956 and CXA, and the reference row.
const ROWS: &[(&str, [Ruling; 4], &str)] = &[
    (
        "axf-04-perpetual-mate-threat-is-a-draw",
        [DRAW, DRAW, RED, RED],
        "长杀: AXF/ROC draw, 1956 长要杀 and CXA 24.10 loss (ORG-048)",
    ),
    (
        "axf-06-one-check-one-mate-threat-is-a-draw",
        [DRAW, DRAW, RED, RED],
        "一照一叫杀: 1956 图十七 = ROC 細則5 = AXF D11 (ORG-052)",
    ),
    ("axf-07-one-check-one-chase-is-a-draw", [DRAW, DRAW, RED, RED], "一照一捉: 1956 图十八, CXA 一将一捉"),
    (
        "axf-08-one-check-one-threat-to-win-by-check-is-a-draw",
        [DRAW, DRAW, RED, RED],
        "一将一要抽吃: 1956 图十九; CXA 要抽吃 is 捉",
    ),
    ("axf-08-one-check-one-idle-is-a-draw", [DRAW, DRAW, DRAW, DRAW], "一将一闲: allowed everywhere"),
    (
        "axf-09-one-chase-one-threat-to-win-by-check-is-a-draw",
        [DRAW, DRAW, DRAW, BLACK],
        "一捉一要抽吃: CXA both moves are 捉",
    ),
    (
        "axf-27-one-piece-chasing-two-in-turn-is-a-draw",
        [DRAW, DRAW, DRAW, RED],
        "one piece chasing two: CXA 24.11 一子或数子 (ORG-073, X-D77)",
    ),
    ("axf-33-perpetual-threat-to-win-by-check-is-a-draw", [DRAW, DRAW, DRAW, BLACK], "长要抽吃: CXA 24.3 (ORG-175)"),
    ("cxa-fewer-roots-than-attackers", [DRAW, DRAW, DRAW, RED], "several attackers vs a true root: CXA 少根子 24.15"),
    (
        "axf-21-cannon-chasing-a-rook-through-moved-screens-loses",
        [BLACK, BLACK, RED, DRAW],
        "长捉 against 长杀: CXA both forbidden (ORG-083)",
    ),
    ("prc-block-against-mate-threats", [DRAW, DRAW, DRAW, RED], "长杀 against 长拦: 1956 图六 draw, CXA 图7 loss"),
    ("axf-12-rook-attacking-a-protected-cannon-is-a-draw", [DRAW, DRAW, BLACK, DRAW], "捉一不捉二: only 1956"),
    ("axf-25-king-joined-on-every-step-loses", [RED, DRAW, RED, RED], "king joined by one piece: ROC 細則14 draw"),
    (
        "axf-20-exception-uncrossed-pawn-may-be-attacked",
        [DRAW, DRAW, RED, DRAW],
        "an unprotected uncrossed pawn: 1956 长捉无根子 (our literal reading)",
    ),
    ("axf-01-perpetual-check-by-one-rook", [RED, RED, RED, RED], "长将: loss everywhere"),
    ("axf-02-mutual-perpetual-check-is-a-draw", [DRAW, DRAW, DRAW, DRAW], "解将还将: draw everywhere"),
    ("axf-17-rook-and-horse-chasing-each-other-is-a-draw", [DRAW, DRAW, DRAW, DRAW], "车马循环反捉: draw everywhere"),
    ("axf-23-king-attacking-perpetually-is-a-draw", [DRAW, DRAW, DRAW, DRAW], "将帅长捉: draw everywhere"),
    ("axf-24-pawn-attacking-perpetually-is-a-draw", [DRAW, DRAW, DRAW, DRAW], "卒兵长捉: draw everywhere"),
    ("axf-13-rook-chasing-an-unprotected-cannon-loses", [RED, RED, RED, RED], "长捉无根子: loss everywhere"),
    (
        "roc-a9-perpetual-check-against-perpetual-chase",
        [RED, RED, RED, RED],
        "ROC A9: the checker must change, and loses if it repeats (the same kind of ruling as A4 and A10)",
    ),
];

#[test]
fn the_books_disagree_where_the_reference_says_they_do() {
    let mut failures = Vec::new();
    for (id, expected, row) in ROWS {
        let case = common::CASES.iter().find(|c| c.id == *id).expect("catalogue case");
        for (rules, expected) in RuleBook::ALL.iter().zip(expected) {
            let verdict = case.verdict(*rules);
            if verdict.ruling != *expected {
                failures.push(format!("{id} ({row}) under {rules}: expected {expected}, got {verdict}"));
            }
            // One cycle earlier the arbiter warned; only CXA draws at once (CXA 象棋竞赛规则 四.2(三)).
            let warning = case.warning(*rules);
            let at_once = *rules == RuleBook::Cxa && *expected == DRAW;
            if warning.ruling.if_repeated() != *expected || warning.ruling.is_final() != at_once {
                failures.push(format!("{id} ({row}) under {rules}: warning {warning}, final {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
