//! Reading record files: the one place where the tool reads game records.
//!
//! A file is recognised by its content, not its name (the library's `read_any`): the `XQ` magic is XQF, a text
//! whose first line is a PGN tag or a move number is PGN (in UTF-8, GBK, Big5 or UTF-16 with a byte-order mark),
//! a `[DhtmlXQ` block in a page or a bare text is DhtmlXQ, the CCBridge magic or a `<ChineseChessRecord` XML
//! document is CCBridge (CBR, CBL, CBF; a CBL library gives each of its games). PGN and DhtmlXQ are streamed: a file is never held in
//! memory whole, only the game being read. Every game is read in full, its variations included: the library's
//! readers check every move of every line. In the lenient mode a bad move is left out with the rest of its line
//! and reported as a warning of its game.

use std::{fmt, fs::File, io, io::BufReader, path::Path};

use xiangqi::{
    board::IllegalMoveReason,
    notation::{read_any, GameRecord, MoveProblem, ReadOptions, RecordError, RecordErrorKind},
};

/// The file name endings (compared without case) of the files taken when a directory is searched. A file named
/// on the command line is read whatever its name.
pub(crate) const RECORD_EXTENSIONS: [&str; 11] =
    ["pgn", "xqf", "cbr", "cbl", "cbf", "dhtml", "dhtmlxq", "ubb", "html", "htm", "txt"];

/// Endings of files that often hold no record at all (web pages, notes): such a file found in a directory and
/// holding no record is passed over, not reported.
const MAYBE_RECORD_EXTENSIONS: [&str; 3] = ["html", "htm", "txt"];

/// A game read from a file.
#[derive(Debug)]
pub(crate) struct ReadGame {
    /// The game.
    pub(crate) game: GameRecord,
    /// What the reader passed over or changed, in words (the moves a lenient reading left out, a contradicting
    /// `Result` tag, …); empty for most games.
    pub(crate) warnings: Vec<String>,
}

/// Why a file gave no game at all.
#[derive(Debug)]
pub(crate) enum FileError {
    /// The file could not be opened or read (permissions, a directory, a vanished file).
    Io(io::Error),
    /// The file holds no record (a binary file that is not XQF, a text with no game in it).
    NoRecord,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(err) => write!(f, "cannot read: {err}"),
            FileError::NoRecord => f.write_str("no PGN, XQF or DhtmlXQ record found"),
        }
    }
}

/// Whether a file found while searching a directory is taken (by its name's ending).
pub(crate) fn is_record_name(path: &Path) -> bool {
    has_extension(path, &RECORD_EXTENSIONS)
}

/// Whether a file with no record in it is passed over when it was found in a directory (web pages, notes).
pub(crate) fn may_hold_no_record(path: &Path) -> bool {
    has_extension(path, &MAYBE_RECORD_EXTENSIONS)
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    let Some(ext) = path.extension().and_then(|ext| ext.to_str()) else { return false };
    extensions.iter().any(|known| known.eq_ignore_ascii_case(ext))
}

/// The command-line switch of the lenient mode, shared by the commands that read records.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct ReadArgs {
    /// Read leniently: a move that cannot be played is left out with the rest of its line, and the game is
    /// reported with a warning instead of being rejected.
    #[arg(long)]
    pub(crate) lenient: bool,
}

impl ReadArgs {
    fn options(self) -> ReadOptions {
        if self.lenient {
            ReadOptions::lenient()
        } else {
            ReadOptions::strict()
        }
    }
}

/// Reads the games of the file at `path` in file order, one at a time, calling `each(number, game)` with the
/// 1-based number of each game and the game (with its warnings) or its error; reading stops early when `each`
/// returns `false`. Returns the number of games met.
///
/// # Errors
/// [`FileError::Io`] if the file cannot be opened or read, [`FileError::NoRecord`] if it holds no record.
pub(crate) fn read_games(
    path: &Path,
    args: ReadArgs,
    each: &mut dyn FnMut(usize, Result<ReadGame, RecordError>) -> bool,
) -> Result<usize, FileError> {
    let file = File::open(path).map_err(FileError::Io)?;
    let mut games =
        read_any(BufReader::with_capacity(1 << 16, file), args.options()).map_err(|err| match err.kind {
            RecordErrorKind::Io(kind) => FileError::Io(io::Error::from(kind)),
            _ => FileError::NoRecord,
        })?;
    let mut count = 0;
    while let Some(result) = games.next() {
        count += 1;
        let warnings = games.take_warnings().iter().map(ToString::to_string).collect();
        let result = result.map(|game| ReadGame { game, warnings });
        let number = result.as_ref().map_or_else(|err| err.game, |_| count);
        if !each(number, result) {
            break;
        }
    }
    Ok(count)
}

/// The error's kind in a few words, to count rejected games by reason.
pub(crate) fn reason(err: &RecordError) -> &'static str {
    match &err.kind {
        RecordErrorKind::Truncated(_) => "truncated",
        RecordErrorKind::Malformed(_) => "malformed",
        RecordErrorKind::NotThisFormat(_) => "not a record of its format",
        RecordErrorKind::UnsupportedVersion(_) => "unsupported XQF version",
        RecordErrorKind::Fen(_) => "bad FEN",
        RecordErrorKind::StartPosition(_) | RecordErrorKind::SquareTaken(_) => "illegal start position",
        RecordErrorKind::TooDeep => "variations nested too deep",
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
