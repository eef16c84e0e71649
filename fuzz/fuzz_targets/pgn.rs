//! PGN: never a panic on any bytes; every game read writes back (ICCS and Chinese moves) to a text that reads as
//! the same game, and writing that game again gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_notation::{pgn, MoveFormat};

fuzz_target!(|data: &[u8]| {
    // The iterator goes on after a bad game: it must not panic or loop either.
    let text = xiangqi_notation::encoding::decode(data).0;
    let _ = pgn::games(&text).count();
    let Ok(games) = pgn::read(data) else { return };
    for game in games {
        for format in [MoveFormat::Iccs, MoveFormat::Chinese] {
            let options = pgn::PgnOptions::new(format);
            let written = pgn::write(&game, &options).expect("a game that was read can be written");
            let again = pgn::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}"));
            assert_eq!(again.len(), 1, "{written}");
            assert_eq!(again[0], game, "{written}");
            assert_eq!(pgn::write(&again[0], &options).unwrap(), written);
        }
    }
});
