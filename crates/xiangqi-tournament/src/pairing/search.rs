//! The search: which pairs, and who has the bye. Exact: whenever a pairing without rematches and forbidden
//! pairs exists it is found, and among those pairings the one chosen is, in this order of priority,
//!
//! 1. the one whose bye (with an odd number to pair) goes to the lowest-placed participant who has had none;
//! 2. one whose largest score difference inside a pair is the smallest possible;
//! 3. from the top down: the first participant in the pairing order meets the opponent of the smallest score
//!    difference, then (by [`ColourPreference`]) the best colour fit, then the nearest in the order (1–2, 3–4,
//!    …, a floated participant meeting the top of the next score group), among those opponents with whom the
//!    others can still all be paired; then the next participant not yet paired, and so on.
//!
//! Each "can the others still all be paired" is answered by a perfect matching kept up to date
//! ([`Matching`]): one augmenting-path search per opponent tried.

use alloc::vec::Vec;

use super::colours::{fit, ColourFit};
use super::matching::Matching;
use super::pairing_error::PairingError;
use super::rules::ColourPreference;
use super::standing::RoundState;
use crate::points::Points;

/// The pairs, the higher-placed first in each, in the order they were made (best first), and the bye.
pub(crate) struct Chosen {
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) bye: Option<usize>,
}

/// Chooses the pairing of the round.
pub(crate) fn search(state: &RoundState, colours: ColourPreference) -> Result<Chosen, PairingError> {
    let players = &state.to_pair;
    let round = state.round;
    if players.len() < 2 {
        return Err(PairingError::TooFewParticipants { round, available: players.len() });
    }
    let odd = players.len() % 2 == 1;
    let n = state.standings.len();
    let mut active = alloc::vec![false; n];
    for &p in players {
        active[p] = true;
    }
    let bye = if odd { Some(choose_bye(state, &active)?) } else { None };
    if let Some(b) = bye {
        active[b] = false;
    }
    let count = players.len();
    let no_pairing = || PairingError::NoPairing { round, count, with_bye: odd };
    let mut differences: Vec<Points> = Vec::new();
    for (i, &a) in players.iter().enumerate() {
        for &b in &players[i + 1..] {
            if active[a] && active[b] && state.may_meet(a, b) {
                differences.push(state.difference(a, b));
            }
        }
    }
    differences.sort_unstable();
    differences.dedup();
    let mut matching = None;
    for &limit in &differences {
        let mut candidate = Matching::new(graph(state, &active, Some(limit)), active.clone());
        if candidate.complete() {
            matching = Some((candidate, limit));
            break;
        }
    }
    let (mut matching, limit) = matching.ok_or_else(no_pairing)?;
    let mut paired = active.iter().map(|a| !a).collect::<Vec<bool>>();
    let mut pairs = Vec::with_capacity(count / 2);
    for &p in players {
        if paired[p] {
            continue;
        }
        let mut opponents: Vec<usize> = players
            .iter()
            .copied()
            .filter(|&q| !paired[q] && q != p && state.may_meet(p, q) && state.difference(p, q) <= limit)
            .collect();
        opponents.sort_by_key(|&q| {
            let colour_fit = match colours {
                ColourPreference::Alternate => fit(&state.standings[p].colours, &state.standings[q].colours),
                ColourPreference::Ignore => ColourFit::BothAlternate,
            };
            (state.difference(p, q), colour_fit, state.standings[q].place)
        });
        let opponent = opponents.into_iter().find(|&q| matching.fix_pair(p, q)).ok_or_else(no_pairing)?;
        paired[p] = true;
        paired[opponent] = true;
        pairs.push((p, opponent));
    }
    Ok(Chosen { pairs, bye })
}

/// The bye: the lowest-placed participant without a bye whose absence leaves a pairing of the others.
fn choose_bye(state: &RoundState, active: &[bool]) -> Result<usize, PairingError> {
    let round = state.round;
    let mut candidates = state.to_pair.iter().rev().copied().filter(|&p| !state.standings[p].had_bye).peekable();
    if candidates.peek().is_none() {
        return Err(PairingError::NoByeCandidate { round });
    }
    for candidate in candidates {
        let mut rest = active.to_vec();
        rest[candidate] = false;
        if Matching::new(graph(state, &rest, None), rest).complete() {
            return Ok(candidate);
        }
    }
    Err(PairingError::NoPairing { round, count: state.to_pair.len(), with_bye: true })
}

/// The pairs allowed among the active participants, with a score difference of at most `limit`.
fn graph(state: &RoundState, active: &[bool], limit: Option<Points>) -> Vec<Vec<usize>> {
    let players: Vec<usize> = state.to_pair.iter().copied().filter(|&p| active[p]).collect();
    let mut neighbours = alloc::vec![Vec::new(); state.standings.len()];
    for (i, &a) in players.iter().enumerate() {
        for &b in &players[i + 1..] {
            if state.may_meet(a, b) && limit.is_none_or(|limit| state.difference(a, b) <= limit) {
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
    }
    neighbours
}
