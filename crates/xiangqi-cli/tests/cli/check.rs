//! `xiangqi check`.

use serde_json::json;

#[cfg(unix)]
use crate::interrupted;
use crate::{json_lines, scratch, testdata, xiangqi};

const BAD_GAME: &str = "collection/b-bad.pgn: game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9";

#[test]
fn good_records_exit_0_with_a_summary() {
    let run = xiangqi(&["check", "collection/a-good.pgn", "collection/sub/c-page.html"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "files 2 (0 unreadable, 0 without a record passed over), games 3 (0 rejected, 0 with warnings), plies 10\n"
    );
}

#[test]
fn a_bad_record_among_good_ones_is_reported_and_exits_1() {
    let run = xiangqi(&["check", "-q", "collection"]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.stdout,
        format!(
            "{BAD_GAME}\nfiles 4 (0 unreadable, 1 without a record passed over), games 6 (1 rejected, 0 with \
             warnings), plies 15\nrejected: move from an empty square 1\n"
        )
    );
    let allowed = xiangqi(&["check", "--allow-errors", "collection"]);
    assert_eq!(allowed.code, 0);
    assert_eq!(allowed.stdout, run.stdout);
}

#[test]
fn json_has_one_object_per_game_with_the_listed_fields() {
    let help = xiangqi(&["check", "--help"]);
    assert!(help.stdout.contains("CCBridge CBR, CBL and CBF"), "{}", help.stdout);
    let run = xiangqi(&["check", "--json", "collection", "truncated.xqf", "binary.pgn", "missing.pgn"]);
    assert_eq!(run.code, 1, "{run:?}");
    let expected = [
        json!({"file": "collection/a-good.pgn", "game": 1, "plies": 4, "lines": 2, "status": "ok", "encoding": "utf-8",
               "event": "Fixture Open", "red": "Red One", "black": "Black One", "result": "1-0"}),
        json!({"file": "collection/a-good.pgn", "game": 2, "plies": 4, "lines": 1, "status": "ok", "encoding": "utf-8",
               "event": "Fixture Open", "red": "Red Two", "black": "Black Two"}),
        json!({"file": "collection/b-bad.pgn", "game": 1, "plies": 2, "lines": 1, "status": "ok", "encoding": "utf-8",
               "event": "Bad among good", "red": "First", "black": "Game", "result": "1/2-1/2"}),
        json!({"file": "collection/b-bad.pgn", "game": 2, "plies": 3, "lines": 0, "status": "error", "encoding": "utf-8",
               "error": {"kind": "illegal_move", "game": 2, "line": 12, "ply": 4, "move": "h9g7", "in_variation": false,
                         "message": "game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9"}}),
        json!({"file": "collection/b-bad.pgn", "game": 3, "plies": 3, "lines": 1, "status": "ok", "encoding": "utf-8",
               "event": "Bad among good", "red": "Third", "black": "Game", "result": "0-1"}),
        json!({"file": "collection/sub/c-page.html", "game": 1, "plies": 2, "lines": 1, "status": "ok", "encoding": "utf-8",
               "event": "Page Cup", "red": "Page Red", "black": "Page Black", "result": "1/2-1/2"}),
        json!({"file": "truncated.xqf", "game": 1, "plies": 0, "lines": 0, "status": "error", "encoding": null,
               "error": {"kind": "truncated", "game": 1, "byte": 10,
                         "message": "game 1, byte 10 (0xa): truncated: the 1024-byte header"}}),
        json!({"file": "binary.pgn", "game": 0, "plies": 0, "lines": 0, "status": "error", "encoding": null,
               "error": {"kind": "no_record", "message": "no PGN, XQF, DhtmlXQ or CCBridge record found"}}),
    ];
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), expected.len() + 1);
    assert_eq!(lines[..expected.len()], expected);
    // The message of a missing file is the system's; the rest is ours.
    let missing = &lines[expected.len()];
    assert_eq!(
        (&missing["file"], &missing["game"], &missing["status"], &missing["encoding"]),
        (&json!("missing.pgn"), &json!(0), &json!("error"), &json!(null))
    );
    assert_eq!(missing["error"]["kind"], "io", "{missing}");
    assert!(missing["error"]["message"].as_str().unwrap().starts_with("cannot read: "), "{missing}");
    // The summary goes to stderr, so that stdout is JSON only.
    assert!(run.stderr.starts_with("files 7 (2 unreadable, 1 without a record passed over), games 7 (2 rejected"));
}

#[test]
fn output_order_does_not_depend_on_the_thread_count() {
    // Many small files, named in an order that is not sorted, each named several times.
    let names = ["collection/b-bad.pgn", "collection/a-good.pgn", "perpetual-chase.pgn", "collection/sub/c-page.html"];
    let args: Vec<&str> =
        ["check", "--json", "-q"].into_iter().chain(names.iter().copied().cycle().take(200)).collect();
    let mut one = args.clone();
    one.extend(["-j", "1"]);
    let mut two = args.clone();
    two.extend(["-j", "2"]);
    let (one, two) = (xiangqi(&one), xiangqi(&two));
    assert_eq!(one.code, 1);
    assert_eq!(json_lines(&one.stdout).len(), 50 * 7);
    assert_eq!(one.stdout, two.stdout);
    let files: Vec<String> =
        json_lines(&two.stdout).iter().map(|line| line["file"].as_str().unwrap().to_owned()).collect();
    assert_eq!(
        files[..7],
        [
            "collection/b-bad.pgn",
            "collection/b-bad.pgn",
            "collection/b-bad.pgn",
            "collection/a-good.pgn",
            "collection/a-good.pgn",
            "perpetual-chase.pgn",
            "collection/sub/c-page.html"
        ]
    );
}

#[cfg(unix)]
#[test]
fn a_directory_loop_is_reported_and_the_run_goes_on() {
    let dir = scratch("loop");
    std::fs::create_dir(dir.join("inner")).unwrap();
    std::fs::copy(crate::fixtures().join("collection/a-good.pgn"), dir.join("inner/game.pgn")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("inner/back")).unwrap();
    let run = xiangqi(&["check", dir.to_str().unwrap()]);
    let name = dir.display();
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.stdout,
        format!(
            "{name}/inner/back: directory loop: a link back to a directory above it\nfiles 2 (1 unreadable, 0 without \
             a record passed over), games 2 (0 rejected, 0 with warnings), plies 8\n"
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    for args in
        [&["check"][..], &["check", "--jobs", "0", "collection"], &["check", "--frobnicate", "x"], &["frobnicate"]]
    {
        let run = xiangqi(args);
        assert_eq!(run.code, 2, "{args:?}: {run:?}");
        assert!(run.stderr.contains("error:"), "{run:?}");
        assert_eq!(run.stdout, "");
    }
    let help = xiangqi(&["check", "--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("Example:\n  xiangqi check"), "{}", help.stdout);
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn the_shared_uci_collections_read_in_full() {
    let data = testdata();
    let dir = data.join("games/wukong/selected_iccs");
    let run = xiangqi(&["check", "-q", dir.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run:?}");
    // The corpus README: 2,516 games that replay legally, 221,678 plies in total.
    assert_eq!(
        run.stdout,
        "files 2 (0 unreadable, 0 without a record passed over), games 2516 (0 rejected, 0 with warnings), plies 221678\n"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_cleanly_with_the_results_so_far_in_order() {
    // A long file: far more games than can be read between the first line of output and the signal.
    let dir = scratch("ctrl-c");
    let game = "[Event \"Long\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n";
    let path = dir.join("long.pgn");
    std::fs::write(&path, game.repeat(200_000)).unwrap();
    let run = interrupted(&["check", "--json", path.to_str().unwrap()]);
    let stderr = &run.stderr;
    assert_eq!(run.code, 130, "{stderr}");
    assert!(stderr.ends_with("interrupted\n"), "{stderr}");
    // The file cut short is not counted among the files; its games handed on are.
    assert!(stderr.starts_with("files 0 (0 unreadable"), "{stderr}");
    let lines = json_lines(&run.stdout);
    assert!(lines.len() < 200_000, "stopped early");
    assert!(stderr.contains(&format!(", games {} (0 rejected", lines.len())), "{stderr}");
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line["game"], index + 1);
        assert_eq!(line["status"], "ok");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn lenient_reading_keeps_the_good_moves_of_a_bad_game_with_a_warning() {
    let run = xiangqi(&["check", "--lenient", "collection/b-bad.pgn"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "collection/b-bad.pgn: warning: game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9 (left out \
         with the rest of its line)\nfiles 1 (0 unreadable, 0 without a record passed over), games 3 (0 rejected, 1 \
         with warnings), plies 8\n"
    );
    let json = xiangqi(&["check", "--lenient", "--json", "collection/b-bad.pgn"]);
    assert_eq!(
        json_lines(&json.stdout)[1],
        json!({"file": "collection/b-bad.pgn", "game": 2, "plies": 3, "lines": 1, "status": "warning", "encoding": "utf-8",
               "warnings": ["game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9 (left out with the \
                             rest of its line)"],
               "event": "Bad among good", "red": "Second", "black": "Game"})
    );
}

/// Runs `xiangqi ARGS` in the fixtures folder on a pseudo-terminal (`script`, util-linux; `timeout` ends a run
/// that hangs): its exit code and what the terminal got. `None` when the machine lacks the two tools.
#[cfg(unix)]
fn on_a_terminal(args: &str) -> Option<(Option<i32>, String)> {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_xiangqi"));
    let output = std::process::Command::new("timeout")
        .args(["60", "script", "-qec", &command, "/dev/null"])
        .current_dir(crate::fixtures())
        .output();
    let output = output.ok().map(|output| (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned()));
    if output.is_none() {
        println!("skipped: no `timeout` or `script` on this machine");
    }
    output
}

#[cfg(unix)]
#[test]
fn on_a_terminal_the_progress_bar_steps_aside_for_the_results() {
    let Some((code, screen)) = on_a_terminal("check -j 2 collection") else { return };
    assert_eq!(code, Some(1), "{screen}");
    assert!(screen.contains("/4 files, "), "the bar is drawn: {screen}");
    assert!(screen.contains(BAD_GAME), "{screen}");
    assert!(screen.contains("files 4 (0 unreadable, 1 without a record passed over)"), "{screen}");
}

#[cfg(unix)]
#[test]
fn on_a_terminal_the_bar_of_one_file_counts_its_bytes() {
    let dir = scratch("bar-bytes");
    let (path, games) = large_pgn(&dir);
    let Some((code, screen)) = on_a_terminal(&format!("check -j 2 {}", path.display())) else { return };
    assert_eq!(code, Some(1), "{screen}");
    // The bar's last state, drawn before it is cleared: every byte of the file, and every game.
    assert!(screen.contains("100% of 1.0"), "{screen}");
    assert!(screen.contains(&format!(" MiB, {games} games, ")), "{screen}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A PGN file of more than 1 MiB (read in parallel with two threads), made of `block` repeated: games with
/// variations and comments, a bad game, a game with a warning, and two games with no tags between them. Returns
/// its path and the number of its games.
pub(crate) fn large_pgn(dir: &std::path::Path) -> (std::path::PathBuf, usize) {
    let block =
        "[Event \"Large\"]\n[Result \"1-0\"]\n\n{A game.} 1. h2e2 h9g7 {the horse} (1... h7e7 2. h0g2) 2. h0g2 1-0\n\n\
                 [Event \"Bad\"]\n\n1. h2e2 h9g7 2. h0g2 h9g7 *\n\n\
                 [Event \"Contradicts\"]\n[Result \"0-1\"]\n\n1. b2e2 b9c7 1-0\n\n\
                 [Event \"Two without tags between\"]\n\n1. h2e2 *\n1. b2e2 b9c7 *\n\n";
    let path = dir.join("large.pgn");
    let blocks = (1 << 20) / block.len() + 10;
    std::fs::write(&path, block.repeat(blocks)).unwrap();
    (path, 5 * blocks)
}

#[test]
fn a_large_file_read_on_two_threads_gives_the_output_of_one() {
    let dir = scratch("large");
    let (path, games) = large_pgn(&dir);
    let path = path.to_str().unwrap();
    for lenient in [false, true] {
        let run = |jobs| {
            let mut args = vec!["check", "--json", "-q", "-j", jobs, path];
            if lenient {
                args.push("--lenient");
            }
            xiangqi(&args)
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one.code, i32::from(!lenient));
        assert_eq!(one.stdout, two.stdout, "lenient: {lenient}");
        assert_eq!(one.stderr, two.stderr);
        // Every game has its number in the file, whatever text it was split off with.
        let lines = json_lines(&two.stdout);
        assert_eq!(lines.len(), games);
        for (index, line) in lines.iter().enumerate() {
            assert_eq!(line["game"], index + 1, "{line}");
            let status = ["ok", "error", "warning", "ok", "ok"][index % 5];
            assert_eq!(line["status"], if lenient && index % 5 == 1 { "warning" } else { status }, "{line}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A PGN game whose tags are Chinese, in the bytes of `encoding` (`gbk` or `utf-8`), written in a scratch folder.
fn chinese_pgn(dir: &std::path::Path, name: &str, gbk: bool) -> String {
    // 象棋 in GBK is CF F3 C6 E5; in UTF-8 E8 B1 A1 E6 A3 8B.
    let event: &[u8] = if gbk { &[0xCF, 0xF3, 0xC6, 0xE5] } else { "象棋".as_bytes() };
    let mut bytes = b"[Event \"".to_vec();
    bytes.extend_from_slice(event);
    bytes.extend_from_slice(b"\"]\n[Red \"R\"]\n[Black \"B\"]\n\n1. h2e2 h9g7 1-0\n");
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn json_names_the_encoding_each_game_was_read_in() {
    let dir = scratch("encodings");
    let gbk = chinese_pgn(&dir, "gbk.pgn", true);
    let utf8 = chinese_pgn(&dir, "utf8.pgn", false);
    let run = xiangqi(&["check", "--json", "-q", &gbk, &utf8, "truncated.xqf"]);
    assert_eq!(run.code, 1, "{run:?}");
    let lines = json_lines(&run.stdout);
    let seen: Vec<_> = lines.iter().map(|line| (&line["encoding"], &line["event"])).collect();
    assert_eq!(
        seen,
        [(&json!("gbk"), &json!("象棋")), (&json!("utf-8"), &json!("象棋")), (&json!(null), &serde_json::Value::Null)]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn input_encoding_forces_the_encoding_of_every_game() {
    let dir = scratch("forced-encoding");
    let gbk = chinese_pgn(&dir, "gbk.pgn", true);
    // Detected, the bytes are GBK; forced to UTF-8, they are not valid and each is read as U+FFFD, with a warning.
    let run = xiangqi(&["check", "--json", "-q", "--input-encoding", "utf-8", &gbk]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        json_lines(&run.stdout),
        [json!({"file": gbk, "game": 1, "plies": 2, "lines": 1, "status": "warning", "encoding": "utf-8",
                "warnings": ["game 1, line 1: bytes that are not valid utf-8, read as U+FFFD (choose the encoding to read in)"],
                "event": "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", "red": "R", "black": "B", "result": "1-0"})]
    );
    // Forced to Big5, the same bytes are read without a warning, as other characters.
    let big5 = xiangqi(&["check", "--json", "-q", "--input-encoding", "big5", &gbk]);
    let line = &json_lines(&big5.stdout)[0];
    assert_eq!((&line["encoding"], &line["status"]), (&json!("big5"), &json!("ok")));
    assert_ne!(line["event"], json!("象棋"));
    std::fs::remove_dir_all(dir).unwrap();
}
