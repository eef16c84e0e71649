//! Reading CCBridge records and writing XQF: the two CBL libraries of the shared corpus (129 games and 2 headings, 740 KB; read
//! from `$XIANGQI_TESTDATA`, skipped when it is not set), the repository's own fixtures, and XQF writing of a
//! fixture game in both versions. Each read decodes, parses and replays every move (legality included); each
//! write checks every move.
//!
//! `cargo bench -p xiangqi-notation --bench ccbridge_xqf`

use core::{hint::black_box, time::Duration};
use std::path::PathBuf;

use criterion::{criterion_main, Criterion, Throughput};
use xiangqi_notation::{
    ccbridge,
    xqf::{self, XqfOptions, XqfVersion},
};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn corpus(c: &mut Criterion) {
    let Some(root) = std::env::var_os("XIANGQI_TESTDATA").map(PathBuf::from) else {
        println!("skipped: XIANGQI_TESTDATA not set (the corpus benchmarks need it)");
        return;
    };
    let dir = root.join("games/xqf/cchess-tests");
    let libraries: Vec<Vec<u8>> = ["1956年全国象棋锦标赛93局.CBL", "1989年龙化杯象棋名师邀请赛35局.CBL"]
        .iter()
        .map(|name| std::fs::read(dir.join(name)).expect("the CBL files of cchess-tests"))
        .collect();
    let bytes: usize = libraries.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("corpus");
    group.sample_size(20).measurement_time(Duration::from_secs(5)).throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("ccbridge: 2 CBL libraries (129 games) read and replayed", |b| {
        b.iter(|| libraries.iter().map(|cbl| ccbridge::read_cbl(black_box(cbl)).unwrap().games.len()).sum::<usize>())
    });
    group.finish();
}

fn fixtures(c: &mut Criterion) {
    let mut group = c.benchmark_group("fixtures");
    let cbr = fixture("ccbridge/game1.cbr");
    group.bench_function("ccbridge: game1.cbr (variations)", |b| {
        b.iter(|| ccbridge::read_cbr(black_box(&cbr)).unwrap())
    });
    let cbf = fixture("ccbridge/game1.cbf");
    group.bench_function("ccbridge: game1.cbf (XML)", |b| b.iter(|| ccbridge::read_cbf(black_box(&cbf)).unwrap()));
    let game = xqf::read(&fixture("xqf/v0b_encrypted.xqf")).unwrap();
    for (name, version) in [("0x0A", XqfVersion::Plain), ("0x12", XqfVersion::Encrypted)] {
        let options = XqfOptions { version, ..XqfOptions::default() };
        group.bench_function(format!("xqf: write game 1 as {name}"), |b| {
            b.iter(|| xqf::write(black_box(&game), &options).unwrap())
        });
    }
    group.finish();
}

// In a private module, so the generated `pub fn` needs no documentation.
mod group {
    criterion::criterion_group!(benches, super::fixtures, super::corpus);
}
criterion_main!(group::benches);
