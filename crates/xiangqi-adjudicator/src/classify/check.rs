//! Checks (将/照): "a move that directly attacks the opponent's king" (ROC 2007 術語 照著; AXF 2008 第三章第二节九).

use xiangqi_board::{Bitboard, Position};

/// The pieces giving check in `after` (the position after the move): empty if the move is not a check.
#[inline]
pub(crate) fn checkers(after: &Position) -> Bitboard {
    after.checkers()
}
