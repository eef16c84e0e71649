//! Names of the fieldless option types (event kind, system, bye kind, policy options): one string per value,
//! written by `Display`, read by `FromStr`, and the same string in JSON.

xiangqi_board::parse_error! {
    /// A string that is not one of the names of an option type (an event kind, a policy option, …), or not a
    /// value of a policy override ([`PolicyOverrides::set`](crate::PolicyOverrides::set)). It says what was
    /// read (`event kind`, `tie_split policy`, …) and lists what it may be.
    pub struct ParseNameError: "name", "one of the option's names"
}

/// Gives a fieldless enum its names: `ALL`, `name()`, `Display`, `FromStr` (error [`ParseNameError`]) and, with
/// `serde`, the name as its serde form.
macro_rules! names {
    ($ty:ident, $what:literal, {
        $first:ident => $first_name:literal $(, $variant:ident => $name:literal)* $(,)?
    }) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; [$first_name $(, $name)*].len()] = [$ty::$first $(, $ty::$variant)*];

            /// The name: the `Display` form, read back by `FromStr`, and the JSON form.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $ty::$first => $first_name,
                    $($ty::$variant => $name),*
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
                $ty::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| {
                    $crate::names::ParseNameError::with_words(
                        $what,
                        concat!("one of ", $first_name $(, ", ", $name)*),
                        s,
                    )
                })
            }
        }

        #[cfg(feature = "serde")]
        xiangqi_board::string_serde! {
            $ty => concat!($what, ", one of: `", $first_name, "`" $(, " `", $name, "`")*),
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
        assert_eq!(error.to_string(), "invalid event kind `pairs`: expected one of individual, team");
        assert_eq!((error.what(), error.text().as_str()), ("event kind", Some("pairs")));
        assert_eq!(
            "".parse::<EventKind>().unwrap_err().to_string(),
            "empty event kind: expected one of individual, team"
        );
    }
}
