//! With the `serde` feature, verdicts and move classes serialise for tools that log rulings.
#![cfg(feature = "serde")]

use xiangqi_adjudicator::{adjudicate, classify, Game, GameStatus, Procedure, RuleBook, Ruling, RulingReport};
use xiangqi_board::{Move, Position};

#[test]
fn a_verdict_serialises_with_its_rule_and_evidence() {
    let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1").unwrap();
    let moves: Vec<Move> =
        "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5".split(' ').map(|m| m.parse().unwrap()).collect();
    let verdict = adjudicate(start, RuleBook::Axf2008, Procedure::Arbiter, &moves).unwrap().verdict;
    let json = serde_json::to_value(&verdict).unwrap();
    assert_eq!(json["ruling"], "red_must_change");
    assert_eq!(json["rules"][0], "AXF 2008 棋例 §13");
    // The start position is the one that occurs for the third time (after eight plies).
    let first = &json["evidence"]["moves"][0];
    assert_eq!(first["mv"], "b5a5");
    assert_eq!(first["mover"], "red");
    // The chase the ruling rests on, and no 要抽吃: Rd5+ forcing Cd7, then Rxd7, wins a cannon the rook can take
    // already (`lookahead::a_hanging_piece_forced_to_block_is_not_won_by_the_check`). Rd5+ Cd7 Rxd7 is also a mate
    // by continuous checks, but the same rook threatened it on b5 already: the move does not create it.
    assert_eq!(first["flags"], serde_json::json!(["chase"]));
    assert_eq!(first["threats"][0]["reasons"], serde_json::json!(["unprotected"]));
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

/// The red rook chases the unprotected black cannon between a7 and a8; the final ruling at ply 13.
const CHASE: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const CHASE_GAME: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8";

fn chase_moves() -> Vec<Move> {
    CHASE_GAME.split(' ').map(|m| m.parse().unwrap()).collect()
}

#[test]
fn a_game_is_saved_as_its_start_moves_book_and_procedure_and_restored_with_the_same_status() {
    for procedure in Procedure::ALL {
        let mut game = Game::new(Position::from_fen(CHASE).unwrap(), RuleBook::Roc2007).with_procedure(procedure);
        // Immediate: red loses at ply 9; arbiter: the warning at ply 9; forbid: b8b7 at ply 13 refused.
        let played = if procedure == Procedure::Immediate { 9 } else { 12 };
        for &mv in &chase_moves()[..played] {
            game.play(mv).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        let moves: Vec<String> = chase_moves()[..played].iter().map(|m| format!("\"{m}\"")).collect();
        assert_eq!(
            json,
            format!(r#"{{"start":"{CHASE}","moves":[{}],"book":"roc","procedure":"{procedure}"}}"#, moves.join(","))
        );
        let restored: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(restored.status(), game.status(), "{procedure}");
        assert_eq!(restored.verdict(), game.verdict(), "{procedure}");
        assert_eq!(restored.forbidden_moves(), game.forbidden_moves(), "{procedure}");
        assert_eq!(serde_json::to_string(&restored).unwrap(), json);
        assert_eq!(restored.is_over(), procedure == Procedure::Immediate);
        let forbidden = if procedure == Procedure::Immediate { vec![] } else { vec!["b8b7".parse().unwrap()] };
        assert_eq!(restored.forbidden_moves().to_vec(), forbidden, "{procedure}");
    }
}

#[test]
fn a_game_from_a_composed_position_is_restored_too() {
    // A black pawn behind its start rank: a diagram, not a position of a game (Position::from_setup_composed).
    let (start, unusual) =
        Position::from_setup_composed("4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1".parse().unwrap()).unwrap();
    assert!(!unusual.is_empty());
    let mut game = Game::new(start, RuleBook::Axf2008).with_procedure(Procedure::Forbid);
    game.play("d0e0".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        r#"{"start":"4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1","moves":["d0e0"],"book":"axf","procedure":"forbid"}"#
    );
    let restored: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(restored.status(), game.status());
    // A setup that is no position even as a diagram stays an error.
    let error = serde_json::from_str::<Game>(&json.replace("3K5", "9")).unwrap_err().to_string();
    assert!(error.starts_with("illegal position: a side has no king"), "{error}");
}

#[test]
fn a_saved_game_that_cannot_be_played_is_an_error() {
    let error = |json: &str| serde_json::from_str::<Game>(json).unwrap_err().to_string();
    let saved = |moves: &str| format!(r#"{{"start":"{CHASE}","moves":[{moves}],"book":"axf","procedure":"arbiter"}}"#);
    assert!(
        error(&saved(r#""b0b7","b0b1""#)).starts_with("ply 2: illegal move b0b1: "),
        "{}",
        error(&saved(r#""b0b7","b0b1""#))
    );
    let over: Vec<String> = chase_moves().iter().map(|m| format!("\"{m}\"")).collect();
    assert!(error(&saved(&over.join(","))).starts_with("ply 14: the game is over (red_loses AXF 2008 棋例 §13)"));
    assert!(error(r#"{"start":"x","moves":[],"book":"axf","procedure":"arbiter"}"#).starts_with("invalid FEN"));
    assert!(error(&saved("").replace("arbiter", "lenient")).starts_with("invalid procedure `lenient`"));
    assert!(error(&saved("").replace(r#""book""#, r#""rules""#)).starts_with("unknown field `rules`"));
}

#[test]
fn the_status_is_an_object_with_the_fields_a_front_end_shows() {
    let mut game = Game::new(Position::from_fen(CHASE).unwrap(), RuleBook::Axf2008);
    for &mv in &chase_moves()[..9] {
        game.play(mv).unwrap();
    }
    let json = serde_json::to_string(&game.status()).unwrap();
    assert_eq!(
        json,
        concat!(
            r#"{"ply":9,"fen":"3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 9 5","ruling":"red_must_change","#,
            r#""rule":"AXF 2008 棋例 §13","over":false,"in_check":false,"legal_moves":14,"outcome":null,"#,
            r#""move_limit_plies":9,"cycle":{"occurrences":3,"first_ply":1,"plies":8,"cycle_plies":4}}"#
        )
    );
    assert_eq!(serde_json::from_str::<GameStatus>(&json).unwrap(), game.status());
}

#[test]
fn a_ruling_report_is_one_object() {
    // Checkmate, then a move that is not played.
    let mate = Position::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let moves: Vec<Move> = vec!["a0a9".parse().unwrap(), "i8i9".parse().unwrap()];
    let report = adjudicate(mate, RuleBook::Cxa, Procedure::Immediate, &moves).unwrap();
    let json = serde_json::to_string(&report).unwrap();
    assert_eq!(
        json,
        concat!(
            r#"{"book":"cxa","procedure":"immediate","ruling":"black_loses","rules":["CXA 2011 四.1(一)"],"#,
            r#""note":"checkmate: black is mated","evidence":null,"termination":"checkmate","ply":1,"plies":1,"#,
            r#""changes":[{"ply":1,"fen":"R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 1 1","ruling":"black_loses","#,
            r#""rules":["CXA 2011 四.1(一)"],"note":"checkmate: black is mated","offending":[]}],"#,
            r#""unplayed":["i8i9"]}"#
        )
    );
    assert_eq!(serde_json::from_str::<RulingReport>(&json).unwrap(), report);

    // A repetition: a warning, then the final ruling; the evidence is the verdict's.
    let report =
        adjudicate(Position::from_fen(CHASE).unwrap(), RuleBook::Axf2008, Procedure::Arbiter, &chase_moves()).unwrap();
    let mut value = serde_json::to_value(&report).unwrap();
    let evidence = value.as_object_mut().unwrap().remove("evidence").unwrap();
    assert_eq!(evidence, serde_json::to_value(&report.verdict.evidence).unwrap());
    assert_eq!(
        evidence["repetition"],
        serde_json::json!({"occurrences": 3, "first_ply": 1, "plies": 8, "cycle_plies": 4})
    );
    let offending = ["b7b8", "b8b7", "b7b8", "b8b7"];
    let rules = ["AXF 2008 棋例 §13", "AXF 2008 第一章七(G)3"];
    assert_eq!(
        value,
        serde_json::json!({
            "book": "axf", "procedure": "arbiter", "ruling": "red_loses", "rules": rules,
            "note": "red repeated the cycle after the warning and loses", "termination": "perpetual chase",
            "ply": 13, "plies": 13,
            "changes": [
                {"ply": 9, "fen": "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 9 5", "ruling": "red_must_change",
                 "rules": rules, "note": "red must change; one more cycle and red loses", "offending": offending},
                {"ply": 13, "fen": "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 13 7", "ruling": "red_loses",
                 "rules": rules, "note": "red repeated the cycle after the warning and loses", "offending": offending},
            ],
            "unplayed": ["a7a8"],
        })
    );
    let json = serde_json::to_string(&report).unwrap();
    assert_eq!(serde_json::from_str::<RulingReport>(&json).unwrap(), report);
}
