//! Criterion benches: classifying one move, judging a 4-ply and a 12-ply cycle, and recording a game with no
//! repetition.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use xiangqi_adjudicator::{classify, ClassifyOptions, History, Referee, RuleBook};
use xiangqi_board::{Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

fn play(start: &Position, cycle: &[Move], times: usize) -> Referee {
    let mut game = Referee::new(start.clone(), RuleBook::Axf2008);
    for _ in 0..times {
        for &mv in cycle {
            game.play(mv).expect("legal");
        }
    }
    game
}

fn bench(c: &mut Criterion) {
    // A middlegame position: classify one quiet move.
    let middlegame =
        Position::from_fen("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1").unwrap();
    let quiet: Move = "a0b0".parse().unwrap(); // 车九平八
    assert!(middlegame.play(quiet).is_ok());
    c.bench_function("classify one move (middlegame)", |b| b.iter(|| classify(black_box(&middlegame), quiet)));
    let no_lookahead =
        ClassifyOptions { mate_threat_depth: 0, threat_to_win_by_check: false, ..ClassifyOptions::default() };
    let history = {
        let mut h = History::new(middlegame.clone());
        h.push(quiet).unwrap();
        h
    };
    c.bench_function("classify one move, no mate/抽吃 look-ahead", |b| {
        b.iter(|| history.classify_range(0, 1, black_box(&no_lookahead)))
    });

    // The two-check mate look-ahead of the CXA table (第24条 24.10): a horse move that threatens 车一进八 (check,
    // the king forced up) and then a horse mate; with one check (PRC 1956 要杀) the same move is idle.
    let two_checks = Position::from_fen("4k4/9/5P3/9/9/9/N8/9/R8/3K5 w - - 0 1").unwrap();
    let threat: Move = "a3b5".parse().unwrap();
    let threat_history = {
        let mut h = History::new(two_checks.clone());
        h.push(threat).unwrap();
        h
    };
    for (name, depth) in [
        ("classify a two-check mate threat, look-ahead of one check", 1),
        ("classify a two-check mate threat, look-ahead of two checks (CXA)", 2),
    ] {
        let options = ClassifyOptions { mate_threat_depth: depth, ..ClassifyOptions::default() };
        c.bench_function(name, |b| b.iter(|| threat_history.classify_range(0, 1, black_box(&options))));
    }
    let two_check_middlegame = ClassifyOptions { mate_threat_depth: 2, ..ClassifyOptions::default() };
    c.bench_function("classify one move (middlegame), look-ahead of two checks (CXA)", |b| {
        b.iter(|| history.classify_range(0, 1, black_box(&two_check_middlegame)))
    });

    // A 4-ply cycle: the rook chases the cannon between a7 and a8; judge at the third occurrence.
    let chase = Position::from_fen("3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1").unwrap();
    let lead = moves("b0b7");
    let cycle4 = moves("a7a8 b7b8 a8a7 b8b7");
    let mut almost = Referee::new(chase.clone(), RuleBook::Axf2008);
    for &mv in lead.iter().chain(&cycle4).chain(&cycle4[..3]) {
        almost.play(mv).unwrap();
    }
    c.bench_function("verdict of a 4-ply cycle", |b| {
        b.iter(|| {
            let mut game = almost.clone();
            game.play(black_box(cycle4[3])).unwrap()
        })
    });

    // A 12-ply cycle: three pieces of each side shuffle out and back.
    let twelve = Position::from_fen("3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1").unwrap();
    let cycle12 = moves("b0b1 a7a6 e2c4 d9e8 e1d2 g9i7 b1b0 a6a7 c4e2 e8d9 d2e1 i7g9");
    // The game one move before the third occurrence of the 12-ply cycle's start, under `rules`.
    let almost_third = |rules: RuleBook| {
        let mut game = Referee::new(twelve.clone(), rules);
        for &mv in cycle12.iter().chain(&cycle12).chain(&cycle12[..11]) {
            game.play(mv).unwrap();
        }
        game
    };
    let almost12 = almost_third(RuleBook::Axf2008);
    c.bench_function("verdict of a 12-ply cycle", |b| {
        b.iter(|| {
            let mut game = almost12.clone();
            game.play(black_box(cycle12[11])).unwrap()
        })
    });
    let almost12_cxa = almost_third(RuleBook::Cxa);
    c.bench_function("verdict of a 12-ply cycle under CXA (material gain, two-check look-ahead)", |b| {
        b.iter(|| {
            let mut game = almost12_cxa.clone();
            game.play(black_box(cycle12[11])).unwrap()
        })
    });

    // Recording a game with no repetition: the per-move cost of Referee::play.
    let opening = moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 c6c5 g3g4 b7b6 c3c4 b6c6 b2b6 h7h3");
    c.bench_function("record 16 plies without repetition (per game)", |b| {
        b.iter(|| play(&Position::new(), black_box(&opening), 1))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
