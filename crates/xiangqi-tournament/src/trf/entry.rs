//! One player's line of a TRF file and the entries of its rounds: [`TrfPlayer`], [`RoundEntry`], [`Side`],
//! [`TrfResult`].

use alloc::string::String;
use alloc::vec::Vec;

/// The colour of a TRF round entry: `w` or `b` (white moves first, as Red does in xiangqi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `w`: the first mover (Red in a xiangqi event).
    White,
    /// `b`: the second mover (Black).
    Black,
}

impl Side {
    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The TRF letter: `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

/// The result letter of a TRF round entry (TRF-2016, with the bbpPairings and JaVaFo readings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrfResult {
    /// `1`: a win over the board.
    Win,
    /// `0`: a loss over the board.
    Loss,
    /// `=`: a draw over the board (also read from `D`… see [`TrfResult::UnratedDraw`]).
    Draw,
    /// `+`: a win by forfeit; with no opponent, a pairing-allocated bye (bbpPairings).
    ForfeitWin,
    /// `-`: a loss by forfeit; with no opponent, an absence that scores like a zero-point bye.
    ForfeitLoss,
    /// `W`: a win of a game not rated.
    UnratedWin,
    /// `L`: a loss of a game not rated.
    UnratedLoss,
    /// `D`: a draw of a game not rated.
    UnratedDraw,
    /// `H`: a half-point bye.
    HalfPointBye,
    /// `F`: a full-point bye (not allocated by the pairing).
    FullPointBye,
    /// `U`: the pairing-allocated bye.
    PairingAllocatedBye,
    /// `Z`: a zero-point bye.
    ZeroPointBye,
    /// A blank result letter: the player was not paired and scores as for a zero-point bye.
    Blank,
}

/// What a result is worth, before the point values are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Worth {
    /// A win's points.
    Win,
    /// A draw's points.
    Draw,
    /// A loss's points.
    Loss,
}

impl TrfResult {
    /// Every result, in a fixed order.
    pub const ALL: [TrfResult; 13] = [
        TrfResult::Win,
        TrfResult::Loss,
        TrfResult::Draw,
        TrfResult::ForfeitWin,
        TrfResult::ForfeitLoss,
        TrfResult::UnratedWin,
        TrfResult::UnratedLoss,
        TrfResult::UnratedDraw,
        TrfResult::HalfPointBye,
        TrfResult::FullPointBye,
        TrfResult::PairingAllocatedBye,
        TrfResult::ZeroPointBye,
        TrfResult::Blank,
    ];

    /// The letter written in the file.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            TrfResult::Win => '1',
            TrfResult::Loss => '0',
            TrfResult::Draw => '=',
            TrfResult::ForfeitWin => '+',
            TrfResult::ForfeitLoss => '-',
            TrfResult::UnratedWin => 'W',
            TrfResult::UnratedLoss => 'L',
            TrfResult::UnratedDraw => 'D',
            TrfResult::HalfPointBye => 'H',
            TrfResult::FullPointBye => 'F',
            TrfResult::PairingAllocatedBye => 'U',
            TrfResult::ZeroPointBye => 'Z',
            TrfResult::Blank => ' ',
        }
    }

    /// The result a letter stands for (upper or lower case), if any.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<TrfResult> {
        let letter = letter.to_ascii_uppercase();
        TrfResult::ALL.into_iter().find(|result| result.letter() == letter)
    }

    /// Whether this result needs an opponent (`1 0 = W L D`: a game was played).
    #[must_use]
    pub const fn is_played(self) -> bool {
        matches!(
            self,
            TrfResult::Win
                | TrfResult::Loss
                | TrfResult::Draw
                | TrfResult::UnratedWin
                | TrfResult::UnratedLoss
                | TrfResult::UnratedDraw
        )
    }

    /// Whether this result may stand without an opponent (the byes, `+`, `-`, `=` and blank).
    #[must_use]
    pub const fn may_stand_alone(self) -> bool {
        !matches!(
            self,
            TrfResult::Win | TrfResult::Loss | TrfResult::UnratedWin | TrfResult::UnratedLoss | TrfResult::UnratedDraw
        )
    }

    /// The result the opponent must have in the same game: `1`/`0`, `=`/`=`, `+`/`-`, `W`/`L`, `D`/`D`; a
    /// double forfeit is `-`/`-`.
    #[must_use]
    pub(crate) fn fits_opponent(self, theirs: TrfResult) -> bool {
        use TrfResult::{Draw, ForfeitLoss, ForfeitWin, Loss, UnratedDraw, UnratedLoss, UnratedWin, Win};
        matches!(
            (self, theirs),
            (Win, Loss)
                | (Loss, Win)
                | (Draw, Draw)
                | (ForfeitWin, ForfeitLoss)
                | (ForfeitLoss, ForfeitWin | ForfeitLoss)
                | (UnratedWin, UnratedLoss)
                | (UnratedLoss, UnratedWin)
                | (UnratedDraw, UnratedDraw)
        )
    }

    pub(crate) const fn worth(self) -> Worth {
        match self {
            TrfResult::Win
            | TrfResult::ForfeitWin
            | TrfResult::UnratedWin
            | TrfResult::FullPointBye
            | TrfResult::PairingAllocatedBye => Worth::Win,
            TrfResult::Draw | TrfResult::UnratedDraw | TrfResult::HalfPointBye => Worth::Draw,
            TrfResult::Loss
            | TrfResult::ForfeitLoss
            | TrfResult::UnratedLoss
            | TrfResult::ZeroPointBye
            | TrfResult::Blank => Worth::Loss,
        }
    }
}

/// One round of a player's line: the opponent (`None` for `0000`), the colour (`None` for `-`) and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's start number, or `None` (`0000`: a bye or an absence).
    pub opponent: Option<u32>,
    /// The colour, or `None` (`-`).
    pub colour: Option<Side>,
    /// The result letter.
    pub result: TrfResult,
}

impl RoundEntry {
    /// Whether the game was played over the board (bbpPairings' reading: an opponent, a colour and a result
    /// of `1 0 = W L D`).
    #[must_use]
    pub const fn was_played(&self) -> bool {
        self.opponent.is_some() && self.colour.is_some() && self.result.is_played()
    }

    /// Whether the player took part in the pairing of the round: an opponent, or a pairing-allocated bye (`U`,
    /// or `+` without an opponent).
    #[must_use]
    pub const fn was_paired(&self) -> bool {
        self.opponent.is_some() || matches!(self.result, TrfResult::PairingAllocatedBye | TrfResult::ForfeitWin)
    }

    /// Whether this entry is the pairing-allocated bye.
    #[must_use]
    pub const fn is_pairing_allocated_bye(&self) -> bool {
        self.opponent.is_none() && matches!(self.result, TrfResult::PairingAllocatedBye | TrfResult::ForfeitWin)
    }
}

/// A player's line (`001`): the fields of TRF-2016's fixed columns and the rounds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfPlayer {
    /// The start number (columns 5–8), from 1.
    pub id: u32,
    /// Sex (column 10), or blank.
    pub sex: String,
    /// Title (columns 11–13), or blank.
    pub title: String,
    /// Name (columns 15–47).
    pub name: String,
    /// Rating (columns 49–52), if given.
    pub rating: Option<u32>,
    /// Federation (columns 54–56).
    pub federation: String,
    /// FIDE id (columns 58–68).
    pub fide_id: String,
    /// Birth date (columns 70–79).
    pub birth: String,
    /// The score (columns 81–84) in tenths of a point.
    pub points: u32,
    /// The rank (columns 86–89), if given.
    pub rank: Option<u32>,
    /// One entry per round from round 1 (columns 92 on, 10 a round); `None` for a blank column.
    pub rounds: Vec<Option<RoundEntry>>,
}

impl TrfPlayer {
    /// The entry of round `round` (from 1), if the line has one.
    #[must_use]
    pub fn round(&self, round: u32) -> Option<&RoundEntry> {
        let index = usize::try_from(round).ok()?.checked_sub(1)?;
        self.rounds.get(index)?.as_ref()
    }
}
