//! Coordinate notations (ICCS, UCCI, Fairy-Stockfish UCI): never a panic on any input; whatever parses writes
//! back to a text that parses to the same move; a move read in a position is legal there.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::Position;
use xiangqi_notation::{format::parse_any, FairyUci, Iccs, Ucci};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let pos = Position::new();
    if let Ok(mv) = parse_any(text, &pos) {
        assert!(pos.is_legal(mv));
    }
    if let Ok(iccs) = text.parse::<Iccs>() {
        assert_eq!(iccs.to_string().parse::<Iccs>(), Ok(iccs));
        assert_eq!(Ucci::from_move(iccs.into()).to_string().parse::<Iccs>(), Ok(iccs));
        if let Ok(mv) = iccs.to_move(&pos) {
            assert!(pos.is_legal(mv));
        }
    }
    if let Ok(ucci) = text.parse::<Ucci>() {
        assert_eq!(ucci.to_string().parse::<Ucci>(), Ok(ucci));
    }
    if let Ok(fairy) = text.parse::<FairyUci>() {
        assert_eq!(fairy.to_string().parse::<FairyUci>(), Ok(fairy));
    }
});
