//! [`PlayError`]: an illegal move at a ply of a game.

use xiangqi_board::IllegalMove;

/// An illegal move in a game: its index and the board's error, which names the move and says why. `Display`
/// counts plies from 1: `ply 3: illegal move h2h7: the piece on h2 cannot move to h7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("ply {}: {illegal}", .index + 1)]
pub struct PlayError {
    /// The 0-based index of the move in the game (its ply is `index + 1`).
    pub index: usize,
    /// The board's error: the move and why it is illegal.
    pub illegal: IllegalMove,
}
