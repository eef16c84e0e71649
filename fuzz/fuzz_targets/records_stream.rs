//! The streaming record readers: never a panic or an endless loop on any bytes, read in pieces of any size;
//! the strict PGN reader gives what `pgn::games` gives for the whole decoded text; the lenient readers return
//! only games that write and read back as the same game.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use xiangqi_notation::{dhtmlxq, encoding, pgn, read_any, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let Some((&size, data)) = data.split_first() else { return };
    let pieces = || BufReader::with_capacity(usize::from(size % 64) + 1, data);

    // Inputs shorter than the detection prefix are decoded in one encoding either way.
    let streamed: Vec<_> = pgn::Reader::new(pieces()).collect();
    let whole: Vec<_> = pgn::games(&encoding::decode(data).0).collect();
    assert_eq!(streamed, whole);

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
        assert_eq!(again, [game], "{written}");
    }
});
