//! Event JSON → the next round's Swiss pairing: never a panic; errors say what; a pairing names every
//! participant at most once, pairs nobody who met before and gives no second bye.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::pairing::{pair_event, PairingError, PairingSpec};
use xiangqi_tournament::Event;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(event) = serde_json::from_str::<Event>(text) else { return };
    let pairing = match pair_event(&event, &PairingSpec::default()) {
        Ok(pairing) => pairing,
        Err(PairingError::Event(error)) => {
            assert!(error.to_string().contains(':'), "{error}");
            return;
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let mut named: Vec<&str> = pairing.tables.iter().flat_map(|t| [t.red.as_str(), t.black.as_str()]).collect();
    named.extend(pairing.byes.iter().map(|b| b.player.as_str()));
    let count = named.len();
    named.sort_unstable();
    named.dedup();
    assert_eq!(named.len(), count, "a participant named twice");
    let met = |a: &str, b: &str| {
        event.rounds.iter().any(|r| {
            r.games.iter().any(|g| {
                let (red, black) = (g.red.as_deref(), g.black.as_deref());
                (red == Some(a) && black == Some(b)) || (red == Some(b) && black == Some(a))
            }) || r.matches.iter().any(|m| (m.first == a && m.second == b) || (m.first == b && m.second == a))
        })
    };
    for table in &pairing.tables {
        assert!(!met(&table.red, &table.black), "{} and {} meet twice", table.red, table.black);
    }
    for bye in pairing.byes.iter().filter(|b| !b.requested) {
        assert!(!event.rounds.iter().any(|r| r.byes.iter().any(|b| b.player == bye.player)), "a second bye");
    }
    let _ = pairing.to_string();
    let _ = serde_json::to_string(&pairing).expect("a pairing serializes");
});
