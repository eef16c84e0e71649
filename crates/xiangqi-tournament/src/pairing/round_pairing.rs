//! [`RoundPairing`]: the pairing of a round, tables in order, and its text form.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::kinds::ByeKind;
use crate::points::Points;
use crate::width::{display_width, pad};

/// One table (台次) of the round: who has Red and who Black, and their scores before the round.
///
/// In a team event `red` is the team that moves first (先走): its players have Red on the odd boards and Black
/// on the even ones (CXA 象棋竞赛规则 第13条 先后走确定 13.3: "团体比赛'先走'的队，其单数台执红棋先走，双数台则执黑棋
/// 后走"), see [`PairedTable::board`]. In a two-game match it is Red in game 1; the colours swap in game 2.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairedTable {
    /// The table number, from 1.
    pub table: usize,
    /// The participant with Red (the team that moves first).
    pub red: String,
    /// The participant with Black.
    pub black: String,
    /// Red's score before the round.
    pub red_score: Points,
    /// Black's score before the round.
    pub black_score: Points,
}

impl PairedTable {
    /// Who has Red and who Black on `board` (from 1) of a team match: the first-moving team on odd boards.
    #[must_use]
    pub fn board(&self, board: usize) -> (&str, &str) {
        if board % 2 == 1 {
            (&self.red, &self.black)
        } else {
            (&self.black, &self.red)
        }
    }
}

/// A bye of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairedBye {
    /// The participant.
    pub player: String,
    /// What it scores.
    pub kind: ByeKind,
    /// Whether it was asked for ([`ByeRequest`](crate::ByeRequest)) rather than given by the pairing.
    pub requested: bool,
    /// The participant's score before the round.
    pub score: Points,
}

/// The pairing of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundPairing {
    /// The round, from 1.
    pub round: usize,
    /// The tables, best first.
    pub tables: Vec<PairedTable>,
    /// The byes: the pairing's first, then those asked for.
    pub byes: Vec<PairedBye>,
    /// Whether the tables are team matches ([`PairedTable::board`] gives each board's colours).
    pub team: bool,
    /// Boards per team match (1 in individual events; 0 in a team event that sets no `boards` and has no match
    /// yet).
    pub boards: usize,
}

impl RoundPairing {
    /// The tables as `(red, black)` ids, a short form for tests and examples.
    #[must_use]
    pub fn pairs(&self) -> Vec<(&str, &str)> {
        self.tables.iter().map(|t| (t.red.as_str(), t.black.as_str())).collect()
    }
}

impl fmt::Display for RoundPairing {
    /// A plain-text table: `table red (score) black (score)`, padded by display width, then the byes; a team
    /// event says which boards the first team has Red on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "round {}", self.round)?;
        let mut lines: Vec<[String; 5]> =
            alloc::vec![["table".into(), "red".into(), "score".into(), "black".into(), "score".into()]];
        for t in &self.tables {
            lines.push([
                alloc::format!("{}", t.table),
                t.red.clone(),
                alloc::format!("{}", t.red_score),
                t.black.clone(),
                alloc::format!("{}", t.black_score),
            ]);
        }
        let widths: Vec<usize> =
            (0..5).map(|c| lines.iter().map(|line| display_width(&line[c])).max().unwrap_or(0)).collect();
        for line in &lines {
            for (c, text) in line.iter().enumerate() {
                if c > 0 {
                    f.write_str(" ")?;
                }
                if c + 1 == line.len() {
                    f.write_str(text)?;
                } else {
                    // Numbers right-aligned, names left-aligned.
                    pad(f, text, widths[c], c % 2 == 0)?;
                }
            }
            f.write_str("\n")?;
        }
        if self.team {
            writeln!(f, "(team matches: the red team has Red on odd boards, Black on even boards)")?;
        }
        for bye in &self.byes {
            let asked = if bye.requested { ", requested" } else { "" };
            writeln!(f, "bye: {} ({}, {}{asked})", bye.player, bye.score, bye.kind)?;
        }
        Ok(())
    }
}
