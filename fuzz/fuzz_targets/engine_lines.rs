//! The engine's line parsers (`EngineLine::parse` for every dialect, `EngineOption::parse`, `Info::parse`):
//! never a panic on any input; a best move read is legal in the position, with a legal ponder move after it; a
//! principal variation plays legally from the position; an option reads back from its UCI form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::Position;
use xiangqi_engine::{Dialect, EngineLine, EngineOption, Info};

fuzz_target!(|data: &[u8]| {
    // The first byte picks the position: the start, or one with Black to move.
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(line) = core::str::from_utf8(rest) else { return };
    let pos = if pick % 2 == 0 {
        Position::new()
    } else {
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1").unwrap()
    };
    for dialect in Dialect::ALL {
        match EngineLine::parse(line, dialect, &pos) {
            Ok(EngineLine::BestMove(best)) => {
                let after = pos.play(best.mv).expect("a best move read is legal");
                if let Some(ponder) = best.ponder {
                    assert!(after.is_legal(ponder));
                }
            }
            Ok(EngineLine::Info(info)) => check_pv(&info, &pos),
            Ok(EngineLine::Option(option)) => {
                let again = EngineOption::parse(&format!("option {option}"));
                assert_eq!(again.as_ref().map(|again| &again.kind), Ok(&option.kind), "{option}");
            }
            Ok(_) | Err(_) => {}
        }
        check_pv(&Info::parse(line, dialect, &pos), &pos);
    }
});

fn check_pv(info: &Info, pos: &Position) {
    let mut current = pos.clone();
    for &mv in &info.pv {
        current = current.play(mv).expect("a pv plays legally");
    }
    if let Some(mv) = info.currmove {
        assert!(pos.is_legal(mv));
    }
}
