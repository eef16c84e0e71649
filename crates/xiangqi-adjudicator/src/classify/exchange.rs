//! Exchanges (兑), sacrifices (献), blocks (拦) and follows (跟): the moves that are neither checks nor chases but
//! that the rule books still name (ROC 2007 術語 兌著 攔著 獻著; PRC 1956 第六章 长拦 长兑 长跟; AXF 2008 棋例 §34, §35).

use xiangqi_board::{attacks, Bitboard, Board, Color, Move, Role};

use super::chase::{ChaseReasons, ThreatList};
use super::roots::{capture_is_legal_with, recaptures_with, standing_checkers};

/// 兑: the moved piece and an enemy piece of the same kind attack each other, each able to capture (an offer
/// to exchange, "可互換吃子").
pub(crate) fn is_exchange(threats: &ThreatList, mv: Move) -> bool {
    threats.iter().any(|t| t.attacker == mv.to && t.reasons.contains(ChaseReasons::SAME_TYPE_OFFER))
}

/// 献: the moved piece can be taken and the taker cannot be taken back, or a weaker enemy piece can take it
/// ("送吃").
///
/// `after` is the board after the legal move `mv` of `mover`, and `checkers` the mover's pieces that check the
/// opponent's king there (the standing checkers of the takers' king). The mover's own king is not attacked after
/// a legal move, so the recapturers have no standing checkers.
pub(crate) fn is_sacrifice(after: &Board, mv: Move, mover: Color, checkers: Bitboard) -> bool {
    let Some(moved) = after.piece_at(mv.to) else { return false };
    let takers = after.attackers_to(mv.to, mover.other(), after.occupied());
    if takers.is_empty() {
        return false;
    }
    debug_assert_eq!(checkers, standing_checkers(after, mover.other()));
    debug_assert!(standing_checkers(after, mover).is_empty(), "the mover's king is attacked after its move");
    takers.into_iter().any(|taker| {
        if !capture_is_legal_with(after, taker, mv.to, checkers) {
            return false;
        }
        let taker_role = after.role_at(taker).unwrap_or(Role::King);
        value(taker_role) < value(moved.role) || recaptures_with(after, taker, mv.to, Bitboard::EMPTY).1.is_empty()
    })
}

/// A rough piece value used only to tell a sacrifice from an even offer (rook > horse = cannon > the rest).
fn value(role: Role) -> u8 {
    match role {
        Role::Rook => 4,
        Role::Horse | Role::Cannon => 2,
        Role::King => 9,
        _ => 1,
    }
}

/// 拦: a quiet move onto a square an enemy rook or cannon could move to, or onto the leg of an enemy horse or
/// the eye of an enemy elephant, cutting its way.
pub(crate) fn is_block(before: &Board, mv: Move, mover: Color) -> bool {
    let occupied = before.occupied();
    if occupied.contains(mv.to) {
        return false;
    }
    let them = before.by_color(mover.other());
    // An enemy rook or cannon can move to the empty square exactly when it is the first piece on one of the
    // square's lines (rook reach is symmetric).
    let sliders = them & (before.by_role(Role::Rook) | before.by_role(Role::Cannon));
    if (attacks::rook_attacks(mv.to, occupied) & sliders).any() {
        return true;
    }
    // A horse's legs are its orthogonal neighbours; the square is a leg of the horse's moves through it.
    let horses = them & before.by_role(Role::Horse) & attacks::rook_attacks(mv.to, Bitboard::FULL);
    horses.into_iter().any(|horse| {
        attacks::horse_attacks(horse, occupied)
            .into_iter()
            .any(|target| attacks::horse_leg(horse, target) == Some(mv.to))
    })
}

/// 跟: the moved piece newly attacks an enemy piece that is truly protected (shadowing it without a chase).
pub(crate) fn is_follow(threats: &ThreatList, before: &ThreatList, mv: Move) -> bool {
    let attacked_before = before.targets_where(|t| !t.reasons.contains(ChaseReasons::ATTACKER_PINNED));
    threats.iter().any(|t| {
        t.attacker == mv.to && t.reasons.contains(ChaseReasons::PROTECTED) && !attacked_before.contains(t.target)
    })
}
