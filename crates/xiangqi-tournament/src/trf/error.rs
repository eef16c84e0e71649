//! [`TrfError`]: why a TRF file cannot be read, and on which line.

use alloc::string::String;

/// A TRF file that cannot be read: the 1-based line and what is wrong there. [`Trf::parse`](crate::trf::Trf::parse)
/// returns the first one it finds and nothing else (no half-read file).
///
/// ```
/// use xiangqi::tournament::trf::Trf;
///
/// let text = "\
/// 001    1      Alpha                                                              1.0       0000 - U
/// 001    2      Beta                                                               0.0          3 b 0
/// ";
/// let error = Trf::parse(text).unwrap_err();
/// assert_eq!(error.line, 2);
/// assert_eq!(error.to_string(), "line 2: round 1: unknown player 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct TrfError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

/// What is wrong on the line of a [`TrfError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrfErrorKind {
    /// A player line shorter than the 84 characters that reach the score.
    #[error("a player line needs at least 84 characters (up to the score), this one has {length}")]
    ShortPlayerLine {
        /// The line's length in characters.
        length: usize,
    },
    /// A fixed-column field of a player line that cannot be read.
    #[error("columns {first}-{last} ({field}): `{text}` is not {expected}")]
    InvalidField {
        /// The field's name.
        field: &'static str,
        /// Its first column, from 1.
        first: usize,
        /// Its last column.
        last: usize,
        /// What is there.
        text: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A round entry (ten columns from column 92) that cannot be read.
    #[error("round {round}: `{text}` {reason}")]
    InvalidRound {
        /// The round, from 1.
        round: u32,
        /// The entry as written.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// Two player lines with the same start number.
    #[error("start number {id} is used twice (first on line {first_line})")]
    DuplicateId {
        /// The start number.
        id: u32,
        /// The line of its first use.
        first_line: usize,
    },
    /// An opponent (or a player of an `XXP` line) that has no player line.
    #[error("{}unknown player {id}", round.map(|r| alloc::format!("round {r}: ")).unwrap_or_default())]
    UnknownPlayer {
        /// The round of the entry, if the id is an opponent.
        round: Option<u32>,
        /// The start number.
        id: u32,
    },
    /// A player named as the opponent of two players in the same round.
    #[error("round {round}: player {id} is paired twice (also on line {other_line})")]
    PairedTwice {
        /// The round.
        round: u32,
        /// The player paired twice.
        id: u32,
        /// The line of the other player who names them.
        other_line: usize,
    },
    /// Two lines that disagree about their game.
    #[error("round {round}: the game against player {opponent} does not match line {opponent_line}: {reason}")]
    Mismatch {
        /// The round.
        round: u32,
        /// The opponent.
        opponent: u32,
        /// The opponent's line.
        opponent_line: usize,
        /// What disagrees.
        reason: &'static str,
    },
    /// A score column that is not the sum of the results under the point values.
    #[error("player {id} has the score {written} but the results add up to {computed}")]
    InconsistentScore {
        /// The start number.
        id: u32,
        /// The score written, in points.
        written: String,
        /// The sum of the results, in points.
        computed: String,
    },
    /// A value of a tournament line (`XXR`, `XXC`, `BBW`, `162`, `XXP`, …) that cannot be read.
    #[error("{code}: `{text}` is not {expected}")]
    InvalidValue {
        /// The line's code.
        code: String,
        /// What is there.
        text: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A line of a kind this reader does not take (team lines `013` and `310`).
    #[error("{code} lines (team tournaments) are not supported")]
    Unsupported {
        /// The line's code.
        code: String,
    },
}
