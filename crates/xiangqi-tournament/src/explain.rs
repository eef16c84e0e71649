//! Why one participant ranks above the next.

use alloc::string::String;
use core::fmt;

use crate::tiebreak::{Criterion, Value};

/// What separated two neighbours in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "by", rename_all = "snake_case"))]
pub enum Reason {
    /// The first criterion of the list that separates them (in the tie group where it was applied).
    Criterion {
        /// The criterion.
        criterion: Criterion,
        /// Its Chinese label.
        label: String,
        /// The value of the participant above.
        above: Value,
        /// The value of the participant below.
        below: Value,
        /// The size of the tie group the criterion was applied to (it matters for head-to-head criteria).
        group: usize,
        /// For list values (the CXA tails): which element decided, in words.
        #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
        detail: Option<String>,
    },
    /// The event's play-off for first place (冠军不予并列, AXF 2008 第二章第五节 六).
    Playoff,
    /// Lots, because the championship may not be shared, or because the policy splits other ties by lots.
    Lots {
        /// The lot number of the participant above (1 = best).
        above: i64,
        /// The lot number of the participant below.
        below: i64,
    },
    /// Nothing separates them: they share the place.
    Tied,
}

/// Why `above` ranks above `below` (neighbours in the standings).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explanation {
    /// The id of the participant above.
    pub above: String,
    /// The id of the participant below.
    pub below: String,
    /// What separated them.
    pub reason: Reason,
}

/// Describes which element of a list criterion decided (`index` counted from 0).
pub(crate) fn list_detail(criterion: Criterion, index: usize, rounds: usize) -> Option<String> {
    match criterion {
        Criterion::ProgressiveDropRounds => Some(if index == 0 {
            String::from("without round 1")
        } else {
            alloc::format!("without rounds 1–{}", index + 1)
        }),
        Criterion::PreviousRounds => Some(alloc::format!("after round {}", rounds.saturating_sub(index + 1))),
        _ => None,
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (above, below) = (&self.above, &self.below);
        match &self.reason {
            Reason::Criterion { criterion, label, above: a, below: b, group, detail } => {
                write!(f, "{above} above {below}: {label} ({}) ", criterion.name())?;
                if let Some(detail) = detail {
                    write!(f, "{detail} ")?;
                }
                let relation = if criterion.lower_is_better() { "<" } else { ">" };
                write!(f, "{a} {relation} {b}")?;
                if *group > 2 && criterion.depends_on_group() {
                    write!(f, " (in a tie of {group})")?;
                }
                Ok(())
            }
            Reason::Playoff => write!(f, "{above} above {below}: play-off for first place"),
            Reason::Lots { above: a, below: b } => write!(f, "{above} above {below}: lots (抽签) {a} before {b}"),
            Reason::Tied => write!(f, "{above} and {below} share the place"),
        }
    }
}
