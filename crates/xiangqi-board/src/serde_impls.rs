//! `serde` support: every value is (de)serialised as its string form, the one `Display` writes and `FromStr`
//! reads; a [`Board`] as the board field of a FEN and a [`Bitboard`] as an array of squares. docs/json.md lists
//! every JSON form of the workspace.
//!
//! The other xiangqi crates give their text-form values the same impls through [`string_serde!`], so that one
//! visitor and one macro serve the whole workspace (hidden: not part of the public API).

use core::{fmt, marker::PhantomData, str::FromStr};

use serde::{de, ser::SerializeSeq, Deserialize, Deserializer, Serialize, Serializer};

/// The `serde` crate, for the expansions of `string_serde!` in the other crates.
pub use serde;

use crate::{fen, Bitboard, Board, Color, File, GameResult, Move, Outcome, Piece, Position, Rank, Role, Setup, Square};

/// Reads a value from a string by its [`FromStr`]; a string that does not parse is a serde error carrying the
/// parse error's message.
#[doc(hidden)]
pub struct FromStrVisitor<T> {
    expecting: &'static str,
    value: PhantomData<T>,
}

impl<T> FromStrVisitor<T> {
    /// A visitor that says it expects `expecting` (e.g. "a square such as `e0`").
    pub const fn new(expecting: &'static str) -> FromStrVisitor<T> {
        FromStrVisitor { expecting, value: PhantomData }
    }
}

impl<T> de::Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        s.parse().map_err(E::custom)
    }
}

/// `Serialize` as the `Display` form and `Deserialize` by `FromStr` for each `type => "what is expected"`, with
/// the docs.rs `serde` feature badge. Used by every crate of the workspace (`xiangqi_board::string_serde!`).
#[doc(hidden)]
#[macro_export]
macro_rules! string_serde {
    ($($ty:ty => $expecting:expr),+ $(,)?) => {$(
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl $crate::serde_impls::serde::Serialize for $ty {
            fn serialize<S: $crate::serde_impls::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> $crate::serde_impls::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::serde_impls::serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str($crate::serde_impls::FromStrVisitor::new($expecting))
            }
        }
    )+};
}

string_serde! {
    Color => "`red` or `black`",
    Role => "a piece letter such as `R`",
    Piece => "a FEN piece letter such as `R` or `n`",
    File => "a file letter `a`-`i`",
    Rank => "a rank digit `0`-`9`",
    Square => "a square such as `e0`",
    Move => "a move such as `h2e2`",
    Setup => "a FEN",
    Position => "the FEN of a legal position",
    GameResult => "a game result: `1-0`, `0-1`, `1/2-1/2` or `*`",
    Outcome => "an outcome such as `red wins by checkmate`",
}

/// The board field of a FEN, for `collect_str`.
struct BoardField<'a>(&'a Board);

impl fmt::Display for BoardField<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fen::write_board(f, self.0)
    }
}

/// A [`Board`] is the board field of a FEN (`rnbakabnr/9/…/RNBAKABNR`): any placement, checked only for its form.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&BoardField(self))
    }
}

/// Reads the board field of a FEN; a malformed one is an error naming the byte.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        struct BoardVisitor;

        impl de::Visitor<'_> for BoardVisitor {
            type Value = Board;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the board field of a FEN such as `4k4/9/9/9/9/9/9/9/9/4K4`")
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<Board, E> {
                fen::parse_board(s.as_bytes(), 0).map_err(E::custom)
            }
        }

        deserializer.deserialize_str(BoardVisitor)
    }
}

/// A [`Bitboard`] is the array of its squares, lowest index first (`["e0","e9"]`).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.count() as usize))?;
        for sq in *self {
            seq.serialize_element(&sq)?;
        }
        seq.end()
    }
}

/// Reads an array of squares in any order; a square given twice is an error.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        struct SquaresVisitor;

        impl<'de> de::Visitor<'de> for SquaresVisitor {
            type Value = Bitboard;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of squares such as [\"e0\", \"e9\"]")
            }

            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Bitboard, A::Error> {
                let mut set = Bitboard::EMPTY;
                while let Some(sq) = seq.next_element::<Square>()? {
                    if set.contains(sq) {
                        return Err(de::Error::custom(format_args!("square {sq} appears twice")));
                    }
                    set.add(sq);
                }
                Ok(set)
            }
        }

        deserializer.deserialize_seq(SquaresVisitor)
    }
}

#[cfg(test)]
mod tests {
    use std::string::{String, ToString};

    use serde::de::DeserializeOwned;

    use super::*;

    /// `value` serialises to exactly `json` and reads back equal.
    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(value: T, json: &str) {
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
        assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
    }

    fn error<T: DeserializeOwned + fmt::Debug>(json: &str) -> String {
        serde_json::from_str::<T>(json).unwrap_err().to_string()
    }

    #[test]
    fn every_value_round_trips_as_its_text_form() {
        round_trip(Color::Black, r#""black""#);
        round_trip(Role::Horse, r#""N""#);
        round_trip(Piece::new(Color::Black, Role::Horse), r#""n""#);
        round_trip(File::E, r#""e""#);
        round_trip(Rank::Nine, r#""9""#);
        round_trip(Square::E0, r#""e0""#);
        round_trip("h2e2".parse::<Move>().unwrap(), r#""h2e2""#);
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        round_trip(fen.parse::<Setup>().unwrap(), &std::format!("\"{fen}\""));
        round_trip(Position::new(), &std::format!("\"{fen}\""));
        round_trip(GameResult::Draw, r#""1/2-1/2""#);
        round_trip(Outcome::Checkmate { winner: Color::Red }, r#""red wins by checkmate""#);
        round_trip(Board::new(), r#""rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR""#);
        round_trip(Bitboard::from_square(Square::E0).with(Square::E9), r#"["e0","e9"]"#);
        round_trip(Bitboard::EMPTY, "[]");
        for color in [Color::Red, Color::Black] {
            assert_eq!(serde_json::to_string(&color).unwrap(), std::format!("\"{color}\""), "the Display form");
        }
    }

    #[test]
    fn a_bad_value_is_a_serde_error() {
        assert!(error::<Square>(r#""j0""#).starts_with("invalid square"), "{}", error::<Square>(r#""j0""#));
        assert!(error::<File>(r#""j""#).starts_with("invalid file"));
        assert!(error::<Rank>("9").contains("a rank digit `0`-`9`"), "a number is not a rank");
        assert!(error::<Position>(r#""4k4/9/9/9/9/9/9/9/9/4K4 w""#).contains("the kings face each other"));
        assert!(error::<Outcome>(r#""red wins""#).contains("outcome"));
        let board = error::<Board>(r#""4k4/9/9/9/9/9/9/9/9""#);
        assert!(board.contains("board") && board.contains("byte 19"), "{board}");
        assert!(error::<Bitboard>(r#"["e0","e0"]"#).starts_with("square e0 appears twice"));
        assert!(error::<Bitboard>(r#""e0""#).contains("an array of squares"));
    }
}
