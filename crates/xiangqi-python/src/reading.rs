//! `xiangqi.read`: the games of record files, directories or bytes as a lazy iterator (`Games`), read by the
//! library's collection layer (`xiangqi_notation::collection`) on a thread of its own — several for a directory
//! or a large PGN file — in input order, and handed to Python as they come. Python waits for the next game with
//! the GIL released; a game that cannot be read is raised as `RecordError` where it comes, and iteration may go
//! on after it.

use core::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;
use std::thread::{self, JoinHandle};

use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use xiangqi::notation::collection::{Collection, FileOutcome, Input, Part, Stop};
use xiangqi::notation::{GameRecord, ReadOptions, RecordError as LibraryRecordError};

use crate::errors::{raise, record_error, Place, RecordError};
use crate::records::Record;

/// How many games the reading thread may be ahead of Python.
const AHEAD: usize = 256;

/// One source of `read`: a path (a file, or a directory searched recursively) or the bytes of a record.
#[derive(FromPyObject)]
pub(crate) enum Source {
    Bytes(Vec<u8>),
    Path(PathBuf),
}

/// What `read` takes: one source or a list of them.
#[derive(FromPyObject)]
pub(crate) enum Sources {
    One(Source),
    Many(Vec<Source>),
}

/// What the reading thread hands on: a game (or why it could not be read) of the input named, or why an input
/// gave no game at all.
enum Item {
    Game { source: String, number: usize, record: Result<Box<GameRecord>, LibraryRecordError> },
    Failed { source: String, error: String },
}

/// The games of `read`, one at a time: a lazy iterator of `Record`s.
#[pyclass(module = "xiangqi")]
pub(crate) struct Games {
    items: Mutex<Receiver<Item>>,
    stop: Stop,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Games {
    fn drop(&mut self) {
        // The reading thread stops after the game in hand; its sends fail once the receiver is gone.
        self.stop.stop();
    }
}

#[pymethods]
impl Games {
    fn __iter__(this: PyRef<'_, Self>) -> PyRef<'_, Self> {
        this
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Record>> {
        let items = &self.items;
        let next = py.detach(|| items.lock().map(|items| items.recv().ok()).unwrap_or(None));
        match next {
            Some(Item::Game { source, number, record: Ok(record) }) => Ok(Some(Record::read(*record, source, number))),
            Some(Item::Game { source, record: Err(error), .. }) => Err(record_error(py, &error, Some(&source))),
            Some(Item::Failed { source, error }) => {
                let place = Place { kind: Some("unreadable"), source: Some(source.clone()), ..Place::default() };
                Err(raise::<RecordError>(py, format!("{source}: {error}"), place))
            }
            None => match self.thread.take().map(JoinHandle::join) {
                Some(Err(_)) => {
                    Err(raise::<crate::errors::Error>(py, "the reading thread failed", Place::kind("internal")))
                }
                _ => Ok(None),
            },
        }
    }

    /// Stops the reading: the iteration ends after the games already read.
    fn close(&mut self) {
        self.stop.stop();
    }
}

/// Reads the games of `source`: a path (str or `os.PathLike`) of a record file or of a directory (searched
/// recursively for .pgn, .xqf, .cbr, .cbl, .cbf, DhtmlXQ pages …, in name order), the bytes of a record, or a
/// list of those. Every format is told by its content: PGN (UTF-8, GBK or Big5), XQF, DhtmlXQ, CCBridge.
///
/// Returns a lazy iterator of `Record`s in input order; a big file is never held whole. `lenient=True` passes
/// over what strict reading refuses (the moves after an illegal one). `threads` is the number of threads that
/// read (default: all the cores). Raises `FileNotFoundError` at once for a path that does not exist; a game
/// that cannot be read is raised as `RecordError` (with `source`, `game`, `line` or `byte`, `ply`, `move`)
/// when the iteration reaches it, and the iteration may go on after it.
#[pyfunction]
#[pyo3(signature = (source, *, lenient=false, threads=None))]
pub(crate) fn read(py: Python<'_>, source: Sources, lenient: bool, threads: Option<usize>) -> PyResult<Games> {
    let sources = match source {
        Sources::One(source) => vec![source],
        Sources::Many(sources) => sources,
    };
    let mut inputs = Vec::with_capacity(sources.len());
    for source in sources {
        inputs.push(match source {
            Source::Bytes(bytes) => Input::bytes("<bytes>", bytes),
            Source::Path(path) if path.exists() => Input::path(path),
            Source::Path(path) => {
                return Err(PyFileNotFoundError::new_err(format!("no such file or directory: {}", path.display())))
            }
        });
    }
    let options = if lenient { ReadOptions::lenient() } else { ReadOptions::strict() };
    let mut collection = Collection::new().inputs(inputs).read_options(options);
    if let Some(threads) = threads {
        let threads = NonZeroUsize::new(threads).ok_or_else(|| {
            raise::<crate::errors::ParseError>(py, "threads must be at least 1", Place::kind("bad_name"))
        })?;
        collection = collection.threads(threads);
    }
    let stop = collection.stop_handle();
    let (sender, items) = sync_channel(AHEAD);
    let thread = thread::Builder::new()
        .name("xiangqi-read".into())
        .spawn(move || {
            let work =
                |game: xiangqi::notation::collection::CollectedGame<'_>| (game.number, game.record.map(Box::new));
            // The run ends early when Python drops the iterator (the sends fail): nothing is left to report.
            let _ = collection.run(work, |source, part| {
                let source = source.name().to_owned();
                let item = match part {
                    Part::Game((number, record)) => Item::Game { source, number, record },
                    Part::End(FileOutcome::Failed(error)) => Item::Failed { source, error: error.to_string() },
                    Part::End(_) => return Ok(()),
                };
                // Python has let go of the iterator: stop.
                sender.send(item).map_err(drop)
            });
        })
        .map_err(|error| PyOSError::new_err(format!("cannot start the reading thread: {error}")))?;
    Ok(Games { items: Mutex::new(items), stop, thread: Some(thread) })
}
