//! Benchmarks of the FIDE Dutch pairing.
#![allow(missing_docs)] // criterion_group! generates an undocumented function
//!
//! Pairs the last round (9) of two tournaments bbpPairings' generator made (`--dutch -g`, seed 7, draws 30 %,
//! forfeits and half-point byes, 2/1/0 points): 150 players (target: at most 50 ms) and 500 players (target:
//! at most 1 s). scripts/bench/pairing_peers.py times bbpPairings on the same rounds.

use criterion::{criterion_group, criterion_main, Criterion};
use xiangqi_tournament::dutch;
use xiangqi_tournament::trf::Trf;

fn bench(c: &mut Criterion) {
    for (players, text) in [(150, include_str!("data/dutch-150.trf")), (500, include_str!("data/dutch-500.trf"))] {
        let trf = Trf::parse(text).expect("the benchmark file reads");
        let mut group = c.benchmark_group("pairing_dutch");
        group.sample_size(10);
        group.bench_function(format!("{players} players, round 9"), |b| {
            b.iter(|| dutch::pair_round(&trf, 9).expect("round 9 pairs"));
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
