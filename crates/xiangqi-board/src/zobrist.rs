//! Zobrist hashing: a 64-bit key per position, for repetition detection and transposition tables.
//!
//! The key is the XOR of one random value per (piece, square) on the board, and of [`side_key`] when Black is to
//! move. Move counters do not enter the key. The values come from a fixed SplitMix64 sequence computed at compile
//! time, so keys are the same on every platform and in every version of this crate that keeps the seed.

use crate::{Color, Piece, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const SEED: u64 = 0x5869_616e_6771_6921; // "Xiangqi!"

static PIECE_KEYS: [[u64; 90]; 14] = {
    let mut table = [[0u64; 90]; 14];
    let mut state = SEED;
    let mut piece = 0;
    while piece < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (next, value) = splitmix64(state);
            state = next;
            table[piece][sq] = value;
            sq += 1;
        }
        piece += 1;
    }
    table
};

const SIDE_KEY: u64 = splitmix64(SEED ^ 0xffff_ffff_ffff_ffff).1;

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}

/// The key XORed in when Black is to move.
#[inline]
pub const fn side_key() -> u64 {
    SIDE_KEY
}

/// The side-to-move part of a key: 0 for Red, [`side_key`] for Black.
#[inline]
pub const fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => SIDE_KEY,
    }
}
