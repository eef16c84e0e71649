//! [`GameStatus`]: what a [`Game`](crate::Game) shows after each move.

use xiangqi_board::{Outcome, Position};

use crate::citation::RuleRef;
use crate::history::Repetition;
use crate::ruling::Ruling;

/// The state of a game after a move (or at the start): the ruling in force and the facts of the position a site
/// shows beside the board.
///
/// With `serde` it is an object with these fields (docs/json.md):
/// `{"ply":9,"fen":"…","ruling":"red_must_change","rule":"AXF 2008 棋例 §13","over":false,"in_check":false,…}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameStatus {
    /// The plies played (0 at the start).
    pub ply: usize,
    /// The current position (its FEN in the `serde` form; reading checks the position, so a composed one,
    /// accepted by `Position::from_setup_relaxed`, is written but not read back).
    pub fen: Position,
    /// What the rules say now: [`Ruling::Continue`], a warning in force, or the final ruling.
    pub ruling: Ruling,
    /// The ruling's deciding rule item (None for [`Ruling::Continue`]); the full citation and note are the
    /// game's [`verdict`](crate::Game::verdict).
    pub rule: Option<RuleRef>,
    /// Whether the game is over: the ruling is final ([`Ruling::is_final`]).
    pub over: bool,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The number of legal moves of the side to move.
    pub legal_moves: usize,
    /// Checkmate (将死) or stalemate (困毙) on the board, if the side to move has no legal move.
    pub outcome: Option<Outcome>,
    /// The plies since the last capture that count towards the book's natural move limit, for the more
    /// favourable claim (checks beyond the book's allowance and cycles beyond its count left out; the plies
    /// since the last capture under a book without a limit).
    pub move_limit_plies: usize,
    /// The cycle running now, if the current position has occurred before since the last capture: how often, and
    /// the window from its earliest occurrence.
    pub cycle: Option<Repetition>,
}
