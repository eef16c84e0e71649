//! DhtmlXQ: never a panic on any bytes; every game read writes back to a block that reads as the same game,
//! and writing that game again gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_notation::dhtmlxq;

fuzz_target!(|data: &[u8]| {
    let Ok(games) = dhtmlxq::read(data) else { return };
    for game in games {
        let written = dhtmlxq::write(&game).expect("a game that was read can be written");
        let again = dhtmlxq::read_str(&written).unwrap_or_else(|err| panic!("{err}\n{written}"));
        assert_eq!(again.len(), 1, "{written}");
        assert_eq!(again[0], game, "{written}");
        assert_eq!(again[0].start.to_string(), game.start.to_string());
        assert_eq!(dhtmlxq::write(&again[0]).unwrap(), written);
    }
});
