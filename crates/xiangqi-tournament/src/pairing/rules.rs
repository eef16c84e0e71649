//! [`PairingRules`]: what the pairing of a round applies, and its policies for what the rule books leave open.

use crate::kinds::ByeKind;
use crate::names::names;
use crate::preset::Preset;
use crate::ranking_spec::RankingSpec;
use crate::rules::RankingRules;

/// The pairing system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PairingSystem {
    /// 积分编排 as the xiangqi rule books describe it (AXF 2008 第三章第三节 一; CXA 象棋竞赛规则 第13条 先后走确定
    /// 13.3): the default of every preset.
    #[default]
    Xiangqi,
}

names!(PairingSystem, "pairing system", {
    Xiangqi => "xiangqi",
});

/// The order of the participants inside a score group, which decides who meets whom (1–2, 3–4, …) and who is
/// floated. The rule books give the order of round 1 only (by number, AXF 2008 第三章第三节 一).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GroupOrder {
    /// The standings of the ranking rules (the preset's tiebreaks), ties by pairing number. Default.
    #[default]
    Standings,
    /// The pairing number (the order of the event's participant list).
    PairingNumber,
}

names!(GroupOrder, "group_order policy", {
    Standings => "standings",
    PairingNumber => "pairing_number",
});

/// How far the colours weigh in choosing opponents. They always come after the score: xiangqi pairs equal scores
/// first (the complaint about chess programs that put colour balance first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColourPreference {
    /// Between opponents with the same score difference, prefer the one with whom both alternate colours
    /// ("尽可能让上一轮执红子者，在此轮执黑子", AXF 2008 第三章第三节 一), then one with whom nobody has the
    /// same colour a third time in a row. Default.
    #[default]
    Alternate,
    /// Opponents are chosen by score and order only; colours are then assigned by the same rule.
    Ignore,
}

names!(ColourPreference, "colours policy", {
    Alternate => "alternate",
    Ignore => "ignore",
});

/// Which earlier byes keep a participant from the bye the pairing gives ("nobody gets two byes"; the rule books
/// are silent on byes asked for).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ByeEligibility {
    /// Any earlier bye, one asked for too. Default.
    #[default]
    AnyBye,
    /// Only an earlier bye scored as a win (the pairing's bye): who asked for a half- or zero-point bye may still
    /// get the pairing's.
    FullByes,
}

names!(ByeEligibility, "bye_eligibility policy", {
    AnyBye => "any_bye",
    FullByes => "full_byes",
});

/// Whether a pairing decided without a game over the board (a forfeit) counts as a meeting, for "no two meet
/// twice" and for the colours (the rule books are silent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ForfeitMeeting {
    /// It counts: the two were paired. Default.
    #[default]
    Met,
    /// It does not: they may be paired again, and the colours of the unplayed game are not counted.
    NotMet,
}

names!(ForfeitMeeting, "forfeit_meeting policy", {
    Met => "met",
    NotMet => "not_met",
});

/// Everything a pairing applies.
///
/// ```
/// use xiangqi::tournament::pairing::{GroupOrder, PairingRules, PairingSystem};
/// use xiangqi::tournament::{ByeKind, Preset};
/// let rules = PairingRules::for_preset(Preset::Cxa14_3_1);
/// assert_eq!((rules.system, rules.group_order, rules.bye), (PairingSystem::Xiangqi, GroupOrder::Standings, ByeKind::Full));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairingRules {
    /// The system.
    pub system: PairingSystem,
    /// The order inside a score group.
    pub group_order: GroupOrder,
    /// How far colours weigh in choosing opponents.
    pub colours: ColourPreference,
    /// Which earlier byes keep a participant from the pairing's bye.
    pub bye_eligibility: ByeEligibility,
    /// Whether a forfeit counts as a meeting.
    pub forfeits: ForfeitMeeting,
    /// What the bye the pairing gives scores (the ranking's [`default_bye`](crate::Policies::default_bye) by
    /// default: a win in the Swiss presets, CXA 2011 14.4 "按胜局计分").
    pub bye: ByeKind,
    /// The ranking that gives the scores and the standings order.
    pub ranking: RankingRules,
}

impl PairingRules {
    /// The pairing of a ranking: 积分编排, the standings order, colours alternated, the ranking's bye.
    #[must_use]
    pub fn for_ranking(ranking: RankingRules) -> PairingRules {
        PairingRules {
            system: PairingSystem::Xiangqi,
            group_order: GroupOrder::default(),
            colours: ColourPreference::default(),
            bye_eligibility: ByeEligibility::default(),
            forfeits: ForfeitMeeting::default(),
            bye: ranking.policies.default_bye,
            ranking,
        }
    }

    /// The pairing of a preset (every preset pairs by 积分编排).
    #[must_use]
    pub fn for_preset(preset: Preset) -> PairingRules {
        PairingRules::for_ranking(preset.rules())
    }
}

/// A caller's choice of pairing on top of an event file (a command line's options): the ranking choice, as
/// [`rank_event`](crate::rank_event) takes it, and each pairing policy that differs from its default.
///
/// ```
/// use xiangqi::tournament::pairing::{GroupOrder, PairingSpec};
/// use xiangqi::tournament::{ByeKind, Preset, RankingSpec};
/// let spec = PairingSpec { group_order: Some(GroupOrder::PairingNumber), ..PairingSpec::default() };
/// let rules = spec.rules(&RankingSpec::default(), Preset::AxfIndividualSwiss);
/// assert_eq!((rules.group_order, rules.bye), (GroupOrder::PairingNumber, ByeKind::Full));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairingSpec {
    /// The ranking choice on top of the file's.
    pub ranking: RankingSpec,
    /// The order inside a score group, if not the default.
    pub group_order: Option<GroupOrder>,
    /// How far colours weigh, if not the default.
    pub colours: Option<ColourPreference>,
    /// Which earlier byes keep a participant from the pairing's bye, if not the default.
    pub bye_eligibility: Option<ByeEligibility>,
    /// Whether a forfeit counts as a meeting, if not the default.
    pub forfeits: Option<ForfeitMeeting>,
    /// What the pairing's bye scores, if not the ranking's default bye.
    pub bye: Option<ByeKind>,
}

impl PairingSpec {
    /// The pairing rules: the ranking of `file` with this choice on top (`default` where neither names a preset),
    /// then this choice's policies.
    #[must_use]
    pub fn rules(&self, file: &RankingSpec, default: Preset) -> PairingRules {
        let mut rules = PairingRules::for_ranking(file.then(&self.ranking).rules(default));
        rules.group_order = self.group_order.unwrap_or(rules.group_order);
        rules.colours = self.colours.unwrap_or(rules.colours);
        rules.bye_eligibility = self.bye_eligibility.unwrap_or(rules.bye_eligibility);
        rules.forfeits = self.forfeits.unwrap_or(rules.forfeits);
        rules.bye = self.bye.unwrap_or(rules.bye);
        rules
    }
}

#[cfg(test)]
mod tests {
    use super::{ColourPreference, GroupOrder, PairingRules, PairingSystem};
    use crate::kinds::ByeKind;
    use crate::preset::Preset;

    #[test]
    fn every_preset_pairs_by_jifen_bianpai_with_its_bye() {
        for preset in Preset::ALL {
            let rules = PairingRules::for_preset(preset);
            assert_eq!(rules.system, PairingSystem::Xiangqi, "{preset}");
            assert_eq!((rules.group_order, rules.colours), (GroupOrder::Standings, ColourPreference::Alternate));
            assert_eq!(rules.bye, preset.policies().default_bye, "{preset}");
        }
        for swiss in [Preset::AxfIndividualSwiss, Preset::RocTeamSwiss, Preset::Cxa14_3_1, Preset::Cxa14_3_2] {
            assert_eq!(PairingRules::for_preset(swiss).bye, ByeKind::Full, "{swiss}");
        }
    }
}
