//! Reading hostile inputs at 1, 10 and 100 MB through `read_any` over a `BufReader` (as a file is read): one
//! long comment, a comment never closed, a tag value of the whole size, games of 10⁵ nested variations, one game
//! whose move list is the whole size, and a DhtmlXQ block whose move list is. The time per MB must not grow
//! with the size (within 1.5×): docs/performance.md has the medians. Inputs over the default limits are errors
//! of their games, read past in linear time. The inputs are made in memory, as
//! `scripts/bench/pathological.py` writes them.
//!
//! `cargo bench -p xiangqi-notation --bench pathological` (about two minutes; `-- 1MB` for the small sizes).

use core::time::Duration;
use std::io::BufReader;

use criterion::{criterion_main, BenchmarkId, Criterion, Throughput};
use xiangqi_notation::{read_any, ReadOptions};

/// `head`, then `unit` repeated to `size` bytes, then `tail`.
fn filled(head: &str, unit: &str, size: usize, tail: &str) -> Vec<u8> {
    let mut bytes = head.as_bytes().to_vec();
    bytes.extend(unit.as_bytes().iter().cycle().take(size / unit.len() * unit.len()));
    bytes.extend_from_slice(tail.as_bytes());
    bytes
}

/// The inputs of `size` bytes, by name.
fn inputs(size: usize) -> Vec<(&'static str, Vec<u8>)> {
    let depth = 100_000;
    let nested = format!("[Event \"nested\"]\n1. h2e2 {}{} *\n", "(1. b2e2 ".repeat(depth), ")".repeat(depth));
    vec![
        ("long comment", filled("[Event \"x\"]\n1. h2e2 {", "a comment ", size, "} h9g7 *\n")),
        ("open comment", filled("[Event \"x\"]\n1. h2e2 {", "never closed ", size, "")),
        ("huge tag", filled("[Event \"", "a tag value ", size, "\"]\n1. h2e2 *\n")),
        ("nested variations", filled("", &nested, size.max(nested.len()), "")),
        ("long movelist", filled("[Event \"x\"]\n", "h0g2 h9g7 g2h0 g7h9 ", size, "*\n")),
        (
            "dhtmlxq movelist",
            filled("[DhtmlXQ][DhtmlXQ_movelist]", "7967706267796270", size, "[/DhtmlXQ_movelist][/DhtmlXQ]"),
        ),
    ]
}

/// Reads every game of `bytes` as a file is read; the number of games and errors.
fn read(bytes: &[u8]) -> usize {
    read_any(BufReader::new(bytes), ReadOptions::strict()).map_or(1, Iterator::count)
}

fn pathological(c: &mut Criterion) {
    let mut group = c.benchmark_group("pathological");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    for megabytes in [1, 10, 100] {
        for (name, bytes) in inputs(megabytes << 20) {
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            group.bench_with_input(BenchmarkId::new(name, format!("{megabytes}MB")), &bytes, |b, bytes| {
                b.iter(|| read(bytes))
            });
        }
    }
    group.finish();
}

// In a private module, so the generated `pub fn` needs no documentation.
mod group {
    criterion::criterion_group!(benches, super::pathological);
}
criterion_main!(group::benches);
