//! Benchmarks of the board queries that need no move generation (`is_legal`, `gives_check`), of
//! `has_legal_moves` (which stops at the first legal move) and of `play`, each over every legal move of a middle
//! game (or over a set of positions) so that one figure covers the quick and the slow paths.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use xiangqi_board::{Move, Position};

const MIDDLEGAME: &str = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1";
const SHARP: &str = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";

fn bench_queries(c: &mut Criterion) {
    let pos = Position::from_fen(MIDDLEGAME).expect("benchmark FEN is legal");
    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
    // Every move a piece of the side to move could try by its movement rules, legal or not.
    let pseudo: Vec<Move> = pos.pseudo_legal_moves().iter().copied().collect();
    c.bench_function("is_legal/middlegame pseudo-legal moves (each)", |b| {
        b.iter(|| pseudo.iter().filter(|&&mv| pos.is_legal(black_box(mv))).count())
    });
    c.bench_function("gives_check/middlegame legal moves (each)", |b| {
        b.iter(|| legal.iter().filter(|&&mv| pos.gives_check(black_box(mv))).count())
    });
    c.bench_function("play/middlegame legal moves (each)", |b| {
        b.iter(|| legal.iter().map(|&mv| pos.play(black_box(mv)).map(|p| p.halfmoves()).unwrap_or(0)).sum::<u32>())
    });
    // The positions after each legal move: the other side to move.
    let after: Vec<Position> = legal.iter().map(|&mv| pos.play(mv).expect("legal")).collect();
    // Positions in check: after each checking move of a sharp middle game (fsf-1 of the perft suite).
    let sharp = Position::from_fen(SHARP).expect("benchmark FEN is legal");
    let checked: Vec<Position> =
        sharp.legal_moves().iter().map(|&mv| sharp.play(mv).expect("legal")).filter(Position::is_check).collect();
    assert!(!checked.is_empty(), "the benchmark needs positions in check");
    c.bench_function("has_legal_moves/after each middlegame move", |b| {
        b.iter(|| after.iter().filter(|p| black_box(p).has_legal_moves()).count())
    });
    c.bench_function("has_legal_moves/in check after a sharp middlegame move", |b| {
        b.iter(|| checked.iter().filter(|p| black_box(p).has_legal_moves()).count())
    });
}

criterion_group!(benches, bench_queries);
criterion_main!(benches);
