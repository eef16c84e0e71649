//! Chases (捉): which opponent pieces a side newly threatens to win, and why each threat counts.
//!
//! ROC 2007 術語 捉著: "a move attacking any piece other than the king, intending to capture it next"; AXF 2008
//! 棋例 decides case by case when such an attack is a real chase. The approach is Pikafish's: a **full scan** of
//! every capture the side could make, before and after its move, so that attacks uncovered by the move
//! (discovered attacks, cannon screens moved into place, roots cut or blocked, ROC 2007 細則15) are found as
//! well as the moved piece's own attacks. Each capture becomes a [`Threat`] with [`ChaseReasons`] saying what
//! kind of threat it is; a rule set decides which threats are chases (see [`crate::rules`]).

use xiangqi_board::{
    attacks::{self, near},
    Bitboard, Board, Color, Move, Piece, Role, Square,
};

use super::roots::{can_capture_back, capture_is_legal_with, recaptures_with, standing_checkers};
use crate::identity::{IdBoard, PieceId};

bitflags::bitflags! {
    /// What kind of threat a capture is: why it is (or is not) a chase. Several reasons may hold at once.
    ///
    /// Its text form (`Display`, and with `serde` a JSON array of the same words) names each reason in
    /// [`ChaseReasons::WORDS`]' order: `unprotected, discovered`, `["unprotected","discovered"]`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct ChaseReasons: u32 {
        /// No piece of the target's side attacks the target's square once the capturer stands there (无根子).
        const UNPROTECTED = 1 << 0;
        /// Protectors exist, but none can legally recapture: the root is pinned, would face the other king, or
        /// the capture gives a check the recapture does not answer (假根, AXF 2008 棋例 §29).
        const FAKE_ROOT = 1 << 1;
        /// The target has at least one protector that can legally recapture (真根).
        const PROTECTED = 1 << 2;
        /// A weaker piece attacks a stronger one: a horse or cannon attacks a rook, an advisor or elephant
        /// attacks a rook, horse or cannon (AXF 2008 棋例 §10, §15, §16); protection does not help.
        const STRONGER_TARGET = 1 << 3;
        /// Same kind of piece, and the target can capture the attacker back (an offer, 献; AXF 2008 棋例 §19).
        const SAME_TYPE_OFFER = 1 << 4;
        /// Same kind of piece, and the target cannot legally capture back because it is pinned (AXF 2008 棋例 §19).
        const SAME_TYPE_PINNED = 1 << 5;
        /// Horse against horse, and the target horse's leg is blocked so it cannot capture back (蹩脚马, AXF 2008 棋例 §19).
        const LAME_HORSE = 1 << 6;
        /// The target is a rook standing on the leg of an enemy horse that would otherwise check its king: it
        /// cannot move (AXF 2008 棋例 §14).
        const PINNED_BY_HORSE = 1 << 7;
        /// The target is a rook pinned to its king by an enemy cannon (AXF 2008 棋例 §22).
        const PINNED_BY_CANNON = 1 << 8;
        /// The attacker is not the moved piece: the move uncovered the attack (discovered attack).
        const DISCOVERED = 1 << 9;
        /// The attacker is a cannon whose screen the move put in place or changed (AXF 2008 棋例 §20, §21).
        const MOVED_SCREEN = 1 << 10;
        /// The target could be legally recaptured before the move and cannot now: its root was cut, blocked or
        /// pinned by the move (ROC 2007 細則15).
        const ROOT_CUT = 1 << 11;
        /// The capture itself gives check, so the defender must answer the check instead of recapturing (a
        /// threat to win material by a discovered check).
        const CAPTURE_GIVES_CHECK = 1 << 12;
        /// The attacker is the king (AXF 2008 棋例 §23: the king's own attacks are not chases).
        const BY_KING = 1 << 13;
        /// The attacker is a pawn (AXF 2008 棋例 §24: a pawn's own attacks are not chases).
        const BY_PAWN = 1 << 14;
        /// The target is a pawn that has not crossed the river (AXF 2008 棋例 §20: may be chased).
        const UNCROSSED_PAWN = 1 << 15;
        /// The attacker is the moved rook, pinned to its king by a cannon, moving along the pin line (AXF 2008
        /// 棋例 §22: "车在该线移动不作为捉子论").
        const ALONG_PIN_LINE = 1 << 16;
        /// The attacking side's own rook is held on a line together with its king by the target rook (with a
        /// cannon behind it); the attacker chases the controlling rook (AXF 2008 棋例 §32).
        const CONTROLLING_ROOK = 1 << 17;
        /// More of the attacker's pieces can capture the target than the target has legal recaptures (少根子,
        /// CXA 2020 §24.15); AXF 2008 棋例 §30 does not count it.
        const OUTNUMBERED = 1 << 18;
        /// The attacker may not make the capture: it is pinned to its own king. Such an attack is recorded (AXF
        /// 2008 棋例 §22 names the attacks of a pinned rook) but is never a threat to win the target.
        const ATTACKER_PINNED = 1 << 19;
        /// Capturing wins material by the piece values of CXA 2011 第25条, counting the whole exchange on the
        /// square, and the gain does not allow an immediate mate (CXA 2020 第24条 24.3; `classify/material.rs`).
        /// Marked only when a rule set asks for it ([`ClassifyOptions::material_gain`](super::ClassifyOptions)).
        const WINS_MATERIAL = 1 << 20;
    }
}

/// One capture a side could make: the attacker, the target and the kinds of threat it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Threat {
    /// The attacking piece's square.
    pub attacker: Square,
    /// The attacking piece.
    pub attacker_piece: Piece,
    /// The attacking piece's identity.
    pub attacker_id: PieceId,
    /// The attacked piece's square.
    pub target: Square,
    /// The attacked piece.
    pub target_piece: Piece,
    /// The attacked piece's identity (follow it through a cycle with this).
    pub target_id: PieceId,
    /// Why the threat counts, or why it does not.
    pub reasons: ChaseReasons,
    /// How many pieces of the attacker's side can legally capture the target.
    pub attackers: u8,
    /// How many of the target's protectors can legally recapture (its true roots).
    pub roots: u8,
}

/// The capacity of a [`ThreatList`].
pub const MAX_THREATS: usize = 40;

/// A short list of threats, kept inline (no allocation); threats beyond [`MAX_THREATS`] are dropped.
#[derive(Clone, Copy)]
pub struct ThreatList {
    len: u8,
    items: [Threat; MAX_THREATS],
}

const EMPTY_THREAT: Threat = Threat {
    attacker: Square::A0,
    attacker_piece: Piece::new(Color::Red, Role::King),
    attacker_id: PieceId(0),
    target: Square::A0,
    target_piece: Piece::new(Color::Red, Role::King),
    target_id: PieceId(0),
    reasons: ChaseReasons::empty(),
    attackers: 0,
    roots: 0,
};

impl Default for ThreatList {
    fn default() -> ThreatList {
        ThreatList { len: 0, items: [EMPTY_THREAT; MAX_THREATS] }
    }
}

impl core::fmt::Debug for ThreatList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for ThreatList {
    fn eq(&self, other: &ThreatList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for ThreatList {}

impl ThreatList {
    /// The threats as a slice.
    pub fn as_slice(&self) -> &[Threat] {
        &self.items[..self.len as usize]
    }

    /// Iterates over the threats.
    pub fn iter(&self) -> core::slice::Iter<'_, Threat> {
        self.as_slice().iter()
    }

    /// The number of threats.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn is_full(&self) -> bool {
        self.len as usize >= MAX_THREATS
    }

    pub(crate) fn push(&mut self, threat: Threat) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = threat;
            self.len += 1;
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [Threat] {
        &mut self.items[..self.len as usize]
    }

    /// The squares of the targets of the threats that satisfy `counts`.
    pub fn targets_where(&self, mut counts: impl FnMut(&Threat) -> bool) -> Bitboard {
        self.iter().filter(|t| counts(t)).map(|t| Bitboard::from_square(t.target)).fold(Bitboard::EMPTY, |a, b| a | b)
    }
}

impl<'a> IntoIterator for &'a ThreatList {
    type Item = &'a Threat;
    type IntoIter = core::slice::Iter<'a, Threat>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Whether a threat of `attacker` on `target` is "a weaker piece attacking a stronger one".
fn weaker_attacks_stronger(attacker: Role, target: Role) -> bool {
    match attacker {
        Role::Horse | Role::Cannon => target == Role::Rook,
        Role::Advisor | Role::Elephant => matches!(target, Role::Rook | Role::Horse | Role::Cannon),
        _ => false,
    }
}

/// The pieces of `defender` that cannot move because they stand on the leg of an enemy horse aimed at their king.
fn held_by_horse_legs(board: &Board, defender: Color) -> Bitboard {
    let Some(king) = board.king_of(defender) else { return Bitboard::EMPTY };
    let mut held = Bitboard::EMPTY;
    let enemy_horses = board.by_piece(Piece::new(defender.other(), Role::Horse));
    for horse in attacks::horse_reach(king) & enemy_horses {
        if let Some(leg) = attacks::horse_leg(horse, king) {
            held.add(leg);
        }
    }
    held & board.by_color(defender)
}

/// The pieces of `defender` pinned to their king by an enemy cannon (either of the two pieces between them).
fn held_by_cannons(board: &Board, defender: Color) -> Bitboard {
    let Some(king) = board.king_of(defender) else { return Bitboard::EMPTY };
    let occupied = board.occupied();
    let mut held = Bitboard::EMPTY;
    let cannons = board.by_piece(Piece::new(defender.other(), Role::Cannon)) & attacks::lines(king);
    for cannon in cannons {
        let between = attacks::between(king, cannon) & occupied;
        if between.count() == 2 {
            held |= between;
        }
    }
    held & board.by_color(defender)
}

/// The rooks of `side` held on a line with their king by an enemy rook with an enemy cannon behind it, with the
/// squares of those enemy rooks (AXF 2008 棋例 §32 "车帅被乙方车炮联合控制").
fn controlling_rooks(board: &Board, side: Color) -> Bitboard {
    let Some(king) = board.king_of(side) else { return Bitboard::EMPTY };
    let occupied = board.occupied();
    let enemy_rooks = board.by_piece(Piece::new(side.other(), Role::Rook));
    let enemy_cannons = board.by_piece(Piece::new(side.other(), Role::Cannon));
    let own_rooks = board.by_piece(Piece::new(side, Role::Rook));
    let mut found = Bitboard::EMPTY;
    for cannon in enemy_cannons & attacks::lines(king) {
        let between = attacks::between(king, cannon) & occupied;
        // king – own rook – enemy rook – cannon on one line.
        if between.count() == 2 && (between & own_rooks).any() {
            found |= between & enemy_rooks;
        }
    }
    found
}

/// The pieces of `side` among `among` that attack at least one of `targets` under `occupied`. Found role by role,
/// without decoding each square; a horse or an elephant whose moves on an empty board reach no target is not
/// looked at further (blocked legs and eyes only take squares away).
fn attacking(board: &Board, side: Color, targets: Bitboard, occupied: Bitboard, among: Bitboard) -> Bitboard {
    fn hitting(pieces: Bitboard, targets: Bitboard, attack: impl Fn(Square) -> Bitboard) -> Bitboard {
        pieces.into_iter().filter(|&from| (attack(from) & targets).any()).collect()
    }
    let leaper = |attack: fn(Square, Bitboard) -> Bitboard| {
        move |from| {
            if (attack(from, Bitboard::EMPTY) & targets).any() {
                attack(from, occupied)
            } else {
                Bitboard::EMPTY
            }
        }
    };
    let of = |role: Role| board.by_role(role) & board.by_color(side) & among;
    hitting(of(Role::Rook), targets, |from| attacks::rook_attacks(from, occupied))
        | hitting(of(Role::Cannon), targets, |from| attacks::cannon_attacks(from, occupied))
        | hitting(of(Role::Horse), targets, leaper(attacks::horse_attacks))
        | hitting(of(Role::Elephant), targets, leaper(attacks::elephant_attacks))
        | hitting(of(Role::Advisor), targets, attacks::advisor_attacks)
        | hitting(of(Role::King), targets, attacks::king_attacks)
        | hitting(of(Role::Pawn), targets, |from| attacks::pawn_attacks(side, from))
}

/// The pieces `side` could capture on `board`: the enemy pieces but the king.
fn targets_of(board: &Board, side: Color) -> Bitboard {
    board.by_color(side.other()) - board.by_role(Role::King)
}

/// The pieces of `side` that attack an enemy piece other than the king: the attackers of [`scan`]'s threats.
pub(crate) fn attackers(board: &Board, side: Color) -> Bitboard {
    attacking(board, side, targets_of(board, side), board.occupied(), Bitboard::FULL)
}

/// [`attackers`] on `after`, the board after the move `mv` of `side` (a capture if `captured`), from `before`,
/// its attackers on the board before the move.
///
/// The move changes the occupancy of `mv.from` and `mv.to` only, and after a capture the targets lose the piece
/// on `mv.to`. So only these pieces of `side` can attack differently: the moved piece; the rooks and cannons on
/// a line of either square, the horses with a leg there (an orthogonal neighbour) and the elephants with an eye
/// there (a diagonal neighbour), whose attacks depend on those squares; and after a capture, the pieces that
/// attacked before (the captured piece may have been their only target). They are looked at again; every other
/// piece attacks what it attacked before.
pub(crate) fn attackers_after(after: &Board, side: Color, mv: Move, captured: bool, before: Bitboard) -> Bitboard {
    let (mut lines, mut legs, mut eyes) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for sq in [mv.from, mv.to] {
        lines |= attacks::lines(sq);
        legs |= attacks::rook_attacks(sq, Bitboard::FULL);
        eyes |= near(sq) - attacks::lines(sq);
    }
    let changed = (after.by_role(Role::Rook) | after.by_role(Role::Cannon)) & lines
        | after.by_role(Role::Horse) & legs
        | after.by_role(Role::Elephant) & eyes
        | Bitboard::from_square(mv.to);
    let ours = after.by_color(side);
    let recheck = (if captured { changed | before } else { changed }) & ours;
    let kept = (before - recheck).without(mv.from) & ours;
    kept | attacking(after, side, targets_of(after, side), after.occupied(), recheck)
}

/// Every capture `side` could make on `board` (whoever is to move), as threats with their reasons.
///
/// The move-relative reasons (`DISCOVERED`, `MOVED_SCREEN`, `ROOT_CUT`, `ALONG_PIN_LINE`) are left for the
/// classifier, which knows the move.
///
/// `attackers` are the pieces of `side` that attack: [`attackers`], or [`attackers_after`] for the board after a
/// move. Only they are looked at.
pub(crate) fn scan(board: &Board, side: Color, ids: &IdBoard, attackers: Bitboard, out: &mut ThreatList) {
    let defender = side.other();
    let occupied = board.occupied();
    let their_king = board.king_of(defender);
    // Computed on the first threat that needs them: most pieces attack nothing.
    let mut standing: Option<(Bitboard, Bitboard)> = None;
    let mut held: Option<(Bitboard, Bitboard, Bitboard)> = None;
    let targets = targets_of(board, side);
    // The other pieces of `side` would push no threat: skipping them keeps the square order of the threats.
    for from in attackers {
        if out.is_full() {
            // Further threats would be dropped.
            break;
        }
        let Some(attacker) = board.piece_at(from) else { continue };
        let hits = attacks::attacks(attacker, from, occupied) & targets;
        for to in hits {
            let Some(target) = board.piece_at(to) else { continue };
            let (standing_side, standing_defender) =
                *standing.get_or_insert_with(|| (standing_checkers(board, side), standing_checkers(board, defender)));
            let mut reasons = ChaseReasons::empty();
            let legal = capture_is_legal_with(board, from, to, standing_side);
            if !legal {
                reasons |= ChaseReasons::ATTACKER_PINNED;
            }
            match attacker.role {
                Role::King => reasons |= ChaseReasons::BY_KING,
                Role::Pawn => reasons |= ChaseReasons::BY_PAWN,
                _ => {}
            }
            if target.role == Role::Pawn && to.is_on_side_of(defender) {
                reasons |= ChaseReasons::UNCROSSED_PAWN;
            }
            if weaker_attacks_stronger(attacker.role, target.role) {
                reasons |= ChaseReasons::STRONGER_TARGET;
            }
            if attacker.role == target.role {
                if can_capture_back(board, from, to, standing_defender) {
                    reasons |= ChaseReasons::SAME_TYPE_OFFER;
                } else if attacker.role == Role::Horse && !attacks::horse_attacks(to, occupied).contains(from) {
                    reasons |= ChaseReasons::LAME_HORSE;
                } else {
                    reasons |= ChaseReasons::SAME_TYPE_PINNED;
                }
            }
            if target.role == Role::Rook {
                let (horse_held, cannon_held, controlling) = *held.get_or_insert_with(|| {
                    (
                        held_by_horse_legs(board, defender),
                        held_by_cannons(board, defender),
                        controlling_rooks(board, side),
                    )
                });
                if horse_held.contains(to) {
                    reasons |= ChaseReasons::PINNED_BY_HORSE;
                }
                if cannon_held.contains(to) {
                    reasons |= ChaseReasons::PINNED_BY_CANNON;
                }
                if controlling.contains(to) && matches!(attacker.role, Role::Horse | Role::Cannon) {
                    reasons |= ChaseReasons::CONTROLLING_ROOK;
                }
            }
            let attacker_id = ids.id_at(from).unwrap_or(PieceId(0));
            let target_id = ids.id_at(to).unwrap_or(PieceId(0));
            if !legal {
                out.push(Threat {
                    attacker: from,
                    attacker_piece: attacker,
                    attacker_id,
                    target: to,
                    target_piece: target,
                    target_id,
                    reasons,
                    attackers: 0,
                    roots: 0,
                });
                continue;
            }
            let (geometric, legal) = recaptures_with(board, from, to, standing_defender);
            reasons |= if geometric.is_empty() {
                ChaseReasons::UNPROTECTED
            } else if legal.is_empty() {
                ChaseReasons::FAKE_ROOT
            } else {
                ChaseReasons::PROTECTED
            };
            if let Some(king) = their_king {
                let after = occupied.without(from);
                // Off the king's lines and diagonal neighbours, emptying `from` changes none of its attackers but
                // the capturer itself: they are the standing ones.
                let uncovered =
                    if near(king).contains(from) { board.attackers_to(king, side, after) } else { standing_defender };
                if (uncovered - Bitboard::from_square(from)).any()
                    || attacks::attacks(attacker, to, after).contains(king)
                {
                    reasons |= ChaseReasons::CAPTURE_GIVES_CHECK;
                }
            }
            out.push(Threat {
                attacker: from,
                attacker_piece: attacker,
                attacker_id,
                target: to,
                target_piece: target,
                target_id,
                reasons,
                attackers: 0,
                roots: legal.count() as u8,
            });
        }
    }
    let list = out.as_mut_slice();
    for i in 0..list.len() {
        let target = list[i].target;
        let attackers =
            list.iter().filter(|t| t.target == target && !t.reasons.contains(ChaseReasons::ATTACKER_PINNED)).count()
                as u8;
        let threat = &mut list[i];
        threat.attackers = attackers;
        if threat.reasons.contains(ChaseReasons::PROTECTED) && attackers > threat.roots {
            threat.reasons |= ChaseReasons::OUTNUMBERED;
        }
    }
}

/// The squares of the pieces that `side` threatens to win outright on `board` under the AXF 2008 reading (used
/// to judge 要抽吃): exactly the targets of the threats of [`scan`] (its first [`MAX_THREATS`]) that are
/// unprotected, falsely protected or stronger than their attacker, and not by the king or a pawn, on an uncrossed
/// pawn or a same-kind offer. Only the reasons that decide this are computed.
pub(crate) fn winning_targets(board: &Board, side: Color) -> Bitboard {
    let defender = side.other();
    let occupied = board.occupied();
    let targets = targets_of(board, side);
    let mut won = Bitboard::EMPTY;
    if targets.is_empty() {
        return won;
    }
    let mut standing: Option<(Bitboard, Bitboard)> = None;
    let mut standing =
        || *standing.get_or_insert_with(|| (standing_checkers(board, side), standing_checkers(board, defender)));
    // `scan` keeps the first MAX_THREATS threats, in square order of attacker then target.
    let mut room = MAX_THREATS;
    // The other pieces have no hits: they take no room.
    for from in attackers(board, side) {
        if room == 0 {
            break;
        }
        let Some(attacker) = board.piece_at(from) else { continue };
        let mut hits = attacks::attacks(attacker, from, occupied) & targets;
        let count = hits.count() as usize;
        if count > room {
            let mut kept = Bitboard::EMPTY;
            for to in hits.into_iter().take(room) {
                kept.add(to);
            }
            hits = kept;
        }
        room -= count.min(room);
        if matches!(attacker.role, Role::King | Role::Pawn) {
            continue;
        }
        for to in hits {
            let Some(target) = board.piece_at(to) else { continue };
            if target.role == Role::Pawn && to.is_on_side_of(defender) {
                continue;
            }
            if weaker_attacks_stronger(attacker.role, target.role) {
                won.add(to);
                continue;
            }
            let (standing_side, standing_defender) = standing();
            if attacker.role == target.role && can_capture_back(board, from, to, standing_defender) {
                continue;
            }
            if capture_is_legal_with(board, from, to, standing_side)
                && recaptures_with(board, from, to, standing_defender).1.is_empty()
            {
                won.add(to);
            }
        }
    }
    won
}

/// Which threats a rule book counts as a chase (捉): a threat counts if it has at least one of the reasons in
/// `counts` and none of those in `excludes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseDefinition {
    /// A threat needs at least one of these reasons.
    pub counts: ChaseReasons,
    /// A threat with any of these reasons is not a chase.
    pub excludes: ChaseReasons,
    /// Whether a new attacker joining a standing chase of the same target makes no new chase (CXA 细则
    /// "从捉到捉为闲": only a move from not chasing to chasing is 捉). The AXF 2008, ROC 2007 and PRC 1956 books
    /// have no such rule: a second attacker against a piece already attacked is judged by their items (AXF 2008
    /// 棋例 §22: a pinned rook "如以马或炮捉之 … 均不能长捉").
    pub chase_to_chase_is_idle: bool,
}

impl ChaseDefinition {
    /// The AXF 2008 chase (the same as the Fairy-Stockfish and Pikafish reading): an attack on an unprotected or
    /// falsely protected piece (§29), on a rook by a weaker piece (§10, §15, §16), or on a rook held by a horse
    /// (§14); never by the king or a pawn (§23–§25), never on an uncrossed pawn (§20), never an offer of a
    /// same-kind piece that can take back (§19), never by a rook moving along the line a cannon pins it to (§22).
    pub const AXF_2008: ChaseDefinition = ChaseDefinition {
        counts: ChaseReasons::UNPROTECTED
            .union(ChaseReasons::FAKE_ROOT)
            .union(ChaseReasons::STRONGER_TARGET)
            .union(ChaseReasons::PINNED_BY_HORSE),
        excludes: ChaseReasons::BY_KING
            .union(ChaseReasons::BY_PAWN)
            .union(ChaseReasons::UNCROSSED_PAWN)
            .union(ChaseReasons::SAME_TYPE_OFFER)
            .union(ChaseReasons::ALONG_PIN_LINE)
            .union(ChaseReasons::ATTACKER_PINNED),
        chase_to_chase_is_idle: false,
    };

    /// Whether `threat` is a chase under this definition.
    #[inline]
    pub fn is_chase(&self, threat: &Threat) -> bool {
        threat.reasons.intersects(self.counts) && !threat.reasons.intersects(self.excludes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Position;

    #[test]
    fn attackers_after_a_move_are_the_attackers_of_the_new_board() {
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1du64);
        let mut captures = 0;
        for _ in 0..30 {
            let mut pos = Position::new();
            for _ in 0..150 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mover = pos.turn();
                let before = attackers(pos.board(), mover);
                for &mv in legal.iter() {
                    let captured = pos.is_capture(mv);
                    captures += usize::from(captured);
                    let after = pos.play(mv).unwrap();
                    let expected = attackers(after.board(), mover);
                    assert_eq!(attackers_after(after.board(), mover, mv, captured, before), expected, "{pos} {mv}");
                }
                // Captures now and then, so that games thin out.
                let capture = legal.iter().copied().find(|&mv| pos.is_capture(mv)).filter(|_| next() % 3 == 0);
                pos.play_unchecked(capture.unwrap_or(legal[(next() % legal.len() as u64) as usize]));
            }
        }
        assert!(captures > 1000);
    }
}
