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
        xiangqi_board::string_serde! {
            $ty => concat!($what, ", one of:", $(" `", $name, "`"),+),
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
