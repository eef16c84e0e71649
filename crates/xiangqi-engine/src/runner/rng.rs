//! [`SplitMix64`]: a tiny deterministic generator, for shuffling openings with a seed.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): one 64-bit state,
/// one addition and three xor-shift-multiplies per number. The same seed gives the same numbers on every
/// platform; it is not for anything that must be unpredictable.
///
/// ```
/// use xiangqi::engine::runner::SplitMix64;
///
/// let mut rng = SplitMix64::new(7);
/// let mut items = [1, 2, 3, 4, 5];
/// rng.shuffle(&mut items);
/// let mut again = [1, 2, 3, 4, 5];
/// SplitMix64::new(7).shuffle(&mut again);
/// assert_eq!(items, again);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), without the bias of a plain remainder (Lemire's multiply-shift with
    /// rejection).
    pub fn below(&mut self, bound: u64) -> u64 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_sequence() {
        // The first outputs for the seed 1234567, computed independently with a Python transcription of the algorithm.
        let mut rng = SplitMix64::new(1_234_567);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423]);
    }

    #[test]
    fn a_shuffle_is_a_permutation_and_depends_on_the_seed() {
        let mut a: Vec<u32> = (0..50).collect();
        SplitMix64::new(1).shuffle(&mut a);
        let mut b: Vec<u32> = (0..50).collect();
        SplitMix64::new(2).shuffle(&mut b);
        assert_ne!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        let mut rng = SplitMix64::new(3);
        assert!((0..1000).all(|_| rng.below(7) < 7));
    }
}
