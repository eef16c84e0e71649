//! Rulings in time, under each book: the warning at the third occurrence, the final ruling when the same cycle is
//! played once more (the fourth occurrence), play going on when a side changes after the warning, the immediate
//! procedure, and the end of the game on the board (checkmate, stalemate) and by the move limit.

use xiangqi_adjudicator::{Game, GameError, Procedure, RuleBook, Ruling, Verdict};
use xiangqi_board::{Color, Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

/// The red rook chases the unprotected black cannon between a7 and a8 (the `adjudicate` example's sample).
const CHASE: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const CHASE_LEAD: &str = "b0b7";
const CHASE_CYCLE: &str = "a7a8 b7b8 a8a7 b8b7";

/// Both sides shuffle a horse out and back from the start position: allowed moves on both sides.
const SHUFFLE_CYCLE: &str = "h0g2 h9g7 g2h0 g7h9";

/// Plays `text` until the game is over and returns the verdict after each move played.
fn play(game: &mut Game, text: &str) -> Vec<Verdict> {
    let mut verdicts = Vec::new();
    for mv in moves(text) {
        if game.is_over() {
            break;
        }
        game.play(mv).expect("legal move");
        verdicts.push(game.verdict().clone());
    }
    verdicts
}

fn chase(rules: RuleBook, procedure: Procedure) -> Game {
    let mut game = Game::new(Position::from_fen(CHASE).unwrap(), rules).with_procedure(procedure);
    play(&mut game, CHASE_LEAD);
    game
}

fn shuffle(rules: RuleBook, procedure: Procedure) -> Game {
    Game::new(Position::new(), rules).with_procedure(procedure)
}

/// The offender's item and the procedure clause, as each book cites them for the chase.
fn chase_rules(rules: RuleBook) -> &'static str {
    match rules {
        RuleBook::Axf2008 => "AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3",
        RuleBook::Roc2007 => "ROC 2007 總綱3 + ROC 2007 棋例之判決 A10",
        RuleBook::Prc1956 => "PRC 1956 长捉无根子 + PRC 1956 第八章一",
        _ => "CXA 2011 第24条 24.11 + CXA 2011 第26条",
    }
}

#[test]
fn a_forbidden_chase_is_warned_at_the_third_occurrence_and_loses_at_the_fourth() {
    for rules in RuleBook::ALL {
        let mut game = chase(rules, Procedure::Arbiter);
        let first = play(&mut game, CHASE_CYCLE);
        assert!(first.iter().all(|v| v.ruling == Ruling::Continue), "{rules}: no ruling in the first cycle");
        let second = play(&mut game, CHASE_CYCLE);
        let warning = second.last().unwrap();
        assert_eq!(
            warning.to_string(),
            format!("red_must_change {} (red must change; one more cycle and red loses)", chase_rules(rules)),
            "{rules}"
        );
        assert!(!warning.ruling.is_final() && !game.is_over());
        // The cycle goes on: the warning stands on every move until the position occurs for the fourth time.
        let third = play(&mut game, CHASE_CYCLE);
        for verdict in &third[..3] {
            assert_eq!(verdict.ruling, Ruling::MustChange(Color::Red), "{rules}");
        }
        assert_eq!(
            third[3].to_string(),
            format!("red_loses {} (red repeated the cycle after the warning and loses)", chase_rules(rules)),
            "{rules}"
        );
        assert!(game.is_over());
        // The evidence is the warning's: the two cycles before it.
        assert_eq!(third[3].evidence, warning.evidence);
        // The game is over: a further move is refused, and nothing changes.
        let status = game.status();
        let refused = game.play("a7a8".parse().unwrap()).unwrap_err();
        let rule = third[3].rule();
        assert_eq!(refused, GameError::Over { ply: 14, ruling: Ruling::Loses(Color::Red), rule }, "{rules}");
        assert_eq!(game.status(), status);
        assert_eq!(game.history().len(), 1 + 12);
    }
}

#[test]
fn a_side_that_changes_after_the_warning_plays_on() {
    for rules in RuleBook::ALL {
        let mut game = chase(rules, Procedure::Arbiter);
        play(&mut game, CHASE_CYCLE);
        play(&mut game, CHASE_CYCLE);
        assert_eq!(game.verdict().ruling, Ruling::MustChange(Color::Red));
        // Black's cannon flees as before, the red rook stays on the b-file but goes elsewhere.
        let changed = play(&mut game, "a7a8 b7b6");
        assert_eq!(changed[0].ruling, Ruling::MustChange(Color::Red), "{rules}: the cycle still goes on");
        assert_eq!(changed[1].ruling, Ruling::Continue, "{rules}: red changed");
        assert!(!game.is_over());
        // Back to the warned position: a new repetition, judged on its own window (the last two cycles), where
        // b7b6 chased nothing — not the final ruling of the warning: a draw announced (CXA: drawn at once).
        let back = play(&mut game, "a8a7 b6b7");
        let cxa = rules == RuleBook::Cxa;
        assert_eq!(back[1].ruling, if cxa { Ruling::Draw } else { Ruling::DrawNextCycle }, "{rules}");
        assert_eq!(game.is_over(), cxa);
    }
}

#[test]
fn the_immediate_procedure_decides_at_the_third_occurrence() {
    for rules in RuleBook::ALL {
        let mut game = chase(rules, Procedure::Immediate);
        assert_eq!(game.procedure(), Procedure::Immediate);
        play(&mut game, CHASE_CYCLE);
        let second = play(&mut game, CHASE_CYCLE);
        assert!(second[..3].iter().all(|v| v.ruling == Ruling::Continue));
        assert_eq!(
            second[3].to_string(),
            format!("red_loses {} (immediate procedure: red loses at the third occurrence)", chase_rules(rules)),
            "{rules}"
        );
        assert!(game.is_over());
    }
}

#[test]
fn allowed_moves_are_drawn_one_cycle_after_the_announcement_except_under_cxa() {
    let clause = [
        (RuleBook::Axf2008, "AXF 2008 第一章七(G)2"),
        (RuleBook::Roc2007, "ROC 2007 棋例之判決 B2"),
        (RuleBook::Prc1956, "PRC 1956 第六章二"),
    ];
    for (rules, cited) in clause {
        let mut game = shuffle(rules, Procedure::Arbiter);
        play(&mut game, SHUFFLE_CYCLE);
        let second = play(&mut game, SHUFFLE_CYCLE);
        assert_eq!(second[3].to_string(), format!("draw_next_cycle {cited} (one more cycle and the game is drawn)"));
        let third = play(&mut game, SHUFFLE_CYCLE);
        assert!(third[..3].iter().all(|v| v.ruling == Ruling::DrawNextCycle), "{rules}");
        assert_eq!(
            third[3].to_string(),
            format!("draw {cited} (the cycle was repeated after the warning: the game is drawn)")
        );
        assert!(game.is_over());

        let mut immediate = shuffle(rules, Procedure::Immediate);
        play(&mut immediate, SHUFFLE_CYCLE);
        let verdict = play(&mut immediate, SHUFFLE_CYCLE).pop().unwrap();
        assert_eq!(verdict.to_string(), format!("draw {cited} (immediate procedure: drawn at the third occurrence)"));
    }
    // CXA (CXA 象棋竞赛规则 四.2(三)): a repetition that is not forbidden may be drawn at its third occurrence.
    for procedure in [Procedure::Arbiter, Procedure::Immediate] {
        let mut game = shuffle(RuleBook::Cxa, procedure);
        play(&mut game, SHUFFLE_CYCLE);
        let verdict = play(&mut game, SHUFFLE_CYCLE).pop().unwrap();
        assert_eq!(
            verdict.to_string(),
            "draw CXA 2011 第26条 + CXA 2011 四.2(三) (the repetition is drawn at its third occurrence)"
        );
        assert!(game.is_over());
    }
}

#[test]
fn a_long_shuffle_ends_in_a_final_draw_and_no_move_follows() {
    let mut game = shuffle(RuleBook::Axf2008, Procedure::Arbiter);
    let verdicts: Vec<Verdict> = (0..3).flat_map(|_| play(&mut game, SHUFFLE_CYCLE)).collect();
    assert_eq!(verdicts[7].ruling, Ruling::DrawNextCycle);
    assert!(verdicts[8..11].iter().all(|v| v.ruling == Ruling::DrawNextCycle));
    assert_eq!(verdicts[11].ruling, Ruling::Draw);
    let refused = game.play("h0g2".parse().unwrap()).unwrap_err();
    assert_eq!(refused.to_string(), "ply 13: the game is over (draw AXF 2008 第一章七(G)2)");
    assert_eq!(game.history().len(), 12);
}

#[test]
fn perpetual_check_is_warned_then_loses() {
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
    let cycle = "a9a8 e8e9 a8a9 e9e8";
    let expected = [
        (RuleBook::Axf2008, "AXF 2008 棋例 §1 + AXF 2008 第一章七(G)1"),
        (RuleBook::Roc2007, "ROC 2007 總綱1 + ROC 2007 棋例之判決 A4"),
        (RuleBook::Prc1956, "PRC 1956 长将 + PRC 1956 第八章一"),
        (RuleBook::Cxa, "CXA 2011 第24条 24.9 + CXA 2011 第26条"),
    ];
    for (rules, cited) in expected {
        let mut game = Game::new(start.clone(), rules);
        play(&mut game, "a0a9 e9e8");
        play(&mut game, cycle);
        let warning = play(&mut game, cycle).pop().unwrap();
        assert_eq!(
            warning.to_string(),
            format!("red_must_change {cited} (red must change; one more cycle and red loses)")
        );
        // The position after a black move occurs for the fourth time first: the ruling comes with black's move.
        let last = play(&mut game, cycle);
        assert_eq!(last.len(), 3);
        assert_eq!(
            last[2].to_string(),
            format!("red_loses {cited} (red repeated the cycle after the warning and loses)")
        );
    }
}

#[test]
fn checkmate_and_stalemate_are_final_and_cite_the_book() {
    // After a0a9 Black is mated; after c7c8 Black has no legal move and is not in check (困毙).
    let mate = Position::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let stalemate = Position::from_fen("3k5/9/2R6/9/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
    let expected = [
        (
            RuleBook::Axf2008,
            "AXF 2008 第三章第二节九",
            "AXF 2008 第三章第二节九 (stalemate, 困毙: black has no legal move; the book names no rule for 困毙; as in the other books, the side that cannot move loses)",
        ),
        (RuleBook::Roc2007, "ROC 2007 棋例之判決 A1", "ROC 2007 棋例之判決 A2 (stalemate, 困毙: black has no legal move)"),
        (RuleBook::Prc1956, "PRC 1956 第五章", "PRC 1956 第五章 (stalemate, 困毙: black has no legal move)"),
        (RuleBook::Cxa, "CXA 2011 四.1(一)", "CXA 2011 四.1(三) (stalemate, 困毙: black has no legal move)"),
    ];
    for (rules, mate_rule, stalemate_text) in expected {
        for procedure in [Procedure::Arbiter, Procedure::Immediate] {
            let mut game = Game::new(mate.clone(), rules).with_procedure(procedure);
            game.play("a0a9".parse().unwrap()).unwrap();
            let verdict = game.verdict();
            assert_eq!(verdict.to_string(), format!("black_loses {mate_rule} (checkmate: black is mated)"));
            assert!(verdict.ruling.is_final() && game.is_over());

            let mut game = Game::new(stalemate.clone(), rules).with_procedure(procedure);
            game.play("c7c8".parse().unwrap()).unwrap();
            let verdict = game.verdict();
            assert_eq!(verdict.to_string(), format!("black_loses {stalemate_text}"));
            assert!(game.is_over());
        }
    }
    // A game set up in a mated position is over before a move is played.
    let mated = mate.play("a0a9".parse().unwrap()).unwrap();
    assert_eq!(Game::new(mated, RuleBook::Cxa).verdict().ruling, Ruling::Loses(Color::Black));
}

#[test]
fn the_move_limit_is_a_final_draw() {
    // 99 plies without a capture: the next quiet move reaches the AXF and ROC limit of 100; CXA needs 120.
    let start = Position::from_fen("4k4/9/9/9/r8/9/9/9/R8/3K5 w - 99 50").unwrap();
    for (rules, expected) in [
        (RuleBook::Axf2008, "draw AXF 2008 第二章第八节 (natural move limit: 100 counted plies without a capture)"),
        (
            RuleBook::Roc2007,
            "draw ROC 2007 第二章第四節 限著 (natural move limit: 100 counted plies without a capture)",
        ),
    ] {
        let mut game = Game::new(start.clone(), rules);
        game.play("a1a2".parse().unwrap()).unwrap();
        let verdict = game.verdict();
        assert_eq!(verdict.to_string(), expected);
        assert!(verdict.ruling.is_final() && game.is_over());
    }
    for rules in [RuleBook::Prc1956, RuleBook::Cxa] {
        let mut game = Game::new(start.clone(), rules);
        assert_eq!(game.play("a1a2".parse().unwrap()).unwrap().ruling, Ruling::Continue, "{rules}");
    }
}
