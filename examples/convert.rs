//! Converts moves between notations, or a game record to PGN.
//!
//! ```text
//! cargo run --example convert -- [OPTIONS] --from FORMAT --to FORMAT MOVE...
//! cargo run --example convert -- [OPTIONS] --to FORMAT FILE
//! ```
//! FORMAT is one of `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf`, `axf` (and `any` for `--from`, which
//! recognises the notation of each move).
//!
//! With `--from`, each MOVE is read in the `--fen` position (default: the start) and printed in the `--to`
//! notation, one per line; the moves are alternatives, unless `--line` plays them in order. An illegal,
//! ambiguous or unreadable move prints an error naming its ply and text on stderr and exits with code 1. The
//! coordinate forms: `iccs` is `H2-E2`, `ucci` is `h2e2` (ranks 0–9 both), `fairy-uci` is `h3e3` (ranks 1–10),
//! for single moves and records alike.
//!
//! Without `--from`, FILE is a PGN, XQF, DhtmlXQ or CCBridge (CBR, CBL, CBF) record (recognised by its
//! content); every game in it is printed as UTF-8 PGN with its moves in the `--to` notation, game by game as the
//! file is read (a file of any size converts in little memory). The first bad game stops the conversion with an
//! error naming it; with `--lenient`, bad games are skipped and bad moves cut with the rest of their line, each
//! reported on stderr in file order, with a count at the end. A file that holds no record is an error ("no PGN,
//! XQF, DhtmlXQ or CCBridge record found").
//!
//! Options: `--fen FEN`, `--line`, `--lenient`, `--traditional` (繁體 characters in Chinese and AXF), `--full-width`
//! (full-width digits for Black in Chinese), `--file-names` (炮七进二 rather than 前炮进二 in Chinese when only that
//! piece can make the move), `--wxf-dialect official|xqwizard|fairy`. Options come first; `--`
//! ends them, so that WXF moves such as `--.4` or `-P+1` can follow. `--help` prints the usage on stdout; a bad
//! command line is reported on stderr with the usage and exits with code 2.

use std::{
    io::{BufReader, BufWriter, Write},
    process::ExitCode,
};

use xiangqi::board::Position;
use xiangqi::notation::{
    format::{write_move, ParseMoveFormatError},
    parse_line, pgn, read_any, BlackDigits, MoveFormat, MoveLine, Notation, ParseNotationError, ReadOptions, Script,
    TandemNames, WriteOptions, WxfDialect,
};

#[path = "cli.rs"]
mod cli;
use cli::{warn, Output, Stop};

const USAGE: &str = "usage: convert [--fen FEN] [--line] [--traditional] [--full-width] [--file-names] \
[--wxf-dialect official|xqwizard|fairy] --from FORMAT --to FORMAT MOVE...
       convert [--lenient] [--traditional] [--full-width] [--file-names] [--wxf-dialect D] --to FORMAT FILE
FORMAT: iccs (H2-E2), ucci (h2e2), fairy-uci (h3e3), chinese (炮二平五), wxf (C2.5), axf (炮2=5); --from also any";

pub(crate) struct Args {
    fen: Option<String>,
    line: bool,
    lenient: bool,
    pub(crate) from: Option<Notation>,
    to: MoveFormat,
    options: WriteOptions,
    inputs: Vec<String>,
}

fn parse_format(value: &str) -> Result<MoveFormat, Stop> {
    value.parse().map_err(|err: ParseMoveFormatError| Stop::usage(err.to_string(), USAGE))
}

pub(crate) fn parse_args(raw: impl Iterator<Item = String>) -> Result<Args, Stop> {
    let mut fen = None;
    let mut line = false;
    let mut lenient = false;
    let mut from = None;
    let mut to = None;
    let mut options = WriteOptions::default();
    let mut inputs = Vec::new();
    let mut raw = raw.peekable();
    let value = |name: &str, raw: &mut core::iter::Peekable<_>| -> Result<String, Stop> {
        raw.next().ok_or_else(|| Stop::usage(format!("{name} needs a value"), USAGE))
    };
    while let Some(arg) = raw.next() {
        match arg.as_str() {
            "--" => {
                inputs.extend(raw.by_ref());
                break;
            }
            "--fen" => fen = Some(value("--fen", &mut raw)?),
            "--line" => line = true,
            "--lenient" => lenient = true,
            "--from" => {
                let name = value("--from", &mut raw)?;
                from = Some(name.parse().map_err(|err: ParseNotationError| Stop::usage(err.to_string(), USAGE))?);
            }
            "--to" => to = Some(parse_format(&value("--to", &mut raw)?)?),
            "--traditional" => options = options.with_script(Script::Traditional),
            "--full-width" => options = options.with_black_digits(BlackDigits::FullWidth),
            "--file-names" => options = options.with_tandem(TandemNames::FileWhenUnique),
            "--wxf-dialect" => {
                let dialect = match value("--wxf-dialect", &mut raw)?.as_str() {
                    "official" => WxfDialect::Official,
                    "xqwizard" => WxfDialect::XqWizard,
                    "fairy" => WxfDialect::FairyStockfish,
                    other => return Err(Stop::usage(format!("unknown WXF dialect {other:?}"), USAGE)),
                };
                options = options.with_wxf(dialect);
            }
            "-h" | "--help" => return Err(Stop::Help(USAGE.to_owned())),
            _ if arg.starts_with("--") && arg.len() > 2 && arg[2..].starts_with(|c: char| c.is_ascii_lowercase()) => {
                return Err(Stop::usage(format!("unknown option {arg}"), USAGE))
            }
            _ => {
                // The first non-option ends the options: moves may begin with a dash (`-P+1`, `--.4`).
                inputs.push(arg);
                inputs.extend(raw.by_ref());
                break;
            }
        }
    }
    let to = to.ok_or_else(|| Stop::usage("--to is required", USAGE))?;
    if inputs.is_empty() {
        return Err(Stop::usage("nothing to convert", USAGE));
    }
    if from.is_none() && inputs.len() != 1 {
        return Err(Stop::usage("give one record FILE, or --from FORMAT with moves", USAGE));
    }
    Ok(Args { fen, line, lenient, from, to, options, inputs })
}

/// Converts the moves of the command line, each written to `out`; the error of the first that cannot be read.
/// With `--line` the moves are a game, read by the library's line stage (`parse_line`) and named by their ply;
/// without, alternatives in the same position, each read as the first ply of a line.
pub(crate) fn convert_moves(args: &Args, from: Notation, out: &mut Vec<String>) -> Result<(), String> {
    let start = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|err| format!("--fen: {err}"))?,
        None => Position::new(),
    };
    let mut write = |line: &MoveLine| -> Result<(), String> {
        for (before, mv) in line.steps() {
            out.push(write_move(args.to, before, mv, &args.options).map_err(|err| err.to_string())?);
        }
        Ok(())
    };
    if args.line {
        return match parse_line(&start, &args.inputs, from) {
            Ok(line) => write(&line),
            Err(err) => {
                write(&err.read)?;
                Err(err.to_string())
            }
        };
    }
    for text in &args.inputs {
        let mut line = MoveLine::new(start.clone());
        line.read(text, from).map_err(|err| err.to_string())?;
        write(&line)?;
    }
    Ok(())
}

/// Converts every game of the record file to PGN on stdout, game by game: the file is streamed, never held
/// whole (an XQF file, one game, excepted). Strict: the first bad game stops the conversion. Lenient: bad games
/// are skipped and bad moves cut, each reported on stderr in file order.
fn convert_file(args: &Args) -> Result<(), String> {
    let path = &args.inputs[0];
    let file = std::fs::File::open(path).map_err(|err| format!("{path}: {err}"))?;
    let read_options = if args.lenient { ReadOptions::lenient() } else { ReadOptions::strict() };
    let mut games =
        read_any(BufReader::with_capacity(1 << 16, file), read_options).map_err(|err| format!("{path}: {err}"))?;
    let options = pgn::PgnOptions { format: args.to, moves: args.options };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let (mut written, mut skipped, mut warned) = (0usize, 0usize, 0usize);
    while let Some(item) = games.next() {
        let warnings = games.take_warnings();
        warned += warnings.len();
        for warning in warnings {
            warn(&format!("{path}: warning: {warning}"));
        }
        let game = match item {
            Ok(game) => game,
            Err(err) if args.lenient => {
                warn(&format!("{path}: skipped: {err}"));
                skipped += 1;
                continue;
            }
            Err(err) => return Err(format!("{path}: {err}")),
        };
        let text = pgn::write(&game, &options).map_err(|err| format!("{path}: game {}: {err}", written + 1))?;
        let separator: &[u8] = if written > 0 { b"\n" } else { b"" };
        if let Err(err) = out.write_all(separator).and_then(|()| out.write_all(text.as_bytes())) {
            return closed_is_done(err);
        }
        written += 1;
    }
    if let Err(err) = out.flush() {
        return closed_is_done(err);
    }
    if args.lenient {
        warn(&format!("{path}: {written} games written, {skipped} skipped, {warned} warnings"));
    }
    Ok(())
}

/// A write error: a closed stdout (a pager quit, `| head`) ends the conversion quietly; any other is the error.
fn closed_is_done(err: std::io::Error) -> Result<(), String> {
    match err.kind() {
        std::io::ErrorKind::BrokenPipe => Ok(()),
        _ => Err(err.to_string()),
    }
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(stop) => return stop.exit(),
    };
    let result = match args.from {
        Some(from) => {
            let mut written = Vec::new();
            let result = convert_moves(&args, from, &mut written);
            let mut out = Output::stdout();
            for line in written {
                out.line(&line);
            }
            result
        }
        None => convert_file(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            warn(&format!("error: {message}"));
            ExitCode::FAILURE
        }
    }
}
