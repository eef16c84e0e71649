//! `xiangqi perft`: counts the legal move paths from a position, and the speed.

use std::{io::Write, time::Instant};

use xiangqi::board::{perft, perft_divide, Position};

use crate::{Exit, Fail};

/// Count legal move paths (perft)
///
/// Counts the legal move paths to DEPTH from a position (default: the start) and prints
/// `nodes N time SECONDS mnps X`; with --divide first one line `MOVE COUNT` per root move. A depth beyond 8
/// (hours, or years, of work) needs --force, and then reports each root move done on stderr.
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
    /// Run a depth beyond 8 (the progress, one line per root move, goes to stderr).
    #[arg(long)]
    force: bool,
    /// The depth in plies.
    depth: u32,
}

/// The deepest perft run without `--force`: depth 8 from the start position takes minutes, and every ply more
/// some forty times as long.
const MAX_UNFORCED_DEPTH: u32 = 8;

/// Runs `xiangqi perft`.
pub(crate) fn run(args: &PerftArgs) -> Result<Exit, Fail> {
    if args.depth > MAX_UNFORCED_DEPTH && !args.force {
        return Err(Fail::Usage(format!(
            "perft {} would run for hours or more (depth {MAX_UNFORCED_DEPTH} from the start takes minutes, and each \
             ply more some forty times as long): give --force to run it, with its progress on stderr",
            args.depth
        )));
    }
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|err| Fail::Message(format!("--fen: {err}")))?,
        None => Position::new(),
    };
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let progress = args.depth > MAX_UNFORCED_DEPTH;
    let nodes = if (args.divide || progress) && args.depth > 0 {
        let mut total = 0;
        let roots = pos.count_legal_moves();
        if progress {
            warn_line!("perft {}: {roots} root moves", args.depth);
        }
        for (index, (mv, count)) in perft_divide(&pos, args.depth).enumerate() {
            if args.divide {
                writeln!(out, "{mv} {count}")?;
                out.flush()?;
            }
            if progress {
                let seconds = start.elapsed().as_secs_f64();
                warn_line!("perft {}: root move {} of {roots} ({mv}) done, {seconds:.0} s", args.depth, index + 1);
            }
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
