//! [`RecordError`]: what went wrong while reading or writing a game record, and where.

use core::fmt;

use xiangqi_board::{FenError, IllegalMove, PositionError};

use crate::{encoding::TextEncoding, moves::move_error::Escaped, Limited, MoveTextError};

/// The indefinite article of a format's name, read letter by letter as such names are (`an XQF`, `a CBR`) or as
/// a word (`a DhtmlXQ`, `a CCBridge`): "an" before the letters whose names start with a vowel sound.
fn article(name: &str) -> &'static str {
    let spelled = name.len() <= 4 && name.bytes().all(|b| b.is_ascii_uppercase());
    let vowel_sound = match name.bytes().next() {
        Some(b'A' | b'E' | b'I' | b'O') => true,
        Some(b'F' | b'H' | b'L' | b'M' | b'N' | b'R' | b'S' | b'X') => spelled,
        _ => false,
    };
    if vowel_sound {
        "an"
    } else {
        "a"
    }
}

/// Where in the input an error was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// A byte offset from the start of a binary record (XQF).
    Byte(usize),
    /// A line number (from 1) of a text record (PGN, DhtmlXQ). Lines are counted in the input whatever its
    /// encoding, so the number is the one an editor shows.
    Line(usize),
    /// Nowhere in particular (a writer's error, or a game built by hand).
    None,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Byte(at) => write!(f, "byte {at} (0x{at:x})"),
            Location::Line(line) => write!(f, "line {line}"),
            Location::None => f.write_str("-"),
        }
    }
}

/// Why a recorded move was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveProblem {
    /// The move text could not be read in the position (unknown notation, no such piece, ambiguous, illegal).
    #[error(transparent)]
    Notation(#[from] MoveTextError),
    /// A square number outside the board.
    #[error("square out of the board")]
    OffBoard,
    /// The move was read but is not legal in the position: the board's error, whose
    /// [`reason`](IllegalMove::reason) says why (no piece on the start square, a piece of the side not to move,
    /// a move the piece cannot make, a move that exposes the king).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

impl MoveProblem {
    /// The stable word for this kind of problem, as the JSON form of a [`RecordError`] gives it: the
    /// [`MoveTextError::kind_name`] of a move text, `off_board`, or `illegal_move`.
    pub const fn kind_name(&self) -> &'static str {
        match self {
            MoveProblem::Notation(err) => err.kind_name(),
            MoveProblem::OffBoard => "off_board",
            MoveProblem::Illegal(_) => "illegal_move",
        }
    }
}

/// A recorded move that contradicts the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}{}, move `{}`{}: {}", if *.in_variation { " of a variation" } else { "" }, Escaped(.text), ReadAs(*.read_as), Why(.problem))]
pub struct MoveError {
    /// The ply of the move, counted from 1 at the start position along the line that contains it (so ply 71 is
    /// Red's 36th move in a game that Red starts).
    pub ply: usize,
    /// Whether the move belongs to a variation rather than to the main line.
    pub in_variation: bool,
    /// The move as written in the record (for binary records, the decoded squares, e.g. `f9e9`, or the raw
    /// square numbers when they are off the board).
    pub text: String,
    /// Why it was rejected.
    pub problem: MoveProblem,
    /// The encoding the text was read in, when the problem may come from reading it in the wrong one: a text
    /// record's move that does not read and holds characters outside ASCII, or whose game's bytes were not all
    /// valid in the encoding (the message then says ``move `…` (read as gbk)``).
    pub read_as: Option<TextEncoding>,
}

/// ` (read as gbk)` after a move's text, or nothing.
struct ReadAs(Option<TextEncoding>);

impl fmt::Display for ReadAs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(encoding) => write!(f, " (read as {encoding})"),
            None => Ok(()),
        }
    }
}

/// A move problem said of a move whose text the message has named already.
struct Why<'a>(&'a MoveProblem);

impl fmt::Display for Why<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            MoveProblem::Notation(err) => write!(f, "{}", err.reason()),
            other => write!(f, "{other}"),
        }
    }
}

/// What was wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The data ends in the middle of a structure.
    #[error("truncated: {0}")]
    Truncated(&'static str),
    /// The bytes or text do not follow the format.
    #[error("malformed: {0}")]
    Malformed(&'static str),
    /// A DhtmlXQ key (`[DhtmlXQ_…]`) with a character other than an ASCII letter, a digit or `_`: the key as
    /// written (its first 40 characters). Its [`kind_name`](RecordErrorKind::kind_name) is `malformed`.
    #[error("malformed: a DhtmlXQ key `{}` that is not letters, digits and `_`", Escaped(.0))]
    BadKey(String),
    /// A DhtmlXQ `binit` that puts a piece off the board: the piece's number in the binit (from 1: Red's 16, then
    /// Black's) and its two characters as written. Its [`kind_name`](RecordErrorKind::kind_name) is `malformed`.
    #[error("malformed: binit piece {piece} on square `{}`, off the board", Escaped(.square))]
    BinitOffBoard {
        /// The piece's number in the binit, from 1.
        piece: usize,
        /// Its square as written: two characters.
        square: String,
    },
    /// The data is not a record of the expected format (for example an XQF file without its `XQ` magic).
    #[error("not {article} {name} record", article = article(.0), name = .0)]
    NotThisFormat(&'static str),
    /// An XQF version this crate does not know (it reads 0x0A to 0x12).
    #[error("unsupported XQF version 0x{0:02x}")]
    UnsupportedVersion(u8),
    /// A FEN tag that cannot be read, or describes an illegal position (the board's error, which names the
    /// failure: `invalid FEN: …` or `illegal position: …`).
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The start position stored in the record is illegal.
    #[error("illegal start position: {}", .0.kinds)]
    StartPosition(PositionError),
    /// Two pieces of the stored start position are on the same square.
    #[error("two pieces on square {0}")]
    SquareTaken(xiangqi_board::Square),
    /// A move that contradicts the position.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Variations are nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested deeper than {MAX_VARIATION_DEPTH}")]
    TooDeep,
    /// A game, comment, tag value or file larger than the reader's [`Limits`](crate::Limits) allow.
    #[error("{what} longer than the limit of {limit} bytes")]
    TooLarge {
        /// What is too large.
        what: Limited,
        /// The limit, in bytes.
        limit: usize,
    },
    /// A writer cannot express part of the game in the format.
    #[error("cannot be written: {0}")]
    Unrepresentable(&'static str),
    /// The underlying reader failed (streaming readers only).
    #[error("read error: {0}")]
    Io(std::io::ErrorKind),
    /// The input holds no record of any format this crate reads (see [`read_any`](crate::read_any)).
    #[error("no PGN, XQF, DhtmlXQ or CCBridge record found")]
    NoRecord,
}

impl From<PositionError> for RecordErrorKind {
    fn from(err: PositionError) -> RecordErrorKind {
        RecordErrorKind::StartPosition(err)
    }
}

impl RecordErrorKind {
    /// The stable word for this kind, as the JSON form of a [`RecordError`] gives it: `truncated`,
    /// `malformed`, `not_this_format`, `unsupported_version`, `bad_fen`, `illegal_start_position`,
    /// `square_taken`, `too_deep`, `too_large`, `unrepresentable`, `io`, `no_record`, and for a move the
    /// [`MoveProblem::kind_name`] of its problem.
    pub const fn kind_name(&self) -> &'static str {
        match self {
            RecordErrorKind::Truncated(_) => "truncated",
            RecordErrorKind::Malformed(_) | RecordErrorKind::BadKey(_) | RecordErrorKind::BinitOffBoard { .. } => {
                "malformed"
            }
            RecordErrorKind::NotThisFormat(_) => "not_this_format",
            RecordErrorKind::UnsupportedVersion(_) => "unsupported_version",
            RecordErrorKind::Fen(_) => "bad_fen",
            RecordErrorKind::StartPosition(_) => "illegal_start_position",
            RecordErrorKind::SquareTaken(_) => "square_taken",
            RecordErrorKind::Move(err) => err.problem.kind_name(),
            RecordErrorKind::TooDeep => "too_deep",
            RecordErrorKind::TooLarge { .. } => "too_large",
            RecordErrorKind::Unrepresentable(_) => "unrepresentable",
            RecordErrorKind::Io(_) => "io",
            RecordErrorKind::NoRecord => "no_record",
        }
    }
}

/// The deepest nesting of variations the readers accept (a variation inside a variation … this many levels).
/// Real records stay far below; the limit keeps hostile input from exhausting the stack.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// An error reading or writing a game record: which game, where, and what.
///
/// ```
/// use xiangqi::notation::{pgn, Location, MoveProblem, RecordErrorKind};
///
/// let err = pgn::read_str("1. h2e2 h9g7 2. h0g2 h9g7 *").unwrap_err();
/// assert_eq!(err.game, 1);
/// assert_eq!(err.at, Location::Line(1));
/// let RecordErrorKind::Move(mv) = &err.kind else { panic!() };
/// assert_eq!((mv.ply, mv.text.as_str()), (4, "h9g7"));
/// assert_eq!(err.to_string(), "game 1, line 1: ply 4, move `h9g7`: illegal move h9g7: no piece on h9");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}{}: {kind}", Place(*.at))]
pub struct RecordError {
    /// The game, counted from 1, in a file that holds several (always 1 for single-game formats).
    pub game: usize,
    /// Where the problem is.
    pub at: Location,
    /// What the problem is.
    pub kind: RecordErrorKind,
}

/// `, line 3` or `, byte 1024 (0x400)` after the game of a message; nothing for [`Location::None`].
pub(crate) struct Place(pub(crate) Location);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Location::None => Ok(()),
            at => write!(f, ", {at}"),
        }
    }
}

impl RecordError {
    /// An error in game 1 at `at`.
    pub(crate) fn new(at: Location, kind: impl Into<RecordErrorKind>) -> RecordError {
        RecordError { game: 1, at, kind: kind.into() }
    }

    /// The same error, said of game `game`.
    pub(crate) fn in_game(self, game: usize) -> RecordError {
        RecordError { game, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_of_another_format_is_named_with_its_article() {
        let said = |name| RecordErrorKind::NotThisFormat(name).to_string();
        assert_eq!(said("XQF"), "not an XQF record");
        for name in ["DhtmlXQ", "CBF", "CBR", "CBL", "CCBridge", "PGN"] {
            assert_eq!(said(name), format!("not a {name} record"));
        }
    }

    #[test]
    fn a_move_text_is_echoed_with_its_control_characters_escaped() {
        let problem = MoveProblem::Illegal(IllegalMove {
            mv: xiangqi_board::Move::new(xiangqi_board::Square::H9, xiangqi_board::Square::G7),
            reason: xiangqi_board::IllegalMoveReason::NoPiece,
        });
        let err = MoveError { ply: 4, in_variation: false, text: "h9\u{7}g7".into(), problem, read_as: None };
        assert_eq!(err.to_string(), "ply 4, move `h9\\u{7}g7`: illegal move h9g7: no piece on h9");
    }
}
