//! 捉一不捉二 (PRC 1956 第八章一7): "只许在一个地方捉敌子，不许连续在两个以上的地方捉它；捉子的一方应该自选一个有利
//! 的位置，给对方留另一个位置，否则等于长捉" — a side may chase an enemy piece on one square, not on two or more in
//! turn; it must leave the piece one square where it is not chased.
//!
//! Read as a pattern over one side's moves in a repetition window: the same enemy piece is newly attacked on
//! every move (followed by identity), it stands on at least two different squares when attacked, and on at
//! least one of them the attack is a chase under the book's definition (长捉无根子: the piece is unprotected
//! there). Attacking a piece that is protected everywhere is 长跟 (图八, allowed); attacking an unprotected piece
//! on every move is 长捉无根子 itself, which the table tries first.

use xiangqi_board::Bitboard;

use super::dsl::PieceSpec;
use crate::cycle::{ids, SideConduct, TargetFacts};

/// Whether `conduct` attacks one piece on two or more squares in turn, chasing it on at least one (see the
/// module documentation), with attacks that fit `spec`.
pub(crate) fn matches(spec: &PieceSpec, conduct: &SideConduct<'_>) -> bool {
    ids(conduct.perpetual_attack & !conduct.perpetual_chase).any(|target| {
        let squares = (0..conduct.len())
            .flat_map(|i| conduct.attacks_on(i, target).map(|t| t.target))
            .fold(Bitboard::EMPTY, |set, sq| set.with(sq));
        let chased_somewhere = (0..conduct.len()).any(|i| conduct.chases_on(i, target).next().is_some());
        squares.count() >= 2
            && chased_somewhere
            && spec.matches(&TargetFacts::gather(conduct, |i| conduct.attacks_on(i, target).collect()), conduct)
    })
}
