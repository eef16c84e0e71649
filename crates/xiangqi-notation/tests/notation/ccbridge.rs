//! CCBridge CBR, CBL and CBF: the fixtures of `scripts/fixtures/make_records.py` (a second, independent writer
//! of the formats), errors, and the six files of the shared corpus against cchess (the golden file of
//! `scripts/golden/ccbridge_cchess.py`, ignored unless asked for: they need `XIANGQI_TESTDATA`).

use crate::common;

use std::fs;

use common::{check_game1_moves, check_game2_moves, fixture, moves};
use serde_json::Value;
use xiangqi_board::IllegalMoveReason;
use xiangqi_notation::{
    ccbridge, read_any, GameRecord, GameResult, Line, Location, MoveProblem, ReadOptions, RecordErrorKind, WarningKind,
};

const GOLDEN: &str = include_str!("../data/ccbridge_cchess.json");

/// 64-bit FNV-1a of the UTF-8 bytes, as the golden script computes it.
fn fnv1a(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}

/// The tree as the golden script writes it (`h2e2 h9g7 (h7e7 b0c2) h0g2`), and the comments in the same order.
fn fingerprint(line: &Line, tokens: &mut Vec<String>, comments: &mut Vec<String>) {
    for node in &line.nodes {
        tokens.push(node.mv.to_string());
        comments.extend(node.comment.clone());
        for variation in &node.variations {
            tokens.push("(".into());
            comments.extend(variation.comment.clone());
            fingerprint(variation, tokens, comments);
            tokens.push(")".into());
        }
    }
}

fn fingerprints(game: &GameRecord) -> (String, Vec<String>) {
    let (mut tokens, mut comments) = (Vec::new(), Vec::new());
    comments.extend(game.main.comment.clone());
    fingerprint(&game.main, &mut tokens, &mut comments);
    (tokens.join(" ").replace("( ", "(").replace(" )", ")"), comments)
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn the_corpus_reads_as_cchess_reads_it() {
    let root = common::testdata();
    let dir = root.join("games/xqf/cchess-tests");
    let golden: Value = serde_json::from_str(GOLDEN).unwrap();
    let expected = golden["games"].as_array().unwrap();
    assert_eq!(expected.len(), 135);
    let mut files: Vec<&str> = expected.iter().map(|g| g["file"].as_str().unwrap()).collect();
    files.dedup();
    let (mut equal, mut lines, mut comments) = (0, 0, 0);
    for file in files {
        let bytes = fs::read(dir.join(file)).unwrap_or_else(|err| panic!("{file}: {err}"));
        let library = ccbridge::read(&bytes).unwrap_or_else(|err| panic!("{file}: {err}"));
        // cchess reads a library's headings (an empty board, no move) as games without moves.
        let (headings, wanted): (Vec<&Value>, Vec<&Value>) =
            expected.iter().filter(|g| g["file"] == file).partition(|g| g["board"] == "9/9/9/9/9/9/9/9/9/9");
        let heading_numbers: Vec<u64> = headings.iter().map(|g| g["game"].as_u64().unwrap()).collect();
        let read_numbers: Vec<u64> =
            library.headings.iter().enumerate().map(|(i, h)| (h.before + i + 1) as u64).collect();
        assert_eq!(read_numbers, heading_numbers, "{file}");
        assert!(headings.iter().all(|g| g["moves"] == 0), "{file}");
        equal += headings.len();
        assert_eq!(library.games.len(), wanted.len(), "{file}");
        for (game, want) in library.games.iter().zip(wanted) {
            let at = format!("{file} game {}", want["game"]);
            let (tree, game_comments) = fingerprints(game);
            assert_eq!(game.start.to_string().split(' ').next(), want["board"].as_str(), "{at}");
            assert_eq!(game.main.line_count() as u64, want["lines"].as_u64().unwrap(), "{at}");
            assert_eq!(game.main.nodes.len() as u64, want["plies"].as_u64().unwrap(), "{at}");
            assert_eq!(game.main.move_count() as u64, want["moves"].as_u64().unwrap(), "{at}");
            assert_eq!(fnv1a(&tree), want["tree"].as_str().unwrap(), "{at}: {tree}");
            // cchess keeps only the comments that end in a NUL (none in these files): where it has some, they
            // must be ours.
            if want["comments"].as_u64().is_some_and(|n| n > 0) {
                assert_eq!(fnv1a(&game_comments.join("\u{1f}")), want["comments_fnv"].as_str().unwrap(), "{at}");
            }
            equal += 1;
            lines += game.main.line_count();
            comments += game_comments.len();
        }
    }
    println!(
        "CCBridge: {equal} of 135 records equal to cchess (of them 2 library headings; {lines} lines, {comments} comments read)"
    );
    assert_eq!(equal, 135);
}

#[test]
fn a_cbr_reads_the_tree_comments_and_tags() {
    let game = ccbridge::read_cbr(&fixture("ccbridge/game1.cbr")).unwrap();
    check_game1_moves(&game);
    let mut tags = common::TAGS1.to_vec();
    tags.push(("ECCO", "C10"));
    assert_eq!(game.tags.iter().collect::<Vec<_>>(), tags);
}

#[test]
fn a_cbl_reads_its_games_and_headings() {
    let library = ccbridge::read_cbl(&fixture("ccbridge/library.cbl")).unwrap();
    assert_eq!(library.name.as_deref(), Some("夹具库"));
    assert_eq!(library.headings, [ccbridge::Heading { before: 0, title: "第一组".into() }]);
    assert_eq!(library.games.len(), 2);
    check_game1_moves(&library.games[0]);
    check_game2_moves(&library.games[1], true);
    assert_eq!(library.games[1].tags.get("Annotator"), Some("讲评人"));
    // The heading titles both games that follow it.
    let sections: Vec<_> = library.games.iter().map(|game| game.tags.get(ccbridge::SECTION_TAG)).collect();
    assert_eq!(sections, [Some("第一组"), Some("第一组")]);
    assert_eq!(ccbridge::read(&fixture("ccbridge/library.cbl")).unwrap(), library);
}

/// The offsets of the CBR records of the CBL `bytes`: the slots after the index that start with the magic.
fn record_starts(bytes: &[u8]) -> Vec<usize> {
    let slots = u32::from_le_bytes(bytes[60..64].try_into().unwrap()) as usize;
    (66624 + 276 * slots..bytes.len())
        .step_by(4096)
        .filter(|&at| bytes[at..].starts_with(b"CCBridge Record\0"))
        .collect()
}

/// The fixture library with a second heading between its two games, titled `title` (UTF-16LE at offset 180 of
/// the record, as the first heading's): heading 第一组, game 1, heading `title`, game 2.
fn two_sections(title: &str) -> Vec<u8> {
    let bytes = fixture("ccbridge/library.cbl");
    let starts = record_starts(&bytes);
    assert_eq!(starts.len(), 3, "a heading and two games");
    let mut heading = bytes[starts[0]..starts[1]].to_vec();
    heading[180..180 + 128].fill(0);
    for (i, unit) in title.encode_utf16().enumerate() {
        heading[180 + 2 * i..182 + 2 * i].copy_from_slice(&unit.to_le_bytes());
    }
    let mut out = bytes[..starts[2]].to_vec();
    out.extend_from_slice(&heading);
    out.extend_from_slice(&bytes[starts[2]..]);
    out
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn the_shared_library_titles_its_games_by_its_two_headings() {
    // The library's two headings (read from the file by inspection: the records with an empty board, their title
    // at offset 180): the men's 20 games, then the women's (16 records follow the second, though it says 15).
    let path = common::testdata().join("games/xqf/cchess-tests/1989年龙化杯象棋名师邀请赛35局.CBL");
    let bytes = fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let games: Vec<GameRecord> = read_any(&bytes[..], ReadOptions::strict()).unwrap().map(Result::unwrap).collect();
    let sections: Vec<_> = games.iter().map(|game| game.tags.get("Section").unwrap()).collect();
    let (men, women) = ("龙化杯象棋名师邀请赛对局（男子组20局）", "龙化杯象棋名师邀请赛对局（女子组15局）");
    let mut expected = vec![men; 20];
    expected.extend(vec![women; 16]);
    assert_eq!(sections, expected);
}

#[test]
fn each_game_of_a_library_carries_the_heading_before_it_as_its_section() {
    let cbl = two_sections("第二组（男子组20局）");
    let library = ccbridge::read_cbl(&cbl).unwrap();
    let headings: Vec<_> = library.headings.iter().map(|h| (h.before, h.title.as_str())).collect();
    assert_eq!(headings, [(0, "第一组"), (1, "第二组（男子组20局）")]);
    let sections: Vec<_> = library.games.iter().map(|game| game.tags.get("Section")).collect();
    assert_eq!(sections, [Some("第一组"), Some("第二组（男子组20局）")]);
    check_game2_moves(&library.games[1], true);

    // read_any (what the collection layer and the CLI read) gives the games with the same tag, and PGN keeps it.
    let games: Vec<GameRecord> = read_any(&cbl[..], ReadOptions::strict()).unwrap().map(Result::unwrap).collect();
    assert_eq!(games, library.games);
    let pgn = xiangqi_notation::pgn::write(&games[1], &xiangqi_notation::pgn::PgnOptions::default()).unwrap();
    assert!(pgn.contains("[Section \"第二组（男子组20局）\"]\n"), "{pgn}");

    // A heading without a title ends the section: the game after it has none.
    let library = ccbridge::read_cbl(&two_sections("")).unwrap();
    let sections: Vec<_> = library.games.iter().map(|game| game.tags.get("Section")).collect();
    assert_eq!(sections, [Some("第一组"), None]);
}

#[test]
fn a_cbf_reads_the_main_line_comments_and_head() {
    let game = ccbridge::read_cbf(&fixture("ccbridge/game2.cbf")).unwrap();
    check_game2_moves(&game, false);
    assert_eq!(game.tags.get("Title"), Some("黑先残局"));
    assert_eq!(game.tags.get("Annotator"), Some("讲评人 & 记录"));

    let game = ccbridge::read(&fixture("ccbridge/game1.cbf")).unwrap().games.remove(0);
    assert_eq!(moves(&game.main), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
    assert_eq!(game.main.comment.as_deref(), Some("自编对局：中炮对屏风马"));
    assert_eq!(game.main.nodes[3].comment.as_deref(), Some("出车"));
    assert_eq!(
        (game.result, game.tags.get("Red"), game.tags.get("Annotator")),
        (GameResult::Unknown, Some("红方"), None)
    );
}

/// The offset of the first move record of the CBR record `bytes` (after the start record and its comment).
fn first_move_at(bytes: &[u8]) -> usize {
    let flags = bytes[2214];
    if flags & 4 == 0 {
        2218
    } else {
        2222 + u32::from_le_bytes(bytes[2218..2222].try_into().unwrap()) as usize
    }
}

#[test]
fn bad_binary_records_are_errors_that_say_where() {
    let good = fixture("ccbridge/game1.cbr");
    let error = |bytes: &[u8]| {
        let err = ccbridge::read_cbr(bytes).unwrap_err();
        (err.game, err.at, err.kind)
    };
    assert_eq!(error(b"CCBridge"), (1, Location::Byte(0), RecordErrorKind::NotThisFormat("CBR")));
    assert_eq!(error(&good[..2000]), (1, Location::Byte(2000), RecordErrorKind::Truncated("the 2214-byte CBR header")));
    let cut = first_move_at(&good) + 2;
    assert_eq!(error(&good[..cut]), (1, Location::Byte(cut - 2), RecordErrorKind::Truncated("a move record")));
    let cut = first_move_at(&good) + 6;
    assert_eq!(error(&good[..cut]), (1, Location::Byte(cut - 2), RecordErrorKind::Truncated("a comment length")));

    let mut old = good.clone();
    old[19] = 1;
    assert_eq!(error(&old), (1, Location::Byte(19), RecordErrorKind::Malformed("a CBR version other than 2")));

    let mut unknown = good.clone();
    unknown[2120 + 40] = 0x38;
    let kind = RecordErrorKind::Malformed("an unknown piece code on the board");
    assert_eq!(error(&unknown), (1, Location::Byte(2160), kind));

    let mut off_board = good.clone();
    let at = first_move_at(&good);
    off_board[at + 3] = 90;
    let (_, location, RecordErrorKind::Move(mv)) = error(&off_board) else { panic!() };
    assert_eq!(
        (location, mv.ply, mv.text.as_str(), mv.problem),
        (Location::Byte(at), 1, "70-90", MoveProblem::OffBoard)
    );

    // A heading read as a game has no king.
    let library = fixture("ccbridge/library.cbl");
    let first = 66624 + 2 * 276;
    let (_, location, kind) = error(&library[first..first + 4096]);
    assert!(matches!((location, kind), (Location::Byte(2120), RecordErrorKind::StartPosition(_))));

    // In a library, the error names the game and the offset in the file: game 2's first move from an empty
    // square.
    let mut bad = library.clone();
    let second = first + 2 * 4096;
    let at = second + first_move_at(&bad[second..]);
    bad[at + 2] = 40; // e5, empty
    let err = ccbridge::read_cbl(&bad).unwrap_err();
    let RecordErrorKind::Move(mv) = &err.kind else { panic!("{err}") };
    assert_eq!(
        (err.game, err.at, mv.ply, illegal_reason(&mv.problem)),
        (2, Location::Byte(at), 1, Some(IllegalMoveReason::NoPiece))
    );
    assert_eq!(
        ccbridge::read_cbl(&library[..1000]).unwrap_err().kind,
        RecordErrorKind::Truncated("the library header")
    );
    assert_eq!(ccbridge::read(b"PK\x03\x04").unwrap_err().kind, RecordErrorKind::NotThisFormat("CCBridge"));
}

#[test]
fn lenient_reading_prunes_a_bad_move_and_read_any_skips_only_the_bad_game() {
    // Game 2 of the library starts with a move from an empty square.
    let mut bad = fixture("ccbridge/library.cbl");
    let second = 66624 + 2 * 276 + 2 * 4096;
    let at = second + first_move_at(&bad[second..]);
    bad[at + 2] = 40;

    let (library, warnings) = ccbridge::read_with(&bad, ReadOptions::lenient()).unwrap();
    assert_eq!(library.games.len(), 2);
    check_game1_moves(&library.games[0]);
    let seen: Vec<_> = warnings.iter().map(|w| (w.game, w.at)).collect();
    assert_eq!(seen, [(2, Location::Byte(at))]);
    let WarningKind::Pruned(mv) = &warnings[0].kind else { panic!("{}", warnings[0]) };
    assert_eq!((mv.ply, illegal_reason(&mv.problem)), (1, Some(IllegalMoveReason::NoPiece)));
    // The strict mode still fails on it.
    assert_eq!(ccbridge::read_with(&bad, ReadOptions::strict()).unwrap_err().game, 2);

    // read_any gives one result per game: the good game reads, the bad one is an error of game 2.
    let results: Vec<_> = read_any(&bad[..], ReadOptions::strict()).unwrap().collect();
    assert_eq!(results.len(), 2);
    check_game1_moves(results[0].as_ref().unwrap());
    assert_eq!(results[1].as_ref().unwrap_err().game, 2);
    let mut lenient = read_any(&bad[..], ReadOptions::lenient()).unwrap();
    assert_eq!(lenient.by_ref().filter(Result::is_ok).count(), 2);
    assert_eq!(lenient.take_warnings().len(), 1);
}

#[test]
fn bad_cbf_is_an_error_that_says_where() {
    let good = String::from_utf8(fixture("ccbridge/game2.cbf")).unwrap();
    let error = |text: &str| {
        let err = ccbridge::read_cbf(text.as_bytes()).unwrap_err();
        (err.at, err.kind)
    };
    let malformed = RecordErrorKind::Malformed;
    // Line 14 holds the fourth move (`01-00`), line 15 the last.
    let variation =
        good.replace("<Move value=\"60-69\" end=\"1\">", "<Move value=\"60-69\" end=\"1\" />\n<Move value=\"60-69\">");
    let nested = good.replace("<Move value=\"01-00\" />", "<Move value=\"01-00\"><Move value=\"01-02\" /></Move>");
    let cases = [
        (variation, 16, malformed("a Move after the end of the line (CBF variations are not read)")),
        (nested, 14, malformed("an element inside a Move (CBF variations are not read)")),
        (good.replace("</Head>", "</Heed>"), 8, malformed("a closing tag that does not match")),
        (good.replace("&amp;", "&nbsp;"), 5, malformed("an unknown character reference")),
        (good.replace("01-00", "01_00"), 14, malformed("a Move value that is not XY-XY")),
        (good.replace("ChineseChessRecord", "Record"), 2, RecordErrorKind::NotThisFormat("CBF")),
        (format!("{good}<ChineseChessRecord />"), 18, malformed("a second root element")),
    ];
    for (text, line, kind) in cases {
        assert_eq!(error(&text), (Location::Line(line), kind), "{text}");
    }
    assert_eq!(error(&good[..good.len() - 30]), (Location::Line(16), RecordErrorKind::Truncated("a closing tag")));
    let unclosed = &good[..good.find("</ChineseChessRecord>").unwrap()];
    assert_eq!(error(unclosed), (Location::Line(17), RecordErrorKind::Truncated("an unclosed element")));
    let (at, RecordErrorKind::Move(mv)) = error(&good.replace("01-00", "01-14")) else { panic!() };
    assert_eq!((at, mv.ply, mv.text.as_str()), (Location::Line(14), 4, "01-14"));
    assert!(matches!(mv.problem, MoveProblem::Illegal(_)), "{:?}", mv.problem);
    let (at, RecordErrorKind::Fen(_)) = error(&good.replace("3akar2/", "3akar2/9/")) else { panic!() };
    assert_eq!(at, Location::Line(7));
    // A FEN of the board alone takes the side of the first move.
    let board_only = good.replace(" b - - 0 1</FEN>", "</FEN>");
    check_game2_moves(&ccbridge::read_cbf(board_only.as_bytes()).unwrap(), false);
}

/// The board's reason when the problem is an illegal move.
fn illegal_reason(problem: &MoveProblem) -> Option<IllegalMoveReason> {
    match problem {
        MoveProblem::Illegal(illegal) => Some(illegal.reason),
        _ => None,
    }
}
