//! The client against the scripted engine (`xiangqi-scripted-engine`, a binary of this crate): every request,
//! and every way an engine can fail.

use core::time::Duration;
use std::{path::PathBuf, time::Instant};

use xiangqi_board::{Move, Position};
use xiangqi_engine::{
    Dialect, Engine, EngineCommand, EngineError, EngineLine, Go, Info, Limit, LineErrorKind, Offer, PvProblem, Score,
    ScoreValue,
};

/// A scratch folder of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-engine-client-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The command of the scripted engine with `script` (written to a file of the scratch folder `name`), logging
/// what it reads to `commands.log` there.
fn scripted(name: &str, script: &str) -> (EngineCommand, PathBuf) {
    let dir = scratch(name);
    let log = dir.join("commands.log");
    let path = dir.join("script.txt");
    std::fs::write(&path, format!("log {}\n{script}", log.display())).unwrap();
    let command = EngineCommand::new(env!("CARGO_BIN_EXE_xiangqi-scripted-engine"))
        .arg(&path)
        .handshake_timeout(Duration::from_secs(5));
    (command, log)
}

/// The lines the scripted engine read.
fn received(log: &PathBuf) -> Vec<String> {
    std::fs::read_to_string(log).unwrap_or_default().lines().map(String::from).collect()
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|mv| mv.parse().unwrap()).collect()
}

const LONG: Duration = Duration::from_secs(10);

#[test]
fn the_protocol_is_found_at_the_handshake() {
    // A UCCI-only engine exits at `uci` (as ElephantEye does): it is started again and greeted with `ucci`.
    let (command, log) = scripted("detect-ucci", "greets ucci\nname Eleeye-like\n");
    let engine = Engine::start(&command).unwrap();
    assert_eq!(engine.dialect(), Dialect::Ucci);
    assert_eq!(engine.name(), "Eleeye-like");
    assert!(engine.uses_milliseconds());
    assert_eq!(received(&log), ["uci", "ucci", "setoption usemillisec true", "isready"]);

    let (command, log) = scripted("detect-fairy", "greets fairy\n");
    let engine = Engine::start(&command).unwrap();
    assert_eq!(engine.dialect(), Dialect::FairyUci);
    assert_eq!(received(&log), ["uci", "setoption name UCI_Variant value xiangqi", "isready"]);

    let (command, _) = scripted("detect-uci", "greets uci\n");
    let engine = Engine::start(&command).unwrap();
    assert_eq!(engine.dialect(), Dialect::Uci);
    assert_eq!(engine.ids()[0], ("name".to_owned(), "Scripted".to_owned()));
    assert!(engine.option("multipv").is_some());
}

#[test]
fn a_given_protocol_is_spoken_at_once_and_checked() {
    let (command, log) = scripted("given-ucci", "");
    let engine = Engine::start(&command.dialect(Dialect::Ucci)).unwrap();
    assert_eq!(engine.dialect(), Dialect::Ucci);
    assert_eq!(received(&log)[0], "ucci");

    let (command, _) = scripted("given-fairy", "greets uci\n");
    let err = Engine::start(&command.dialect(Dialect::FairyUci)).unwrap_err();
    assert_eq!(err.to_string(), "Scripted does not offer the xiangqi variant: it has no option UCI_Variant");

    let (command, _) = scripted("given-uci", "greets ucci\n");
    let err = Engine::start(&command.dialect(Dialect::Uci)).unwrap_err();
    assert!(matches!(err, EngineError::Exited { waiting_for: "uciok or ucciok", .. }), "{err}");
}

#[test]
fn engines_that_cannot_start_or_never_answer() {
    let err = Engine::start(&EngineCommand::new("/nonexistent/engine")).unwrap_err();
    assert!(matches!(err, EngineError::Start { .. }));
    assert!(err.to_string().starts_with("cannot start /nonexistent/engine: "), "{err}");

    let (command, _) = scripted("start-crash", "start crash\n");
    let err = Engine::start(&command.dialect(Dialect::Uci)).unwrap_err();
    assert!(matches!(err, EngineError::Exited { .. }), "{err}");

    let (command, _) = scripted("start-silent", "start silent\n");
    let began = Instant::now();
    let err = Engine::start(&command.handshake_timeout(Duration::from_millis(600))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "xiangqi-scripted-engine does not speak UCI or UCCI: it answered neither `uci` nor `ucci`"
    );
    assert!(began.elapsed() < Duration::from_secs(3), "the handshake timeout is kept: {:?}", began.elapsed());
}

#[test]
fn a_late_readyok_misses_its_deadline() {
    let (command, _) = scripted("late-readyok", "readyok-delay 400\n");
    let mut engine = Engine::start(&command).unwrap();
    let err = engine.is_ready(Duration::from_millis(100)).unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting_for: "readyok", .. }), "{err}");
    assert!(err.to_string().starts_with("Scripted did not send readyok within "), "{err}");
    // The late answer to the first isready comes, then the second.
    engine.is_ready(LONG).unwrap();
}

#[test]
fn options_are_checked_before_they_are_sent() {
    let (command, log) = scripted("options", "greets uci\noption name Skill Level type spin default 20 min 0 max 20\n");
    let mut engine = Engine::start(&command).unwrap();
    let err = engine.set_option("Hash", "16").unwrap_err();
    assert_eq!(err.to_string(), "Scripted has no option `Hash` (its options: MultiPV, Skill Level)");
    let err = engine.set_option("skill level", "30").unwrap_err();
    assert_eq!(err.to_string(), "Scripted: `30` is out of the range 0 to 20 of Skill Level");
    engine.set_option("skill level", "5").unwrap();
    engine.new_game().unwrap();
    engine.is_ready(LONG).unwrap();
    assert_eq!(received(&log)[2..], ["setoption name Skill Level value 5", "ucinewgame", "isready"]);
}

#[test]
fn a_search_returns_the_move_and_the_merged_report() {
    let (command, log) =
        scripted("search", "say info time 12 nodes 3000\ngo move=h9g7 score=-15 depth=6 pv=h9g7,h0g2 draw\n");
    let mut engine = Engine::start(&command.dialect(Dialect::Ucci)).unwrap();
    let start = Position::new();
    engine.set_position(&start, &moves("h2e2"), &[]).unwrap();
    let mut seen = Vec::new();
    let result = engine.search(&Go::new(Limit::Depth(6)), LONG, |info: &Info| seen.push(info.depth)).unwrap();
    let best = result.best.unwrap();
    assert_eq!(best.mv, "h9g7".parse().unwrap());
    assert_eq!(best.offer, Some(Offer::Draw));
    assert_eq!(result.info.depth, Some(6));
    assert_eq!(result.info.score, Some(Score { value: ScoreValue::Centipawns(-15), bound: Default::default() }));
    assert_eq!(result.info.nodes, Some(1), "the later report replaces the earlier");
    assert_eq!(result.info.time, Some(Duration::ZERO));
    assert_eq!(result.info.pv.len(), 2);
    assert_eq!(seen, [None, Some(6)]);
    assert!(!result.stopped && !engine.is_searching());
    assert_eq!(received(&log)[3..], ["position startpos moves h2e2", "go depth 6"]);
}

#[test]
fn positions_bans_and_clocks_in_each_dialect() {
    let start = Position::new();
    // A capture on ply 3: UCCI gets the FEN after it.
    let game = moves("h2e2 h7e7 e2e6");
    let banned = moves("d9e8");
    let (command, log) = scripted("ucci-position", "");
    let mut engine = Engine::start(&command.dialect(Dialect::Ucci)).unwrap();
    engine.set_position(&start, &game, &banned).unwrap();
    let clock = xiangqi_engine::Clock {
        time: xiangqi_board::ByColor { red: Duration::from_millis(5000), black: Duration::from_millis(4000) },
        increment: xiangqi_board::ByColor { red: Duration::from_millis(100), black: Duration::from_millis(100) },
        moves_to_go: Default::default(),
    };
    let result = engine.search(&Go::new(Limit::Clock(clock)), LONG, |_| {}).unwrap();
    assert_ne!(result.best.unwrap().mv, banned[0], "the banned move is not played");
    assert_eq!(
        received(&log)[3..],
        [
            "position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2",
            "banmoves d9e8",
            "go time 4000 increment 100 opptime 5000 oppincrement 100",
        ]
    );

    let (command, log) = scripted("uci-position", "greets fairy\n");
    let mut engine = Engine::start(&command).unwrap();
    let end = game.iter().fold(start.clone(), |pos, &mv| pos.play(mv).unwrap());
    let allowed = end.legal_moves().len() - 1;
    engine.set_position(&start, &game, &banned).unwrap();
    engine.search(&Go::new(Limit::Clock(clock)), LONG, |_| {}).unwrap();
    let lines = received(&log);
    assert_eq!(lines[3], "position startpos moves h3e3 h8e8 e3e7");
    let go = &lines[4];
    assert!(go.starts_with("go wtime 5000 btime 4000 winc 100 binc 100 searchmoves "), "{go}");
    assert_eq!(go.split(' ').count(), 10 + allowed, "every legal move but the banned one: {go}");
    assert!(!go.contains("d10e9"));
}

#[test]
fn bad_best_moves_are_typed_errors() {
    let (command, _) = scripted("bad-moves", "go illegal\n");
    let mut engine = Engine::start(&command.dialect(Dialect::Uci)).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    let err = engine.search(&Go::new(Limit::Depth(1)), LONG, |_| {}).unwrap_err();
    let EngineError::BadLine { line, text, error, .. } = &err else { panic!("{err}") };
    assert_eq!(text, "bestmove a1b1");
    assert!(matches!(error.kind, LineErrorKind::IllegalMove(_)));
    assert_eq!(*line, 7, "the lines the engine wrote, counted from 1");
    assert!(
        err.to_string().starts_with("Scripted, line 7 `bestmove a1b1`: byte 10: the best move is not legal: "),
        "{err}"
    );
    assert!(matches!(engine.set_position(&Position::new(), &[], &[]), Err(EngineError::State { .. })));

    let (command, _) = scripted("malformed", "go malformed\n");
    let mut engine = Engine::start(&command).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    let err = engine.search(&Go::new(Limit::Depth(1)), LONG, |_| {}).unwrap_err();
    let EngineError::BadLine { error, .. } = &err else { panic!("{err}") };
    assert!(matches!(error.kind, LineErrorKind::BadMove { after: "bestmove", .. }), "{err}");
}

#[test]
fn garbage_and_illegal_pvs_do_not_end_a_search() {
    let (command, _) = scripted("garbage", "say info depth 2 score cp 5 pv h2e2 a0a9\ngo garbage move=h2e2\n");
    let mut engine = Engine::start(&command.dialect(Dialect::Uci)).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    let mut warnings = Vec::new();
    let result =
        engine.search(&Go::new(Limit::Depth(2)), LONG, |info| warnings.extend(info.pv_warning.clone())).unwrap();
    assert_eq!(result.best.unwrap().mv, "h2e2".parse().unwrap());
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].index, 1);
    assert!(matches!(warnings[0].problem, PvProblem::Illegal(_)));
    // The garbage line is kept as an unknown line when read by hand.
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    assert!(engine.is_ready(LONG).is_ok());
}

#[test]
fn crashes_hangs_and_broken_pipes() {
    let (command, _) = scripted("crash", "go\ngo crash\n");
    let mut engine = Engine::start(&command).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    let first = engine.search(&Go::new(Limit::Depth(1)), LONG, |_| {}).unwrap().best.unwrap().mv;
    engine.set_position(&Position::new(), &[first], &[]).unwrap();
    let err = engine.search(&Go::new(Limit::Depth(1)), LONG, |_| {}).unwrap_err();
    let EngineError::Exited { status, waiting_for, stderr, .. } = &err else { panic!("{err}") };
    assert_eq!((status.as_str(), *waiting_for), ("exit status: 3", "bestmove"));
    assert_eq!(stderr.as_deref(), Some("xiangqi-scripted-engine: crashing as the script says"));
    // The engine is gone: a command is a broken pipe.
    let err = engine.stop().unwrap_err();
    assert!(matches!(err, EngineError::Write { .. }), "{err}");

    let (command, _) = scripted("hang", "go hang\n");
    let mut engine = Engine::start(&command).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    let began = Instant::now();
    let err = engine
        .search(&Go::new(Limit::MoveTime(Duration::from_millis(50))), Duration::from_millis(200), |_| {})
        .unwrap_err();
    assert!(matches!(err, EngineError::Timeout { waiting_for: "bestmove", .. }), "{err}");
    let waited = began.elapsed();
    assert!(waited >= Duration::from_millis(200) + xiangqi_engine::STOP_GRACE, "{waited:?}");
    let began = Instant::now();
    let status = engine.quit(Duration::from_millis(300));
    assert!(began.elapsed() < Duration::from_secs(2));
    assert_eq!(status.map(|status| status.success()), Some(false), "killed");
}

#[test]
fn quit_is_waited_for_then_forced() {
    let (command, _) = scripted("quit", "");
    let engine = Engine::start(&command).unwrap();
    assert_eq!(engine.quit(Duration::from_secs(5)).map(|status| status.success()), Some(true));
    let (command, _) = scripted("quit-ignored", "quit ignore\n");
    let engine = Engine::start(&command).unwrap();
    let began = Instant::now();
    let status = engine.quit(Duration::from_millis(200));
    assert_eq!(status.map(|status| status.success()), Some(false), "killed after the grace");
    assert!(began.elapsed() < Duration::from_secs(2));
}

#[test]
fn no_move_resignation_and_lines_read_by_hand() {
    let (command, _) = scripted("nomove", "go nomove\ngo resign\n");
    let mut engine = Engine::start(&command.dialect(Dialect::Ucci)).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    let result = engine.search(&Go::new(Limit::Depth(1)), LONG, |_| {}).unwrap();
    assert_eq!(result.best, None);
    engine.go(&Go::new(Limit::Depth(1))).unwrap();
    let mut lines = Vec::new();
    loop {
        let (line, _) = engine.read(Instant::now() + LONG).unwrap();
        let done = matches!(line, EngineLine::BestMove(_));
        lines.push(line);
        if done {
            break;
        }
    }
    let EngineLine::BestMove(best) = lines.last().unwrap() else { unreachable!() };
    assert_eq!(best.offer, Some(Offer::Resign));
    assert!(matches!(lines[0], EngineLine::Info(_)));
}

#[test]
fn analysis_with_several_lines() {
    let lines = "say info depth 4 multipv 1 score cp 30 pv h2e2\nsay info depth 4 multipv 2 score cp 20 pv b2e2\n\
                 say info depth 4 multipv 3 score cp 10 pv h0g2\ngo move=h2e2\n";
    let (command, log) = scripted("analysis", &format!("greets uci\n{lines}"));
    let mut engine = Engine::start(&command).unwrap();
    let analysis = engine.analyse(&Position::new(), Limit::Depth(4), 3).unwrap();
    let scores: Vec<_> = analysis.lines.iter().map(|line| line.score.map(|score| score.value)).collect();
    // The scripted engine's own info line after the `say` lines is multipv 1 again, with score 0.
    assert_eq!(
        scores,
        [Some(ScoreValue::Centipawns(0)), Some(ScoreValue::Centipawns(20)), Some(ScoreValue::Centipawns(10))]
    );
    assert_eq!(analysis.best.unwrap().mv, "h2e2".parse().unwrap());
    engine.is_ready(LONG).unwrap();
    assert_eq!(
        received(&log)[2..],
        [
            "setoption name MultiPV value 3",
            "position startpos",
            "go depth 4",
            "setoption name MultiPV value 1",
            "isready"
        ]
    );
}

#[test]
fn ponder_ponderhit_and_stop_are_sent() {
    let (command, log) = scripted("ponder", "greets ucci\n");
    let mut engine = Engine::start(&command).unwrap();
    engine.set_position(&Position::new(), &[], &[]).unwrap();
    engine.go(&Go { limit: Limit::Infinite, ponder: true, draw_offered: false }).unwrap();
    engine.ponderhit(true).unwrap();
    engine.stop().unwrap();
    let best = loop {
        if let (EngineLine::BestMove(best), _) = engine.read(Instant::now() + LONG).unwrap() {
            break best;
        }
    };
    assert!(Position::new().is_legal(best.mv));
    assert!(matches!(engine.stop(), Err(EngineError::State { state: "idle", .. })));
    // The engine had answered before `stop` came: it answers `nobestmove` to it (UCCI 3.0 §三 (6)), a line that
    // the next position passes over by waiting for `readyok` first.
    engine.set_position(&Position::new(), &moves("h2e2"), &[]).unwrap();
    let next = engine.search(&Go::new(Limit::Depth(1)), LONG, |_| {}).unwrap();
    assert!(next.best.is_some(), "the stray nobestmove is not taken for this search's answer");
    assert_eq!(
        received(&log)[4..],
        [
            "position startpos",
            "go ponder infinite",
            "ponderhit draw",
            "stop",
            "isready",
            "position startpos moves h2e2",
            "go depth 1"
        ]
    );
}
