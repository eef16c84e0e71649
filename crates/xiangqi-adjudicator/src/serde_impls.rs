//! `serde` support for the values whose text form is a word ([`Ruling`], [`Procedure`]): they serialise as that
//! word and deserialise from it, so a log reads as the `adjudicate` example prints.

use core::{fmt, marker::PhantomData, str::FromStr};

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::{Procedure, Ruling};

/// Reads a value from its word.
struct Word<T>(PhantomData<T>);

impl<T: FromStr> de::Visitor<'_> for Word<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a ruling or procedure word such as `red_must_change` or `immediate`")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// `Serialize` as the value's word ([`Display`](fmt::Display)), `Deserialize` from it ([`FromStr`]).
macro_rules! word_serde {
    ($ty:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(Word(PhantomData))
            }
        }
    };
}

word_serde!(Ruling);
word_serde!(Procedure);
