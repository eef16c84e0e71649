//! The files under the paths of a command line, found one by one in a fixed order: the paths in the order given, the entries of
//! each directory sorted by name, recursively.

use std::{
    collections::HashSet,
    fs,
    path::{Path, PathBuf},
};

use crate::read;

/// A file to read.
#[derive(Clone, Debug)]
pub(crate) struct Input {
    /// Where it is.
    pub(crate) path: PathBuf,
    /// The path as given on the command line or found under it, as printed.
    pub(crate) name: String,
    /// Whether it was found in a directory rather than named on the command line.
    pub(crate) found: bool,
}

/// One item of the list: a file to read, or a path that could not be searched (and why), in its place.
pub(crate) type Item = Result<Input, (String, String)>;

/// Hands every file under `paths` to `found`, in order: a named file whatever its name, the record files
/// ([`read::is_record_name`]) of a named directory and of its subdirectories. A path that does not exist, a
/// directory that cannot be listed and a directory loop (a link to a directory being searched) are items of their
/// own, so that the run can report them and go on. The search ends early when `found` returns `false`.
pub(crate) fn search(paths: &[PathBuf], found: &mut dyn FnMut(Item) -> bool) {
    let mut seen = HashSet::new();
    for path in paths {
        let name = path.display().to_string();
        let go_on = match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &name, &mut Vec::new(), &mut seen, found),
            Ok(_) => found(Ok(Input { path: path.clone(), name, found: false })),
            Err(err) => found(Err((name, format!("cannot read: {err}")))),
        };
        if !go_on {
            return;
        }
    }
}

/// Adds the record files under the directory `dir` (named `name`). `stack` holds the canonical paths of the
/// directories being searched (to tell a loop), `seen` those searched already (a directory reached twice through
/// links is read once). Returns `false` when `found` asked to end the search.
fn walk(
    dir: &Path,
    name: &str,
    stack: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
    found: &mut dyn FnMut(Item) -> bool,
) -> bool {
    let canonical = match fs::canonicalize(dir) {
        Ok(canonical) => canonical,
        Err(err) => return found(Err((name.to_owned(), format!("cannot read: {err}")))),
    };
    if stack.contains(&canonical) {
        return found(Err((name.to_owned(), "directory loop: a link back to a directory above it".into())));
    }
    if !seen.insert(canonical.clone()) {
        return true;
    }
    let mut entries = match fs::read_dir(dir).and_then(|entries| entries.collect::<Result<Vec<_>, _>>()) {
        Ok(entries) => entries,
        Err(err) => return found(Err((name.to_owned(), format!("cannot list directory: {err}")))),
    };
    entries.sort_by_key(|entry| entry.file_name());
    stack.push(canonical);
    for entry in entries {
        let path = entry.path();
        let child = Path::new(name).join(entry.file_name()).display().to_string();
        // The entry's type comes with the listing (no call to the system); a link is followed with `metadata`: a link
        // to a directory is searched, a link to a file is read.
        let is_dir = match entry.file_type() {
            Ok(kind) if !kind.is_symlink() => Ok(kind.is_dir()),
            _ => fs::metadata(&path).map(|meta| meta.is_dir()),
        };
        let go_on = match is_dir {
            Ok(true) => walk(&path, &child, stack, seen, found),
            Ok(_) if read::is_record_name(&path) => found(Ok(Input { path, name: child, found: true })),
            Ok(_) => true,
            Err(err) => found(Err((child, format!("cannot read: {err}")))),
        };
        if !go_on {
            return false;
        }
    }
    stack.pop();
    true
}
