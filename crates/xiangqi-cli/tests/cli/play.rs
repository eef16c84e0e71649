//! `xiangqi play`.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use crate::{fixtures, json_lines, xiangqi, Run};

/// The red rook chases the unprotected black cannon between a7 and a8 (AXF 2008 棋例 §13): warned at ply 9, the
/// cycle once more loses at ply 13, and two moves follow it.
const CHASE_FEN: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const CHASE: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8";
const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// Both horses go out and back: an allowed cycle, warned and then drawn under AXF 2008, drawn at once under CXA.
const SHUFFLE: &str = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h0g2";

/// Runs `xiangqi play ARGS` with `input` on stdin.
fn play(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("play")
        .args(args)
        .current_dir(fixtures())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("stdin takes the input");
    let output = child.wait_with_output().expect("it ends");
    Run {
        code: output.status.code().expect("an exit code"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

/// The input of one move a line.
fn lines(moves: &[&str]) -> String {
    moves.iter().map(|mv| format!("{mv}\n")).collect()
}

/// A reply without its `command` and `error`: the status it shows.
fn status_of(reply: &Value) -> Value {
    let mut status = reply.clone();
    let object = status.as_object_mut().expect("an object");
    object.remove("command");
    object.remove("error");
    object.remove("move");
    status
}

#[test]
fn each_ply_has_the_ruling_adjudicate_gives_for_the_prefix_under_each_book_and_procedure() {
    for (fen, game) in [(CHASE_FEN, CHASE), (START_FEN, SHUFFLE)] {
        let moves: Vec<&str> = game.split(' ').collect();
        for book in ["axf", "roc", "prc1956", "cxa"] {
            for procedure in ["arbiter", "immediate", "forbid"] {
                let options = ["--ruleset", book, "--procedure", procedure, "--fen", fen];
                let mut args = vec!["--json"];
                args.extend(options);
                let run = play(&args, &lines(&moves));
                assert_eq!(run.code, 0, "{run:?}");
                let replies = json_lines(&run.stdout);
                assert_eq!(replies.len(), moves.len());
                for (index, reply) in replies.iter().enumerate() {
                    let mut command = vec!["adjudicate", "--json"];
                    command.extend(options);
                    command.extend(&moves[..=index]);
                    let report: Value = serde_json::from_str(&xiangqi(&command).stdout).expect("a report");
                    let at = format!("{book} {procedure}, line {}: {reply}", index + 1);
                    assert_eq!(reply["ruling"], report["ruling"], "{at}");
                    assert_eq!(reply["ply"], report["plies"], "{at}");
                    assert_eq!(reply["rule"], report["rules"].get(0).cloned().unwrap_or(Value::Null), "{at}");
                    // A move the game did not play is an error line, and adjudicate did not play it either.
                    assert_eq!(reply["error"].is_null(), report["unplayed"] == json!([]), "{at}");
                }
            }
        }
    }
}

#[test]
fn the_forbid_procedure_refuses_the_move_that_completes_the_cycle_and_lists_it() {
    let moves: Vec<&str> = CHASE.split(' ').collect();
    let mut input = lines(&moves[..12]);
    input.push_str("forbidden\nb8b7\nstatus\nb8b6\n");
    let run = play(&["--json", "--procedure", "forbid", "--fen", CHASE_FEN], &input);
    let replies = json_lines(&run.stdout);
    assert_eq!(replies[11]["ruling"], "red_must_change");
    assert_eq!(replies[12]["moves"], json!(["b8b7"]));
    assert_eq!(replies[12]["command"], "forbidden");
    assert_eq!(
        replies[13]["error"],
        "ply 13: b8b7 is forbidden: red would repeat the cycle it was warned of (AXF 2008 棋例 §13)"
    );
    assert_eq!(replies[13]["ply"], 12);
    assert_eq!(status_of(&replies[14]), status_of(&replies[11]), "the refused move changed nothing");
    // A move that changes is played, and the warning lapses.
    assert_eq!(
        (&replies[15]["ply"], &replies[15]["ruling"], &replies[15]["error"]),
        (&json!(13), &json!("continue"), &Value::Null)
    );
}

#[test]
fn moves_after_a_final_ruling_are_refused_and_bad_lines_change_nothing() {
    let run = play(&["--json", "--fen", CHASE_FEN], &lines(&CHASE.split(' ').collect::<Vec<_>>()));
    let replies = json_lines(&run.stdout);
    assert_eq!((&replies[12]["ruling"], &replies[12]["over"]), (&json!("red_loses"), &json!(true)));
    assert_eq!(replies[12]["rule"], "AXF 2008 棋例 §13");
    for reply in &replies[13..] {
        assert_eq!(reply["error"], "ply 14: the game is over (red_loses AXF 2008 棋例 §13)");
        assert_eq!(status_of(reply), status_of(&replies[12]));
    }
    let bad = "h2e2\nh2e2\nzz\nundo 3\nlegal z0\nload {}\nload\n\nredo\nh9g7\n";
    let replies = json_lines(&play(&["--json"], bad).stdout);
    assert_eq!(replies.len(), 10);
    for reply in &replies[1..9] {
        assert!(reply["error"].is_string(), "{reply}");
        assert_eq!(status_of(reply), status_of(&replies[0]), "{reply}");
    }
    assert_eq!(replies[1]["error"], "ply 2, move `h2e2`: illegal move h2e2: no piece on h2");
    assert_eq!(replies[3]["error"], "undo takes no argument (found `3`)");
    assert_eq!(replies[5]["error"], "load: missing field `start` at line 1 column 2");
    assert_eq!(replies[8]["error"], "nothing to redo");
    assert_eq!((&replies[9]["ply"], &replies[9]["move"]), (&json!(2), &json!("h9g7")));
}

#[test]
fn undo_to_the_start_and_replay_gives_the_same_lines() {
    let moves: Vec<&str> = CHASE.split(' ').take(13).collect();
    let mut input = lines(&moves);
    input.push_str(&"undo\n".repeat(13));
    input.push_str("undo\n");
    input.push_str(&lines(&moves));
    for json in [true, false] {
        let args: &[&str] = if json { &["--json", "--fen", CHASE_FEN] } else { &["--fen", CHASE_FEN] };
        let run = play(args, &input);
        let out: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(out.len(), 13 + 14 + 13);
        assert_eq!(out[..13], out[27..], "replayed");
        // Each undo shows the position before the move taken back: the lines before, in reverse.
        if !json {
            for undone in 0..12 {
                assert_eq!(out[13 + undone], out[11 - undone]);
            }
            assert_eq!(out[25], format!("ply 0: continue, fen {CHASE_FEN}"));
            assert_eq!(out[26], "error: nothing to undo: the game is at its start");
        }
    }
}

#[test]
fn a_saved_game_loads_in_a_new_process_with_the_same_status() {
    let moves: Vec<&str> = CHASE.split(' ').take(10).collect();
    let mut input = lines(&moves);
    input.push_str("save\nstatus\n");
    let first = play(&["--json", "--procedure", "forbid", "--ruleset", "cxa", "--fen", CHASE_FEN], &input);
    let replies = json_lines(&first.stdout);
    let saved = &replies[10]["game"];
    assert_eq!(
        (&saved["book"], &saved["procedure"], saved["moves"].as_array().map(Vec::len)),
        (&json!("cxa"), &json!("forbid"), Some(10))
    );
    let second = play(&["--json"], &format!("load {saved}\nstatus\n"));
    let loaded = json_lines(&second.stdout);
    assert_eq!(loaded[0]["error"], Value::Null, "{loaded:?}");
    assert_eq!(status_of(&loaded[1]), status_of(&replies[11]));
    assert_eq!(status_of(&loaded[0]), status_of(&replies[11]));
    // From a composed position (a diagram of a rule book) too.
    let composed = play(&["--json", "--fen", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1"], "d0e0\nsave\n");
    let diagram = json_lines(&composed.stdout)[1]["game"].clone();
    let loaded = json_lines(&play(&["--json"], &format!("load {diagram}\nstatus\n")).stdout);
    assert_eq!(loaded[0]["error"], Value::Null, "{loaded:?}");
    assert_eq!(status_of(&loaded[1]), status_of(&json_lines(&composed.stdout)[0]));
    // The text form of save is the same object.
    let text = play(&["--ruleset", "cxa", "--procedure", "forbid", "--fen", CHASE_FEN], &input);
    let line: Value = serde_json::from_str(text.stdout.lines().nth(10).unwrap()).unwrap();
    assert_eq!(&line, saved);
}

#[test]
fn the_text_lines_of_a_short_game() {
    let run = play(&[], "炮二平五\nh9g7\nlegal h0\nforbidden\npgn\nquit\nh0g2\n");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout,
        "ply 1: continue, fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n\
         ply 2: continue, fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n\
         ply 2: continue, fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2, moves: h0g2 h0i2\n\
         ply 2: continue, fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2, moves: none\n\
         [Game \"Chinese Chess\"] [Result \"*\"] [Format \"Chinese\"] 1. 炮二平五 马8进7 *\n\
         ply 2: continue, fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
    );
    let mate = play(&["--fen", "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1"], "a0a9\n");
    assert_eq!(
        mate.stdout,
        "ply 1: black_loses (AXF 2008 第三章第二节九), in check, game over, fen R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 1 1\n"
    );
    let composed = play(&["--fen", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1"], "status\n");
    assert_eq!(composed.stderr, "note: composed position accepted (a pawn is on an unreachable square)\n");
    let facing = play(&["--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"], "");
    assert_eq!(facing.code, 1, "{facing:?}");
    assert!(facing.stderr.starts_with("error: --fen: the kings face each other, no game can be played from it: "));
    assert_eq!(play(&["--procedure", "lenient"], "").code, 2);
}
