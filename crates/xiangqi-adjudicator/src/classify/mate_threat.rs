//! Mate threats (杀) and threats to win material by check (要抽吃).
//!
//! Both are read the way the rule books define them: what the mover could do *if it were to move again*
//! (the opponent "passing"). ROC 2007 術語 殺著: "a move intending to mate next by a check or continuous checks";
//! PRC 1956 第八章二: "要杀 means mating the opponent on the next move". 要抽吃 (PRC 1956 图十九, AXF 2008 棋例 §8,
//! §9, §33): the mover threatens a check after which, whatever the reply, it wins material.

use xiangqi_board::{Move, Position, Setup};

use super::chase::{scan, ChaseReasons, ThreatList};
use crate::identity::IdBoard;

/// The same placement with the other side to move, if that is a legal position (it is not when the side to move
/// is in check: the waiting side could then capture the king).
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    let setup = Setup { turn: pos.turn().other(), ..pos.to_setup() };
    Position::from_setup(setup).ok()
}

/// Whether the side to move in `pos` can mate with checks only, within `depth` of its own moves.
pub(crate) fn mates_by_checks(pos: &Position, depth: u8) -> bool {
    if depth == 0 {
        return false;
    }
    for &mv in pos.legal_moves().iter() {
        let next = played(pos, mv);
        if !next.is_check() {
            continue;
        }
        let replies = next.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if depth > 1 && replies.iter().all(|&reply| mates_by_checks(&played(&next, reply), depth - 1)) {
            return true;
        }
    }
    false
}

fn played(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}

/// Whether the move that led to `after` threatens mate by checks within `depth` moves (杀). A checking move is
/// not a mate threat in this sense (it is a check).
pub(crate) fn threatens_mate(after: &Position, depth: u8) -> bool {
    if after.is_check() || depth == 0 {
        return false;
    }
    pass(after).is_some_and(|again| mates_by_checks(&again, depth))
}

/// The threats that win material outright under the AXF 2008 reading (used to judge 要抽吃).
fn winning(reasons: ChaseReasons) -> bool {
    reasons.intersects(ChaseReasons::UNPROTECTED | ChaseReasons::FAKE_ROOT | ChaseReasons::STRONGER_TARGET)
        && !reasons.intersects(
            ChaseReasons::BY_KING
                | ChaseReasons::BY_PAWN
                | ChaseReasons::UNCROSSED_PAWN
                | ChaseReasons::SAME_TYPE_OFFER,
        )
}

/// Whether the move that led to `after` threatens to win material by a check (要抽吃): if the mover could move
/// again, it has a check (not a mate) after which every reply leaves it a winning capture of a piece it cannot
/// win already.
pub(crate) fn threatens_win_by_check(after: &Position) -> bool {
    if after.is_check() {
        return false;
    }
    let Some(again) = pass(after) else { return false };
    let mover = again.turn();
    let ids = IdBoard::new(again.board());
    let mut already = ThreatList::default();
    scan(again.board(), mover, &ids, &mut already);
    let won_already = already.targets_where(|t| winning(t.reasons));
    for &mv in again.legal_moves().iter() {
        let checked = played(&again, mv);
        if !checked.is_check() {
            continue;
        }
        let replies = checked.legal_moves();
        if replies.is_empty() {
            continue;
        }
        let wins_after_every_reply = replies.iter().all(|&reply| {
            let answered = played(&checked, reply);
            let mut threats = ThreatList::default();
            scan(answered.board(), mover, &ids, &mut threats);
            // A piece that could be won before the check does not count, unless the reply moved it.
            threats.iter().any(|t| winning(t.reasons) && (!won_already.contains(t.target) || t.target == reply.to))
        });
        if wins_after_every_reply {
            return true;
        }
    }
    false
}
