//! [`Progress`]: what a run has done so far, readable from any thread at any moment.

use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::{
    io::{self, BufRead, Read},
    sync::Arc,
};

#[derive(Debug, Default)]
struct Counters {
    files_found: AtomicU64,
    found_all: AtomicBool,
    files_done: AtomicU64,
    games: AtomicU64,
    bytes_read: AtomicU64,
    bytes_total: AtomicU64,
    finished: AtomicBool,
}

/// The progress of a [`Collection`](super::Collection) run: a handle that a front end keeps (from
/// [`Collection::progress`](super::Collection::progress)) and reads at any moment, from any thread, while the
/// run goes on — to draw a progress bar with a percentage, a rate and an estimated time. Cheap to clone.
///
/// ```
/// use xiangqi::notation::collection::{Collection, Input};
///
/// let collection = Collection::new().input(Input::bytes("a.pgn", &b"1. h2e2 h9g7 *\n"[..]));
/// let progress = collection.progress();
/// assert_eq!(progress.snapshot().games, 0);
/// collection.run(|_| (), |_, _| Ok::<_, ()>(()))?;
/// let done = progress.snapshot();
/// assert_eq!((done.files_found, done.files_done, done.games), (1, 1, 1));
/// assert_eq!((done.bytes_read, done.bytes_total), (15, 15));
/// assert!(done.found_all && done.finished);
/// # Ok::<_, ()>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<Counters>);

/// What a run had done when [`Progress::snapshot`] was called. The counts only grow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProgressSnapshot {
    /// Inputs found so far: the inputs given, and the record files found in the directories searched so far
    /// (the search runs ahead of the reading), a path that could not be searched included.
    pub files_found: u64,
    /// Whether the search has ended: `files_found` is then the number of inputs of the run.
    pub found_all: bool,
    /// Inputs whose outcome has been handed to `emit`.
    pub files_done: u64,
    /// Games whose results have been handed to `emit`.
    pub games: u64,
    /// Bytes read so far from the inputs opened (by every thread; a large PGN file is read a little ahead of
    /// its games' results, at most the games in hand).
    pub bytes_read: u64,
    /// The sizes of the inputs opened so far (a file's size when it is opened, an in-memory input's length; a
    /// reader of unknown length adds nothing). For one input, `bytes_read` of `bytes_total` is the fraction done.
    pub bytes_total: u64,
    /// Whether the run has returned.
    pub finished: bool,
}

impl Progress {
    /// The counts now.
    pub fn snapshot(&self) -> ProgressSnapshot {
        let counters = &self.0;
        ProgressSnapshot {
            files_found: counters.files_found.load(Ordering::Relaxed),
            found_all: counters.found_all.load(Ordering::Relaxed),
            files_done: counters.files_done.load(Ordering::Relaxed),
            games: counters.games.load(Ordering::Relaxed),
            bytes_read: counters.bytes_read.load(Ordering::Relaxed),
            bytes_total: counters.bytes_total.load(Ordering::Relaxed),
            finished: counters.finished.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn found_file(&self) {
        self.0.files_found.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn found_all(&self) {
        self.0.found_all.store(true, Ordering::Relaxed);
    }

    pub(crate) fn file_done(&self) {
        self.0.files_done.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn game_done(&self) {
        self.0.games.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn opened(&self, len: u64) {
        self.0.bytes_total.fetch_add(len, Ordering::Relaxed);
    }

    pub(crate) fn finish(&self) {
        self.0.finished.store(true, Ordering::Relaxed);
    }

    fn read(&self, bytes: usize) {
        self.0.bytes_read.fetch_add(bytes as u64, Ordering::Relaxed);
    }
}

/// A reader that counts the bytes taken from it into [`ProgressSnapshot::bytes_read`]: those returned by `read`
/// and those consumed after `fill_buf`.
pub(crate) struct Counted<R> {
    inner: R,
    progress: Progress,
}

impl<R> Counted<R> {
    pub(crate) fn new(inner: R, progress: &Progress) -> Counted<R> {
        Counted { inner, progress: progress.clone() }
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.progress.read(read);
        Ok(read)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.progress.read(amt);
        self.inner.consume(amt);
    }
}
