//! [`PolicyOverrides`]: the policies an event file or a command line changes, on top of a preset's.

use crate::kinds::ByeKind;
use crate::names::ParseNameError;
use crate::policy::{
    AppearanceCount, ByeOpponent, ChampionPolicy, ExactHalf, ForfeitOpponent, OtherPlaces, Policies, TieSplit,
    WithdrawalCount,
};

/// A value of a policy override, read from its text as the option's name, `true`/`false` or a number.
trait OverrideValue: Sized {
    /// Reads `text` as the value of the policy `key`.
    fn read(key: &'static str, text: &str) -> Result<Self, ParseNameError>;
}

macro_rules! named_values {
    ($($ty:ty),+) => {$(
        impl OverrideValue for $ty {
            fn read(key: &'static str, text: &str) -> Result<$ty, ParseNameError> {
                text.parse().map_err(|e: ParseNameError| ParseNameError::with_words(key, e.expected(), text))
            }
        }
    )+};
}

named_values!(ByeKind, ByeOpponent, ForfeitOpponent, TieSplit, ChampionPolicy, OtherPlaces, WithdrawalCount);
named_values!(ExactHalf, AppearanceCount);

impl OverrideValue for bool {
    fn read(key: &'static str, text: &str) -> Result<bool, ParseNameError> {
        text.parse().map_err(|_| ParseNameError::with_words(key, "true or false", text))
    }
}

impl OverrideValue for u64 {
    fn read(key: &'static str, text: &str) -> Result<u64, ParseNameError> {
        text.parse().map_err(|_| ParseNameError::with_words(key, "a whole number from 0 to 18446744073709551615", text))
    }
}

/// Declares [`PolicyOverrides`] from one list of `key: type => field of Policies`.
macro_rules! overrides {
    ($($(#[doc = $doc:literal])+ $key:ident: $ty:ty => $($field:ident).+;)+) => {
        /// Policy overrides: every field that is given replaces the preset's policy of the same name.
        ///
        /// In an event file they are `ranking.policies` (`{"tie_split": "continue", "lots_seed": 7}`); on a command
        /// line `KEY=VALUE` settings ([`PolicyOverrides::set`]), with the same keys and values.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
        pub struct PolicyOverrides {
            $($(#[doc = $doc])+ pub $key: Option<$ty>,)+
        }

        impl PolicyOverrides {
            /// The keys, in declaration order: the fields, the JSON keys and the keys of [`PolicyOverrides::set`].
            pub const KEYS: &'static [&'static str] = &[$(stringify!($key)),+];

            /// The policies with the overrides applied.
            #[must_use]
            pub fn apply(&self, mut policies: Policies) -> Policies {
                $(if let Some(value) = self.$key {
                    policies.$($field).+ = value;
                })+
                policies
            }

            /// These overrides with `later` on top: a policy that both give takes `later`'s value.
            #[must_use]
            pub fn then(&self, later: &PolicyOverrides) -> PolicyOverrides {
                PolicyOverrides { $($key: later.$key.or(self.$key)),+ }
            }

            /// Sets the override `key` to the value `text`; `false` if `key` is no override's key.
            fn set_key(&mut self, key: &str, text: &str) -> Result<bool, ParseNameError> {
                $(if key == stringify!($key) {
                    self.$key = Some(OverrideValue::read(concat!(stringify!($key), " policy"), text)?);
                    return Ok(true);
                })+
                Ok(false)
            }
        }
    };
}

overrides! {
    /// Replaces [`Policies::default_bye`].
    default_bye: ByeKind => default_bye;
    /// Replaces [`Policies::bye_opponent`].
    bye_opponent: ByeOpponent => bye_opponent;
    /// Replaces [`ForfeitPolicy::opponents`](crate::ForfeitPolicy::opponents).
    forfeit_opponents: ForfeitOpponent => forfeits.opponents;
    /// Replaces [`ForfeitPolicy::in_wins`](crate::ForfeitPolicy::in_wins).
    forfeit_in_wins: bool => forfeits.in_wins;
    /// Replaces [`ForfeitPolicy::in_second_mover_counts`](crate::ForfeitPolicy::in_second_mover_counts).
    forfeit_in_second_mover_counts: bool => forfeits.in_second_mover_counts;
    /// Replaces [`Policies::bye_counts_as_win`].
    bye_counts_as_win: bool => bye_counts_as_win;
    /// Replaces [`Policies::tie_split`].
    tie_split: TieSplit => tie_split;
    /// Replaces [`Policies::champion`].
    champion: ChampionPolicy => champion;
    /// Replaces [`Policies::other_places`].
    other_places: OtherPlaces => other_places;
    /// Replaces [`WithdrawalPolicy::count`](crate::WithdrawalPolicy::count).
    withdrawal_count: WithdrawalCount => withdrawal.count;
    /// Replaces [`WithdrawalPolicy::exact_half`](crate::WithdrawalPolicy::exact_half).
    withdrawal_exact_half: ExactHalf => withdrawal.exact_half;
    /// Replaces [`Policies::appearances`].
    appearances: AppearanceCount => appearances;
    /// Replaces [`Policies::lots_seed`].
    lots_seed: u64 => lots_seed;
}

/// What [`PolicyOverrides::set`] expects for a key: [`PolicyOverrides::KEYS`], in words.
const KEYS_EXPECTED: &str = "one of default_bye, bye_opponent, forfeit_opponents, forfeit_in_wins, \
     forfeit_in_second_mover_counts, bye_counts_as_win, tie_split, champion, other_places, withdrawal_count, \
     withdrawal_exact_half, appearances, lots_seed";

impl PolicyOverrides {
    /// Reads one override written `KEY=VALUE`, as a command line gives it (`tie_split=continue`,
    /// `forfeit_in_wins=false`, `lots_seed=7`): the keys are those of the JSON form ([`PolicyOverrides::KEYS`]),
    /// the values the option names, `true`/`false` or a number. Nothing changes on an error.
    ///
    /// ```
    /// use xiangqi::tournament::{PolicyOverrides, TieSplit};
    /// let mut overrides = PolicyOverrides::default();
    /// overrides.set("tie_split=continue")?;
    /// assert_eq!(overrides.tie_split, Some(TieSplit::Continue));
    /// let error = overrides.set("tie_split=again").unwrap_err();
    /// assert_eq!(error.to_string(), "invalid tie_split policy `again`: expected one of restart, continue");
    /// # Ok::<_, xiangqi::tournament::ParseNameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseNameError`] that names what is wrong: a setting without `=`, a key that is no policy, or a value
    /// that the policy does not take (the error names the policy and lists its values).
    pub fn set(&mut self, setting: &str) -> Result<(), ParseNameError> {
        let Some((key, text)) = setting.split_once('=') else {
            return Err(ParseNameError::with_words(
                "policy override",
                "KEY=VALUE, such as tie_split=continue",
                setting,
            ));
        };
        if self.set_key(key.trim(), text.trim())? {
            Ok(())
        } else {
            Err(ParseNameError::with_words("policy", KEYS_EXPECTED, key))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn the_expected_keys_are_the_keys() {
        assert_eq!(KEYS_EXPECTED, alloc::format!("one of {}", PolicyOverrides::KEYS.join(", ")));
    }

    #[test]
    fn settings_set_each_key_and_errors_change_nothing() {
        let mut overrides = PolicyOverrides::default();
        for setting in [
            "default_bye=full",
            "bye_opponent=lowest_non_zero",
            "forfeit_opponents=like_bye",
            "forfeit_in_wins=false",
            "forfeit_in_second_mover_counts=true",
            "bye_counts_as_win=true",
            "tie_split=continue",
            "champion=shared",
            "other_places=lots",
            "withdrawal_count=games",
            "withdrawal_exact_half=annul",
            "appearances=second_listed_matches",
            " lots_seed = 7",
        ] {
            overrides.set(setting).unwrap();
        }
        let expected = PolicyOverrides {
            default_bye: Some(ByeKind::Full),
            bye_opponent: Some(ByeOpponent::LowestNonZero),
            forfeit_opponents: Some(ForfeitOpponent::LikeBye),
            forfeit_in_wins: Some(false),
            forfeit_in_second_mover_counts: Some(true),
            bye_counts_as_win: Some(true),
            tie_split: Some(TieSplit::Continue),
            champion: Some(ChampionPolicy::Shared),
            other_places: Some(OtherPlaces::Lots),
            withdrawal_count: Some(WithdrawalCount::Games),
            withdrawal_exact_half: Some(ExactHalf::Annul),
            appearances: Some(AppearanceCount::SecondListedMatches),
            lots_seed: Some(7),
        };
        assert_eq!(overrides, expected);
        let errors = [
            ("tie_split", "invalid policy override `tie_split`: expected KEY=VALUE, such as tie_split=continue"),
            (
                "tiesplit=continue",
                "invalid policy `tiesplit`: expected one of default_bye, bye_opponent, forfeit_opponents, \
                 forfeit_in_wins, forfeit_in_second_mover_counts, bye_counts_as_win, tie_split, champion, \
                 other_places, withdrawal_count, withdrawal_exact_half, appearances, lots_seed",
            ),
            ("forfeit_in_wins=yes", "invalid forfeit_in_wins policy `yes`: expected true or false"),
            ("lots_seed=-1", "invalid lots_seed policy `-1`: expected a whole number from 0 to 18446744073709551615"),
            ("default_bye=", "empty default_bye policy: expected one of full, half, zero"),
            (
                "forfeit_opponents=all",
                "invalid forfeit_opponents policy `all`: expected one of counted, excluded, like_bye",
            ),
        ];
        for (setting, message) in errors {
            assert_eq!(overrides.set(setting).unwrap_err().to_string(), message, "{setting}");
            assert_eq!(overrides, expected, "{setting} changed nothing");
        }
    }

    #[test]
    fn apply_and_then_layer_the_overrides() {
        let first =
            PolicyOverrides { tie_split: Some(TieSplit::Continue), lots_seed: Some(1), ..PolicyOverrides::default() };
        let later =
            PolicyOverrides { lots_seed: Some(2), default_bye: Some(ByeKind::Half), ..PolicyOverrides::default() };
        let both = first.then(&later);
        assert_eq!(
            (both.tie_split, both.lots_seed, both.default_bye),
            (Some(TieSplit::Continue), Some(2), Some(ByeKind::Half))
        );
        let policies = both.apply(Policies::default());
        assert_eq!(policies, later.apply(first.apply(Policies::default())));
        assert_eq!(
            (policies.tie_split, policies.lots_seed, policies.default_bye),
            (TieSplit::Continue, 2, ByeKind::Half)
        );
        assert_eq!(policies.forfeits, Policies::default().forfeits, "the rest is left alone");
    }
}
