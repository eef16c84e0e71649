//! Where each participant stands before the round to pair: score, place in the order, colours, opponents met,
//! byes had, and whether it is to be paired at all.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use xiangqi_board::Color;

use super::colours::ColourHistory;
use super::rules::{ByeEligibility, ForfeitMeeting, GroupOrder, PairingRules};
use crate::checked::PairingSide;
use crate::kinds::ByeKind;
use crate::points::Points;
use crate::policy::{ChampionPolicy, OtherPlaces};
use crate::record::records;
use crate::standings::rank;
use crate::tiebreak::Criterion;
use crate::tournament::Tournament;
use crate::withdrawal::apply;

/// One participant before the round.
#[derive(Clone, Debug, Default)]
pub(crate) struct Standing {
    /// The primary score (积分, or 场分 in team events).
    pub(crate) score: Points,
    /// The place in the pairing order (0 = first): score, then the group order.
    pub(crate) place: usize,
    /// The colours had (in a match: the colour on board 1 in game 1).
    pub(crate) colours: ColourHistory,
    /// Whether the participant has had a bye that keeps it from the pairing's ([`ByeEligibility`]).
    pub(crate) had_bye: bool,
}

/// Everyone before the round.
pub(crate) struct RoundState {
    /// The round to pair, from 1.
    pub(crate) round: usize,
    pub(crate) standings: Vec<Standing>,
    /// The participants to pair, in pairing order (best first).
    pub(crate) to_pair: Vec<usize>,
    /// Byes asked for this round, in participant order.
    pub(crate) requested: Vec<(usize, ByeKind)>,
    /// `barred[a * n + b]`: whether a and b have met or must not meet this round.
    barred: Vec<bool>,
}

impl RoundState {
    /// The state of `tournament` before its next round.
    pub(crate) fn new(tournament: &Tournament, rules: &PairingRules) -> RoundState {
        let n = tournament.len();
        let round = tournament.rounds.len() + 1;
        let (rounds, _) = apply(tournament, &rules.ranking.policies.withdrawal);
        let records = records(tournament, &rounds, rules.ranking.policies.default_bye);
        let order = match rules.group_order {
            GroupOrder::PairingNumber => (0..n).collect(),
            GroupOrder::Standings => standings_order(tournament, rules),
        };
        let mut by_place: Vec<usize> = (0..n).collect();
        let position = {
            let mut position = alloc::vec![0; n];
            for (i, &p) in order.iter().enumerate() {
                position[p] = i;
            }
            position
        };
        by_place.sort_by_key(|&p| (core::cmp::Reverse(records[p].primary), position[p]));
        let mut standings = alloc::vec![Standing::default(); n];
        for (place, &p) in by_place.iter().enumerate() {
            standings[p].score = records[p].primary;
            standings[p].place = place;
        }
        let mut barred = alloc::vec![false; n * n];
        let default_bye = rules.ranking.policies.default_bye;
        for checked in &tournament.rounds {
            for pairing in &checked.pairings {
                let played = pairing.boards.iter().flatten().any(|game| game.result.played());
                if !played && rules.forfeits == ForfeitMeeting::NotMet {
                    continue;
                }
                let [a, b] = pairing.sides;
                barred[a * n + b] = true;
                barred[b * n + a] = true;
                let red_side = red_side(tournament, pairing.boards.first().and_then(|games| games.first()));
                for side in PairingSide::BOTH {
                    let colour = if side == red_side { Color::Red } else { Color::Black };
                    standings[pairing.sides[side]].colours.0.push(colour);
                }
            }
            for &(p, kind) in &checked.byes {
                let counts = match rules.bye_eligibility {
                    ByeEligibility::AnyBye => true,
                    ByeEligibility::FullByes => kind.unwrap_or(default_bye) == ByeKind::Full,
                };
                standings[p].had_bye |= counts;
            }
        }
        let requests = &tournament.requests;
        for a in 0..n {
            barred[a * n + a] = true;
        }
        for (a, b) in requests.forbidden_pairs(round) {
            barred[a * n + b] = true;
            barred[b * n + a] = true;
        }
        let withdrawn = |p: usize| tournament.withdrawals.iter().any(|&(q, _)| q == p);
        let requested: Vec<(usize, ByeKind)> = (0..n)
            .filter_map(|p| requests.bye(p, round).map(|kind| (p, kind)))
            .filter(|&(p, _)| !withdrawn(p))
            .collect();
        let to_pair = by_place
            .into_iter()
            .filter(|&p| !withdrawn(p) && requests.first_round(p) <= round && requests.bye(p, round).is_none())
            .collect();
        RoundState { round, standings, to_pair, requested, barred }
    }

    /// Whether `a` and `b` may be paired: they have not met and are not a forbidden pair this round.
    pub(crate) fn may_meet(&self, a: usize, b: usize) -> bool {
        !self.barred[a * self.standings.len() + b]
    }

    /// The score difference of a pairing.
    pub(crate) fn difference(&self, a: usize, b: usize) -> Points {
        let (x, y) = (self.standings[a].score, self.standings[b].score);
        if x > y {
            x - y
        } else {
            y - x
        }
    }
}

/// The side with Red in a pairing's first game (first-listed when it has none).
fn red_side(tournament: &Tournament, game: Option<&crate::checked::CheckedGame>) -> PairingSide {
    let Some(game) = game else { return PairingSide::First };
    if tournament.first_mover == Color::Red {
        game.first_mover
    } else {
        game.first_mover.other()
    }
}

/// The participants in the order of the ranking rules' standings; ties (shared places) by pairing number. No lots
/// are drawn for the pairing: the criterion 抽签 is left out, and the championship and other-places policies are set
/// to shared places.
fn standings_order(tournament: &Tournament, rules: &PairingRules) -> Vec<usize> {
    let mut ranking = rules.ranking.clone();
    ranking.criteria.retain(|&c| c != Criterion::Lots);
    ranking.policies.champion = ChampionPolicy::Shared;
    ranking.policies.other_places = OtherPlaces::Shared;
    let index: BTreeMap<&str, usize> = tournament.ids().enumerate().map(|(i, id)| (id, i)).collect();
    rank(tournament, &ranking).rows.iter().filter_map(|row| index.get(row.id.as_str()).copied()).collect()
}
