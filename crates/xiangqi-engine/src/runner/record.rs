//! The record of a match game: its tags, the comments of its moves, its ending; written as PGN by the notation
//! crate's writer.

use core::time::Duration;
use std::time::{SystemTime, UNIX_EPOCH};

use xiangqi_board::Color;
use xiangqi_notation::{pgn, GameRecord, MoveFormat, Node, RecordError};

use crate::runner::{Ending, MatchConfig, MatchLimit};
use crate::{Score, ScoreValue};

/// The moves of match games are written in ICCS (`[Format "ICCS"]`), which every xiangqi tool reads.
pub(crate) const MOVE_FORMAT: MoveFormat = MoveFormat::Iccs;

/// The tags of a game, in the order they are written (the PGN writer adds `Game`, `Result`, `FEN` and
/// `Format`).
pub(crate) fn tags(record: &mut GameRecord, config: &MatchConfig, number: u32, names: [&str; 2], opening: &str) {
    let tags = &mut record.tags;
    tags.insert("Event", config.event.as_str());
    tags.insert("Site", "?");
    tags.insert("Date", today());
    tags.insert("Round", number.to_string());
    tags.insert("Red", names[0]);
    tags.insert("Black", names[1]);
    match &config.limit {
        MatchLimit::TimeControl(control) => tags.insert("TimeControl", control.pgn_tag()),
        other => {
            tags.insert("TimeControl", "-");
            tags.insert("Limit", other.to_string());
        }
    }
    tags.insert("RuleBook", config.rules.to_string());
    tags.insert("Procedure", config.procedure.to_string());
    tags.insert("Opening", opening);
}

/// Sets the result and the `Termination` tag, and puts the reason in the comment after the last move (or on the
/// game when there is none).
pub(crate) fn finish(record: &mut GameRecord, ending: &Ending) {
    record.result = ending.result;
    record.tags.insert("Termination", ending.termination.as_str());
    let comment = match record.main.nodes.last_mut() {
        Some(node) => &mut node.comment,
        None => &mut record.main.comment,
    };
    *comment = Some(match comment.take() {
        Some(text) => format!("{text}; {}", ending.reason),
        None => ending.reason.clone(),
    });
}

/// The PGN text of a finished game.
///
/// # Errors
/// The writer's error (never for a game the runner played: every move was checked).
pub(crate) fn pgn_text(record: &GameRecord) -> Result<String, RecordError> {
    pgn::write(record, &pgn::PgnOptions::new(MOVE_FORMAT))
}

/// The comment of an engine's move: its score from its own side in pawns (`+0.25`, `-M3` for a mate), the
/// depth, and the time (`+0.25/8 0.123s`), as engine testers write them.
pub(crate) fn move_comment(score: Option<Score>, depth: Option<u32>, elapsed: Duration) -> String {
    let score = match score.map(|score| score.value) {
        Some(ScoreValue::Centipawns(cp)) => {
            format!("{}{}.{:02}", if cp < 0 { "-" } else { "+" }, cp.abs() / 100, cp.abs() % 100)
        }
        Some(ScoreValue::Mate(moves)) => format!("{}M{}", if moves <= 0 { "-" } else { "+" }, moves.abs()),
        None => "?".into(),
    };
    let depth = depth.map_or_else(String::new, |depth| format!("/{depth}"));
    format!("{score}{depth} {:.3}s", elapsed.as_secs_f64())
}

/// A node for `node.mv` with `comment`.
pub(crate) fn node(mv: xiangqi_board::Move, comment: Option<String>) -> Node {
    Node { comment, ..Node::new(mv) }
}

/// `Red (NAME)` or `Black (NAME)`, for reasons.
pub(crate) fn side_name(color: Color, names: [&str; 2]) -> String {
    let name = if color == Color::Red { names[0] } else { names[1] };
    format!("{} ({name})", if color == Color::Red { "Red" } else { "Black" })
}

/// Today's date in UTC, `YYYY.MM.DD`.
fn today() -> String {
    let days = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bound;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_423), (2025, 12, 1));
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn move_comments_as_testers_write_them() {
        let cp = |value| Some(Score { value: ScoreValue::Centipawns(value), bound: Bound::Exact });
        assert_eq!(move_comment(cp(25), Some(8), Duration::from_millis(123)), "+0.25/8 0.123s");
        assert_eq!(move_comment(cp(-140), None, Duration::from_secs(2)), "-1.40 2.000s");
        let mate = Some(Score { value: ScoreValue::Mate(-3), bound: Bound::Exact });
        assert_eq!(move_comment(mate, Some(12), Duration::ZERO), "-M3/12 0.000s");
        assert_eq!(move_comment(None, None, Duration::ZERO), "? 0.000s");
    }
}
