//! The checks of a whole file after reading: opponents exist and agree, nobody is paired twice, scores add up.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::entry::{RoundEntry, TrfPlayer, Worth};
use super::error::{TrfError, TrfErrorKind};
use super::file::Trf;
use super::point_values::{PointValues, Tenths};

/// Where each player line and `XXP` line was, for the checks' messages.
pub(crate) struct LineNumbers {
    /// The line of each player, in the order of [`Trf::players`].
    pub(crate) players: Vec<usize>,
    /// The line of each `XXP` group, in the order of [`Trf::forbidden_pairs`].
    pub(crate) forbidden_pairs: Vec<usize>,
}

/// What one round entry scores under the point values (bbpPairings' reading of the letters).
pub(crate) fn entry_points(entry: &RoundEntry, points: &PointValues) -> u32 {
    match entry.result.worth() {
        Worth::Win if entry.is_pairing_allocated_bye() => points.pairing_allocated_bye,
        Worth::Win => points.win,
        Worth::Draw => points.draw,
        Worth::Loss if entry.opponent.is_none() => points.zero_point_bye,
        Worth::Loss if entry.was_played() => points.loss,
        Worth::Loss => points.forfeit_loss,
    }
}

/// The sum of a player's first `rounds` entries.
pub(crate) fn score_after(player: &TrfPlayer, rounds: usize, points: &PointValues) -> u32 {
    player.rounds.iter().take(rounds).flatten().map(|entry| entry_points(entry, points)).sum()
}

fn points_text(tenths: u32) -> String {
    format!("{}", Tenths(tenths))
}

/// Checks the file as a whole; the first error found, in line order.
pub(crate) fn check(trf: &Trf, lines: &LineNumbers) -> Result<(), TrfError> {
    let line_of: BTreeMap<u32, usize> =
        trf.players.iter().zip(&lines.players).map(|(player, &line)| (player.id, line)).collect();
    let player_of: BTreeMap<u32, &TrfPlayer> = trf.players.iter().map(|player| (player.id, player)).collect();
    let paired_rounds = usize::try_from(trf.paired_rounds()).unwrap_or(usize::MAX);
    // (round, opponent) → the line that named the opponent first.
    let mut named: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for (player, &line) in trf.players.iter().zip(&lines.players) {
        let at = |kind| TrfError { line, kind };
        for (round, entry) in (1u32..).zip(&player.rounds) {
            let Some(entry) = entry else { continue };
            let Some(opponent) = entry.opponent else { continue };
            let Some(theirs) = player_of.get(&opponent) else {
                return Err(at(TrfErrorKind::UnknownPlayer { round: Some(round), id: opponent }));
            };
            if let Some(&other_line) = named.get(&(round, opponent)) {
                return Err(at(TrfErrorKind::PairedTwice { round, id: opponent, other_line }));
            }
            named.insert((round, opponent), line);
            let opponent_line = line_of[&opponent];
            let mismatch = |reason| TrfErrorKind::Mismatch { round, opponent, opponent_line, reason };
            let Some(their_entry) = theirs.round(round) else {
                return Err(at(mismatch("their line has no game in this round")));
            };
            if their_entry.opponent != Some(player.id) {
                return Err(at(mismatch("their line names another opponent")));
            }
            if their_entry.colour.map(super::entry::Side::other) != entry.colour {
                return Err(at(mismatch("the colours are not opposite")));
            }
            if !entry.result.fits_opponent(their_entry.result) {
                return Err(at(mismatch("the results do not fit")));
            }
        }
        let all = score_after(player, player.rounds.len(), &trf.points);
        let paired = score_after(player, paired_rounds, &trf.points);
        if player.points != all && player.points != paired {
            return Err(at(TrfErrorKind::InconsistentScore {
                id: player.id,
                written: points_text(player.points),
                computed: points_text(all),
            }));
        }
    }
    for (group, &line) in trf.forbidden_pairs.iter().zip(&lines.forbidden_pairs) {
        if let Some(&id) = group.iter().find(|id| !player_of.contains_key(id)) {
            return Err(TrfError { line, kind: TrfErrorKind::UnknownPlayer { round: None, id } });
        }
    }
    Ok(())
}
