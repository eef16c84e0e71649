//! CCBridge CBR, CBL and CBF: never a panic on any bytes; every game read writes to PGN and reads back with the
//! same moves, start and result.
#![no_main]

mod common;

use common::shape;
use libfuzzer_sys::fuzz_target;
use xiangqi_notation::{ccbridge, pgn, MoveFormat};

fuzz_target!(|data: &[u8]| {
    let Ok(library) = ccbridge::read(data) else { return };
    let options = pgn::PgnOptions::new(MoveFormat::Iccs);
    for game in &library.games {
        let written = pgn::write(game, &options).expect("a game that was read can be written");
        let again = pgn::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}"));
        assert_eq!(shape(&again[0].main), shape(&game.main));
        assert_eq!((&again[0].start, again[0].result), (&game.start, game.result));
    }
});
