//! Event JSON → checked tournament → standings under every preset: never a panic; errors say where; the
//! standings are a permutation of the participants with one explanation per two neighbours.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::{berger, rank, rank_event, Event, Preset, RankingSpec, Tournament};

fuzz_target!(|data: &[u8]| {
    if let Some(&n) = data.first() {
        let table = berger::round_robin(u32::from(n % 40));
        assert!(table.iter().all(|round| round.pairings.len() <= usize::from(n % 40) / 2));
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    let event: Event = match serde_json::from_str(text) {
        Ok(event) => event,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let tournament = match Tournament::new(&event) {
        Ok(tournament) => tournament,
        Err(error) => {
            // Every error names the field it is about.
            let message = error.to_string();
            assert!(message.contains(':'), "{message}");
            return;
        }
    };
    // The event's own ranking choice, as the front ends rank it: the event was checked above, so it ranks.
    let standings = rank_event(&event, &RankingSpec::default()).expect("a checked event ranks");
    assert_eq!(standings.rows.len(), tournament.len());
    for preset in Preset::ALL {
        let standings = rank(&tournament, &preset.rules());
        assert_eq!(standings.rows.len(), tournament.len());
        assert_eq!(standings.explanations.len(), tournament.len().saturating_sub(1));
        let mut ids: Vec<&str> = standings.rows.iter().map(|r| r.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), tournament.len());
        let _ = standings.to_string();
        let _ = serde_json::to_string(&standings).expect("standings serialize");
    }
});
