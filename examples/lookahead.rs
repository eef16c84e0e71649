//! The cost of the mate-threat look-ahead: classifies one move many times with a look-ahead of one check and of
//! two, and prints the time per classification (the tables of CXA, ROC 2007 and AXF 2008 ask for continuous
//! checks, `CONTINUOUS_CHECKS`: docs/performance.md measures those).
//!
//! ```text
//! cargo run --release --example lookahead -- [ITERATIONS [CASE DEPTH]]
//! valgrind --tool=callgrind target/release/examples/lookahead 2000 2 2   # instructions, independent of the load
//! ```
//!
//! The moves: a quiet middle-game move (车九平八, no checking move to look at) and a horse move that threatens
//! 车一进八 (check, the king forced up) and a horse mate — a mate threat only with two checks.
//!
//! `--help` prints the usage on stdout; an argument that is not a number is reported on stderr with the usage
//! and exits with code 2.

use std::time::Instant;

use std::process::ExitCode;

use xiangqi::adjudicator::{ClassifyOptions, History};
use xiangqi::board::Position;

#[path = "cli.rs"]
mod cli;
use cli::{Output, Stop};

const USAGE: &str = "usage: lookahead [ITERATIONS [CASE DEPTH]]

Times the classification of two moves with a mate-threat look-ahead of one and two checks.
  ITERATIONS  classifications per case and depth (default 100000)
  CASE DEPTH  only case 1 (a quiet middle-game move) or 2 (a two-check mate threat), at depth 1 or 2";

/// The numbers of the command line: ITERATIONS, then optionally CASE and DEPTH.
pub(crate) fn parse_args(args: impl Iterator<Item = String>) -> Result<Vec<usize>, Stop> {
    let mut numbers = Vec::new();
    for arg in args {
        if arg == "-h" || arg == "--help" {
            return Err(Stop::Help(USAGE.to_owned()));
        }
        let number = arg.parse().map_err(|_| Stop::usage(format!("not a number: `{}`", arg.escape_debug()), USAGE))?;
        numbers.push(number);
    }
    if numbers.len() > 3 || numbers.len() == 2 {
        return Err(Stop::usage("give ITERATIONS, or ITERATIONS CASE DEPTH", USAGE));
    }
    Ok(numbers)
}

fn main() -> ExitCode {
    let numbers = match parse_args(std::env::args().skip(1)) {
        Ok(numbers) => numbers,
        Err(stop) => return stop.exit(),
    };
    let iterations = numbers.first().copied().unwrap_or(100_000);
    // Optionally one case (1 or 2) and one depth only, for an instruction count.
    let (only_case, only_depth) = (numbers.get(1).copied(), numbers.get(2).copied());
    let cases = [
        ("middle game 车九平八", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1", "a0b0"),
        ("two-check mate threat", "4k4/9/5P3/9/9/9/N8/9/R8/3K5 w - - 0 1", "a3b5"),
    ];
    let mut out = Output::stdout();
    for (index, (name, fen, mv)) in cases.into_iter().enumerate() {
        if only_case.is_some_and(|case| case != index + 1) {
            continue;
        }
        let mut history = History::new(Position::from_fen(fen).expect("valid FEN"));
        history.push(mv.parse().expect("a UCCI move")).expect("legal move");
        for depth in [1u8, 2].into_iter().filter(|&d| only_depth.is_none_or(|only| only == usize::from(d))) {
            let options = ClassifyOptions { mate_threat_depth: depth, ..ClassifyOptions::default() };
            let start = Instant::now();
            let mut flags = 0u32;
            for _ in 0..iterations {
                flags = flags.wrapping_add(u32::from(history.classify_range(0, 1, &options)[0].flags.bits()));
            }
            let per_call = start.elapsed().as_nanos() as f64 / iterations as f64;
            out.line(&format!(
                "{name}, look-ahead of {depth} check(s): {per_call:.0} ns per classification (flags sum {flags})"
            ));
        }
    }
    ExitCode::SUCCESS
}
