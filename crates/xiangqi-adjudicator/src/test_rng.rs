//! A seeded random number generator for the unit tests' random games: the same games on every run.

/// Marsaglia's xorshift64: each call returns the next number of the sequence that `seed` (not zero) starts.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
