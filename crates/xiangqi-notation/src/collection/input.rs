//! The inputs of a collection ([`Input`]) and how the work and `emit` see one ([`Source`]).

use core::fmt;
use std::{
    io::{BufRead, Cursor},
    path::{Path, PathBuf},
};

/// The file name endings (compared without case) of the files taken when a directory is searched. A file named
/// as an input is read whatever its name.
pub const RECORD_EXTENSIONS: [&str; 11] =
    ["pgn", "xqf", "cbr", "cbl", "cbf", "dhtml", "dhtmlxq", "ubb", "html", "htm", "txt"];

/// Endings of files that often hold no record at all (web pages, notes): such a file found in a directory and
/// holding no record is passed over ([`FileOutcome::PassedOver`](super::FileOutcome::PassedOver)).
const MAYBE_RECORD_EXTENSIONS: [&str; 3] = ["html", "htm", "txt"];

/// A boxed reader of an input.
pub(crate) type BoxedReader<'a> = Box<dyn BufRead + Send + 'a>;

/// One input of a [`Collection`](super::Collection): a path (a file, or a directory to search), or bytes or a
/// reader with a name (for inputs that are no files: an upload, a JavaScript `Uint8Array`, a Python `bytes`).
pub struct Input<'a>(pub(crate) InputKind<'a>);

pub(crate) enum InputKind<'a> {
    Path(PathBuf),
    Reader { name: String, reader: BoxedReader<'a>, len: Option<u64> },
}

impl<'a> Input<'a> {
    /// A file, read whatever its name, or a directory, searched recursively: its entries in the order of their
    /// names (as bytes), each subdirectory where its name falls, and of the files only those whose names end in
    /// one of the [`RECORD_EXTENSIONS`]. A directory reached a second time through a link is searched once;
    /// a link back to a directory being searched is a [`FileError::DirectoryLoop`](super::FileError).
    pub fn path(path: impl Into<PathBuf>) -> Input<'a> {
        Input(InputKind::Path(path.into()))
    }

    /// The bytes of a record, named `name` in what the work and `emit` see.
    pub fn bytes(name: impl Into<String>, bytes: impl AsRef<[u8]> + Send + 'a) -> Input<'a> {
        let len = bytes.as_ref().len() as u64;
        Input(InputKind::Reader { name: name.into(), reader: Box::new(Cursor::new(bytes)), len: Some(len) })
    }

    /// A stream of a record, named `name`; `len`, if known, is its length in bytes (for
    /// [`ProgressSnapshot::bytes_total`](super::ProgressSnapshot::bytes_total)). It is read as a file is: a PGN
    /// stream of 1 MiB or more on all the threads.
    pub fn reader(name: impl Into<String>, reader: impl BufRead + Send + 'a, len: Option<u64>) -> Input<'a> {
        Input(InputKind::Reader { name: name.into(), reader: Box::new(reader), len })
    }
}

impl fmt::Debug for Input<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            InputKind::Path(path) => f.debug_tuple("Input::path").field(path).finish(),
            InputKind::Reader { name, len, .. } => {
                f.debug_struct("Input::reader").field("name", name).field("len", len).finish_non_exhaustive()
            }
        }
    }
}

/// An input as the work and `emit` see it: a file given or found in a directory, an in-memory input, or a path
/// that could not be searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    name: String,
    path: Option<PathBuf>,
    found: bool,
}

impl Source {
    pub(crate) fn new(name: String, path: Option<PathBuf>, found: bool) -> Source {
        Source { name, path, found }
    }

    /// Its name: the path as given, or found under a directory given (`games/2024/a.pgn`), or the name of an
    /// in-memory input.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where it is, for a file.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether it was found in a directory rather than given.
    pub fn found_in_directory(&self) -> bool {
        self.found
    }

    /// Whether, holding no record, it is passed over rather than failed: a page or note (`.html`, `.htm`,
    /// `.txt`) found in a directory.
    pub(crate) fn may_hold_no_record(&self) -> bool {
        self.found && self.path.as_deref().is_some_and(|path| has_extension(path, &MAYBE_RECORD_EXTENSIONS))
    }
}

/// Whether a file found while searching a directory is taken (by its name's ending).
pub(crate) fn is_record_name(path: &Path) -> bool {
    has_extension(path, &RECORD_EXTENSIONS)
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    let Some(ext) = path.extension().and_then(|ext| ext.to_str()) else { return false };
    extensions.iter().any(|known| known.eq_ignore_ascii_case(ext))
}
