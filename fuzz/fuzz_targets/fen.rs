//! FEN reading: never a panic; whatever parses writes back to a FEN that parses to the same setup, and a setup
//! that is a legal position round-trips through `Position` too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(setup) = Setup::from_ascii(data) else { return };
    let written = setup.to_string();
    let again: Setup = written.parse().expect("written FEN parses");
    assert_eq!(again, setup);
    if let Ok(pos) = Position::from_setup(setup) {
        assert_eq!(pos.to_string(), written);
        let _ = pos.legal_moves();
        let _ = pos.outcome();
    }
});
