//! Criterion benches: classifying one move, judging a 4-ply and a 12-ply cycle, and a game in progress — play and
//! status per move over a 100-ply game, the moves the book forbids in a running cycle, take-back.
//!
//! The 100-ply game is the first game of at least 100 plies in the shared corpus's
//! `games/wukong/games_pgn/bulk_games_uci.pgn` (master games in ICCS) when `XIANGQI_TESTDATA` names the corpus;
//! without it, a game of 100 plies chosen by a fixed pseudo-random sequence (the bench says which it measured).

#![allow(missing_docs)] // criterion_group! generates undocumented public functions.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use xiangqi_adjudicator::{classify, ClassifyOptions, Game, History, Procedure, RuleBook, CONTINUOUS_CHECKS};
use xiangqi_board::{Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

fn play(start: &Position, cycle: &[Move], times: usize) -> Game {
    let mut game = Game::new(start.clone(), RuleBook::Axf2008);
    for _ in 0..times {
        for &mv in cycle {
            game.play(mv).expect("legal");
        }
    }
    game
}

/// The 100-ply game: its start position, its moves, and where it comes from.
fn hundred_plies() -> (Position, Vec<Move>, &'static str) {
    if let Some(dir) = std::env::var_os("XIANGQI_TESTDATA") {
        let path = std::path::Path::new(&dir).join("games/wukong/games_pgn/bulk_games_uci.pgn");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let games = xiangqi_notation::pgn::read_str(&text).expect("the corpus reads");
        if let Some(game) = games.into_iter().find(|game| game.main.nodes.len() >= 100) {
            return (game.start.clone(), game.main_moves().take(100).collect(), "a master game of the corpus");
        }
    }
    // A fixed pseudo-random game (xorshift), its moves picked among the legal ones.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut pos = Position::new();
    let mut played = Vec::new();
    while played.len() < 100 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let legal = pos.legal_moves();
        let mv = legal[(state % legal.len() as u64) as usize];
        pos = pos.play(mv).expect("legal");
        played.push(mv);
    }
    (Position::new(), played, "a pseudo-random game (XIANGQI_TESTDATA unset)")
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

    // A mate threat of two checks: a horse move that threatens 车一进八 (check, the king forced up) and then a horse
    // mate; with one check (PRC 1956 要杀) the same move is idle. CXA, ROC 2007 and AXF 2008 look for continuous
    // checks (第24条 24.10, 術語 殺著).
    let two_checks = Position::from_fen("4k4/9/5P3/9/9/9/N8/9/R8/3K5 w - - 0 1").unwrap();
    let threat: Move = "a3b5".parse().unwrap();
    let threat_history = {
        let mut h = History::new(two_checks.clone());
        h.push(threat).unwrap();
        h
    };
    for (name, depth) in [
        ("classify a two-check mate threat, look-ahead of one check", 1),
        ("classify a two-check mate threat, look-ahead of two checks", 2),
        ("classify a two-check mate threat, continuous checks (CXA, ROC, AXF)", CONTINUOUS_CHECKS),
    ] {
        let options = ClassifyOptions { mate_threat_depth: depth, ..ClassifyOptions::default() };
        c.bench_function(name, |b| b.iter(|| threat_history.classify_range(0, 1, black_box(&options))));
    }
    let continuous_middlegame = ClassifyOptions { mate_threat_depth: CONTINUOUS_CHECKS, ..ClassifyOptions::default() };
    c.bench_function("classify one move (middlegame), continuous checks (CXA, ROC, AXF)", |b| {
        b.iter(|| history.classify_range(0, 1, black_box(&continuous_middlegame)))
    });

    // A 4-ply cycle: the rook chases the cannon between a7 and a8; the move that makes the third occurrence is
    // played and taken back (the game is not copied).
    let chase = Position::from_fen("3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1").unwrap();
    let lead = moves("b0b7");
    let cycle4 = moves("a7a8 b7b8 a8a7 b8b7");
    let mut almost = Game::new(chase.clone(), RuleBook::Axf2008);
    for &mv in lead.iter().chain(&cycle4).chain(&cycle4[..3]) {
        almost.play(mv).unwrap();
    }
    assert!(almost.clone().play(cycle4[3]).unwrap().ruling.is_warning(), "the third occurrence is judged");
    c.bench_function("verdict of a 4-ply cycle (play and undo)", |b| {
        b.iter(|| {
            let status = almost.play(black_box(cycle4[3])).unwrap();
            almost.undo();
            status
        })
    });

    // A 12-ply cycle: three pieces of each side shuffle out and back.
    let twelve = Position::from_fen("3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1").unwrap();
    let cycle12 = moves("b0b1 a7a6 e2c4 d9e8 e1d2 g9i7 b1b0 a6a7 c4e2 e8d9 d2e1 i7g9");
    // The game one move before the third occurrence of the 12-ply cycle's start (ply 24), under `book`.
    let almost_third = |book: RuleBook| {
        let mut game = Game::new(twelve.clone(), book);
        for &mv in cycle12.iter().chain(&cycle12[..11]) {
            game.play(mv).unwrap();
        }
        game
    };
    let mut almost12 = almost_third(RuleBook::Axf2008);
    assert!(almost12.clone().play(cycle12[11]).unwrap().ruling.is_warning(), "the third occurrence is judged");
    c.bench_function("verdict of a 12-ply cycle (play and undo)", |b| {
        b.iter(|| {
            let status = almost12.play(black_box(cycle12[11])).unwrap();
            almost12.undo();
            status
        })
    });
    let mut almost12_cxa = almost_third(RuleBook::Cxa);
    assert!(almost12_cxa.clone().play(cycle12[11]).unwrap().over, "CXA draws at the third occurrence");
    c.bench_function("verdict of a 12-ply cycle under CXA (material gain, continuous checks), play and undo", |b| {
        b.iter(|| {
            let status = almost12_cxa.play(black_box(cycle12[11])).unwrap();
            almost12_cxa.undo();
            status
        })
    });

    // Recording a game with no repetition: the per-move cost of Game::play.
    let opening = moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 c6c5 g3g4 b7b6 c3c4 b6c6 b2b6 h7h3");
    c.bench_function("record 16 plies without repetition (per game)", |b| {
        b.iter(|| play(&Position::new(), black_box(&opening), 1))
    });

    // A game in progress: 100 plies played one at a time, the status after each.
    let (start, game_moves, source) = hundred_plies();
    eprintln!("the 100-ply game is {source}");
    c.bench_function("game: play and status, 100 plies (per game)", |b| {
        b.iter(|| {
            let mut game = Game::new(start.clone(), RuleBook::Axf2008);
            for &mv in &game_moves {
                black_box(game.play(mv).expect("legal"));
            }
            game
        })
    });
    let full = {
        let mut game = Game::new(start.clone(), RuleBook::Axf2008);
        for &mv in &game_moves {
            game.play(mv).unwrap();
        }
        game
    };
    c.bench_function("game: undo (after 100 plies)", |b| {
        b.iter_batched_ref(|| full.clone(), |game| game.undo(), BatchSize::SmallInput)
    });
    c.bench_function("game: undo and redo (after 100 plies)", |b| {
        let mut game = full.clone();
        b.iter(|| {
            game.undo();
            game.redo()
        })
    });
    c.bench_function("game: forbidden moves after 100 plies (no cycle)", |b| b.iter(|| full.forbidden_moves()));

    // The moves the book forbids while a cycle runs: red warned (arbiter), red's last move of the cycle once more
    // forbidden; and under the immediate procedure, the move that makes the third occurrence.
    let warned = {
        let mut game = Game::new(chase.clone(), RuleBook::Axf2008);
        for &mv in lead.iter().chain(&cycle4).chain(&cycle4).chain(&cycle4[..3]) {
            game.play(mv).unwrap();
        }
        assert_eq!(game.forbidden_moves().len(), 1);
        game
    };
    c.bench_function("game: forbidden moves, warned cycle (arbiter)", |b| b.iter(|| warned.forbidden_moves()));
    let immediate = {
        let mut game = Game::new(chase.clone(), RuleBook::Axf2008).with_procedure(Procedure::Immediate);
        for &mv in lead.iter().chain(&cycle4).chain(&cycle4[..3]) {
            game.play(mv).unwrap();
        }
        assert_eq!(game.forbidden_moves().len(), 1);
        game
    };
    c.bench_function("game: forbidden moves, third occurrence next (immediate)", |b| {
        b.iter(|| immediate.forbidden_moves())
    });
    let immediate12 = {
        let mut game = Game::new(twelve.clone(), RuleBook::Cxa).with_procedure(Procedure::Immediate);
        for &mv in cycle12.iter().chain(&cycle12[..10]) {
            game.play(mv).unwrap();
        }
        game
    };
    // Two plies before the third occurrence: the lines of a move and a reply are tried (none loses: no offender).
    c.bench_function("game: forbidden moves, 12-ply cycle under CXA (immediate)", |b| {
        b.iter(|| immediate12.forbidden_moves())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
