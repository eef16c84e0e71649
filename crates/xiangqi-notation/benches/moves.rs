//! Writing and reading one move in each notation, in a middle-game position and in a position with tandem pawns
//! on two files (the slowest case of the traditional notations). Targets: writing ≤ 150 ns, reading ≤ 250 ns.
//!
//! `cargo bench -p xiangqi-notation --bench moves`

use core::hint::black_box;

use criterion::{criterion_main, Criterion};
use xiangqi_board::{Move, Position};
use xiangqi_notation::{
    format::{parse_move, write_move},
    MoveFormat, WriteOptions, WxfDialect,
};

/// A middle-game position (after 炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1) and the move
/// 马八进七; then five pawns on two files and 四兵平六 (`77.6`).
fn cases() -> [(&'static str, Position, Move); 2] {
    let middle: Position = "r1bakab2/9/1cn3nc1/p1p3p1p/4p4/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R w".parse().expect("FEN");
    let tandem: Position = "3k5/2P6/2P3P2/2P3P2/9/9/9/9/9/4K4 w".parse().expect("FEN");
    [("middle game", middle, "b0c2".parse().expect("move")), ("tandem pawns", tandem, "c7d7".parse().expect("move"))]
}

fn notations(c: &mut Criterion) {
    let options = WriteOptions::default();
    let fairy = options.with_wxf(WxfDialect::FairyStockfish);
    let formats = [
        ("iccs", MoveFormat::Iccs, options),
        ("ucci", MoveFormat::Ucci, options),
        ("fairy-uci", MoveFormat::FairyUci, options),
        ("chinese", MoveFormat::Chinese, options),
        ("wxf", MoveFormat::Wxf, options),
        ("wxf fairy-stockfish", MoveFormat::Wxf, fairy),
        ("axf", MoveFormat::Axf, options),
    ];
    // Two yardsticks for the machine's speed at the time of the run: the board crate's legality test (which every
    // writer and reader does once) and writing a `Move` with `to_string`.
    let start = Position::new();
    let cannon: Move = "h2e2".parse().expect("move");
    c.bench_function("baseline: Position::is_legal", |b| b.iter(|| black_box(&start).is_legal(black_box(cannon))));
    c.bench_function("baseline: Move::to_string", |b| b.iter(|| black_box(cannon).to_string()));
    for (case, pos, mv) in cases() {
        assert!(pos.is_legal(mv), "{case}");
        for (name, format, options) in formats {
            c.bench_function(&format!("write {name} ({case})"), |b| {
                b.iter(|| write_move(format, black_box(&pos), black_box(mv), &options))
            });
            let text = write_move(format, &pos, mv, &options).expect("legal");
            assert_eq!(parse_move(format, &text, &pos), Ok(mv), "{case} {text}");
            c.bench_function(&format!("read {name} ({case}) {text}"), |b| {
                b.iter(|| parse_move(format, black_box(&text), black_box(&pos)))
            });
        }
    }
}

/// The benchmark group; the function the macro generates has no documentation of its own.
mod group {
    #![allow(missing_docs)]
    criterion::criterion_group!(benches, super::notations);
}

criterion_main!(group::benches);
