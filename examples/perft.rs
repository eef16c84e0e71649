//! Perft: count legal move paths and report the speed.
//!
//! ```text
//! cargo run --release --example perft -- [--fen FEN] [--divide] DEPTH
//! ```
//! With `--divide`, one line `MOVE COUNT` per root move (UCCI coordinates, e.g. `h2e2 1234`). Always a last line
//! `nodes N time SECONDS mnps X`.

use std::{process::ExitCode, time::Instant};

use xiangqi_board::{perft, perft_divide, Position};

const USAGE: &str = "usage: perft [--fen FEN] [--divide] DEPTH";

struct Args {
    fen: Option<String>,
    divide: bool,
    depth: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut fen = None;
    let mut divide = false;
    let mut depth = None;
    let mut args = std::env::args().skip(1);
    let mut options_done = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--" if !options_done => options_done = true,
            "--fen" if !options_done => fen = Some(args.next().ok_or("--fen needs a FEN")?),
            "--divide" if !options_done => divide = true,
            "-h" | "--help" if !options_done => return Err(USAGE.to_string()),
            _ if !options_done && arg.starts_with("--") => return Err(format!("unknown option {arg}\n{USAGE}")),
            _ => {
                options_done = true;
                if depth.is_some() {
                    return Err(format!("unexpected argument {arg}\n{USAGE}"));
                }
                depth = Some(arg.parse().map_err(|_| format!("invalid depth {arg:?}\n{USAGE}"))?);
            }
        }
    }
    Ok(Args { fen, divide, depth: depth.ok_or(USAGE)? })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let pos = match args.fen.as_deref().map(Position::from_fen) {
        None => Position::new(),
        Some(Ok(pos)) => pos,
        Some(Err(err)) => {
            eprintln!("error: {err}");
            return ExitCode::from(1);
        }
    };
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, count) in perft_divide(&pos, args.depth) {
            println!("{mv} {count}");
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
    println!("nodes {nodes} time {seconds:.3} mnps {mnps:.1}");
    ExitCode::SUCCESS
}
