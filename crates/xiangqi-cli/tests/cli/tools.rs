//! `xiangqi perft`, `standings` and `show`.

use crate::xiangqi;

#[test]
fn perft_counts_and_divides() {
    let run = xiangqi(&["perft", "3"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.starts_with("nodes 79666 time "), "{}", run.stdout);
    let divide = xiangqi(&["perft", "--divide", "--fen", "3k5/9/9/9/9/9/9/9/9/4K4 w", "1"]);
    let lines: Vec<&str> = divide.stdout.lines().collect();
    // The red king on e0 may go to f0 or e1 (in generation order); d0 would face the black king on d9.
    assert_eq!(lines[..2], ["e0f0 1", "e0e1 1"], "{}", divide.stdout);
    assert!(lines[2].starts_with("nodes 2 "), "{}", divide.stdout);
    assert_eq!(lines.len(), 3);
    let bad = xiangqi(&["perft", "--fen", "not a fen", "1"]);
    assert_eq!(bad.code, 1);
    assert!(bad.stderr.starts_with("error: --fen: invalid FEN: "), "{}", bad.stderr);
    // Beyond depth 8 only with --force: refused at once, as a usage error.
    let deep = xiangqi(&["perft", "99"]);
    assert_eq!(deep.code, 2, "{deep:?}");
    assert!(deep.stderr.starts_with("error: perft 99 would run for hours or more "), "{}", deep.stderr);
    // With --force the progress is on stderr, one line per root move.
    let forced = xiangqi(&["perft", "--force", "--fen", "3k5/9/9/9/9/9/9/9/9/4K4 w", "9"]);
    assert_eq!(forced.code, 0, "{forced:?}");
    assert!(
        forced.stderr.starts_with("perft 9: 2 root moves\nperft 9: root move 1 of 2 (e0f0) done, "),
        "{}",
        forced.stderr
    );
}

#[test]
fn standings_of_the_sample_event() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/data/standings-sample.json");
    let run = xiangqi(&["standings", sample]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.starts_with("Sample round robin (six players, Berger table)\nruleset: axf-rr\n"),
        "{}",
        run.stdout
    );
    let json = xiangqi(&["standings", "--json", "--preset", "fide", sample]);
    assert_eq!(json.code, 0, "{json:?}");
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert!(value.is_object());
    let bad = xiangqi(&["standings", "--preset", "nonesuch", sample]);
    assert_eq!(bad.code, 2, "{bad:?}");
}

#[test]
fn standings_pad_by_display_width_and_take_bare_ids() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/data/standings-sample.json");
    let run = xiangqi(&["standings", sample]);
    let table: Vec<&str> = run.stdout.lines().skip_while(|line| !line.starts_with("place")).take(7).collect();
    // A name of two CJK characters takes four columns, as wide as the header `name`; the places decided by
    // the head-to-head criteria show their values (c3, c7 for places 5 and 6).
    assert_eq!(
        table,
        [
            "place id name c1   c2  c3 c4 c5 c6  c7 c8",
            "1     2  王芳  7 14.5 n/a  3  1  2 n/a  0",
            "2     1  张伟  6 15.5 n/a  2  0  1 n/a  0",
            "3     6  杨磊  5 12.5 n/a  1  0  3 n/a  0",
            "4     3  李强  4 10.5 n/a  1  0  2 n/a  1",
            "5     5  陈静  4    9   1  1  1  3   1  0",
            "6     4  刘洋  4    9   1  1  1  3   0  0",
        ]
    );
    let dir = crate::scratch("standings");
    let file = dir.join("bare.json");
    let event = r#"{"players": ["A", "B"], "rounds": [{"games": [{"red": "A", "black": "B", "result": "1-0"}]}]}"#;
    std::fs::write(&file, event).unwrap();
    let bare = xiangqi(&["standings", file.to_str().unwrap()]);
    assert_eq!(bare.code, 0, "{bare:?}");
    let rows: Vec<&str> = bare.stdout.lines().skip_while(|line| !line.starts_with("place")).take(3).collect();
    // No name column: the ids are not repeated as names.
    assert_eq!(rows[0].split_whitespace().take(3).collect::<Vec<_>>(), ["place", "id", "c1"], "{}", bare.stdout);
    assert!(rows[1].starts_with("1     A "), "{}", bare.stdout);
    assert!(rows[2].starts_with("2     B "), "{}", bare.stdout);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn show_a_fen_and_a_game_after_a_ply() {
    let run = xiangqi(&["show", "3k5/9/9/9/9/9/9/9/9/4K4 w"]);
    assert_eq!(run.code, 0, "{run:?}");
    let empty = " . . . . . . . . .\n";
    let expected = format!(
        "9 . . . k . . . . .\n8{empty}7{empty}6{empty}5{empty}  ~~~~~~~~~~~~~~~~~\n4{empty}3{empty}2{empty}1{empty}\
         0 . . . . K . . . .\n  a b c d e f g h i\n3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n"
    );
    assert_eq!(run.stdout, expected);
    let after = xiangqi(&["show", "--ply", "1", "collection/a-good.pgn"]);
    assert_eq!(
        after.stdout.lines().last(),
        Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
    );
    let svg = xiangqi(&["show", "--game", "2", "--ply", "2", "--svg", "-", "collection/a-good.pgn"]);
    assert_eq!(svg.code, 0, "{svg:?}");
    assert!(svg.stdout.starts_with("<svg"), "{}", svg.stdout);
    assert!(svg.stdout.contains(">馬</text>"));
    let too_far = xiangqi(&["show", "--ply", "5", "collection/a-good.pgn"]);
    assert_eq!(
        (too_far.code, too_far.stderr.as_str()),
        (1, "error: --ply 5: game 1 of collection/a-good.pgn has 4 plies\n")
    );
    let far = xiangqi(&["show", "--ply", "999", "collection/a-good.pgn"]);
    assert_eq!(far.code, 1, "{far:?}");
    let no_game = xiangqi(&["show", "--game", "9", "collection/a-good.pgn"]);
    assert_eq!((no_game.code, no_game.stderr.as_str()), (1, "error: collection/a-good.pgn: there is no game 9\n"));
}
