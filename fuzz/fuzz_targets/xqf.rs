//! XQF: never a panic on any bytes; a game read writes to PGN and DhtmlXQ, each reads back with the same moves
//! (comments may change: `}` cannot stay in a PGN comment), and writing again is stable; it writes back to XQF
//! (0x0A and 0x12) as the same game, unless the writer says it cannot.
#![no_main]

mod common;

use common::shape;
use libfuzzer_sys::fuzz_target;
use xiangqi_notation::{
    dhtmlxq, pgn,
    xqf::{self, XqfOptions, XqfVersion},
    MoveFormat, RecordErrorKind,
};

fuzz_target!(|data: &[u8]| {
    let Ok(game) = xqf::read(data) else { return };
    for version in [XqfVersion::Plain, XqfVersion::Encrypted] {
        match xqf::write(&game, &XqfOptions { version, ..XqfOptions::default() }) {
            Ok(bytes) => assert_eq!(xqf::read(&bytes).unwrap(), game),
            // A tag too long for its field cannot come from an XQF file; bytes that are not GBK (read as U+FFFD)
            // can.
            Err(err) => assert_eq!(err.kind, RecordErrorKind::Unrepresentable("a character GBK cannot encode")),
        }
    }
    let options = pgn::PgnOptions::new(MoveFormat::Iccs);
    let written = pgn::write(&game, &options).expect("a game that was read can be written");
    let again = pgn::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}"));
    assert_eq!(shape(&again[0].main), shape(&game.main));
    assert_eq!((&again[0].start, again[0].result), (&game.start, game.result));
    assert_eq!(pgn::write(&again[0], &options).unwrap(), written);

    // A comment may hold text DhtmlXQ cannot (its own closing tag): the writer says so, and nothing else fails.
    let written = match dhtmlxq::write(&game) {
        Ok(written) => written,
        Err(err) => {
            assert!(matches!(err.kind, RecordErrorKind::Unrepresentable(_)), "{err}");
            return;
        }
    };
    let again = dhtmlxq::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}"));
    assert_eq!(shape(&again[0].main), shape(&game.main));
    assert_eq!(dhtmlxq::write(&again[0]).unwrap(), written);
});
