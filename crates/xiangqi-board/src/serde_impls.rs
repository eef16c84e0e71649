//! `serde` support: every value is (de)serialised as its string form.

use core::{fmt, marker::PhantomData, str::FromStr};

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::{Color, GameResult, Move, Outcome, Piece, Position, Role, Setup, Square};

struct FromStrVisitor<T>(PhantomData<T>, &'static str);

impl<T> de::Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        s.parse().map_err(E::custom)
    }
}

macro_rules! string_serde {
    ($ty:ty, $expecting:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(FromStrVisitor(PhantomData, $expecting))
            }
        }
    };
}

string_serde!(Color, "`red` or `black`");
string_serde!(Role, "a piece letter such as `R`");
string_serde!(Piece, "a FEN piece letter such as `R` or `n`");
string_serde!(Square, "a square such as `e0`");
string_serde!(Move, "a move such as `h2e2`");
string_serde!(Setup, "a FEN");
string_serde!(Position, "the FEN of a legal position");
string_serde!(GameResult, "a game result: `1-0`, `0-1`, `1/2-1/2` or `*`");
string_serde!(Outcome, "an outcome such as `red wins by checkmate`");
