//! [`Setup`]: a position as written down, before any check.

use core::num::NonZeroU32;

use crate::{Board, Color};

/// A parsed but unchecked position: the placement, the side to move and the two move counters.
///
/// Any combination of values is allowed here; [`Position::from_setup`](crate::Position::from_setup) checks it.
/// `Display` writes canonical FEN and `FromStr` reads FEN (see [the `fen` module](crate::fen) for the accepted
/// forms). Equality is structural: the counters count.
///
/// ```
/// use xiangqi::board::{Color, Setup};
///
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/4R4/3K5 r".parse()?;
/// assert_eq!(setup.turn, Color::Red);
/// assert_eq!(setup.to_string(), "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1");
/// # Ok::<_, xiangqi::board::ParseFenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (the FEN half-move clock). In xiangqi only captures reset it: pawn moves do
    /// not, unlike chess.
    pub halfmoves: u32,
    /// The full-move number, starting at 1 and incremented after each Black move.
    pub fullmoves: NonZeroU32,
}

impl Default for Setup {
    /// The start position, Red to move.
    fn default() -> Setup {
        Setup { board: Board::new(), turn: Color::Red, halfmoves: 0, fullmoves: NonZeroU32::MIN }
    }
}

impl Setup {
    /// The start position, Red to move.
    pub fn new() -> Setup {
        Setup::default()
    }

    /// The same setup mirrored left to right (file `a` ↔ `i`).
    pub fn flip_files(&self) -> Setup {
        Setup { board: self.board.flip_files(), ..self.clone() }
    }

    /// The same setup with the colours exchanged and the board turned half around (see
    /// [`Board::swap_colors`]); the side to move is exchanged too.
    pub fn swap_colors(&self) -> Setup {
        Setup { board: self.board.swap_colors(), turn: self.turn.other(), ..self.clone() }
    }
}
