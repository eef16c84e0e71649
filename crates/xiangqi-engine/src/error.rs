//! [`EngineError`]: every way talking to an engine can fail.

use core::time::Duration;
use std::io;

use xiangqi_board::IllegalMove;

use crate::{LineError, OptionValueError};

/// Why a request to an engine failed. Each error names the engine (its `id name`, or the program's file name
/// before the engine has said it).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The program could not be started (not found, not executable).
    #[error("cannot start {program}: {source}")]
    Start {
        /// The program as given.
        program: String,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The engine exited, or closed its output, while the client waited for an answer.
    #[error("{engine} exited ({status}) while {waiting_for} was awaited{}", stderr_note(.stderr))]
    Exited {
        /// The engine.
        engine: String,
        /// How it exited: `exit status: 3`, `signal: 9 (SIGKILL)`, or `still running` when only its output
        /// was closed.
        status: String,
        /// What the client waited for: `uciok`, `readyok`, `bestmove`, …
        waiting_for: &'static str,
        /// The last lines it wrote to standard error, if any.
        stderr: Option<String>,
    },
    /// An answer did not come in time.
    #[error("{engine} did not send {waiting_for} within {} ms", .after.as_millis())]
    Timeout {
        /// The engine.
        engine: String,
        /// What the client waited for.
        waiting_for: &'static str,
        /// How long it waited.
        after: Duration,
    },
    /// A command could not be written (the engine has closed its input: a broken pipe).
    #[error("cannot send `{command}` to {engine}: {source}")]
    Write {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The engine sent a line the client had to read and could not: a malformed `bestmove`, or a best move that
    /// is not legal in the position it was given.
    #[error("{engine}, line {line} `{text}`: {error}")]
    BadLine {
        /// The engine.
        engine: String,
        /// The number of the line among those the engine wrote (from 1).
        line: usize,
        /// The line (cut at 200 bytes).
        text: String,
        /// What is wrong, and where in the line.
        error: LineError,
    },
    /// The engine answered neither `uci` nor `ucci` (or not the protocol it was said to speak).
    #[error("{engine} does not speak {expected}: {reason}")]
    Handshake {
        /// The engine.
        engine: String,
        /// The protocol expected: `UCI or UCCI`, `UCI`, `UCCI`.
        expected: &'static str,
        /// What happened instead.
        reason: String,
    },
    /// The engine is Fairy-Stockfish-like (it has `UCI_Variant`) but cannot play xiangqi, or was said to be and has
    /// no `UCI_Variant`.
    #[error("{engine} does not offer the xiangqi variant: {reason}")]
    NoXiangqi {
        /// The engine.
        engine: String,
        /// Why.
        reason: String,
    },
    /// An option the engine does not offer.
    #[error("{engine} has no option `{name}` (its options: {known})")]
    UnknownOption {
        /// The engine.
        engine: String,
        /// The name asked for.
        name: String,
        /// The engine's option names, joined with `, `.
        known: String,
    },
    /// A value the option does not take.
    #[error("{engine}: {error}")]
    OptionValue {
        /// The engine.
        engine: String,
        /// Why the value is refused.
        error: OptionValueError,
    },
    /// A move of the game given to the engine is not legal (nothing is sent).
    #[error("the game given to {engine} has an illegal move at ply {}: {illegal}", .index + 1)]
    IllegalGame {
        /// The engine.
        engine: String,
        /// The index of the move (its ply is `index + 1`).
        index: usize,
        /// The move and why it is illegal.
        illegal: IllegalMove,
    },
    /// A request that needs the engine idle while it searches, or one that needs a search while it is idle.
    #[error("{engine} is {state}: cannot {request}")]
    State {
        /// The engine.
        engine: String,
        /// `searching` or `idle`.
        state: &'static str,
        /// What was asked.
        request: &'static str,
    },
}

fn stderr_note(stderr: &Option<String>) -> String {
    stderr.as_ref().map_or_else(String::new, |text| format!("; its last error output: {text}"))
}
