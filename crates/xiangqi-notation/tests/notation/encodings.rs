//! Encodings per game: a PGN file made by joining collections in Big5, GBK and UTF-8 reads every game, an
//! encoding can be chosen, bytes that are not valid in it are a warning, and errors that may come from the
//! encoding name it.

use std::io::BufReader;

use xiangqi_notation::{
    encoding::{encode, TextEncoding},
    pgn, read_any, ReadOptions, RecordErrorKind, WarningKind,
};

use crate::common::{fixture, testdata};

/// Reads `bytes` as PGN in pieces of `capacity` bytes: each game's result and encoding.
fn read(bytes: &[u8], capacity: usize, options: ReadOptions) -> Vec<(bool, Option<TextEncoding>)> {
    let mut reader = pgn::Reader::with_options(BufReader::with_capacity(capacity, bytes), options);
    let mut games = Vec::new();
    while let Some(game) = reader.next() {
        games.push((game.is_ok(), reader.encoding()));
    }
    games
}

#[test]
fn joined_collections_in_three_encodings_read_every_game_in_its_own() {
    let (big5, gbk, utf8) = (fixture("pgn/big5.pgn"), fixture("pgn/gbk.pgn"), fixture("pgn/utf8.pgn"));
    let count = |bytes: &[u8]| pgn::read(bytes).unwrap().len();
    let (n_big5, n_gbk, n_utf8) = (count(&big5), count(&gbk), count(&utf8));
    let mut joined = Vec::new();
    for part in [&big5, &gbk, &utf8, &big5] {
        joined.extend_from_slice(part);
        joined.extend_from_slice(b"\n");
    }
    let mut expected = Vec::new();
    for (n, encoding) in [(n_big5, TextEncoding::Big5), (n_gbk, TextEncoding::Gbk), (n_utf8, TextEncoding::Utf8)] {
        expected.extend(core::iter::repeat_n((true, Some(encoding)), n));
    }
    expected.extend(core::iter::repeat_n((true, Some(TextEncoding::Big5)), n_big5));
    for capacity in [3, 100, 8192] {
        assert_eq!(read(&joined, capacity, ReadOptions::strict()), expected, "{capacity}");
    }
    // Through read_any, the same games.
    let games: Vec<_> = read_any(&joined[..], ReadOptions::strict()).unwrap().collect();
    assert_eq!(games.len(), expected.len());
    assert!(games.iter().all(Result::is_ok));
}

#[test]
fn a_chosen_encoding_is_used_for_every_game_and_bad_bytes_are_a_warning() {
    let text = "[Event \"a\"]\n1. 炮二平五 马８进７ *\n\n[Event \"b\"]\n1. h2e2 {评注} *\n";
    let gbk = encode(text, TextEncoding::Gbk);
    // Read as GBK, as detected.
    let options = ReadOptions::strict().with_encoding(Some(TextEncoding::Gbk));
    assert_eq!(read(&gbk, 5, options), vec![(true, Some(TextEncoding::Gbk)); 2]);
    // Forced to UTF-8: the bytes are not UTF-8. The move's error names UTF-8; the game that reads (its bad bytes
    // are in a comment) has a warning.
    let options = ReadOptions::strict().with_encoding(Some(TextEncoding::Utf8));
    let mut reader = pgn::Reader::with_options(&gbk[..], options);
    let error = reader.next().unwrap().unwrap_err();
    let RecordErrorKind::Move(mv) = &error.kind else { panic!("{error}") };
    assert_eq!(mv.read_as, Some(TextEncoding::Utf8));
    assert!(error.to_string().starts_with("game 1, line 2: ply 1, move `"), "{error}");
    assert!(error.to_string().contains("` (read as utf-8): "), "{error}");
    let game = reader.next().unwrap().unwrap();
    assert_eq!(game.main.nodes[0].comment.as_deref(), Some("\u{fffd}\u{fffd}\u{5e2}"));
    let warnings = reader.take_warnings();
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].kind, WarningKind::Undecodable(TextEncoding::Utf8));
    assert_eq!(
        warnings[0].to_string(),
        "game 2, line 4: bytes that are not valid utf-8, read as U+FFFD (choose the encoding to read in)"
    );
}

#[test]
fn a_big5_game_read_as_gbk_names_the_encoding_in_its_error() {
    let text = "[Event \"a\"]\n1. 炮二平五 馬８進７ *\n";
    let big5 = encode(text, TextEncoding::Big5);
    let options = ReadOptions::strict().with_encoding(Some(TextEncoding::Gbk));
    let error = pgn::Reader::with_options(&big5[..], options).next().unwrap().unwrap_err();
    let RecordErrorKind::Move(mv) = &error.kind else { panic!("{error}") };
    assert_eq!(mv.read_as, Some(TextEncoding::Gbk));
    assert!(error.to_string().contains("` (read as gbk): syntax error at byte 0"), "{error}");
}

#[test]
fn a_utf16_stream_and_a_chosen_utf16() {
    let text = "[Event \"炮\"]\n1. 炮二平五 *\n[Event \"b\"]\n1. h2e2 *\n";
    let mut bytes = vec![0xff, 0xfe];
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    assert_eq!(read(&bytes, 3, ReadOptions::strict()), vec![(true, Some(TextEncoding::Utf16Le)); 2]);
    let chosen = ReadOptions::strict().with_encoding(Some(TextEncoding::Utf16Le));
    assert_eq!(read(&bytes[2..], 3, chosen), vec![(true, Some(TextEncoding::Utf16Le)); 2]);
}

/// The corpus's collections joined: 200 Big5 files of pgn-practical, the 20 GBK CCGC files, the UTF-8 wukong
/// file: every game reads, each in its encoding, as it reads alone.
#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn the_corpus_collections_joined_read_as_they_read_alone() {
    let root = testdata();
    let mut parts: Vec<(Vec<u8>, TextEncoding)> = Vec::new();
    for i in 1..=200 {
        let path = root.join(format!("games/pgn-practical/{i:05}.pgn"));
        parts.push((std::fs::read(path).unwrap(), TextEncoding::Big5));
    }
    let mut ccgc: Vec<_> =
        std::fs::read_dir(root.join("games/xqf/eleeye/CCGC")).unwrap().map(|e| e.unwrap().path()).collect();
    ccgc.sort();
    parts.extend(ccgc.into_iter().map(|path| (std::fs::read(path).unwrap(), TextEncoding::Gbk)));
    let wukong = root.join("games/wukong/games_pgn/xqdb_traditional.pgn");
    parts.push((std::fs::read(wukong).unwrap(), TextEncoding::Utf8));
    let mut joined = Vec::new();
    let mut expected = Vec::new();
    for (bytes, encoding) in &parts {
        let alone: Vec<_> = pgn::Reader::new(&bytes[..]).map(|game| game.is_ok()).collect();
        expected.extend(alone.into_iter().map(|ok| (ok, Some(*encoding))));
        joined.extend_from_slice(bytes);
        joined.extend_from_slice(b"\n");
    }
    let got = read(&joined, 8192, ReadOptions::strict());
    assert_eq!(got.len(), expected.len());
    assert_eq!(got, expected);
    assert!(got.iter().filter(|(ok, _)| *ok).count() >= expected.len() - 2, "only the two known bad FENs fail");
}
