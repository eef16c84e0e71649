//! [`ReadOptions`] (strict or lenient reading) and the [`Warning`]s of a read.

use core::fmt;

use crate::{encoding::TextEncoding, records::record_error::Place, GameResult, Limits, Location, MoveError};

/// Strict or lenient reading (see [`ReadOptions`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReadMode {
    /// A bad move is an error of its game (the default).
    #[default]
    Strict,
    /// A bad move is left out with the rest of its line, and reported as a [`Warning`].
    Lenient,
}

/// How the readers read: strictly (the default) or leniently, in which encoding, within which [`Limits`].
///
/// The strict mode, the default, rejects a game at its first bad move: the readers return only games that
/// replay legally, whole. The lenient mode is for collections, where one bad move record should not cost the
/// good lines around it: a move that cannot be played is left out **with every move that follows it in its
/// line** (its subtree; nothing of it is attached elsewhere), and each such cut is a [`Warning`] naming the game,
/// the place, the ply, the move's text and why. Alternatives to the bad move are kept: the first of them takes
/// its place. A game that cannot be read at all (a broken tag, a bad FEN) is an error in both modes; the
/// streaming readers report it and go on with the next game.
///
/// Warnings are also given, in both modes, for what a reader accepts but does not keep as written (for
/// example a DhtmlXQ key without moves whose closing tag is broken). Each warning carries its game number, and
/// the readers hand them out in file order.
///
/// ```
/// use xiangqi::notation::{pgn, ReadOptions, WarningKind};
///
/// // Ply 3 names an empty square: the rest of the line is cut, the variation of ply 2 is kept.
/// let text = "1. h2e2 h9g7 (1... h7e7) 2. a2a3 h0g2 *\n";
/// let mut reader = pgn::Reader::with_options(text.as_bytes(), ReadOptions::lenient());
/// let game = reader.next().unwrap()?;
/// assert_eq!(game.main.nodes.len(), 2);
/// assert_eq!(game.main.nodes[1].variations.len(), 1);
/// let warnings = reader.take_warnings();
/// assert_eq!(warnings.len(), 1);
/// assert_eq!(
///     warnings[0].to_string(),
///     "game 1, line 1: ply 3, move `a2a3`: illegal move a2a3: no piece on a2 (left out with the rest of its line)"
/// );
/// assert!(matches!(&warnings[0].kind, WarningKind::Pruned(mv) if mv.ply == 3));
/// # Ok::<_, xiangqi::notation::RecordError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    /// Strict (the default) or lenient.
    pub mode: ReadMode,
    /// The encoding of text records, or `None` (the default) to detect it: per game in PGN, on the first bytes
    /// in DhtmlXQ (see [`encoding`](crate::encoding)). A game whose bytes are not valid in the encoding used is
    /// read with U+FFFD in their place and a [`WarningKind::Undecodable`].
    pub encoding: Option<TextEncoding>,
    /// The largest game, comment and tag value ([`Limits::DEFAULT`] by default).
    pub limits: Limits,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::strict()
    }
}

impl ReadOptions {
    /// The strict mode (the default), encodings detected, the default limits.
    pub const fn strict() -> ReadOptions {
        ReadOptions { mode: ReadMode::Strict, encoding: None, limits: Limits::DEFAULT }
    }

    /// The lenient mode, encodings detected, the default limits.
    pub const fn lenient() -> ReadOptions {
        ReadOptions { mode: ReadMode::Lenient, ..ReadOptions::strict() }
    }

    /// The same options with text read in `encoding` (`None`: detected).
    pub const fn with_encoding(self, encoding: Option<TextEncoding>) -> ReadOptions {
        ReadOptions { encoding, ..self }
    }

    /// The same options with `limits`.
    pub const fn with_limits(self, limits: Limits) -> ReadOptions {
        ReadOptions { limits, ..self }
    }

    /// Whether the mode is lenient.
    pub const fn is_lenient(&self) -> bool {
        matches!(self.mode, ReadMode::Lenient)
    }
}

/// What a [`Warning`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// Lenient mode: a move that cannot be played was left out, with the rest of its line.
    Pruned(MoveError),
    /// DhtmlXQ: a pair on a key that carries no moves (a name, a time, …) whose closing tag is missing or names
    /// another key was skipped, as the DhtmlXQ players skip it. The key is given as written.
    SkippedKey(String),
    /// DhtmlXQ, lenient reading: the block is cut off at the end of the input (a page saved or crawled before its
    /// end) inside this key (as written, or what is left of it): the complete pairs before it are read, the rest
    /// is left out.
    CutBlock(String),
    /// DhtmlXQ: a comment whose key names a line or a step the moves do not have (or a line lenient reading left
    /// out) was left out. The key is given as written.
    UnplacedComment(String),
    /// A game's bytes are not all valid in the encoding it was read in (detected or chosen in [`ReadOptions`]):
    /// the invalid sequences were read as U+FFFD.
    Undecodable(TextEncoding),
    /// PGN: a `Result` tag whose value is not a result; the value is kept in the game's tags as `Result`.
    UnknownResult(String),
    /// PGN: the `Result` tag says one result and the result token after the moves another; the token is the
    /// game's result, and the tag's value is kept in the game's tags as `Result`.
    ResultContradicts {
        /// The `Result` tag's result.
        tag: GameResult,
        /// The result token's.
        token: GameResult,
    },
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::Pruned(mv) => write!(f, "{mv} (left out with the rest of its line)"),
            WarningKind::SkippedKey(key) => write!(f, "the key `{key}` has no matching closing tag: skipped"),
            WarningKind::CutBlock(key) => {
                write!(f, "the block is cut off in `{key}` (no closing tag): read up to there, the rest left out")
            }
            WarningKind::UnplacedComment(key) => write!(f, "the comment `{key}` belongs to no move: left out"),
            WarningKind::Undecodable(encoding) => {
                write!(f, "bytes that are not valid {encoding}, read as U+FFFD (choose the encoding to read in)")
            }
            WarningKind::UnknownResult(value) => write!(f, "the Result tag `{value}` is not a result: kept as a tag"),
            WarningKind::ResultContradicts { tag, token } => {
                write!(f, "the Result tag says {tag} but the moves end with {token}: {token} is used, the tag kept")
            }
        }
    }
}

/// Something a reader accepted but reports: which game, where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The game, counted from 1.
    pub game: usize,
    /// Where in the input.
    pub at: Location,
    /// What.
    pub kind: WarningKind,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}{}: {}", self.game, Place(self.at), self.kind)
    }
}

/// What reading one game needs besides its input: the options, the game's number, and the warnings so far.
pub(crate) struct Context {
    pub(crate) options: ReadOptions,
    pub(crate) game: usize,
    pub(crate) warnings: Vec<Warning>,
}

impl Context {
    /// The context of game `game` (from 1).
    pub(crate) fn new(options: ReadOptions, game: usize) -> Context {
        Context { options, game, warnings: Vec::new() }
    }

    /// Records a warning at `at`.
    pub(crate) fn warn(&mut self, at: Location, kind: WarningKind) {
        self.warnings.push(Warning { game: self.game, at, kind });
    }
}
