//! Chinese notation: never a panic on any input; whatever parses writes back (in every script and digit style)
//! to a text that parses to the same value; a text that names a move in one of a few positions rich in tandem
//! pieces writes back to a text that names the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::Position;
use xiangqi_notation::{format::parse_any, BlackDigits, Chinese, Script};

const POSITIONS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/2p6/2p6/2p6/2p6/2p2K3 b",
    "2ba1k3/9/3a5/9/2b6/1RB4N1/9/1R1A3N1/9/2BAK4 w",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let positions = POSITIONS.map(|fen| fen.parse::<Position>().expect("fixture FEN"));
    for pos in &positions {
        let _ = parse_any(text, pos);
    }
    let Ok(chinese) = text.parse::<Chinese>() else { return };
    for script in [Script::Simplified, Script::Traditional] {
        for digits in [BlackDigits::HalfWidth, BlackDigits::FullWidth] {
            let written = chinese.to_string_with(script, digits);
            assert_eq!(written.parse::<Chinese>(), Ok(chinese), "{text:?} → {written:?}");
        }
    }
    for pos in &positions {
        if let Ok(mv) = chinese.to_move(pos) {
            let canonical = Chinese::from_move(pos, mv).expect("a legal move is written");
            assert_eq!(canonical.to_move(pos), Ok(mv), "{text:?} → {canonical}");
        }
    }
});
