//! Criteria read from the participant's own results: score, game points, board points, and the round-based
//! Swiss criteria (累进分 and the CXA tails).

use alloc::vec::Vec;

use super::context::Context;
use crate::checked::PairingSide;
use crate::points::Points;
use crate::record::game_points as points_of_game;

/// 积分 / 场分: the primary score.
pub(crate) fn score(ctx: &Context<'_>) -> Vec<Points> {
    ctx.records.iter().map(|r| r.primary).collect()
}

/// 局分 / 总局分: the sum of game points over every game (AXF 2008 第二章第五节 四(A), 五(B); CXA 2011 14.2
/// 局分总和).
pub(crate) fn game_points(ctx: &Context<'_>) -> Vec<Points> {
    ctx.records.iter().map(|r| r.game_points).collect()
}

/// 第k台总分: game points scored on board `board` (counted from 1) over the event (AXF 2008 第二章第五节 四(F),
/// 五(E)).
pub(crate) fn board_points(ctx: &Context<'_>, board: u8) -> Vec<Points> {
    let mut totals = alloc::vec![Points::ZERO; ctx.len()];
    let Some(index) = usize::from(board).checked_sub(1) else { return totals };
    for pairing in ctx.rounds.iter().flat_map(|r| r.pairings.iter()) {
        let Some(games) = pairing.boards.get(index) else { continue };
        for game in games {
            for side in PairingSide::BOTH {
                totals[pairing.sides[side]] += points_of_game(&ctx.tournament.scoring, game, side);
            }
        }
    }
    totals
}

/// The primary points a participant scored in each round.
fn round_scores(ctx: &Context<'_>, player: usize) -> Vec<Points> {
    let mut per_round = alloc::vec![Points::ZERO; ctx.rounds.len()];
    for entry in &ctx.records[player].entries {
        per_round[entry.round] += entry.primary;
    }
    per_round
}

/// The progressive score of rounds `dropped..`: the sum of the running totals, counted from round `dropped`.
fn progressive_from(per_round: &[Points], dropped: usize) -> Points {
    let mut running = Points::ZERO;
    let mut sum = Points::ZERO;
    for &points in per_round.iter().skip(dropped) {
        running += points;
        sum += running;
    }
    sum
}

/// 累进分: the progressive score, the sum of the running totals after each round (CXA 2011 14.3.2).
pub(crate) fn progressive(ctx: &Context<'_>) -> Vec<Points> {
    (0..ctx.len()).map(|p| progressive_from(&round_scores(ctx, p), 0)).collect()
}

/// The CXA 2011 14.3.2 tail ("then drop round 1 and recompare, then round 2, …"): the progressive score without
/// round 1, without rounds 1–2, …, without rounds 1…R−1, compared in that order.
pub(crate) fn progressive_drop_rounds(ctx: &Context<'_>) -> Vec<Vec<Points>> {
    (0..ctx.len())
        .map(|p| {
            let per_round = round_scores(ctx, p);
            (1..per_round.len()).map(|dropped| progressive_from(&per_round, dropped)).collect()
        })
        .collect()
}

/// 比较前一轮成绩 (CXA 2011 14.3.1 tail): the score after round R−1, then after round R−2, …, after round 1.
pub(crate) fn previous_rounds(ctx: &Context<'_>) -> Vec<Vec<Points>> {
    (0..ctx.len())
        .map(|p| {
            let per_round = round_scores(ctx, p);
            let mut running = Points::ZERO;
            let mut after: Vec<Points> = per_round
                .iter()
                .map(|&points| {
                    running += points;
                    running
                })
                .collect();
            after.pop();
            after.reverse();
            after
        })
        .collect()
}
