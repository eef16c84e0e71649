//! Score adjudication, as engine testers use it: a game is resigned for an engine when both engines agree that it
//! is lost, and drawn when both see it level for long enough.

use xiangqi_board::{ByColor, Color};

use crate::Score;

/// A mate counts as this many centipawns (less the moves to mate) when scores are compared.
const MATE_CENTIPAWNS: i32 = 30_000;

/// Resign for an engine when, for `moves` moves of each engine in a row, it reports a score of `-score` or
/// worse and its opponent `score` or better (each from its own side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResignRule {
    /// The moves of each engine in a row.
    pub moves: u32,
    /// The score, in centipawns.
    pub score: i32,
}

/// Draw when, from move number `after` on, both engines report `|score| <= score` for `moves` moves each in a
/// row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawRule {
    /// The move number (counted as in the record, from 1) from which the rule applies.
    pub after: u32,
    /// The moves of each engine in a row.
    pub moves: u32,
    /// The score, in centipawns.
    pub score: i32,
}

/// What the scores of a game say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Adjudged {
    /// Play on.
    Continue,
    /// The side loses.
    Loses(Color),
    /// The game is drawn.
    Draw,
}

/// The scores of a game so far: how many moves in a row each engine has reported winning, losing and level.
#[derive(Clone, Debug, Default)]
pub(crate) struct ScoreWatch {
    /// Moves in a row with a score of `resign.score` or better.
    winning: ByColor<u32>,
    /// Moves in a row with a score of `-resign.score` or worse.
    losing: ByColor<u32>,
    /// Moves in a row with `|score| <= draw.score` from the draw rule's move on.
    level: ByColor<u32>,
}

impl ScoreWatch {
    /// Counts the score `mover` reported for its move at move number `number` (`None`: it reported none, which
    /// breaks every run) and says what the rules make of the scores now.
    pub(crate) fn record(
        &mut self,
        mover: Color,
        number: u32,
        score: Option<Score>,
        resign: Option<ResignRule>,
        draw: Option<DrawRule>,
    ) -> Adjudged {
        let cp = score.map(|score| score.centipawns_or(MATE_CENTIPAWNS));
        let bump = |count: &mut u32, yes: bool| *count = if yes { *count + 1 } else { 0 };
        if let Some(rule) = resign {
            bump(self.winning.get_mut(mover), cp.is_some_and(|cp| cp >= rule.score));
            bump(self.losing.get_mut(mover), cp.is_some_and(|cp| cp <= -rule.score));
            for loser in Color::ALL {
                let winner = loser.other();
                if *self.losing.get(loser) >= rule.moves && *self.winning.get(winner) >= rule.moves {
                    return Adjudged::Loses(loser);
                }
            }
        }
        if let Some(rule) = draw {
            bump(self.level.get_mut(mover), number >= rule.after && cp.is_some_and(|cp| cp.abs() <= rule.score));
            if Color::ALL.iter().all(|&color| *self.level.get(color) >= rule.moves) {
                return Adjudged::Draw;
            }
        }
        Adjudged::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bound, ScoreValue};

    fn cp(value: i32) -> Option<Score> {
        Some(Score { value: ScoreValue::Centipawns(value), bound: Bound::Exact })
    }

    #[test]
    fn both_engines_must_agree_for_a_resignation() {
        let resign = Some(ResignRule { moves: 2, score: 500 });
        let mut watch = ScoreWatch::default();
        assert_eq!(watch.record(Color::Red, 1, cp(600), resign, None), Adjudged::Continue);
        assert_eq!(watch.record(Color::Black, 1, cp(-600), resign, None), Adjudged::Continue);
        assert_eq!(watch.record(Color::Red, 2, cp(700), resign, None), Adjudged::Continue);
        assert_eq!(watch.record(Color::Black, 2, cp(-550), resign, None), Adjudged::Loses(Color::Black));
        // A score that breaks the run starts it again.
        let mut watch = ScoreWatch::default();
        for (mover, score) in [(Color::Red, 600), (Color::Black, -600), (Color::Red, 100), (Color::Black, -600)] {
            assert_eq!(watch.record(mover, 1, cp(score), resign, None), Adjudged::Continue);
        }
        let mate = Some(Score { value: ScoreValue::Mate(-3), bound: Bound::Exact });
        let mut watch = ScoreWatch::default();
        watch.record(Color::Red, 1, mate, resign, None);
        watch.record(Color::Black, 1, Some(Score { value: ScoreValue::Mate(3), bound: Bound::Exact }), resign, None);
        watch.record(Color::Red, 2, mate, resign, None);
        assert_eq!(watch.record(Color::Black, 2, cp(900), resign, None), Adjudged::Loses(Color::Red));
    }

    #[test]
    fn a_draw_needs_level_scores_after_the_move_number() {
        let draw = Some(DrawRule { after: 3, moves: 2, score: 10 });
        let mut watch = ScoreWatch::default();
        for number in 1..=2 {
            assert_eq!(watch.record(Color::Red, number, cp(0), None, draw), Adjudged::Continue);
            assert_eq!(watch.record(Color::Black, number, cp(0), None, draw), Adjudged::Continue);
        }
        assert_eq!(watch.record(Color::Red, 3, cp(5), None, draw), Adjudged::Continue);
        assert_eq!(watch.record(Color::Black, 3, cp(-10), None, draw), Adjudged::Continue);
        assert_eq!(watch.record(Color::Red, 4, cp(0), None, draw), Adjudged::Continue);
        assert_eq!(watch.record(Color::Black, 4, None, None, draw), Adjudged::Continue, "no score breaks the run");
        assert_eq!(watch.record(Color::Red, 5, cp(0), None, draw), Adjudged::Continue);
        assert_eq!(watch.record(Color::Black, 5, cp(0), None, draw), Adjudged::Continue);
        assert_eq!(watch.record(Color::Black, 6, cp(0), None, draw), Adjudged::Draw);
    }
}
