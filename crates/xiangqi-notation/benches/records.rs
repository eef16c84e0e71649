//! Reading game records: the 3,000-game `pgn-practical` sample of the shared corpus (Big5, Chinese moves; read
//! from `$XIANGQI_TESTDATA`, skipped when it is not set), one of its large ICCS files, its two CCBridge libraries,
//! and the repository's own fixtures; and writing XQF. Each read decodes, parses and replays every move (legality
//! included); each write checks every move.
//!
//! `cargo bench -p xiangqi-notation --bench records`

use core::{hint::black_box, time::Duration};
use std::path::PathBuf;

use criterion::{criterion_main, Criterion, Throughput};
use xiangqi_notation::{
    ccbridge, dhtmlxq, pgn,
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
    let dir = root.join("games/pgn-practical");
    let files: Vec<Vec<u8>> =
        (1..=3000).map(|i| std::fs::read(dir.join(format!("{i:05}.pgn"))).expect("the pgn-practical sample")).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("corpus");
    group.sample_size(20).measurement_time(Duration::from_secs(15)).throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("pgn-practical: 3000 Big5 files read and replayed", |b| {
        b.iter(|| {
            // Two files of the sample start from a FEN without a king and are rejected; count the plies of the rest.
            files
                .iter()
                .filter_map(|file| pgn::read(black_box(file)).ok())
                .map(|games| games[0].main.nodes.len())
                .sum::<usize>()
        })
    });
    let iccs = std::fs::read(root.join("games/wukong/selected_iccs/Hu_Ronghua_1391_UCI_games.pgn")).expect("wukong");
    group.throughput(Throughput::Bytes(iccs.len() as u64));
    group.bench_function("wukong: 1391 ICCS games in one UTF-8 file", |b| {
        b.iter(|| pgn::read(black_box(&iccs)).unwrap().len())
    });
    group.finish();
}

fn fixtures(c: &mut Criterion) {
    let mut group = c.benchmark_group("fixtures");
    let utf8 = fixture("pgn/utf8.pgn");
    group.bench_function("pgn: utf8.pgn (3 games, variations)", |b| b.iter(|| pgn::read(black_box(&utf8)).unwrap()));
    let big5 = fixture("pgn/big5.pgn");
    group.bench_function("pgn: big5.pgn (detect Big5)", |b| b.iter(|| pgn::read(black_box(&big5)).unwrap()));
    let encrypted = fixture("xqf/v12_encrypted.xqf");
    group.bench_function("xqf: v12_encrypted.xqf", |b| b.iter(|| xqf::read(black_box(&encrypted)).unwrap()));
    let page = fixture("dhtmlxq/page.html");
    group.bench_function("dhtmlxq: page.html (2 games)", |b| b.iter(|| dhtmlxq::read(black_box(&page)).unwrap()));
    let game = &pgn::read(&utf8).unwrap()[0];
    group.bench_function("pgn: write game 1 in Chinese", |b| {
        b.iter(|| pgn::write(black_box(game), &pgn::PgnOptions::default()).unwrap())
    });
    group.finish();
}

/// CCBridge reading: the two CBL libraries of the shared corpus (129 games and 2 headings, 740 KB).
fn ccbridge_corpus(c: &mut Criterion) {
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

/// CCBridge reading and XQF writing of the fixtures.
fn ccbridge_and_xqf_write(c: &mut Criterion) {
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
    criterion::criterion_group!(
        benches,
        super::fixtures,
        super::corpus,
        super::ccbridge_and_xqf_write,
        super::ccbridge_corpus
    );
}
criterion_main!(group::benches);
