//! [`LineError`]: why a line from an engine cannot be read, and where in the line.

use core::fmt;

use xiangqi_board::{IllegalMove, ReadText};
use xiangqi_notation::SyntaxError;

/// A line from an engine that cannot be read: what is wrong and where (a byte offset in the line; its
/// `Display` counts bytes from 1).
///
/// Only two kinds of line are ever refused: `bestmove` (a move the client would have to play) and `option` (the
/// engine's description of a setting). An `info` line is read as far as it makes sense, and an unknown line is
/// kept as text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {}: {kind}", .at + 1)]
pub struct LineError {
    /// The byte offset in the line (0-based).
    pub at: usize,
    /// What is wrong.
    pub kind: LineErrorKind,
}

/// What is wrong with a line (see [`LineError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineErrorKind {
    /// A keyword with nothing after it (`bestmove`, `ponder`, `option … type`).
    Missing {
        /// What was expected after the keyword, e.g. `a move after bestmove`.
        expected: &'static str,
    },
    /// A move that is no move of the engine's dialect.
    BadMove {
        /// The keyword before it: `bestmove` or `ponder`.
        after: &'static str,
        /// Why the text is no move.
        error: SyntaxError,
    },
    /// The best move is not legal in the position the engine was given.
    IllegalMove(IllegalMove),
    /// A word that does not belong where it is, e.g. `bestmove h2e2 maybe`.
    Unexpected(ReadText),
    /// An option type other than `check`, `spin`, `combo`, `string`, `button` and `label`.
    UnknownOptionType(ReadText),
    /// A number of an option (`default`, `min`, `max` of a `spin`) that is not a whole number.
    BadNumber(ReadText),
}

impl fmt::Display for LineErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineErrorKind::Missing { expected } => write!(f, "missing {expected}"),
            LineErrorKind::BadMove { after, error } => write!(f, "the move after {after} cannot be read: {error}"),
            LineErrorKind::IllegalMove(illegal) => write!(f, "the best move is not legal: {illegal}"),
            LineErrorKind::Unexpected(text) => write!(f, "unexpected `{text}`"),
            LineErrorKind::UnknownOptionType(text) => {
                write!(f, "unknown option type `{text}` (expected check, spin, combo, string, button or label)")
            }
            LineErrorKind::BadNumber(text) => write!(f, "`{text}` is not a whole number"),
        }
    }
}
