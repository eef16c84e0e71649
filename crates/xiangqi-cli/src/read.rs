//! How records are read: the command-line switch of the lenient mode, and the words for the errors of games
//! that could not be read (to count them by reason).
//!
//! The reading itself is the library's ([`xiangqi::notation::collection`], which reads every game with
//! `read_any`): a file is recognised by its content, not its name — the `XQ` magic is XQF, a text whose first
//! line is a PGN tag or a move number is PGN (in UTF-8, GBK, Big5 or UTF-16 with a byte-order mark), a `[DhtmlXQ`
//! block in a page or a bare text is DhtmlXQ, the CCBridge magic or a `<ChineseChessRecord` XML document is
//! CCBridge (CBR, CBL, CBF; a CBL library gives each of its games). Every game is read in full, its variations
//! included. In the lenient mode a bad move is left out with the rest of its line and reported as a warning of
//! its game.

use xiangqi::{
    board::IllegalMoveReason,
    notation::{encoding::TextEncoding, MoveProblem, ReadOptions, RecordError, RecordErrorKind},
};

/// The command-line switch of the lenient mode, shared by the commands that read records.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct ReadArgs {
    /// Read leniently: a move that cannot be played is left out with the rest of its line, and the game is
    /// reported with a warning instead of being rejected.
    #[arg(long)]
    pub(crate) lenient: bool,
    /// Read text records in this encoding (utf-8, gbk, big5, utf-16le or utf-16be) instead of detecting it for
    /// each game; a game whose bytes are not valid in it is read with a warning.
    #[arg(long, value_name = "ENCODING")]
    pub(crate) input_encoding: Option<TextEncoding>,
}

impl ReadArgs {
    /// The library's reading options.
    pub(crate) fn options(self) -> ReadOptions {
        let options = if self.lenient { ReadOptions::lenient() } else { ReadOptions::strict() };
        options.with_encoding(self.input_encoding)
    }
}

/// The error's kind in a few words, to count rejected games by reason.
pub(crate) fn reason(err: &RecordError) -> &'static str {
    match &err.kind {
        RecordErrorKind::Truncated(_) => "truncated",
        RecordErrorKind::Malformed(_) | RecordErrorKind::BadKey(_) | RecordErrorKind::BinitOffBoard { .. } => {
            "malformed"
        }
        RecordErrorKind::NotThisFormat(_) => "not a record of its format",
        RecordErrorKind::UnsupportedVersion(_) => "unsupported XQF version",
        RecordErrorKind::Fen(_) => "bad FEN",
        RecordErrorKind::StartPosition(_) | RecordErrorKind::SquareTaken(_) => "illegal start position",
        RecordErrorKind::TooDeep => "variations nested too deep",
        RecordErrorKind::TooLarge { .. } => "over the reading limits",
        RecordErrorKind::Unrepresentable(_) => "cannot be written",
        RecordErrorKind::Io(_) => "read error",
        RecordErrorKind::NoRecord => "no record",
        RecordErrorKind::Move(mv) => match &mv.problem {
            MoveProblem::Notation(_) => "move does not read",
            MoveProblem::OffBoard => "move off the board",
            MoveProblem::Illegal(illegal) => match illegal.reason {
                IllegalMoveReason::NoPiece => "move from an empty square",
                IllegalMoveReason::OpponentsPiece => "move by the side not to move",
                IllegalMoveReason::CannotMoveThere => "move the piece cannot make",
                IllegalMoveReason::ExposesKing => "move that exposes the king",
                _ => "illegal move",
            },
            _ => "bad move",
        },
        _ => "bad record",
    }
}

/// The main-line plies read before `err`: the ply before a bad main-line move, otherwise none.
pub(crate) fn plies_before(err: &RecordError) -> usize {
    match &err.kind {
        RecordErrorKind::Move(mv) if !mv.in_variation => mv.ply.saturating_sub(1),
        _ => 0,
    }
}
