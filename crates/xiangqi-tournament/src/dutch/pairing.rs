//! [`Pairing`]: the pairs of a round, white first, and the bye.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// The pairing of one round, in bbpPairings' order: by the score of the higher player of each pair, then of the
/// lower, then by the higher player's pairing number; the bye last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The pairs as (white, black) start numbers.
    pub pairs: Vec<(u32, u32)>,
    /// The player given the pairing-allocated bye, if any.
    pub bye: Option<u32>,
}

impl Pairing {
    /// The pairing as bbpPairings' `-p` output writes it: the number of pairs (the bye counts as one), then one
    /// `white black` line a pair, the bye as `id 0`.
    ///
    /// ```
    /// use xiangqi::tournament::dutch::Pairing;
    ///
    /// let pairing = Pairing { pairs: vec![(1, 3), (4, 2)], bye: Some(5) };
    /// assert_eq!(pairing.bbp_text(), "3\n1 3\n4 2\n5 0\n");
    /// ```
    #[must_use]
    pub fn bbp_text(&self) -> String {
        let mut text = String::new();
        let count = self.pairs.len() + usize::from(self.bye.is_some());
        let _ = writeln!(text, "{count}");
        for (white, black) in &self.pairs {
            let _ = writeln!(text, "{white} {black}");
        }
        if let Some(bye) = self.bye {
            let _ = writeln!(text, "{bye} 0");
        }
        text
    }
}
