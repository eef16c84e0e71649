//! The one error of an illegal move, [`IllegalMove`], and why it is illegal, [`IllegalMoveReason`].

use core::fmt;

use crate::Move;

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// No piece stands on the move's origin.
    NoPiece,
    /// The piece on the origin belongs to the side not to move.
    OpponentsPiece,
    /// The piece cannot move to the target by its movement rules (the square is out of its reach, its leg, eye or
    /// line is blocked, a cannon has no screen for a capture or a screen for a quiet move), or an own piece stands
    /// there.
    CannotMoveThere,
    /// The move would leave or put the own king in check, or leave the two kings facing each other on an open file
    /// (对面/飞将).
    ExposesKing,
}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMoveReason::NoPiece => "no piece on the origin square",
            IllegalMoveReason::OpponentsPiece => "the piece on the origin square is the opponent's",
            IllegalMoveReason::CannotMoveThere => "the piece cannot move there",
            IllegalMoveReason::ExposesKing => "the move leaves the own king in check or facing the other king",
        })
    }
}

/// The error of [`Position::play`](crate::Position::play) and [`Position::validate_move`](crate::Position::validate_move): the move is not legal in the position, and
/// why. Every crate of the workspace reports an illegal move with this type, wrapped in its own context (the ply
/// of a game, the text of a record).
///
/// ```
/// use xiangqi::board::{IllegalMove, IllegalMoveReason, Position};
///
/// let pos = Position::new();
/// let err = pos.play("h2h7".parse()?).unwrap_err(); // a cannon captures only over a screen
/// assert_eq!(err.reason, IllegalMoveReason::CannotMoveThere);
/// assert_eq!(err.to_string(), "illegal move h2h7: the piece on h2 cannot move to h7");
/// let err = pos.play("e5e4".parse()?).unwrap_err();
/// assert_eq!(err.to_string(), "illegal move e5e4: no piece on e5");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub struct IllegalMove {
    /// The rejected move.
    pub mv: Move,
    /// Why it is rejected.
    pub reason: IllegalMoveReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Move { from, to } = self.mv;
        write!(f, "illegal move {}: ", self.mv)?;
        match self.reason {
            IllegalMoveReason::NoPiece => write!(f, "no piece on {from}"),
            IllegalMoveReason::OpponentsPiece => write!(f, "the piece on {from} is the opponent's"),
            IllegalMoveReason::CannotMoveThere => write!(f, "the piece on {from} cannot move to {to}"),
            IllegalMoveReason::ExposesKing => write!(f, "{}", self.reason),
        }
    }
}
