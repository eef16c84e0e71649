//! [`Summary`]: what a run finished.

use super::{input::Source, outcome::FileOutcome};

/// What a [`Collection`](super::Collection) run finished: the inputs and games handed to `emit`. After a stop it
/// counts only those: the input whose reading the stop cut short is not among the files (it is
/// [`unfinished`](Summary::unfinished)), and its games that were handed on are among the games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Inputs whose outcome was handed on: `read + passed_over + failed`.
    pub files: u64,
    /// Inputs read ([`FileOutcome::Read`]).
    pub read: u64,
    /// Inputs passed over ([`FileOutcome::PassedOver`]).
    pub passed_over: u64,
    /// Inputs that gave no game ([`FileOutcome::Failed`]).
    pub failed: u64,
    /// Games whose results were handed on (those the readers could not read included).
    pub games: u64,
    /// Whether the run was stopped ([`Stop`](super::Stop)) before its end.
    pub stopped: bool,
    /// The input whose reading the stop cut short, if some of its games were handed on.
    pub unfinished: Option<Source>,
}

impl Summary {
    pub(crate) fn count(&mut self, outcome: &FileOutcome) {
        self.files += 1;
        match outcome {
            FileOutcome::Read => self.read += 1,
            FileOutcome::PassedOver => self.passed_over += 1,
            FileOutcome::Failed(_) => self.failed += 1,
        }
    }
}
