//! XQF writing: every game read (the fixtures of every format, and with `XIANGQI_TESTDATA` every XQF and
//! CCBridge game of the shared corpus) written as 0x0A and as the encrypted 0x12 reads back equal: tree,
//! comments, start, result and the tags XQF holds. Also the layout facts of the files XQStudio and XQWizard write,
//! checked on the corpus's own encrypted files, and the writer's errors.

use crate::common;

use std::fs;

use common::{check_game1_moves, check_game2_moves, fixture, FEN2};
use xiangqi_board::{Color, Position};
use xiangqi_notation::{
    ccbridge, dhtmlxq,
    encoding::{self, TextEncoding},
    pgn,
    xqf::{self, XqfKeys, XqfOptions, XqfVersion},
    GameRecord, GameResult, Line, Node, RecordErrorKind,
};

/// The tags XQF has fields for.
const XQF_TAGS: [&str; 11] =
    ["Title", "Event", "Date", "Site", "Red", "Black", "TimeControl", "RedTime", "BlackTime", "Annotator", "Author"];

const BOTH: [XqfVersion; 2] = [XqfVersion::Plain, XqfVersion::Encrypted];

fn write(game: &GameRecord, version: XqfVersion) -> Vec<u8> {
    xqf::write(game, &XqfOptions { version, ..XqfOptions::default() }).unwrap()
}

/// `game` as XQF can hold it: only its tags.
fn as_xqf_holds(game: &GameRecord) -> GameRecord {
    let mut kept = game.clone();
    kept.tags = Default::default();
    for (name, value) in game.tags.iter().filter(|(name, _)| XQF_TAGS.contains(name)) {
        kept.tags.insert(name, value);
    }
    kept
}

/// Writes `game` in both versions and reads it back: equal to what XQF holds of it, and writing again gives
/// the same bytes.
fn round_trip(game: &GameRecord, what: &str) {
    for version in BOTH {
        let bytes = write(game, version);
        let again = xqf::read(&bytes).unwrap_or_else(|err| panic!("{what} {version:?}: {err}"));
        assert_eq!(again, as_xqf_holds(game), "{what} {version:?}");
        assert!(write(&again, version) == bytes, "{what} {version:?}: a second write differs");
    }
}

#[test]
fn the_fixtures_of_every_format_round_trip() {
    for name in ["xqf/v0a_plain.xqf", "xqf/v0b_encrypted.xqf", "xqf/v0d_encrypted.xqf", "xqf/v12_encrypted.xqf"] {
        round_trip(&xqf::read(&fixture(name)).unwrap(), name);
    }
    for name in ["pgn/utf8.pgn", "pgn/gbk.pgn", "pgn/big5.pgn"] {
        for (i, game) in pgn::read(&fixture(name)).unwrap().iter().enumerate() {
            round_trip(game, &format!("{name} game {}", i + 1));
        }
    }
    for game in dhtmlxq::read(&fixture("dhtmlxq/page.html")).unwrap() {
        round_trip(&game, "page.html");
    }
    for game in ccbridge::read(&fixture("ccbridge/library.cbl")).unwrap().games {
        round_trip(&game, "library.cbl");
    }
    // And the trees are the ones the fixtures hold.
    let game1 = xqf::read(&write(&xqf::read(&fixture("xqf/v0b_encrypted.xqf")).unwrap(), XqfVersion::Plain)).unwrap();
    check_game1_moves(&game1);
    let game2 = xqf::read(&write(&xqf::read(&fixture("xqf/v12_encrypted.xqf")).unwrap(), XqfVersion::Encrypted));
    check_game2_moves(&game2.unwrap(), true);
}

#[test]
fn the_layout_is_the_one_xqstudio_and_xqwizard_write() {
    let game = xqf::read(&fixture("xqf/v0b_encrypted.xqf")).unwrap();
    let plain = write(&game, XqfVersion::Plain);
    assert_eq!(&plain[..4], b"XQ\x0a\x00");
    assert!(plain[3..16].iter().all(|&b| b == 0), "no keys in XQF 1.0");
    // The start record: squares 0 and 0, "a next move follows", the comment length, the comment.
    let comment = "自编对局：中炮对屏风马".encode_utf16().count() * 2;
    assert_eq!(&plain[0x400..0x408], &[0x18, 0x20, 0xf0, 0, comment as u8, 0, 0, 0]);
    assert_eq!(plain[0x33], 0);
    assert_eq!(&plain[0x50..0x55], &[8, 0xd7, 0xd4, 0xb1, 0xe0]); // 自编对局 in GBK, after its length

    let encrypted = write(&game, XqfVersion::Encrypted);
    assert_eq!(&encrypted[..3], b"XQ\x12");
    assert_eq!(encrypted[12..16].iter().fold(0u8, |sum, &b| sum.wrapping_add(b)), 0, "the key bytes add up to 0");
    assert_eq!(encrypted, write(&game, XqfVersion::Encrypted), "the same game gives the same bytes");

    // Chosen keys are the ones written.
    let keys = XqfKeys { mask: 0xeb, or: [0x3f, 0x8a, 0xae, 0x89], xy: [0xa4, 0x54, 0x4d] };
    let bytes = xqf::write(&game, &XqfOptions { keys: Some(keys), ..XqfOptions::default() }).unwrap();
    assert_eq!(&bytes[..16], &[b'X', b'Q', 0x12, 0xeb, 0, 0, 0, 0, 0x3f, 0x8a, 0xae, 0x89, 0xbb, 0xa4, 0x54, 0x4d]);
    assert_eq!(xqf::read(&bytes).unwrap(), game);
    assert_ne!(bytes[0x400..], encrypted[0x400..], "other keys, other bytes");
}

#[test]
fn a_game_without_a_move_keeps_its_side_and_result() {
    for (fen, turn) in [(FEN2, Color::Black), ("3akar2/9/9/9/R8/9/9/9/4p4/3K5 w", Color::Red)] {
        let mut game = GameRecord::from_position(Position::from_fen(fen).unwrap());
        game.result = GameResult::Draw;
        game.tags.insert("Title", "无着法");
        for version in BOTH {
            let again = xqf::read(&write(&game, version)).unwrap();
            assert_eq!((again.start.turn(), again.result, &again), (turn, GameResult::Draw, &game), "{version:?}");
        }
    }
}

#[test]
fn what_xqf_cannot_hold_is_an_error() {
    let base = &pgn::read_str("1. h2e2 h9g7 (h7e7) *").unwrap()[0];
    let error = |game: &GameRecord| xqf::write(game, &XqfOptions::default()).unwrap_err().kind;
    let unrepresentable = RecordErrorKind::Unrepresentable;

    let mut emoji = base.clone();
    emoji.main.nodes[0].comment = Some("好棋😀".into());
    assert_eq!(error(&emoji), unrepresentable("a character GBK cannot encode"));
    let mut long = base.clone();
    long.tags.insert("Red", "一二三四五六七八九");
    assert_eq!(error(&long), unrepresentable("a tag longer than its XQF field"));
    let mut before = base.clone();
    before.main.nodes[1].variations[0].comment = Some("或者".into());
    assert_eq!(error(&before), unrepresentable("a comment before the first move of a variation"));
    let mut empty = base.clone();
    empty.main.nodes[1].variations.push(Line::new());
    assert_eq!(error(&empty), unrepresentable("a variation without a move"));
    let mut illegal = base.clone();
    illegal.main.nodes.push(Node::new("h2e2".parse().unwrap()));
    let RecordErrorKind::Move(mv) = error(&illegal) else { panic!() };
    assert_eq!((mv.ply, mv.text.as_str()), (3, "h2e2"));
    // Tags XQF has no field for are not written (and are no error).
    let mut round = base.clone();
    round.tags.insert("Round", "1");
    assert!(xqf::read(&write(&round, XqfVersion::Plain)).unwrap().tags.is_empty());
}

#[test]
fn a_variation_of_a_variations_first_move_is_one_more_alternative() {
    // PGN puts (c) on the first move of (b); XQF stores b and c as alternatives to the same move.
    let nested = &pgn::read_str("1. h2e2 (1. b2e2 (1. c3c4) 1... h9g7) 1... h7e7 *").unwrap()[0];
    let flat = &pgn::read_str("1. h2e2 (1. b2e2 1... h9g7) (1. c3c4) 1... h7e7 *").unwrap()[0];
    assert_ne!(nested, flat);
    for version in BOTH {
        assert_eq!(&xqf::read(&write(nested, version)).unwrap(), flat, "{version:?}");
    }
}

/// Every comment of `line` and its variations.
fn comments(line: &Line) -> Vec<&str> {
    let mut out: Vec<&str> = line.comment.as_deref().into_iter().collect();
    for node in &line.nodes {
        out.extend(node.comment.as_deref());
        for variation in &node.variations {
            out.extend(comments(variation));
        }
    }
    out
}

/// Every XQF file of the corpus that reads, and every CCBridge game.
fn corpus_games(root: &std::path::Path) -> Vec<(String, Vec<u8>, GameRecord)> {
    let mut games = Vec::new();
    for dir in ["games/xqf/cchess-tests", "games/xqf/eleeye/XQFTOOLS"] {
        let mut paths: Vec<_> = fs::read_dir(root.join(dir)).unwrap().map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = fs::read(&path).unwrap();
            let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
            if ext == "xqf" {
                if let Ok(game) = xqf::read(&bytes) {
                    games.push((name, bytes, game));
                }
            } else if ["cbr", "cbl", "cbf"].contains(&ext.as_str()) {
                for (i, game) in ccbridge::read(&bytes).unwrap().games.into_iter().enumerate() {
                    games.push((format!("{name} game {}", i + 1), Vec::new(), game));
                }
            }
        }
    }
    games
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn every_corpus_game_round_trips() {
    let root = common::testdata();
    let games = corpus_games(&root);
    let (mut cut, mut moves, mut undecodable) = (0, 0, Vec::new());
    for (name, _, game) in &games {
        // Tags too long for their field are an error, and are cut with `truncate_tags`.
        let mut fitting = game.clone();
        for (tag, max) in [("Red", 15), ("Black", 15), ("Annotator", 15), ("Title", 127), ("Event", 63)] {
            let Some(value) = game.tags.get(tag) else { continue };
            if encoding::encode(value, TextEncoding::Gbk).len() > max {
                cut += 1;
                let error = xqf::write(game, &XqfOptions::default()).unwrap_err();
                assert_eq!(error.kind, RecordErrorKind::Unrepresentable("a tag longer than its XQF field"), "{name}");
                let options = XqfOptions { truncate_tags: true, ..XqfOptions::default() };
                let written = xqf::read(&xqf::write(game, &options).unwrap()).unwrap();
                let kept = written.tags.get(tag).unwrap();
                assert!(value.starts_with(kept) && encoding::encode(kept, TextEncoding::Gbk).len() > max - 2, "{name}");
                fitting.tags.remove(tag);
            }
        }
        // A comment with bytes that are not GBK read as U+FFFD, which GBK cannot write back.
        if comments(&fitting.main).iter().any(|c| c.contains('\u{fffd}')) {
            let error = xqf::write(&fitting, &XqfOptions::default()).unwrap_err();
            assert_eq!(error.kind, RecordErrorKind::Unrepresentable("a character GBK cannot encode"), "{name}");
            undecodable.push(name.as_str());
            continue;
        }
        round_trip(&fitting, name);
        moves += fitting.main.move_count();
    }
    let (mut xqf_files, mut encrypted_files) = (0, 0);
    for (name, bytes, _) in &games {
        if bytes.is_empty() {
            continue;
        }
        xqf_files += 1;
        // The facts of XQStudio's and XQWizard's files that the writer follows: the key bytes of an encrypted file
        // add up to 0, and the header bytes 0x200–0x3FF are 0.
        if bytes[2] >= 0x10 {
            encrypted_files += 1;
            assert_eq!(bytes[12..16].iter().fold(0u8, |s, &b| s.wrapping_add(b)), 0, "{name}");
        }
        assert!(bytes[0x200..0x400].iter().all(|&b| b == 0), "{name}");
    }
    println!(
        "XQF write: of {} games read ({xqf_files} XQF files, {encrypted_files} encrypted; {} CCBridge games), {} \
         ({moves} moves) round-trip through 0x0A and 0x12",
        games.len(),
        games.len() - xqf_files,
        games.len() - undecodable.len()
    );
    println!("{cut} tags too long for their XQF field: an error, or cut with truncate_tags");
    assert_eq!(undecodable, ["game_test.xqf"], "games with a comment that is not GBK");
    assert_eq!((xqf_files, games.len() - xqf_files), (22, 133));
}

/// Found by the xqf fuzz target: a header string of NULs and white space mixed at its end was trimmed of the white
/// space only, so that a second reading (of the written file) trimmed the NULs too and the games differed.
#[test]
fn header_strings_lose_nuls_and_white_space_together() {
    let mut bytes = fixture("xqf/v0a_plain.xqf");
    let event = b"\x0c\xbc\xd0\xbe\xdf\xc8\xfc\0\0 \0\t\0";
    bytes[0xd0..0xd0 + event.len()].copy_from_slice(event);
    let game = xqf::read(&bytes).unwrap();
    assert_eq!(game.tags.get("Event"), Some("夹具赛"));
    round_trip(&game, "NULs and white space");
}
