//! What an event asks of the pairing of its coming rounds, checked: late entries, byes asked for in advance and
//! forbidden pairs ([`LateEntry`](crate::LateEntry), [`ByeRequest`](crate::ByeRequest),
//! [`ForbiddenPair`](crate::ForbiddenPair)), participants as indices.

use alloc::format;
use alloc::vec::Vec;

use crate::checked::CheckedRound;
use crate::event_error::{EventError, FieldPath};
use crate::kinds::ByeKind;
use crate::model::Event;

/// The checked requests of an event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PairingRequests {
    /// (participant, the first round played, from 1).
    pub(crate) late_entries: Vec<(usize, usize)>,
    /// (participant, round from 1, what the bye scores).
    pub(crate) byes: Vec<(usize, usize, ByeKind)>,
    /// (participants kept apart, the last round they are; `None`: every round).
    pub(crate) forbidden: Vec<(Vec<usize>, Option<usize>)>,
}

impl PairingRequests {
    /// The round (from 1) from which `player` plays: 1 unless a late entry.
    pub(crate) fn first_round(&self, player: usize) -> usize {
        self.late_entries.iter().find(|&&(p, _)| p == player).map_or(1, |&(_, round)| round)
    }

    /// The bye `player` asked for in `round` (from 1), if any.
    pub(crate) fn bye(&self, player: usize, round: usize) -> Option<ByeKind> {
        self.byes.iter().find(|&&(p, r, _)| p == player && r == round).map(|&(_, _, kind)| kind)
    }

    /// Every two participants who must not be paired in `round` (from 1).
    pub(crate) fn forbidden_pairs(&self, round: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let apart = self.forbidden.iter().filter(move |(_, until)| until.is_none_or(|last| round <= last));
        apart.flat_map(|(players, _)| {
            players.iter().enumerate().flat_map(move |(i, &a)| players[i + 1..].iter().map(move |&b| (a, b)))
        })
    }
}

/// A participant id looked up, or the error naming the field.
pub(crate) type Lookup<'a> = dyn Fn(&str, FieldPath) -> Result<usize, EventError> + 'a;

/// Checks the requests: known ids, rounds from 1, nothing listed twice, two or more participants kept apart, and
/// no late entrant in a round before its entry.
pub(crate) fn check_requests(
    event: &Event,
    lookup: &Lookup<'_>,
    rounds: &[CheckedRound],
) -> Result<PairingRequests, EventError> {
    let mut requests = PairingRequests::default();
    let round_number = |value: u32, at: &str| -> Result<usize, EventError> {
        match usize::try_from(value) {
            Ok(round) if round >= 1 => Ok(round),
            _ => Err(EventError::InvalidSetting { at: at.into(), reason: "rounds are counted from 1".into() }),
        }
    };
    for (i, entry) in event.late_entries.iter().enumerate() {
        let at = |field: &str| format!("late_entries[{i}].{field}");
        let player = lookup(&entry.player, at("player"))?;
        if requests.late_entries.iter().any(|&(p, _)| p == player) {
            return Err(EventError::DuplicateId { id: entry.player.clone(), at: at("player") });
        }
        let round = round_number(entry.round, &at("round"))?;
        if let Some(r) = rounds.iter().take(round - 1).position(|r| plays_in(r, player)) {
            return Err(EventError::InvalidSetting {
                at: at("round"),
                reason: format!("{:?} enters in round {round} but plays in round {}", entry.player, r + 1),
            });
        }
        requests.late_entries.push((player, round));
    }
    for (i, request) in event.bye_requests.iter().enumerate() {
        let at = |field: &str| format!("bye_requests[{i}].{field}");
        let player = lookup(&request.player, at("player"))?;
        let round = round_number(request.round, &at("round"))?;
        if requests.bye(player, round).is_some() {
            return Err(EventError::DuplicateId { id: request.player.clone(), at: at("player") });
        }
        requests.byes.push((player, round, request.kind));
    }
    for (i, group) in event.forbidden_pairs.iter().enumerate() {
        if group.players.len() < 2 {
            return Err(EventError::InvalidSetting {
                at: format!("forbidden_pairs[{i}].players"),
                reason: "two or more participants are kept apart".into(),
            });
        }
        let mut players = Vec::with_capacity(group.players.len());
        for (k, id) in group.players.iter().enumerate() {
            let at = format!("forbidden_pairs[{i}].players[{k}]");
            let p = lookup(id, at.clone())?;
            if players.contains(&p) {
                return Err(EventError::DuplicateId { id: id.clone(), at });
            }
            players.push(p);
        }
        let until =
            group.until_round.map(|r| round_number(r, &format!("forbidden_pairs[{i}].until_round"))).transpose()?;
        requests.forbidden.push((players, until));
    }
    Ok(requests)
}

/// Whether `player` has a pairing or a bye in `round`.
fn plays_in(round: &CheckedRound, player: usize) -> bool {
    round.pairings.iter().any(|p| p.sides.contains(&player)) || round.byes.iter().any(|&(p, _)| p == player)
}
