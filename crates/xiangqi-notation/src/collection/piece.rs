//! [`Piece`]: some results of an input, with their place, as the jobs of a run hand them to the
//! [ordering engine](super::order).

use std::sync::Arc;

use super::{input::Source, outcome::FileOutcome};
use crate::{pgn::GameText, RecordError};

/// Where a piece belongs: the input's index, and the piece's index in it (both from 0).
pub(crate) type Place = (usize, usize);

/// Some results of an input, in order, and whether they end it.
pub(crate) struct Piece<T> {
    pub(crate) source: Arc<Source>,
    pub(crate) games: Games<T>,
    /// `Some` for the input's last piece.
    pub(crate) last: Option<Last>,
}

/// The games of a [`Piece`].
pub(crate) enum Games<T> {
    /// Results of games numbered right.
    Numbered(Vec<T>),
    /// Results of the games of a PGN text, numbered from `first`: a guess made before the games of the texts
    /// before it were known (a text holds one game, but may hold none or several). When the guess turns out
    /// wrong, the text is read again with the right number when it is due.
    Guessed { results: Vec<T>, first: usize, text: Arc<GameText> },
    /// The error that ended the reading of a PGN file read on all the threads; its game is the one after the
    /// games before it, known when it is due.
    Failure(RecordError),
}

/// How an input's last piece ends it.
pub(crate) enum Last {
    /// Read to its end: its outcome.
    End(FileOutcome),
    /// Cut short by a stop: nothing after it is emitted.
    Cut,
}
