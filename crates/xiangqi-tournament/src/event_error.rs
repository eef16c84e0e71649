//! [`EventError`]: why an [`Event`](crate::Event) cannot be ranked, and where.

use alloc::string::String;

/// Where an [`EventError`] was found, written as the path of the JSON field with 0-based indices, for example
/// `rounds[2].matches[0].boards[1][0].red`.
pub type FieldPath = String;

/// An event that cannot be ranked. Every variant names the field (as a JSON path) and, where it helps, the id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EventError {
    /// A setting is out of range.
    #[error("{at}: {reason}")]
    InvalidSetting {
        /// The field.
        at: FieldPath,
        /// What is wrong.
        reason: String,
    },
    /// An id is empty.
    #[error("{at}: empty id")]
    EmptyId {
        /// The field.
        at: FieldPath,
    },
    /// Two participants have the same id, or an id is listed twice where it may appear once.
    #[error("{at}: duplicate id {id:?}")]
    DuplicateId {
        /// The id.
        id: String,
        /// The field of the second occurrence.
        at: FieldPath,
    },
    /// An id that is not a participant.
    #[error("{at}: unknown participant {id:?}")]
    UnknownId {
        /// The id.
        id: String,
        /// The field.
        at: FieldPath,
    },
    /// A participant paired against itself.
    #[error("{at}: {id:?} is paired against itself")]
    SelfPairing {
        /// The id.
        id: String,
        /// The field.
        at: FieldPath,
    },
    /// A participant appears twice in one round (two games, or a game and a bye).
    #[error("{at}: {id:?} appears twice in round {round}")]
    PairedTwice {
        /// The id.
        id: String,
        /// The round, counted from 1.
        round: usize,
        /// The field of the second appearance.
        at: FieldPath,
    },
    /// The shape of a round entry does not fit the event (games in a team event, a missing board, …).
    #[error("{at}: {reason}")]
    WrongShape {
        /// The field.
        at: FieldPath,
        /// What is wrong.
        reason: String,
    },
    /// A game's colours do not fit its match.
    #[error("{at}: {reason}")]
    WrongColours {
        /// The field.
        at: FieldPath,
        /// What is wrong.
        reason: String,
    },
    /// A withdrawn participant has a bye after leaving.
    #[error("{at}: {id:?} withdrew after round {after_round} but has a bye in round {round}")]
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
