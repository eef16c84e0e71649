//! Piece identities: which physical piece stands on a square, followed through the moves of a game.
//!
//! Repetition rules speak of pieces, not squares: a perpetual chase is "the same piece chased on every move"
//! (AXF 2008 棋例 §27 and §28 turn on it), although the chased piece flees from square to square. Every piece
//! of the first position gets a [`PieceId`] (numbered in square order); a move carries the id of the moving
//! piece to its new square, and a captured piece's id leaves the board.

use xiangqi_board::{Board, Move, Square};

/// The identity of one physical piece during a game: 0–31, numbered in square order (a0, b0, …, i9) in the
/// first position of the [`History`](crate::History).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceId(pub u8);

impl PieceId {
    /// The id as a bit of a 32-bit set.
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << (self.0 & 31)
    }
}

const NONE: u8 = u8::MAX;

/// Which [`PieceId`] stands on each square.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IdBoard {
    ids: [u8; 90],
}

impl core::fmt::Debug for IdBoard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map().entries(Square::ALL.into_iter().filter_map(|sq| self.id_at(sq).map(|id| (sq, id.0)))).finish()
    }
}

impl IdBoard {
    /// Numbers the pieces of `board` in square order.
    pub fn new(board: &Board) -> IdBoard {
        let mut ids = [NONE; 90];
        let occupied = board.occupied().0;
        let mut number = 0;
        // Square order, one 64-bit half at a time (cheaper than decoding each square of the 128-bit set).
        for (base, mut half) in [(0, occupied as u64), (64, (occupied >> 64) as u64)] {
            while half != 0 {
                ids[base + half.trailing_zeros() as usize] = number;
                number += 1;
                half &= half - 1;
            }
        }
        IdBoard { ids }
    }

    /// The id of the piece on `sq`, if any.
    #[inline]
    pub fn id_at(&self, sq: Square) -> Option<PieceId> {
        let id = self.ids[sq.index()];
        (id != NONE).then_some(PieceId(id))
    }

    /// The square of the piece with `id`, if it is still on the board.
    pub fn square_of(&self, id: PieceId) -> Option<Square> {
        Square::ALL.into_iter().find(|sq| self.ids[sq.index()] == id.0)
    }

    /// Moves the id on `mv.from` to `mv.to` (a captured piece's id leaves the board).
    #[inline]
    pub fn play(&mut self, mv: Move) {
        self.ids[mv.to.index()] = self.ids[mv.from.index()];
        self.ids[mv.from.index()] = NONE;
    }

    /// Takes `mv` back: the id on `mv.to` returns to `mv.from`. A piece `mv` captured does not come back (its id is
    /// not known here): `mv.to` is left empty.
    #[inline]
    pub fn unplay(&mut self, mv: Move) {
        self.ids[mv.from.index()] = self.ids[mv.to.index()];
        self.ids[mv.to.index()] = NONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Position;

    #[test]
    fn ids_follow_the_moving_piece() {
        let pos = Position::new();
        let mut ids = IdBoard::new(pos.board());
        let rook = ids.id_at(Square::A0).unwrap();
        assert_eq!(rook, PieceId(0));
        assert_eq!(ids.id_at(Square::I9), Some(PieceId(31)));
        ids.play(Move::new(Square::A0, Square::A2));
        assert_eq!(ids.id_at(Square::A2), Some(rook));
        assert_eq!(ids.id_at(Square::A0), None);
        assert_eq!(ids.square_of(rook), Some(Square::A2));
        ids.unplay(Move::new(Square::A0, Square::A2));
        assert_eq!(ids, IdBoard::new(pos.board()));
    }
}
