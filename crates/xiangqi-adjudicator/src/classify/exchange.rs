//! Exchanges (兑), sacrifices (献), blocks (拦) and follows (跟): the moves that are neither checks nor chases but
//! that the rule books still name (ROC 2007 術語 兌著 攔著 獻著; PRC 1956 第六章 长拦 长兑 长跟; AXF 2008 棋例 §34, §35).

use xiangqi_board::{attacks, Bitboard, Board, Color, Move, Role, Square};

use super::roots::{capture_is_legal_with, recaptures_with, standing_checkers};
use super::threat::{ChaseReasons, ThreatList};

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

/// 拦: the move interposes on the line of an attack that stood before it (ROC 2007 術語 攔著; PRC 1956 第六章二1 长拦
/// "拦阻对方某一个子前进"). A quiet move blocks when it lands
/// - between an enemy rook or cannon and a piece of the mover's it attacked (the king too: a check), or on the leg
///   of an enemy horse that attacked one, so that the attack is gone; or
/// - on the way of an enemy rook, cannon or horse to a square from which it would check the mover's king (1956
///   图六: the cannon that stops the rook which "要进车杀"), or on that square itself.
///
/// The moved piece's own flight is no block (it is no longer where it was attacked), nor is a move onto a square
/// an enemy piece could reach that cuts nothing.
pub(crate) fn is_block(before: &Board, mv: Move, mover: Color) -> bool {
    let occupied = before.occupied();
    if occupied.contains(mv.to) {
        return false;
    }
    let after = occupied.without(mv.from).with(mv.to);
    let guarded = before.by_color(mover).without(mv.from);
    let king = before.king_of(mover).filter(|&king| king != mv.from);
    let them = before.by_color(mover.other());
    // Only a rook or cannon on a line through the square, or a horse next to it (the square its leg), can be cut.
    let sliders = (before.by_role(Role::Rook) | before.by_role(Role::Cannon)) & attacks::lines(mv.to);
    let horses = before.by_role(Role::Horse) & attacks::rook_attacks(mv.to, Bitboard::FULL);
    let stoppers = them & (sliders | horses);
    stoppers.into_iter().any(|from| {
        let Some(piece) = before.piece_at(from) else { return false };
        // Whether the new piece on `mv.to` stands in the way from `from` to `target`.
        let cuts = |target: Square| match piece.role {
            Role::Horse => attacks::horse_leg(from, target) == Some(mv.to),
            _ => target == mv.to || attacks::between(from, target).contains(mv.to),
        };
        let lost_attacks = attacks::attacks(piece, from, occupied) - attacks::attacks(piece, from, after);
        if (lost_attacks & guarded).into_iter().any(cuts) {
            return true;
        }
        let Some(king) = king else { return false };
        // The empty squares it could go to before and cannot now.
        let ways = |occupied: Bitboard| attacks::move_targets(piece, from, occupied) - occupied;
        let lost_ways = ways(occupied) - ways(after);
        lost_ways
            .into_iter()
            .any(|way| cuts(way) && attacks::attacks(piece, way, occupied.without(from).with(way)).contains(king))
    })
}

/// 跟: the moved piece newly attacks an enemy piece that is truly protected (shadowing it without a chase).
pub(crate) fn is_follow(threats: &ThreatList, before: &ThreatList, mv: Move) -> bool {
    let attacked_before = before.targets_where(|t| !t.reasons.contains(ChaseReasons::ATTACKER_PINNED));
    threats.iter().any(|t| {
        t.attacker == mv.to && t.reasons.contains(ChaseReasons::PROTECTED) && !attacked_before.contains(t.target)
    })
}
