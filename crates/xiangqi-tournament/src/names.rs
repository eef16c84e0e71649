//! Names of the fieldless option types (event kind, system, bye kind, policy options): one string per value,
//! written by `Display`, read by `FromStr`, and the same string in JSON.

use alloc::string::String;

/// A string that is not one of the names of an option type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {text:?}: expected one of {}", .expected.join(", "))]
pub struct ParseNameError {
    /// What was read (`"event kind"`, `"bye_opponent policy"`, …).
    pub what: &'static str,
    /// The text that was read.
    pub text: String,
    /// The names it may be.
    pub expected: &'static [&'static str],
}

/// Reads a value from its `FromStr` form (for the hand-written `Deserialize` impls).
#[cfg(feature = "serde")]
pub(crate) struct FromStrVisitor<T>(pub(crate) &'static str, pub(crate) core::marker::PhantomData<T>);

#[cfg(feature = "serde")]
impl<T> serde::de::Visitor<'_> for FromStrVisitor<T>
where
    T: core::str::FromStr,
    T::Err: core::fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

/// Gives a fieldless enum its names: `ALL`, `name()`, `Display`, `FromStr` (error [`ParseNameError`]) and, with
/// `serde`, the name as its serde form.
macro_rules! names {
    ($ty:ident, $what:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The name: the `Display` form, read back by `FromStr`, and the JSON form.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::names::ParseNameError;

            fn from_str(s: &str) -> Result<$ty, $crate::names::ParseNameError> {
                $ty::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| $crate::names::ParseNameError {
                    what: $what,
                    text: s.into(),
                    expected: &[$($name),+],
                })
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str($crate::names::FromStrVisitor(
                    concat!($what, ", one of:", $(" `", $name, "`"),+),
                    core::marker::PhantomData,
                ))
            }
        }
    };
}

pub(crate) use names;

#[cfg(test)]
mod tests {
    use crate::{ByeOpponent, EventKind};
    use alloc::string::ToString;

    #[test]
    fn names_round_trip_and_errors_list_them() {
        for value in ByeOpponent::ALL {
            assert_eq!(value.to_string().parse::<ByeOpponent>(), Ok(value));
        }
        assert_eq!(ByeOpponent::LowestNonZero.to_string(), "lowest_non_zero");
        let error = "pairs".parse::<EventKind>().unwrap_err();
        assert_eq!(error.to_string(), "unknown event kind \"pairs\": expected one of individual, team");
    }
}
