//! The ranking orders of the rule books (名次确定), as ready-made [`RankingRules`].

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::kinds::ByeKind;
use crate::policy::{ByeOpponent, ForfeitOpponent, Policies, WithdrawalCount};
use crate::rules::RankingRules;
use crate::tiebreak::{Basis, Criterion, EncounterMode, Trim};

/// The ranking orders of the rule books. Each preset's [`Preset::citation`] names the rule item. The text form
/// ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is the preset's [`name`](Preset::name).
///
/// ```
/// use xiangqi::tournament::{Criterion, Preset};
/// let rules = Preset::AxfIndividualRoundRobin.rules();
/// assert_eq!(rules.criteria[1], Criterion::SonnebornBerger);
/// assert_eq!("cxa-14.3.2".parse::<Preset>(), Ok(Preset::Cxa14_3_2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// AXF 2008 第二章第五节 二, individual one-game round robin: 积分 → 小分 → 两人对赛胜负 → 胜局 → 后手胜局 →
    /// 后手赛局 → 两人对赛时执后手者 → 技术犯规.
    AxfIndividualRoundRobin,
    /// AXF 2008 第二章第五节 三, individual one-game Swiss: 积分 → 对手分 → 直接对赛胜负 → 胜局 → 后手胜局 → 后手赛局 →
    /// 强对手分 → 技术犯规.
    AxfIndividualSwiss,
    /// AXF 2008 第二章第五节 四, team round robin: 场分 → 总局分 → 小分 → 取胜场数 → 全队胜局 → 两队对赛胜方 →
    /// 第一台总分 → 后手局数 → 全队技术犯规.
    AxfTeamRoundRobin,
    /// AXF 2008 第二章第五节 五, team Swiss: 场分 → 对手总场分 → 全队总局分 → 两队对赛胜负 → 对手总局分 →
    /// 第一台总得分 → 后手出场次数 → 全队技术犯规.
    AxfTeamSwiss,
    /// AXF 2008 第二章第五节 1 (short form), round robin: 总积分 → 直接对局胜负 → 对手分 (= 小分, SB) → 技术犯规 →
    /// 后手胜局 → 抽签.
    AxfShortRoundRobin,
    /// AXF 2008 第二章第五节 2 (short form), Swiss: 积分 → 对手分 (Buchholz) → 直接对局胜负 → 技术犯规 → 后手胜局 →
    /// 抽签.
    AxfShortSwiss,
    /// ROC 2007 第六節 二: the AXF individual round-robin order; withdrawals count pairings played (已賽場數).
    RocIndividualRoundRobin,
    /// ROC 2007 第六節 三: the AXF individual Swiss order (强对手分 = 所有对手之对手分总和).
    RocIndividualSwiss,
    /// ROC 2007 第六節 四: the AXF team round-robin order.
    RocTeamRoundRobin,
    /// ROC 2007 第六節 五: the AXF team Swiss order.
    RocTeamSwiss,
    /// CXA 2011 14.1, round robin, one game: 积分 → 小分 → 胜局 → 直胜 → 犯规 → 后走局数 → 对局时后走.
    Cxa14_1,
    /// CXA 2011 14.2, round robin, two or more games: 场分 → 局分总和 → 胜局 → 直胜 → 犯规 → 后走胜局.
    Cxa14_2,
    /// CXA 2011 14.3.1, Swiss: 积分 → 对手分 → 胜局 → 犯规 → 后走局数 → 比较前一轮成绩.
    Cxa14_3_1,
    /// CXA 2011 14.3.2, Swiss (alternative): 积分 → 累进分 → 胜局 → 犯规 → 后走局数 → 逐轮去除累进分.
    Cxa14_3_2,
    /// A FIDE-style list (FIDE Tie-Break Regulations 2024, §6, §8, §9, §14, §16): score → direct encounter (FIDE)
    /// → Buchholz cut-1 → Buchholz → Sonneborn-Berger → wins → wins as second mover → lots; byes and forfeits
    /// valued by the player's own score.
    FideStyle,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 15] = [
        Preset::AxfIndividualRoundRobin,
        Preset::AxfIndividualSwiss,
        Preset::AxfTeamRoundRobin,
        Preset::AxfTeamSwiss,
        Preset::AxfShortRoundRobin,
        Preset::AxfShortSwiss,
        Preset::RocIndividualRoundRobin,
        Preset::RocIndividualSwiss,
        Preset::RocTeamRoundRobin,
        Preset::RocTeamSwiss,
        Preset::Cxa14_1,
        Preset::Cxa14_2,
        Preset::Cxa14_3_1,
        Preset::Cxa14_3_2,
        Preset::FideStyle,
    ];

    /// The name used on the command line and in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::AxfIndividualRoundRobin => "axf-rr",
            Preset::AxfIndividualSwiss => "axf-swiss",
            Preset::AxfTeamRoundRobin => "axf-team-rr",
            Preset::AxfTeamSwiss => "axf-team-swiss",
            Preset::AxfShortRoundRobin => "axf-short-rr",
            Preset::AxfShortSwiss => "axf-short-swiss",
            Preset::RocIndividualRoundRobin => "roc-rr",
            Preset::RocIndividualSwiss => "roc-swiss",
            Preset::RocTeamRoundRobin => "roc-team-rr",
            Preset::RocTeamSwiss => "roc-team-swiss",
            Preset::Cxa14_1 => "cxa-14.1",
            Preset::Cxa14_2 => "cxa-14.2",
            Preset::Cxa14_3_1 => "cxa-14.3.1",
            Preset::Cxa14_3_2 => "cxa-14.3.2",
            Preset::FideStyle => "fide",
        }
    }

    /// The rule item the preset follows.
    #[must_use]
    pub const fn citation(self) -> &'static str {
        match self {
            Preset::AxfIndividualRoundRobin => "AXF 2008 第二章第五节 二 (一局循环制个人赛)",
            Preset::AxfIndividualSwiss => "AXF 2008 第二章第五节 三 (一局制积分编排个人赛)",
            Preset::AxfTeamRoundRobin => "AXF 2008 第二章第五节 四 (循环制团体赛)",
            Preset::AxfTeamSwiss => "AXF 2008 第二章第五节 五 (积分编排制团体赛)",
            Preset::AxfShortRoundRobin => "AXF 2008 第二章第五节 1 (循环制, short form)",
            Preset::AxfShortSwiss => "AXF 2008 第二章第五节 2 (积分循环制, short form)",
            Preset::RocIndividualRoundRobin => "ROC 2007 第六節 二 (一局循環制個人賽)",
            Preset::RocIndividualSwiss => "ROC 2007 第六節 三 (一局積分編排制個人賽)",
            Preset::RocTeamRoundRobin => "ROC 2007 第六節 四 (循環制團體賽)",
            Preset::RocTeamSwiss => "ROC 2007 第六節 五 (積分編排制團體賽)",
            Preset::Cxa14_1 => "CXA 2011 14.1 (循环赛, 一局制)",
            Preset::Cxa14_2 => "CXA 2011 14.2 (循环赛, 两局及多局制)",
            Preset::Cxa14_3_1 => "CXA 2011 14.3.1 (积分编排制, 对手分)",
            Preset::Cxa14_3_2 => "CXA 2011 14.3.2 (积分编排制, 累进分)",
            Preset::FideStyle => "FIDE Tie-Break Regulations 2024 (custom list)",
        }
    }

    /// The criteria, in order.
    #[must_use]
    pub fn criteria(self) -> Vec<Criterion> {
        use Criterion as C;
        let buchholz = C::Buchholz { basis: Basis::Score, trim: Trim::None };
        let pair = C::DirectEncounter(EncounterMode::PairOnly);
        let mini = C::DirectEncounter(EncounterMode::MiniTable);
        match self {
            Preset::AxfIndividualRoundRobin | Preset::RocIndividualRoundRobin => alloc::vec![
                C::Score,
                C::SonnebornBerger,
                pair,
                C::Wins,
                C::SecondMoverWins,
                C::SecondMoverGames,
                C::SecondMoverInMutualGame,
                C::FewerFouls,
            ],
            Preset::AxfIndividualSwiss | Preset::RocIndividualSwiss => alloc::vec![
                C::Score,
                buchholz,
                pair,
                C::Wins,
                C::SecondMoverWins,
                C::SecondMoverGames,
                C::OpponentsBuchholz,
                C::FewerFouls,
            ],
            Preset::AxfTeamRoundRobin | Preset::RocTeamRoundRobin => alloc::vec![
                C::Score,
                C::GamePoints,
                C::SonnebornBerger,
                C::MatchWins,
                C::Wins,
                pair,
                C::BoardPoints(1),
                C::SecondMoverGames,
                C::FewerFouls,
            ],
            Preset::AxfTeamSwiss | Preset::RocTeamSwiss => alloc::vec![
                C::Score,
                buchholz,
                C::GamePoints,
                pair,
                C::Buchholz { basis: Basis::GamePoints, trim: Trim::None },
                C::BoardPoints(1),
                C::SecondMoverAppearances,
                C::FewerFouls,
            ],
            Preset::AxfShortRoundRobin => {
                alloc::vec![C::Score, pair, C::SonnebornBerger, C::FewerFouls, C::SecondMoverWins, C::Lots]
            }
            Preset::AxfShortSwiss => alloc::vec![C::Score, buchholz, pair, C::FewerFouls, C::SecondMoverWins, C::Lots],
            Preset::Cxa14_1 => alloc::vec![
                C::Score,
                C::SonnebornBerger,
                C::Wins,
                mini,
                C::FewerFouls,
                C::SecondMoverGames,
                C::SecondMoverInMutualGame,
            ],
            Preset::Cxa14_2 => alloc::vec![C::Score, C::GamePoints, C::Wins, mini, C::FewerFouls, C::SecondMoverWins],
            Preset::Cxa14_3_1 => {
                alloc::vec![C::Score, buchholz, C::Wins, C::FewerFouls, C::SecondMoverGames, C::PreviousRounds]
            }
            Preset::Cxa14_3_2 => alloc::vec![
                C::Score,
                C::Progressive,
                C::Wins,
                C::FewerFouls,
                C::SecondMoverGames,
                C::ProgressiveDropRounds,
            ],
            Preset::FideStyle => alloc::vec![
                C::Score,
                C::DirectEncounter(EncounterMode::Fide),
                C::Buchholz { basis: Basis::Score, trim: Trim::Cut(1) },
                buchholz,
                C::SonnebornBerger,
                C::Wins,
                C::SecondMoverWins,
                C::Lots,
            ],
        }
    }

    /// The policies: [`Policies::default`], with the rule book's own choices. A bye that the event does not mark
    /// ([`Policies::default_bye`]) scores nothing in the round-robin presets and a win in the Swiss ones and
    /// `fide` (FIDE Handbook C.04.1 (c), the pairing-allocated bye).
    #[must_use]
    pub fn policies(self) -> Policies {
        let mut policies = Policies::default();
        let swiss = matches!(
            self,
            Preset::AxfIndividualSwiss
                | Preset::AxfTeamSwiss
                | Preset::AxfShortSwiss
                | Preset::RocIndividualSwiss
                | Preset::RocTeamSwiss
                | Preset::Cxa14_3_1
                | Preset::Cxa14_3_2
                | Preset::FideStyle
        );
        if swiss {
            policies.default_bye = ByeKind::Full;
        }
        match self {
            Preset::RocIndividualRoundRobin
            | Preset::RocIndividualSwiss
            | Preset::RocTeamRoundRobin
            | Preset::RocTeamSwiss => policies.withdrawal.count = WithdrawalCount::Games,
            Preset::Cxa14_1 | Preset::Cxa14_2 | Preset::Cxa14_3_1 | Preset::Cxa14_3_2 => {
                // CXA 2011 14.4: a bye scores as a win; its 对手分 is the lowest score of the scoring players.
                policies.bye_opponent = ByeOpponent::LowestNonZero;
                policies.bye_counts_as_win = true;
            }
            Preset::FideStyle => {
                policies.bye_opponent = ByeOpponent::Own;
                policies.forfeits.opponents = ForfeitOpponent::LikeBye;
            }
            _ => {}
        }
        policies
    }

    /// The preset as ranking rules, named by the preset's name.
    #[must_use]
    pub fn rules(self) -> RankingRules {
        RankingRules { name: self.name().into(), criteria: self.criteria(), policies: self.policies() }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

xiangqi_board::parse_error! {
    /// A preset name that is not known.
    pub struct ParsePresetError:
        "preset",
        "one of axf-rr, axf-swiss, axf-team-rr, axf-team-swiss, axf-short-rr, axf-short-swiss, roc-rr, roc-swiss, \
         roc-team-rr, roc-team-swiss, cxa-14.1, cxa-14.2, cxa-14.3.1, cxa-14.3.2, fide"
}

#[cfg(feature = "serde")]
xiangqi_board::string_serde! {
    Preset => "a preset name such as `axf-rr`",
}

impl FromStr for Preset {
    type Err = ParsePresetError;

    fn from_str(s: &str) -> Result<Preset, ParsePresetError> {
        Preset::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(s.trim())).ok_or(ParsePresetError::new(s))
    }
}
