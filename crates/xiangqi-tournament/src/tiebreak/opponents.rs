//! Criteria summing the opponents' scores: 小分 (Sonneborn-Berger), 对手分 (Buchholz) and 强对手分.

use alloc::vec::Vec;

use super::context::Context;
use super::criterion::{Basis, Trim};
use crate::points::Points;
use crate::policy::{ByeOpponent, ForfeitOpponent};
use crate::record::{Entry, MatchResult};

/// Every participant's final score on the basis.
fn final_scores(ctx: &Context<'_>, basis: Basis) -> Vec<Points> {
    ctx.records
        .iter()
        .map(|r| match basis {
            Basis::Score => r.primary,
            Basis::GamePoints => r.game_points,
        })
        .collect()
}

/// The entries whose opponent counts: all but forfeits, and forfeits too under [`ForfeitOpponent::Counted`].
fn counted_entries<'e>(ctx: &Context<'_>, entries: &'e [Entry]) -> impl Iterator<Item = &'e Entry> {
    let forfeits_count = ctx.policies.forfeits.opponents == ForfeitOpponent::Counted;
    entries.iter().filter(move |e| forfeits_count || !e.is_forfeit())
}

/// Values a bye's "opponent" with the [`ByeOpponent`] policy (AXF 2008 is silent; CXA 2011 14.4 names
/// "有分棋手中的最低得分").
struct ByeValuer<'a> {
    ctx: &'a Context<'a>,
    basis: Basis,
    lowest: Points,
    lowest_nonzero: Points,
    scores: &'a [Points],
}

impl<'a> ByeValuer<'a> {
    fn new(ctx: &'a Context<'a>, basis: Basis, scores: &'a [Points]) -> ByeValuer<'a> {
        let lowest = scores.iter().copied().min().unwrap_or(Points::ZERO);
        let lowest_nonzero = scores.iter().copied().filter(|&s| s > Points::ZERO).min().unwrap_or(Points::ZERO);
        ByeValuer { ctx, basis, lowest, lowest_nonzero, scores }
    }

    /// The score credited for the opponent of an entry without a real opponent (a bye, or a forfeit valued
    /// like a bye).
    fn value(&self, player: usize, entry: &Entry) -> Points {
        match self.ctx.policies.bye_opponent {
            ByeOpponent::Zero => Points::ZERO,
            ByeOpponent::Lowest => self.lowest,
            ByeOpponent::LowestNonZero => self.lowest_nonzero,
            ByeOpponent::Own => self.scores[player],
            ByeOpponent::Virtual => self.virtual_opponent(player, entry),
        }
    }

    /// FIDE 2009: the player's points before the round, the round's result reversed, then draws.
    fn virtual_opponent(&self, player: usize, entry: &Entry) -> Points {
        let record = &self.ctx.records[player];
        let basis_points = |e: &Entry| match self.basis {
            Basis::Score => e.primary,
            Basis::GamePoints => e.game_points,
        };
        let before: Points = record.entries.iter().filter(|e| e.round < entry.round).map(basis_points).sum();
        let (win, draw, loss) = self.result_values();
        let reversed = match entry.result {
            MatchResult::Win => loss,
            MatchResult::Draw => draw,
            MatchResult::Loss => win,
        };
        let later_rounds = self.ctx.rounds.len().saturating_sub(entry.round + 1);
        before + reversed + draw * i64::try_from(later_rounds).unwrap_or(0)
    }

    /// What a pairing's win, draw and loss are worth on the basis.
    fn result_values(&self) -> (Points, Points, Points) {
        let tournament = self.ctx.tournament;
        let scoring = &tournament.scoring;
        if self.basis == Basis::Score && tournament.scores_matches() {
            return (scoring.match_win, scoring.match_draw, scoring.match_loss);
        }
        let games = i64::try_from(tournament.boards.max(1) * tournament.games_per_match).unwrap_or(1);
        let draw = Points::from_quarters((scoring.draw_first_mover + scoring.draw_second_mover).quarters() / 2);
        (scoring.win * games, draw * games, scoring.loss * games)
    }
}

/// 小分, Sonneborn-Berger: the final scores of the opponents beaten plus half the final scores of the opponents
/// drawn ("所胜对手之总积分及所和对手半数积分之总和", AXF 2008 第二章第五节 1; ROC 2007 第六節 二(A)). In team events
/// the same on match points ("所胜对手全部场分，所和对手一半场分", AXF 四(B)).
///
/// The text definition is used under the asymmetric scoring of CXA 2011 13.3 too (full for a win, half for a
/// draw, whatever the points). A bye has no opponent and
/// adds nothing; a forfeit counts as played under [`ForfeitOpponent::Counted`] and adds nothing otherwise.
pub(crate) fn sonneborn_berger(ctx: &Context<'_>) -> Vec<Points> {
    let scores = final_scores(ctx, Basis::Score);
    ctx.records
        .iter()
        .map(|record| {
            counted_entries(ctx, &record.entries)
                .filter_map(|e| {
                    let opponent = scores[e.opponent?];
                    match e.result {
                        MatchResult::Win => Some(opponent),
                        MatchResult::Draw => Some(opponent.half()),
                        MatchResult::Loss => None,
                    }
                })
                .sum()
        })
        .collect()
}

/// The contribution of each round to a participant's Buchholz on the basis.
fn contributions(ctx: &Context<'_>, valuer: &ByeValuer<'_>, player: usize) -> Vec<Points> {
    ctx.records[player]
        .entries
        .iter()
        .map(|entry| match entry.opponent {
            None => valuer.value(player, entry),
            Some(opponent) if entry.is_forfeit() => match ctx.policies.forfeits.opponents {
                ForfeitOpponent::Counted => valuer.scores[opponent],
                ForfeitOpponent::Excluded => Points::ZERO,
                ForfeitOpponent::LikeBye => valuer.value(player, entry),
            },
            Some(opponent) => valuer.scores[opponent],
        })
        .collect()
}

/// Sums the contributions without the ones the trim leaves out.
fn trimmed_sum(mut contributions: Vec<Points>, trim: Trim) -> Points {
    let (low, high) = match trim {
        Trim::None => (0, 0),
        Trim::Cut(k) => (usize::from(k), 0),
        Trim::Median(k) => (usize::from(k), usize::from(k)),
    };
    if low + high >= contributions.len() {
        return Points::ZERO;
    }
    contributions.sort_unstable();
    contributions[low..contributions.len() - high].iter().copied().sum()
}

/// 对手分, Buchholz: the sum of the final scores of all opponents met ("所遇对手积分之总和", AXF 2008 第二章第五节
/// 2; CXA 2011 14.3.1); on match points 对手总场分 and on game points 对手总局分 (AXF 五(A), 五(D)). Byes are
/// valued by [`ByeOpponent`], forfeits by [`ForfeitOpponent`]; `trim` gives the Cut and Median variants.
pub(crate) fn buchholz(ctx: &Context<'_>, basis: Basis, trim: Trim) -> Vec<Points> {
    let scores = final_scores(ctx, basis);
    let valuer = ByeValuer::new(ctx, basis, &scores);
    (0..ctx.len()).map(|p| trimmed_sum(contributions(ctx, &valuer, p), trim)).collect()
}

/// 强对手分: the sum of the opponents' Buchholz ("所有对手之对手分总和", ROC 2007 第六節 三(F)). A bye adds nothing,
/// a forfeit adds the opponent's Buchholz only under [`ForfeitOpponent::Counted`].
pub(crate) fn opponents_buchholz(ctx: &Context<'_>) -> Vec<Points> {
    let buchholz = buchholz(ctx, Basis::Score, Trim::None);
    ctx.records
        .iter()
        .map(|record| counted_entries(ctx, &record.entries).filter_map(|e| e.opponent.map(|o| buchholz[o])).sum())
        .collect()
}
