//! Colours (先后手) in a Swiss round: who takes Red.
//!
//! The rules, in order (AXF 2008 第三章第三节 一: "第一轮……均由单号先走，第二轮赛，尽可能让上一轮执红子者，在此轮执黑子"):
//!
//! 1. Neither has had a colour (round 1, two late entrants): the higher-ranked takes Red (round 1: the odd
//!    number).
//! 2. They last had different colours, or only one has had a colour: each takes the other colour from the last
//!    one.
//! 3. They last had the same colour: the one with more of it in a row changes, then the one with more of it in
//!    all, then the higher-ranked.
//!
//! So a third colour in a row is only given when both had that colour in their last two games.

use alloc::vec::Vec;

use xiangqi_board::Color;

/// The colours a participant has had, oldest first (rounds without a game leave nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ColourHistory(pub(crate) Vec<Color>);

impl ColourHistory {
    /// The last colour and how many times in a row it was had.
    fn streak(&self) -> Option<(Color, usize)> {
        let last = *self.0.last()?;
        Some((last, self.0.iter().rev().take_while(|&&c| c == last).count()))
    }

    /// How many more games of `colour` than of the other.
    fn imbalance(&self, colour: Color) -> i64 {
        self.0.iter().map(|&c| if c == colour { 1 } else { -1 }).sum()
    }

    /// The colour this participant is due: the other one from its last.
    fn due(&self) -> Option<Color> {
        self.streak().map(|(colour, _)| !colour)
    }
}

/// How well two participants fit by colour: both alternate, one does not, or one has a colour a third time in
/// a row. Lower is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ColourFit {
    BothAlternate,
    OneRepeats,
    ThirdInARow,
}

/// The colour fit of a pairing of `a` and `b`.
pub(crate) fn fit(a: &ColourHistory, b: &ColourHistory) -> ColourFit {
    match (a.streak(), b.streak()) {
        (Some((ca, na)), Some((cb, nb))) if ca == cb => {
            if na >= 2 && nb >= 2 {
                ColourFit::ThirdInARow
            } else {
                ColourFit::OneRepeats
            }
        }
        _ => ColourFit::BothAlternate,
    }
}

/// Whether `higher` (the higher-ranked of the two) takes Red against `lower`.
pub(crate) fn higher_takes_red(higher: &ColourHistory, lower: &ColourHistory) -> bool {
    match (higher.due(), lower.due()) {
        (None, None) => true,
        (Some(due), None) => due == Color::Red,
        (None, Some(due)) => due == Color::Black,
        (Some(a), Some(b)) if a != b => a == Color::Red,
        (Some(due), Some(_)) => {
            // Both are due `due`: the stronger claim gets it.
            let last = !due;
            let claim = |h: &ColourHistory| (h.streak().map_or(0, |(_, n)| n), h.imbalance(last));
            let higher_gets_due = claim(higher) >= claim(lower);
            higher_gets_due == (due == Color::Red)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{fit, higher_takes_red, ColourFit, ColourHistory};
    use xiangqi_board::Color::{Black, Red};

    fn h(colours: &[xiangqi_board::Color]) -> ColourHistory {
        ColourHistory(colours.to_vec())
    }

    #[test]
    fn the_side_that_had_red_takes_black() {
        assert!(higher_takes_red(&h(&[]), &h(&[])));
        assert!(!higher_takes_red(&h(&[Red]), &h(&[Black])));
        assert!(higher_takes_red(&h(&[Black]), &h(&[])));
        assert!(!higher_takes_red(&h(&[]), &h(&[Black])));
        // Both had Red last: the one with two in a row changes.
        assert!(higher_takes_red(&h(&[Black, Red]), &h(&[Red, Red])));
        assert!(!higher_takes_red(&h(&[Red, Red]), &h(&[Black, Red])));
        // Same streak: more Reds in all changes; then the higher-ranked keeps its due colour (Black).
        assert!(higher_takes_red(&h(&[Black, Black, Red]), &h(&[Red, Black, Red])));
        assert!(!higher_takes_red(&h(&[Red]), &h(&[Red])));
        assert!(higher_takes_red(&h(&[Black]), &h(&[Black])));
    }

    #[test]
    fn fits_rank_alternation_then_streaks() {
        assert_eq!(fit(&h(&[Red]), &h(&[Black])), ColourFit::BothAlternate);
        assert_eq!(fit(&h(&[Red]), &h(&[])), ColourFit::BothAlternate);
        assert_eq!(fit(&h(&[Red]), &h(&[Black, Red])), ColourFit::OneRepeats);
        assert_eq!(fit(&h(&[Red, Red]), &h(&[Black, Red, Red])), ColourFit::ThirdInARow);
    }
}
