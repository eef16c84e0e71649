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
//! every legal reply must (AND); a defender with no legal reply after a check is mated. A line that comes back to
//! the position searched (the root) proves nothing: the mate must not pass through it again.
//!
//! **First, deepening.** The search deepens one check at a time (1, 2, 3 … checks), depth first, the first
//! refutation of a check ending its examination, so the shortest mate is found first and a position with a mate
//! in one costs a mate in one; it stops at the first depth with a mate (the threat is its quickest mates). A
//! bounded search needs no test of repetitions (a mate within `n` checks by a line that repeats a position has a
//! shorter form within `n`), so what it finds of a position holds wherever the position recurs: a table keyed by
//! the position's Zobrist key keeps, for the defender's positions, a mate proven within `n` checks, a failure
//! within `n`, and a failure for good (every line ended, none cut by the depth).
//! When the checks run out on every line (the usual case in a game) the deepening ends by itself.
//!
//! **Then, continuous checks: settling.** A check still open after [`DEEPENING_NODES`] positions of deepening
//! (its lines go on, round a perpetual check or a long way) is settled by a search without a bound, depth first
//! over the lines, the first refutation of a check ending its examination, a line that comes back to a position on
//! it a failure for that line (a perpetual check is not a mate; a forced mate has a form that never repeats). What
//! it finds is kept by key when it holds wherever the position recurs: a mate (it rests on no repetition), and a
//! failure that rests on no position above it on the line (the defender's way out comes back only to positions of
//! its own lines, where it escapes again); a failure that rests on a position above holds for that line only and
//! is not kept. This is what makes the failing side cheap: the search that kept no failure resting on a repetition
//! explored every line of checks again and again (docs/performance.md). The positions the deepening settled are
//! known to it.
//!
//! **Limit.** A search visits at most [`MAX_NODES`] positions (deepening and settling together), and a line of the
//! settling is at most [`MAX_LINE`] plies long; a position needing more is read with the mates proven so far (every
//! mate found is real; a check whose mate would need more is read as no mate). None of the books' diagrams nor any
//! position of the test suites comes near it (docs/performance.md). The limit keeps the classifier's time, stack
//! and memory bounded on any input.

use alloc::{vec, vec::Vec};

use xiangqi_board::{Move, MoveList, Position};

/// The reach of a mate threat that counts continuous checks of any length (CXA 2020 第24条 24.10; ROC 2007 術語
/// 殺著), as a number of checks: bounded only by the position.
///
/// ```
/// use xiangqi::adjudicator::{RuleBook, CONTINUOUS_CHECKS};
///
/// assert_eq!(RuleBook::Cxa.table().mate_threat_depth, CONTINUOUS_CHECKS);
/// // PRC 1956 第八章一2: 要杀 is a mate with the next move.
/// assert_eq!(RuleBook::Prc1956.table().mate_threat_depth, 1);
/// ```
pub const CONTINUOUS_CHECKS: u8 = u8::MAX;

/// The most positions one search visits, deepening and settling together (see the module's limit).
pub(crate) const MAX_NODES: u32 = 100_000;

/// The positions of deepening after which the checks still open are settled by a search without a bound.
const DEEPENING_NODES: u32 = 2_000;

/// The slots of the position table (a power of two).
const TABLE_SLOTS: usize = 1 << 10;

/// What the deepening knows of a position with the defender to move, in check.
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
    /// No mate; `limited` when a line was cut (by the depth of this iteration or the node limit), so that a deeper
    /// search may still find one.
    NoMate {
        limited: bool,
    },
}

impl Found {
    const NONE: Found = Found::NoMate { limited: false };
    const CUT: Found = Found::NoMate { limited: true };

    fn join(self, other: Found) -> Found {
        match (self, other) {
            (Found::NoMate { limited: a }, Found::NoMate { limited: b }) => Found::NoMate { limited: a || b },
            _ => Found::Mate,
        }
    }
}

/// One search: its root, its table of positions and the positions visited.
struct Search {
    root: u64,
    table: Vec<Entry>,
    nodes: u32,
    /// The nodes after which the deepening stops (it is cut there, as by the depth).
    node_limit: u32,
    /// The positions entered in the table so far: a depth that enters none has seen nothing new.
    entered: u32,
}

impl Search {
    fn new(root: u64, node_limit: u32) -> Search {
        Search { root, table: Vec::new(), nodes: 0, node_limit, entered: 0 }
    }

    fn slot(&mut self, key: u64) -> &mut Entry {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); TABLE_SLOTS];
        }
        let index = (key as usize) & (TABLE_SLOTS - 1);
        let entry = &mut self.table[index];
        if entry.key != key {
            *entry = Entry { key, ..Entry::default() };
            self.entered += 1;
        }
        &mut self.table[index]
    }

    fn entry(&self, key: u64) -> Option<&Entry> {
        self.table.get((key as usize) & (TABLE_SLOTS - 1)).filter(|e| e.key == key)
    }

    fn known(&self, key: u64, left: u8) -> Option<Found> {
        let entry = self.entry(key)?;
        if entry.mate_within != 0 && entry.mate_within <= left {
            Some(Found::Mate)
        } else if entry.safe {
            Some(Found::NONE)
        } else if entry.safe_within >= left {
            Some(Found::CUT)
        } else {
            None
        }
    }

    /// What the deepening settled for good about the defender's position `key`: mated (within some number of
    /// checks), or not mated at all.
    fn settled(&self, key: u64) -> Option<bool> {
        let entry = self.entry(key)?;
        if entry.mate_within != 0 {
            Some(true)
        } else if entry.safe {
            Some(false)
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
            Found::NoMate { limited: false } => entry.safe = true,
            Found::NoMate { limited: true } => entry.safe_within = entry.safe_within.max(left),
            Found::Mate => {}
        }
    }

    /// Whether the check `mv` of the side to move in `pos` mates within `left` checks (this one included).
    fn check(&mut self, pos: &Position, mv: Move, left: u8) -> Found {
        self.defend(&played(pos, mv), left)
    }

    /// The defender to move in `pos`, in check: mated within `left` checks (the one given included)?
    fn defend(&mut self, pos: &Position, left: u8) -> Found {
        let key = pos.key();
        if let Some(found) = self.known(key, left) {
            return found;
        }
        self.nodes += 1;
        let out_of_nodes = self.nodes > self.node_limit;
        if left <= 1 || out_of_nodes {
            // The last check (or the last position the limit allows): mated or not, the replies themselves are not
            // needed.
            if !pos.has_legal_moves() {
                self.remember(key, left, Found::Mate);
                return Found::Mate;
            }
            if !out_of_nodes {
                self.remember(key, left, Found::CUT);
            }
            return Found::CUT;
        }
        let replies = pos.legal_moves();
        if replies.is_empty() {
            self.remember(key, left, Found::Mate);
            return Found::Mate;
        }
        let mut found = Found::Mate;
        for &reply in replies.iter() {
            let answer = self.attack(&played(pos, reply), left - 1);
            if answer != Found::Mate {
                found = answer;
                break;
            }
        }
        self.remember(key, left, found);
        found
    }

    /// The attacker to move in `pos`: mates with at most `left` checks?
    fn attack(&mut self, pos: &Position, left: u8) -> Found {
        if pos.key() == self.root {
            return Found::NONE;
        }
        let mut found = Found::NONE;
        for &mv in pos.checking_moves().iter() {
            found = found.join(self.check(pos, mv, left));
            if found == Found::Mate {
                break;
            }
        }
        found
    }
}

/// The position after `mv`, a legal move of the side to move in `pos` (the searches' and look-aheads' step).
pub(super) fn played(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}

/// The longest line the settling examines, in plies; a longer line is cut (read as no mate, as at the limit).
const MAX_LINE: usize = 400;

/// The slots of the settling's table of positions settled for good (a power of two).
const SETTLED_SLOTS: usize = 1 << 12;

/// What the settling found of a position.
#[derive(Clone, Copy)]
struct Settled {
    mate: bool,
    /// For no mate: the lowest index on the line of a position whose coming back this result rests on
    /// (`usize::MAX`: none, the result holds wherever the position recurs).
    low: usize,
    /// For no mate: a line was cut (by the limit or [`MAX_LINE`]); the result is not known for good.
    cut: bool,
}

impl Settled {
    const MATE: Settled = Settled { mate: true, low: usize::MAX, cut: false };
    const SAFE: Settled = Settled { mate: false, low: usize::MAX, cut: false };
    const CUT: Settled = Settled { mate: false, low: usize::MAX, cut: true };

    /// A result known for good: mated, or not mated wherever the position recurs.
    fn for_good(mate: bool) -> Settled {
        if mate {
            Settled::MATE
        } else {
            Settled::SAFE
        }
    }
}

/// Continuous checks without a bound, for the checks the deepening left open: depth first over the lines, a line
/// that comes back to a position on it a failure for that line. A mate so proven holds wherever the position
/// recurs (it rests on no repetition); so does a failure that rests on no position above it on the line (the
/// defender's way out comes back only to positions of its own lines, where it escapes again), and both are kept
/// by key; a failure that rests on a position above is true for this line only and is not kept.
struct Settle<'a> {
    search: &'a mut Search,
    limit: u32,
    line: Vec<u64>,
    table: Vec<(u64, bool)>,
}

impl Settle<'_> {
    fn known(&self, key: u64) -> Option<Settled> {
        let (k, mate) = *self.table.get((key as usize) & (SETTLED_SLOTS - 1))?;
        (k == key && key != 0).then_some(Settled::for_good(mate))
    }

    /// Looks `key` up on the line, in the tables, and counts the position; `None`: it is to be examined.
    fn enter(&mut self, key: u64) -> Option<Settled> {
        if let Some(index) = self.line.iter().position(|&k| k == key) {
            return Some(Settled { mate: false, low: index, cut: false });
        }
        if let Some(found) = self.known(key) {
            return Some(found);
        }
        self.search.nodes += 1;
        if self.search.nodes > self.limit || self.line.len() >= MAX_LINE {
            return Some(Settled::CUT);
        }
        self.line.push(key);
        None
    }

    /// Leaves the position examined last with what was found, keeping it if it holds for good.
    fn leave(&mut self, found: Settled) -> Settled {
        let index = self.line.len() - 1;
        let key = self.line.pop().unwrap_or_default();
        let settled = found.mate || (!found.cut && found.low >= index);
        if settled {
            if self.table.is_empty() {
                self.table = vec![(0, false); SETTLED_SLOTS];
            }
            self.table[(key as usize) & (SETTLED_SLOTS - 1)] = (key, found.mate);
            return Settled::for_good(found.mate);
        }
        found
    }

    /// The defender to move in `pos`, in check.
    fn defend(&mut self, pos: &Position) -> Settled {
        let key = pos.key();
        if let Some(mate) = self.search.settled(key) {
            return Settled::for_good(mate);
        }
        if let Some(found) = self.enter(key) {
            return found;
        }
        // The replies most likely to refute first: those after which the attacker has the fewest checks.
        let mut replies: Vec<(usize, Position)> = pos
            .legal_moves()
            .iter()
            .map(|&reply| {
                let answered = played(pos, reply);
                (answered.checking_moves().len(), answered)
            })
            .collect();
        replies.sort_by_key(|(checks, _)| *checks);
        let mut found = Settled::MATE;
        for (_, answered) in &replies {
            let answer = self.attack(answered);
            if !answer.mate {
                found = answer;
                break;
            }
        }
        self.leave(found)
    }

    /// The attacker to move in `pos`.
    fn attack(&mut self, pos: &Position) -> Settled {
        let key = pos.key();
        if key == self.search.root {
            return Settled::SAFE;
        }
        if let Some(found) = self.enter(key) {
            return found;
        }
        let mut found = Settled::SAFE;
        for &mv in pos.checking_moves().iter() {
            let answer = self.defend(&played(pos, mv));
            if answer.mate {
                found = answer;
                break;
            }
            found = Settled { mate: false, low: found.low.min(answer.low), cut: found.cut || answer.cut };
        }
        self.leave(found)
    }
}

/// The checks among `checks` (checking moves of the side to move in `pos`) that begin a mate by checks within
/// `reach` checks ([`CONTINUOUS_CHECKS`]: any number): those of the quickest mates (the deepening stops at the
/// first depth with a mate; the checks the settling proves when the deepening found none). With `first_only`,
/// the search stops at the first found.
pub(crate) fn mating_checks(pos: &Position, checks: &MoveList, reach: u8, first_only: bool) -> MoveList {
    search_checks(pos, checks, reach, first_only, MAX_NODES).mating
}

/// What one search found, and what it cost.
struct Searched {
    /// The mating checks, in the order the board lists them.
    mating: MoveList,
    /// The positions visited (deepening and settling).
    nodes: u32,
}

/// [`mating_checks`] with a limit of `limit` positions visited.
fn search_checks(pos: &Position, checks: &MoveList, reach: u8, first_only: bool, limit: u32) -> Searched {
    let mut found = Searched { mating: MoveList::new(), nodes: 0 };
    if reach == 0 || checks.is_empty() {
        return found;
    }
    let mating = &mut found.mating;
    let continuous = reach == CONTINUOUS_CHECKS;
    let deepening_limit = if continuous { limit.min(DEEPENING_NODES) } else { limit };
    let mut search = Search::new(pos.key(), deepening_limit);
    let mut open: MoveList = checks.iter().copied().collect();
    for depth in 1..=reach {
        let entered = search.entered;
        let mut still_open = MoveList::new();
        for &mv in open.iter() {
            match search.check(pos, mv, depth) {
                Found::Mate => {
                    mating.push(mv);
                    if first_only {
                        found.nodes = search.nodes;
                        return found;
                    }
                }
                Found::NoMate { limited: true } => still_open.push(mv),
                Found::NoMate { limited: false } => {}
            }
        }
        open = still_open;
        // The threat is the shortest mate: the checks that mate at this depth, not those of longer mates.
        if open.is_empty() || !mating.is_empty() || search.nodes > deepening_limit {
            break;
        }
        // A depth that met no position the earlier ones had not (the lines go round): continuous checks are
        // settled at once.
        if continuous && depth > 2 && search.entered == entered {
            break;
        }
    }
    if continuous && !open.is_empty() && mating.is_empty() {
        let mut settle = Settle { search: &mut search, limit, line: vec![pos.key()], table: Vec::new() };
        for &mv in open.iter() {
            if settle.defend(&played(pos, mv)).mate {
                mating.push(mv);
                if first_only {
                    break;
                }
            }
        }
    }
    found.nodes = search.nodes;
    // Checks in the order the board lists them, whatever proved them.
    let mut ordered = MoveList::new();
    for &mv in checks.iter().filter(|mv| found.mating.iter().any(|m| m == *mv)) {
        ordered.push(mv);
    }
    found.mating = ordered;
    found
}

/// Whether the side to move in `pos` can mate by checks within `reach` checks.
pub(crate) fn mates_by_checks(pos: &Position, reach: u8) -> bool {
    reach > 0 && !mating_checks(pos, &pos.checking_moves(), reach, true).is_empty()
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};

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

    /// Continuous checks as the plain statement: depth first, a line that comes back to a position on it (the
    /// root included) proves nothing. Exponential: `None` once it has visited `budget` positions.
    fn reference_continuous(pos: &Position, line: &mut Vec<u64>, budget: &mut u32) -> Option<MoveList> {
        let mut mating = MoveList::new();
        line.push(pos.key());
        for &mv in pos.checking_moves().iter() {
            *budget = budget.checked_sub(1)?;
            let next = pos.play(mv).unwrap();
            if line.contains(&next.key()) {
                continue;
            }
            line.push(next.key());
            let mut mated = true;
            for &r in next.legal_moves().iter() {
                let answered = next.play(r).unwrap();
                if line.contains(&answered.key()) || reference_continuous(&answered, line, budget)?.is_empty() {
                    mated = false;
                    break;
                }
            }
            line.pop();
            if mated {
                mating.push(mv);
            }
        }
        line.pop();
        Some(mating)
    }

    #[test]
    fn continuous_checks_agree_with_the_plain_statement() {
        let (mut compared, mut mates) = (0, 0);
        let positions = crate::test_rng::random_positions(0x2545_f491_4f6c_dd1du64, 40, 100, 2);
        for p in positions.iter().filter(|p| !p.is_check() && !p.checking_moves().is_empty()) {
            let Some(expected) = reference_continuous(p, &mut Vec::new(), &mut 20_000) else { continue };
            let found = search_checks(p, &p.checking_moves(), CONTINUOUS_CHECKS, false, MAX_NODES);
            assert!(found.nodes < MAX_NODES, "{p}");
            // The search gives the checks of the quickest mates, which the plain statement lists among all.
            assert_eq!(found.mating.is_empty(), expected.is_empty(), "{p}");
            assert!(found.mating.iter().all(|mv| expected.contains(mv)), "{p}");
            compared += 1;
            mates += usize::from(!expected.is_empty());
        }
        assert!(compared > 100 && mates > 0, "{compared} {mates}");
    }

    fn mating(p: &Position, limit: u32) -> (Vec<String>, u32) {
        let found = search_checks(p, &p.checking_moves(), CONTINUOUS_CHECKS, false, limit);
        (found.mating.iter().map(|m| m.to_string()).collect(), found.nodes)
    }

    #[test]
    fn the_quickest_mates_are_the_threat() {
        // Two rooks and the red king on d1 against the bare black king: Ra9+ and Rb9+ mate in three checks; the
        // third check, Ra0–e0+, lets the king step aside. The search stops at the depth of the quickest mates.
        let p = pos("4k4/9/9/9/9/9/9/9/1R1K5/R8 w - - 0 1");
        assert_eq!(p.checking_moves().len(), 3);
        assert_eq!(mating(&p, MAX_NODES), (vec!["a0a9".to_string(), "b1b9".to_string()], 44));
    }

    #[test]
    fn a_failing_side_that_was_expensive_is_settled() {
        // Rook, rook, cannon and horse against the king and two advisors (docs/performance.md): with the horse on
        // g2 the cannon's check c2–e2 begins a mate of seven checks; with the horse on f0 no check mates, which
        // the search of every line of checks took 1.3 G instructions to show.
        let after = pos("4k4/4a4/3a5/9/9/9/9/2C3N2/1R7/R2K5 w - - 0 1");
        let (found, nodes) = mating(&after, MAX_NODES);
        assert_eq!(found, ["c2e2"]);
        assert!(nodes < 10_000, "{nodes}");
        let before = pos("4k4/4a4/3a5/9/9/9/9/2C6/1R7/R2K1N3 w - - 0 1");
        let (found, nodes) = mating(&before, MAX_NODES);
        assert!(found.is_empty(), "{found:?}");
        assert!(nodes < 10_000, "{nodes}");
    }

    #[test]
    fn at_the_limit_the_mates_proven_stand_and_no_other_is_read() {
        // The mate of seven checks above needs more than 50 positions: with that limit the deepening stops
        // before it and the settling examines nothing more; no mate is read, and nothing fails (the count goes
        // past the limit by the checks already begun at the depth it was reached).
        let p = pos("4k4/4a4/3a5/9/9/9/9/2C3N2/1R7/R2K5 w - - 0 1");
        let (found, nodes) = mating(&p, 50);
        assert!(found.is_empty(), "{found:?}");
        assert_eq!(nodes, 58);
        // A lone rook checks for ever: the deepening never ends, the settling would show that no check mates;
        // with a limit of 50 positions the search stops, and no mate is read.
        let p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        assert_eq!(mating(&p, 50), (Vec::new(), 53));
        assert_eq!(mating(&p, MAX_NODES).0, Vec::<String>::new());
    }

    #[test]
    fn perpetual_check_is_no_mate() {
        // A lone rook checks the black king for ever, but never mates it: the search ends, settled below the
        // limit: a depth met no position the earlier ones had not, and the settling took over (66 positions).
        let p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        assert!(!mates_by_checks(&p, CONTINUOUS_CHECKS));
        assert_eq!(mating(&p, MAX_NODES), (Vec::new(), 66));
    }
}
