//! [`Trf`]: a whole tournament report file, read ([`Trf::parse`]) or to be written (`Display`).

use alloc::string::String;
use alloc::vec::Vec;

use super::entry::{Side, TrfPlayer};
use super::point_values::PointValues;

/// A tournament report file (TRF-2016, with the lines bbpPairings and JaVaFo add): the players with their
/// rounds, and the tournament lines a pairing needs.
///
/// [`Trf::parse`] reads one and checks it; `Display` writes it back (the lines kept as read first, then the
/// players, then `XXR`, `XXC`, the `BB?` point values that are not the defaults and the `XXP` lines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trf {
    /// The lines this reader keeps as written (`012` the event's name, `022` the city, `092` the system, …), in
    /// file order, without their line ends.
    pub other_lines: Vec<String>,
    /// The players (`001` lines), in file order.
    pub players: Vec<TrfPlayer>,
    /// The number of rounds of the event (`XXR`, or TRF-2026's `142`), if given.
    pub rounds: Option<u32>,
    /// The colour of the top player in round 1 (`XXC white1` or `XXC black1`, or TRF-2026's `152 W`/`152 B`).
    pub initial_colour: Option<Side>,
    /// `XXC rank`: the pairing numbers are the ranks (column 86), not the start numbers.
    pub pair_by_rank: bool,
    /// The point values (`BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU`, or TRF-2026's `162`).
    pub points: PointValues,
    /// Groups of players who must not meet (`XXP` lines: every two of a group).
    pub forbidden_pairs: Vec<Vec<u32>>,
}

impl Trf {
    /// The player with start number `id`.
    #[must_use]
    pub fn player(&self, id: u32) -> Option<&TrfPlayer> {
        self.players.iter().find(|player| player.id == id)
    }

    /// The number of rounds somebody was paired in: the last round with a game or a pairing-allocated bye.
    #[must_use]
    pub fn paired_rounds(&self) -> u32 {
        self.players
            .iter()
            .filter_map(|player| player.rounds.iter().rposition(|e| e.as_ref().is_some_and(|e| e.was_paired())))
            .max()
            .map_or(0, |index| u32::try_from(index + 1).unwrap_or(u32::MAX))
    }

    /// The event's name: the text of the `012` line, if there is one.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.other_lines.iter().find_map(|line| line.strip_prefix("012").map(str::trim))
    }
}
