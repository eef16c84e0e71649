//! The ordering engine: the results of a run, made on any thread in any order, handed to `emit` in input order
//! and, within an input, in game order, as soon as they are due.
//!
//! Results come in [`Piece`]s, each with its place: the input's index (in the order the inputs were found) and
//! the piece's index within the input (a batch of the games of an input read in turn, or the games of one text
//! of a PGN file read on all the threads). The piece due is emitted at once by the thread that hands it on, with
//! the pieces kept after it that are due then; a piece that comes early is kept until its turn. So no thread
//! waits to emit, and none is woken for each result.

use std::{collections::BTreeMap, sync::Arc};

use super::{
    input::Source,
    outcome::{CollectedGame, Part},
    piece::{Games, Last, Piece, Place},
    progress::Progress,
    reading::read_text,
    stop::Stop,
    summary::Summary,
};

/// Where emission stands, for the scheduler: the input being emitted, how many of its pieces and games have been
/// emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Front {
    pub(crate) file: usize,
    pub(crate) pieces: usize,
    pub(crate) games: usize,
}

/// The emitting side of a run: `emit` is `FnMut(&Source, Part<T>) -> Result<(), E>`.
pub(crate) struct Order<'r, T, E, F> {
    front: Front,
    waiting: BTreeMap<Place, Piece<T>>,
    emit: &'r mut F,
    /// The first error of `emit`: nothing more is emitted.
    error: Option<E>,
    /// Cleared by a cut piece or an error: nothing more is emitted.
    go_on: bool,
    summary: Summary,
    /// The input of which some games were emitted, but not its outcome.
    started: Option<Arc<Source>>,
    progress: Progress,
    stop: Stop,
}

impl<'r, T, E, F: FnMut(&Source, Part<T>) -> Result<(), E>> Order<'r, T, E, F> {
    pub(crate) fn new(emit: &'r mut F, progress: Progress, stop: Stop) -> Order<'r, T, E, F> {
        Order {
            front: Front { file: 0, pieces: 0, games: 0 },
            waiting: BTreeMap::new(),
            emit,
            error: None,
            go_on: true,
            summary: Summary::default(),
            started: None,
            progress,
            stop,
        }
    }

    /// Where emission stands.
    pub(crate) fn front(&self) -> Front {
        self.front
    }

    /// Takes the piece at `place`: emits it and every kept piece due after it if it is its turn, keeps it
    /// otherwise. `work` is run on the games of a piece whose numbers turn out to be wrong, again.
    pub(crate) fn hand_on(&mut self, place: Place, piece: Piece<T>, work: &dyn Fn(CollectedGame<'_>) -> T) {
        if !self.go_on {
            return;
        }
        if place != (self.front.file, self.front.pieces) {
            self.waiting.insert(place, piece);
            return;
        }
        let mut piece = piece;
        loop {
            self.emit_piece(piece, work);
            if !self.go_on {
                return;
            }
            match self.waiting.remove(&(self.front.file, self.front.pieces)) {
                Some(next) => piece = next,
                None => return,
            }
        }
    }

    /// Emits the piece due.
    fn emit_piece(&mut self, piece: Piece<T>, work: &dyn Fn(CollectedGame<'_>) -> T) {
        let Piece { source, games, last } = piece;
        let next = self.front.games + 1;
        let results = match games {
            Games::Numbered(results) => results,
            Games::Guessed { results, first, .. } if first == next => results,
            Games::Guessed { text, .. } => read_text(&source, &text, next, work),
            Games::Failure(mut error) => {
                error.game = next;
                let game = CollectedGame {
                    source: &source,
                    number: next,
                    record: Err(error),
                    warnings: Vec::new(),
                    encoding: None,
                };
                vec![work(game)]
            }
        };
        if !results.is_empty() && self.started.is_none() {
            self.started = Some(Arc::clone(&source));
        }
        for result in results {
            self.front.games += 1;
            self.summary.games += 1;
            self.progress.game_done();
            self.emit(&source, Part::Game(result));
            if !self.go_on {
                return;
            }
        }
        match last {
            None => self.front.pieces += 1,
            Some(Last::Cut) => self.go_on = false,
            Some(Last::End(outcome)) => {
                self.summary.count(&outcome);
                self.progress.file_done();
                self.started = None;
                self.emit(&source, Part::End(outcome));
                self.front = Front { file: self.front.file + 1, pieces: 0, games: 0 };
            }
        }
    }

    fn emit(&mut self, source: &Source, part: Part<T>) {
        if let Err(error) = (self.emit)(source, part) {
            self.error = Some(error);
            self.go_on = false;
            self.stop.stop();
        }
    }

    /// The summary of what was emitted, or the first error of `emit`.
    pub(crate) fn finish(self) -> Result<Summary, E> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut summary = self.summary;
        summary.stopped = self.stop.is_stopped();
        summary.unfinished = self.started.map(|source| Source::clone(&source));
        Ok(summary)
    }
}
