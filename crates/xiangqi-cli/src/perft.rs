//! `xiangqi perft`: counts the legal move paths from a position, and the speed.

use std::{io::Write, time::Instant};

use xiangqi::board::{perft, perft_divide, Position};

use crate::{Exit, Fail};

/// Count legal move paths (perft)
///
/// Counts the legal move paths to DEPTH from a position (default: the start) and prints
/// `nodes N time SECONDS mnps X`; with --divide first one line `MOVE COUNT` per root move.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example:\n  xiangqi perft --divide --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' 3"
)]
pub(crate) struct PerftArgs {
    /// The position (default: the start position).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// One line `MOVE COUNT` per root move (UCCI coordinates).
    #[arg(long)]
    divide: bool,
    /// The depth in plies.
    depth: u32,
}

/// Runs `xiangqi perft`.
pub(crate) fn run(args: &PerftArgs) -> Result<Exit, Fail> {
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|err| Fail::Message(format!("bad FEN: {err}")))?,
        None => Position::new(),
    };
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let mut total = 0;
        for (mv, count) in perft_divide(&pos, args.depth) {
            writeln!(out, "{mv} {count}")?;
            total += count;
        }
        total
    } else {
        perft(&pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    let mnps = if seconds > 0.0 { nodes as f64 / seconds / 1e6 } else { 0.0 };
    writeln!(out, "nodes {nodes} time {seconds:.3} mnps {mnps:.1}")?;
    Ok(Exit::Ok)
}
