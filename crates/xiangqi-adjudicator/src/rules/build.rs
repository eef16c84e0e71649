//! Constant constructors shared by the rule tables.

use xiangqi_board::Role;

use super::{PairEntry, PairPattern, Pattern, PieceSpec, RoleSet, RuleEntry, Status};
use crate::classify::MoveFlags;
use crate::verdict::Section;

/// The set of the given roles.
pub(super) const fn roles(list: &[Role]) -> RoleSet {
    RoleSet::of(list)
}

pub(super) const ROOK: RoleSet = roles(&[Role::Rook]);
pub(super) const CANNON: RoleSet = roles(&[Role::Cannon]);
pub(super) const HORSE: RoleSet = roles(&[Role::Horse]);
pub(super) const HORSE_OR_CANNON: RoleSet = roles(&[Role::Horse, Role::Cannon]);
pub(super) const PAWN: RoleSet = roles(&[Role::Pawn]);
pub(super) const KING_OR_PAWN: RoleSet = roles(&[Role::King, Role::Pawn]);
/// The pieces whose attacks may be chases in every book: rook, horse, cannon, advisor, elephant.
pub(super) const CHASERS: RoleSet = roles(&[Role::Rook, Role::Horse, Role::Cannon, Role::Advisor, Role::Elephant]);
pub(super) const ANY: PieceSpec = PieceSpec::ANY;

/// A [`Pattern::Moves`].
pub(super) const fn moves(each: MoveFlags, some: MoveFlags, none: MoveFlags) -> Pattern {
    Pattern::Moves { each, some, none }
}

/// An entry of a book that names its items: `cite` is the item as the book names it.
pub(super) const fn named(
    item: u8,
    cite: &'static str,
    name: &'static str,
    summary: &'static str,
    pattern: Pattern,
    status: Status,
) -> RuleEntry {
    RuleEntry { item, cite: Section::Item(cite), name, summary, pattern, status, outranks_counter_chase: false }
}

/// A pair entry of a book that names its items; `draw` as in [`PairEntry::draw`].
pub(super) const fn pair(
    item: u8,
    cite: &'static str,
    name: &'static str,
    summary: &'static str,
    pattern: PairPattern,
    draw: bool,
) -> PairEntry {
    PairEntry { item, cite: Section::Item(cite), name, summary, pattern, draw }
}
