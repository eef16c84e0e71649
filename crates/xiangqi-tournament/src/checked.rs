//! The checked form of the rounds, which [`Tournament::new`](crate::Tournament::new) builds: every game relative
//! to the two sides of its pairing, participants as indices.

use alloc::vec::Vec;
use core::ops::{Index, IndexMut};

use crate::kinds::ByeKind;

/// A side of a pairing: the participant listed first (号次在前者) or second. Not a colour: in a match the
/// sides swap colours from game to game and from board to board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PairingSide {
    First,
    Second,
}

impl PairingSide {
    /// Both sides, first-listed first.
    pub(crate) const BOTH: [PairingSide; 2] = [PairingSide::First, PairingSide::Second];

    /// The other side.
    pub(crate) const fn other(self) -> PairingSide {
        match self {
            PairingSide::First => PairingSide::Second,
            PairingSide::Second => PairingSide::First,
        }
    }

    /// The second-listed side if `second`, else the first-listed.
    pub(crate) const fn from_second(second: bool) -> PairingSide {
        if second {
            PairingSide::Second
        } else {
            PairingSide::First
        }
    }
}

/// A value per side: `[first-listed, second-listed]`.
impl<T> Index<PairingSide> for [T; 2] {
    type Output = T;
    fn index(&self, side: PairingSide) -> &T {
        match side {
            PairingSide::First => &self[0],
            PairingSide::Second => &self[1],
        }
    }
}

impl<T> IndexMut<PairingSide> for [T; 2] {
    fn index_mut(&mut self, side: PairingSide) -> &mut T {
        match side {
            PairingSide::First => &mut self[0],
            PairingSide::Second => &mut self[1],
        }
    }
}

/// The result of a checked game, relative to the two sides of its pairing (a
/// [`TournamentResult`](crate::TournamentResult) is seen from Red).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CheckedResult {
    /// `winner` won, over the board or (if `forfeit`) because the other side forfeited.
    Won { winner: PairingSide, forfeit: bool },
    /// A draw over the board.
    Draw,
    /// 0:0; `played` for a double timeout, not for a double forfeit.
    Nobody { played: bool },
    /// Counts for nobody.
    Annulled,
}

impl CheckedResult {
    /// Whether the game was played over the board.
    pub(crate) fn played(self) -> bool {
        matches!(
            self,
            CheckedResult::Won { forfeit: false, .. } | CheckedResult::Draw | CheckedResult::Nobody { played: true }
        )
    }
}

/// One game of a pairing, sides relative to the pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CheckedGame {
    /// The side that moved first (先手).
    pub(crate) first_mover: PairingSide,
    pub(crate) result: CheckedResult,
    /// Technical fouls per side.
    pub(crate) fouls: [u32; 2],
}

/// A pairing in a round: a single game, a two-game match or a team match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CheckedPairing {
    /// Participant indices: first-listed, second-listed.
    pub(crate) sides: [usize; 2],
    /// Games per board (one board in individual events).
    pub(crate) boards: Vec<Vec<CheckedGame>>,
}

impl CheckedPairing {
    /// The side of `player`, who plays in this pairing.
    pub(crate) fn side_of(&self, player: usize) -> PairingSide {
        PairingSide::from_second(self.sides[1] == player)
    }

    /// The participant on the other side from `player`.
    pub(crate) fn opponent_of(&self, player: usize) -> usize {
        self.sides[self.side_of(player).other()]
    }
}

/// One checked round. A bye's kind is `None` where the event leaves it to the ranking rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CheckedRound {
    pub(crate) pairings: Vec<CheckedPairing>,
    pub(crate) byes: Vec<(usize, Option<ByeKind>)>,
}
