//! The colours of a pair (C.04.3 E): both preferences met, then the stronger preference, then alternation from
//! the last round the two had different colours, then the higher player's preference, and for two players
//! without one the pairing numbers against the initial colour.

use core::cmp::Ordering;

use super::state::{Entrant, RoundState};
use crate::trf::Side;

/// Whether `a` ranks below `b`: a lower score, or the same score and a larger pairing number.
pub(crate) fn ranks_below(a: &Entrant, b: &Entrant) -> bool {
    (a.score, b.rank) < (b.score, a.rank)
}

fn neutral_colour(player: &Entrant, opponent: &Entrant) -> Option<Side> {
    let (mine, theirs) = (player.preference, opponent.preference);
    if mine != theirs || mine.is_none() || theirs.is_none() {
        return mine.or(theirs.map(Side::other));
    }
    if player.absolute() && (player.imbalance > opponent.imbalance || !opponent.absolute()) {
        return mine;
    }
    if opponent.absolute() && (opponent.imbalance > player.imbalance || !player.absolute()) {
        return theirs.map(Side::other);
    }
    match (player.strong, opponent.strong) {
        (true, false) => return mine,
        (false, true) => return theirs.map(Side::other),
        _ => {}
    }
    let mut own = player.colours.iter().rev();
    let mut other = opponent.colours.iter().rev();
    loop {
        match (own.next(), other.next()) {
            (Some(a), Some(b)) if a == b => {}
            (Some(_), Some(&b)) => return Some(b),
            _ => return None,
        }
    }
}

/// The colour of `player` against `opponent`; `None` only when nothing decides and no initial colour is
/// known.
pub(crate) fn colour_of(state: &RoundState, player: &Entrant, opponent: &Entrant) -> Option<Side> {
    if let Some(colour) = neutral_colour(player, opponent) {
        return Some(colour);
    }
    let initial = state.initial_colour;
    let below = ranks_below(player, opponent);
    match player.preference {
        None if below => {
            if opponent.rank % 2 == 1 {
                initial
            } else {
                initial.map(Side::other)
            }
        }
        None => {
            if player.rank % 2 == 1 {
                initial.map(Side::other)
            } else {
                initial
            }
        }
        Some(own) => {
            if below {
                opponent.preference.map(Side::other)
            } else {
                Some(own)
            }
        }
    }
}

/// bbpPairings' output order of two pairs given as (white, black): the bye last, then the higher player's
/// score (highest first), the lower player's score, the higher player's pairing number.
pub(crate) fn output_order(state: &RoundState, a: (usize, Option<usize>), b: (usize, Option<usize>)) -> Ordering {
    let key = |(white, black): (usize, Option<usize>)| {
        let white_player = &state.players[white];
        match black {
            None => (true, 0, 0, white_player.rank),
            Some(black) => {
                let black_player = &state.players[black];
                let (higher, lower) = if ranks_below(white_player, black_player) {
                    (black_player, white_player)
                } else {
                    (white_player, black_player)
                };
                (false, u32::MAX - higher.score, u32::MAX - lower.score, higher.rank)
            }
        }
    };
    key(a).cmp(&key(b))
}
