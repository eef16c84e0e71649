//! [`History`]: the positions of a game, by Zobrist key, with the moves that led to them.
//!
//! Recording a move costs a legality check, the move itself and one scan back over the keys of the positions
//! since the last capture, two plies at a time (only positions with the same side to move can be equal).
//! Classification is done on demand, for the moves of a repetition window or when asked, so a game that never
//! repeats pays almost nothing for it. Taking a move back ([`History::pop`]) restores the counters the move
//! changed, from a small record kept per move.

use alloc::vec::Vec;

use xiangqi_board::{ByColor, Color, Move, Position};

use crate::classify::{classify_played, ClassifyOptions, MoveClass};
use crate::identity::IdBoard;
use crate::play_error::PlayError;

/// A repetition: the current position has occurred `occurrences` times since the last capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repetition {
    /// How many times the current position has occurred (same placement, same side to move), counting now.
    pub occurrences: u8,
    /// Where the window starts: the earliest counted occurrence is the position after `first_ply` plies (0: the
    /// start position), and the window's first move is the one played there (ply `first_ply + 1`, counted from 1).
    pub first_ply: usize,
    /// The number of plies in the window (up to the current position).
    pub plies: usize,
    /// The length in plies of the last cycle (the distance between the last two occurrences).
    pub cycle_plies: usize,
}

/// The positions (and moves) a history makes room for at first: a short game never reallocates.
const INITIAL_CAPACITY: usize = 32;

/// How many positions since the last capture fall in each of 256 buckets of the Zobrist key: a position can only
/// have occurred `n` times if its bucket holds at least `n`, so a game that does not repeat is told so in one
/// lookup.
#[derive(Clone, PartialEq, Eq)]
struct KeyCounts([u8; 256]);

impl KeyCounts {
    const EMPTY: KeyCounts = KeyCounts([0; 256]);

    #[inline]
    fn bucket(key: u64) -> usize {
        (key >> 56) as usize
    }

    #[inline]
    fn add(&mut self, key: u64) {
        let count = &mut self.0[KeyCounts::bucket(key)];
        *count = count.saturating_add(1);
    }

    /// Takes `key` out again; false if its bucket was full (then its count is unknown and must be rebuilt).
    #[inline]
    fn remove(&mut self, key: u64) -> bool {
        let count = &mut self.0[KeyCounts::bucket(key)];
        if *count == u8::MAX {
            return false;
        }
        *count = count.saturating_sub(1);
        true
    }

    #[inline]
    fn get(&self, key: u64) -> u8 {
        self.0[KeyCounts::bucket(key)]
    }

    /// The counts of `positions`.
    fn of(positions: &[Position]) -> KeyCounts {
        let mut counts = KeyCounts::EMPTY;
        for pos in positions {
            counts.add(pos.key());
        }
        counts
    }
}

impl core::fmt::Debug for KeyCounts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("KeyCounts")
    }
}

/// What a move changed in a [`History`]'s counters, kept to restore them when the move is taken back.
#[derive(Clone, Copy, Debug)]
struct Undo {
    reversible_from: usize,
    checks_since_capture: ByColor<u16>,
    in_check: bool,
}

/// The classifications of a run of consecutive moves of a [`History`] (plies `from..from + classes.len()`), kept
/// by its owner between repetition windows, so that a move already classified is not classified again. Valid as
/// long as the moves up to the last one it holds are unchanged; [`Classified::truncate`] drops the moves taken
/// back.
#[derive(Clone, Default)]
pub(crate) struct Classified {
    from: usize,
    classes: Vec<MoveClass>,
}

impl Classified {
    /// The classification of ply `ply`, if held.
    fn get(&self, ply: usize) -> Option<&MoveClass> {
        self.classes.get(ply.checked_sub(self.from)?)
    }

    /// Keeps only the moves of plies before `plies` (the moves still played).
    pub(crate) fn truncate(&mut self, plies: usize) {
        self.classes.truncate(plies.saturating_sub(self.from));
    }

    /// The classifications for [`History::suffix`]`(from)`: the plies after `from`, numbered from it. The
    /// suffix's first move is left out, as the suffix knows nothing before it (the position after the mover's
    /// previous move, which a move answering a check is compared with).
    pub(crate) fn suffix(&self, from: usize) -> Classified {
        let first = (from + 1).max(self.from);
        let classes = self.classes.get(first - self.from..).map_or_else(Vec::new, <[MoveClass]>::to_vec);
        Classified { from: first - from, classes }
    }
}

impl core::fmt::Debug for Classified {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Classified(plies {}..{})", self.from, self.from + self.classes.len())
    }
}

/// The positions and moves of a game from a start position.
#[derive(Clone, Debug)]
pub struct History {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// For each move, the counters before it.
    undo: Vec<Undo>,
    start_ids: IdBoard,
    /// The index (into `positions`) of the position after the last capture (0 if none).
    reversible_from: usize,
    /// The checking moves of each side since the last capture.
    checks_since_capture: ByColor<u16>,
    /// The keys of the positions since the last capture, counted by bucket.
    key_counts: KeyCounts,
    /// Whether the side to move in the current position is in check.
    in_check: bool,
    /// Whether both kings stand and the side not to move at the start is not in check: then no position of the
    /// history (each reached by a legal move) has the side not to move in check, which the quick legality and
    /// check tests rely on.
    sound: bool,
}

impl History {
    /// A history starting at `start`.
    pub fn new(start: Position) -> History {
        let start_ids = IdBoard::new(start.board());
        let mut key_counts = KeyCounts::EMPTY;
        key_counts.add(start.key());
        let in_check = start.is_check();
        let board = start.board();
        let sound = board.king_of(start.turn()).is_some()
            && board
                .king_of(start.turn().other())
                .is_some_and(|king| !board.is_attacked(king, start.turn(), board.occupied()));
        let mut positions = Vec::with_capacity(INITIAL_CAPACITY);
        positions.push(start);
        History {
            positions,
            moves: Vec::with_capacity(INITIAL_CAPACITY),
            undo: Vec::with_capacity(INITIAL_CAPACITY),
            start_ids,
            reversible_from: 0,
            checks_since_capture: ByColor::default(),
            key_counts,
            in_check,
            sound,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        // `positions` always holds at least the start position.
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of plies played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Every position, the start position first and the current one last (one more than the moves).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The position after `ply` plies (0 = the start position).
    pub fn position(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// Plays a move and records the new position.
    ///
    /// # Errors
    /// [`PlayError`] with the move's index and the board's reason if the move is illegal; the history is
    /// unchanged.
    pub fn push(&mut self, mv: Move) -> Result<(), PlayError> {
        let index = self.moves.len();
        let current = self.current();
        current.validate_move(mv).map_err(|illegal| PlayError { index, illegal })?;
        let mover = current.turn();
        let capture = current.is_capture(mv);
        // A sound history has the side not to move never in check, which `gives_check` relies on.
        let gives_check = self.sound && current.gives_check(mv);
        // The new position is copied straight into the list and played there.
        let last = self.positions.len() - 1;
        self.positions.extend_from_within(last..);
        let next = &mut self.positions[last + 1];
        next.play_unchecked(mv);
        let next = &self.positions[last + 1];
        let check = if self.sound { gives_check } else { next.is_check() };
        let key = next.key();
        self.undo.push(Undo {
            reversible_from: self.reversible_from,
            checks_since_capture: self.checks_since_capture,
            in_check: self.in_check,
        });
        if capture {
            self.reversible_from = last + 1;
            self.checks_since_capture = ByColor::default();
            self.key_counts = KeyCounts::EMPTY;
        } else if check {
            let checks = self.checks_since_capture.get_mut(mover);
            *checks = checks.saturating_add(1);
        }
        self.key_counts.add(key);
        self.in_check = check;
        self.moves.push(mv);
        Ok(())
    }

    /// Takes the last move back and returns it (None at the start position): the history is as it was before
    /// the move was pushed.
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undo.pop()?;
        let removed = self.positions.pop()?;
        let was_capture = self.reversible_from == self.positions.len();
        self.reversible_from = undo.reversible_from;
        self.checks_since_capture = undo.checks_since_capture;
        self.in_check = undo.in_check;
        if was_capture || !self.key_counts.remove(removed.key()) {
            self.key_counts = KeyCounts::of(&self.positions[self.reversible_from..]);
        }
        Some(mv)
    }

    /// The history from the position after `from` plies on: the same positions, moves, counters and piece
    /// identities, numbered from 0 (for trying a move on a scratch copy that does not copy the whole game).
    /// `from` is at most [`History::reversible_from`], so that the positions the rules compare are all kept.
    pub(crate) fn suffix(&self, from: usize) -> History {
        let from = from.min(self.reversible_from);
        History {
            positions: self.positions[from..].to_vec(),
            moves: self.moves[from..].to_vec(),
            undo: self.undo[from..]
                .iter()
                .map(|undo| Undo { reversible_from: undo.reversible_from.saturating_sub(from), ..*undo })
                .collect(),
            start_ids: self.ids_at(from),
            reversible_from: self.reversible_from - from,
            checks_since_capture: self.checks_since_capture,
            key_counts: self.key_counts.clone(),
            in_check: self.in_check,
            sound: self.sound,
        }
    }

    /// The index of the position after the last capture (0 if there was none): no earlier position can occur
    /// again.
    pub fn reversible_from(&self) -> usize {
        self.reversible_from
    }

    /// Whether the side to move in the current position is in check.
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Whether a position with Zobrist key `key` may have occurred `count` times since the last capture (a
    /// quick test by buckets of the key: false means it has not).
    pub(crate) fn may_have_occurred(&self, key: u64, count: u8) -> bool {
        self.key_counts.get(key) >= count
    }

    /// The plies since the last capture: the current position's half-move clock (so a game set up from a FEN
    /// keeps the FEN's count).
    pub fn plies_since_capture(&self) -> usize {
        self.current().halfmoves() as usize
    }

    /// The checking moves `side` made since the last capture.
    pub fn checks_since_capture(&self, side: Color) -> u16 {
        *self.checks_since_capture.get(side)
    }

    /// Whether the current position has occurred at least `count` times since the last capture; if so, the
    /// window from the earliest of the last `count` occurrences to now.
    pub fn repetition(&self, count: u8) -> Option<Repetition> {
        let last = self.positions.len() - 1;
        let current = &self.positions[last];
        // Every occurrence since the last capture is counted in the current key's bucket.
        if self.key_counts.get(current.key()) < count.max(2) {
            return None;
        }
        self.scan_repetition(count)
    }

    /// The cycle running now, if the current position has occurred before since the last capture: every
    /// occurrence counted, the window from the earliest.
    pub fn cycle(&self) -> Option<Repetition> {
        let last = self.positions.len() - 1;
        let current = &self.positions[last];
        if self.key_counts.get(current.key()) < 2 {
            return None;
        }
        let mut found: Option<Repetition> = None;
        let mut index = last;
        while index >= self.reversible_from + 2 {
            index -= 2;
            if self.positions[index] == *current {
                let occurrences = found.map_or(2, |r| r.occurrences.saturating_add(1));
                let cycle_plies = found.map_or(last - index, |r| r.cycle_plies);
                found = Some(Repetition { occurrences, first_ply: index, plies: last - index, cycle_plies });
            }
        }
        found
    }

    /// [`History::repetition`] by a scan of the positions since the last capture, without the bucket counts.
    fn scan_repetition(&self, count: u8) -> Option<Repetition> {
        let last = self.positions.len() - 1;
        let current = &self.positions[last];
        let mut occurrences = 1u8;
        let mut latest_previous = None;
        let mut index = last;
        while index >= self.reversible_from + 2 {
            index -= 2;
            if self.positions[index] == *current {
                occurrences += 1;
                latest_previous.get_or_insert(index);
                if occurrences >= count.max(2) {
                    return Some(Repetition {
                        occurrences,
                        first_ply: index,
                        plies: last - index,
                        cycle_plies: last - latest_previous.unwrap_or(index),
                    });
                }
            }
        }
        None
    }

    /// The identities of the pieces after `ply` plies.
    pub fn ids_at(&self, ply: usize) -> IdBoard {
        let mut ids = self.start_ids.clone();
        for &mv in self.moves.iter().take(ply) {
            ids.play(mv);
        }
        ids
    }

    /// The position after the previous move of the side that moves at `ply`, and the opponent's reply that
    /// followed it (what a move answering a check is compared with, [`classify_played`]).
    fn earlier(&self, ply: usize) -> Option<(&Position, Move)> {
        let previous = ply.checked_sub(1)?;
        Some((self.positions.get(previous)?, *self.moves.get(previous)?))
    }

    /// Classifies the moves of plies `from..to` (0-based ply indices into [`History::moves`]).
    pub fn classify_range(&self, from: usize, to: usize, options: &ClassifyOptions) -> Vec<MoveClass> {
        let to = to.min(self.moves.len());
        let mut ids = self.ids_at(from);
        let mut classes = Vec::with_capacity(to.saturating_sub(from));
        for ply in from..to {
            let mv = self.moves[ply];
            classes.push(classify_played(
                &self.positions[ply],
                mv,
                &self.positions[ply + 1],
                &ids,
                self.earlier(ply),
                options,
            ));
            ids.play(mv);
        }
        classes
    }

    /// Classifies the moves of a repetition window. Plies that repeat a ply one cycle earlier (same position,
    /// same move, same piece identities) reuse its classification, so a window of two cycles costs one.
    pub fn classify_window(&self, repetition: &Repetition, options: &ClassifyOptions) -> Vec<MoveClass> {
        self.classify_window_with(repetition, options, &mut Classified::default())
    }

    /// [`History::classify_window`], taking the moves `classified` holds from it and leaving the window's
    /// classifications in it: over a game (the same `options` throughout) each move is classified once, however
    /// many windows it falls in.
    pub(crate) fn classify_window_with(
        &self,
        repetition: &Repetition,
        options: &ClassifyOptions,
        classified: &mut Classified,
    ) -> Vec<MoveClass> {
        let (from, to) = (repetition.first_ply, (repetition.first_ply + repetition.plies).min(self.moves.len()));
        let period = repetition.cycle_plies.max(1);
        let mut known = core::mem::take(classified);
        known.truncate(self.moves.len());
        let mut ids = self.ids_at(from);
        let mut id_history: Vec<IdBoard> = Vec::with_capacity(to.saturating_sub(from));
        let mut window = Classified { from, classes: Vec::with_capacity(to.saturating_sub(from)) };
        for ply in from..to {
            let mv = self.moves[ply];
            let offset = ply - from;
            // The same move from the same position one cycle earlier, the same pieces on the same squares.
            let reuse = || {
                offset >= period
                    && self.moves[ply - period] == mv
                    && self.positions[ply - period] == self.positions[ply]
                    && id_history[offset - period] == ids
            };
            let class = if let Some(class) = known.get(ply) {
                class.clone()
            } else if reuse() {
                window.classes[offset - period].clone()
            } else {
                classify_played(&self.positions[ply], mv, &self.positions[ply + 1], &ids, self.earlier(ply), options)
            };
            window.classes.push(class);
            id_history.push(ids.clone());
            ids.play(mv);
        }
        let classes = window.classes.clone();
        *classified = window;
        classes
    }

    /// Whether the move of ply `ply` gave check.
    pub fn gave_check(&self, ply: usize) -> bool {
        self.positions.get(ply + 1).is_some_and(Position::is_check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legal move of the current position chosen by `next`: often back to where a piece came from two plies
    /// before, so that positions repeat. None if there is no legal move.
    fn random_move(history: &History, next: &mut impl FnMut() -> u64) -> Option<Move> {
        let pos = history.current();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let back = history.moves().len().checked_sub(2).map(|i| history.moves()[i]);
        let undo = back.map(|m| Move::new(m.to, m.from)).filter(|&m| next() % 3 > 0 && pos.is_legal(m));
        Some(undo.unwrap_or_else(|| moves[(next() % moves.len() as u64) as usize]))
    }

    #[test]
    fn checks_and_repetitions_are_recorded_as_before() {
        let mut next = crate::test_rng::xorshift(0x0123_4567_89ab_cdefu64);
        let mut repeated = 0;
        for _ in 0..200 {
            let mut history = History::new(Position::new());
            let mut checks = ByColor::<u16>::default();
            for _ in 0..150 {
                let pos = history.current().clone();
                let Some(mv) = random_move(&history, &mut next) else { break };
                history.push(mv).unwrap();
                let after = history.current();
                assert_eq!(history.in_check, after.is_check(), "{pos} {mv}");
                if pos.is_capture(mv) {
                    checks = ByColor::default();
                } else if after.is_check() {
                    *checks.get_mut(pos.turn()) += 1;
                }
                for color in Color::ALL {
                    assert_eq!(history.checks_since_capture(color), *checks.get(color));
                }
                for count in 2..=4 {
                    let found = history.repetition(count);
                    assert_eq!(found, history.scan_repetition(count));
                    repeated += usize::from(found.is_some());
                }
            }
        }
        assert!(repeated > 100, "{repeated}");
    }

    /// The counters of a history, as the rules read them.
    fn counters(history: &History) -> impl PartialEq + core::fmt::Debug {
        let repetitions: Vec<_> = (2..=4).map(|count| history.repetition(count)).collect();
        let keys = history.key_counts.0.to_vec();
        let checks = Color::ALL.map(|color| history.checks_since_capture(color));
        (history.reversible_from, checks, history.in_check, repetitions, history.cycle(), keys)
    }

    #[test]
    fn pop_restores_what_push_changed() {
        let mut next = crate::test_rng::xorshift(0x5eed_0f0d_dba1_1000u64);
        let mut popped = 0;
        for _ in 0..100 {
            let mut history = History::new(Position::new());
            for _ in 0..120 {
                // Now and then take back one move or a few, and compare with the history replayed.
                if next() % 5 == 0 && !history.is_empty() {
                    for _ in 0..=next() % 3 {
                        history.pop();
                        popped += 1;
                    }
                    let mut replayed = History::new(Position::new());
                    for &mv in history.moves() {
                        replayed.push(mv).unwrap();
                    }
                    assert_eq!(counters(&history), counters(&replayed), "{:?}", history.moves());
                    assert_eq!(history.positions(), replayed.positions());
                    continue;
                }
                let Some(mv) = random_move(&history, &mut next) else { break };
                history.push(mv).unwrap();
            }
            while history.pop().is_some() {}
            assert_eq!(counters(&history), counters(&History::new(Position::new())));
        }
        assert!(popped > 1000, "{popped}");
    }

    #[test]
    fn a_suffix_rules_as_the_whole_history() {
        let mut history = History::new(Position::new());
        for mv in ["h2e2", "h9g7", "e2e6", "g6g5", "e6g6", "g7e8", "g6g7", "e8g7"] {
            history.push(mv.parse().unwrap()).unwrap();
        }
        let captures: Vec<bool> =
            (0..8).map(|ply| history.position(ply).unwrap().is_capture(history.moves()[ply])).collect();
        assert_eq!(captures, [false, false, true, false, false, false, false, true], "e2e6 and e8g7 capture");
        assert_eq!(history.reversible_from(), 8);
        for mv in ["h0g2", "b9c7", "g2h0", "c7b9", "h0g2", "b9c7", "g2h0", "c7b9"] {
            history.push(mv.parse().unwrap()).unwrap();
        }
        let suffix = history.suffix(history.reversible_from());
        assert_eq!(suffix.len(), 8);
        assert_eq!(suffix.repetition(3).map(|r| (r.occurrences, r.plies)), Some((3, 8)));
        assert_eq!(counters(&suffix), {
            let mut rebased = History::new(history.position(8).unwrap().clone());
            rebased.checks_since_capture = history.checks_since_capture;
            for &mv in &history.moves()[8..] {
                rebased.push(mv).unwrap();
            }
            counters(&rebased)
        });
        assert_eq!(
            suffix.classify_window(&suffix.repetition(3).unwrap(), &ClassifyOptions::default()),
            history.classify_window(&history.repetition(3).unwrap(), &ClassifyOptions::default())
        );
    }
}
