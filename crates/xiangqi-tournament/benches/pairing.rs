//! Benchmarks of Swiss pairing (积分编排): the next round of a 150-player and a 500-player event whose earlier
//! rounds were paired the same way (targets: 50 ms and 1 s).
#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{criterion_group, criterion_main, Criterion as Bench};
use xiangqi_tournament::pairing::{pair_next_round, PairingRules};
use xiangqi_tournament::{Bye, Event, Preset, Round, System, Tournament, TournamentGame, TournamentResult};

#[path = "support/random.rs"]
mod random;

use random::Random;

/// A Swiss event of `players` (odd, so that every round has a bye) after `rounds` rounds, each paired by the
/// pairing itself, with random results (42 % Red wins, 28 % draws, 30 % Black wins).
fn event(players: usize, rounds: usize, rules: &PairingRules) -> Event {
    let ids: Vec<String> = (1..=players).map(|i| format!("P{i:04}")).collect();
    let mut event = Event { system: System::Swiss, ..Event::with_players(ids.iter().map(String::as_str)) };
    let mut random = Random(24);
    for _ in 0..rounds {
        let tournament = Tournament::new(&event).expect("valid event");
        let pairing = pair_next_round(&tournament, rules).expect("a pairing");
        let games = pairing
            .tables
            .iter()
            .map(|t| {
                let result = match random.next() % 100 {
                    0..=41 => TournamentResult::RedWins,
                    42..=69 => TournamentResult::Draw,
                    _ => TournamentResult::BlackWins,
                };
                TournamentGame::new(&t.red, &t.black, result)
            })
            .collect();
        let byes = pairing.byes.iter().map(|b| Bye { player: b.player.clone(), kind: Some(b.kind) }).collect();
        event.rounds.push(Round { games, byes, ..Round::default() });
    }
    event
}

fn bench(c: &mut Bench) {
    let rules = PairingRules::for_preset(Preset::AxfIndividualSwiss);
    for (players, rounds) in [(151, 8), (501, 10)] {
        let tournament = Tournament::new(&event(players, rounds, &rules)).expect("valid event");
        let pairing = pair_next_round(&tournament, &rules).expect("a pairing");
        assert_eq!(pairing.tables.len(), players / 2);
        c.bench_function(&format!("pair round {} of {players} players", rounds + 1), |b| {
            b.iter(|| pair_next_round(&tournament, &rules));
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
