//! Playing a paired round: the pairing's tables with results, and its byes, become the event's next round.
#![allow(dead_code, unreachable_pub)]

use xiangqi_tournament::pairing::{pair_event, PairingSpec, RoundPairing};
use xiangqi_tournament::{Bye, Event, Round, TournamentGame, TournamentResult};

/// Pairs the next round of `event`, or panics with the error.
pub fn next(event: &Event) -> RoundPairing {
    pair_event(event, &PairingSpec::default()).unwrap_or_else(|e| panic!("round {}: {e}", event.rounds.len() + 1))
}

/// Adds the paired round with `results`, one per table in order: `>` Red wins, `<` Black wins, `=` a draw.
pub fn play(event: &mut Event, pairing: &RoundPairing, results: &str) {
    let results: Vec<TournamentResult> = results
        .split_whitespace()
        .map(|r| match r {
            ">" => TournamentResult::RedWins,
            "<" => TournamentResult::BlackWins,
            "=" => TournamentResult::Draw,
            other => panic!("result {other:?}"),
        })
        .collect();
    assert_eq!(results.len(), pairing.tables.len(), "one result per table");
    play_results(event, pairing, results);
}

/// Adds the paired round with the results taken in table order from `results`, and the pairing's byes.
pub fn play_results(event: &mut Event, pairing: &RoundPairing, results: impl IntoIterator<Item = TournamentResult>) {
    let games = pairing.tables.iter().zip(results).map(|(t, r)| TournamentGame::new(&t.red, &t.black, r)).collect();
    let byes = pairing.byes.iter().map(|b| Bye { player: b.player.clone(), kind: Some(b.kind) }).collect();
    event.rounds.push(Round { games, byes, ..Round::default() });
}

/// A result from a number: 0 Red wins, 1 a draw, anything else Black wins.
pub fn result_of(n: u8) -> TournamentResult {
    match n {
        0 => TournamentResult::RedWins,
        1 => TournamentResult::Draw,
        _ => TournamentResult::BlackWins,
    }
}

/// The byes of a pairing, as ids.
pub fn byes(pairing: &RoundPairing) -> Vec<&str> {
    pairing.byes.iter().map(|b| b.player.as_str()).collect()
}
