//! [`EventError`]: why an [`Event`](crate::Event) cannot be ranked, and where.

use alloc::string::String;
use core::fmt;

/// Where an [`EventError`] was found, written as the path of the JSON field with 0-based indices, for example
/// `rounds[2].matches[0].boards[1][0].red`.
pub type FieldPath = String;

/// An event that cannot be ranked. Every variant names the field (as a JSON path) and, where it helps, the id.
///
/// The message says where in words first, counting from 1 as a person does, then the JSON path with its
/// 0-based indices: ``round 3, match 1, board 2, game 1, red (rounds[2].matches[0].boards[1][0].red): "T3" is
/// not a side of this match``. A path without an index is written once (`games_per_match: must be between 1 and
/// 16`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EventError {
    /// A setting is out of range.
    #[error("{}: {reason}", Place(.at))]
    InvalidSetting {
        /// The field.
        at: FieldPath,
        /// What is wrong.
        reason: String,
    },
    /// An id is empty.
    #[error("{}: empty id", Place(.at))]
    EmptyId {
        /// The field.
        at: FieldPath,
    },
    /// Two participants have the same id, or an id is listed twice where it may appear once.
    #[error("{}: duplicate id {id:?}", Place(.at))]
    DuplicateId {
        /// The id.
        id: String,
        /// The field of the second occurrence.
        at: FieldPath,
    },
    /// An id that is not a participant.
    #[error("{}: unknown participant {id:?}", Place(.at))]
    UnknownId {
        /// The id.
        id: String,
        /// The field.
        at: FieldPath,
    },
    /// A participant paired against itself.
    #[error("{}: {id:?} is paired against itself", Place(.at))]
    SelfPairing {
        /// The id.
        id: String,
        /// The field.
        at: FieldPath,
    },
    /// A participant appears twice in one round (two games, or a game and a bye).
    #[error("{}: {id:?} appears twice in round {round}", Place(.at))]
    PairedTwice {
        /// The id.
        id: String,
        /// The round, counted from 1.
        round: usize,
        /// The field of the second appearance.
        at: FieldPath,
    },
    /// The shape of a round entry does not fit the event (games in a team event, a missing board, …).
    #[error("{}: {reason}", Place(.at))]
    WrongShape {
        /// The field.
        at: FieldPath,
        /// What is wrong.
        reason: String,
    },
    /// A game's colours do not fit its match.
    #[error("{}: {reason}", Place(.at))]
    WrongColours {
        /// The field.
        at: FieldPath,
        /// What is wrong.
        reason: String,
    },
    /// A withdrawn participant has a bye after leaving.
    #[error("{}: {id:?} withdrew after round {after_round} but has a bye in round {round}", Place(.at))]
    ByeAfterWithdrawal {
        /// The id.
        id: String,
        /// The last round played.
        after_round: u32,
        /// The round of the bye, counted from 1.
        round: usize,
        /// The field.
        at: FieldPath,
    },
}

/// A JSON path in words, counting from 1 (`rounds[2].games[1].black` is "round 3, game 2, black"), followed by
/// the path itself; a path without an index is only the path.
struct Place<'a>(&'a str);

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.0;
        if !path.contains('[') {
            return f.write_str(path);
        }
        for (i, segment) in path.split('.').enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let (name, indices) = segment.split_once('[').map_or((segment, ""), |(name, rest)| (name, rest));
            let words: &[&str] = match name {
                "rounds" => &["round"],
                "games" => &["game"],
                "matches" => &["match"],
                "boards" => &["board", "game"],
                "byes" => &["bye"],
                "players" => &["participant"],
                "withdrawals" => &["withdrawal"],
                "playoff" => &["play-off place"],
                "late_entries" => &["late entry"],
                "bye_requests" => &["bye request"],
                "forbidden_pairs" => &["forbidden pair"],
                _ => &[],
            };
            let numbers = indices.split('[').filter_map(|n| n.trim_end_matches(']').parse::<usize>().ok());
            let mut wrote = false;
            for (k, number) in numbers.enumerate() {
                if k > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{} {}", words.get(k).copied().unwrap_or(name), number.saturating_add(1))?;
                wrote = true;
            }
            if !wrote {
                f.write_str(name)?;
            }
        }
        write!(f, " ({path})")
    }
}

#[cfg(test)]
mod tests {
    use super::Place;
    use alloc::string::ToString;

    #[test]
    fn places_count_from_one_and_keep_the_path() {
        let cases = [
            ("rounds[2].games[1].black", "round 3, game 2, black (rounds[2].games[1].black)"),
            (
                "rounds[0].matches[1].boards[1][0].red",
                "round 1, match 2, board 2, game 1, red (rounds[0].matches[1].boards[1][0].red)",
            ),
            ("rounds[0].matches[1].boards", "round 1, match 2, boards (rounds[0].matches[1].boards)"),
            ("players[2].id", "participant 3, id (players[2].id)"),
            ("playoff[1]", "play-off place 2 (playoff[1])"),
            ("withdrawals[0].after_round", "withdrawal 1, after_round (withdrawals[0].after_round)"),
            ("scoring.draw_first_mover", "scoring.draw_first_mover"),
            ("games_per_match", "games_per_match"),
        ];
        for (path, words) in cases {
            assert_eq!(Place(path).to_string(), words, "{path}");
        }
        // A path written by hand into a public `at` field is shown, never a panic.
        assert_eq!(
            Place("rounds[18446744073709551615]").to_string(),
            "round 18446744073709551615 (rounds[18446744073709551615])"
        );
        assert_eq!(Place("a[").to_string(), "a (a[)");
        assert_eq!(Place("[x].y").to_string(), ", y ([x].y)");
    }
}
