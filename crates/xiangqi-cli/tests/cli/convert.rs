//! `xiangqi convert`.

use serde_json::json;

use crate::{json_lines, scratch, xiangqi};

/// The `check --json` lines of `path`, without the file names.
fn games(path: &str) -> Vec<serde_json::Value> {
    let run = xiangqi(&["check", "--json", path]);
    let mut lines = json_lines(&run.stdout);
    for line in &mut lines {
        let line = line.as_object_mut().unwrap();
        line.remove("file");
        line.remove("encoding");
    }
    lines
}

/// The `encoding` of each game of `path`, as `check --json` reads it.
fn encodings(path: &str) -> Vec<serde_json::Value> {
    json_lines(&xiangqi(&["check", "--json", path]).stdout).into_iter().map(|line| line["encoding"].clone()).collect()
}

#[test]
fn every_readable_game_is_converted_and_a_bad_one_skipped() {
    let dir = scratch("convert");
    for (to, name) in [("pgn", "all.pgn"), ("dhtmlxq", "all.html")] {
        let out = dir.join(name);
        let run = xiangqi(&["convert", "--to", to, "collection", "-o", out.to_str().unwrap()]);
        assert_eq!(run.code, 1, "{run:?}");
        assert_eq!(
            run.stderr,
            "collection/b-bad.pgn: game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9 (skipped)\n\
             5 games written, 1 skipped, 0 files unreadable\n"
        );
        // The converted games read back with the same moves, lines, tags and results.
        let mut expected = games("collection");
        expected.retain(|game| game["status"] == "ok");
        for (index, game) in expected.iter_mut().enumerate() {
            game["game"] = (index + 1).into();
        }
        assert_eq!(games(out.to_str().unwrap()), expected, "{to}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_output_encoding_is_chosen() {
    let run = xiangqi(&[
        "convert",
        "--to",
        "pgn",
        "--notation",
        "wxf",
        "--encoding",
        "gbk",
        "-q",
        "collection/a-good.pgn",
        "-o",
        "-",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let _ = run;
    let dir = scratch("encoding");
    let out = dir.join("gbk.pgn");
    let run =
        xiangqi(&["convert", "--to", "pgn", "--encoding", "gbk", "collection/a-good.pgn", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run:?}");
    let bytes = std::fs::read(&out).unwrap();
    // 炮二平五 in GBK.
    assert!(bytes.windows(8).any(|w| w == [0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5]));
    assert!(core::str::from_utf8(&bytes).is_err());
    assert_eq!(games(out.to_str().unwrap()), games("collection/a-good.pgn"));
    assert_eq!(encodings(out.to_str().unwrap()), [json!("gbk"), json!("gbk")]);
    assert_eq!(encodings("collection/a-good.pgn"), [json!("utf-8"), json!("utf-8")]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn wxf_moves_in_pgn() {
    let run = xiangqi(&["convert", "--to", "pgn", "--notation", "wxf", "collection/a-good.pgn", "-o", "-"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains("[Format \"WXF\"]\n\n{A short game with a comment and a variation.}\n1. C2.5 H8+7 {the screen horse} (1... C8.5 2. H2+3)\n2. H2+3 R9.8\n1-0\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_missing_output_option_is_a_usage_error() {
    let run = xiangqi(&["convert", "--to", "pgn", "collection"]);
    assert_eq!(run.code, 2, "{run:?}");
    let run = xiangqi(&["convert", "--to", "cbr", "collection", "-o", "-"]);
    assert_eq!(run.code, 2, "{run:?}");
}

#[test]
fn iccs_is_written_h2_e2_and_ucci_h2e2() {
    let cases = [("iccs", "ICCS", "1. H2-E2 H9-G7", "h2e2"), ("ucci", "UCCI", "1. h2e2 h9g7", "H2-E2")];
    for (notation, format, first, other) in cases {
        let run =
            xiangqi(&["convert", "--to", "pgn", "--notation", notation, "-q", "collection/a-good.pgn", "-o", "-"]);
        assert_eq!(run.code, 0, "{run:?}");
        assert!(run.stdout.contains(&format!("[Format \"{format}\"]\n")), "{}", run.stdout);
        assert!(run.stdout.contains(first), "{}", run.stdout);
        assert!(!run.stdout.contains(other), "{}", run.stdout);
    }
}

#[test]
fn a_large_file_converted_on_two_threads_is_the_file_converted_on_one() {
    let dir = scratch("convert-large");
    let (path, _) = crate::check::large_pgn(&dir);
    for to in ["pgn", "dhtmlxq"] {
        let out = |jobs: &str| {
            let out = dir.join(format!("out-{to}-{jobs}"));
            let run =
                xiangqi(&["convert", "--to", to, "-j", jobs, path.to_str().unwrap(), "-o", out.to_str().unwrap()]);
            assert_eq!(run.code, 1, "{run:?}");
            (std::fs::read(out).unwrap(), run.stderr)
        };
        let (one, two) = (out("1"), out("2"));
        assert!(one.0.len() > 1 << 20, "{to}: {}", one.0.len());
        assert!(one.0 == two.0, "{to}: the outputs differ");
        assert_eq!(one.1, two.1);
        assert!(two.1.contains(": game 7, line 27: ply 4, move `h9g7`"), "{}", &two.1[..300]);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_notation_every_target_and_a_final_newline() {
    let pgn = |notation: &str| {
        let run = xiangqi(&["convert", "--to", "pgn", "--notation", notation, "-q", "perpetual-chase.pgn", "-o", "-"]);
        assert_eq!(run.code, 0, "{run:?}");
        run.stdout
    };
    let axf = pgn("axf");
    assert!(axf.contains("[Format \"AXF\"]\n"), "{axf}");
    assert!(axf.contains("\n1. 车8+7 炮1-1\n2. 车8+1 炮1+1\n"), "{axf}");
    let fairy = pgn("fairy-uci");
    assert!(fairy.contains("\n1. b1b8 a8a9\n"), "{fairy}");
    for text in [&axf, &fairy] {
        assert!(text.ends_with("*\n"), "{text:?}");
    }
    let dhtmlxq = xiangqi(&["convert", "--to", "dhtmlxq", "-q", "perpetual-chase.pgn", "-o", "-"]);
    assert!(dhtmlxq.stdout.ends_with("[/DhtmlXQ]\n"), "{:?}", dhtmlxq.stdout);
    // XQF: one game a file, read back with the same moves; a second game is reported and skipped.
    let dir = scratch("convert-xqf");
    let out = dir.join("chase.xqf");
    let run = xiangqi(&["convert", "--to", "xqf", "perpetual-chase.pgn", "-o", out.to_str().unwrap()]);
    assert_eq!((run.code, run.stderr.as_str()), (0, "1 games written, 0 skipped, 0 files unreadable\n"));
    let mut back = games(out.to_str().unwrap());
    let mut original = games("perpetual-chase.pgn");
    for game in back.iter_mut().chain(original.iter_mut()) {
        game.as_object_mut().unwrap().remove("event");
    }
    assert_eq!((back[0]["plies"].clone(), back[0]["status"].clone()), (original[0]["plies"].clone(), "ok".into()));
    let two = xiangqi(&["convert", "--to", "xqf", "collection/a-good.pgn", "-o", out.to_str().unwrap()]);
    assert_eq!(
        (two.code, two.stderr.as_str()),
        (
            1,
            "collection/a-good.pgn: game 2: an XQF file holds one game, and the first is written (skipped)\n\
             1 games written, 1 skipped, 0 files unreadable\n"
        )
    );
    let bad = xiangqi(&["convert", "--to", "pgn", "--notation", "uci", "perpetual-chase.pgn", "-o", "-"]);
    assert_eq!(bad.code, 2, "{bad:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn json_reports_each_game_on_stderr_with_its_encoding() {
    let dir = scratch("convert-json");
    // 象棋 in GBK (CF F3 C6 E5) and in UTF-8.
    let gbk = dir.join("gbk.pgn");
    let mut bytes = b"[Event \"".to_vec();
    bytes.extend_from_slice(&[0xCF, 0xF3, 0xC6, 0xE5]);
    bytes.extend_from_slice(b"\"]\n\n1. h2e2 h9g7 1-0\n");
    std::fs::write(&gbk, bytes).unwrap();
    let utf8 = dir.join("utf8.pgn");
    std::fs::write(&utf8, "[Event \"象棋\"]\n\n1. h2e2 h9g7 1-0\n").unwrap();
    let (gbk, utf8) = (gbk.to_str().unwrap(), utf8.to_str().unwrap());
    let run = xiangqi(&[
        "convert",
        "--to",
        "pgn",
        "--json",
        "-q",
        gbk,
        utf8,
        "collection/b-bad.pgn",
        "truncated.xqf",
        "binary.pgn",
        "-o",
        "-",
    ]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout.matches("[Event \"象棋\"]").count(), 2, "{}", run.stdout);
    assert_eq!(
        json_lines(&run.stderr),
        [
            json!({"file": gbk, "game": 1, "status": "written", "encoding": "gbk"}),
            json!({"file": utf8, "game": 1, "status": "written", "encoding": "utf-8"}),
            json!({"file": "collection/b-bad.pgn", "game": 1, "status": "written", "encoding": "utf-8"}),
            json!({"file": "collection/b-bad.pgn", "game": 2, "status": "skipped", "encoding": "utf-8",
                   "error": "game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9"}),
            json!({"file": "collection/b-bad.pgn", "game": 3, "status": "written", "encoding": "utf-8"}),
            json!({"file": "truncated.xqf", "game": 1, "status": "skipped", "encoding": null,
                   "error": "game 1, byte 10 (0xa): truncated: the 1024-byte header"}),
            json!({"file": "binary.pgn", "game": 0, "status": "skipped", "encoding": null,
                   "error": "no PGN, XQF, DhtmlXQ or CCBridge record found"}),
        ]
    );
    // Forced, the encoding is the one given.
    let forced = xiangqi(&["convert", "--to", "pgn", "--json", "-q", "--input-encoding", "big5", gbk, "-o", "-"]);
    assert_eq!(json_lines(&forced.stderr), [json!({"file": gbk, "game": 1, "status": "written", "encoding": "big5"})]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_library_heading_is_kept_as_the_section_tag_of_its_games() {
    // The notation crate's fixture library: the heading 第一组, then two games.
    let cbl = concat!(env!("CARGO_MANIFEST_DIR"), "/../xiangqi-notation/tests/fixtures/ccbridge/library.cbl");
    let run = xiangqi(&["convert", "--to", "pgn", "--json", "-q", cbl, "-o", "-"]);
    assert_eq!(run.code, 0, "{run:?}");
    let sections: Vec<&str> = run.stdout.lines().filter(|line| line.starts_with("[Section ")).collect();
    assert_eq!(sections, ["[Section \"第一组\"]", "[Section \"第一组\"]"]);
    let encodings: Vec<_> = json_lines(&run.stderr).into_iter().map(|line| line["encoding"].clone()).collect();
    assert_eq!(encodings, [json!(null), json!(null)]);
}
