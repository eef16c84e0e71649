//! What each side did over a repetition window, read with a rule set's chase definition.
//!
//! The moves of the window are classified once ([`MoveClass`]); a [`SideConduct`] then gathers one side's moves
//! and answers the questions the rule tables ask: did every move check, which pieces were chased on **every**
//! move (followed by identity, so a piece that flees is still the same piece), by which pieces and why.

use alloc::vec::Vec;

use xiangqi_board::Color;

use crate::classify::{ChaseDefinition, ChaseReasons, MoveClass, MoveFlags, Threat};
use crate::identity::PieceId;

/// One side's moves in a repetition window.
#[derive(Clone, Debug)]
pub struct SideConduct<'a> {
    /// The side.
    pub side: Color,
    /// Its moves in the window, in order.
    pub moves: Vec<&'a MoveClass>,
    /// The flags of each move as the rule set reads them ([`MoveClass::flags_under`] its chase definition).
    pub flags: Vec<MoveFlags>,
    /// The flags every move has.
    pub every: MoveFlags,
    /// The flags some move has.
    pub some: MoveFlags,
    /// The pieces (as a [`PieceId`] bit set) chased on every move; empty when a move checks and the rule set
    /// lets a check break a chase.
    pub perpetual_chase: u32,
    /// The pieces newly attacked (by any threat, chase or not) on every move.
    pub perpetual_attack: u32,
    definition: ChaseDefinition,
}

impl<'a> SideConduct<'a> {
    /// Gathers `side`'s moves from `window`.
    pub fn new(side: Color, window: &'a [MoveClass], definition: ChaseDefinition, check_breaks_chase: bool) -> Self {
        let moves: Vec<&MoveClass> = window.iter().filter(|class| class.mover == side).collect();
        let flags: Vec<MoveFlags> = moves.iter().map(|class| class.flags_under(definition)).collect();
        let every =
            flags.iter().fold(if flags.is_empty() { MoveFlags::empty() } else { MoveFlags::all() }, |a, &f| a & f);
        let some = flags.iter().fold(MoveFlags::empty(), |a, &f| a | f);
        let any_check = some.contains(MoveFlags::CHECK);
        let all_ids = |set: &dyn Fn(&MoveClass) -> u32| -> u32 {
            if moves.is_empty() {
                0
            } else {
                moves.iter().fold(u32::MAX, |acc, class| acc & set(class))
            }
        };
        let perpetual_chase =
            if check_breaks_chase && any_check { 0 } else { all_ids(&|class| class.chased_ids(definition)) };
        let perpetual_attack = all_ids(&|class| class.new_attacks().fold(0, |s, t| s | t.target_id.bit()));
        SideConduct { side, moves, flags, every, some, perpetual_chase, perpetual_attack, definition }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the side made no move in the window.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether every move gave check (长将).
    pub fn is_perpetual_check(&self) -> bool {
        !self.moves.is_empty() && self.every.contains(MoveFlags::CHECK)
    }

    /// The chases of move `index` on the piece `target` (under the rule set's definition).
    pub fn chases_on(&self, index: usize, target: PieceId) -> impl Iterator<Item = &'a Threat> + '_ {
        self.moves[index].new_chases(self.definition).filter(move |t| t.target_id == target)
    }

    /// The new chases of move `index` (under the rule set's definition), on any piece.
    pub fn new_chases(&self, index: usize) -> impl Iterator<Item = &'a Threat> + '_ {
        self.moves[index].new_chases(self.definition)
    }

    /// The rule set's chase definition used for this side.
    pub fn definition(&self) -> ChaseDefinition {
        self.definition
    }

    /// The new attacks of move `index` on the piece `target` (any threat).
    pub fn attacks_on(&self, index: usize, target: PieceId) -> impl Iterator<Item = &'a Threat> + '_ {
        self.moves[index].new_attacks().filter(move |t| t.target_id == target)
    }
}

/// The facts about one target over a side's moves that a rule entry's piece pattern checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TargetFacts {
    /// The targets' roles (bit `Role::index()`).
    pub target_roles: u8,
    /// The roles of the attacking pieces (bit `Role::index()`).
    pub attacker_roles: u8,
    /// The distinct attacking pieces.
    pub attacker_ids: u32,
    /// The reasons that hold on every move (the union per move, intersected over the moves).
    pub every_move: ChaseReasons,
    /// The reasons that hold on some move.
    pub some_move: ChaseReasons,
    /// The roles of the moving pieces (bit `Role::index()`).
    pub mover_roles: u8,
}

impl TargetFacts {
    /// Gathers the facts for one target from per-move threat lists.
    pub fn gather<'t>(conduct: &SideConduct<'_>, per_move: impl Fn(usize) -> Vec<&'t Threat>) -> TargetFacts {
        let mut facts = TargetFacts { every_move: ChaseReasons::all(), ..TargetFacts::default() };
        for (index, class) in conduct.moves.iter().enumerate() {
            facts.mover_roles |= 1 << class.piece.role.index();
            let mut reasons = ChaseReasons::empty();
            for threat in per_move(index) {
                facts.target_roles |= 1 << threat.target_piece.role.index();
                facts.attacker_roles |= 1 << threat.attacker_piece.role.index();
                facts.attacker_ids |= threat.attacker_id.bit();
                reasons |= threat.reasons;
            }
            facts.every_move &= reasons;
            facts.some_move |= reasons;
        }
        facts
    }
}

/// The ids in a bit set.
pub(crate) fn ids(set: u32) -> impl Iterator<Item = PieceId> {
    (0..32u8).filter(move |i| set & (1 << i) != 0).map(PieceId)
}
