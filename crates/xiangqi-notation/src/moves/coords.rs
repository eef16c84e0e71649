//! Coordinate notations: ICCS ([`Iccs`], `H2-E2`), UCCI/Pikafish ([`Ucci`], `h2e2`) and Fairy-Stockfish's
//! plain UCI ([`FairyUci`], `h3e3`).
//!
//! Files `a`–`i` run from left to right as Red sees the board in all three. ICCS and UCCI count ranks `0`–`9`
//! from Red's back rank (xqbase 中国象棋电脑应用规范(二) §三; UCCI 3.0 §四); Fairy-Stockfish's UCI protocol, and
//! pyffish, count `1`–`10` (Fairy-Stockfish `UCI::square`). The types are separate so that a move is never
//! shifted by a rank silently: a rank `0` is an error for [`FairyUci`], a rank `10` for the others.

use alloc::string::String;

use core::{fmt, str::FromStr};

use xiangqi_board::{File, Move, Position, Rank, Square};

use crate::{moves::cursor::Cursor, MoveTextError, SyntaxError};

/// How a coordinate notation counts ranks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ranks {
    /// `0`–`9` (ICCS, UCCI, Pikafish).
    FromZero,
    /// `1`–`10` (Fairy-Stockfish UCI, pyffish).
    FromOne,
}

impl Ranks {
    fn read(self, cursor: &mut Cursor<'_>) -> Result<Rank, SyntaxError> {
        match self {
            Ranks::FromZero => cursor.expect("a rank 0-9", Rank::from_char),
            Ranks::FromOne => {
                let expected = "a rank 1-10";
                let first = cursor.expect(expected, |ch| ch.to_digit(10).filter(|&d| d >= 1))?;
                if first == 1 && cursor.take(|ch| (ch == '0').then_some(())).is_some() {
                    return Ok(Rank::Nine);
                }
                Rank::new(first as usize - 1).ok_or_else(|| cursor.error(expected))
            }
        }
    }
}

fn read_square(cursor: &mut Cursor<'_>, ranks: Ranks) -> Result<Square, SyntaxError> {
    let file = cursor.expect("a file a-i", File::from_char)?;
    let rank = ranks.read(cursor)?;
    Ok(Square::from_coords(file, rank))
}

/// Reads `from` `[-]` `to`; the hyphen is allowed or not.
fn read_move(text: &str, ranks: Ranks, hyphen: bool) -> Result<Move, SyntaxError> {
    let mut cursor = Cursor::new(text, 0);
    let from = read_square(&mut cursor, ranks)?;
    if hyphen {
        cursor.take(|ch| (ch == '-').then_some(()));
    }
    let to = read_square(&mut cursor, ranks)?;
    cursor.finish()?;
    Ok(Move::new(from, to))
}

fn legal(pos: &Position, mv: Move) -> Result<Move, MoveTextError> {
    pos.validate_move(mv)?;
    Ok(mv)
}

macro_rules! coordinate_type {
    ($(#[$doc:meta])* $name:ident, $ranks:expr, $iccs:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name {
            /// The square the piece leaves.
            pub from: Square,
            /// The square the piece arrives on.
            pub to: Square,
        }

        impl $name {
            /// The move in this notation (no position is needed).
            pub const fn from_move(mv: Move) -> $name {
                $name { from: mv.from, to: mv.to }
            }

            /// The move, if it is legal in `pos`.
            ///
            /// # Errors
            /// [`MoveTextError::Illegal`] if it is not.
            pub fn to_move(&self, pos: &Position) -> Result<Move, MoveTextError> {
                legal(pos, self.to_move_unchecked())
            }

            /// The move, without looking at a position.
            pub const fn to_move_unchecked(&self) -> Move {
                Move::new(self.from, self.to)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_move(f, self.to_move_unchecked(), $ranks, $iccs)
            }
        }

        impl $name {
            /// The text, as `to_string` writes it, in a string allocated once at its final size.
            pub(crate) fn text(&self) -> String {
                let mut text = String::with_capacity(7);
                // Writing to a String cannot fail.
                let _ = write_move(&mut text, self.to_move_unchecked(), $ranks, $iccs);
                text
            }
        }

        impl From<Move> for $name {
            fn from(mv: Move) -> $name {
                $name::from_move(mv)
            }
        }

        impl From<$name> for Move {
            fn from(value: $name) -> Move {
                value.to_move_unchecked()
            }
        }
    };
}

coordinate_type! {
    /// A move in ICCS coordinates, `H2-E2`: upper-case file letters, ranks `0`–`9` from Red's side, a hyphen
    /// between the squares. This is the form of PGN files tagged `[Format "ICCS"]` (xqbase 中国象棋电脑应用规范(二)
    /// §三).
    ///
    /// Reading accepts either case and the hyphen may be left out (`h2e2`), since the ranks are the same as
    /// UCCI's; a rank `10` is an error.
    ///
    /// ```
    /// use xiangqi::board::{Move, Position, Square};
    /// use xiangqi::notation::Iccs;
    ///
    /// let iccs: Iccs = "H2-E2".parse()?;
    /// assert_eq!(iccs.to_move(&Position::new())?, Move::new(Square::H2, Square::E2));
    /// assert_eq!(iccs.to_string(), "H2-E2");
    /// assert_eq!("h2e2".parse::<Iccs>()?, iccs);
    /// assert!("h3-e10".parse::<Iccs>().is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    Iccs, Ranks::FromZero, true
}

coordinate_type! {
    /// A move in UCCI coordinates, `h2e2`: lower-case files, ranks `0`–`9` from Red's side, no separator. UCCI
    /// engines and Pikafish use this form (UCCI 3.0 §四; Pikafish `UCIEngine::square`); so do this workspace's
    /// `Move` `Display` and `FromStr`.
    ///
    /// Reading accepts either case; a hyphen or a rank `10` is an error.
    ///
    /// ```
    /// use xiangqi::notation::Ucci;
    ///
    /// let ucci: Ucci = "h9g7".parse()?;
    /// assert_eq!(ucci.to_string(), "h9g7");
    /// assert!("h2-e2".parse::<Ucci>().is_err());
    /// # Ok::<_, xiangqi::notation::SyntaxError>(())
    /// ```
    Ucci, Ranks::FromZero, false
}

coordinate_type! {
    /// A move in Fairy-Stockfish's plain-UCI coordinates, `h3e3`: lower-case files and ranks `1`–`10` from
    /// Red's side, so moves take 4 to 6 characters (`h10g8`). pyffish uses the same form.
    ///
    /// Reading accepts either case; a rank `0` is an error.
    ///
    /// ```
    /// use xiangqi::board::{Move, Square};
    /// use xiangqi::notation::FairyUci;
    ///
    /// let uci: FairyUci = "h10g8".parse()?;
    /// assert_eq!(uci.to_move_unchecked(), Move::new(Square::H9, Square::G7));
    /// assert_eq!(FairyUci::from_move(Move::new(Square::H2, Square::E2)).to_string(), "h3e3");
    /// assert!("h2e0".parse::<FairyUci>().is_err());
    /// # Ok::<_, xiangqi::notation::SyntaxError>(())
    /// ```
    FairyUci, Ranks::FromOne, false
}

/// Writes `from` and `to` with `ranks`, upper-case files and a hyphen if `iccs`.
fn write_move(out: &mut impl fmt::Write, mv: Move, ranks: Ranks, iccs: bool) -> fmt::Result {
    for (i, sq) in [mv.from, mv.to].into_iter().enumerate() {
        if i == 1 && iccs {
            out.write_char('-')?;
        }
        let file = b'a' + sq.file().index() as u8;
        out.write_char(char::from(if iccs { file.to_ascii_uppercase() } else { file }))?;
        let rank = sq.rank().index() as u8 + u8::from(ranks == Ranks::FromOne);
        if rank == 10 {
            out.write_char('1')?;
        }
        out.write_char(char::from(b'0' + rank % 10))?;
    }
    Ok(())
}

impl FromStr for Iccs {
    type Err = SyntaxError;

    /// Reads `H2-E2`, `h2-e2`, `H2E2` or `h2e2`.
    fn from_str(text: &str) -> Result<Iccs, SyntaxError> {
        read_move(text, Ranks::FromZero, true).map(Iccs::from_move)
    }
}

impl FromStr for Ucci {
    type Err = SyntaxError;

    /// Reads `h2e2` (either case).
    fn from_str(text: &str) -> Result<Ucci, SyntaxError> {
        read_move(text, Ranks::FromZero, false).map(Ucci::from_move)
    }
}

impl FromStr for FairyUci {
    type Err = SyntaxError;

    /// Reads `h3e3` or `h10g8` (either case).
    fn from_str(text: &str) -> Result<FairyUci, SyntaxError> {
        read_move(text, Ranks::FromOne, false).map(FairyUci::from_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_conventions_differ_by_one_rank() {
        let mv = Move::new(Square::H9, Square::G7);
        assert_eq!(Iccs::from_move(mv).to_string(), "H9-G7");
        assert_eq!(Ucci::from_move(mv).to_string(), "h9g7");
        assert_eq!(FairyUci::from_move(mv).to_string(), "h10g8");
        assert_eq!("h10g8".parse::<FairyUci>().map(Move::from), Ok(mv));
        assert_eq!("H9-G7".parse::<Iccs>().map(Move::from), Ok(mv));
        assert_eq!("h9g7".parse::<Ucci>().map(Move::from), Ok(mv));
    }

    #[test]
    fn a_rank_of_the_other_convention_is_an_error() {
        assert_eq!("a0a10".parse::<Ucci>(), Err(SyntaxError::new(4, "the end of the move", Some('0'))));
        assert_eq!("a0a1".parse::<FairyUci>(), Err(SyntaxError::new(1, "a rank 1-10", Some('0'))));
        assert_eq!("a11a1".parse::<FairyUci>(), Err(SyntaxError::new(2, "a file a-i", Some('1'))));
        assert_eq!("a1-a2".parse::<FairyUci>(), Err(SyntaxError::new(2, "a file a-i", Some('-'))));
        assert_eq!("a1-a2".parse::<Ucci>(), Err(SyntaxError::new(2, "a file a-i", Some('-'))));
    }

    #[test]
    fn offsets_count_bytes_of_multibyte_characters() {
        assert_eq!("ｈ2e2".parse::<Ucci>(), Err(SyntaxError::new(0, "a file a-i", Some('ｈ'))));
        assert_eq!("h2炮2".parse::<Iccs>(), Err(SyntaxError::new(2, "a file a-i", Some('炮'))));
        assert_eq!("h2e2炮".parse::<Iccs>(), Err(SyntaxError::new(4, "the end of the move", Some('炮'))));
        assert_eq!("".parse::<Iccs>(), Err(SyntaxError::new(0, "a file a-i", None)));
        assert_eq!("h2e".parse::<Iccs>(), Err(SyntaxError::new(3, "a rank 0-9", None)));
    }

    #[test]
    fn to_move_checks_legality() {
        let pos = Position::new();
        assert_eq!("h2e2".parse::<Ucci>().unwrap().to_move(&pos), Ok(Move::new(Square::H2, Square::E2)));
        let illegal = Move::new(Square::H2, Square::H8);
        let reason = xiangqi_board::IllegalMoveReason::CannotMoveThere;
        let expected = MoveTextError::Illegal(xiangqi_board::IllegalMove { mv: illegal, reason });
        assert_eq!(Ucci::from_move(illegal).to_move(&pos), Err(expected));
    }
}
