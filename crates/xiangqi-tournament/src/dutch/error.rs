//! [`DutchError`]: why a round cannot be paired.

use alloc::string::String;

use crate::trf::TrfError;

/// A round that cannot be paired from the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DutchError {
    /// The file's values are not those of a valid TRF file (a `Trf` built by hand, with an unknown opponent, a
    /// game its opponent does not list, a wrong score, …): the error of reading it as written.
    #[error("the file is not valid: {0}")]
    InvalidFile(TrfError),
    /// Round 0 was asked for; rounds count from 1.
    #[error("rounds count from 1")]
    RoundZero,
    /// The file does not say how many rounds the event has (`XXR`); the last rounds are paired differently.
    #[error("the file does not give the number of rounds (an `XXR` line)")]
    UnknownRoundCount,
    /// A round after the last one of the event.
    #[error("round {round} is after the last round ({rounds})")]
    AfterLastRound {
        /// The round asked for.
        round: u32,
        /// The event's number of rounds.
        rounds: u32,
    },
    /// The start numbers are not 1 to the number of players.
    #[error("the start numbers are not 1 to {players}: {missing} is missing")]
    MissingStartNumber {
        /// The number of players.
        players: usize,
        /// The first number missing.
        missing: u32,
    },
    /// A feature of the file this implementation does not pair with.
    #[error("{0} is not supported by this pairing")]
    Unsupported(String),
    /// No pairing satisfies the absolute criteria (C.04.3 C1–C3): players who may not meet, or colours.
    #[error("no pairing of round {round} satisfies the absolute criteria")]
    NoValidPairing {
        /// The round.
        round: u32,
    },
    /// An event too large for the weights this implementation uses.
    #[error("the event is too large to pair ({bits} bits of edge weight needed)")]
    TooLarge {
        /// The bits needed.
        bits: u32,
    },
}
