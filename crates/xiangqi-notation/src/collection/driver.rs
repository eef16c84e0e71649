//! [`Collection`]: the inputs of a run, how they are read, and the run itself.

use core::num::NonZeroUsize;
use std::{path::PathBuf, thread};

use super::{
    engine::Engine,
    input::{Input, Source},
    order::Order,
    outcome::{CollectedGame, Part},
    progress::Progress,
    search::Search,
    stop::Stop,
    summary::Summary,
};
use crate::ReadOptions;

/// A collection of game records to read: its inputs, how they are read, and on how many threads; then
/// [`run`](Collection::run) hands every game to a work function on those threads and the results, in input
/// order, to an `emit` function. See the [module](super) for the whole picture.
#[derive(Debug)]
pub struct Collection<'a> {
    inputs: Vec<Input<'a>>,
    options: ReadOptions,
    threads: NonZeroUsize,
    files_at_once: NonZeroUsize,
    stop: Stop,
    progress: Progress,
}

impl Default for Collection<'_> {
    fn default() -> Self {
        Collection::new()
    }
}

impl<'a> Collection<'a> {
    /// A collection without inputs, read strictly ([`ReadOptions::strict`]) on all the cores
    /// ([`std::thread::available_parallelism`]; one where it is not known, as in WebAssembly), as many inputs
    /// at once as the threads take.
    pub fn new() -> Collection<'a> {
        Collection {
            inputs: Vec::new(),
            options: ReadOptions::strict(),
            threads: thread::available_parallelism().unwrap_or(NonZeroUsize::MIN),
            files_at_once: NonZeroUsize::MAX,
            stop: Stop::new(),
            progress: Progress::default(),
        }
    }

    /// Adds an input.
    #[must_use]
    pub fn input(mut self, input: Input<'a>) -> Collection<'a> {
        self.inputs.push(input);
        self
    }

    /// Adds inputs, in order.
    #[must_use]
    pub fn inputs(mut self, inputs: impl IntoIterator<Item = Input<'a>>) -> Collection<'a> {
        self.inputs.extend(inputs);
        self
    }

    /// Adds paths, in order: files and directories to search ([`Input::path`]).
    #[must_use]
    pub fn paths<P: Into<PathBuf>>(self, paths: impl IntoIterator<Item = P>) -> Collection<'a> {
        self.inputs(paths.into_iter().map(Input::path))
    }

    /// Reads strictly or leniently (the default: strictly).
    #[must_use]
    pub fn read_options(mut self, options: ReadOptions) -> Collection<'a> {
        self.options = options;
        self
    }

    /// The number of threads, the calling thread included (the default: all the cores). With one, everything is
    /// done on the calling thread, and no thread is started. With more, the search for files has a thread of its
    /// own too, mostly waiting for the file system.
    #[must_use]
    pub fn threads(mut self, threads: NonZeroUsize) -> Collection<'a> {
        self.threads = threads;
        self
    }

    /// How many inputs may be in hand at once: opened and not done with (the default: as many as the threads
    /// take). The results of an input after the one being emitted wait for their turn in memory; with one, only
    /// the input being emitted is read (its games still on all the threads if it is a large PGN file), so
    /// that a run whose results are large (converted records) holds little.
    #[must_use]
    pub fn files_at_once(mut self, files: NonZeroUsize) -> Collection<'a> {
        self.files_at_once = files;
        self
    }

    /// Makes the run stop when `stop` does (for a handle made before the collection, such as a Ctrl-C
    /// handler's).
    #[must_use]
    pub fn stop_with(mut self, stop: Stop) -> Collection<'a> {
        self.stop = stop;
        self
    }

    /// The handle that stops the run.
    pub fn stop_handle(&self) -> Stop {
        self.stop.clone()
    }

    /// The handle on the run's progress, to read while it runs.
    pub fn progress(&self) -> Progress {
        self.progress.clone()
    }

    /// Reads every game of every input and runs `work` on each, on the threads; hands `emit` each result, and
    /// each input's outcome, in input order (within an input, in game order), one call at a time, as soon as
    /// they are due: the results of the input being emitted as they are made, those of later inputs when their
    /// turn comes. `emit` is called on whichever thread has the results when they are due, the calling thread
    /// or another. Returns when every input is done, or after a stop ([`Stop`]), with the [`Summary`].
    ///
    /// Inputs are taken in order as threads come free, as many at once as [`files_at_once`] allows (so that a
    /// directory being searched is read as it is found); a PGN input of 1 MiB or more is split into the texts
    /// of its games ([`pgn::Reader::next_text`](crate::pgn::Reader::next_text)), which every thread reads
    /// ([`GameText::read`](crate::pgn::GameText::read)), at most 256 in hand. Every game has its number in its
    /// input, whatever thread read it.
    ///
    /// [`files_at_once`]: Collection::files_at_once
    ///
    /// # Errors
    /// The first error of `emit`: the run stops there, as a [`Stop`] does, and nothing more is emitted. An input
    /// that cannot be read is no error of the run: it is a [`Part::End`] with a
    /// [`FileOutcome::Failed`](super::FileOutcome::Failed), and a game that cannot be read is a
    /// [`CollectedGame::record`] that is an `Err`.
    ///
    /// # Panics
    /// If `work` or `emit` panics: the run stops, and the panic goes on in the calling thread.
    pub fn run<T, E, W, F>(self, work: W, emit: F) -> Result<Summary, E>
    where
        T: Send,
        E: Send,
        W: Fn(CollectedGame<'_>) -> T + Sync,
        F: FnMut(&Source, Part<T>) -> Result<(), E> + Send,
    {
        let threads = self.threads.get();
        self.start(threads, work, emit, |engine| {
            if threads == 1 {
                engine.work();
                return;
            }
            thread::scope(|scope| {
                // A thread that cannot be started is done without: the search is then done by the threads that
                // read, and the calling thread always reads.
                let _ = thread::Builder::new().spawn_scoped(scope, || engine.search());
                for _ in 1..threads {
                    let _ = thread::Builder::new().spawn_scoped(scope, || engine.work());
                }
                engine.work();
            });
        })
    }

    /// [`run`](Collection::run) on the calling thread alone, whatever [`threads`](Collection::threads) says,
    /// for `work`, results and `emit` that cannot go to another thread (a JavaScript value in WebAssembly, a
    /// value tied to its thread).
    ///
    /// # Errors
    /// The first error of `emit`, as for [`run`](Collection::run).
    ///
    /// # Panics
    /// If `work` or `emit` panics.
    pub fn run_on_this_thread<T, E, W, F>(self, work: W, emit: F) -> Result<Summary, E>
    where
        W: Fn(CollectedGame<'_>) -> T,
        F: FnMut(&Source, Part<T>) -> Result<(), E>,
    {
        self.start(1, work, emit, |engine| engine.work())
    }

    /// Runs the threads `drive` starts (or only the calling thread) on the engine of this collection.
    fn start<T, E, W, F>(
        self,
        threads: usize,
        work: W,
        mut emit: F,
        drive: impl for<'e, 'r> FnOnce(&'e Engine<'a, 'r, T, E, W, F>),
    ) -> Result<Summary, E>
    where
        W: Fn(CollectedGame<'_>) -> T,
        F: FnMut(&Source, Part<T>) -> Result<(), E>,
    {
        let order = Order::new(&mut emit, self.progress.clone(), self.stop.clone());
        let settings = (self.options, threads, self.files_at_once.get());
        let engine = Engine::new(Search::new(self.inputs), order, &work, settings, self.stop, self.progress);
        drive(&engine);
        engine.finish_run()
    }
}
