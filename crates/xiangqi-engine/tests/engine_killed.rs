//! An engine killed in the middle of a game loses it, by the right reason, and the match goes on: ElephantEye
//! (`XIANGQI_ELEEYE`) against Fairy-Stockfish (`XIANGQI_FAIRY_STOCKFISH`). A test binary of its own, so that the
//! engines it kills are the ones it started. Ignored unless the engines are there (`.ci/run` builds them).

use core::{ops::ControlFlow, time::Duration};
use std::path::PathBuf;

use xiangqi_engine::runner::{run_match, EngineSpec, MatchConfig, MatchEvent, MatchLimit, Termination};
use xiangqi_engine::EngineCommand;

fn spec(name: &str, variable: &str) -> EngineSpec {
    let path = std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("{variable} is not set: this test needs the engine (.ci/run builds and sets it)"));
    EngineSpec { name: name.into(), command: EngineCommand::new(path), options: Vec::new() }
}

/// The process ids of this process's children running `program` (Linux: from /proc).
#[cfg(target_os = "linux")]
fn children_running(program: &str) -> Vec<u32> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // pid (comm) state ppid …
        let Some((head, rest)) = stat.rsplit_once(") ") else { continue };
        let comm = head.split_once(" (").map_or("", |(_, comm)| comm);
        let ppid = rest.split_whitespace().nth(1).unwrap_or("");
        if comm == program && ppid == me {
            found.extend(entry.file_name().to_str().and_then(|pid| pid.parse::<u32>().ok()));
        }
    }
    found
}

#[test]
#[cfg(target_os = "linux")]
#[ignore = "needs ElephantEye and Fairy-Stockfish: set XIANGQI_ELEEYE and XIANGQI_FAIRY_STOCKFISH (.ci/run does)"]
fn an_engine_killed_mid_game_loses_it_and_the_match_goes_on() {
    let engines = vec![spec("eleeye", "XIANGQI_ELEEYE"), spec("fairy", "XIANGQI_FAIRY_STOCKFISH")];
    let mut config = MatchConfig::new(engines, MatchLimit::Nodes(20_000));
    config.games = 2;
    let killed = core::sync::atomic::AtomicBool::new(false);
    let mut games = Vec::new();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            // Wait for the first game to be under way, then kill ElephantEye (a child of this process) by its id.
            std::thread::sleep(Duration::from_millis(800));
            for pid in children_running("eleeye") {
                let status = std::process::Command::new("kill").args(["-9", &pid.to_string()]).status().unwrap();
                assert!(status.success());
                killed.store(true, core::sync::atomic::Ordering::SeqCst);
            }
        });
        run_match(&config, &|| false, |event| {
            if let MatchEvent::GameFinished { game, .. } = event {
                games.push(game.clone());
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    });
    assert!(killed.load(core::sync::atomic::Ordering::SeqCst), "ElephantEye was running");
    assert_eq!(games.len(), 2, "the match went on");
    let first = &games[0];
    assert_eq!(first.ending.termination, Termination::Crash, "{:?}", first.ending);
    assert_eq!(first.ending.result, xiangqi_board::GameResult::BlackWins, "ElephantEye had Red");
    assert!(
        first.ending.reason.contains("signal: 9 (SIGKILL)") || first.ending.reason.contains("Broken pipe"),
        "{}",
        first.ending.reason
    );
    assert_ne!(games[1].ending.termination, Termination::Crash, "a new ElephantEye played game 2");
}
