//! [`TimeControl`]: the time of a game — sudden death with an increment, or periods of moves, as the rule books'
//! clocks give it.

use core::{fmt, str::FromStr, time::Duration};

/// One period of a [`TimeControl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stage {
    /// The moves to make in the period, or `None` for the rest of the game.
    pub moves: Option<u32>,
    /// The time added at the start of the period.
    pub time: Duration,
    /// The time added after each move of the period.
    pub increment: Duration,
}

/// The clock of a game: one or more periods, each `MOVES/MINUTES+INCREMENT`.
///
/// The text form is the periods joined by `:`, each `[MOVES/]MINUTES[+SECONDS]`: minutes for the period (a
/// fraction allowed), seconds of increment after each move. The last period repeats when it has moves; one
/// without moves lasts the rest of the game. Unused time always carries over, as the books' clocks have it
/// ("以上时间可以累积", AXF 2008 第二章第二节二).
///
/// - `80+30`: 80 minutes for the game and 30 seconds a move (AXF 2008 第二章第二节一, the electronic clock);
/// - `25/60`: 25 moves in every 60 minutes;
/// - `25/60:10/15:10/15:10/15:10/15:10/5`: the AXF 2008 ordinary clock (第二章第二节二) — 25 moves by 60
///   minutes, 35 by 75, …, 65 by 120, then 10 moves every 5 minutes;
/// - `0.5+0.1`: 30 seconds and 0.1 s a move, for engine testing.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::engine::runner::TimeControl;
///
/// let axf: TimeControl = "25/60:10/15:10/5".parse()?;
/// assert_eq!(axf.stages.len(), 3);
/// assert_eq!(axf.stages[0].moves, Some(25));
/// assert_eq!(axf.stages[0].time, Duration::from_secs(3600));
/// assert_eq!(axf.to_string(), "25/60:10/15:10/5");
/// assert_eq!(axf.pgn_tag(), "25/3600:10/900:10/300");
/// let blitz: TimeControl = "0.5+0.1".parse()?;
/// assert_eq!(blitz.stages[0].increment, Duration::from_millis(100));
/// assert_eq!(blitz.pgn_tag(), "30+0.1");
/// # Ok::<_, xiangqi::engine::runner::ParseTimeControlError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The periods, in order (at least one).
    pub stages: Vec<Stage>,
}

xiangqi_board::parse_error! {
    /// The error of reading a [`TimeControl`].
    pub struct ParseTimeControlError: "time control", "periods `MOVES/MINUTES+SECONDS` joined by `:`, such as `40/60+0.5` or `80+30`, only the last without moves"
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let err = || ParseTimeControlError::new(text);
        let parts: Vec<&str> = text.split(':').collect();
        let mut stages = Vec::with_capacity(parts.len());
        for (index, part) in parts.iter().enumerate() {
            let (moves, rest) = match part.split_once('/') {
                Some((moves, rest)) => (Some(moves.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(err)?), rest),
                None if index + 1 == parts.len() => (None, *part),
                None => return Err(err()),
            };
            let (minutes, increment) = rest.split_once('+').unwrap_or((rest, "0"));
            let time = seconds(minutes, 60.0).ok_or_else(err)?;
            let increment = seconds(increment, 1.0).ok_or_else(err)?;
            if time.is_zero() && increment.is_zero() {
                return Err(err());
            }
            stages.push(Stage { moves, time, increment });
        }
        Ok(TimeControl { stages })
    }
}

/// `text` (a decimal number) times `unit` seconds, to the millisecond.
fn seconds(text: &str, unit: f64) -> Option<Duration> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let value: f64 = text.parse().ok()?;
    let millis = (value * unit * 1000.0).round();
    (millis.is_finite() && millis < 1e15).then(|| Duration::from_millis(millis as u64))
}

/// A duration as a decimal number of `unit` seconds, to the millisecond, without trailing zeros (`1.5`, `60`).
fn decimal(duration: Duration, unit: u64) -> String {
    let value = duration.as_millis() as f64 / (unit as f64 * 1000.0);
    let text = format!("{value:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

impl TimeControl {
    /// The PGN `TimeControl` tag: the periods in seconds, `MOVES/SECONDS[+INCREMENT]` joined by `:` (the PGN
    /// standard's form).
    pub fn pgn_tag(&self) -> String {
        self.stages.iter().map(|stage| stage_text(stage, 1)).collect::<Vec<_>>().join(":")
    }
}

fn stage_text(stage: &Stage, unit: u64) -> String {
    let mut text = String::new();
    if let Some(moves) = stage.moves {
        text.push_str(&format!("{moves}/"));
    }
    text.push_str(&decimal(stage.time, unit));
    if !stage.increment.is_zero() {
        text.push('+');
        text.push_str(&decimal(stage.increment, 1));
    }
    text
}

impl fmt::Display for TimeControl {
    /// The text form, in minutes (see [`TimeControl`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.stages.iter().map(|stage| stage_text(stage, 60)).collect();
        f.write_str(&text.join(":"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_read_and_write_back() {
        for text in ["80+30", "25/60", "40/60+0.5:20/30:15+0.25", "0.5+0.1", "2.75"] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.to_string(), text);
        }
        let control: TimeControl = "40/60+0.5:15".parse().unwrap();
        assert_eq!(
            control.stages,
            [
                Stage { moves: Some(40), time: Duration::from_secs(3600), increment: Duration::from_millis(500) },
                Stage { moves: None, time: Duration::from_secs(900), increment: Duration::ZERO },
            ]
        );
        assert_eq!(control.pgn_tag(), "40/3600+0.5:900");
    }

    #[test]
    fn bad_forms_are_refused() {
        for text in ["", "60:40/30", "0/60", "x/60", "40/", "1+", "+5", "0", "-1+1", "1e3", "40/60:"] {
            let err = text.parse::<TimeControl>().unwrap_err();
            assert_eq!(err.text().as_str(), Some(text), "{text}");
        }
    }
}
