//! Perft: count legal move paths and report the speed.
//!
//! ```text
//! cargo run --release --example perft -- [--fen FEN] [--divide] DEPTH
//! ```
//! With `--divide`, one line `MOVE COUNT` per root move (UCCI coordinates, e.g. `h2e2 1234`). Always a last line
//! `nodes N time SECONDS mnps X`. `--help` prints the usage on stdout; a bad command line is reported on stderr
//! with the usage and exits with code 2, a bad FEN with code 1.

use std::{process::ExitCode, time::Instant};

use xiangqi::board::{perft, perft_divide, Position};

#[path = "cli.rs"]
mod cli;
use cli::{warn, Output, Stop};

const USAGE: &str = "usage: perft [--fen FEN] [--divide] DEPTH

Counts the legal move paths of DEPTH plies from FEN (default: the start position) and prints the speed.
  --divide   one line MOVE COUNT per root move (UCCI coordinates, h2e2) first";

pub(crate) struct Args {
    fen: Option<String>,
    divide: bool,
    depth: u32,
}

pub(crate) fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, Stop> {
    let mut fen = None;
    let mut divide = false;
    let mut depth = None;
    let mut options_done = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--" if !options_done => options_done = true,
            "--fen" if !options_done => fen = Some(args.next().ok_or_else(|| Stop::usage("--fen needs a FEN", USAGE))?),
            "--divide" if !options_done => divide = true,
            "-h" | "--help" if !options_done => return Err(Stop::Help(USAGE.to_owned())),
            _ if !options_done && arg.starts_with("--") => {
                return Err(Stop::usage(format!("unknown option {arg}"), USAGE))
            }
            _ => {
                options_done = true;
                if depth.is_some() {
                    return Err(Stop::usage(format!("unexpected argument {arg}"), USAGE));
                }
                let invalid = || Stop::usage(format!("invalid depth `{}`", arg.escape_debug()), USAGE);
                depth = Some(arg.parse().map_err(|_| invalid())?);
            }
        }
    }
    Ok(Args { fen, divide, depth: depth.ok_or_else(|| Stop::usage("DEPTH is required", USAGE))? })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(stop) => return stop.exit(),
    };
    let pos = match args.fen.as_deref().map(Position::from_fen) {
        None => Position::new(),
        Some(Ok(pos)) => pos,
        Some(Err(err)) => {
            warn(&format!("error: {err}"));
            return ExitCode::from(1);
        }
    };
    let mut out = Output::stdout();
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, count) in perft_divide(&pos, args.depth) {
            out.line(&format!("{mv} {count}"));
            total += count;
        }
        if args.depth == 0 {
            1
        } else {
            total
        }
    } else {
        perft(&pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    let mnps = if seconds > 0.0 { nodes as f64 / seconds / 1e6 } else { 0.0 };
    out.line(&format!("nodes {nodes} time {seconds:.3} mnps {mnps:.1}"));
    ExitCode::SUCCESS
}
