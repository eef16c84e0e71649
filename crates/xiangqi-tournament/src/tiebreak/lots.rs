//! 抽签: drawing of lots, reproducible from a seed.

use alloc::vec::Vec;

use super::context::Context;

/// A 64-bit mix of the seed and a participant id (FNV-1a, then the SplitMix64 finaliser).
pub(crate) fn lot_hash(seed: u64, id: &str) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ seed;
    for byte in id.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash = (hash ^ (hash >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash = (hash ^ (hash >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ (hash >> 31)
}

/// Each participant's lot number (1 = best), from the seed of
/// [`Policies::lots_seed`](crate::Policies::lots_seed) and the participant ids: the same seed and ids always
/// draw the same lots, whatever the input order.
pub(crate) fn lot_numbers(ctx: &Context<'_>) -> Vec<i64> {
    let ids = &ctx.tournament.ids;
    let seed = ctx.policies.lots_seed;
    let mut order: Vec<usize> = (0..ids.len()).collect();
    order.sort_by_cached_key(|&p| (lot_hash(seed, &ids[p]), ids[p].clone()));
    let mut numbers = alloc::vec![0; ids.len()];
    for (lot, &p) in order.iter().enumerate() {
        numbers[p] = i64::try_from(lot + 1).unwrap_or(i64::MAX);
    }
    numbers
}
