//! [`Criterion`]: every ranking criterion of the rule books, with its key, English name and Chinese label.

use alloc::format;
use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use super::value::Value;

/// Which score an opponent-based criterion sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// The primary score (积分, or 场分 in match events): 对手分, 对手总场分.
    Score,
    /// Game points (局分): 对手总局分.
    GamePoints,
}

/// Which opponents a Buchholz leaves out (FIDE Tie-Break Regulations §14 modifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trim {
    /// All opponents.
    None,
    /// Without the `k` lowest contributions (Cut-k).
    Cut(u8),
    /// Without the `k` lowest and the `k` highest contributions (Median-k).
    Median(u8),
}

/// How a head-to-head criterion treats a tie of more than two: AXF 2008 第二章第五节 二(B) says "两人对赛" (two
/// players), CXA 2011 14.1 says 直胜 without a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncounterMode {
    /// Only a tie of exactly two who met: "两人对赛" means two players; the AXF/ROC reading.
    PairOnly,
    /// Points scored against the others of the tie, if every two of them met; the CXA 直胜 reading.
    MiniTable,
    /// FIDE Tie-Break Regulations 2024 §6: as the mini table when all met; otherwise a player is ranked first
    /// only if their points exceed every other player's maximum possible points, repeatedly.
    Fide,
}

/// A ranking criterion.
///
/// Each criterion has a key used on the command line and in JSON ([`Criterion::key`], parsed by `FromStr`),
/// an English name and the Chinese label of the rule books.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// 积分 / 场分: the primary score (game points, or match points in team and two-game events). Key `score`.
    Score,
    /// 局分 / 总局分 / 局分总和: game points (AXF 2008 第二章第五节 四(A), 五(B); CXA 2011 14.2). Key `game-points`.
    GamePoints,
    /// 小分: Sonneborn-Berger (AXF 2008 第二章第五节 二(A), 四(B); ROC 2007 第六節 二(A); CXA 2011 14.1). Key
    /// `sonneborn-berger`.
    SonnebornBerger,
    /// 对手分: Buchholz, the sum of the opponents' final scores (AXF 2008 第二章第五节 三(A); CXA 2011 14.3.1);
    /// on match points 对手总场分 (五(A)), on game points 对手总局分 (五(D)). Keys `buchholz`, `buchholz-cut1`,
    /// `buchholz-median1`, `opponents-game-points`, `opponents-game-points-cut1`, ….
    Buchholz {
        /// The score summed.
        basis: Basis,
        /// Opponents left out.
        trim: Trim,
    },
    /// 强对手分: the sum of the opponents' Buchholz (AXF 2008 第二章第五节 三(F); ROC 2007 "所有对手之对手分总和").
    /// Key `opponents-buchholz`.
    OpponentsBuchholz,
    /// 累进分: progressive score, the sum of the running totals after each round (CXA 2011 14.3.2). Key
    /// `progressive`.
    Progressive,
    /// The CXA 14.3.2 tail: progressive score without round 1, then without rounds 1–2, … Key
    /// `progressive-drop-rounds`.
    ProgressiveDropRounds,
    /// 比较前一轮成绩 (CXA 2011 14.3.1 tail): the score after the previous round, then the one before, … Key
    /// `previous-rounds`.
    PreviousRounds,
    /// 两人对赛胜负 / 直接对局 / 直胜 / 两队对赛胜方: the result between the tied participants. Keys
    /// `direct-encounter` (pair only), `direct-encounter-mini-table`, `direct-encounter-fide`.
    DirectEncounter(EncounterMode),
    /// 胜局 / 全队胜局: games won (AXF 2008 第二章第五节 二(C), 四(D); CXA 2011 14.1–14.3). Key `wins`.
    Wins,
    /// 取胜场数: matches won (AXF 2008 第二章第五节 四(C)). Key `match-wins`.
    MatchWins,
    /// 后手胜局 / 后走胜局: games won as second mover (AXF 2008 第二章第五节 二(D); CXA 2011 14.2). Key
    /// `second-mover-wins`.
    SecondMoverWins,
    /// 后手赛局 / 后走局数 / 后手局数: games played as second mover (AXF 2008 第二章第五节 二(E), 四(G); CXA 2011
    /// 14.1, 14.3). Key `second-mover-games`.
    SecondMoverGames,
    /// 后手出场次数 (AXF 2008 第二章第五节 五(F)), counted as chosen by
    /// [`AppearanceCount`](crate::AppearanceCount). Key `second-mover-appearances`.
    SecondMoverAppearances,
    /// 两人对赛时执后手者 / 对局时后走: of a tied pair who met once, the one who moved second (AXF 2008 第二章第五节
    /// 二(F); CXA 2011 14.1). Key `second-mover-in-mutual-game`.
    SecondMoverInMutualGame,
    /// 技术犯规: fewer technical fouls rank higher (AXF 2008 第二章第五节 二(G); CXA 2011 犯规). Key `fewer-fouls`.
    FewerFouls,
    /// 第一台总分: game points on board `k` (AXF 2008 第二章第五节 四(F), 五(E)). Key `board-points-1`, ….
    BoardPoints(u8),
    /// 抽签: drawing of lots with the seed of [`Policies::lots_seed`](crate::Policies::lots_seed). Key `lots`.
    Lots,
}

impl Criterion {
    /// Whether the criterion depends on the tie group it is applied to (head-to-head criteria).
    #[must_use]
    pub const fn depends_on_group(self) -> bool {
        matches!(self, Criterion::DirectEncounter(_) | Criterion::SecondMoverInMutualGame)
    }

    /// Whether a smaller value ranks higher.
    #[must_use]
    pub const fn lower_is_better(self) -> bool {
        matches!(self, Criterion::FewerFouls | Criterion::Lots)
    }

    /// How `a` compares with `b` under this criterion: `Greater` means `a` ranks higher.
    #[must_use]
    pub fn compare(self, a: &Value, b: &Value) -> Ordering {
        let natural = match (a, b) {
            (Value::Points(x), Value::Points(y)) => x.cmp(y),
            (Value::Count(x), Value::Count(y)) => x.cmp(y),
            (Value::List(x), Value::List(y)) => x.cmp(y),
            _ => Ordering::Equal,
        };
        if self.lower_is_better() {
            natural.reverse()
        } else {
            natural
        }
    }

    /// The key used on the command line and in JSON.
    #[must_use]
    pub fn key(self) -> String {
        let trim = |trim: Trim| match trim {
            Trim::None => String::new(),
            Trim::Cut(k) => format!("-cut{k}"),
            Trim::Median(k) => format!("-median{k}"),
        };
        match self {
            Criterion::Score => "score".into(),
            Criterion::GamePoints => "game-points".into(),
            Criterion::SonnebornBerger => "sonneborn-berger".into(),
            Criterion::Buchholz { basis: Basis::Score, trim: t } => format!("buchholz{}", trim(t)),
            Criterion::Buchholz { basis: Basis::GamePoints, trim: t } => format!("opponents-game-points{}", trim(t)),
            Criterion::OpponentsBuchholz => "opponents-buchholz".into(),
            Criterion::Progressive => "progressive".into(),
            Criterion::ProgressiveDropRounds => "progressive-drop-rounds".into(),
            Criterion::PreviousRounds => "previous-rounds".into(),
            Criterion::DirectEncounter(EncounterMode::PairOnly) => "direct-encounter".into(),
            Criterion::DirectEncounter(EncounterMode::MiniTable) => "direct-encounter-mini-table".into(),
            Criterion::DirectEncounter(EncounterMode::Fide) => "direct-encounter-fide".into(),
            Criterion::Wins => "wins".into(),
            Criterion::MatchWins => "match-wins".into(),
            Criterion::SecondMoverWins => "second-mover-wins".into(),
            Criterion::SecondMoverGames => "second-mover-games".into(),
            Criterion::SecondMoverAppearances => "second-mover-appearances".into(),
            Criterion::SecondMoverInMutualGame => "second-mover-in-mutual-game".into(),
            Criterion::FewerFouls => "fewer-fouls".into(),
            Criterion::BoardPoints(k) => format!("board-points-{k}"),
            Criterion::Lots => "lots".into(),
        }
    }

    /// The English name.
    #[must_use]
    pub fn name(self) -> String {
        let trim = |trim: Trim| match trim {
            Trim::None => String::new(),
            Trim::Cut(k) => format!(" cut-{k}"),
            Trim::Median(k) => format!(" median-{k}"),
        };
        match self {
            Criterion::Score => "score".into(),
            Criterion::GamePoints => "game points".into(),
            Criterion::SonnebornBerger => "Sonneborn-Berger".into(),
            Criterion::Buchholz { basis: Basis::Score, trim: t } => format!("Buchholz{}", trim(t)),
            Criterion::Buchholz { basis: Basis::GamePoints, trim: t } => format!("opponents' game points{}", trim(t)),
            Criterion::OpponentsBuchholz => "sum of opponents' Buchholz".into(),
            Criterion::Progressive => "progressive score".into(),
            Criterion::ProgressiveDropRounds => "progressive score dropping rounds".into(),
            Criterion::PreviousRounds => "score after previous rounds".into(),
            Criterion::DirectEncounter(EncounterMode::PairOnly) => "direct encounter (pair)".into(),
            Criterion::DirectEncounter(EncounterMode::MiniTable) => "direct encounter (mini table)".into(),
            Criterion::DirectEncounter(EncounterMode::Fide) => "direct encounter (FIDE)".into(),
            Criterion::Wins => "wins".into(),
            Criterion::MatchWins => "match wins".into(),
            Criterion::SecondMoverWins => "wins as second mover".into(),
            Criterion::SecondMoverGames => "games as second mover".into(),
            Criterion::SecondMoverAppearances => "second-mover appearances".into(),
            Criterion::SecondMoverInMutualGame => "second mover in the mutual game".into(),
            Criterion::FewerFouls => "fewer technical fouls".into(),
            Criterion::BoardPoints(k) => format!("board {k} points"),
            Criterion::Lots => "lots".into(),
        }
    }

    /// The Chinese label of the rule books.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Criterion::Score => "积分".into(),
            Criterion::GamePoints => "局分".into(),
            Criterion::SonnebornBerger => "小分".into(),
            Criterion::Buchholz { basis: Basis::Score, trim: Trim::None } => "对手分".into(),
            Criterion::Buchholz { basis: Basis::GamePoints, trim: Trim::None } => "对手总局分".into(),
            Criterion::Buchholz { basis: Basis::Score, .. } => "对手分（去分）".into(),
            Criterion::Buchholz { basis: Basis::GamePoints, .. } => "对手总局分（去分）".into(),
            Criterion::OpponentsBuchholz => "强对手分".into(),
            Criterion::Progressive => "累进分".into(),
            Criterion::ProgressiveDropRounds => "累进分（逐轮去除）".into(),
            Criterion::PreviousRounds => "比较前一轮成绩".into(),
            Criterion::DirectEncounter(EncounterMode::MiniTable) => "直胜".into(),
            Criterion::DirectEncounter(_) => "两人对赛胜负".into(),
            Criterion::Wins => "胜局".into(),
            Criterion::MatchWins => "取胜场数".into(),
            Criterion::SecondMoverWins => "后手胜局".into(),
            Criterion::SecondMoverGames => "后手赛局".into(),
            Criterion::SecondMoverAppearances => "后手出场次数".into(),
            Criterion::SecondMoverInMutualGame => "两人对赛时执后手者".into(),
            Criterion::FewerFouls => "技术犯规".into(),
            Criterion::BoardPoints(k) => format!("第{}台总分", chinese_number(k)),
            Criterion::Lots => "抽签".into(),
        }
    }
}

fn chinese_number(n: u8) -> String {
    const DIGITS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => DIGITS[usize::from(n)].into(),
        10 => "十".into(),
        11..=19 => format!("十{}", DIGITS[usize::from(n % 10)]),
        _ => format!("{n}"),
    }
}

impl fmt::Display for Criterion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

xiangqi_board::parse_error! {
    /// A criterion key that is not known.
    pub struct ParseCriterionError:
        "criterion",
        "a criterion key such as sonneborn-berger, buchholz-cut1 or board-points-1 (the keys: docs/tournament.md §3)"
}

impl FromStr for Criterion {
    type Err = ParseCriterionError;

    fn from_str(s: &str) -> Result<Criterion, ParseCriterionError> {
        let error = || ParseCriterionError::new(s);
        let key = s.trim().to_ascii_lowercase().replace('_', "-");
        let simple = [
            Criterion::Score,
            Criterion::GamePoints,
            Criterion::SonnebornBerger,
            Criterion::OpponentsBuchholz,
            Criterion::Progressive,
            Criterion::ProgressiveDropRounds,
            Criterion::PreviousRounds,
            Criterion::DirectEncounter(EncounterMode::PairOnly),
            Criterion::DirectEncounter(EncounterMode::MiniTable),
            Criterion::DirectEncounter(EncounterMode::Fide),
            Criterion::Wins,
            Criterion::MatchWins,
            Criterion::SecondMoverWins,
            Criterion::SecondMoverGames,
            Criterion::SecondMoverAppearances,
            Criterion::SecondMoverInMutualGame,
            Criterion::FewerFouls,
            Criterion::Lots,
        ];
        if let Some(&c) = simple.iter().find(|c| c.key() == key) {
            return Ok(c);
        }
        if key == "direct-encounter-pair" {
            return Ok(Criterion::DirectEncounter(EncounterMode::PairOnly));
        }
        if let Some(k) = key.strip_prefix("board-points-") {
            return k.parse().ok().filter(|&k| k > 0).map(Criterion::BoardPoints).ok_or_else(error);
        }
        let (basis, rest) = if let Some(rest) = key.strip_prefix("buchholz") {
            (Basis::Score, rest)
        } else if let Some(rest) = key.strip_prefix("opponents-game-points") {
            (Basis::GamePoints, rest)
        } else {
            return Err(error());
        };
        let number = |n: &str| n.parse::<u8>().ok().filter(|&k| k > 0).ok_or_else(error);
        let trim = if rest.is_empty() {
            Trim::None
        } else if let Some(k) = rest.strip_prefix("-cut") {
            Trim::Cut(number(k)?)
        } else if let Some(k) = rest.strip_prefix("-median") {
            Trim::Median(number(k)?)
        } else {
            return Err(error());
        };
        Ok(Criterion::Buchholz { basis, trim })
    }
}

#[cfg(feature = "serde")]
xiangqi_board::string_serde! {
    Criterion => "a criterion key such as \"sonneborn-berger\"",
}
