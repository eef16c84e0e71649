//! [`Described`]: the facts every writer needs about a legal move — the piece, where it stands among the pieces
//! of its kind, and its motion.

use xiangqi_board::{IllegalMove, IllegalMoveReason, Move, Piece, Position, Role};

use crate::{moves::motion::Motion, moves::tandem::Standing, MoveTextError};

/// A legal move, taken apart for a writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Described {
    pub(crate) mv: Move,
    pub(crate) piece: Piece,
    pub(crate) standing: Standing,
    pub(crate) motion: Motion,
}

impl Described {
    /// Takes apart the move `mv` of `pos`.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
    pub(crate) fn of(pos: &Position, mv: Move) -> Result<Described, MoveTextError> {
        pos.validate_move(mv)?;
        // A legal move has a piece on its origin.
        let no_piece = IllegalMove { mv, reason: IllegalMoveReason::NoPiece };
        let piece = pos.piece_at(mv.from).ok_or(no_piece)?;
        let pieces = pos.board().by_piece(piece);
        Ok(Described {
            mv,
            piece,
            standing: Standing::of(pieces, piece, mv.from),
            motion: Motion::of(piece.role, piece.color, mv),
        })
    }

    /// Whether the piece is written by its file: when it is alone on its file, and always for advisors and
    /// elephants, which never take 前/后 or `+`/`-` ("能退的一定在前，能进的一定在后": the direction tells the two
    /// apart; xqbase 规范(二) §四, WXF, [XQE]).
    pub(crate) fn by_file(&self) -> bool {
        !self.standing.is_tandem() || matches!(self.piece.role, Role::Advisor | Role::Elephant)
    }
}
