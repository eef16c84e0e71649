//! [`GameError`]: why a [`Game`](crate::Game) refused a move. The game is unchanged after each of them.

use core::fmt;

use xiangqi_board::{Color, Move, ReadText};
use xiangqi_notation::MoveTextError;

use crate::citation::RuleRef;
use crate::play_error::PlayError;
use crate::ruling::Ruling;

/// Why a [`Game`](crate::Game) refused a move; the game is unchanged. Plies are counted from 1: the ply the move
/// would have been.
///
/// ```
/// use xiangqi::adjudicator::{Game, GameError, RuleBook};
/// use xiangqi::board::Position;
///
/// let mut game = Game::new(Position::new(), RuleBook::Axf2008);
/// game.play_text("炮二平五")?;
/// let error = game.play_text("h2e2").unwrap_err();
/// assert!(matches!(error, GameError::Text { ply: 2, .. }));
/// assert_eq!(error.to_string(), "ply 2, move `h2e2`: illegal move h2e2: no piece on h2");
/// assert_eq!(game.ply(), 1, "nothing changed");
/// # Ok::<_, GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// The move is illegal (a [`Move`] given to [`Game::play`](crate::Game::play)).
    Illegal(PlayError),
    /// The text reads as no legal move of the position ([`Game::play_text`](crate::Game::play_text)).
    Text {
        /// The ply the move would have been (from 1).
        ply: usize,
        /// The text as given (its start, if long).
        text: ReadText,
        /// Why it is no move: not a move in any notation, no piece that fits, an illegal move.
        error: MoveTextError,
    },
    /// The game is over: a final ruling has been given, and no move can follow it.
    Over {
        /// The ply the move would have been (from 1).
        ply: usize,
        /// The final ruling.
        ruling: Ruling,
        /// Its deciding rule item, if it has one.
        rule: Option<RuleRef>,
    },
    /// The move is refused under [`Procedure::Forbid`](crate::Procedure::Forbid): with it the warned side would
    /// repeat the cycle once more, and lose ([`Game::forbidden_moves`](crate::Game::forbidden_moves) lists it).
    Forbidden {
        /// The ply the move would have been (from 1).
        ply: usize,
        /// The move.
        mv: Move,
        /// The side that would repeat the cycle (the side to move).
        side: Color,
        /// The rule item that forbids the cycle, e.g. `AXF 2008 棋例 §13`.
        rule: Option<RuleRef>,
    },
}

impl fmt::Display for GameError {
    /// `ply 3: illegal move h2h7: …`, ``ply 2, move `h2e2`: illegal move h2e2: no piece on h2``,
    /// `ply 14: the game is over (red_loses AXF 2008 棋例 §13)`,
    /// `ply 13: b8b7 is forbidden: red would repeat the cycle it was warned of (AXF 2008 棋例 §13)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Illegal(error) => write!(f, "{error}"),
            GameError::Text { ply, text, error } => write!(f, "ply {ply}, move `{text}`: {error}"),
            GameError::Over { ply, ruling, rule } => {
                write!(f, "ply {ply}: the game is over ({ruling}")?;
                if let Some(rule) = rule {
                    write!(f, " {rule}")?;
                }
                f.write_str(")")
            }
            GameError::Forbidden { ply, mv, side, rule } => {
                write!(f, "ply {ply}: {mv} is forbidden: {} would repeat the cycle it was warned of", side.name())?;
                if let Some(rule) = rule {
                    write!(f, " ({rule})")?;
                }
                Ok(())
            }
        }
    }
}

/// The message says everything (the inner error's message is part of it), so no source is given.
impl core::error::Error for GameError {}

impl From<PlayError> for GameError {
    fn from(error: PlayError) -> GameError {
        GameError::Illegal(error)
    }
}
