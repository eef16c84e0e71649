//! [`pair_round`]: one round of a TRF file paired by the Dutch system.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::brackets::{pair_brackets, sorted_players, Pairs};
use super::colour::{colour_of, output_order};
use super::error::DutchError;
use super::pairing::Pairing;
use super::state::RoundState;
use super::weights::{bits_for, Layout};
use crate::trf::{Side, Trf};

/// Pairs round `round` (from 1) of `trf` from the rounds before it, as bbpPairings' `--dutch` does: later
/// rounds are ignored, and in round `round` itself only the byes decided before the pairing count (a half-
/// or zero-point bye, an absence: those players are not paired). The number of rounds comes from `XXR`; the
/// initial colour from `XXC`, or as bbpPairings infers it from the first round with colours.
///
/// # Errors
///
/// A [`DutchError`]: a `Trf` whose values are not those of a valid file (one read by [`Trf::parse`] always
/// is), round 0, a round after the last, no `XXR`, start numbers that are not 1 to n, a
/// feature not supported (acceleration, pairing by rank, byes or forbidden pairs by round), no pairing that
/// meets the absolute criteria, or an event too large.
pub fn pair_round(trf: &Trf, round: u32) -> Result<Pairing, DutchError> {
    // The fields are public: what the pairing reads is checked as `Trf::parse` checks a file.
    let checked = Trf::parse(&trf.to_string()).map_err(DutchError::InvalidFile)?;
    let state = RoundState::new(&checked, round)?;
    let scores: Vec<u32> = sorted_players(&state).iter().map(|&p| state.players[p].score).collect();
    let layout = Layout::new(&scores, state.played_rounds);
    let bits = layout.rest_bits() + 4 + bits_for(scores.len()) + 8;
    let pairs = match bits.div_ceil(64) {
        0 | 1 => pair_brackets::<1>(&state, &layout),
        2 => pair_brackets::<2>(&state, &layout),
        3 => pair_brackets::<3>(&state, &layout),
        4 => pair_brackets::<4>(&state, &layout),
        5 | 6 => pair_brackets::<6>(&state, &layout),
        7 | 8 => pair_brackets::<8>(&state, &layout),
        9..=12 => pair_brackets::<12>(&state, &layout),
        13..=16 => pair_brackets::<16>(&state, &layout),
        17..=24 => pair_brackets::<24>(&state, &layout),
        25..=32 => pair_brackets::<32>(&state, &layout),
        _ => return Err(DutchError::TooLarge { bits }),
    };
    let Pairs { pairs, bye } = pairs.ok_or(DutchError::NoValidPairing { round })?;
    let mut listed: Vec<(usize, Option<usize>)> = pairs
        .into_iter()
        .map(|(a, b)| {
            // The colour is chosen for the player with the smaller start number.
            let (first, second) = if state.players[a].id < state.players[b].id { (a, b) } else { (b, a) };
            let colour = colour_of(&state, &state.players[first], &state.players[second]);
            if colour == Some(Side::White) {
                (first, Some(second))
            } else {
                (second, Some(first))
            }
        })
        .collect();
    listed.extend(bye.map(|b| (b, None)));
    listed.sort_by(|&a, &b| output_order(&state, a, b));
    let id = |p: usize| state.players[p].id;
    Ok(Pairing {
        pairs: listed.iter().filter_map(|&(white, black)| black.map(|black| (id(white), id(black)))).collect(),
        bye: listed.iter().find(|(_, black)| black.is_none()).map(|&(white, _)| id(white)),
    })
}
