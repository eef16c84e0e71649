//! Perft benchmarks: depth 4 from the start position and from positions that stress other parts of the
//! generator (checks, pins, cannon screens, endgames).

#![allow(missing_docs)] // criterion_group! generates undocumented public functions.

use criterion::{criterion_group, criterion_main, Criterion};
use xiangqi_board::{perft, Position};

const POSITIONS: &[(&str, &str, u32)] = &[
    ("start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 4),
    ("middlegame", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1", 4),
    ("screens", "2bakab2/9/4c4/9/4R4/4r4/9/4C4/9/2BAKAB2 w - - 0 1", 4),
    ("endgame", "3k5/4a4/4ba3/p3n3p/9/9/P7P/4B4/4A4/2R1KA3 b - - 0 1", 4),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, fen, depth) in POSITIONS {
        let pos = Position::from_fen(fen).expect("benchmark FEN is legal");
        group.bench_function(format!("{name}/{depth}"), |b| b.iter(|| perft(&pos, depth)));
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let pos = Position::from_fen(POSITIONS[1].1).expect("benchmark FEN is legal");
    c.bench_function("legal_moves/middlegame", |b| b.iter(|| pos.legal_moves()));
    c.bench_function("count_legal_moves/middlegame", |b| b.iter(|| pos.count_legal_moves()));
    let mv = pos.legal_moves()[0];
    c.bench_function("play/middlegame", |b| b.iter(|| pos.play(mv)));
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);
