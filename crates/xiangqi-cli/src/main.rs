//! `xiangqi`: the command-line tool for whole collections of xiangqi game records — check, convert and adjudicate
//! them in parallel —, a game played on stdin with every move ruled (`play`), and thin wrappers over the library
//! for perft, standings, board diagrams and engine matches.
//!
//! See the crate README for the commands and the exit codes.
#![forbid(unsafe_code)]

/// `eprintln!` that never panics: a closed stderr (`2>&1 | head`) is no reason to stop, nor to panic.
macro_rules! warn_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod adjudicate;
mod check;
mod collection;
mod convert;
mod engine_match;
mod pair;
mod perft;
mod play;
mod read;
mod run;
mod show;
mod standings;
mod start;

use std::{io, process::ExitCode};

use clap::{Parser, Subcommand};

/// The allocator: with glibc's, threads that read records at once wait on each other's arena locks (a file's
/// buffers are allocated by one thread and its results freed by another); mimalloc keeps a heap per thread.
/// Measured in docs/performance.md ("The command-line tool").
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const EXIT_CODES: &str = "\
Exit codes:
  0    success (also --help and --version)
  1    some records could not be read (unless --allow-errors), or a command failed (bad FEN, unwritable output)
  2    bad command line
  130  stopped by Ctrl-C (the results so far are printed, with the summary)";

/// Check, convert and adjudicate xiangqi (Chinese chess) game records.
#[derive(Debug, Parser)]
#[command(name = "xiangqi", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Check(check::CheckArgs),
    Convert(convert::ConvertArgs),
    Adjudicate(adjudicate::AdjudicateArgs),
    Perft(perft::PerftArgs),
    Standings(standings::StandingsArgs),
    Pair(pair::PairArgs),
    Show(show::ShowArgs),
    Match(Box<engine_match::MatchArgs>),
    Play(play::PlayArgs),
    #[command(hide = true)]
    ScriptedEngine(engine_match::ScriptedEngineArgs),
}

/// How a command that ran ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// All went well.
    Ok,
    /// Some records could not be read.
    SomeFailed,
    /// Stopped by Ctrl-C.
    Interrupted,
}

/// Why a command could not do its work.
#[derive(Debug)]
pub(crate) enum Fail {
    /// The command line is well formed but asks for something impossible (exit code 2).
    Usage(String),
    /// The work failed (exit code 1).
    Message(String),
    /// Stdout was closed (a pager quit, `| head`): the run stops quietly.
    Closed,
}

impl From<io::Error> for Fail {
    fn from(err: io::Error) -> Fail {
        if err.kind() == io::ErrorKind::BrokenPipe {
            Fail::Closed
        } else {
            Fail::Message(format!("cannot write the output: {err}"))
        }
    }
}

/// `value` as one line of JSON.
///
/// # Errors
/// [`Fail::Message`] if it cannot be written as JSON (never for the tool's own line types).
pub(crate) fn json_line(value: &impl serde::Serialize) -> Result<String, Fail> {
    serde_json::to_string(value).map_err(|err| Fail::Message(err.to_string()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::ScriptedEngine(args) = &cli.command {
        return engine_match::scripted_engine(args);
    }
    run::stop_on_ctrl_c();
    let outcome = match &cli.command {
        Command::Check(args) => check::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Adjudicate(args) => adjudicate::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Standings(args) => standings::run(args),
        Command::Pair(args) => pair::run(args),
        Command::Show(args) => show::run(args),
        Command::Match(args) => engine_match::run(args),
        Command::Play(args) => play::run(args),
        Command::ScriptedEngine(_) => Ok(Exit::Ok),
    };
    match outcome {
        Ok(Exit::Ok) | Err(Fail::Closed) => ExitCode::SUCCESS,
        Ok(Exit::SomeFailed) => ExitCode::FAILURE,
        Ok(Exit::Interrupted) => {
            warn_line!("interrupted");
            ExitCode::from(130)
        }
        Err(Fail::Usage(message)) => {
            warn_line!("error: {message}");
            ExitCode::from(2)
        }
        Err(Fail::Message(message)) => {
            warn_line!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
