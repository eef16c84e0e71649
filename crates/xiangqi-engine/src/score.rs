//! [`Score`]: an engine's evaluation, in centipawns or moves to mate, with its bound.

use core::fmt;

/// An engine's evaluation of the position, from the side to move's view (as UCI and UCCI both report it).
///
/// ```
/// use xiangqi::engine::{Bound, Score, ScoreValue};
///
/// let score = Score { value: ScoreValue::Mate(-3), bound: Bound::Exact };
/// assert_eq!(score.to_string(), "mate -3");
/// assert_eq!(Score { value: ScoreValue::Centipawns(25), bound: Bound::Lower }.to_string(), "cp 25 lowerbound");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// The value.
    pub value: ScoreValue,
    /// Whether the value is exact or a bound.
    pub bound: Bound,
}

/// The value of a [`Score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreValue {
    /// Centipawns (UCI `score cp N`; UCCI's `score N`, where a horse or cannon is 100).
    Centipawns(i32),
    /// Moves to mate (UCI `score mate N`): positive when the side to move mates, negative or 0 (Fairy-Stockfish's
    /// `mate 0` in a mated position) when it is mated.
    Mate(i32),
}

/// Whether a [`Score`] is exact or a bound found in a search window (`lowerbound`, `upperbound`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The exact value.
    #[default]
    Exact,
    /// The value is at least this (`lowerbound`).
    Lower,
    /// The value is at most this (`upperbound`).
    Upper,
}

impl Score {
    /// The score as centipawns from the side to move's view, a mate counted as `mate_value` minus the number of
    /// moves (so that a nearer mate weighs more), for comparisons such as the runner's score adjudication.
    pub fn centipawns_or(self, mate_value: i32) -> i32 {
        match self.value {
            ScoreValue::Centipawns(cp) => cp,
            ScoreValue::Mate(moves) if moves > 0 => mate_value.saturating_sub(moves),
            ScoreValue::Mate(moves) => mate_value.saturating_add(moves).saturating_neg(),
        }
    }
}

impl fmt::Display for Score {
    /// The UCI form: `cp 25`, `mate -3`, with ` lowerbound` or ` upperbound` after a bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Centipawns(cp) => write!(f, "cp {cp}")?,
            ScoreValue::Mate(moves) => write!(f, "mate {moves}")?,
        }
        match self.bound {
            Bound::Exact => Ok(()),
            Bound::Lower => f.write_str(" lowerbound"),
            Bound::Upper => f.write_str(" upperbound"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_weigh_more_the_nearer_they_are() {
        let mate = |moves| Score { value: ScoreValue::Mate(moves), bound: Bound::Exact };
        assert_eq!(mate(2).centipawns_or(30_000), 29_998);
        assert_eq!(mate(-2).centipawns_or(30_000), -29_998);
        assert_eq!(mate(0).centipawns_or(30_000), -30_000, "mate 0: the side to move is mated");
        let cp = Score { value: ScoreValue::Centipawns(-140), bound: Bound::Upper };
        assert_eq!(cp.centipawns_or(30_000), -140);
        assert_eq!(cp.to_string(), "cp -140 upperbound");
    }
}
