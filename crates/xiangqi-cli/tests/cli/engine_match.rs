//! `xiangqi match`, with `xiangqi scripted-engine` as the engines.

use serde_json::Value;

#[cfg(unix)]
use crate::interrupted;
use crate::{json_lines, scratch, xiangqi};

/// An `--engine` spec of the scripted engine called `name` with `script` (written to `dir`).
fn scripted(dir: &std::path::Path, name: &str, script: &str) -> String {
    let path = dir.join(format!("{name}.script"));
    std::fs::write(&path, format!("name {name}\n{script}")).unwrap();
    format!("name={name},cmd={},arg=scripted-engine,arg={}", env!("CARGO_BIN_EXE_xiangqi"), path.display())
}

#[test]
fn a_match_writes_every_game_to_the_pgn_and_a_table() {
    let dir = scratch("match-table");
    let pgn = dir.join("out.pgn");
    let a = scripted(&dir, "Alpha", "greets ucci\n");
    let b = scripted(&dir, "Beta", "greets fairy\n");
    let run = xiangqi(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--depth",
        "1",
        "--games",
        "2",
        "--procedure",
        "immediate",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert!(lines[0].starts_with("game ") && lines[1].starts_with("game "), "{}", run.stdout);
    assert!(lines[2].starts_with("Alpha vs Beta: 2 games, +"), "{}", lines[2]);
    assert!(lines[3].starts_with("2 of 2 games (completed) in "), "{}", lines[3]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Game \"Chinese Chess\"]").count(), 2);
    assert_eq!(text.matches("[Procedure \"immediate\"]").count(), 2);
    // The PGN reads back, and the adjudicator rules its games as the match did.
    let check = xiangqi(&["check", pgn.to_str().unwrap()]);
    assert_eq!(check.code, 0, "{check:?}");
    let adjudicate = xiangqi(&["adjudicate", "--immediate", "--json", pgn.to_str().unwrap()]);
    assert_eq!(adjudicate.code, 0, "{adjudicate:?}");
    let rulings: Vec<Value> = json_lines(&adjudicate.stdout);
    for line in lines[..2].iter() {
        // `game 1: Alpha - Beta 1/2-1/2 repetition (AXF 2008 第一章七(G)2), 86 plies`
        let rule = line.split_once(" (").and_then(|(_, rest)| rest.rsplit_once("), ")).map(|(rule, _)| rule).unwrap();
        assert!(
            rulings.iter().any(|ruling| ruling["rules"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" + ")
                == rule),
            "{rule} in {}",
            adjudicate.stdout
        );
    }
}

#[test]
fn json_lines_name_the_termination_and_the_rule() {
    let dir = scratch("match-json");
    let crash = scripted(&dir, "Crasher", "go\ngo crash\n");
    let steady = scripted(&dir, "Steady", "");
    let run = xiangqi(&["match", "--engine", &crash, "--engine", &steady, "--nodes", "100", "--games", "2", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 3);
    for game in &lines[..2] {
        assert_eq!(game["termination"], "engine crash");
        assert_eq!(game["rule"], Value::Null);
        let crasher_red = game["red"] == "Crasher";
        assert_eq!(game["result"], if crasher_red { "0-1" } else { "1-0" });
        assert_eq!(game["plies"], if crasher_red { 2 } else { 3 });
        assert!(game["reason"].as_str().unwrap().contains("exited (exit status: 3)"), "{game}");
    }
    let summary = &lines[2];
    assert_eq!(summary["summary"], true);
    assert_eq!((summary["finished"].as_u64(), summary["stopped"].as_str()), (Some(2), Some("completed")));
    assert_eq!(summary["pairs"][0]["losses"], 2);
    assert_eq!(summary["pairs"][0]["elo"], Value::Null, "a clean score has no finite Elo");
}

#[test]
fn bad_command_lines_are_usage_errors() {
    let run = xiangqi(&["match", "--engine", "name=x,cmd=y", "--engine", "name=z,cmd=w"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("give a limit: --depth, --nodes, --movetime or --tc"), "{}", run.stderr);
    let run = xiangqi(&["match", "--engine", "name=x,cmd=y,proto=xboard", "--depth", "3"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("invalid engine protocol `xboard`"), "{}", run.stderr);
    let run = xiangqi(&["match", "--engine", "name=x,cmd=y", "--engine", "name=z,cmd=w", "--tc", "40/"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("invalid time control `40/`"), "{}", run.stderr);
    let run = xiangqi(&[
        "match",
        "--engine",
        "name=x,cmd=/nonexistent/x",
        "--engine",
        "name=z,cmd=/nonexistent/z",
        "--depth",
        "1",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("error: engine x: cannot start /nonexistent/x: "), "{}", run.stderr);
    let run = xiangqi(&["match", "--engine", "name=x,cmd=y", "--depth", "1", "--procedure", "judge"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("invalid procedure `judge`"), "{}", run.stderr);
}

#[test]
fn openings_and_the_forbid_procedure() {
    let dir = scratch("match-forbid");
    let fen = dir.join("chase.fen");
    std::fs::write(&fen, "3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1\n").unwrap();
    let log = dir.join("traffic.log");
    // Warned at the third occurrence (ply 8), the chaser is told that repeating the cycle once more is banned.
    let red =
        scripted(&dir, "Chaser", "greets ucci\ngo move=b5a5\ngo move=a5b5\ngo move=b5a5\ngo move=a5b5\ngo move=b5a5\n");
    let runner = "greets ucci\ngo move=a7b7\ngo move=b7a7\ngo move=a7b7\ngo move=b7a7\ngo move=a7b7\ngo move=b7a7\n";
    let black = scripted(&dir, "Runner", runner);
    let run = xiangqi(&[
        "match",
        "--engine",
        &red,
        "--engine",
        &black,
        "--depth",
        "1",
        "--games",
        "1",
        "--openings",
        fen.to_str().unwrap(),
        "--procedure",
        "forbid",
        "--max-plies",
        "30",
        "--json",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let game = &json_lines(&run.stdout)[0];
    assert_ne!(game["termination"], "forbidden repetition", "{game}");
    assert_eq!(game["opening"], "chase.fen:1");
    let traffic = std::fs::read_to_string(&log).unwrap();
    assert!(traffic.contains("game 1 Chaser > banmoves a5b5"), "{traffic}");
    assert!(traffic.contains("game 1 Runner < bestmove a7b7"), "{traffic}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_every_finished_game_and_no_half_game() {
    let dir = scratch("match-interrupt");
    let pgn = dir.join("out.pgn");
    let slow = scripted(&dir, "Slow", &"go sleep=5\n".repeat(2000));
    let quick = scripted(&dir, "Quick", "");
    // Ctrl-C after the first game: SIGINT to the command alone (the engines have process groups of their own).
    let args = ["match", "--engine", &slow, "--engine", &quick, "--depth", "1", "--games", "50", "--json", "--pgn"];
    let run = interrupted(&[&args[..], &[pgn.to_str().unwrap()]].concat());
    assert_eq!(run.code, 130, "{run:?}");
    assert!(run.stderr.ends_with("interrupted\n"), "{}", run.stderr);
    let lines = json_lines(&run.stdout);
    assert_eq!(lines[0]["game"], 1);
    let summary = lines.last().unwrap();
    assert_eq!(summary["stopped"], "interrupted");
    let finished = summary["finished"].as_u64().unwrap();
    assert!((1..50).contains(&finished), "{summary}");
    assert_eq!(lines.len() as u64, finished + 1);
    // The PGN holds exactly the finished games, each whole.
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Game \"Chinese Chess\"]").count() as u64, finished);
    let check = xiangqi(&["check", "--json", pgn.to_str().unwrap()]);
    assert_eq!(check.code, 0, "{check:?}");
}
