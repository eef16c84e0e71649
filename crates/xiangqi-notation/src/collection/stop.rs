//! [`Stop`]: the handle that stops a run from outside.

use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Stops a [`Collection`](super::Collection) run from outside: from a Ctrl-C handler, a cancel button, another
/// thread. Cheap to clone; every clone stops the same run.
///
/// After [`stop`](Stop::stop) no input is opened and no game is started; each thread finishes the game in hand.
/// The results handed to `emit` are then a clean prefix of the whole: every result of the inputs before some
/// game, in order, and nothing after it. The run's [`Summary`](super::Summary) counts what was finished.
///
/// ```
/// use xiangqi::notation::collection::Stop;
///
/// let stop = Stop::new();
/// let handle = stop.clone();
/// assert!(!stop.is_stopped());
/// handle.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A handle that has not stopped.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the run to stop (again: no effect).
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`stop`](Stop::stop) was called (on this handle or a clone), or the run stopped because `emit`
    /// failed.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
