//! The client and the runner against real engines: ElephantEye (UCCI), built from `../shared/engines/elephanteye`
//! and found through `XIANGQI_ELEEYE`, and Fairy-Stockfish (UCI with `UCI_Variant xiangqi`), found through
//! `XIANGQI_FAIRY_STOCKFISH`. `.ci/run` builds and installs both and sets the variables; the tests are ignored
//! otherwise, and run with `cargo test -p xiangqi-engine -- --ignored`.

use core::{ops::ControlFlow, time::Duration};
use std::path::PathBuf;

use xiangqi_adjudicator::{adjudicate, Procedure, RuleBook, Termination as RulesTermination};
use xiangqi_board::{Move, Position};
use xiangqi_engine::runner::{
    run_match, EngineSpec, FinishedGame, MatchConfig, MatchEvent, MatchLimit, Opening, Termination,
};
use xiangqi_engine::{Dialect, Engine, EngineCommand, Go, Limit, ScoreValue};
use xiangqi_notation::pgn;

const LONG: Duration = Duration::from_secs(60);

fn engine_path(variable: &str) -> PathBuf {
    let path = std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("{variable} is not set: this test needs the engine (.ci/run builds and sets it)"));
    assert!(path.exists(), "{variable}={} does not exist", path.display());
    path
}

fn eleeye() -> EngineCommand {
    EngineCommand::new(engine_path("XIANGQI_ELEEYE"))
}

fn fairy() -> EngineCommand {
    EngineCommand::new(engine_path("XIANGQI_FAIRY_STOCKFISH"))
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|mv| mv.parse().unwrap()).collect()
}

#[test]
#[ignore = "needs ElephantEye: set XIANGQI_ELEEYE (.ci/run builds it from ../shared/engines/elephanteye)"]
fn elephanteye_is_found_to_speak_ucci_and_obeys_banmoves() {
    let mut engine = Engine::start(&eleeye()).unwrap();
    assert_eq!(engine.dialect(), Dialect::Ucci);
    assert_eq!(engine.name(), "ElephantEye");
    assert!(engine.uses_milliseconds());
    engine.set_option("usebook", "false").unwrap();
    let start = Position::new();
    engine.set_position(&start, &moves("h2e2"), &[]).unwrap();
    let result = engine.search(&Go::new(Limit::Depth(4)), LONG, |_| {}).unwrap();
    let best = result.best.unwrap().mv;
    assert!(start.play("h2e2".parse().unwrap()).unwrap().is_legal(best));
    assert_eq!(result.info.depth, Some(4));
    assert!(matches!(result.info.score.map(|score| score.value), Some(ScoreValue::Centipawns(_))));
    // The same search with that move banned plays another.
    engine.set_position(&start, &moves("h2e2"), &[best]).unwrap();
    let other = engine.search(&Go::new(Limit::Depth(4)), LONG, |_| {}).unwrap().best.unwrap().mv;
    assert_ne!(other, best);
    // A mated side has no move: ElephantEye answers nobestmove.
    let mated = Position::from_fen("3k5/3R5/9/9/9/9/9/9/9/3RK4 b - - 0 1").unwrap();
    engine.set_position(&mated, &[], &[]).unwrap();
    assert_eq!(engine.search(&Go::new(Limit::Depth(3)), LONG, |_| {}).unwrap().best, None);
    // A clock in milliseconds.
    engine.set_position(&start, &[], &[]).unwrap();
    let timed = engine.search(&Go::new(Limit::MoveTime(Duration::from_millis(200))), LONG, |_| {}).unwrap();
    assert!(timed.best.is_some() && timed.elapsed < Duration::from_secs(2), "{:?}", timed.elapsed);
    assert_eq!(engine.quit(Duration::from_secs(2)).map(|status| status.success()), Some(true));
}

#[test]
#[ignore = "needs Fairy-Stockfish: set XIANGQI_FAIRY_STOCKFISH (apt-get install fairy-stockfish; .ci/run does)"]
fn fairy_stockfish_is_found_to_speak_its_uci_and_analyses_several_lines() {
    let mut engine = Engine::start(&fairy()).unwrap();
    assert_eq!(engine.dialect(), Dialect::FairyUci);
    assert!(engine.name().starts_with("Fairy-Stockfish"), "{}", engine.name());
    let analysis = engine.analyse(&Position::new(), Limit::Depth(6), 3).unwrap();
    assert_eq!(analysis.lines.len(), 3);
    let start = Position::new();
    for line in &analysis.lines {
        assert!(start.is_legal(line.pv[0]) && line.pv_warning.is_none(), "{line:?}");
    }
    let firsts: Vec<Move> = analysis.lines.iter().map(|line| line.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2]);
    // A mate in one (the rook to i9) is found and reported as a mate.
    let mate_in_one = Position::from_fen("4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    engine.set_position(&mate_in_one, &[], &[]).unwrap();
    let result = engine.search(&Go::new(Limit::Depth(3)), LONG, |_| {}).unwrap();
    let mate = result.best.unwrap().mv;
    assert_eq!(mate, "i7i9".parse().unwrap());
    assert!(mate_in_one.play(mate).unwrap().is_checkmate());
    assert_eq!(result.info.score.map(|score| score.value), Some(ScoreValue::Mate(1)));
    // Banned moves become a search restricted to the others.
    engine.set_position(&mate_in_one, &[], &[mate]).unwrap();
    let other = engine.search(&Go::new(Limit::Depth(3)), LONG, |_| {}).unwrap().best.unwrap().mv;
    assert_ne!(other, mate);
    engine.quit(Duration::from_secs(2));
}

fn spec(name: &str, command: EngineCommand) -> EngineSpec {
    EngineSpec { name: name.into(), command, options: Vec::new() }
}

/// Checks a game as an outside check would: it replays, its result agrees with its termination, a ruled ending
/// is ruled the same by the adjudicator.
fn check(game: &FinishedGame, procedure: Procedure) {
    let record = &pgn::read_str(&game.pgn).unwrap()[0];
    assert_eq!(record.result, game.ending.result);
    if game.ending.termination.is_ruled() {
        let moves: Vec<Move> = record.main_moves().collect();
        let verdict = adjudicate(record.start.clone(), RuleBook::Axf2008, procedure, &moves).unwrap().verdict;
        let cited = verdict.rules.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ");
        assert_eq!(Some(cited), game.ending.rule);
    }
}

#[test]
#[ignore = "needs ElephantEye and Fairy-Stockfish: set XIANGQI_ELEEYE and XIANGQI_FAIRY_STOCKFISH (.ci/run does)"]
fn a_match_of_elephanteye_against_fairy_stockfish_under_forbid() {
    let mut config = MatchConfig::new(vec![spec("eleeye", eleeye()), spec("fairy", fairy())], MatchLimit::Depth(3));
    config.games = 4;
    config.concurrency = 2;
    config.procedure = Procedure::Forbid;
    config.openings = vec![Opening::start_position()];
    let mut games = Vec::new();
    let report = run_match(&config, &|| false, |event| {
        if let MatchEvent::GameFinished { game, .. } = event {
            games.push(game.clone());
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(report.stats.finished, 4);
    for game in &games {
        let forbidden_cycle = [
            RulesTermination::PerpetualCheck,
            RulesTermination::PerpetualMateThreat,
            RulesTermination::PerpetualChase,
            RulesTermination::ForbiddenRepetition,
        ]
        .map(Termination::Rules);
        assert!(!forbidden_cycle.contains(&game.ending.termination), "{}", game.pgn);
        assert!(!matches!(game.ending.termination, Termination::Crash | Termination::IllegalMove), "{:?}", game.ending);
        check(game, Procedure::Forbid);
    }
}
