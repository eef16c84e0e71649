//! The entry points: the next round of a checked event, or of an event file.

use alloc::vec::Vec;

use super::colours::higher_takes_red;
use super::pairing_error::PairingError;
use super::round_pairing::{PairedBye, PairedTable, RoundPairing};
use super::rules::{PairingRules, PairingSpec};
use super::search::search;
use super::standing::RoundState;
use crate::kinds::{EventKind, System};
use crate::model::Event;
use crate::tournament::Tournament;

/// The most participants an event may have for [`pair_next_round`]: the pairing keeps a table of every two of
/// them (who met, who may meet), 25 million entries at this size.
pub const MAX_PARTICIPANTS: usize = 5_000;

/// Pairs the next round of a Swiss event (积分编排), after the rounds it has.
///
/// Who is paired: every participant who has not withdrawn, has entered ([`LateEntry`](crate::LateEntry)) and
/// has asked for no bye this round ([`ByeRequest`](crate::ByeRequest): listed among the byes with its kind).
/// How: see the [module](super) documentation.
///
/// # Errors
///
/// [`PairingError::RoundRobin`] for a round-robin event; [`PairingError::TooManyParticipants`] above
/// [`MAX_PARTICIPANTS`]; [`PairingError::TooFewParticipants`] with fewer than two
/// to pair; [`PairingError::NoByeCandidate`] with an odd number to pair who have all had a bye;
/// [`PairingError::NoPairing`] when every pairing has a rematch or a forbidden pair.
pub fn pair_next_round(tournament: &Tournament, rules: &PairingRules) -> Result<RoundPairing, PairingError> {
    if tournament.system == System::RoundRobin {
        return Err(PairingError::RoundRobin);
    }
    if tournament.len() > MAX_PARTICIPANTS {
        return Err(PairingError::TooManyParticipants { count: tournament.len(), limit: MAX_PARTICIPANTS });
    }
    let state = RoundState::new(tournament, rules);
    let chosen = search(&state, rules.colours)?;
    let id = |p: usize| tournament.ids[p].clone();
    let score = |p: usize| state.standings[p].score;
    let tables = chosen
        .pairs
        .iter()
        .enumerate()
        .map(|(i, &(higher, lower))| {
            let standings = &state.standings;
            let (red, black) = if higher_takes_red(&standings[higher].colours, &standings[lower].colours) {
                (higher, lower)
            } else {
                (lower, higher)
            };
            PairedTable {
                table: i + 1,
                red: id(red),
                black: id(black),
                red_score: score(red),
                black_score: score(black),
            }
        })
        .collect();
    let mut byes: Vec<PairedBye> = chosen
        .bye
        .map(|p| PairedBye { player: id(p), kind: rules.bye, requested: false, score: score(p) })
        .into_iter()
        .collect();
    byes.extend(state.requested.iter().map(|&(p, kind)| PairedBye {
        player: id(p),
        kind,
        requested: true,
        score: score(p),
    }));
    let team = tournament.kind == EventKind::Team;
    Ok(RoundPairing { round: state.round, tables, byes, team, boards: if team { tournament.boards } else { 1 } })
}

/// Checks `event` and pairs its next round with the pairing of its ranking (its `ranking`, with `choice`'s on top,
/// as [`rank_event`](crate::rank_event) ranks it) and `choice`'s policies: what the `xiangqi pair` command does.
///
/// ```
/// use xiangqi::tournament::pairing::{pair_event, PairingSpec};
/// use xiangqi::tournament::{Event, System};
/// let event = Event { system: System::Swiss, ..Event::with_players(["1", "2", "3", "4", "5"]) };
/// let pairing = pair_event(&event, &PairingSpec::default())?;
/// // Round 1 (AXF 2008 第三章第三节 一): 1–2, 3–4, the odd numbers with Red; the last number has the bye.
/// assert_eq!(pairing.pairs(), [("1", "2"), ("3", "4")]);
/// assert_eq!(pairing.byes[0].player, "5");
/// # Ok::<_, xiangqi::tournament::pairing::PairingError>(())
/// ```
///
/// # Errors
///
/// The [`EventError`](crate::EventError) of an event that is not valid, as a [`PairingError::Event`]; then the
/// errors of [`pair_next_round`].
pub fn pair_event(event: &Event, choice: &PairingSpec) -> Result<RoundPairing, PairingError> {
    let tournament = Tournament::new(event)?;
    pair_next_round(&tournament, &choice.rules(&event.ranking, tournament.default_preset()))
}
