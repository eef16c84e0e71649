//! A game in progress: the status after each move, take-back, the moves the book forbids now under each
//! procedure, the result with its termination, the start position ruled at once, and the game as a record.

use crate::common;

use xiangqi_adjudicator::{Game, GameError, GameStatus, Procedure, RuleBook, Ruling, RulingReport, Termination};
use xiangqi_board::{Color, GameResult, Move, Outcome, Position};

/// The red rook chases the unprotected black cannon between a7 and a8 (the `adjudicate` example's sample).
const CHASE: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
/// The lead-in, the cycle twice (the warning at ply 9), then the cycle once more: the final ruling at ply 13.
const CHASE_GAME: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";

fn moves(text: &str) -> Vec<Move> {
    common::moves(text)
}

fn chase(procedure: Procedure) -> Game {
    Game::new(Position::from_fen(CHASE).unwrap(), RuleBook::Axf2008).with_procedure(procedure)
}

/// Plays `text` and returns the status after each move.
fn statuses(game: &mut Game, text: &str) -> Vec<GameStatus> {
    moves(text).into_iter().map(|mv| game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"))).collect()
}

#[test]
fn the_status_after_each_move() {
    let mut game = chase(Procedure::Arbiter);
    let start = game.status();
    assert_eq!(start.ply, 0);
    assert_eq!(start.ruling, Ruling::Continue);
    assert_eq!((start.rule, start.over, start.in_check, start.outcome, start.cycle), (None, false, false, None, None));
    assert_eq!(start.legal_moves, Position::from_fen(CHASE).unwrap().legal_moves().len());
    let all = statuses(&mut game, CHASE_GAME);
    let words: Vec<String> = all.iter().map(|s| s.ruling.to_string()).collect();
    let expected: Vec<&str> = [["continue"; 8].as_slice(), &["red_must_change"; 4], &["red_loses"]].concat();
    assert_eq!(words, expected);
    assert_eq!(all[8].rule.unwrap().to_string(), "AXF 2008 棋例 §13");
    assert_eq!(all.iter().map(|s| s.ply).collect::<Vec<_>>(), (1..=13).collect::<Vec<_>>());
    assert_eq!(all.iter().map(|s| s.over).collect::<Vec<_>>(), [[false; 12].as_slice(), &[true]].concat());
    // The plies since the last capture count towards the limit (no capture, the FEN's clock 0).
    assert_eq!(all.iter().map(|s| s.move_limit_plies).collect::<Vec<_>>(), (1..=13).collect::<Vec<_>>());
    // The cycle: the position after ply 1 occurs again after plies 5, 9 and 13.
    assert_eq!(all[3].cycle, None);
    let cycle = all[8].cycle.unwrap();
    assert_eq!((cycle.occurrences, cycle.first_ply, cycle.plies, cycle.cycle_plies), (3, 1, 8, 4));
    assert_eq!(all[12].cycle.unwrap().occurrences, 4);
    assert_eq!(all[12].fen.to_string(), "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 13 7");
}

#[test]
fn check_checkmate_and_stalemate_in_the_status() {
    let mut game = Game::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", RuleBook::Cxa).unwrap();
    let mate = game.play("a0a9".parse().unwrap()).unwrap();
    assert!(mate.in_check && mate.over);
    assert_eq!(mate.legal_moves, 0);
    assert_eq!(mate.outcome, Some(Outcome::Checkmate { winner: Color::Red }));
    assert_eq!(game.result(), (GameResult::RedWins, Some(Termination::Checkmate)));

    let mut game = Game::from_fen("3k5/9/2R6/9/9/9/9/9/9/4RK3 w - - 0 1", RuleBook::Roc2007).unwrap();
    let stalemate = game.play("c7c8".parse().unwrap()).unwrap();
    assert!(!stalemate.in_check && stalemate.over);
    assert_eq!(stalemate.outcome, Some(Outcome::Stalemate { winner: Color::Red }));
    assert_eq!(game.result(), (GameResult::RedWins, Some(Termination::Stalemate)));

    let mut game = Game::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", RuleBook::Axf2008).unwrap();
    let check = game.play("a0a9".parse().unwrap()).unwrap();
    assert!(check.in_check && !check.over);
    assert_eq!(check.legal_moves, 1, "the king's only way out is d8");
    assert_eq!(game.result(), (GameResult::Unknown, None));
}

#[test]
fn a_start_at_the_move_limit_is_ruled_at_once() {
    // Half-move clock 118: past the AXF 2008 and ROC 2007 limit of 100 plies, two plies short of the CXA 120.
    let fen = "4k4/9/9/9/r8/9/9/9/R8/3K5 w - - 118 70";
    let axf = Game::from_fen(fen, RuleBook::Axf2008).unwrap();
    assert_eq!(
        axf.verdict().to_string(),
        "draw AXF 2008 第二章第八节 (natural move limit: 118 counted plies without a capture)"
    );
    assert_eq!(axf.result(), (GameResult::Draw, Some(Termination::MoveLimit)));
    assert_eq!(axf.status().move_limit_plies, 118);
    assert_eq!(axf.report().changes[0].ply, 0);
    assert!(Game::from_fen(fen, RuleBook::Roc2007).unwrap().is_over());
    let mut cxa = Game::from_fen(fen, RuleBook::Cxa).unwrap();
    assert_eq!(cxa.status().ruling, Ruling::Continue);
    assert_eq!(cxa.play("a1a2".parse().unwrap()).unwrap().ruling, Ruling::Continue);
    let limit = cxa.play("a5a6".parse().unwrap()).unwrap();
    assert_eq!((limit.ruling, limit.move_limit_plies), (Ruling::Draw, 120));
    assert_eq!(cxa.verdict().rule().unwrap().to_string(), "CXA 2011 六十回合规则");
    let prc = Game::from_fen(fen, RuleBook::Prc1956).unwrap();
    assert_eq!((prc.status().ruling, prc.status().move_limit_plies), (Ruling::Continue, 118));
}

#[test]
fn a_move_after_a_final_ruling_is_refused_and_nothing_changes() {
    let mut game = chase(Procedure::Arbiter);
    statuses(&mut game, CHASE_GAME);
    let before = game.status();
    let verdict = game.verdict().clone();
    for error in [game.play("a8a7".parse().unwrap()).unwrap_err(), game.play_text("炮9进1").unwrap_err()] {
        assert_eq!(error.to_string(), "ply 14: the game is over (red_loses AXF 2008 棋例 §13)");
        assert!(matches!(error, GameError::Over { ply: 14, ruling: Ruling::Loses(Color::Red), .. }));
    }
    assert_eq!(game.status(), before);
    assert_eq!(game.verdict(), &verdict);
    assert_eq!(game.forbidden_moves().len(), 0, "no move at all can be played");
}

#[test]
fn bad_moves_are_refused_with_their_ply_and_nothing_changes() {
    let mut game = Game::new(Position::new(), RuleBook::Axf2008);
    game.play_text("H2-E2").unwrap();
    let before = game.status();
    let illegal = game.play("h2e2".parse().unwrap()).unwrap_err();
    assert_eq!(illegal.to_string(), "ply 2: illegal move h2e2: no piece on h2");
    assert!(matches!(illegal, GameError::Illegal(e) if e.index == 1));
    let text = game.play_text("马9进7").unwrap_err();
    assert!(matches!(text, GameError::Text { ply: 2, .. }), "{text}");
    assert!(text.to_string().starts_with("ply 2, move `马9进7`: "), "{text}");
    assert_eq!(game.play_text("").unwrap_err().to_string(), "ply 2, move ``: the move text is empty");
    assert_eq!(game.status(), before);
    // Every notation reads.
    for text in ["h9g7", "H9-G7", "马8进7", "H8+7"] {
        let mut copy = game.clone();
        assert_eq!(
            copy.play_text(text).unwrap().fen.to_string(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
            "{text}"
        );
    }
}

#[test]
fn undo_to_the_start_and_replay_gives_the_same_statuses() {
    for book in RuleBook::ALL {
        for procedure in Procedure::ALL {
            let mut game = Game::new(Position::from_fen(CHASE).unwrap(), book).with_procedure(procedure);
            let mut played = vec![game.status()];
            let mut verdicts = vec![game.verdict().clone()];
            for mv in moves(CHASE_GAME) {
                if game.play(mv).is_err() {
                    break;
                }
                played.push(game.status());
                verdicts.push(game.verdict().clone());
            }
            assert!(played.len() > 9, "{book} {procedure}");
            // Back to the start, checking each earlier status on the way.
            for ply in (0..played.len() - 1).rev() {
                assert!(game.undo().is_some());
                assert_eq!(game.status(), played[ply], "{book} {procedure}: undo to ply {ply}");
                assert_eq!(game.verdict(), &verdicts[ply], "{book} {procedure}: undo to ply {ply}");
            }
            assert_eq!(game.undo(), None);
            // Redo all, then replay from scratch: the same statuses.
            for (ply, status) in played.iter().enumerate().skip(1) {
                assert!(game.redo().is_some());
                assert_eq!(&game.status(), status, "{book} {procedure}: redo to ply {ply}");
            }
            assert_eq!(game.redo(), None);
            let mut fresh = Game::new(game.history().start().clone(), book).with_procedure(procedure);
            for (ply, &mv) in game.moves().iter().enumerate() {
                assert_eq!(fresh.play(mv).unwrap(), played[ply + 1], "{book} {procedure}: replay ply {}", ply + 1);
            }
        }
    }
}

#[test]
fn a_new_move_drops_the_moves_taken_back() {
    let mut game = chase(Procedure::Arbiter);
    statuses(&mut game, "b0b7 a7a8");
    assert_eq!(game.undo(), Some("a7a8".parse().unwrap()));
    game.play("a7a6".parse().unwrap()).unwrap();
    assert_eq!(game.redo(), None);
    assert_eq!(game.moves(), moves("b0b7 a7a6").as_slice());
}

#[test]
fn the_immediate_procedure_forbids_the_move_that_completes_the_third_occurrence() {
    let mut game = chase(Procedure::Immediate);
    statuses(&mut game, "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8");
    // The position after ply 1 occurs for the third time with red's b8b7 at ply 9: from ply 7, two plies are not
    // enough to get there.
    assert_eq!(game.forbidden_moves().len(), 0);
    statuses(&mut game, "b7b8");
    assert_eq!(game.forbidden_moves().len(), 0, "black's moves cannot lose for black");
    statuses(&mut game, "a8a7");
    assert_eq!(game.forbidden_moves().to_vec(), moves("b8b7"), "the third occurrence, red the offender");
    let lost = game.play("b8b7".parse().unwrap()).unwrap();
    assert_eq!(lost.ruling, Ruling::Loses(Color::Red));
}

#[test]
fn the_arbiter_forbids_the_last_move_of_the_warned_cycle() {
    let mut game = chase(Procedure::Arbiter);
    let mut forbidden = Vec::new();
    for mv in moves(CHASE_GAME) {
        forbidden.push(game.forbidden_moves().to_vec());
        game.play(mv).unwrap();
    }
    // Warned at ply 9, red's b8b7 at ply 13 repeats the cycle once more.
    let expected: Vec<Vec<Move>> = (0..13).map(|i| if i == 12 { moves("b8b7") } else { Vec::new() }).collect();
    assert_eq!(forbidden, expected);
}

#[test]
fn the_forbid_procedure_refuses_exactly_the_forbidden_moves() {
    for book in RuleBook::ALL {
        let mut game = Game::new(Position::from_fen(CHASE).unwrap(), book).with_procedure(Procedure::Forbid);
        let mut refused_somewhere = false;
        for mv in moves(CHASE_GAME) {
            let forbidden = game.forbidden_moves();
            for legal in game.position().legal_moves() {
                let mut copy = game.clone();
                let result = copy.play(legal);
                assert_eq!(
                    matches!(result, Err(GameError::Forbidden { .. })),
                    forbidden.contains(&legal),
                    "{book}: {legal} at ply {}",
                    game.ply() + 1
                );
                if let Err(GameError::Forbidden { side, rule, .. }) = result {
                    assert_eq!(side, game.position().turn());
                    assert_eq!(rule, game.verdict().rule());
                    assert_eq!(copy.status(), game.status(), "nothing changes");
                    refused_somewhere = true;
                }
            }
            if game.play(mv).is_err() {
                break;
            }
        }
        assert!(refused_somewhere, "{book}");
        assert!(!game.is_over(), "{book}: red cannot lose by the repetition");
    }
}

#[test]
fn under_forbid_the_warned_side_must_change() {
    let mut game = chase(Procedure::Forbid);
    let all = moves(CHASE_GAME);
    for &mv in &all[..12] {
        game.play(mv).unwrap();
    }
    let refused = game.play(all[12]).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "ply 13: b8b7 is forbidden: red would repeat the cycle it was warned of (AXF 2008 棋例 §13)"
    );
    assert_eq!(game.ply(), 12);
    assert_eq!(game.status().ruling, Ruling::MustChange(Color::Red));
    // Any other move is played, and the warning lapses.
    assert_eq!(game.play("b8b6".parse().unwrap()).unwrap().ruling, Ruling::Continue);
}

#[test]
fn the_termination_of_each_kind_of_ruling() {
    let case = |id: &str| common::CASES.iter().find(|c| c.id == id).expect("catalogue case");
    for (id, book, termination) in [
        ("axf-01-perpetual-check-by-one-rook", RuleBook::Axf2008, Termination::PerpetualCheck),
        ("axf-13-rook-chasing-an-unprotected-cannon-loses", RuleBook::Roc2007, Termination::PerpetualChase),
        ("axf-04-perpetual-mate-threat-is-a-draw", RuleBook::Prc1956, Termination::PerpetualMateThreat),
        ("axf-06-one-check-one-mate-threat-is-a-draw", RuleBook::Prc1956, Termination::ForbiddenRepetition),
        ("axf-07-one-check-one-chase-is-a-draw", RuleBook::Axf2008, Termination::RepetitionDraw),
        ("prc-follow-a-protected-cannon", RuleBook::Cxa, Termination::RepetitionDraw),
    ] {
        let verdict = case(id).verdict(book);
        assert!(verdict.ruling.is_final(), "{id}");
        assert_eq!(verdict.termination, Some(termination), "{id} under {book}: {verdict}");
        assert_eq!(case(id).warning(book).termination, Some(termination), "{id}: the warning names it too");
    }
}

#[test]
fn with_procedure_on_a_game_begun_plays_its_moves_again() {
    let mut game = chase(Procedure::Arbiter);
    statuses(&mut game, "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7");
    assert_eq!(game.status().ruling, Ruling::Continue);
    let immediate = game.clone().with_procedure(Procedure::Immediate);
    assert_eq!(immediate.ply(), 8);
    let mut immediate = immediate;
    assert_eq!(immediate.play("b8b7".parse().unwrap()).unwrap().ruling, Ruling::Loses(Color::Red));
}

#[cfg(feature = "std")]
#[test]
fn the_record_so_far() {
    let mut game = chase(Procedure::Arbiter);
    statuses(&mut game, "b0b7 a7a8");
    let mut tags = xiangqi_notation::Tags::new();
    tags.insert("Event", "Test");
    let record = game.record(tags.clone());
    assert_eq!(record.result, GameResult::Unknown);
    assert_eq!(record.main_moves().collect::<Vec<_>>(), moves("b0b7 a7a8"));
    assert_eq!(record.tags.iter().collect::<Vec<_>>(), [("Event", "Test")]);
    assert_eq!(record.start.to_string(), CHASE);
    assert!(record.main.nodes.iter().all(|node| node.comment.is_none()));

    statuses(&mut game, &CHASE_GAME["b0b7 a7a8 ".len()..]);
    let record = game.record(tags);
    assert_eq!(record.result, GameResult::BlackWins);
    assert_eq!(record.tags.get("Termination"), Some("perpetual chase"));
    assert_eq!(record.main.nodes.len(), 13);
    assert_eq!(
        record.main.nodes[12].comment.as_deref(),
        Some(
            "red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red repeated the cycle after the warning and loses)"
        )
    );
    let pgn = xiangqi_notation::pgn::write(&record, &Default::default()).unwrap();
    assert!(pgn.contains("[Termination \"perpetual chase\"]"), "{pgn}");
    assert!(pgn.contains("0-1"), "{pgn}");
}

#[test]
fn the_report_of_a_game_whose_warning_lapsed() {
    // Warned at ply 9, red changes at ply 12: the ruling in force is `continue`, the warning a change point.
    let mut game = chase(Procedure::Arbiter);
    statuses(&mut game, "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b6");
    let report = game.report();
    assert_eq!(report.verdict.ruling, Ruling::Continue);
    assert_eq!((report.ply, report.plies), (None, 13));
    assert_eq!(report.changes.len(), 1);
    assert_eq!(
        report.changes[0].to_string(),
        "ply 9: red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)"
    );
    assert_eq!(report.changes[0].fen.to_string(), "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 9 5");
    assert_eq!(report.changes[0].offending, moves("b7b8 b8b7 b7b8 b8b7"));
    assert!(report.unplayed.is_empty());
    assert_eq!(game.verdict_at(9).unwrap().ruling, Ruling::MustChange(Color::Red));
    assert_eq!(game.verdict_at(13).unwrap().ruling, Ruling::Continue);
    assert_eq!(game.verdict_at(14), None);
}

#[test]
fn the_report_on_facing_kings_is_ruled_at_ply_0() {
    let setup: xiangqi_board::Setup = "4k4/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    let report = RulingReport::facing_kings(&setup, RuleBook::Roc2007, Procedure::Arbiter).unwrap();
    assert_eq!(
        report.verdict.to_string(),
        "red_loses ROC 2007 棋例之判決 A11 (black to move captures the king and wins)"
    );
    assert_eq!(report.verdict.termination, Some(Termination::FacingKings));
    assert_eq!((report.ply, report.plies, report.changes.len()), (Some(0), 0, 1));
    assert_eq!(report.changes[0].fen, setup);
    let axf = RulingReport::facing_kings(&setup, RuleBook::Axf2008, Procedure::Arbiter).unwrap();
    assert_eq!(axf.verdict.ruling, Ruling::MustChange(Color::Red));
    let screened: xiangqi_board::Setup = "4k4/9/9/9/4p4/9/9/9/9/4K4 b".parse().unwrap();
    assert_eq!(RulingReport::facing_kings(&screened, RuleBook::Axf2008, Procedure::Arbiter), None);
}

/// A game replayed from its start with the same moves, book and procedure.
fn replayed(game: &Game, procedure: Procedure) -> Game {
    let mut fresh = Game::new(game.history().start().clone(), game.book()).with_procedure(procedure);
    for &mv in game.moves() {
        fresh.play(mv).unwrap();
    }
    fresh
}

#[test]
fn a_game_that_keeps_its_classified_moves_rules_as_one_replayed_from_scratch() {
    // Moves back and forth in the chase position, with take-backs and other moves in between: every window
    // judged reuses the moves a window before it classified, unless they were taken back.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut judged = 0;
    for procedure in [Procedure::Arbiter, Procedure::Immediate] {
        for _ in 0..40 {
            let mut game = chase(procedure);
            for _ in 0..40 {
                if game.is_over() {
                    break;
                }
                if next() % 4 == 0 && game.ply() > 0 {
                    game.undo();
                } else {
                    let pos = game.position().clone();
                    let legal = pos.legal_moves();
                    // Often the move that takes the one two plies before back, so that positions repeat.
                    let back = game.ply().checked_sub(2).map(|i| game.moves()[i]).map(|m| Move::new(m.to, m.from));
                    let mv = back
                        .filter(|&m| next() % 4 > 0 && pos.is_legal(m))
                        .unwrap_or_else(|| legal[(next() % legal.len() as u64) as usize]);
                    game.play(mv).unwrap();
                }
                let fresh = replayed(&game, procedure);
                assert_eq!(game.status(), fresh.status(), "{procedure} {:?}", game.moves());
                assert_eq!(game.verdict(), fresh.verdict(), "{procedure} {:?}", game.moves());
                assert_eq!(game.forbidden_moves(), fresh.forbidden_moves(), "{procedure} {:?}", game.moves());
                judged += usize::from(game.verdict().evidence.is_some());
            }
        }
    }
    assert!(judged > 100, "{judged}");
}
