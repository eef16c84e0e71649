//! The threads of a run and what each does next: every thread takes the next job — read a text of a large PGN
//! input, split more texts off one, open the next input and read it — under one lock, does it, and hands the
//! results on to the [ordering engine](super::order) under the same lock. With one thread, the calling thread
//! does it all, the search for files included.

use std::{
    collections::{BTreeMap, VecDeque},
    sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError},
};

use super::{
    input::Source,
    order::Order,
    outcome::{CollectedGame, FileOutcome, Part},
    piece::{Games, Last, Piece, Place},
    progress::Progress,
    reading::{self, Opened, PgnReader, Split},
    search::{Found, Search},
    stop::Stop,
    summary::Summary,
};
use crate::{pgn, ReadOptions};

/// How many game texts of one large PGN input may be in hand at once (split off and not emitted yet): what
/// bounds the memory of an input read on all the threads.
const WINDOW: usize = 256;

/// How many texts a thread splits off at once (fewer when the window has less room).
const SPLIT_BATCH: usize = 32;

/// What is shared by the threads of a run: `work` is `Fn(CollectedGame<'_>) -> T`, `emit` (in the [`Order`])
/// `FnMut(&Source, Part<T>) -> Result<(), E>`.
pub(crate) struct Engine<'a, 'r, T, E, W, F> {
    state: Mutex<State<'a, 'r, T, E, F>>,
    wake: Condvar,
    work: &'r W,
    options: ReadOptions,
    /// Whether large PGN inputs are split (the run has several threads).
    may_split: bool,
    stop: Stop,
    progress: Progress,
}

/// Where the inputs come from: the search, run by the thread that wants the next input, until a search thread
/// takes it; the inputs found by that thread and not opened yet.
struct Files<'a> {
    search: Option<Search<'a>>,
    found: VecDeque<Found<'a>>,
    /// Whether the search has ended.
    done: bool,
}

impl<'a> Files<'a> {
    /// The next input, if it has been found.
    fn next(&mut self, progress: &Progress) -> Option<Found<'a>> {
        if let Some(found) = self.found.pop_front() {
            return Some(found);
        }
        let found = self.search.as_mut()?.next();
        match &found {
            Some(_) => progress.found_file(),
            None => {
                self.search = None;
                self.done = true;
                progress.found_all();
            }
        }
        found
    }

    /// Whether every input has been opened.
    fn all_opened(&self) -> bool {
        self.done && self.found.is_empty()
    }
}

/// A large PGN input being split into texts.
struct Splitting<'a> {
    source: Arc<Source>,
    /// `None` while a thread splits texts off it, and after its end.
    reader: Option<PgnReader<'a>>,
    /// The texts split off and not taken yet: the pieces from `taken` on.
    ready: VecDeque<Arc<pgn::GameText>>,
    /// Texts split off so far.
    split: usize,
    /// Texts taken by a thread so far.
    taken: usize,
    ended: bool,
}

struct State<'a, 'r, T, E, F> {
    files: Files<'a>,
    /// Inputs opened so far: the index of the next.
    opened: usize,
    /// Open jobs in progress (each may turn into an input to split).
    opening: usize,
    files_at_once: usize,
    splitting: BTreeMap<usize, Splitting<'a>>,
    order: Order<'r, T, E, F>,
    /// Threads waiting for a job.
    sleepers: usize,
}

enum Job<'a> {
    /// Open an input and read it (in turn, or tell that it is to be split).
    Open { file: usize, found: Found<'a> },
    /// Split up to `most` texts off a large PGN input.
    Split { file: usize, reader: PgnReader<'a>, most: usize },
    /// Read a text of a large PGN input, its games numbered from `first`.
    Text { place: Place, first: usize, source: Arc<Source>, text: Arc<pgn::GameText> },
}

enum Done<'a, T> {
    /// An input was read in turn, or gives no game: its last piece.
    Read(Place, Piece<T>),
    /// An input is to be split.
    ToSplit { file: usize, source: Arc<Source>, reader: PgnReader<'a> },
    /// Texts were split off.
    Split { file: usize, reader: PgnReader<'a>, texts: Vec<pgn::GameText>, split: Split },
    /// A text was read.
    Text(Place, Piece<T>),
}

enum Next<'a> {
    Job(Job<'a>),
    Wait,
    Exit,
}

impl<'a, 'r, T, E, W, F> Engine<'a, 'r, T, E, W, F>
where
    W: Fn(CollectedGame<'_>) -> T,
    F: FnMut(&Source, Part<T>) -> Result<(), E>,
{
    pub(crate) fn new(
        search: Search<'a>,
        order: Order<'r, T, E, F>,
        work: &'r W,
        (options, threads, files_at_once): (ReadOptions, usize, usize),
        stop: Stop,
        progress: Progress,
    ) -> Engine<'a, 'r, T, E, W, F> {
        let state = State {
            files: Files { search: Some(search), found: VecDeque::new(), done: false },
            opened: 0,
            opening: 0,
            files_at_once,
            splitting: BTreeMap::new(),
            order,
            sleepers: 0,
        };
        Engine { state: Mutex::new(state), wake: Condvar::new(), work, options, may_split: threads > 1, stop, progress }
    }

    fn lock(&self) -> MutexGuard<'_, State<'a, 'r, T, E, F>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wakes the waiting threads, if any (a job may have come, or the end).
    fn changed(&self, state: &State<'a, 'r, T, E, F>) {
        if state.sleepers > 0 {
            self.wake.notify_all();
        }
    }

    /// Runs the search for files on this thread, handing each input found to the threads as it is found.
    pub(crate) fn search(&self) {
        let Some(search) = self.lock().files.search.take() else { return };
        for found in search {
            if self.stop.is_stopped() {
                break;
            }
            self.progress.found_file();
            let mut state = self.lock();
            state.files.found.push_back(found);
            self.changed(&state);
        }
        let mut state = self.lock();
        state.files.done = true;
        self.progress.found_all();
        self.changed(&state);
    }

    /// Takes jobs and does them until there are none left (or the run is stopped).
    pub(crate) fn work(&self) {
        let _wake_on_panic = WakeOnPanic(self);
        let mut state = self.lock();
        loop {
            match self.next_job(&mut state) {
                Next::Job(job) => {
                    drop(state);
                    let done = self.run(job);
                    state = self.lock();
                    self.finish(&mut state, done);
                    self.changed(&state);
                }
                Next::Wait => {
                    state.sleepers += 1;
                    state = self.wake.wait(state).unwrap_or_else(PoisonError::into_inner);
                    state.sleepers -= 1;
                }
                Next::Exit => return,
            }
        }
    }

    /// The next job: on the large PGN inputs being split first (the earliest first: splitting more while their
    /// window has room, else reading a text), then opening the next input, if fewer than `files_at_once` are in
    /// hand.
    fn next_job(&self, state: &mut State<'a, 'r, T, E, F>) -> Next<'a> {
        if self.stop.is_stopped() {
            return Next::Exit;
        }
        state.splitting.retain(|_, splitting| !splitting.ended || !splitting.ready.is_empty());
        let front = state.order.front();
        for (&file, splitting) in &mut state.splitting {
            let emitted = if file == front.file { front.pieces } else { 0 };
            let room = WINDOW.saturating_sub(splitting.split - emitted);
            if room >= SPLIT_BATCH || (room > 0 && splitting.ready.is_empty()) {
                if let Some(reader) = splitting.reader.take() {
                    return Next::Job(Job::Split { file, reader, most: room.min(SPLIT_BATCH) });
                }
            }
            if let Some(text) = splitting.ready.pop_front() {
                let piece = splitting.taken;
                splitting.taken += 1;
                // The texts not emitted yet are guessed to hold one game each.
                let first = if file == front.file { front.games + (piece - front.pieces) + 1 } else { piece + 1 };
                let source = Arc::clone(&splitting.source);
                return Next::Job(Job::Text { place: (file, piece), first, source, text });
            }
        }
        if state.opened - front.file < state.files_at_once {
            if let Some(found) = state.files.next(&self.progress) {
                let file = state.opened;
                state.opened += 1;
                state.opening += 1;
                return Next::Job(Job::Open { file, found });
            }
        }
        if state.files.all_opened() && state.opening == 0 && state.splitting.is_empty() {
            Next::Exit
        } else {
            Next::Wait
        }
    }

    /// Does a job (without the lock, but for handing on the pieces of an input read in turn).
    fn run(&self, job: Job<'a>) -> Done<'a, T> {
        match job {
            Job::Open { file, found } => {
                let Found { source, open } = found;
                match reading::open(&source, open, self.options, self.may_split, &self.progress) {
                    Opened::Ends(outcome) => {
                        let piece =
                            Piece { source, games: Games::Numbered(Vec::new()), last: Some(Last::End(outcome)) };
                        Done::Read((file, 0), piece)
                    }
                    Opened::InTurn(games) => {
                        let mut pieces = 0;
                        let last = reading::read_in_turn(&source, games, self.work, &self.stop, &mut |piece| {
                            let mut state = self.lock();
                            state.order.hand_on((file, pieces), piece, self.work);
                            self.changed(&state);
                            pieces += 1;
                        });
                        Done::Read((file, pieces), last)
                    }
                    Opened::Split(reader) => Done::ToSplit { file, source, reader },
                }
            }
            Job::Split { file, mut reader, most } => {
                let mut texts = Vec::with_capacity(most);
                let split = reading::split_texts(&mut reader, most, &mut texts);
                Done::Split { file, reader, texts, split }
            }
            Job::Text { place, first, source, text } => {
                let results = reading::read_text(&source, &text, first, self.work);
                Done::Text(place, Piece { source, games: Games::Guessed { results, first, text }, last: None })
            }
        }
    }

    /// Takes what a job did.
    fn finish(&self, state: &mut State<'a, 'r, T, E, F>, done: Done<'a, T>) {
        match done {
            Done::Read(place, piece) => {
                state.opening -= 1;
                state.order.hand_on(place, piece, self.work);
            }
            Done::ToSplit { file, source, reader } => {
                state.opening -= 1;
                let splitting = Splitting {
                    source,
                    reader: Some(reader),
                    ready: VecDeque::new(),
                    split: 0,
                    taken: 0,
                    ended: false,
                };
                state.splitting.insert(file, splitting);
            }
            Done::Split { file, reader, texts, split } => {
                let Some(splitting) = state.splitting.get_mut(&file) else { return };
                splitting.split += texts.len();
                splitting.ready.extend(texts.into_iter().map(Arc::new));
                let failure = match split {
                    Split::More => {
                        splitting.reader = Some(reader);
                        return;
                    }
                    Split::Ended => None,
                    Split::Failed(error) => Some(error),
                };
                splitting.ended = true;
                let games = failure.map_or_else(|| Games::Numbered(Vec::new()), Games::Failure);
                let piece =
                    Piece { source: Arc::clone(&splitting.source), games, last: Some(Last::End(FileOutcome::Read)) };
                let place = (file, splitting.split);
                state.order.hand_on(place, piece, self.work);
            }
            Done::Text(place, piece) => state.order.hand_on(place, piece, self.work),
        }
    }

    /// The summary of the run, or the first error of `emit`.
    pub(crate) fn finish_run(self) -> Result<Summary, E> {
        self.progress.finish();
        self.state.into_inner().unwrap_or_else(PoisonError::into_inner).order.finish()
    }
}

/// Stops the run and wakes the waiting threads when a thread's work or `emit` panics, so that they end and the
/// panic reaches the caller.
struct WakeOnPanic<'e, 'a, 'r, T, E, W, F>(&'e Engine<'a, 'r, T, E, W, F>);

impl<T, E, W, F> Drop for WakeOnPanic<'_, '_, '_, T, E, W, F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.stop();
            let _state = self.0.state.lock();
            self.0.wake.notify_all();
        }
    }
}
