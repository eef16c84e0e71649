//! Forced mates by checks (the search behind 杀): can the side to move mate with checks only — every one of its
//! moves a check, every reply of the defender answered — within a number of checks, or by continuous checks of
//! any length?
//!
//! The books differ in how far 杀 reaches. PRC 1956 第八章一2: "要杀就是在下一步要将死对方" — a mate with the next
//! move, one check. CXA 2020 第24条 24.10: mate "用一步或连续的将军" — by one check or by continuous checks, with no
//! bound; ROC 2007 術語 殺著 likewise: "企圖下一著叫將或連續叫將，令對方無法解救". The reach is a number of the mover's
//! checks, [`CONTINUOUS_CHECKS`] for no bound.
//!
//! The search is an AND/OR search: at the attacker's turn some check must lead to a mate (OR), at the defender's
//! every legal reply must (AND); a defender with no legal reply after a check is mated. It deepens one check at a
//! time (1, 2, 3 … checks), so the shortest mate is found first and a position with a mate in one costs a mate in
//! one. Continuous checks end because the position bounds them: a line that comes back to a position already on it
//! is no progress and proves nothing (a forced mate has a shortest form, whose positions never repeat), so every
//! line either ends or repeats, and the deepening stops at the first depth no line reaches. Positions are looked
//! up in a small table by their Zobrist key: a mate proven within `n` checks, and a failure that did not rest on a
//! repetition of the line, hold wherever the position recurs.
//!
//! **Limitation.** A search visits at most [`MAX_NODES`] positions; a position needing more (none of the books'
//! diagrams, nor any position of the test suites, comes near) is read as no mate threat. The bound keeps the
//! classifier's time bounded on any input.

use alloc::{vec, vec::Vec};

use xiangqi_board::{Move, MoveList, Position};

/// The reach of a mate threat that counts continuous checks of any length (CXA 2020 第24条 24.10; ROC 2007 術語
/// 殺著), as a number of checks: bounded only by the position.
pub const CONTINUOUS_CHECKS: u8 = u8::MAX;

/// The most positions one search visits (see the module's limitation).
pub(crate) const MAX_NODES: u32 = 100_000;

/// The slots of the position table (a power of two).
const TABLE_SLOTS: usize = 1 << 10;

/// What the search knows of a position with the defender to move, in check.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// Mated within this many checks (counting the one that gave this check); 0: not known.
    mate_within: u8,
    /// Not mated within this many checks; 0: not known.
    safe_within: u8,
    /// Not mated by checks at all.
    safe: bool,
}

/// The result of searching a position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Found {
    Mate,
    /// No mate: `repeated` when the proof rests on a line coming back to a position on it (true only for this
    /// line), `limited` when a line was cut at the depth of this iteration.
    NoMate {
        repeated: bool,
        limited: bool,
    },
}

impl Found {
    const NONE: Found = Found::NoMate { repeated: false, limited: false };

    fn join(self, other: Found) -> Found {
        match (self, other) {
            (Found::NoMate { repeated: a, limited: b }, Found::NoMate { repeated: c, limited: d }) => {
                Found::NoMate { repeated: a || c, limited: b || d }
            }
            _ => Found::Mate,
        }
    }
}

/// One search, with its table of positions and the line being examined.
struct Search {
    table: Vec<Entry>,
    line: Vec<u64>,
    nodes: u32,
}

impl Search {
    fn new() -> Search {
        Search { table: Vec::new(), line: Vec::new(), nodes: 0 }
    }

    fn slot(&mut self, key: u64) -> &mut Entry {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); TABLE_SLOTS];
        }
        let index = (key as usize) & (TABLE_SLOTS - 1);
        let entry = &mut self.table[index];
        if entry.key != key {
            *entry = Entry { key, ..Entry::default() };
        }
        entry
    }

    fn known(&self, key: u64, left: u8) -> Option<Found> {
        let entry = self.table.get((key as usize) & (TABLE_SLOTS - 1)).filter(|e| e.key == key)?;
        if entry.mate_within != 0 && entry.mate_within <= left {
            Some(Found::Mate)
        } else if entry.safe {
            Some(Found::NONE)
        } else if entry.safe_within >= left {
            Some(Found::NoMate { repeated: false, limited: true })
        } else {
            None
        }
    }

    fn remember(&mut self, key: u64, left: u8, found: Found) {
        // A position one check from the end is answered at once: the table is for the deeper searches, and is not
        // even allocated for a search of one check.
        if left <= 1 {
            return;
        }
        let entry = self.slot(key);
        match found {
            Found::Mate if entry.mate_within == 0 || left < entry.mate_within => entry.mate_within = left,
            Found::NoMate { repeated: false, limited: false } => entry.safe = true,
            Found::NoMate { repeated: false, limited: true } => entry.safe_within = entry.safe_within.max(left),
            _ => {}
        }
    }

    /// Whether the check `mv` of the side to move in `pos` mates within `left` checks (this one included).
    fn check(&mut self, pos: &Position, mv: Move, left: u8) -> Found {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        self.defend(&next, left)
    }

    /// The defender to move in `pos`, in check: mated within `left` checks (the one given included)?
    fn defend(&mut self, pos: &Position, left: u8) -> Found {
        let key = pos.key();
        if self.line.contains(&key) {
            return Found::NoMate { repeated: true, limited: false };
        }
        if let Some(found) = self.known(key, left) {
            return found;
        }
        self.nodes += 1;
        if left <= 1 || self.nodes > MAX_NODES {
            // The last check: mated or not, the replies themselves are not needed.
            if !pos.has_legal_moves() {
                return Found::Mate;
            }
            let found = Found::NoMate { repeated: false, limited: true };
            self.remember(key, left, found);
            return found;
        }
        let replies = pos.legal_moves();
        if replies.is_empty() {
            self.remember(key, left, Found::Mate);
            return Found::Mate;
        }
        self.line.push(key);
        let mut found = Found::Mate;
        for &reply in replies.iter() {
            let mut next = pos.clone();
            next.play_unchecked(reply);
            let answer = self.attack(&next, left - 1);
            if answer != Found::Mate {
                found = answer;
                break;
            }
        }
        self.line.pop();
        self.remember(key, left, found);
        found
    }

    /// The attacker to move in `pos`: mates with at most `left` checks?
    fn attack(&mut self, pos: &Position, left: u8) -> Found {
        let key = pos.key();
        if self.line.contains(&key) {
            return Found::NoMate { repeated: true, limited: false };
        }
        let checks = pos.checking_moves();
        self.line.push(key);
        let mut found = Found::NONE;
        for &mv in checks.iter() {
            found = found.join(self.check(pos, mv, left));
            if found == Found::Mate {
                break;
            }
        }
        self.line.pop();
        found
    }
}

/// The checks among `checks` (checking moves of the side to move in `pos`) that begin a mate by checks within
/// `reach` checks ([`CONTINUOUS_CHECKS`]: any number); with `first_only`, the search stops at the first found.
pub(crate) fn mating_checks(pos: &Position, checks: &MoveList, reach: u8, first_only: bool) -> MoveList {
    let mut mating = MoveList::new();
    if reach == 0 || checks.is_empty() {
        return mating;
    }
    let mut search = Search::new();
    if reach > 1 {
        // Only a search of two checks or more can come back to the root.
        search.line.push(pos.key());
    }
    let mut open: MoveList = checks.iter().copied().collect();
    for depth in 1..=reach {
        let mut limited = false;
        let mut still_open = MoveList::new();
        for &mv in open.iter() {
            match search.check(pos, mv, depth) {
                Found::Mate => {
                    mating.push(mv);
                    if first_only {
                        return mating;
                    }
                }
                Found::NoMate { limited: true, .. } => {
                    limited = true;
                    still_open.push(mv);
                }
                Found::NoMate { .. } => {}
            }
        }
        open = still_open;
        if !limited || open.is_empty() || search.nodes > MAX_NODES {
            break;
        }
    }
    // Checks in the order the board lists them, whatever depth proved them.
    let mut ordered = MoveList::new();
    for &mv in checks.iter().filter(|mv| mating.iter().any(|m| m == *mv)) {
        ordered.push(mv);
    }
    ordered
}

/// Whether the side to move in `pos` can mate by checks within `reach` checks.
pub(crate) fn mates_by_checks(pos: &Position, reach: u8) -> bool {
    reach > 0 && !mating_checks(pos, &pos.checking_moves(), reach, true).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// The plain statement: some check after which every reply leaves a mate within one check fewer.
    fn reference(pos: &Position, reach: u8) -> bool {
        reach > 0
            && pos.checking_moves().iter().any(|&mv| {
                let next = pos.play(mv).unwrap();
                let replies = next.legal_moves();
                replies.is_empty() || replies.iter().all(|&r| reference(&next.play(r).unwrap(), reach - 1))
            })
    }

    #[test]
    fn the_search_agrees_with_the_plain_statement_within_three_checks() {
        let mut mates = [0usize; 4];
        let positions = crate::test_rng::random_positions(0x9e37_79b9_7f4a_7c15u64, 40, 90, 2);
        for p in positions.iter().filter(|p| p.board().occupied().count() <= 14 && !p.is_check()) {
            for reach in 1..=3u8 {
                let expected = reference(p, reach);
                assert_eq!(mates_by_checks(p, reach), expected, "{p} within {reach}");
                mates[reach as usize] += usize::from(expected);
            }
        }
        assert!(mates[1] > 0 && mates[3] > mates[1], "{mates:?}");
    }

    #[test]
    fn continuous_checks_reach_a_mate_the_bounded_search_misses() {
        // Red rooks on a0 and b1 against the bare black king e9, the red king on d0 holding the d-file: Ra9+ Ke8,
        // Rb8+ Ke7, Ra7 mate — three checks.
        let p = pos("4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1");
        assert!(!mates_by_checks(&p, 2));
        assert!(reference(&p, 3));
        assert!(mates_by_checks(&p, 3));
        assert!(mates_by_checks(&p, CONTINUOUS_CHECKS));
    }

    #[test]
    fn perpetual_check_is_no_mate() {
        // A lone rook checks the black king for ever, but never mates it: the search ends.
        let p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        assert!(!mates_by_checks(&p, CONTINUOUS_CHECKS));
    }
}
