//! The streaming readers (`pgn::Reader`, `dhtmlxq::Reader`, `read_any`), the lenient mode and its warnings.

use crate::common;

use std::io::{self, BufRead, BufReader, Read};

use xiangqi_board::IllegalMoveReason;

use xiangqi_notation::{
    ccbridge, dhtmlxq, encoding, pgn, read_any, Location, MoveProblem, ReadOptions, RecordErrorKind, RecordFormat,
    Warning, WarningKind,
};

/// Reads `bytes` through a buffer of `capacity` bytes, so that games and characters are cut across reads.
fn small_reads(bytes: &[u8], capacity: usize) -> BufReader<&[u8]> {
    BufReader::with_capacity(capacity, bytes)
}

const THREE: &str =
    "[Event \"a\"]\n[Red \"许银川\"]\n\n1. 炮二平五 马８进７ {屏风马\n[注] 一行以括号开头} 2. 马二进三 *\n\n\
                     [Event \"b\"]\n\n1. 炮二平五 h2e2 *\n\n\
                     [Event \"c\"]\n1. h2e2 h9g7 (1... h7e7) 2. a2a3 h0g2 (2. h0g2) 3. i9h9 *\n";

#[test]
fn the_reader_reads_what_games_reads_in_any_encoding_and_any_read_size() {
    let expected: Vec<_> = pgn::games(THREE).collect();
    assert_eq!(expected.len(), 3);
    // The comment holds a line that starts with `[`: it stays in game 1.
    let game1 = expected[0].as_ref().unwrap();
    assert_eq!(game1.main.nodes[1].comment.as_deref(), Some("屏风马\n[注] 一行以括号开头"));
    for encoding_ in [encoding::TextEncoding::Utf8, encoding::TextEncoding::Gbk, encoding::TextEncoding::Big5] {
        let mut text = THREE.to_owned();
        if encoding_ == encoding::TextEncoding::Big5 {
            for (simplified, traditional) in
                [("许银", "許銀"), ("马", "馬"), ("进", "進"), ("风", "風"), ("号开头", "號開頭")]
            {
                text = text.replace(simplified, traditional);
            }
        }
        let bytes = encoding::encode(&text, encoding_);
        for capacity in [1, 5, 64, 8192] {
            let mut reader = pgn::Reader::new(small_reads(&bytes, capacity));
            let mut got = vec![reader.next().unwrap()];
            // Each game has its encoding: the first is in `encoding_`, the last is ASCII (so UTF-8 too).
            assert_eq!(reader.encoding(), Some(encoding_));
            got.extend(reader.by_ref());
            assert_eq!(reader.encoding(), Some(encoding::TextEncoding::Utf8));
            assert_eq!(got.len(), 3, "{encoding_:?} {capacity}");
            assert_eq!(got, pgn::games(&text).collect::<Vec<_>>(), "{encoding_:?} {capacity}");
        }
    }
}

#[test]
fn strict_errors_name_game_line_and_ply_and_reading_goes_on() {
    let results: Vec<_> = pgn::Reader::new(THREE.as_bytes()).collect();
    let err = results[1].as_ref().unwrap_err();
    let RecordErrorKind::Move(mv) = &err.kind else { panic!("{err}") };
    assert_eq!((err.game, err.at, mv.ply, mv.text.as_str()), (2, Location::Line(9), 2, "h2e2"));
    let err = results[2].as_ref().unwrap_err();
    assert_eq!(err.to_string(), "game 3, line 12: ply 3, move `a2a3`: illegal move a2a3: no piece on a2");
}

#[test]
fn lenient_prunes_the_bad_move_with_its_line_and_keeps_its_alternatives() {
    let mut reader = pgn::Reader::with_options(THREE.as_bytes(), ReadOptions::lenient());
    let mut events = Vec::new();
    while let Some(item) = reader.next() {
        events.push(match item {
            Ok(game) => format!("game {}", common::moves(&game.main).join(" ")),
            Err(err) => format!("error {err}"),
        });
        events.extend(reader.take_warnings().iter().map(Warning::to_string));
    }
    assert_eq!(
        events,
        [
            "game h2e2 h9g7 h0g2",
            "game h2e2",
            "game 2, line 9: ply 2, move `h2e2`: illegal move h2e2: no piece on h2 (left out with the rest of its line)",
            // `2. a2a3` is cut with everything after it in its line: `h0g2`, `(2. h0g2)` (written after `h0g2`, so
            // not an alternative to `a2a3`) and `3. i9h9`.
            "game h2e2 h9g7",
            "game 3, line 12: ply 3, move `a2a3`: illegal move a2a3: no piece on a2 (left out with the rest of its line)",
        ]
    );
    let game3 = pgn::Reader::with_options(THREE.as_bytes(), ReadOptions::lenient()).nth(2).unwrap().unwrap();
    assert_eq!(game3.main.nodes[1].variations.len(), 1, "the variation of ply 2 is kept");
}

#[test]
fn lenient_alternatives_of_a_cut_move_and_variations_after_it() {
    // Ply 3 is bad; its two alternatives follow it: the first replaces it, the second is its variation. The
    // variation after `h9g7` (ply 4, after the bad move) belongs to the cut subtree.
    let text = "1. h2e2 h9g7 2. a2a3 (2. h0g2 i9h9) (2. b0c2) h9g7 (2... b9c7) *";
    let mut reader = pgn::Reader::with_options(text.as_bytes(), ReadOptions::lenient());
    let game = reader.next().unwrap().unwrap();
    assert_eq!(common::moves(&game.main), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(common::moves(&game.main.nodes[2].variations[0]), ["b0c2"]);
    assert_eq!(game.main.move_count(), 5);
    let warnings = reader.take_warnings();
    assert_eq!(warnings.len(), 1);
    let WarningKind::Pruned(mv) = &warnings[0].kind else { panic!() };
    assert_eq!((mv.ply, mv.in_variation, mv.text.as_str()), (3, false, "a2a3"));
    let MoveProblem::Illegal(illegal) = &mv.problem else { panic!("{:?}", mv.problem) };
    assert_eq!(illegal.reason, IllegalMoveReason::NoPiece);
    // Written and read again, strictly, it is the same game.
    let written = pgn::write(&game, &pgn::PgnOptions::default()).unwrap();
    assert_eq!(pgn::read_str(&written).unwrap(), [game]);
}

#[test]
fn a_bad_game_among_three_is_reported_in_file_order() {
    let text = "[Event \"1\"]\n1. h2e2 *\n[Event \"2\"]\n1. h2e2 {open\n[Event \"3\"]\n1. h2e2 *\n";
    let results: Vec<_> = pgn::Reader::with_options(text.as_bytes(), ReadOptions::lenient()).collect();
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[2].is_ok());
    let err = results[1].as_ref().unwrap_err();
    assert_eq!(err.to_string(), "game 2, line 4: truncated: a comment without `}`");
}

/// A reader that fails after its first bytes.
struct Failing(&'static [u8]);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "gone"));
        }
        let len = self.0.len().min(buf.len());
        buf[..len].copy_from_slice(&self.0[..len]);
        self.0 = &self.0[len..];
        Ok(len)
    }
}

#[test]
fn an_input_error_ends_the_games() {
    let reader = BufReader::new(Failing(b"1. h2e2 *\n[Event \"2\"]\n1. h"));
    let results: Vec<_> = pgn::Reader::new(reader).collect();
    assert_eq!(results.len(), 2, "{results:?}");
    assert!(results[0].is_ok());
    let err = results[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.kind.clone()), (2, RecordErrorKind::Io(io::ErrorKind::BrokenPipe)));
}

#[test]
fn dhtmlxq_reader_streams_blocks_and_iframes() {
    let page = "<html>\n<p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</p>\n\
                <p>[DhtmlXQiFrame][DhtmlXQ_title]二[/DhtmlXQ_title][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
                [/DhtmlXQiFrame]</p>\n<p>[dhtmlxq][DhtmlXQ_movelist]7747\n7747[/DhtmlXQ_movelist][/dhtmlxq]</p>\n</html>";
    for capacity in [1, 3, 16, 8192] {
        let results: Vec<_> = dhtmlxq::Reader::new(small_reads(page.as_bytes(), capacity)).collect();
        assert_eq!(results.len(), 3, "{capacity}");
        assert_eq!(common::moves(&results[0].as_ref().unwrap().main), ["h2e2"]);
        assert_eq!(results[1].as_ref().unwrap().tags.get("Title"), Some("二"));
        let err = results[2].as_ref().unwrap_err();
        assert_eq!(
            err.to_string(),
            "game 3, line 5: ply 2, move `7747`: illegal move h2e2: no piece on h2",
            "{capacity}"
        );
    }
    let games = dhtmlxq::Reader::with_options(page.as_bytes(), ReadOptions::lenient()).collect::<Vec<_>>();
    assert_eq!(common::moves(&games[2].as_ref().unwrap().main), ["h2e2"]);
}

#[test]
fn read_any_recognises_each_format_and_says_when_there_is_no_record() {
    let xqf = common::fixture("xqf/v12_encrypted.xqf");
    let page = common::fixture("dhtmlxq/page.html");
    let pgn = common::fixture("pgn/gbk.pgn");
    let cbr = common::fixture("ccbridge/game1.cbr");
    let cbf = common::fixture("ccbridge/game1.cbf");
    let cbl = common::fixture("ccbridge/library.cbl");
    for (bytes, format) in [(&xqf, RecordFormat::Xqf), (&page, RecordFormat::Dhtmlxq), (&pgn, RecordFormat::Pgn)] {
        let reader = read_any(&bytes[..], ReadOptions::strict()).unwrap();
        assert_eq!(reader.format(), format);
        let games: Vec<_> = reader.collect::<Result<_, _>>().unwrap();
        assert!(!games.is_empty(), "{format:?}");
    }
    // CCBridge: the same games as the format's own reader, one by one (a library's headings hold none).
    for bytes in [&cbr, &cbf, &cbl] {
        let reader = read_any(&bytes[..], ReadOptions::strict()).unwrap();
        assert_eq!(reader.format(), RecordFormat::Ccbridge);
        let games: Vec<_> = reader.collect::<Result<_, _>>().unwrap();
        assert_eq!(games, ccbridge::read(bytes).unwrap().games);
        assert!(!games.is_empty());
    }
    let plain_text = "标题：许银川 胜 吕钦\n赛事：全国赛\n\n 1. 炮二平五 马８进７\n".as_bytes();
    let playok = b"PlayOK xiangqi game #123\nplayer1 - player2\n";
    let binary = [0u8, 1, 2, 0xff, 0x80, 0, 7];
    for input in [&b""[..], b"   \n\n", b"<html><body><p>no game</p></body></html>", plain_text, playok, &binary] {
        let err = read_any(input, ReadOptions::strict()).unwrap_err();
        assert_eq!(err.to_string(), "game 1, line 1: no PGN, XQF, DhtmlXQ or CCBridge record found", "{input:?}");
    }
}

#[test]
fn read_any_reads_a_stream_longer_than_its_look_ahead() {
    let game = "[Event \"x\"]\n1. h2e2 h9g7 *\n\n";
    let text = game.repeat(xiangqi_notation::DETECT_LEN / game.len() + 100);
    let count = read_any(text.as_bytes(), ReadOptions::strict()).unwrap().filter(|r| r.is_ok()).count();
    assert_eq!(count, xiangqi_notation::DETECT_LEN / game.len() + 100);
}

/// Makes sure a `BufRead` whose `fill_buf` returns tiny pieces works too (the trait, not just `BufReader`).
#[test]
fn any_bufread_works() {
    let bytes = THREE.as_bytes();
    let chained = bytes[..10].chain(&bytes[10..]);
    let reader: Box<dyn BufRead> = Box::new(BufReader::with_capacity(2, chained));
    assert_eq!(pgn::Reader::new(reader).count(), 3);
}

/// Found by the `records_stream` fuzz target: bytes FE FF after the first byte are no byte-order mark, so the
/// stream decodes them as the whole-text decoder does (here GBK), not as UTF-16.
#[test]
fn a_byte_order_mark_after_the_start_is_no_mark() {
    let data = b"<\xfe\xffhtml><he]77477062796780DhtmlXQ_move_1_3_2]\r\n[Event \"x\"]\n1. h2e2 *\n";
    let whole: Vec<_> = pgn::games(&encoding::decode(data).0).collect();
    for capacity in [1, 2, 4, 64] {
        let mut streamed: Vec<_> = pgn::Reader::new(BufReader::with_capacity(capacity, &data[..])).collect();
        // The streamed error names the encoding its move was read in (the text given to `games` has none).
        let error = streamed[0].as_mut().unwrap_err();
        let RecordErrorKind::Move(mv) = &mut error.kind else { panic!("{error}") };
        assert_eq!(mv.read_as.take(), Some(encoding::TextEncoding::Gbk));
        assert_eq!(streamed, whole, "{capacity}");
    }
    assert_eq!(encoding::decode(data).1, encoding::TextEncoding::Gbk);
}
