//! With the `serde` feature, verdicts and move classes serialise for tools that log rulings.
#![cfg(feature = "serde")]

use xiangqi_adjudicator::{adjudicate, classify, Procedure, RuleBook, Ruling};
use xiangqi_board::{Move, Position};

#[test]
fn a_verdict_serialises_with_its_rule_and_evidence() {
    let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1").unwrap();
    let moves: Vec<Move> =
        "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5".split(' ').map(|m| m.parse().unwrap()).collect();
    let verdict = adjudicate(start, RuleBook::Axf2008, &moves).unwrap();
    let json = serde_json::to_value(&verdict).unwrap();
    assert_eq!(json["ruling"], "red_must_change");
    assert_eq!(json["rules"][0], "AXF 2008 棋例 §13");
    // The start position is the one that occurs for the third time (after eight plies).
    let first = &json["evidence"]["moves"][0];
    assert_eq!(first["mv"], "b5a5");
    assert_eq!(first["mover"], "red");
    assert_eq!(first["flags"], "CHASE");
    assert_eq!(first["threats"][0]["reasons"], "UNPROTECTED");
    assert_eq!(first["threats"][0]["target"], "a7");
}

#[test]
fn rulings_and_procedures_serialise_as_their_words() {
    for text in
        ["continue", "red_must_change", "black_must_change", "draw_next_cycle", "red_loses", "black_loses", "draw"]
    {
        let ruling: Ruling = text.parse().unwrap();
        assert_eq!(ruling.to_string(), text);
        assert_eq!(serde_json::to_value(ruling).unwrap(), text);
        assert_eq!(serde_json::from_value::<Ruling>(serde_json::json!(text)).unwrap(), ruling);
    }
    for (procedure, text) in [(Procedure::Arbiter, "arbiter"), (Procedure::Immediate, "immediate")] {
        assert_eq!(serde_json::to_value(procedure).unwrap(), text);
        assert_eq!(serde_json::from_value::<Procedure>(serde_json::json!(text)).unwrap(), procedure);
    }
    let error = serde_json::from_value::<Ruling>(serde_json::json!("red_wins")).unwrap_err();
    assert!(error.to_string().starts_with("invalid ruling `red_wins`"), "{error}");
    assert!(serde_json::from_value::<Procedure>(serde_json::json!("lenient")).is_err());
}

#[test]
fn a_move_class_serialises() {
    let pos = Position::from_fen("1c1k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1").unwrap();
    let class = classify(&pos, "b0b6".parse().unwrap()).unwrap();
    let json = serde_json::to_value(&class).unwrap();
    assert_eq!(json["mover"], "red");
    assert_eq!(json["piece"], "R");
}
