//! Head-to-head criteria, which depend on the tie group: 两人对赛胜负 / 直胜 and 两人对赛时执后手者.

use alloc::vec::Vec;

use super::context::Context;
use super::criterion::EncounterMode;
use super::value::Value;
use crate::checked::CheckedResult;
use crate::kinds::System;
use crate::points::Points;

/// What each member scored against the other members, and whom it met how often.
struct MiniTable {
    points: Vec<Points>,
    /// Per member: (other member, pairings between them), sorted by member.
    meetings: Vec<Vec<(usize, usize)>>,
}

impl MiniTable {
    /// Whether every two members met.
    fn all_met(&self) -> bool {
        let others = self.points.len() - 1;
        self.meetings.iter().all(|met| met.len() == others)
    }

    /// Pairings still possible for member `i` against the others, if each two meet `scheduled` times.
    fn missing(&self, i: usize, scheduled: usize) -> usize {
        let others = self.points.len() - 1;
        let played: usize = self.meetings[i].iter().map(|&(_, count)| count.min(scheduled)).sum();
        (others * scheduled).saturating_sub(played)
    }
}

fn mini_table(ctx: &Context<'_>, group: &[usize]) -> MiniTable {
    let n = group.len();
    let mut sorted: Vec<(usize, usize)> = group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    sorted.sort_unstable();
    let position = |p: usize| sorted.binary_search_by_key(&p, |&(q, _)| q).ok().map(|k| sorted[k].1);
    let mut points = alloc::vec![Points::ZERO; n];
    let mut meetings = alloc::vec![Vec::new(); n];
    for (i, &member) in group.iter().enumerate() {
        let mut met: Vec<usize> = Vec::new();
        for entry in &ctx.records[member].entries {
            let Some(j) = entry.opponent.and_then(position) else { continue };
            points[i] += entry.primary;
            met.push(j);
        }
        met.sort_unstable();
        let mut counted: Vec<(usize, usize)> = Vec::new();
        for j in met {
            match counted.last_mut() {
                Some((last, count)) if *last == j => *count += 1,
                _ => counted.push((j, 1)),
            }
        }
        meetings[i] = counted;
    }
    MiniTable { points, meetings }
}

/// 两人对赛胜负 / 直接对局 / 直胜 / 两队对赛胜方: the points the tied participants scored against each other, on
/// the primary score (the game, or the match: "两队对赛胜方" in team events). Forfeits between them count.
///
/// * [`EncounterMode::PairOnly`]: a tie of exactly two who met (AXF 2008 第二章第五节 二(B), ROC 2007 第六節 二(B)).
/// * [`EncounterMode::MiniTable`]: any tie in which every two met (CXA 2011 14.1 直胜).
/// * [`EncounterMode::Fide`]: FIDE 2024 §6; when not all met, the value is a level: a player whose points exceed
///   every other member's maximum possible points is ranked first (level = group size), then the next, …
///
/// Where the mode does not apply, every member gets [`Value::NotApplicable`].
pub(crate) fn direct_encounter(ctx: &Context<'_>, group: &[usize], mode: EncounterMode) -> Vec<Value> {
    let n = group.len();
    let not_applicable = || alloc::vec![Value::NotApplicable; n];
    if n < 2 {
        return not_applicable();
    }
    let table = mini_table(ctx, group);
    let all_met = table.all_met();
    let points = || table.points.iter().map(|&p| Value::Points(p)).collect();
    match mode {
        EncounterMode::PairOnly if n == 2 && all_met => points(),
        EncounterMode::PairOnly => not_applicable(),
        EncounterMode::MiniTable if all_met => points(),
        EncounterMode::MiniTable => not_applicable(),
        EncounterMode::Fide if all_met => points(),
        EncounterMode::Fide => fide_levels(ctx, &table, n),
    }
}

/// FIDE 2024 §6.2 when not every two members met: repeatedly, the member whose points exceed the maximum
/// possible points of every other remaining member is placed next.
fn fide_levels(ctx: &Context<'_>, table: &MiniTable, n: usize) -> Vec<Value> {
    let tournament = ctx.tournament;
    let scoring = &tournament.scoring;
    let best_pairing =
        if tournament.scores_matches() { scoring.match_win } else { scoring.win.max(scoring.forfeit_win) };
    let scheduled = if tournament.system == System::RoundRobin { tournament.cycles } else { 1 };
    let maximum: Vec<Points> = (0..n)
        .map(|i| table.points[i] + best_pairing * i64::try_from(table.missing(i, scheduled)).unwrap_or(0))
        .collect();
    let mut levels = alloc::vec![0_i64; n];
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut level = i64::try_from(n).unwrap_or(i64::MAX);
    while let Some(k) =
        remaining.iter().position(|&i| remaining.iter().all(|&j| j == i || table.points[i] > maximum[j]))
    {
        levels[remaining.remove(k)] = level;
        level -= 1;
    }
    levels.into_iter().map(Value::Count).collect()
}

/// 两人对赛时执后手者 / 对局时后走 (AXF 2008 第二章第五节 二(F); CXA 2011 14.1): of a tie of exactly two who played
/// exactly one game against each other, the one who moved second ranks higher (value 1, the other 0). Not
/// applicable if they met twice or not at all, or the game was not played over the board: the rule books
/// speak of one mutual game only.
pub(crate) fn second_mover_in_mutual_game(ctx: &Context<'_>, group: &[usize]) -> Vec<Value> {
    let not_applicable = || alloc::vec![Value::NotApplicable; group.len()];
    let &[a, b] = group else { return not_applicable() };
    let mut mutual_games = ctx.records[a]
        .entries
        .iter()
        .filter(|e| e.opponent == Some(b))
        .filter_map(|e| Some(&ctx.rounds[e.round].pairings[e.pairing?]))
        .flat_map(|pairing| {
            let side_of_a = pairing.side_of(a);
            pairing.boards.iter().flatten().filter(|g| g.result != CheckedResult::Annulled).map(move |g| (g, side_of_a))
        });
    match (mutual_games.next(), mutual_games.next()) {
        (Some((game, side_of_a)), None) if game.result.played() => {
            let a_second = i64::from(game.first_mover != side_of_a);
            alloc::vec![Value::Count(a_second), Value::Count(1 - a_second)]
        }
        _ => not_applicable(),
    }
}
