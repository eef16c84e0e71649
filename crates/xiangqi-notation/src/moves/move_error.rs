//! The errors of the move notations: [`SyntaxError`] (the text cannot be read at all) and [`MoveTextError`]
//! (the text cannot be read as a move in the position, or a move cannot be written).

use alloc::{string::String, vec::Vec};

use core::fmt::{self, Write};

use xiangqi_board::{IllegalMove, IllegalMoveReason, Move, Piece, Square};

/// A move text that does not follow the notation's syntax: where, and what was expected there.
///
/// The offset counts bytes of the text handed to the parser (for [`parse_move`](crate::format::parse_move) and
/// [`parse_any`](crate::format::parse_any), of the whole text including leading spaces). It is always on a
/// character boundary.
///
/// ```
/// use xiangqi::notation::Chinese;
///
/// let err = "炮二跳五".parse::<Chinese>().unwrap_err();
/// assert_eq!(err.offset, 6);
/// assert_eq!(err.found, Some('跳'));
/// assert_eq!(err.to_string(), "at byte 6: expected a direction (进 退 平), found `跳`");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("at byte {offset}: expected {expected}, found {}", Found(*.found))]
pub struct SyntaxError {
    /// The byte offset of the offending character (the text's length if the text ended too early).
    pub offset: usize,
    /// What the notation allows at that place, in words.
    pub expected: &'static str,
    /// The offending character, or `None` if the text ended too early.
    pub found: Option<char>,
}

impl SyntaxError {
    /// The error at `offset`, where `found` stands instead of `expected`.
    pub(crate) const fn new(offset: usize, expected: &'static str, found: Option<char>) -> SyntaxError {
        SyntaxError { offset, expected, found }
    }

    /// The same error with its offset moved by `by` bytes (for a parser that was given a slice of the text).
    pub(crate) const fn shifted(self, by: usize) -> SyntaxError {
        SyntaxError { offset: self.offset + by, ..self }
    }
}

struct Found(Option<char>);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ch) if ch.is_control() => write!(f, "`{}`", ch.escape_default()),
            Some(ch) => write!(f, "`{ch}`"),
            None => f.write_str("the end of the text"),
        }
    }
}

/// Input text as a message echoes it: control characters escaped (`\t`, `\u{7}`), everything else as given.
pub(crate) struct Escaped<'a>(pub(crate) &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            if ch.is_control() {
                write!(f, "{}", ch.escape_default())?;
            } else {
                f.write_char(ch)?;
            }
        }
        Ok(())
    }
}

/// Why a move text could not be read in a position, or a move could not be written.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{format::parse_move, MoveFormat, MoveTextError};
///
/// let pos = Position::new();
/// // There is no rook on file 五 at the start.
/// let err = parse_move(MoveFormat::Chinese, "车五进一", &pos).unwrap_err();
/// assert!(matches!(err, MoveTextError::NoSuchPiece { .. }));
/// // The cannon on file 二 cannot go forward eight steps: that is off the board.
/// let err = parse_move(MoveFormat::Chinese, "炮二进八", &pos).unwrap_err();
/// assert_eq!(err.to_string(), "no legal move fits `炮二进八`: no square fits the cannon on h2");
/// // The text is echoed as given, control characters escaped.
/// let err = parse_move(MoveFormat::Wxf, "-P+1", &pos).unwrap_err();
/// assert_eq!(err.to_string(), "no piece of the side to move fits `-P+1`");
/// let err = parse_move(MoveFormat::Ucci, "h2\u{7}e2", &pos).unwrap_err();
/// assert_eq!(err.to_string(), "syntax error at byte 2: expected a file a-i, found `\\u{7}`");
/// assert_eq!(parse_move(MoveFormat::Iccs, " ", &pos).unwrap_err().to_string(), "the move text is empty");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveTextError {
    /// The text is empty, or white space only.
    Empty,
    /// The text does not follow the notation's syntax.
    Syntax(SyntaxError),
    /// No piece of the side to move fits the text's description: for example no cannon on the named file, or
    /// 前车 when no file holds two rooks.
    NoSuchPiece {
        /// The move text: as given to [`parse_move`](crate::format::parse_move) or
        /// [`parse_any`](crate::format::parse_any) (without the white space around it), or as the notation
        /// writes it back when a syntax type's `to_move` was called.
        text: String,
    },
    /// Pieces fit the description, but none of them can make the described move legally.
    NoLegalMove {
        /// The move text, as for [`MoveTextError::NoSuchPiece`].
        text: String,
        /// Every piece the description names, and why it cannot make the move, in the order the pieces were
        /// found (never empty).
        tried: Vec<TriedPiece>,
    },
    /// More than one legal move fits the text.
    Ambiguous {
        /// The move text, as for [`MoveTextError::NoSuchPiece`].
        text: String,
        /// Every legal move that fits, in the order the pieces were found.
        candidates: Vec<Move>,
    },
    /// The move is not legal in the position (a coordinate move read in the wrong position, or a move handed to
    /// a writer): the board's error, which says why.
    Illegal(IllegalMove),
}

impl MoveTextError {
    /// The same error naming the move by `given`, the text as the user wrote it (`-P+1`, where the notation
    /// would write `P-+1`).
    pub(crate) fn echoing(self, given: &str) -> MoveTextError {
        match self {
            MoveTextError::NoSuchPiece { .. } => MoveTextError::NoSuchPiece { text: given.into() },
            MoveTextError::NoLegalMove { tried, .. } => MoveTextError::NoLegalMove { text: given.into(), tried },
            MoveTextError::Ambiguous { candidates, .. } => MoveTextError::Ambiguous { text: given.into(), candidates },
            other => other,
        }
    }

    /// The stable word for this kind of error, as the JSON forms of the errors that contain it give it
    /// (`empty_move`, `move_syntax`, `no_such_piece`, `no_legal_move`, `ambiguous_move`, `illegal_move`).
    pub const fn kind_name(&self) -> &'static str {
        match self {
            MoveTextError::Empty => "empty_move",
            MoveTextError::Syntax(_) => "move_syntax",
            MoveTextError::NoSuchPiece { .. } => "no_such_piece",
            MoveTextError::NoLegalMove { .. } => "no_legal_move",
            MoveTextError::Ambiguous { .. } => "ambiguous_move",
            MoveTextError::Illegal(_) => "illegal_move",
        }
    }

    /// Why the text is no move, for a message that has named the text already (``ply 3, move `马二进四`: …``):
    /// the error's `Display` with `it` where that names the text.
    pub(crate) const fn reason(&self) -> Reason<'_> {
        Reason(self)
    }

    /// Writes the message, naming the text as `text` says (`` `马二进四` `` or `it`).
    fn write(&self, f: &mut fmt::Formatter<'_>, quoted: bool) -> fmt::Result {
        let name = |text| Named::new(text, quoted);
        match self {
            MoveTextError::Empty => f.write_str("the move text is empty"),
            MoveTextError::Syntax(err) => write!(f, "syntax error {err}"),
            MoveTextError::NoSuchPiece { text } => write!(f, "no piece of the side to move fits {}", name(text)),
            MoveTextError::NoLegalMove { text, tried } => {
                write!(f, "no legal move fits {}: {}", name(text), TriedPieces(tried))
            }
            MoveTextError::Ambiguous { text, candidates } => {
                write!(f, "{} is ambiguous: it fits {}", name(text), MoveNames(candidates))
            }
            MoveTextError::Illegal(err) => write!(f, "{err}"),
        }
    }
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true)
    }
}

impl core::error::Error for MoveTextError {}

impl From<SyntaxError> for MoveTextError {
    fn from(err: SyntaxError) -> MoveTextError {
        MoveTextError::Syntax(err)
    }
}

impl From<IllegalMove> for MoveTextError {
    fn from(err: IllegalMove) -> MoveTextError {
        MoveTextError::Illegal(err)
    }
}

/// A [`MoveTextError`] without its text (see [`MoveTextError::reason`]).
pub(crate) struct Reason<'a>(&'a MoveTextError);

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, false)
    }
}

/// A move text in a message: quoted with its control characters escaped, or `it`.
struct Named<'a> {
    text: Option<&'a str>,
}

impl Named<'_> {
    fn new(text: &str, quoted: bool) -> Named<'_> {
        Named { text: quoted.then_some(text) }
    }
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text {
            Some(text) => write!(f, "`{}`", Escaped(text)),
            None => f.write_str("it"),
        }
    }
}

/// A piece that a move text names but that cannot make the move the text describes: which piece, where, and
/// why — the board's [`IllegalMoveReason`] when the described square exists.
///
/// ```
/// use xiangqi::board::{IllegalMoveReason, Position, Square};
/// use xiangqi::notation::{format::parse_move, MoveFormat, MoveTextError, Refusal};
///
/// // The red horse on e2 is pinned by the black rook on e9.
/// let pos = Position::from_fen("3kr4/9/9/9/9/9/9/4N4/9/4K4 w")?;
/// let Err(MoveTextError::NoLegalMove { tried, .. }) = parse_move(MoveFormat::Chinese, "马五进六", &pos) else {
///     panic!("the horse cannot move")
/// };
/// assert_eq!(tried[0].from, Square::E2);
/// assert_eq!(tried[0].refusal, Refusal::Illegal { to: Square::D4, reason: IllegalMoveReason::ExposesKing });
/// assert_eq!(
///     tried[0].to_string(),
///     "the horse on e2 cannot move to d4 (the move leaves the own king in check or facing the other king)"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TriedPiece {
    /// The piece (of the side to move).
    pub piece: Piece,
    /// The square it stands on.
    pub from: Square,
    /// Why it cannot make the move.
    pub refusal: Refusal,
}

impl TriedPiece {
    /// The move the text describes for this piece, if there is a square for it.
    pub const fn mv(&self) -> Option<Move> {
        match self.refusal {
            Refusal::NoSquare => None,
            Refusal::Illegal { to, .. } => Some(Move::new(self.from, to)),
        }
    }
}

/// Why a [`TriedPiece`] cannot make the move its text describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// No square fits: the move would leave the board, or the piece does not move that way (a horse sideways, an
    /// advisor to a file two away, a rook sideways to its own file).
    NoSquare,
    /// The move to `to` is not legal, for the board's `reason`.
    Illegal {
        /// The square the text describes.
        to: Square,
        /// Why the board refuses the move.
        reason: IllegalMoveReason,
    },
}

impl fmt::Display for TriedPiece {
    /// `the horse on f4 cannot move to g6 (the move leaves …)`, `no square fits the cannon on h2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (role, from) = (self.piece.role.name(), self.from);
        match self.refusal {
            Refusal::NoSquare => write!(f, "no square fits the {role} on {from}"),
            // The board's reason says no more than "cannot move there".
            Refusal::Illegal { to, reason: IllegalMoveReason::CannotMoveThere } => {
                write!(f, "the {role} on {from} cannot move to {to}")
            }
            Refusal::Illegal { to, reason } => write!(f, "the {role} on {from} cannot move to {to} ({reason})"),
        }
    }
}

/// The tried pieces of a [`MoveTextError::NoLegalMove`], separated by `; `.
struct TriedPieces<'a>(&'a [TriedPiece]);

impl fmt::Display for TriedPieces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tried) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{tried}")?;
        }
        Ok(())
    }
}

struct MoveNames<'a>(&'a [Move]);

impl fmt::Display for MoveNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, mv) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == self.0.len() { " and " } else { ", " })?;
            }
            write!(f, "{mv}")?;
        }
        Ok(())
    }
}
