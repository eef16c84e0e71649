//! The match runner against the scripted engine: every ending, every failure, the schedule, the openings, the
//! statistics, and a stop in the middle.

use core::{
    ops::ControlFlow,
    sync::atomic::{AtomicBool, Ordering},
    time::Duration,
};
use std::path::{Path, PathBuf};

use xiangqi_adjudicator::{adjudicate, Procedure, RuleBook, Termination as RulesTermination};
use xiangqi_board::{GameResult, Position};
use xiangqi_engine::runner::{
    read_openings, run_match, EngineSpec, FinishedGame, MatchConfig, MatchEvent, MatchLimit, MatchReport, ResignRule,
    Sprt, SprtStatus, StopReason, Termination,
};
use xiangqi_engine::EngineCommand;
use xiangqi_notation::pgn;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-engine-runner-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An engine called `name` following `script` (written to `dir`), its commands logged to `dir/NAME.log`.
fn engine(dir: &Path, name: &str, script: &str) -> EngineSpec {
    let path = dir.join(format!("{name}.script"));
    std::fs::write(&path, format!("log {}\nname {name}\n{script}", dir.join(format!("{name}.log")).display())).unwrap();
    let command = EngineCommand::new(env!("CARGO_BIN_EXE_xiangqi-scripted-engine")).arg(&path);
    EngineSpec { name: name.into(), command, options: Vec::new() }
}

fn log(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap_or_default()
}

/// Runs `config` to its end, collecting the finished games.
fn run(config: &MatchConfig) -> (MatchReport, Vec<FinishedGame>) {
    let mut games = Vec::new();
    let report = run_match(config, &|| false, |event| {
        if let MatchEvent::GameFinished { game, .. } = event {
            games.push(game.clone());
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    (report, games)
}

/// Checks what an outside check would: the PGN replays, its result agrees with the game's, and a ruled ending is
/// ruled the same by the adjudicator on the same moves.
fn check_game(game: &FinishedGame, book: RuleBook, procedure: Procedure) {
    let read = pgn::read_str(&game.pgn).unwrap_or_else(|err| panic!("{err}\n{}", game.pgn));
    assert_eq!(read.len(), 1);
    let record = &read[0];
    assert_eq!(record.result, game.ending.result, "{}", game.pgn);
    assert_eq!(record.tags.get("Termination"), Some(game.ending.termination.as_str()));
    assert_eq!(record.main_moves().collect::<Vec<_>>(), game.record.main_moves().collect::<Vec<_>>());
    if game.ending.termination.is_ruled() {
        let moves: Vec<_> = record.main_moves().collect();
        let verdict = adjudicate(record.start.clone(), book, procedure, &moves).unwrap().verdict;
        let cited = verdict.rules.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ");
        assert_eq!(Some(cited), game.ending.rule, "{}", game.pgn);
        assert!(verdict.ruling.is_final());
    }
}

#[test]
fn a_match_of_own_moves_plays_out_and_every_game_checks() {
    let dir = scratch("plain");
    let mut config = MatchConfig::new(
        vec![engine(&dir, "Alpha", "greets ucci\n"), engine(&dir, "Beta", "greets fairy\n")],
        MatchLimit::Depth(1),
    );
    config.games = 4;
    config.concurrency = 2;
    config.procedure = Procedure::Immediate;
    config.move_comments = true;
    let (report, games) = run(&config);
    assert_eq!(report.stopped, StopReason::Completed);
    assert_eq!((report.stats.finished, report.stats.scheduled, games.len()), (4, 4, 4));
    let tally = report.stats.pairs[0].tally;
    assert_eq!(tally.games(), 4);
    let mut numbers: Vec<u32> = games.iter().map(|game| game.number).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4]);
    for game in &games {
        check_game(game, RuleBook::Axf2008, Procedure::Immediate);
        assert!(game.ending.termination.is_ruled(), "{:?}", game.ending);
        let red = if game.number % 2 == 1 { "Alpha" } else { "Beta" };
        assert_eq!(game.record.tags.get("Red"), Some(red));
        assert_eq!(game.record.tags.get("Limit"), Some("depth 1"));
        assert_eq!(game.record.tags.get("RuleBook"), Some("axf"));
        assert!(game.pgn.contains("[Format \"ICCS\"]"));
        assert!(
            game.record.main.nodes[0].comment.as_deref().unwrap().ends_with("s"),
            "a move comment: score/depth time"
        );
    }
    assert!(report.moves > 0 && report.runner_per_move.is_some());
    assert!(log(&dir, "Beta").contains("setoption name UCI_Variant value xiangqi"));
}

#[test]
fn an_engine_that_crashes_loses_and_the_match_goes_on() {
    let dir = scratch("crash");
    let mut config = MatchConfig::new(
        vec![engine(&dir, "Crasher", "go\ngo\ngo crash\n"), engine(&dir, "Steady", "")],
        MatchLimit::Depth(1),
    );
    config.games = 2;
    let (report, games) = run(&config);
    assert_eq!(report.stats.finished, 2);
    // A new Crasher starts for game 2, with its script from the start: it crashes again on its third move.
    for game in &games {
        assert_eq!(game.ending.termination, Termination::Crash);
        let crasher_red = game.record.tags.get("Red") == Some("Crasher");
        let expected = if crasher_red { GameResult::BlackWins } else { GameResult::RedWins };
        assert_eq!(game.ending.result, expected);
        assert!(
            game.ending.reason.contains("exited (exit status: 3) while bestmove was awaited"),
            "{}",
            game.ending.reason
        );
        assert_eq!(game.record.main.nodes.len(), if crasher_red { 4 } else { 5 });
        check_game(game, RuleBook::Axf2008, Procedure::Arbiter);
    }
    assert_eq!(report.stats.pairs[0].tally, xiangqi_engine::runner::Tally { wins: 0, draws: 0, losses: 2 });
}

#[test]
fn illegal_and_missing_moves_resignations_and_hangs() {
    let cases = [
        ("go illegal\n", Termination::IllegalMove, "sent an illegal move: `bestmove a1b1`"),
        ("go malformed\n", Termination::IllegalMove, "sent a move that does not read: `bestmove zz99`"),
        ("go nomove\n", Termination::NoMove, "answered without a move (nobestmove) in a position with 44 legal moves"),
        ("go resign\n", Termination::Resignation, "Red (Bad) resigned"),
        ("go hang\n", Termination::NoReply, "Red (Bad) sent no bestmove within "),
    ];
    for (index, (script, termination, reason)) in cases.into_iter().enumerate() {
        let dir = scratch(&format!("bad-{index}"));
        let mut config =
            MatchConfig::new(vec![engine(&dir, "Bad", script), engine(&dir, "Good", "")], MatchLimit::Depth(1));
        config.games = 1;
        config.move_timeout = Duration::from_millis(300);
        let (_, games) = run(&config);
        let game = &games[0];
        assert_eq!((game.ending.termination, game.ending.result), (termination, GameResult::BlackWins), "{script}");
        assert!(game.ending.reason.contains(reason), "{script}: {}", game.ending.reason);
        check_game(game, RuleBook::Axf2008, Procedure::Arbiter);
    }
}

#[test]
fn losses_on_time_state_the_margin() {
    let dir = scratch("time");
    let mut config = MatchConfig::new(
        vec![engine(&dir, "Slow", "go sleep=400\n"), engine(&dir, "Quick", "")],
        MatchLimit::MoveTime(Duration::from_millis(100)),
    );
    config.games = 1;
    config.time_margin = Duration::from_millis(50);
    let (_, games) = run(&config);
    let ending = &games[0].ending;
    assert_eq!((ending.termination, ending.result), (Termination::TimeForfeit, GameResult::BlackWins));
    assert!(ending.reason.starts_with("Red (Slow) lost on time: "), "{}", ending.reason);
    assert!(ending.reason.ends_with(" ms over its time (the margin is 50 ms)"), "{}", ending.reason);
    assert!(log(&dir, "Slow").contains("go movetime 100"));

    let dir = scratch("clock");
    let mut config = MatchConfig::new(
        vec![engine(&dir, "Quick", "greets ucci\n"), engine(&dir, "Slow", "go\ngo sleep=900\n")],
        MatchLimit::TimeControl("0.01+0.1".parse().unwrap()),
    );
    config.games = 1;
    config.time_margin = Duration::from_millis(100);
    let (_, games) = run(&config);
    let game = &games[0];
    assert_eq!((game.ending.termination, game.ending.result), (Termination::TimeForfeit, GameResult::RedWins));
    assert_eq!(game.record.tags.get("TimeControl"), Some("0.6+0.1"));
    assert!(
        log(&dir, "Quick").contains("go time 600 increment 100 opptime 600 oppincrement 100"),
        "{}",
        log(&dir, "Quick")
    );
    assert!(log(&dir, "Slow").contains("go wtime "), "{}", log(&dir, "Slow"));
    check_game(game, RuleBook::Axf2008, Procedure::Arbiter);
}

/// The chase of AXF 2008 棋例 §13 as scripts: Red's rook goes b5–a5–b5…, Black's cannon a7–b7–a7….
const CHASE: &str = "3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1";

fn chase_match(dir: &Path, procedure: Procedure, red_last: &str) -> (MatchConfig, Vec<FinishedGame>) {
    let fen = dir.join("chase.fen");
    std::fs::write(&fen, format!("{CHASE}\n")).unwrap();
    let red = format!("greets ucci\ngo move=b5a5\ngo move=a5b5\ngo move=b5a5\ngo move=a5b5\ngo move=b5a5\n{red_last}");
    let black = "greets ucci\ngo move=a7b7\ngo move=b7a7\ngo move=a7b7\ngo move=b7a7\ngo move=a7b7\ngo move=b7a7\n";
    let mut config =
        MatchConfig::new(vec![engine(dir, "Chaser", &red), engine(dir, "Runner", black)], MatchLimit::Depth(1));
    config.games = 1;
    config.openings = read_openings(&fen).unwrap();
    config.procedure = procedure;
    config.max_plies = 40;
    let (_, games) = run(&config);
    (config, games)
}

#[test]
fn a_perpetual_chase_loses_under_the_immediate_procedure() {
    let dir = scratch("chase-immediate");
    let (_, games) = chase_match(&dir, Procedure::Immediate, "go move=a5b5\n");
    let game = &games[0];
    assert_eq!(
        (game.ending.termination, game.ending.result),
        (Termination::Rules(RulesTermination::PerpetualChase), GameResult::BlackWins)
    );
    assert_eq!(game.record.main.nodes.len(), 8, "the third occurrence, at ply 8, decides");
    assert_eq!(game.ending.rule.as_deref(), Some("AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3"));
    assert!(game.pgn.contains("[FEN \"3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1\"]"));
    assert!(game.pgn.contains("[Termination \"perpetual chase\"]"));
    assert!(game.pgn.contains("{red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (immediate procedure"));
    check_game(game, RuleBook::Axf2008, Procedure::Immediate);
    assert!(!log(&dir, "Chaser").contains("banmoves"));
}

#[test]
fn forbid_sends_banmoves_and_the_cycle_is_not_played() {
    let dir = scratch("chase-forbid");
    // Warned at the third occurrence (ply 8), Red may not repeat the cycle once more: its sixth move, at ply 11, is
    // its own choice, and it avoids the banned a5b5.
    let (_, games) = chase_match(&dir, Procedure::Forbid, "");
    let game = &games[0];
    assert!(log(&dir, "Chaser").contains("banmoves a5b5"), "{}", log(&dir, "Chaser"));
    assert!(!game.ending.termination.is_ruled() || game.ending.result != GameResult::BlackWins, "{:?}", game.ending);
    assert_ne!(game.record.main.nodes[10].mv, "a5b5".parse().unwrap());
    assert_eq!(game.record.tags.get("Procedure"), Some("forbid"));
    // Played anyway, the banned move is refused, and the engine loses as for an illegal move.
    let dir = scratch("chase-forbid-ignored");
    let (_, games) = chase_match(&dir, Procedure::Forbid, "go move=a5b5\n");
    let ending = &games[0].ending;
    assert_eq!((ending.termination, ending.result), (Termination::IllegalMove, GameResult::BlackWins));
    assert!(
        ending.reason.ends_with(
            "played a move the rules forbid: ply 11: a5b5 is forbidden: red would repeat the cycle it was warned of \
             (AXF 2008 棋例 §13)"
        ),
        "{}",
        ending.reason
    );
    assert_eq!(games[0].record.main.nodes.len(), 10);
}

#[test]
fn score_adjudication_resigns_when_both_engines_agree() {
    let dir = scratch("adjudication");
    let many = |line: &str| format!("{line}\n").repeat(30);
    let mut config = MatchConfig::new(
        vec![engine(&dir, "Winner", &many("go score=700")), engine(&dir, "Loser", &many("go score=-650"))],
        MatchLimit::Depth(1),
    );
    config.games = 1;
    config.resign = Some(ResignRule { moves: 3, score: 600 });
    let (_, games) = run(&config);
    let game = &games[0];
    assert_eq!((game.ending.termination, game.ending.result), (Termination::Adjudication, GameResult::RedWins));
    assert_eq!(game.record.main.nodes.len(), 6, "three moves each");
    assert_eq!(game.ending.reason, "Black (Loser) resigned by adjudication: both engines' scores agreed");
}

#[test]
fn the_sprt_stops_the_match_when_it_is_decided() {
    let dir = scratch("sprt");
    // Strong offers a draw with every move; Weak resigns its first move twice, then offers (or accepts) a draw.
    let weak = "go resign\ngo resign\ngo draw\n".repeat(100);
    let strong = "go draw\n".repeat(300);
    let mut config =
        MatchConfig::new(vec![engine(&dir, "Strong", &strong), engine(&dir, "Weak", &weak)], MatchLimit::Depth(1));
    config.games = 400;
    config.sprt = Some(Sprt { elo0: 0.0, elo1: 20.0, alpha: 0.05, beta: 0.05 });
    let (report, games) = run(&config);
    assert_eq!(report.stopped, StopReason::Sprt(SprtStatus::AcceptH1));
    assert!(report.stats.finished < 400 && report.stats.finished as usize == games.len());
    let (llr, status) = report.stats.sprt.unwrap();
    assert_eq!(status, SprtStatus::AcceptH1);
    assert!(llr >= config.sprt.unwrap().bounds().1);
    let tally = report.stats.pairs[0].tally;
    assert_eq!((tally.losses, tally.wins + tally.draws), (0, report.stats.finished));
    assert!(games.iter().any(|game| game.ending.termination == Termination::DrawAgreement));
    assert!(games.iter().any(|game| game.ending.termination == Termination::Resignation));
}

#[test]
fn a_stop_abandons_the_games_under_way_and_reports_the_finished() {
    let dir = scratch("stop");
    let mut config = MatchConfig::new(
        vec![engine(&dir, "One", "go sleep=20\n".repeat(500).as_str()), engine(&dir, "Two", "")],
        MatchLimit::Depth(1),
    );
    config.games = 6;
    config.concurrency = 2;
    let stop = AtomicBool::new(false);
    let mut finished = 0;
    let report = run_match(&config, &|| stop.load(Ordering::SeqCst), |event| {
        if let MatchEvent::GameFinished { .. } = event {
            finished += 1;
            stop.store(true, Ordering::SeqCst);
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(report.stopped, StopReason::Interrupted);
    assert_eq!(report.stats.finished, finished);
    assert!((1..6).contains(&finished), "{finished}");
    assert_eq!(report.stats.running, 0);
}

#[test]
fn openings_from_a_record_are_played_before_the_engines_move() {
    let dir = scratch("openings");
    let book = dir.join("book.pgn");
    std::fs::write(&book, "[Opening \"中炮对屏风马\"]\n\n1. h2e2 h9g7 2. h0g2 *\n").unwrap();
    let mut config = MatchConfig::new(
        vec![engine(&dir, "A", &"go nomove\n".repeat(4)), engine(&dir, "B", "greets ucci\n")],
        MatchLimit::Nodes(1000),
    );
    config.openings = read_openings(&book).unwrap();
    config.games = 2;
    let (_, games) = run(&config);
    for game in &games {
        assert_eq!(game.opening, "中炮对屏风马");
        assert_eq!(game.record.tags.get("Opening"), Some("中炮对屏风马"));
        let first: Vec<String> = game.record.main_moves().take(3).map(|mv| mv.to_string()).collect();
        assert_eq!(first, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(game.ending.termination, Termination::NoMove);
        assert_eq!(game.record.start, Position::new());
    }
    assert!(log(&dir, "B").contains("position startpos moves h2e2 h9g7 h0g2"), "{}", log(&dir, "B"));
    assert!(log(&dir, "A").contains("go nodes 1000"));
}
