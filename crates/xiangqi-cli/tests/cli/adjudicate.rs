//! `xiangqi adjudicate`.

use serde_json::json;

use crate::{json_lines, xiangqi};

const CHASE: &str =
    "red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)";
const CHASE_FEN: &str = "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 9 5";

#[test]
fn a_perpetual_chase_is_found_with_its_position_and_moves() {
    let run = xiangqi(&["adjudicate", "perpetual-chase.pgn"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        format!(
            "perpetual-chase.pgn: game 1, ply 9: {CHASE}\n  fen {CHASE_FEN}\n  offending moves: b7b8 b8b7 b7b8 \
             b8b7\nfiles 1 (0 unreadable), games 1 (0 unreadable), plies 9, ruling points 1: red_must_change 1 \
             (axf, arbiter)\n"
        )
    );
}

#[test]
fn every_ruling_point_by_default_the_first_with_immediate() {
    let arbiter = xiangqi(&["adjudicate", "--json", "chase-then-idle.pgn"]);
    assert_eq!(arbiter.code, 0, "{arbiter:?}");
    let idle = |ply: usize, fen: &str, ruling: &str, note: &str| {
        json!({"ply": ply, "fen": fen, "ruling": ruling, "rules": ["AXF 2008 第一章七(G)2"], "note": note,
               "offending": []})
    };
    let chase = |ruling: &str, note: &str| {
        json!({"ply": 9, "fen": CHASE_FEN, "ruling": ruling, "rules": ["AXF 2008 棋例 §13", "AXF 2008 第一章七(G)3"],
               "note": note, "offending": ["b7b8", "b8b7", "b7b8", "b8b7"]})
    };
    // The arbiter's procedure: red is warned at the chase's third occurrence and changes to an idle cycle, which
    // is warned at its third occurrence and drawn when it is played once more. One report for the game.
    let lines = json_lines(&arbiter.stdout);
    assert_eq!(lines.len(), 1);
    let report = &lines[0];
    assert_eq!(
        (&report["file"], &report["game"], &report["book"], &report["procedure"]),
        (&json!("chase-then-idle.pgn"), &json!(1), &json!("axf"), &json!("arbiter"))
    );
    assert_eq!((&report["ruling"], &report["ply"], &report["plies"]), (&json!("draw"), &json!(17), &json!(17)));
    assert_eq!(
        report["changes"],
        json!([
            chase("red_must_change", "red must change; one more cycle and red loses"),
            idle(
                13,
                "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 13 7",
                "draw_next_cycle",
                "one more cycle and the game is drawn"
            ),
            idle(
                17,
                "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 17 9",
                "draw",
                "the cycle was repeated after the warning: the game is drawn"
            )
        ])
    );
    assert_eq!(report["unplayed"], json!(["e9e8", "g0i2"]));
    // Immediate: the chase's third occurrence decides, and the game is over; the moves after it are not played.
    for immediate in [&["--immediate"][..], &["--procedure", "immediate"]] {
        let mut args = vec!["adjudicate", "--json"];
        args.extend(immediate);
        args.push("chase-then-idle.pgn");
        let run = xiangqi(&args);
        let report = &json_lines(&run.stdout)[0];
        assert_eq!(
            report["changes"],
            json!([chase("red_loses", "immediate procedure: red loses at the third occurrence")])
        );
        assert_eq!((&report["plies"], report["unplayed"].as_array().map(Vec::len)), (&json!(9), Some(10)));
    }
    let text = xiangqi(&["adjudicate", "--procedure", "immediate", "chase-then-idle.pgn"]);
    assert_eq!(
        text.stdout.lines().nth(3),
        Some("chase-then-idle.pgn: game 1, ply 10: the game is over (red_loses AXF 2008 棋例 §13); 10 moves of the record not played")
    );
    assert!(text.stdout.ends_with("plies 19, ruling points 1: red_loses 1 (axf, immediate)\n"), "{}", text.stdout);
    let both = xiangqi(&["adjudicate", "--immediate", "--procedure", "forbid", "chase-then-idle.pgn"]);
    assert_eq!(both.code, 2, "{both:?}");
}

#[test]
fn the_rule_book_is_chosen() {
    let run = xiangqi(&["adjudicate", "--ruleset", "cxa", "perpetual-chase.pgn"]);
    assert_eq!(run.code, 0, "{run:?}");
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("perpetual-chase.pgn: game 1, ply 9: red_must_change CXA 2011 "), "{first}");
    assert!(run.stdout.ends_with("(cxa, arbiter)\n"));
    let bad = xiangqi(&["adjudicate", "--ruleset", "fide", "perpetual-chase.pgn"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("invalid rule book `fide`"), "{}", bad.stderr);
}

#[test]
fn unreadable_games_are_reported_with_the_rulings_of_the_others() {
    let run = xiangqi(&["adjudicate", "-j", "2", "collection", "perpetual-chase.pgn"]);
    assert_eq!(run.code, 1, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "collection/b-bad.pgn: game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9"
    );
    assert_eq!(lines[1], format!("perpetual-chase.pgn: game 1, ply 9: {CHASE}"));
    assert_eq!(
        lines[4],
        "files 5 (0 unreadable), games 7 (1 unreadable), plies 24, ruling points 1: red_must_change 1 (axf, arbiter)"
    );
    assert_eq!(xiangqi(&["adjudicate", "--allow-errors", "collection"]).code, 0);
}

#[test]
fn moves_from_a_fen_as_the_example_does() {
    let moves = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";
    let mut args = vec!["adjudicate", "--fen", "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1"];
    args.extend(moves.split(' '));
    let run = xiangqi(&args);
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 10);
    assert!(lines[0].starts_with("1 b0b7 red rook: chase"), "{}", lines[0]);
    assert_eq!(lines[9], format!("verdict: {CHASE}"));
    let illegal = xiangqi(&["adjudicate", "--fen", "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w", "b0c1"]);
    assert_eq!(illegal.stdout, "");
    assert_eq!(
        (illegal.code, illegal.stderr.as_str()),
        (1, "error: ply 1, move `b0c1`: illegal move b0c1: the piece on b0 cannot move to c1\n")
    );
    // Moves in either coordinate form (ICCS `B0-B7`, UCCI `b0b7`) or any other notation; --immediate decides at
    // the third occurrence.
    let mut args = vec!["adjudicate", "--immediate", "--fen", "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1"];
    args.extend(["B0-B7", "a7a8", "车八进一", "a8a7", "b8b7", "a7a8", "b7b8", "a8a7", "b8b7"]);
    let run = xiangqi(&args);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout.lines().last().unwrap(),
        "verdict: red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (immediate procedure: red loses at the third \
         occurrence)"
    );
}

#[test]
fn moves_without_a_fen_are_played_from_the_start_and_named_by_ply() {
    let run = xiangqi(&["adjudicate", "炮二平五", "H9-G7", "h0g2"]);
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert!(lines[0].starts_with("1 h2e2 red cannon: "), "{}", lines[0]);
    assert!(lines[1].starts_with("2 h9g7 black horse: "), "{}", lines[1]);
    assert_eq!(lines[3], "verdict: continue");
    let twice = xiangqi(&["adjudicate", "h2e2", "h2e2"]);
    assert_eq!(
        (twice.code, twice.stderr.as_str()),
        (1, "error: ply 2, move `h2e2`: illegal move h2e2: no piece on h2\n")
    );
    let dash = xiangqi(&["adjudicate", "--", "C2.5", "-P+1"]);
    assert_eq!(
        (dash.code, dash.stderr.as_str()),
        (1, "error: ply 2, move `-P+1`: no piece of the side to move fits it\n")
    );
    let forms = "(moves are read in any notation: iccs H2-E2, ucci h2e2, fairy-uci h3e3, chinese 炮二平五, wxf C2.5, \
                 axf 炮2=5)";
    let control = xiangqi(&["adjudicate", "h2e2", "h9\u{7}g7"]);
    assert_eq!(control.code, 1, "{control:?}");
    assert!(control.stderr.starts_with("error: ply 2, move `h9\\u{7}g7`: syntax error at byte "), "{}", control.stderr);
    assert!(control.stderr.ends_with(&format!("{forms}\n")), "{}", control.stderr);
    // A name that is no move stays a file that cannot be read.
    let missing = xiangqi(&["adjudicate", "nonesuch.pgn"]);
    assert_eq!(missing.code, 1, "{missing:?}");
    assert!(missing.stdout.starts_with("nonesuch.pgn: cannot read: "), "{}", missing.stdout);
}

#[test]
fn the_help_says_moves_are_read_in_either_form() {
    let run = xiangqi(&["adjudicate", "--help"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(run.stdout.contains("UCCI `h2e2`, ICCS `H2-E2`"), "{}", run.stdout);
}

#[test]
fn only_the_main_line_is_ruled_on_not_its_variations() {
    // The perpetual chase is played in a variation only: variations are not played games.
    let dir = crate::scratch("adjudicate-variation");
    let path = dir.join("chase-in-a-variation.pgn");
    std::fs::write(
        &path,
        "[FEN \"3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1\"]\n[Format \"ICCS\"]\n\n\
         1. b0b7 (1. b0b1 a7a8 2. b1b7 a8a7 3. b7b8 a7a8 4. b8b7 a8a7 5. b7b8 a7a8 6. b8b7 a8a7 7. b7b8) 1... a7a8 *\n",
    )
    .unwrap();
    let run = xiangqi(&["adjudicate", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout, "files 1 (0 unreadable), games 1 (0 unreadable), plies 2, ruling points 0 (axf, arbiter)\n");
    // The same moves as the main line are ruled on.
    std::fs::write(
        &path,
        "[FEN \"3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1\"]\n[Format \"ICCS\"]\n\n\
         1. b0b1 a7a8 2. b1b7 a8a7 3. b7b8 a7a8 4. b8b7 a8a7 5. b7b8 a7a8 6. b8b7 a8a7 7. b7b8 *\n",
    )
    .unwrap();
    let run = xiangqi(&["adjudicate", path.to_str().unwrap()]);
    assert!(run.stdout.contains("ruling points 1"), "{run:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

const SAMPLE_FEN: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const SAMPLE_MOVES: [&str; 9] = ["b0b7", "a7a8", "b7b8", "a8a7", "b8b7", "a7a8", "b7b8", "a8a7", "b8b7"];

/// Runs the `adjudicate` example (built by cargo if it is not) with `args`.
fn example(args: &[&str]) -> crate::Run {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["run", "-q", "-p", "xiangqi-examples", "--example", "adjudicate", "--"])
        .args(args)
        .output()
        .expect("cargo runs");
    crate::Run {
        code: output.status.code().expect("an exit code"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8"),
    }
}

#[test]
fn the_command_and_the_example_print_the_same_report() {
    let more = ["a7a8", "b7b8", "a8a7", "b8b7", "a7a8"];
    for procedure in ["arbiter", "immediate", "forbid"] {
        for book in ["axf", "roc", "prc1956", "cxa"] {
            let mut args = vec!["--json", "--ruleset", book, "--procedure", procedure, "--fen", SAMPLE_FEN];
            args.extend(SAMPLE_MOVES);
            args.extend(more);
            let mut command = vec!["adjudicate"];
            command.extend(&args);
            let cli = xiangqi(&command);
            let example = example(&args);
            assert_eq!(cli.code, 0, "{cli:?}");
            assert_eq!((example.code, &example.stdout), (0, &cli.stdout), "{book} {procedure}: {example:?}");
            assert_eq!(example.stderr, cli.stderr, "the notes");
            let report: serde_json::Value = serde_json::from_str(&cli.stdout).unwrap();
            assert_eq!((&report["book"], &report["procedure"]), (&json!(book), &json!(procedure)));
        }
    }
    // A record's report is the same object, with its file and game.
    let file = xiangqi(&["adjudicate", "--json", "-q", "perpetual-chase.pgn"]);
    let mut line = json_lines(&file.stdout).remove(0);
    let record = line.as_object_mut().unwrap();
    assert_eq!((record.remove("file"), record.remove("game")), (Some(json!("perpetual-chase.pgn")), Some(json!(1))));
    let mut args = vec!["--json", "--fen", SAMPLE_FEN];
    args.extend(SAMPLE_MOVES);
    let moves: serde_json::Value = serde_json::from_str(&example(&args).stdout).unwrap();
    assert_eq!(serde_json::Value::Object(record.clone()), moves);
}

#[test]
fn the_moves_mode_takes_composed_positions_json_and_says_what_is_not_played() {
    let composed = xiangqi(&["adjudicate", "--fen", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0"]);
    assert_eq!(
        (composed.code, composed.stdout.as_str()),
        (0, "note: composed position accepted (a pawn is on an unreachable square)\n1 d0e0 red king: idle\nverdict: continue\n")
    );
    let json = xiangqi(&["adjudicate", "--json", "--fen", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0"]);
    assert_eq!(json.stderr, "note: composed position accepted (a pawn is on an unreachable square)\n");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&json.stdout).unwrap(),
        json!({"book": "axf", "procedure": "arbiter", "ruling": "continue", "rules": [], "note": "", "evidence": null,
               "termination": null, "ply": null, "plies": 1, "changes": [], "unplayed": []})
    );
    // After the final ruling: the moves given after it are named.
    let mut args = vec!["adjudicate", "--fen", SAMPLE_FEN];
    args.extend(SAMPLE_MOVES);
    args.extend(["a7a8", "b7b8", "a8a7", "b8b7", "a7a8", "b7b8"]);
    let over = xiangqi(&args);
    let lines: Vec<&str> = over.stdout.lines().collect();
    assert_eq!(lines[0], "note: ply 14: the game is over (red_loses AXF 2008 棋例 §13); not played: `a7a8` `b7b8`");
    assert_eq!(lines.len(), 1 + 13 + 1);
    // After a checkmate on the board.
    let mate = xiangqi(&["adjudicate", "--fen", "3k5/R8/9/9/9/9/9/9/9/4K3R w", "i0i9", "d9d8", "a8a9"]);
    assert_eq!(
        mate.stdout,
        "note: ply 2, move `d9d8`: the game is over: red wins by checkmate; not played: `d9d8` `a8a9`\n\
         1 i0i9 red rook: check\nverdict: black_loses AXF 2008 第三章第二节九 (checkmate: black is mated)\n"
    );
    // A bad move with --json: the line stage's error object on stdout, the message on stderr.
    let bad = xiangqi(&["adjudicate", "--json", "h2e2", "h2e2"]);
    assert_eq!(bad.code, 1);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&bad.stdout).unwrap(),
        json!({"kind": "illegal_move", "ply": 2, "move": "h2e2",
               "message": "ply 2, move `h2e2`: illegal move h2e2: no piece on h2"})
    );
    assert_eq!(bad.stderr, "error: ply 2, move `h2e2`: illegal move h2e2: no piece on h2\n");
    // Kings facing each other: the book's item, before any move.
    let facing = xiangqi(&["adjudicate", "--ruleset", "roc", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 b"]);
    assert_eq!(facing.code, 0, "{facing:?}");
    assert_eq!(
        facing.stdout,
        "verdict: red_loses ROC 2007 棋例之判決 A11 (black to move captures the king and wins)\n"
    );
    let fen = xiangqi(&["adjudicate", "--fen", "rnbakabnr/9/9/9/9/9/9/9/9/9 w", "h2e2"]);
    assert_eq!((fen.code, fen.stderr.as_str()), (1, "error: --fen: illegal position: a side has no king\n"));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::process::{Command, Stdio};
    for command in [&["adjudicate", "--help"][..], &["adjudicate", "--fen", SAMPLE_FEN, "b0b7", "a7a8", "b7b8"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(command)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Close the reading end at once, as `| head -0` would.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("it ends");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{command:?}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{command:?}: {stderr}");
    }
}

#[test]
fn a_closed_stderr_is_no_panic_either() {
    use std::process::{Command, Stdio};
    let commands: [&[&str]; 3] = [
        &["convert", "--to", "pgn", "collection", "-o", "-"],
        &["adjudicate", "--json", "--fen", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0"],
        &["perft", "--fen", "bad"],
    ];
    for command in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(command)
            .current_dir(crate::fixtures())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // `2>&1 | head -0`: both closed before the first line.
        drop(child.stdout.take());
        drop(child.stderr.take());
        let code = child.wait().expect("it ends").code();
        assert_ne!(code, Some(101), "{command:?} panicked");
        assert!(code.is_some(), "{command:?} died of a signal");
    }
}

#[test]
fn the_example_ends_quietly_on_a_closed_pipe_too() {
    use std::process::{Command, Stdio};
    for args in [&["--help"][..], &[], &["--json"]] {
        let mut child = Command::new(env!("CARGO"))
            .args(["run", "-q", "-p", "xiangqi-examples", "--example", "adjudicate", "--"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cargo runs");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("it ends");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    }
}
