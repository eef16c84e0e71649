//! [`Wide`]: a fixed-width two's-complement integer of `N` 64-bit limbs, the edge weights and duals of the
//! matching (the Dutch criteria need hundreds of bits: one field per criterion, each wide enough for a sum over
//! all pairs).

use core::cmp::Ordering;

/// A signed integer of `64 × N` bits in two's complement, least significant limb first. Addition and
/// subtraction wrap (the matching keeps every value far from the limits).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Wide<N> {
    /// Zero.
    pub(crate) const ZERO: Wide<N> = Wide([0; N]);

    /// A small non-negative value.
    pub(crate) fn from_u64(value: u64) -> Wide<N> {
        let mut limbs = [0; N];
        limbs[0] = value;
        Wide(limbs)
    }

    /// Whether the value is zero.
    #[inline]
    pub(crate) fn is_zero(&self) -> bool {
        self.0.iter().fold(0, |any, &limb| any | limb) == 0
    }

    /// Whether the value is negative (the top bit set).
    #[cfg(test)]
    pub(crate) fn is_negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    /// Whether the value is odd.
    pub(crate) fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }

    /// `self + other`, wrapping.
    #[must_use]
    #[inline]
    pub(crate) fn add(&self, other: &Wide<N>) -> Wide<N> {
        let mut out = [0; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }

    /// `self - other`, wrapping.
    #[must_use]
    #[inline]
    pub(crate) fn sub(&self, other: &Wide<N>) -> Wide<N> {
        let mut out = [0; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *slot = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }

    /// `self + plus - minus`, wrapping, in one pass (a slack: two duals less a doubled weight).
    #[inline]
    #[must_use]
    pub(crate) fn add_sub(&self, plus: &Wide<N>, minus: &Wide<N>) -> Wide<N> {
        let mut out = [0; N];
        let mut carry = false;
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(plus.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            carry = c1 || c2;
            let (diff, b1) = sum.overflowing_sub(minus.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            borrow = b1 || b2;
            *slot = diff;
        }
        Wide(out)
    }

    /// `self << bits` (bits shifted out are lost).
    #[must_use]
    pub(crate) fn shl(&self, bits: u32) -> Wide<N> {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0; N];
        for i in (limbs..N).rev() {
            let low = self.0[i - limbs];
            out[i] = low << rest;
            if rest > 0 && i > limbs {
                out[i] |= self.0[i - limbs - 1] >> (64 - rest);
            }
        }
        Wide(out)
    }

    /// `self + (value << bits)`, wrapping (bits shifted out of the top are lost): one field of a weight put in
    /// place without shifting the whole value.
    #[must_use]
    pub(crate) fn add_at(&self, bits: u32, value: u64) -> Wide<N> {
        let limb = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = *self;
        if limb >= N {
            return out;
        }
        // The value spread over two limbs: its low part at `limb`, what it shifted out at `limb + 1`.
        let high = if rest == 0 { 0 } else { value >> (64 - rest) };
        let mut carry = 0;
        for (i, addend) in [(limb, value << rest), (limb + 1, high)] {
            if i >= N {
                return out;
            }
            let (sum, c1) = out.0[i].overflowing_add(addend);
            let (sum, c2) = sum.overflowing_add(carry);
            out.0[i] = sum;
            carry = u64::from(c1 || c2);
        }
        for slot in out.0.iter_mut().skip(limb + 2) {
            if carry == 0 {
                break;
            }
            let (sum, c) = slot.overflowing_add(carry);
            *slot = sum;
            carry = u64::from(c);
        }
        out
    }

    /// Half the value, rounded towards minus infinity (an arithmetic shift right by one).
    #[must_use]
    pub(crate) fn half(&self) -> Wide<N> {
        let mut out = [0; N];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i] >> 1;
            if i + 1 < N {
                *slot |= self.0[i + 1] << 63;
            }
        }
        out[N - 1] |= self.0[N - 1] & (1 << 63);
        Wide(out)
    }

    /// `self | value` on the lowest limb.
    #[must_use]
    pub(crate) fn or_low(&self, value: u64) -> Wide<N> {
        let mut out = *self;
        out.0[0] |= value;
        out
    }
}

// Limb by limb without a call to `memcmp` (what the derived comparison of a large array becomes).
impl<const N: usize> PartialEq for Wide<N> {
    #[inline]
    fn eq(&self, other: &Wide<N>) -> bool {
        self.0.iter().zip(&other.0).fold(0, |differ, (&a, &b)| differ | (a ^ b)) == 0
    }
}

impl<const N: usize> Eq for Wide<N> {}

impl<const N: usize> Ord for Wide<N> {
    #[inline]
    fn cmp(&self, other: &Wide<N>) -> Ordering {
        // The top limb signed, the others unsigned, most significant first.
        match (self.0[N - 1] as i64).cmp(&(other.0[N - 1] as i64)) {
            Ordering::Equal => {}
            unequal => return unequal,
        }
        for i in (0..N - 1).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Wide<N>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::Wide;

    #[test]
    fn arithmetic_across_limbs() {
        let one = Wide::<2>::from_u64(1);
        let big = one.shl(64);
        assert_eq!(big.0, [0, 1]);
        assert_eq!(big.sub(&one).0, [u64::MAX, 0]);
        assert_eq!(big.sub(&one).add(&one), big);
        assert_eq!(one.shl(70).0, [0, 64]);
        assert_eq!(Wide::<2>([u64::MAX, 5]).shl(4).0, [u64::MAX << 4, (5 << 4) | 15]);
        assert_eq!(big.half().0, [1 << 63, 0]);
        let minus_one = Wide::<2>::ZERO.sub(&one);
        assert!(minus_one.is_negative() && minus_one < Wide::ZERO && minus_one < big);
        assert_eq!(minus_one.half(), minus_one);
        assert_eq!(Wide::<2>::from_u64(6).half(), Wide::from_u64(3));
        assert!(big > Wide::from_u64(u64::MAX));
        assert_eq!(big.add_sub(&one, &big), one);
        assert_eq!(one.add_sub(&Wide::ZERO, &big), one.sub(&big));
        assert_eq!(Wide::<3>::ZERO.add_at(60, 0xff).0, [0xf << 60, 0xf, 0]);
        assert_eq!(Wide::<3>([0, u64::MAX, 0]).add_at(64, 1).0, [0, 0, 1]);
        assert_eq!(Wide::<3>([0, u64::MAX, 0]).add_at(0, 1).0, [1, u64::MAX, 0]);
        assert_eq!(Wide::<2>([0, u64::MAX]).add_at(64, 2).0, [0, 1]);
        assert_eq!(Wide::<2>::ZERO.add_at(128, 5), Wide::ZERO);
        assert_eq!(Wide::<3>([u64::MAX, u64::MAX, 0]).add_at(0, 1).0, [0, 0, 1]);
    }
}
