//! Helpers shared by the notation tests: the two fixture games of `scripts/fixtures/make_records.py`, as every
//! format must read them, and the golden files of the differential tests.
#![allow(dead_code)]

use std::path::PathBuf;

use xiangqi_board::{Color, Move, Outcome, Position};
use xiangqi_notation::{GameRecord, GameResult, Line};

/// The shared test-data folder, `XIANGQI_TESTDATA`.
///
/// # Panics
/// When the variable is not set: the tests that call this are `#[ignore]`d, so they run only when asked for.
pub(crate) fn testdata() -> PathBuf {
    std::env::var_os("XIANGQI_TESTDATA")
        .map(PathBuf::from)
        .expect("XIANGQI_TESTDATA is not set: this test needs the shared test data (see the README)")
}

/// The bytes of `tests/fixtures/<name>`.
pub(crate) fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The moves of `line` in coordinates.
pub(crate) fn moves(line: &Line) -> Vec<String> {
    line.moves().map(|mv| mv.to_string()).collect()
}

/// Checks the main line, variations and comments of game 1 (`with_comments` false for formats that lost them).
pub(crate) fn check_game1_moves(game: &GameRecord) {
    assert_eq!(game.start, Position::new());
    let main = &game.main;
    assert_eq!(moves(main), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
    assert_eq!(main.line_count(), 5);
    assert_eq!(main.move_count(), 6 + 3 + 1 + 1 + 1);
    assert_eq!(main.comment.as_deref(), Some("自编对局：中炮对屏风马"));
    let comments: Vec<_> = main.nodes.iter().map(|n| n.comment.as_deref()).collect();
    assert_eq!(comments, [Some("中炮"), None, None, Some("出车"), None, Some("完")]);

    let at_ply_2 = &main.nodes[1].variations;
    assert_eq!(at_ply_2.len(), 2);
    assert_eq!(moves(&at_ply_2[0]), ["h7e7", "b0c2", "b9c7"]);
    assert_eq!(at_ply_2[0].nodes[0].comment.as_deref(), Some("顺炮"));
    let nested = &at_ply_2[0].nodes[1].variations;
    assert_eq!(nested.len(), 1);
    assert_eq!(moves(&nested[0]), ["h0g2"]);
    assert_eq!(nested[0].nodes[0].comment.as_deref(), Some("也可以"));
    assert_eq!(moves(&at_ply_2[1]), ["b7e7"]);

    let at_ply_5 = &main.nodes[4].variations;
    assert_eq!(at_ply_5.len(), 1);
    assert_eq!(moves(&at_ply_5[0]), ["b0c2"]);
    assert_eq!(at_ply_5[0].nodes[0].comment.as_deref(), Some("另一种走法"));
    for (i, node) in main.nodes.iter().enumerate() {
        if i != 1 && i != 4 {
            assert!(node.variations.is_empty(), "ply {}", i + 1);
        }
    }
    assert_eq!(game.result, GameResult::Unknown);
}

/// The tags of game 1 in the binary formats (XQF, CBR), in their order.
pub(crate) const TAGS1: [(&str, &str); 6] = [
    ("Title", "自编对局"),
    ("Event", "夹具赛"),
    ("Date", "2024.05.01"),
    ("Site", "北京"),
    ("Red", "红方"),
    ("Black", "黑方"),
];

/// The start of game 2 (Black to move).
pub(crate) const FEN2: &str = "3akar2/9/9/9/R8/9/9/9/4p4/3K5 b - - 0 1";

/// Checks game 2's start, main line and result; `variation` says whether the format kept the variation.
pub(crate) fn check_game2_moves(game: &GameRecord, variation: bool) {
    assert_eq!(game.start.to_setup().board, Position::from_fen(FEN2).unwrap().board().clone());
    assert_eq!(game.start.turn(), Color::Black);
    assert_eq!(moves(&game.main), ["e9e8", "a5a8", "e8e9", "a8a9", "g9g0"]);
    assert_eq!(game.main.nodes[4].comment.as_deref(), Some("绝杀"));
    assert_eq!(game.main.comment.as_deref(), Some("黑先残局"));
    assert_eq!(game.result, GameResult::BlackWins);
    assert_eq!(game.end_position().unwrap().outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    if variation {
        assert_eq!(game.main.line_count(), 2);
        let variation = &game.main.nodes[2].variations[0];
        assert_eq!(moves(variation), ["e8e7", "a8a7", "e7e8"]);
        assert_eq!(variation.nodes[0].comment.as_deref(), Some("躲开"));
    } else {
        assert_eq!(game.main.line_count(), 1);
    }
}

/// The positions of a golden file of `scripts/golden/` (`FEN;MOVE TEXT;MOVE TEXT…` a line, `#` comments), each
/// with its moves and the text the oracle wrote for each.
pub(crate) fn golden_file(text: &'static str) -> Vec<(Position, Vec<(Move, &'static str)>)> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().expect("a FEN");
            let pos: Position = fen.parse().unwrap_or_else(|err| panic!("{fen}: {err}"));
            let moves = fields
                .map(|field| {
                    let (iccs, text) = field.split_once(' ').expect("ICCS TEXT");
                    (iccs.parse().expect("an ICCS move"), text)
                })
                .collect();
            (pos, moves)
        })
        .collect()
}

/// Asserts that the moves of a position of a golden file are exactly the legal moves of `pos`, in any order.
pub(crate) fn assert_lists_the_legal_moves(pos: &Position, golden: &[(Move, &str)]) {
    let mut ours: Vec<Move> = pos.legal_moves().to_vec();
    let mut theirs: Vec<Move> = golden.iter().map(|&(mv, _)| mv).collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{pos}");
}
