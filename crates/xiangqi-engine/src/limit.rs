//! [`Go`] and its [`Limit`]: how long an engine searches.

use core::time::Duration;

use xiangqi_board::ByColor;

/// How long a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// To this depth in plies (`go depth N`).
    Depth(u32),
    /// For about this many nodes (`go nodes N`).
    Nodes(u64),
    /// For this long. UCI `go movetime MS`; UCCI has no such command and is told `go time MS movestogo 1`, the
    /// whole clock for one move (ElephantEye then plans the whole time for the move).
    MoveTime(Duration),
    /// Until `stop` (`go infinite`; UCCI 3.0 writes `go depth infinite`, which ElephantEye reads as depth 0, so
    /// `go infinite` is sent, which it and the UCI engines read as "no limit").
    Infinite,
    /// By the clock of a timed game.
    Clock(Clock),
}

/// The clocks of a timed game, as a `go` command tells them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The time each side has left.
    pub time: ByColor<Duration>,
    /// What each side gains after each of its moves.
    pub increment: ByColor<Duration>,
    /// The moves each side has to make before its time is next added to, if the control has periods.
    pub moves_to_go: ByColor<Option<u32>>,
}

/// A search to start: its limit, and whether it is a ponder search or answers a draw offer.
///
/// ```
/// use xiangqi::engine::{Go, Limit};
///
/// let go = Go::new(Limit::Depth(8));
/// assert!(!go.ponder && !go.draw_offered);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Go {
    /// How long to search.
    pub limit: Limit,
    /// Search while the opponent thinks (`go ponder`), until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Tell the engine that its opponent offers a draw (UCCI `go draw`; the engine accepts with `bestmove …
    /// draw`). UCI has no draw offers; the flag is not sent.
    pub draw_offered: bool,
}

impl Go {
    /// A plain search with `limit`.
    pub const fn new(limit: Limit) -> Go {
        Go { limit, ponder: false, draw_offered: false }
    }
}
