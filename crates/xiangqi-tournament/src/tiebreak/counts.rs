//! Counting criteria: 胜局, 取胜场数, 后手胜局, 后手赛局, 后手出场次数, 技术犯规.

use alloc::vec::Vec;

use super::context::Context;
use crate::policy::AppearanceCount;

fn count(n: u32) -> i64 {
    i64::from(n)
}

/// Games in one pairing (boards × games per board), for byes counted as wins.
fn games_per_pairing(ctx: &Context<'_>) -> i64 {
    i64::try_from(ctx.tournament.boards.max(1) * ctx.tournament.games_per_match).unwrap_or(1)
}

/// 胜局 / 全队胜局: games won (AXF 2008 第二章第五节 二(C), 四(D); CXA 2011 14.1–14.3). Forfeit wins count when
/// [`ForfeitPolicy::in_wins`](crate::ForfeitPolicy::in_wins); a full bye counts as won games when
/// [`Policies::bye_counts_as_win`](crate::Policies::bye_counts_as_win).
pub(crate) fn wins(ctx: &Context<'_>) -> Vec<i64> {
    let per_bye = if ctx.policies.bye_counts_as_win { games_per_pairing(ctx) } else { 0 };
    ctx.records
        .iter()
        .map(|r| count(r.game_wins.total(ctx.policies.forfeits.in_wins)) + count(r.full_byes) * per_bye)
        .collect()
}

/// 取胜场数: matches won (AXF 2008 第二章第五节 四(C)), with the same forfeit and bye rules as [`wins`].
pub(crate) fn match_wins(ctx: &Context<'_>) -> Vec<i64> {
    let per_bye = i64::from(ctx.policies.bye_counts_as_win);
    ctx.records
        .iter()
        .map(|r| count(r.match_wins.total(ctx.policies.forfeits.in_wins)) + count(r.full_byes) * per_bye)
        .collect()
}

/// 后手胜局: games won as second mover (AXF 2008 第二章第五节 二(D), 三(D); CXA 2011 14.2 后走胜局). Played games
/// only unless [`ForfeitPolicy::in_second_mover_counts`](crate::ForfeitPolicy::in_second_mover_counts).
pub(crate) fn second_mover_wins(ctx: &Context<'_>) -> Vec<i64> {
    let forfeits = ctx.policies.forfeits.in_second_mover_counts;
    ctx.records.iter().map(|r| count(r.second_mover_wins.total(forfeits))).collect()
}

/// 后手赛局 / 后走局数 / 后手局数: games played as second mover (AXF 2008 第二章第五节 二(E), 四(G); CXA 2011
/// 14.1, 14.3). A double timeout counts (it was played), a double forfeit does not.
pub(crate) fn second_mover_games(ctx: &Context<'_>) -> Vec<i64> {
    let forfeits = ctx.policies.forfeits.in_second_mover_counts;
    ctx.records.iter().map(|r| count(r.second_mover_games.total(forfeits))).collect()
}

/// 后手出场次数 (AXF 2008 第二章第五节 五(F)): second-mover games of the team, or matches listed second, as
/// [`AppearanceCount`] says (the rule book does not say which).
pub(crate) fn second_mover_appearances(ctx: &Context<'_>) -> Vec<i64> {
    match ctx.policies.appearances {
        AppearanceCount::SecondMoverGames => second_mover_games(ctx),
        AppearanceCount::SecondListedMatches => ctx.records.iter().map(|r| count(r.second_listed_matches)).collect(),
    }
}

/// 技术犯规: technical fouls over the event (fewer ranks higher; AXF 2008 第二章第五节 二(G), 四(H)).
pub(crate) fn fouls(ctx: &Context<'_>) -> Vec<i64> {
    ctx.records.iter().map(|r| i64::try_from(r.fouls).unwrap_or(i64::MAX)).collect()
}
