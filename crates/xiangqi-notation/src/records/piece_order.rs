//! The order in which XQF headers and DhtmlXQ `binit` values list the 32 pieces: for each side (Red first, then
//! Black) `车马相士帅士相马车炮炮兵兵兵兵兵`.

use xiangqi_board::Role;

/// The roles of the 16 pieces of one side, in record order; piece `i` of a record is Red's `PIECE_ORDER[i]`
/// for `i < 16` and Black's `PIECE_ORDER[i - 16]` after.
pub(crate) const PIECE_ORDER: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];
