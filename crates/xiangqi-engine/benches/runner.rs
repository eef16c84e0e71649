//! The runner's own cost per move — reading the reply, ruling the move, setting the next position, writing the
//! PGN — measured against the scripted engine, which answers at once, so that the engines' time is as small as
//! it can be. Each iteration is one engine move; the time counted is the runner's own (from a best move read to
//! the next `go` written, plus the game's PGN writing spread over its moves), as the runner measures it for its
//! report. The engines' time and the processes' start are not counted.
//!
//! `cargo bench -p xiangqi-engine --bench runner` (docs/performance.md, "The engine-match runner").
#![allow(missing_docs)] // criterion_group! generates undocumented public functions.

use core::{ops::ControlFlow, time::Duration};

use criterion::{criterion_group, criterion_main, Criterion};
use xiangqi_adjudicator::Procedure;
use xiangqi_engine::runner::{run_match, EngineSpec, MatchConfig, MatchEvent, MatchLimit};
use xiangqi_engine::{Dialect, EngineCommand};

/// Two scripted engines of `dialect` playing their own moves at depth 1 under `procedure`.
fn config(dialect: Dialect, procedure: Procedure) -> MatchConfig {
    let script = std::env::temp_dir().join(format!("xiangqi-engine-bench-{dialect}.script"));
    let greets = if dialect == Dialect::FairyUci { "fairy" } else { dialect.name() };
    std::fs::write(&script, format!("greets {greets}\n")).expect("a script in the temporary folder");
    let engine = |name: &str| EngineSpec {
        name: name.into(),
        command: EngineCommand::new(env!("CARGO_BIN_EXE_xiangqi-scripted-engine")).arg(&script).dialect(dialect),
        options: Vec::new(),
    };
    let mut config = MatchConfig::new(vec![engine("a"), engine("b")], MatchLimit::Depth(1));
    config.games = 2;
    config.procedure = procedure;
    config
}

/// The runner's own time for `moves` engine moves: matches are played until that many are counted.
fn own_time(config: &MatchConfig, moves: u64) -> Duration {
    let mut counted = 0;
    let mut total = Duration::ZERO;
    while counted < moves {
        run_match(config, &|| false, |event| {
            if let MatchEvent::GameFinished { game, .. } = event {
                let per_move = &game.timing.per_move;
                let pgn_share = game.timing.pgn / u32::try_from(per_move.len().max(1)).unwrap_or(u32::MAX);
                for &own in per_move {
                    if counted < moves {
                        total += own + pgn_share;
                        counted += 1;
                    }
                }
            }
            ControlFlow::Continue(())
        })
        .expect("the scripted engines play");
    }
    total
}

fn runner(c: &mut Criterion) {
    let mut group = c.benchmark_group("runner own time a move");
    group.sample_size(20);
    for (dialect, procedure) in [
        (Dialect::Ucci, Procedure::Immediate),
        (Dialect::FairyUci, Procedure::Immediate),
        (Dialect::Ucci, Procedure::Forbid),
    ] {
        let config = config(dialect, procedure);
        group.bench_function(format!("{dialect}, {procedure}"), |b| b.iter_custom(|moves| own_time(&config, moves)));
    }
    group.finish();
}

criterion_group!(benches, runner);
criterion_main!(benches);
