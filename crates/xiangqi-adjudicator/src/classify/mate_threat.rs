//! Mate threats (杀) and threats to win material by check (要抽吃).
//!
//! Both are read the way the rule books define them: what the mover could do *if it were to move again*
//! (the opponent "passing"). ROC 2007 術語 殺著: "a move intending to mate next by a check or continuous checks";
//! PRC 1956 第八章二: "要杀 means mating the opponent on the next move". 要抽吃 (PRC 1956 图十九, AXF 2008 棋例 §8,
//! §9, §33): the mover threatens a check after which, whatever the reply, it wins material.

use xiangqi_board::{attacks, Bitboard, Move, Position, Role};

use super::chase::{scan, ChaseReasons, ThreatList};
use crate::identity::IdBoard;

/// The same placement with the other side to move, if that is a legal position (it is not when the side to move
/// is in check: the waiting side could then capture the king). A move from an empty square passes the turn
/// ([`Position::play_unchecked`]).
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    if pos.is_check() {
        return None;
    }
    let empty = (!pos.board().occupied() & Bitboard::FULL).first()?;
    let mut passed = pos.clone();
    passed.play_unchecked(Move::new(empty, empty));
    Some(passed)
}

/// The moves of the side to move that may give check: a piece leaving a square on a line of the enemy king or
/// diagonally next to it (uncovering a slider, a cannon screen or a horse leg), or arriving on a line of the king
/// or (a horse) a square from which it reaches the king. Every check is among them; not every candidate checks.
fn check_candidates(pos: &Position) -> impl Iterator<Item = Move> + '_ {
    let king = pos.king_of(pos.turn().other());
    let lines = attacks::lines(king);
    let diagonal = attacks::advisor_attacks(king) | diagonal_neighbours(king);
    let horse_squares = attacks::horse_reach(king);
    let moves = pos.legal_moves();
    (0..moves.len()).map(move |i| moves[i]).filter(move |mv| {
        let role = pos.board().role_at(mv.from);
        lines.contains(mv.from)
            || diagonal.contains(mv.from)
            || lines.contains(mv.to)
            || (role == Some(Role::Horse) && horse_squares.contains(mv.to))
    })
}

/// The (up to four) squares diagonally next to `sq`.
fn diagonal_neighbours(sq: xiangqi_board::Square) -> Bitboard {
    [(1, 1), (1, -1), (-1, 1), (-1, -1)].into_iter().filter_map(|(f, r)| sq.offset(f, r)).collect()
}

/// Whether the side to move in `pos` can mate with checks only, within `depth` of its own moves.
pub(crate) fn mates_by_checks(pos: &Position, depth: u8) -> bool {
    if depth == 0 {
        return false;
    }
    for mv in check_candidates(pos) {
        let next = played(pos, mv);
        if !next.is_check() {
            continue;
        }
        if !next.has_legal_moves() {
            return true;
        }
        let replies = next.legal_moves();
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

/// Whether the mover threatens to win material by a check (要抽吃): in `again` (the position after its move
/// with the mover to move again), it has a check (not a mate) after which every reply leaves it a winning
/// capture of a piece it cannot win already.
pub(crate) fn threatens_win_by_check(again: &Position) -> bool {
    let mover = again.turn();
    let ids = IdBoard::new(again.board());
    let mut won_already = None;
    for mv in check_candidates(again) {
        let checked = played(again, mv);
        if !checked.is_check() {
            continue;
        }
        let replies = checked.legal_moves();
        if replies.is_empty() {
            continue;
        }
        let won_already = *won_already.get_or_insert_with(|| {
            let mut already = ThreatList::default();
            scan(again.board(), mover, &ids, &mut already);
            already.targets_where(|t| winning(t.reasons))
        });
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
