//! Every ranking criterion of the rule books, named by algorithm; the Chinese label is documentation.
//!
//! | criterion | label | defined in |
//! |---|---|---|
//! | [`Criterion::Score`] | 积分 / 场分 | the primary score |
//! | [`Criterion::GamePoints`] | 局分 / 总局分 | `score::game_points` |
//! | [`Criterion::SonnebornBerger`] | 小分 | `opponents::sonneborn_berger` |
//! | [`Criterion::Buchholz`] | 对手分 / 对手总场分 / 对手总局分 | `opponents::buchholz` |
//! | [`Criterion::OpponentsBuchholz`] | 强对手分 | `opponents::opponents_buchholz` |
//! | [`Criterion::Progressive`] | 累进分 | `score::progressive` |
//! | [`Criterion::ProgressiveDropRounds`] | 累进分（逐轮去除） | `score::progressive_drop_rounds` |
//! | [`Criterion::PreviousRounds`] | 比较前一轮成绩 | `score::previous_rounds` |
//! | [`Criterion::DirectEncounter`] | 两人对赛胜负 / 直胜 / 两队对赛 | `encounter::direct_encounter` |
//! | [`Criterion::Wins`] | 胜局 / 全队胜局 | `counts::wins` |
//! | [`Criterion::MatchWins`] | 取胜场数 | `counts::match_wins` |
//! | [`Criterion::SecondMoverWins`] | 后手胜局 | `counts::second_mover_wins` |
//! | [`Criterion::SecondMoverGames`] | 后手赛局 / 后走局数 / 后手局数 | `counts::second_mover_games` |
//! | [`Criterion::SecondMoverAppearances`] | 后手出场次数 | `counts::second_mover_appearances` |
//! | [`Criterion::SecondMoverInMutualGame`] | 两人对赛时执后手者 / 对局时后走 | `encounter::second_mover_in_mutual_game` |
//! | [`Criterion::FewerFouls`] | 技术犯规 | `counts::fouls` |
//! | [`Criterion::BoardPoints`] | 第一台总分 | `score::board_points` |
//! | [`Criterion::Lots`] | 抽签 | `lots::lot_numbers` |

mod context;
mod counts;
mod criterion;
mod encounter;
#[cfg(feature = "serde")]
pub(crate) mod keyed_values;
mod lots;
mod opponents;
mod score;
mod value;

use alloc::vec::Vec;

use crate::points::Points;

pub(crate) use context::Context;
pub use criterion::{Basis, Criterion, EncounterMode, ParseCriterionError, Trim};
pub use value::Value;

/// Each participant's lot number (1 = best), for the championship and other-places policies.
pub(crate) fn lot_numbers_for(ctx: &Context<'_>) -> Vec<i64> {
    lots::lot_numbers(ctx)
}

impl Context<'_> {
    /// Every participant's value of a criterion that does not depend on the tie group; `None` for a group
    /// criterion.
    pub(crate) fn values(&self, criterion: Criterion) -> Option<Vec<Value>> {
        let points = |v: Vec<Points>| v.into_iter().map(Value::Points).collect();
        let counts = |v: Vec<i64>| v.into_iter().map(Value::Count).collect();
        let lists = |v: Vec<Vec<Points>>| v.into_iter().map(Value::List).collect();
        Some(match criterion {
            Criterion::Score => points(score::score(self)),
            Criterion::GamePoints => points(score::game_points(self)),
            Criterion::SonnebornBerger => points(opponents::sonneborn_berger(self)),
            Criterion::Buchholz { basis, trim } => points(opponents::buchholz(self, basis, trim)),
            Criterion::OpponentsBuchholz => points(opponents::opponents_buchholz(self)),
            Criterion::Progressive => points(score::progressive(self)),
            Criterion::ProgressiveDropRounds => lists(score::progressive_drop_rounds(self)),
            Criterion::PreviousRounds => lists(score::previous_rounds(self)),
            Criterion::Wins => counts(counts::wins(self)),
            Criterion::MatchWins => counts(counts::match_wins(self)),
            Criterion::SecondMoverWins => counts(counts::second_mover_wins(self)),
            Criterion::SecondMoverGames => counts(counts::second_mover_games(self)),
            Criterion::SecondMoverAppearances => counts(counts::second_mover_appearances(self)),
            Criterion::FewerFouls => counts(counts::fouls(self)),
            Criterion::BoardPoints(board) => points(score::board_points(self, board)),
            Criterion::Lots => counts(lots::lot_numbers(self)),
            Criterion::DirectEncounter(_) | Criterion::SecondMoverInMutualGame => return None,
        })
    }

    /// The values of a group criterion for the members of a tie group (in the group's order).
    pub(crate) fn group_values(&self, criterion: Criterion, group: &[usize]) -> Vec<Value> {
        match criterion {
            Criterion::DirectEncounter(mode) => encounter::direct_encounter(self, group, mode),
            Criterion::SecondMoverInMutualGame => encounter::second_mover_in_mutual_game(self, group),
            _ => alloc::vec![Value::NotApplicable; group.len()],
        }
    }
}
