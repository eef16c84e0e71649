//! Round-robin pairing tables (Berger tables, 循环赛对局秩序表) and the colour rules of the ROC 2007
//! appendix (附錄 循環賽對局秩序表).
//!
//! The tables are the FIDE Berger tables (FIDE Handbook C.05 Annex 1), which are also, pair for pair and colour
//! for colour, the tables in the appendix of the ROC 2007 rules for 3–12 players. Players are numbered from 1;
//! the player listed first in a pairing has Red (号次在前者执红先走). With an odd number of players, the player who
//! would meet the last number has the bye (对到最末号者轮空).
//!
//! ```
//! use xiangqi::tournament::berger::{round_robin, TablePairing};
//! let table = round_robin(4);
//! // 1–4 2–3 / 4–3 1–2 / 2–4 3–1
//! assert_eq!(table[1].pairings, [TablePairing { red: 4, black: 3 }, TablePairing { red: 1, black: 2 }]);
//! assert_eq!(round_robin(5)[0].bye, Some(1));
//! ```

use alloc::vec::Vec;

/// A pairing of a table: player numbers from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TablePairing {
    /// The player with Red (first mover).
    pub red: u32,
    /// The player with Black.
    pub black: u32,
}

impl TablePairing {
    /// The same pairing with the colours swapped.
    #[must_use]
    pub const fn swapped(self) -> TablePairing {
        TablePairing { red: self.black, black: self.red }
    }
}

/// One round of a table, boards in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableRound {
    /// The pairings, board 1 first.
    pub pairings: Vec<TablePairing>,
    /// The player with the bye, if the number of players is odd.
    pub bye: Option<u32>,
}

/// The single round robin for `n` players: `n − 1` rounds for even `n`, `n` rounds for odd `n` (fewer than two
/// players give no rounds).
///
/// Built by the FIDE iteration: round 1 pairs board `b` as `b`–`(N+1−b)`; each next round lists players
/// `1…N−1` in the previous round's board order, the last number `N` meets the last of that list (with Red in
/// even rounds), and the rest pair from the end of the list.
#[must_use]
pub fn round_robin(n: u32) -> Vec<TableRound> {
    if n < 2 {
        return Vec::new();
    }
    let last = n + n % 2;
    let mut rounds: Vec<Vec<TablePairing>> = Vec::with_capacity(last as usize - 1);
    rounds.push((1..=last / 2).map(|b| TablePairing { red: b, black: last + 1 - b }).collect());
    for round in 2..last {
        let previous = &rounds[rounds.len() - 1];
        let mut list: Vec<u32> = previous.iter().flat_map(|p| [p.red, p.black]).filter(|&x| x != last).collect();
        let mut pairings = Vec::with_capacity(previous.len());
        let opponent = list.pop().unwrap_or(1);
        pairings.push(if round % 2 == 0 {
            TablePairing { red: last, black: opponent }
        } else {
            TablePairing { red: opponent, black: last }
        });
        while let (Some(black), Some(red)) = (list.pop(), list.pop()) {
            pairings.push(TablePairing { red, black });
        }
        rounds.push(pairings);
    }
    rounds.into_iter().map(|pairings| without_phantom(pairings, n, last)).collect()
}

/// With an odd number of players, the last number is a phantom: its opponent has the bye.
fn without_phantom(pairings: Vec<TablePairing>, n: u32, last: u32) -> TableRound {
    if n == last {
        return TableRound { pairings, bye: None };
    }
    let mut bye = None;
    let pairings = pairings
        .into_iter()
        .filter(|p| {
            let phantom = p.red == last || p.black == last;
            if phantom {
                bye = Some(if p.red == last { p.black } else { p.red });
            }
            !phantom
        })
        .collect();
    TableRound { pairings, bye }
}

/// The double round robin: the single table, then the same rounds with the colours reversed.
///
/// With `swap_last_two`, the last two rounds of the first cycle are swapped, which avoids a third game in a row
/// with the same colour at the turn of the cycles (Vega manual, Appendix C).
#[must_use]
pub fn double_round_robin(n: u32, swap_last_two: bool) -> Vec<TableRound> {
    let mut first = round_robin(n);
    if swap_last_two && first.len() >= 2 {
        let len = first.len();
        first.swap(len - 1, len - 2);
    }
    let second: Vec<TableRound> = first
        .iter()
        .map(|r| TableRound { pairings: r.pairings.iter().map(|p| p.swapped()).collect(), bye: r.bye })
        .collect();
    first.extend(second);
    first
}

/// The colours of a two-game match (两局制): game 1 as paired, game 2 with the colours swapped (ROC 2007 appendix:
/// "各輪第一局先走者，次局執黑後走").
#[must_use]
pub const fn two_game_colours(pairing: TablePairing) -> [TablePairing; 2] {
    [pairing, pairing.swapped()]
}

/// The colours on board `board` (from 1) of a team match between the first-listed team `first` and `second`:
/// the first-listed team has Red on odd boards (ROC 2007 appendix: "單數台執紅先走，雙數台由對方執紅先走").
#[must_use]
pub const fn team_board_colours(first: u32, second: u32, board: u32) -> TablePairing {
    if board % 2 == 1 {
        TablePairing { red: first, black: second }
    } else {
        TablePairing { red: second, black: first }
    }
}

/// Round 1 of a Swiss event (AXF 2008 第三章第三节 一): 1–2, 3–4, …, the odd number with Red; with an odd
/// number of players the last has the bye.
#[must_use]
pub fn swiss_first_round(n: u32) -> TableRound {
    let pairings = (1..=n / 2).map(|k| TablePairing { red: 2 * k - 1, black: 2 * k }).collect();
    TableRound { pairings, bye: (n % 2 == 1).then_some(n) }
}
