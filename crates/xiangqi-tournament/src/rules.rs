//! [`RankingRules`]: what a ranking applies, criteria and policies.

use alloc::string::String;
use alloc::vec::Vec;

use crate::policy::Policies;
use crate::tiebreak::Criterion;

/// The rules of a ranking: the criteria in order (the first is normally [`Criterion::Score`]) and the policies.
/// A [`Preset`](crate::Preset) gives a rule book's ([`Preset::rules`](crate::Preset::rules)); any list can be
/// written.
///
/// (Not the adjudicator's `RuleSet`, which names a rule book of the game: these rank a tournament.)
///
/// ```
/// use xiangqi::tournament::{Criterion, Policies, RankingRules};
/// let rules = RankingRules {
///     name: "score, then wins".into(),
///     criteria: vec![Criterion::Score, Criterion::Wins],
///     policies: Policies::default(),
/// };
/// assert_eq!(rules.criteria[1].key(), "wins");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RankingRules {
    /// A name for the output ([`Standings::ruleset`](crate::Standings::ruleset)): the preset name, or what the
    /// caller calls the list.
    pub name: String,
    /// The criteria, compared in order.
    pub criteria: Vec<Criterion>,
    /// The policies.
    pub policies: Policies,
}
