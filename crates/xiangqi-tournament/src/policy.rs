//! Named options for the cases the rule books leave open, each with its recommended default.

use crate::kinds::ByeKind;
use crate::names::names;

/// What a bye (轮空) contributes to the opponents' scores of the player who had it: Buchholz (对手分), and the
/// Buchholz of that player's opponents (强对手分).
///
/// The "opponent" of a bye is nobody, so the rule books have to say what it scored:
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ByeOpponent {
    /// Nothing: 对手分 is "所遇对手积分之总和" (AXF 2008 第二章第五节 2), and a bye is no opponent met.
    /// Default of the AXF and ROC presets.
    #[default]
    Zero,
    /// The lowest final score of any participant (WXF, 14th World Championship supplementary rules).
    Lowest,
    /// The lowest final score among participants who scored anything: CXA 2011 14.4 "有分棋手中的最低得分" read
    /// literally. Default of the CXA presets.
    LowestNonZero,
    /// The player's own final score (FIDE Tie-Break Regulations 2023 §16, dummy opponent).
    Own,
    /// A virtual opponent (FIDE 2009): the player's score before that round, plus the bye's result reversed,
    /// plus a draw for every later round. The draw is worth the average of the two draw values.
    Virtual,
}

names!(ByeOpponent, "bye_opponent policy", {
    Zero => "zero",
    Lowest => "lowest",
    LowestNonZero => "lowest_non_zero",
    Own => "own",
    Virtual => "virtual",
});

/// How a game won or lost by forfeit counts in the opponent-based criteria (Sonneborn-Berger, Buchholz,
/// 强对手分). The rule books do not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ForfeitOpponent {
    /// As if played: the forfeiting opponent's score counts (Vega's treatment). Default.
    #[default]
    Counted,
    /// Not at all: the forfeit contributes nothing.
    Excluded,
    /// Like a bye, valued by [`ByeOpponent`] (FIDE 2023 §16: unplayed games count a dummy opponent).
    LikeBye,
}

names!(ForfeitOpponent, "forfeit_opponents policy", {
    Counted => "counted",
    Excluded => "excluded",
    LikeBye => "like_bye",
});

/// Forfeit counting per criterion (the rule books do not say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct ForfeitPolicy {
    /// Forfeits in Sonneborn-Berger, Buchholz and 强对手分 (default [`ForfeitOpponent::Counted`]).
    pub opponents: ForfeitOpponent,
    /// Whether a forfeit win counts in 胜局 / 取胜场数 (default `true`, like FIDE's WIN; FIDE's WON would be `false`).
    pub in_wins: bool,
    /// Whether forfeited games count in the second-mover counts 后手胜局 / 后手赛局 (default `false`: played games
    /// only, like FIDE's BPG/BWG).
    pub in_second_mover_counts: bool,
}

impl Default for ForfeitPolicy {
    fn default() -> ForfeitPolicy {
        ForfeitPolicy { opponents: ForfeitOpponent::Counted, in_wins: true, in_second_mover_counts: false }
    }
}

/// What happens after a criterion splits a tie of three or more into smaller ties (the rule books do not say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TieSplit {
    /// Each remaining tie starts again from the first tiebreak, so that head-to-head criteria are recomputed
    /// for the smaller group (FIDE direct encounter; "剩下的相等各队均要再从…算起"). Default.
    #[default]
    Restart,
    /// Each remaining tie continues with the next criterion of the list.
    Continue,
}

names!(TieSplit, "tie_split policy", {
    Restart => "restart",
    Continue => "continue",
});

/// Whether the championship may be shared (AXF 2008 第二章第五节 六: "冠军不予并列"); it does not say how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChampionPolicy {
    /// A tie for first place that the criteria leave is decided by the event's play-off (its `playoff` list); if
    /// the event records none, by lots. Default.
    #[default]
    Playoff,
    /// Always by lots (seeded by [`Policies::lots_seed`]).
    Lots,
    /// The first place may be shared.
    Shared,
}

names!(ChampionPolicy, "champion policy", {
    Playoff => "playoff",
    Lots => "lots",
    Shared => "shared",
});

/// Whether places other than the first may be shared (AXF 2008 第二章第五节 六 leaves it to the supplementary rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OtherPlaces {
    /// Tied participants share the place. Default.
    #[default]
    Shared,
    /// Remaining ties are split by lots.
    Lots,
}

names!(OtherPlaces, "other_places policy", {
    Shared => "shared",
    Lots => "lots",
});

/// What the round-robin withdrawal rule counts (AXF 2008 第二章第六节 三 / ROC 2007 第七節 三).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WithdrawalCount {
    /// Distinct opponents played against all opponents ("已赛对手不足半数", AXF). Default.
    #[default]
    Opponents,
    /// Pairings played against all pairings scheduled ("已賽場數不足半數", ROC).
    Games,
}

names!(WithdrawalCount, "withdrawal_count policy", {
    Opponents => "opponents",
    Games => "games",
});

/// A withdrawal at exactly half of the round robin, which neither text covers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExactHalf {
    /// Results stand (annul only if 2·played < total). Default.
    #[default]
    Keep,
    /// Results are annulled (annul if 2·played ≤ total).
    Annul,
}

names!(ExactHalf, "withdrawal_exact_half policy", {
    Keep => "keep",
    Annul => "annul",
});

/// The round-robin withdrawal rule: fewer than half played ⇒ every result of the participant is annulled,
/// the opponents' points included; otherwise the results stand and the remaining games are forfeits won by the
/// opponents. In a Swiss event results always stand and unplayed published pairings become forfeits
/// (AXF 2008 第二章第六节 四).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct WithdrawalPolicy {
    /// What is counted.
    pub count: WithdrawalCount,
    /// Exactly half.
    pub exact_half: ExactHalf,
}

/// What 后手出场次数 (AXF 2008 第二章第五节 五(F), team Swiss) counts; the rule book does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AppearanceCount {
    /// Games played as second mover by the whole team. Default.
    #[default]
    SecondMoverGames,
    /// Matches in which the team was listed second.
    SecondListedMatches,
}

names!(AppearanceCount, "appearances policy", {
    SecondMoverGames => "second_mover_games",
    SecondListedMatches => "second_listed_matches",
});

/// Every policy of a ranking. `Policies::default()` holds the recommended defaults; each [`Preset`](crate::Preset)
/// starts from them and makes its rule book's own choices ([`Preset::policies`](crate::Preset::policies)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Policies {
    /// What a bye scores when the event does not say (a [`Bye`](crate::Bye) without a `kind`): default
    /// [`ByeKind::Zero`], so that no default awards a win. The round-robin presets keep it: the bye of an odd
    /// round robin ("对到最末号者轮空", ROC 2007 附錄) is no game, and AXF 2008 第二章第四节 scores games. The Swiss
    /// presets score it as a win, the pairing-allocated bye (CXA 2011 14.4 "按胜局计分"; AXF 2008 and ROC 2007
    /// are silent).
    pub default_bye: ByeKind,
    /// Byes in 对手分 and 强对手分.
    pub bye_opponent: ByeOpponent,
    /// Forfeits in each criterion.
    pub forfeits: ForfeitPolicy,
    /// Whether a full bye counts as a won game in 胜局 (CXA 2011 14.4 scores a bye "as a win"; default `false`,
    /// `true` in the CXA presets).
    pub bye_counts_as_win: bool,
    /// Restart or continue after a partial split.
    pub tie_split: TieSplit,
    /// A tie for first place.
    pub champion: ChampionPolicy,
    /// Ties for the other places.
    pub other_places: OtherPlaces,
    /// Round-robin withdrawals.
    pub withdrawal: WithdrawalPolicy,
    /// What 后手出场次数 counts.
    pub appearances: AppearanceCount,
    /// The seed of every drawing of lots (抽签).
    pub lots_seed: u64,
}

impl Default for Policies {
    fn default() -> Policies {
        Policies {
            default_bye: ByeKind::Zero,
            bye_opponent: ByeOpponent::default(),
            forfeits: ForfeitPolicy::default(),
            bye_counts_as_win: false,
            tie_split: TieSplit::default(),
            champion: ChampionPolicy::default(),
            other_places: OtherPlaces::default(),
            withdrawal: WithdrawalPolicy::default(),
            appearances: AppearanceCount::default(),
            lots_seed: 0,
        }
    }
}
