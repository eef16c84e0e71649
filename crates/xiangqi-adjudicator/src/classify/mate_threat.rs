//! Mate threats (杀) and threats to win material by check (要抽吃).
//!
//! Both are read the way the rule books define them: what the mover could do *if it were to move again*
//! (the opponent "passing"). ROC 2007 術語 殺著: "a move intending to mate next by a check or continuous checks";
//! PRC 1956 第八章二: "要杀 means mating the opponent on the next move". 要抽吃 (PRC 1956 图十九, AXF 2008 棋例 §8,
//! §9, §33): the mover threatens a check after which, whatever the reply, it wins material.

use core::ops::ControlFlow;

use xiangqi_board::{Bitboard, Move, MoveList, Position};

use super::chase::winning_targets;

/// The same placement with the other side to move, if that is a legal position (it is not when the side to move
/// is in check: the waiting side could then capture the king): [`Position::swap_turn`].
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    pos.swap_turn().ok()
}

/// Whether the side to move in `pos` can mate with checks only, within `depth` of its own moves.
pub(crate) fn mates_by_checks(pos: &Position, depth: u8) -> bool {
    if depth == 0 {
        return false;
    }
    mates_with(pos, &pos.checking_moves(), depth)
}

/// [`mates_by_checks`] with the checking moves of `pos` given.
fn mates_with(pos: &Position, checks: &MoveList, depth: u8) -> bool {
    checks.iter().any(|&mv| mates_after(pos, mv, depth))
}

/// Whether the check `mv` of the side to move in `pos` begins a mate by checks within `depth` own moves.
fn mates_after(pos: &Position, mv: Move, depth: u8) -> bool {
    let next = played(pos, mv);
    !next.has_legal_moves()
        || (depth > 1 && next.legal_moves().iter().all(|&reply| mates_by_checks(&played(&next, reply), depth - 1)))
}

/// Visits the legal moves of the side to move in `pos` until `visit` returns `false`. Returns whether there was a
/// legal move and whether `visit` returned `true` for every one visited.
fn all_legal(pos: &Position, mut visit: impl FnMut(Move) -> bool) -> (bool, bool) {
    let mut any = false;
    let stopped = pos.for_each_legal_move(Bitboard::FULL, Bitboard::FULL, |moves| {
        for mv in moves {
            any = true;
            if !visit(mv) {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    (any, stopped.is_continue())
}

/// The look-ahead kinds of a move, judged on `after` (the position after the move) as if the mover were to move
/// again (see [`pass`]): `(mate threat, threat to win by check)`, the second only looked for without the first.
/// Both need a check: when the mover has no checking move, the position is not even copied. `checkers` are the
/// mover's pieces checking the opponent's king in `after` ([`Position::checkers`]).
pub(crate) fn look_ahead(after: &Position, checkers: Bitboard, mate_depth: u8, win_by_check: bool) -> (bool, bool) {
    debug_assert_eq!(checkers, after.checkers());
    if checkers.any() {
        return (false, false);
    }
    // The side to move in `after` is not in check, so it may pass.
    let mut again = after.clone();
    again.swap_turn_unchecked();
    let checks = again.checking_moves();
    if checks.is_empty() {
        return (false, false);
    }
    if mate_depth > 0 && mates_with(&again, &checks, mate_depth) {
        return (true, false);
    }
    (false, win_by_check && threatens_with(&again, &checks))
}

fn played(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}

/// Whether the mover threatens to win material by a check (要抽吃): in `again` (the position after its move
/// with the mover to move again, `checks` its checking moves), it has a check (not a mate) after which every
/// reply leaves it a winning capture of a piece it cannot win already.
fn threatens_with(again: &Position, checks: &MoveList) -> bool {
    let mut won_already = None;
    checks.iter().any(|&mv| wins_after(again, mv, &mut won_already))
}

/// Whether the check `mv` of the mover in `again` wins material whatever the reply (see [`threatens_with`]);
/// `won_already` caches the pieces the mover can win in `again` without it.
fn wins_after(again: &Position, mv: Move, won_already: &mut Option<Bitboard>) -> bool {
    let mover = again.turn();
    let checked = played(again, mv);
    // Every reply must leave a winning capture; the first that does not ends the test (a check without replies is
    // a mate, not a threat to win material).
    let (any_reply, wins_after_every_reply) = all_legal(&checked, |reply| {
        let answered = played(&checked, reply);
        let wins = winning_targets(answered.board(), mover);
        if wins.is_empty() {
            return false;
        }
        // A piece that could be won before the check does not count, unless the reply moved it.
        let won_already = *won_already.get_or_insert_with(|| winning_targets(again.board(), mover));
        (wins & (!won_already | Bitboard::from_square(reply.to))).any()
    });
    any_reply && wins_after_every_reply
}

/// The checks of the side to move in `pos` that begin a threat: a mate by checks within `mate_depth` own moves
/// (`mate`), or a win of material by check.
fn threat_checks(pos: &Position, mate_depth: u8, mate: bool) -> MoveList {
    let mut won_already = None;
    pos.checking_moves()
        .iter()
        .copied()
        .filter(|&mv| if mate { mates_after(pos, mv, mate_depth) } else { wins_after(pos, mv, &mut won_already) })
        .collect()
}

/// Whether a look-ahead threat found after a move — a mate threat (`mate`) or a threat to win by check — stood
/// before the move, untouched by it: in `before` the mover (to move, not in check) had the same kind of threat,
/// and every check that begins it after the move began it before. Such a threat is not the move's (a standing
/// discovered-check battery, a defender's threat its moves leave alone); a move that creates the threat, or
/// changes the checks that carry it, makes it.
pub(crate) fn stood_before(before: &Position, after: &Position, mate_depth: u8, mate: bool) -> bool {
    if before.is_check() {
        return false;
    }
    let Some(again) = pass(after) else { return false };
    let then = threat_checks(before, mate_depth, mate);
    !then.is_empty() && threat_checks(&again, mate_depth, mate).iter().all(|mv| then.iter().any(|m| m == mv))
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::classify::chase::{attackers, scan, ChaseReasons, ThreatList};
    use crate::identity::IdBoard;
    use xiangqi_board::Board;

    /// The threats that win material outright under the AXF 2008 reading (used to judge 要抽吃); see
    /// [`winning_targets`].
    fn winning(reasons: ChaseReasons) -> bool {
        reasons.intersects(ChaseReasons::UNPROTECTED | ChaseReasons::FAKE_ROOT | ChaseReasons::STRONGER_TARGET)
            && !reasons.intersects(
                ChaseReasons::BY_KING
                    | ChaseReasons::BY_PAWN
                    | ChaseReasons::UNCROSSED_PAWN
                    | ChaseReasons::SAME_TYPE_OFFER,
            )
    }

    /// The checking moves as first written: every legal move, each played on a copy.
    fn reference_checks(pos: &Position) -> Vec<Move> {
        pos.legal_moves().iter().copied().filter(|&mv| played(pos, mv).is_check()).collect()
    }

    fn reference_winning(board: &Board, side: xiangqi_board::Color) -> Bitboard {
        let mut threats = ThreatList::default();
        scan(board, side, &IdBoard::new(board), attackers(board, side), &mut threats);
        threats.targets_where(|t| winning(t.reasons))
    }

    /// Positions from seeded random games (with captures), both sides to move.
    fn positions() -> Vec<Position> {
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1du64);
        let mut found = Vec::new();
        for _ in 0..60 {
            let mut pos = Position::new();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures now and then, so that games thin out.
                let captures: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_capture(m)).collect();
                let mv = if !captures.is_empty() && next() % 3 == 0 {
                    captures[(next() % captures.len() as u64) as usize]
                } else {
                    moves[(next() % moves.len() as u64) as usize]
                };
                pos.play_unchecked(mv);
                found.push(pos.clone());
            }
        }
        found
    }

    /// 要抽吃 as first written: all replies listed, each answered position scanned in full.
    fn reference_threatens(again: &Position) -> bool {
        let mover = again.turn();
        let mut won_already = None;
        for mv in reference_checks(again) {
            let checked = played(again, mv);
            let replies = checked.legal_moves();
            if replies.is_empty() {
                continue;
            }
            let won_already = *won_already.get_or_insert_with(|| reference_winning(again.board(), mover));
            if replies.iter().all(|&reply| {
                let answered = played(&checked, reply);
                let counted = !won_already | Bitboard::from_square(reply.to);
                (reference_winning(answered.board(), mover) & counted).any()
            }) {
                return true;
            }
        }
        false
    }

    #[test]
    fn threats_to_win_by_check_are_found_as_before() {
        let mut found = 0;
        for pos in positions() {
            let fast = threatens_with(&pos, &pos.checking_moves());
            assert_eq!(fast, reference_threatens(&pos), "{pos}");
            found += usize::from(fast);
        }
        assert!(found > 0);
    }

    #[test]
    fn winning_targets_are_the_winning_threats_of_a_scan() {
        for pos in positions() {
            for side in xiangqi_board::Color::ALL {
                assert_eq!(winning_targets(pos.board(), side), reference_winning(pos.board(), side), "{pos} {side:?}");
            }
        }
    }
}
