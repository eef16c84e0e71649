//! What the work and `emit` of a run see: a [`CollectedGame`] with its warnings, and a [`Part`] of an input's results —
//! a game's result or the input's [`FileOutcome`].

use std::io;

use super::input::Source;
use crate::{encoding::TextEncoding, GameRecord, RecordError, Warning};

/// One game of an input, as the work gets it.
#[derive(Debug)]
#[non_exhaustive]
pub struct CollectedGame<'s> {
    /// The input it comes from.
    pub source: &'s Source,
    /// Its number in the input, from 1 (for an error, the error's [`game`](RecordError::game)).
    pub number: usize,
    /// The game, or why it could not be read.
    pub record: Result<GameRecord, RecordError>,
    /// What the reader passed over or changed in this game (the moves a lenient reading left out, a contradicting
    /// `Result` tag, …); empty for most games.
    pub warnings: Vec<Warning>,
    /// The encoding its text was read in (per game in PGN: see [`pgn::Reader`](crate::pgn::Reader)); `None` for
    /// the binary formats and a game that could not be split off its input.
    pub encoding: Option<TextEncoding>,
}

/// What `emit` gets of an input, in order: the result of the work on each of its games, then its outcome.
#[derive(Debug)]
pub enum Part<T> {
    /// What the work made of a game.
    Game(T),
    /// The input is done: how it ended. Not given for an input whose reading a stop cut short.
    End(FileOutcome),
}

/// How an input ended.
#[derive(Debug)]
pub enum FileOutcome {
    /// Its games were read (some of them may be errors).
    Read,
    /// It holds no record and is passed over: a web page or a note (`.html`, `.htm`, `.txt`) found in a
    /// directory.
    PassedOver,
    /// It gave no game: why.
    Failed(FileError),
}

/// Why an input gave no game at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// It could not be opened or read (it does not exist, permissions, a vanished file).
    #[error("cannot read: {0}")]
    Io(io::Error),
    /// A directory that could not be listed.
    #[error("cannot list directory: {0}")]
    ListDirectory(io::Error),
    /// A link back to a directory being searched (above it).
    #[error("directory loop: a link back to a directory above it")]
    DirectoryLoop,
    /// It holds no record: a binary file that is not XQF or CCBridge, a text with no game in it.
    #[error("no PGN, XQF, DhtmlXQ or CCBridge record found")]
    NoRecord,
}

impl FileError {
    /// The stable word for this error in JSON (the `kind` of its `serde` form, `{"kind":"no_record","message":…}`):
    /// `io`, `list_directory`, `directory_loop` or `no_record`.
    ///
    /// ```
    /// use xiangqi::notation::collection::FileError;
    ///
    /// assert_eq!(FileError::NoRecord.kind_name(), "no_record");
    /// assert_eq!(FileError::DirectoryLoop.kind_name(), "directory_loop");
    /// ```
    pub const fn kind_name(&self) -> &'static str {
        match self {
            FileError::Io(_) => "io",
            FileError::ListDirectory(_) => "list_directory",
            FileError::DirectoryLoop => "directory_loop",
            FileError::NoRecord => "no_record",
        }
    }
}
