//! The streaming record readers: never a panic or an endless loop on any bytes, read in pieces of any size;
//! the strict PGN reader gives what `pgn::games` gives for the whole text when it is UTF-8; the lenient readers return
//! only games that write and read back as the same game (up to what PGN cannot hold: a line break in a tag value
//! becomes a space, a `}` in a comment becomes `｝`, as the PGN writer documents).
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use xiangqi_notation::{dhtmlxq, pgn, read_any, Line, ReadOptions, RecordErrorKind};

/// The comments of `line` and of its variations as the PGN writer writes them: `}` as `｝`.
fn pgn_braces(line: &mut Line) {
    let mut comments = vec![&mut line.comment];
    for node in &mut line.nodes {
        comments.push(&mut node.comment);
        node.variations.iter_mut().for_each(pgn_braces);
    }
    for comment in comments.into_iter().flatten() {
        *comment = comment.replace('}', "｝");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&size, data)) = data.split_first() else { return };
    let pieces = || BufReader::with_capacity(usize::from(size % 64) + 1, data);

    // Text in UTF-8 reads the same streamed and whole (the reader detects the encoding of each game: other bytes
    // may be read otherwise than a decoding of the whole text). The streamed errors name the encoding of a move
    // outside ASCII that does not read; the whole text's cannot.
    if let Ok(text) = core::str::from_utf8(data) {
        let streamed: Vec<_> = pgn::Reader::new(pieces())
            .map(|game| {
                game.map_err(|mut err| {
                    if let RecordErrorKind::Move(mv) = &mut err.kind {
                        mv.read_as = None;
                    }
                    err
                })
            })
            .collect();
        let whole: Vec<_> = pgn::games(text.strip_prefix('\u{feff}').unwrap_or(text)).collect();
        assert_eq!(streamed, whole);
    } else {
        let _ = pgn::Reader::new(pieces()).count();
    }

    let _ = dhtmlxq::Reader::new(pieces()).count();
    for game in dhtmlxq::Reader::with_options(pieces(), ReadOptions::lenient()).flatten() {
        let written = dhtmlxq::write(&game).expect("a game that was read can be written");
        assert_eq!(dhtmlxq::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}")), [game]);
    }

    let Ok(mut reader) = read_any(pieces(), ReadOptions::lenient()) else { return };
    while let Some(item) = reader.next() {
        let _ = reader.take_warnings();
        let Ok(game) = item else { continue };
        let written = pgn::write(&game, &pgn::PgnOptions::default()).expect("a game that was read can be written");
        let again = pgn::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}"));
        // A PGN tag value is one line: the writer writes each line break of a value (DhtmlXQ, XQF and CCBridge
        // values may hold them) as a space.
        let mut game = game;
        let tags: Vec<(String, String)> =
            game.tags.iter().map(|(name, value)| (name.to_owned(), value.replace(['\r', '\n'], " "))).collect();
        for (name, value) in tags {
            game.tags.insert(name, value);
        }
        pgn_braces(&mut game.main);
        assert_eq!(again, [game], "{written}");
    }
});
