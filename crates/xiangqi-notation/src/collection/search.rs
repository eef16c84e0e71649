//! The search for the files of a collection: the inputs in the order given, each directory's entries sorted by
//! name, recursively, one file at a time, so that the first files are read while the rest are being found.

use std::{
    collections::HashSet,
    fs::{self, DirEntry},
    path::{Path, PathBuf},
    sync::Arc,
    vec,
};

use super::{
    input::{is_record_name, BoxedReader, Input, InputKind, Source},
    outcome::FileError,
};

/// An input found: what it is called, and how to open it.
pub(crate) struct Found<'a> {
    pub(crate) source: Arc<Source>,
    pub(crate) open: Open<'a>,
}

/// How to open an input found.
pub(crate) enum Open<'a> {
    /// A file to open.
    File(PathBuf),
    /// An in-memory input, and its length if known.
    Reader(BoxedReader<'a>, Option<u64>),
    /// A path that could not be searched (it gives no game): why.
    Failed(FileError),
}

/// A directory being searched: its canonical path (to tell a loop), its name, the entries not yet looked at.
struct Dir {
    canonical: PathBuf,
    name: String,
    entries: vec::IntoIter<DirEntry>,
}

/// The inputs found one by one ([`Iterator`]): a file given whatever its name, the record files
/// ([`is_record_name`]) of a directory given and of its subdirectories, an in-memory input as it is. A path that
/// does not exist, a directory that cannot be listed and a directory loop (a link to a directory being searched)
/// are items of their own, in their place, so that the run reports them and goes on.
pub(crate) struct Search<'a> {
    inputs: vec::IntoIter<Input<'a>>,
    /// The directories being searched, innermost last.
    stack: Vec<Dir>,
    /// The canonical paths of the directories searched already (a directory reached twice through links is
    /// searched once).
    seen: HashSet<PathBuf>,
}

impl<'a> Search<'a> {
    pub(crate) fn new(inputs: Vec<Input<'a>>) -> Search<'a> {
        Search { inputs: inputs.into_iter(), stack: Vec::new(), seen: HashSet::new() }
    }

    /// Starts searching the directory `dir` (named `name`); an item if it cannot be searched.
    fn enter(&mut self, dir: &Path, name: String) -> Option<Found<'a>> {
        let canonical = match fs::canonicalize(dir) {
            Ok(canonical) => canonical,
            Err(err) => return Some(failed(name, FileError::Io(err))),
        };
        if self.stack.iter().any(|open| open.canonical == canonical) {
            return Some(failed(name, FileError::DirectoryLoop));
        }
        if !self.seen.insert(canonical.clone()) {
            return None;
        }
        let mut entries = match fs::read_dir(dir).and_then(|entries| entries.collect::<Result<Vec<_>, _>>()) {
            Ok(entries) => entries,
            Err(err) => return Some(failed(name, FileError::ListDirectory(err))),
        };
        entries.sort_by_key(DirEntry::file_name);
        self.stack.push(Dir { canonical, name, entries: entries.into_iter() });
        None
    }

    /// The item of the next entry of the innermost directory, if it is one (`Some(None)`: not an item).
    fn next_entry(&mut self) -> Option<Option<Found<'a>>> {
        let dir = self.stack.last_mut()?;
        let Some(entry) = dir.entries.next() else {
            self.stack.pop();
            return Some(None);
        };
        let path = entry.path();
        let name = Path::new(&dir.name).join(entry.file_name()).display().to_string();
        // The entry's type comes with the listing (no call to the system); a link is followed with `metadata`: a
        // link to a directory is searched, a link to a file is read.
        let is_dir = match entry.file_type() {
            Ok(kind) if !kind.is_symlink() => Ok(kind.is_dir()),
            _ => fs::metadata(&path).map(|meta| meta.is_dir()),
        };
        Some(match is_dir {
            Ok(true) => self.enter(&path, name),
            Ok(false) if is_record_name(&path) => {
                Some(Found { source: Arc::new(Source::new(name, Some(path.clone()), true)), open: Open::File(path) })
            }
            Ok(false) => None,
            Err(err) => Some(failed(name, FileError::Io(err))),
        })
    }
}

impl<'a> Iterator for Search<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        loop {
            if let Some(entry) = self.next_entry() {
                match entry {
                    Some(found) => return Some(found),
                    None => continue,
                }
            }
            let found = match self.inputs.next()?.0 {
                InputKind::Path(path) => {
                    let name = path.display().to_string();
                    match fs::metadata(&path) {
                        Ok(meta) if meta.is_dir() => self.enter(&path, name),
                        Ok(_) => Some(Found {
                            source: Arc::new(Source::new(name, Some(path.clone()), false)),
                            open: Open::File(path),
                        }),
                        Err(err) => Some(failed(name, FileError::Io(err))),
                    }
                }
                InputKind::Reader { name, reader, len } => {
                    Some(Found { source: Arc::new(Source::new(name, None, false)), open: Open::Reader(reader, len) })
                }
            };
            if let Some(found) = found {
                return Some(found);
            }
        }
    }
}

/// The item of a path that cannot be searched.
fn failed<'a>(name: String, error: FileError) -> Found<'a> {
    Found { source: Arc::new(Source::new(name, None, false)), open: Open::Failed(error) }
}
