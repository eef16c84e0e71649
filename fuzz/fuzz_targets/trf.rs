//! TRF text → `Trf` and the Dutch pairing of its next round: never a panic; a file that reads writes back to one
//! that reads the same; an error names a line of the input (1-based); a pairing names each player at most once.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::dutch;
use xiangqi_tournament::trf::Trf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let trf = match Trf::parse(text) {
        Ok(trf) => trf,
        Err(error) => {
            assert!(error.line >= 1 && error.line <= text.split(['\n', '\r']).count(), "{error:?}");
            return;
        }
    };
    let written = trf.to_string();
    let again = Trf::parse(&written).unwrap_or_else(|error| panic!("written back, it does not read: {error}\n{written}"));
    assert_eq!(again, trf, "written back, it reads differently:\n{written}");
    // Small files only: the pairing of 150 players is a benchmark, not a fuzz input.
    if trf.players.len() > 40 {
        return;
    }
    if let Ok(pairing) = dutch::pair_round(&trf, trf.paired_rounds() + 1) {
        let mut named: Vec<u32> = pairing.pairs.iter().flat_map(|&(white, black)| [white, black]).collect();
        named.extend(pairing.bye);
        let count = named.len();
        named.sort_unstable();
        named.dedup();
        assert_eq!(named.len(), count, "a player paired twice: {pairing:?}");
    }
});
