//! Reading record files: the one place where the tool reads game records.
//!
//! A file is recognised by its content, not its name: the `XQ` magic is XQF, a `[DhtmlXQ` block (in a page or a
//! bare text) is DhtmlXQ, other text is PGN in any encoding the library detects (UTF-8, GBK, Big5, UTF-16 with a
//! byte-order mark). Every game is read in full, its variations included: the library's readers check every move
//! of every line, so a game read here replays legally.
//!
//! Today the readers take the whole file; when the library's streaming reader is merged, [`read_games`] opens the
//! file as a `BufRead` and hands it the reader, and nothing outside this module changes. The CCBridge formats
//! (CBR, CBL, CBF) join [`RECORD_EXTENSIONS`] and [`read_games`] when their reader is merged.

use std::{fmt, io, path::Path};

use xiangqi::notation::{dhtmlxq, encoding, pgn, xqf, Game, MoveProblem, RecordError, RecordErrorKind};

/// The file name endings (compared without case) of the files taken when a directory is searched. A file named
/// on the command line is read whatever its name.
pub(crate) const RECORD_EXTENSIONS: [&str; 8] = ["pgn", "xqf", "dhtml", "dhtmlxq", "ubb", "html", "htm", "txt"];

/// Endings of files that often hold no record at all (web pages, notes): such a file found in a directory and
/// holding no record is passed over, not reported.
const MAYBE_RECORD_EXTENSIONS: [&str; 3] = ["html", "htm", "txt"];

/// How much of a file is looked at to tell a binary file that is no XQF from text.
const SNIFF_BYTES: usize = 4096;

/// A game read from a file.
#[derive(Debug)]
pub(crate) struct ReadGame {
    /// The game.
    pub(crate) game: Game,
    /// What a lenient reading passed over, in words (empty: read strictly, nothing passed over). The library's
    /// lenient mode fills this in once it is merged; today every game is read strictly.
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

/// Reads the games of the file at `path` in file order, calling `each(number, game)` with the 1-based number
/// of each game and the game or its error; reading stops early when `each` returns `false`. Returns the number
/// of games met.
///
/// # Errors
/// [`FileError::Io`] if the file cannot be read, [`FileError::NoRecord`] if it holds no game (nor a bad one).
pub(crate) fn read_games(
    path: &Path,
    each: &mut dyn FnMut(usize, Result<ReadGame, RecordError>) -> bool,
) -> Result<usize, FileError> {
    let bytes = std::fs::read(path).map_err(FileError::Io)?;
    let strict = |game| ReadGame { game, warnings: Vec::new() };
    if bytes.starts_with(b"XQ") {
        each(1, xqf::read(&bytes).map(strict));
        return Ok(1);
    }
    let utf16 = bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]);
    if !utf16 && bytes[..bytes.len().min(SNIFF_BYTES)].contains(&0) {
        // NUL bytes in text that is not UTF-16: a binary file.
        return Err(FileError::NoRecord);
    }
    let text = encoding::decode(&bytes).0;
    if text.contains("[DhtmlXQ") {
        return match dhtmlxq::read_str(&text) {
            Ok(games) => {
                let count = games.len();
                for (index, game) in games.into_iter().enumerate() {
                    if !each(index + 1, Ok(strict(game))) {
                        break;
                    }
                }
                Ok(count)
            }
            // The DhtmlXQ reader gives one error for the whole text: the block it names is the bad game.
            Err(err) => {
                each(err.game, Err(err));
                Ok(1)
            }
        };
    }
    if !has_tag_line(&text) && may_hold_no_record(path) {
        return Err(FileError::NoRecord);
    }
    let mut count = 0;
    for (index, result) in pgn::games(&text).enumerate() {
        count = index + 1;
        if !each(count, result.map(strict)) {
            break;
        }
    }
    if count == 0 {
        return Err(FileError::NoRecord);
    }
    Ok(count)
}

/// Whether some line of `text` starts with `[` (a PGN tag), so that a page or note may be a PGN record.
fn has_tag_line(text: &str) -> bool {
    text.lines().any(|line| line.trim_start().starts_with('['))
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
        RecordErrorKind::Move(mv) => match mv.problem {
            MoveProblem::Notation(_) => "move does not read",
            MoveProblem::OffBoard => "move off the board",
            MoveProblem::NoPiece => "move from an empty square",
            MoveProblem::WrongSide => "move by the side not to move",
            MoveProblem::Illegal => "illegal move",
        },
    }
}

/// The main-line plies read before `err`: the ply before a bad main-line move, otherwise none.
pub(crate) fn plies_before(err: &RecordError) -> usize {
    match &err.kind {
        RecordErrorKind::Move(mv) if !mv.in_variation => mv.ply.saturating_sub(1),
        _ => 0,
    }
}
