//! Withdrawals (中途退出): AXF 2008 第二章第六节 三–四, ROC 2007 第七節 三–四.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::checked::{CheckedGame, CheckedPairing, CheckedResult, CheckedRound, PairingSide};
use crate::kinds::System;
use crate::policy::{ExactHalf, WithdrawalCount, WithdrawalPolicy};
use crate::tournament::Tournament;

/// How a withdrawal was applied.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WithdrawalNote {
    /// The participant.
    pub id: String,
    /// Rounds before leaving.
    pub after_round: usize,
    /// Opponents or pairings played (per [`WithdrawalCount`]); for a Swiss event, pairings played.
    pub played: usize,
    /// Opponents or pairings of the whole round robin; for a Swiss event, the number of rounds.
    pub total: usize,
    /// Whether every result of the participant was annulled, the opponents' points included.
    pub annulled: bool,
}

/// The rounds with every withdrawal applied (borrowed when nobody withdrew), and what was done.
pub(crate) fn apply<'a>(
    tournament: &'a Tournament,
    policy: &WithdrawalPolicy,
) -> (Cow<'a, [CheckedRound]>, Vec<WithdrawalNote>) {
    if tournament.withdrawals.is_empty() {
        return (Cow::Borrowed(&tournament.rounds), Vec::new());
    }
    let mut rounds = tournament.rounds.clone();
    let mut notes = Vec::with_capacity(tournament.withdrawals.len());
    for &(player, after) in &tournament.withdrawals {
        let (played, total) = count_played(tournament, player, after, policy.count);
        let annulled = tournament.system == System::RoundRobin
            && match policy.exact_half {
                ExactHalf::Keep => 2 * played < total,
                ExactHalf::Annul => 2 * played <= total,
            };
        if annulled {
            annul(&mut rounds, player);
        } else {
            forfeit_from(&mut rounds, player, after);
            if tournament.system == System::RoundRobin {
                add_missing_forfeits(tournament, &mut rounds, player);
            }
        }
        notes.push(WithdrawalNote { id: tournament.ids[player].clone(), after_round: after, played, total, annulled });
    }
    (Cow::Owned(rounds), notes)
}

/// What the participant played before leaving, against what the round robin holds.
fn count_played(tournament: &Tournament, player: usize, after: usize, count: WithdrawalCount) -> (usize, usize) {
    let opponents_total = tournament.len().saturating_sub(1);
    let played_pairings = tournament.rounds[..after]
        .iter()
        .flat_map(|round| round.pairings.iter())
        .filter(|p| p.sides.contains(&player) && p.boards.iter().flatten().any(|g| g.result.played()));
    if tournament.system == System::Swiss {
        return (played_pairings.count(), tournament.rounds.len());
    }
    match count {
        WithdrawalCount::Games => (played_pairings.count(), opponents_total * tournament.cycles),
        WithdrawalCount::Opponents => {
            let mut opponents: Vec<usize> = played_pairings.map(|p| p.opponent_of(player)).collect();
            opponents.sort_unstable();
            opponents.dedup();
            (opponents.len(), opponents_total)
        }
    }
}

/// Every result of the participant is annulled, the opponents' points included ("一概注销").
fn annul(rounds: &mut [CheckedRound], player: usize) {
    for round in rounds {
        round.byes.retain(|&(p, _)| p != player);
        for pairing in round.pairings.iter_mut().filter(|p| p.sides.contains(&player)) {
            for game in pairing.boards.iter_mut().flatten() {
                game.result = CheckedResult::Annulled;
            }
        }
    }
}

/// Pairings after the withdrawal become forfeits won by the opponent ("未赛对局均作弃权，对方获胜").
fn forfeit_from(rounds: &mut [CheckedRound], player: usize, after: usize) {
    for round in rounds.iter_mut().skip(after) {
        for pairing in round.pairings.iter_mut().filter(|p| p.sides.contains(&player)) {
            let winner = pairing.side_of(player).other();
            for game in pairing.boards.iter_mut().flatten() {
                *game = CheckedGame { result: CheckedResult::Won { winner, forfeit: true }, fouls: [0, 0], ..*game };
            }
        }
    }
}

/// Round-robin pairings that the event never recorded for the withdrawn participant are added as forfeits won
/// by the opponent, in the last round (only the round-based Swiss criteria look at rounds).
fn add_missing_forfeits(tournament: &Tournament, rounds: &mut [CheckedRound], player: usize) {
    let Some(last) = rounds.len().checked_sub(1) else { return };
    let mut met = alloc::vec![0usize; tournament.len()];
    for pairing in rounds.iter().flat_map(|r| r.pairings.iter()).filter(|p| p.sides.contains(&player)) {
        met[pairing.opponent_of(player)] += 1;
    }
    let forfeit = CheckedResult::Won { winner: PairingSide::First, forfeit: true };
    let games = alloc::vec![
        CheckedGame { first_mover: PairingSide::First, result: forfeit, fouls: [0, 0] };
        tournament.games_per_match
    ];
    for opponent in (0..tournament.len()).filter(|&o| o != player) {
        for _ in met[opponent]..tournament.cycles {
            let boards = alloc::vec![games.clone(); tournament.boards.max(1)];
            rounds[last].pairings.push(CheckedPairing { sides: [opponent, player], boards });
        }
    }
}
