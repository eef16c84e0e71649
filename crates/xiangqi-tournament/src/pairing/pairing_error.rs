//! [`PairingError`]: why a round cannot be paired.

use crate::event_error::EventError;

/// Why the next round cannot be paired. Nothing is paired when any of these is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PairingError {
    /// The event itself is not valid.
    #[error(transparent)]
    Event(#[from] EventError),
    /// The event is a round robin, whose rounds come from the Berger tables ([`berger`](crate::berger)).
    #[error("the event is a round robin (system `round_robin`): its rounds come from the Berger tables, not from a Swiss pairing")]
    RoundRobin,
    /// More participants than the pairing takes: it keeps a table of every two of them.
    #[error("{count} participants: the pairing takes at most {limit}")]
    TooManyParticipants {
        /// The participants of the event.
        count: usize,
        /// The most the pairing takes ([`MAX_PARTICIPANTS`](super::MAX_PARTICIPANTS)).
        limit: usize,
    },
    /// Fewer than two participants are left to pair.
    #[error("round {round}: {available} participant(s) to pair, at least 2 are needed")]
    TooFewParticipants {
        /// The round, from 1.
        round: usize,
        /// The participants still to pair (not withdrawn, entered, without a bye asked for).
        available: usize,
    },
    /// The number to pair is odd and every one of them has had a bye already.
    #[error("round {round}: an odd number to pair and every one of them has had a bye")]
    NoByeCandidate {
        /// The round, from 1.
        round: usize,
    },
    /// No pairing avoids a rematch or a forbidden pair.
    #[error("round {round}: no pairing of the {count} participants avoids every rematch and forbidden pair{}", bye_note(*.with_bye))]
    NoPairing {
        /// The round, from 1.
        round: usize,
        /// The participants to pair.
        count: usize,
        /// Whether a bye was to be given (then no choice of it leaves a pairing).
        with_bye: bool,
    },
}

fn bye_note(with_bye: bool) -> &'static str {
    if with_bye {
        ", whoever has the bye"
    } else {
        ""
    }
}
