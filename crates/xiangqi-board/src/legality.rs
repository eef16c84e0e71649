//! Whether a move is legal, and why not: [`Position::validate_move`] and [`Position::is_legal`], which give the
//! one error of an illegal move, [`IllegalMove`](crate::IllegalMove).

use crate::{
    attacks::{lines, move_targets, near},
    illegal_move::{IllegalMove, IllegalMoveReason},
    Move, Position, Role,
};

impl Position {
    /// Whether `mv` is legal for the side to move: the same as `self.validate_move(mv).is_ok()`.
    ///
    /// No moves are generated: the move is checked against its piece's movement rules, and the king's safety is
    /// tested only when the move could change it (a move of the king, a move from a square on the king's lines or
    /// diagonally next to it or to a square on its lines, or any move while in check).
    ///
    /// ```
    /// use xiangqi::board::Position;
    ///
    /// let pos = Position::new();
    /// assert!(pos.is_legal("h2e2".parse()?));
    /// assert!(!pos.is_legal("h2h7".parse()?));
    /// # Ok::<_, xiangqi::board::ParseMoveError>(())
    /// ```
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.validate_move(mv).is_ok()
    }

    /// Checks `mv` for the side to move and says why it is illegal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the first reason that applies, in the order of [`IllegalMoveReason`]'s variants.
    ///
    /// ```
    /// use xiangqi::board::{IllegalMoveReason, Position};
    ///
    /// // The red horse on e2 is pinned to its king by the black rook on e9.
    /// let pos = Position::from_fen("3kr4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1")?;
    /// let err = pos.validate_move("e2d4".parse()?).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::ExposesKing);
    /// assert_eq!(pos.validate_move("e9e8".parse()?).unwrap_err().reason, IllegalMoveReason::OpponentsPiece);
    /// assert_eq!(pos.validate_move("e0e1".parse()?), Ok(()));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let fail = |reason| Err(IllegalMove { mv, reason });
        let board = &self.board;
        let us = self.turn;
        let Some(piece) = board.piece_at(mv.from) else { return fail(IllegalMoveReason::NoPiece) };
        if piece.color != us {
            return fail(IllegalMoveReason::OpponentsPiece);
        }
        if !(move_targets(piece, mv.from, board.occupied()) - board.by_color(us)).contains(mv.to) {
            return fail(IllegalMoveReason::CannotMoveThere);
        }
        let Some(king) = board.king_of(us) else {
            // Only reachable through `play_unchecked` with an illegal move: no king, no safety to keep.
            return Ok(());
        };
        // Away from the king's lines and diagonal neighbours, a move changes none of the king's attackers
        // (`attacks::near`), unless it arrives on a line (as a screen or a block) or answers a check.
        let quiet = piece.role != Role::King
            && !near(king).contains(mv.from)
            && !lines(king).contains(mv.to)
            && !board.is_attacked(king, us.other(), board.occupied());
        if quiet || self.leaves_king_safe(mv) {
            Ok(())
        } else {
            fail(IllegalMoveReason::ExposesKing)
        }
    }
}
