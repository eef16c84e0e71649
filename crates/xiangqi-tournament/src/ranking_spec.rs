//! [`RankingSpec`]: the ranking an event file chooses, or a caller chooses on top of it.

use alloc::vec::Vec;

use crate::overrides::PolicyOverrides;
use crate::preset::Preset;
use crate::rules::RankingRules;
use crate::tiebreak::Criterion;

/// A choice of ranking: a preset, optionally a custom criteria list, and policy overrides. Every part is
/// optional. An event file holds one (its `ranking`); [`rank_event`](crate::rank_event) takes another, the
/// caller's (a command line's `--preset` and `--policy`), on top of it ([`RankingSpec::then`]).
///
/// In JSON: `"ranking": {"preset": "cxa-14.1", "criteria": ["score", "wins"], "policies": {"tie_split":
/// "continue"}}`; `preset` is a [`Preset`] name, and a name that is no preset is an error where the file is read,
/// which names the field: ``ranking.preset: invalid preset `axf-team`: expected one of axf-rr, …``.
///
/// ```
/// use xiangqi::tournament::{Criterion, Preset, RankingSpec, TieSplit};
/// let mut file = RankingSpec { preset: Some(Preset::Cxa14_1), ..RankingSpec::default() };
/// file.policies.tie_split = Some(TieSplit::Continue);
/// let rules = file.rules(Preset::AxfIndividualRoundRobin);
/// assert_eq!((rules.name.as_str(), rules.policies.tie_split), ("cxa-14.1", TieSplit::Continue));
///
/// // A caller's preset replaces the file's, and the file's policy overrides still apply.
/// let caller = RankingSpec { preset: Some(Preset::FideStyle), ..RankingSpec::default() };
/// let rules = file.then(&caller).rules(Preset::AxfIndividualRoundRobin);
/// assert_eq!((rules.name.as_str(), rules.policies.tie_split), ("fide", TieSplit::Continue));
/// assert_eq!(rules.criteria, Preset::FideStyle.criteria());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct RankingSpec {
    /// The preset; without one, the event's ([`Tournament::default_preset`](crate::Tournament::default_preset)).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none", deserialize_with = "read_preset"))]
    pub preset: Option<Preset>,
    /// A custom list of criteria (keys, see [`Criterion::key`]) replacing the preset's.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub criteria: Option<Vec<Criterion>>,
    /// Policies that differ from the preset's.
    pub policies: PolicyOverrides,
}

impl RankingSpec {
    /// This choice with `later` on top: `later`'s preset replaces this one's preset and its custom criteria (they
    /// were chosen for the other preset), `later`'s criteria replace any, and `later`'s policy overrides apply after
    /// these ([`PolicyOverrides::then`]).
    #[must_use]
    pub fn then(&self, later: &RankingSpec) -> RankingSpec {
        let (preset, criteria) = match (later.preset, &later.criteria) {
            (None, None) => (self.preset, self.criteria.clone()),
            (None, Some(criteria)) => (self.preset, Some(criteria.clone())),
            (Some(preset), criteria) => (Some(preset), criteria.clone()),
        };
        RankingSpec { preset, criteria, policies: self.policies.then(&later.policies) }
    }

    /// The ranking rules chosen: the preset's (`default` where none is chosen), its criteria replaced by the
    /// custom ones if any (the name then says so: `cxa-14.1 (custom criteria)`), the policy overrides applied.
    #[must_use]
    pub fn rules(&self, default: Preset) -> RankingRules {
        let preset = self.preset.unwrap_or(default);
        let mut rules = preset.rules();
        if let Some(criteria) = &self.criteria {
            rules.criteria.clone_from(criteria);
            rules.name = alloc::format!("{} (custom criteria)", preset.name());
        }
        rules.policies = self.policies.apply(rules.policies);
        rules
    }
}

/// Reads `ranking.preset`, naming the field in the error: a bad preset is bad data in the event file.
#[cfg(feature = "serde")]
fn read_preset<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Preset>, D::Error> {
    let name: alloc::string::String = serde::Deserialize::deserialize(deserializer)?;
    let preset = name.parse().map_err(|error| serde::de::Error::custom(alloc::format!("ranking.preset: {error}")))?;
    Ok(Some(preset))
}
