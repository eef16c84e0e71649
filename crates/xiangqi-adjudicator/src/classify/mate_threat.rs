//! Mate threats (杀) and threats to win material by check (要抽吃).
//!
//! Both are read the way the rule books define them: what the mover could do *if it were to move again*
//! (the opponent "passing"). ROC 2007 術語 殺著: "a move intending to mate next by a check or continuous checks";
//! PRC 1956 第八章二: "要杀 means mating the opponent on the next move". 要抽吃 (PRC 1956 图十九, AXF 2008 棋例 §8,
//! §9, §33): the mover threatens a check after which, whatever the reply, it wins material.

use xiangqi_board::{attacks, Bitboard, Board, Move, MoveList, Piece, Position, Role, Square};

use super::chase::winning_targets;

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

/// The legal moves of the side to move in `pos` that give check.
///
/// Only candidate moves are looked at: a piece leaving a square on a line of the enemy king or diagonally next to
/// it (uncovering a slider, a cannon screen or a horse leg), or arriving on a line of the king or (a horse) on a
/// square from which it reaches the king; every check is among them. Each candidate is tested on occupancy masks
/// ([`gives_check`]), and only a checking candidate is tested for legality, so nothing is copied.
pub(crate) fn checking_moves(pos: &Position) -> MoveList {
    let mut checks = MoveList::new();
    let us = pos.turn();
    let board = pos.board();
    // Positions without a king only arise inside the look-ahead of illegal positions: without the enemy king
    // nothing is a check, without the own king every pseudo-legal move is legal.
    let Some(king) = board.king_of(us.other()) else { return checks };
    if board.king_of(us).is_none() {
        return pos.legal_moves().iter().copied().filter(|&mv| played(pos, mv).is_check()).collect();
    }
    let lines = attacks::lines(king);
    let near = lines | attacks::advisor_attacks(king) | diagonal_neighbours(king);
    let horse_squares = attacks::horse_reach(king);
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occupied = ours | theirs;
    for from in ours {
        let Some(piece) = board.piece_at(from) else { continue };
        let mut targets = move_targets(piece, from, occupied, theirs) - ours;
        if !near.contains(from) {
            targets &= if piece.role == Role::Horse { lines | horse_squares } else { lines };
        }
        // Taking the king leaves no king to be in check.
        for to in targets.without(king) {
            let mv = Move::new(from, to);
            if gives_check(board, piece, mv, king, occupied) && pos.leaves_king_safe(mv) {
                checks.push(mv);
            }
        }
    }
    checks
}

/// Where `piece` on `from` may move by its own movement rules (own pieces not removed): the pseudo-legal targets
/// of legal move generation.
#[inline]
fn move_targets(piece: Piece, from: Square, occupied: Bitboard, theirs: Bitboard) -> Bitboard {
    match piece.role {
        Role::Cannon => {
            let (slides, jumps) = attacks::slider_attacks(from, occupied);
            (slides - occupied) | (jumps & theirs)
        }
        _ => attacks::attacks(piece, from, occupied),
    }
}

/// Whether the move of `piece` (of the side to move) gives check to the enemy king on `king`: the attackers of
/// the king with the move's occupancy, the moved piece counted on its new square. The same as playing the move
/// and asking [`Position::is_check`].
#[inline]
fn gives_check(board: &Board, piece: Piece, mv: Move, king: Square, occupied: Bitboard) -> bool {
    let after = occupied.without(mv.from).with(mv.to);
    // `board` still lists the piece on `mv.from`, which is outside `after`, and a captured piece on `mv.to` is
    // not the mover's: neither counts as an attacker.
    attacks::attacks(piece, mv.to, after).contains(king) || board.attackers_to(king, piece.color, after).any()
}

/// The (up to four) squares diagonally next to `sq`.
fn diagonal_neighbours(sq: Square) -> Bitboard {
    [(1, 1), (1, -1), (-1, 1), (-1, -1)].into_iter().filter_map(|(f, r)| sq.offset(f, r)).collect()
}

/// Whether the side to move in `pos` can mate with checks only, within `depth` of its own moves.
pub(crate) fn mates_by_checks(pos: &Position, depth: u8) -> bool {
    if depth == 0 {
        return false;
    }
    mates_with(pos, &checking_moves(pos), depth)
}

/// [`mates_by_checks`] with the checking moves of `pos` given.
fn mates_with(pos: &Position, checks: &MoveList, depth: u8) -> bool {
    for &mv in checks.iter() {
        let next = played(pos, mv);
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

/// The look-ahead kinds of a move, judged in `again` (the position after the move with the mover to move again):
/// `(mate threat, threat to win by check)`, the second only looked for without the first. Both need a check, so
/// a mover without a checking move is done after one pass over the candidates.
pub(crate) fn look_ahead(again: &Position, mate_depth: u8, win_by_check: bool) -> (bool, bool) {
    let checks = checking_moves(again);
    if checks.is_empty() {
        return (false, false);
    }
    if mate_depth > 0 && mates_with(again, &checks, mate_depth) {
        return (true, false);
    }
    (false, win_by_check && threatens_with(again, &checks))
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
    let mover = again.turn();
    let mut won_already = None;
    for &mv in checks.iter() {
        let checked = played(again, mv);
        let replies = checked.legal_moves();
        if replies.is_empty() {
            continue;
        }
        let won_already = *won_already.get_or_insert_with(|| winning_targets(again.board(), mover));
        let wins_after_every_reply = replies.iter().all(|&reply| {
            let answered = played(&checked, reply);
            // A piece that could be won before the check does not count, unless the reply moved it.
            let counted = !won_already | Bitboard::from_square(reply.to);
            (winning_targets(answered.board(), mover) & counted).any()
        });
        if wins_after_every_reply {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::classify::chase::{scan, ChaseReasons, ThreatList};
    use crate::identity::IdBoard;

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

    /// The look-ahead as first written: every legal move filtered by the candidate test, each played on a copy.
    fn reference_checks(pos: &Position) -> Vec<Move> {
        let king = pos.king_of(pos.turn().other());
        let lines = attacks::lines(king);
        let diagonal = attacks::advisor_attacks(king) | diagonal_neighbours(king);
        let horse_squares = attacks::horse_reach(king);
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|mv| {
                let role = pos.board().role_at(mv.from);
                lines.contains(mv.from)
                    || diagonal.contains(mv.from)
                    || lines.contains(mv.to)
                    || (role == Some(Role::Horse) && horse_squares.contains(mv.to))
            })
            .filter(|&mv| played(pos, mv).is_check())
            .collect()
    }

    fn reference_winning(board: &Board, side: xiangqi_board::Color) -> Bitboard {
        let mut threats = ThreatList::default();
        scan(board, side, &IdBoard::new(board), &mut threats);
        threats.targets_where(|t| winning(t.reasons))
    }

    /// Positions from seeded random games (with captures), both sides to move.
    fn positions() -> Vec<Position> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
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

    #[test]
    fn checking_moves_are_the_candidates_that_check() {
        for pos in positions() {
            let mut fast: Vec<Move> = checking_moves(&pos).iter().copied().collect();
            let mut slow = reference_checks(&pos);
            fast.sort_by_key(|m| (m.from, m.to));
            slow.sort_by_key(|m| (m.from, m.to));
            assert_eq!(fast, slow, "{pos}");
        }
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
