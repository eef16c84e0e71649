//! [`GameClock`]: both sides' clocks through a game under a [`TimeControl`].

use core::time::Duration;

use xiangqi_board::{ByColor, Color};

use crate::runner::TimeControl;
use crate::Clock;

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    remaining: Duration,
    /// The index of the period.
    stage: usize,
    /// The moves made in the period.
    moves: u32,
}

/// Both sides' clocks in a game: the time left, the period, the moves made in it.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::board::Color;
/// use xiangqi::engine::runner::{GameClock, TimeControl};
///
/// let mut clock = GameClock::new(&"2/1+1".parse::<TimeControl>()?);
/// let ms = Duration::from_millis;
/// assert_eq!(clock.remaining(Color::Red), ms(60_000));
/// clock.spend(Color::Red, ms(10_000), Duration::ZERO).unwrap();
/// assert_eq!(clock.remaining(Color::Red), ms(51_000));
/// clock.spend(Color::Red, ms(1_000), Duration::ZERO).unwrap();
/// // Two moves made: the period repeats and adds its minute.
/// assert_eq!(clock.remaining(Color::Red), ms(111_000));
/// // Over the time left by more than the margin: lost on time, by 10 s.
/// assert_eq!(clock.spend(Color::Black, ms(70_000), ms(100)), Err(ms(10_000)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    sides: ByColor<Side>,
}

impl GameClock {
    /// The clocks at the start of a game under `control`.
    pub fn new(control: &TimeControl) -> GameClock {
        let first = control.stages.first().map_or(Duration::ZERO, |stage| stage.time);
        let side = Side { remaining: first, stage: 0, moves: 0 };
        GameClock { control: control.clone(), sides: ByColor { red: side, black: side } }
    }

    /// The time `color` has left.
    pub fn remaining(&self, color: Color) -> Duration {
        self.sides.get(color).remaining
    }

    /// The clocks as a `go` command tells them.
    pub fn to_clock(&self) -> Clock {
        let stage = |color: Color| self.control.stages.get(self.sides.get(color).stage).copied();
        Clock {
            time: ByColor::new_with(|color| self.remaining(color)),
            increment: ByColor::new_with(|color| stage(color).map_or(Duration::ZERO, |stage| stage.increment)),
            moves_to_go: ByColor::new_with(|color| {
                stage(color).and_then(|stage| stage.moves).map(|moves| moves - self.sides.get(color).moves)
            }),
        }
    }

    /// Charges `color` with a move that took `elapsed`, then adds its increment and, at the end of a period, the
    /// next period's time. A move that takes up to `margin` more than the time left is allowed (the clock is left
    /// at zero).
    ///
    /// # Errors
    /// By how much the time left was exceeded, when that is more than `margin`: the move is lost on time.
    pub fn spend(&mut self, color: Color, elapsed: Duration, margin: Duration) -> Result<(), Duration> {
        let stages = &self.control.stages;
        let side = self.sides.get_mut(color);
        if elapsed > side.remaining + margin {
            return Err(elapsed - side.remaining);
        }
        side.remaining = side.remaining.saturating_sub(elapsed);
        let Some(stage) = stages.get(side.stage) else { return Ok(()) };
        side.remaining += stage.increment;
        side.moves += 1;
        if stage.moves == Some(side.moves) {
            side.stage = (side.stage + 1).min(stages.len() - 1);
            side.moves = 0;
            side.remaining += stages[side.stage].time;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axf_ordinary_clock_accumulates() {
        // 25 moves by 60 minutes, then 10 moves every 15 minutes, then 10 every 5.
        let control: TimeControl = "25/60:10/15:10/5".parse().unwrap();
        let mut clock = GameClock::new(&control);
        let minute = Duration::from_secs(60);
        for _ in 0..25 {
            clock.spend(Color::Red, minute, Duration::ZERO).unwrap();
        }
        // 60 − 25 minutes used + 15 for the next period.
        assert_eq!(clock.remaining(Color::Red), 50 * minute);
        let go = clock.to_clock();
        assert_eq!((go.moves_to_go.red, go.moves_to_go.black), (Some(10), Some(25)));
        for _ in 0..10 {
            clock.spend(Color::Red, minute, Duration::ZERO).unwrap();
        }
        assert_eq!(clock.remaining(Color::Red), 45 * minute);
        for _ in 0..10 {
            clock.spend(Color::Red, Duration::ZERO, Duration::ZERO).unwrap();
        }
        assert_eq!(clock.remaining(Color::Red), 50 * minute, "the last period repeats");
    }

    #[test]
    fn increments_and_the_margin() {
        let control: TimeControl = "1+0.5".parse().unwrap();
        let mut clock = GameClock::new(&control);
        let ms = Duration::from_millis;
        clock.spend(Color::Black, ms(60_050), ms(100)).unwrap();
        assert_eq!(clock.remaining(Color::Black), ms(500), "within the margin: zero, then the increment");
        assert_eq!(clock.spend(Color::Black, ms(700), ms(100)), Err(ms(200)));
        let go = clock.to_clock();
        assert_eq!(go.increment.red, ms(500));
        assert_eq!(go.moves_to_go.red, None);
    }
}
