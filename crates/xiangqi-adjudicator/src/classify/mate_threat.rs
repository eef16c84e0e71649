//! Mate threats (杀) and threats to win material by check (要抽吃).
//!
//! Both are read the way the rule books define them: what the mover could do *if it were to move again*
//! (the opponent "passing"). ROC 2007 術語 殺著: "a move intending to mate next by a check or continuous checks";
//! PRC 1956 第八章二: "要杀 means mating the opponent on the next move". 要抽吃 (PRC 1956 图十九, AXF 2008 棋例 §8,
//! §9, §33): the mover threatens a check after which, whatever the reply, it wins material.

use xiangqi_board::{attacks, Bitboard, Board, Color, Move, MoveList, Piece, Position, Role, Square};

use super::chase::{attack_set, move_targets, winning_targets};
use super::roots::{any_attacker, near};

/// The same placement with the other side to move, if that is a legal position (it is not when the side to move
/// is in check: the waiting side could then capture the king). A move from an empty square passes the turn
/// ([`Position::play_unchecked`]).
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    if pos.is_check() {
        return None;
    }
    pass_out_of_check(pos)
}

/// [`pass`] for a position whose side to move is known not to be in check.
fn pass_out_of_check(pos: &Position) -> Option<Position> {
    let empty = (!pos.board().occupied() & Bitboard::FULL).first()?;
    let mut passed = pos.clone();
    passed.play_unchecked(Move::new(empty, empty));
    Some(passed)
}

/// The legal moves of the side to move in `pos` that give check.
///
/// Only candidate moves are looked at: a piece leaving a square on a line of the enemy king or diagonally next to
/// it (uncovering a slider, a cannon screen or a horse leg), or arriving on a line of the king or (a horse) on a
/// square from which it reaches the king; every check is among them. The checking candidates are found on
/// occupancy masks ([`checking_candidates`]), and only they are tested for legality.
pub(crate) fn checking_moves(pos: &Position) -> MoveList {
    match checking_candidates(pos.board(), pos.turn(), None) {
        Some(mut checks) => {
            checks.retain(|&mv| pos.leaves_king_safe(mv));
            checks
        }
        // Without its own king the side's every pseudo-legal move is legal (only inside the look-ahead of an
        // illegal position).
        None => pos.legal_moves().iter().copied().filter(|&mv| played(pos, mv).is_check()).collect(),
    }
}

/// The pseudo-legal candidate moves of `us` (see [`checking_moves`]) that give check, their legality not tested;
/// `None` if `us` has no king. They come role by role, not in square order.
///
/// Which pieces attack the enemy king depends only on the occupancy of its lines and diagonal neighbours
/// ([`near`]). So a piece away from them that moves changes nothing about the other pieces' attacks on the king
/// unless it arrives near it: when nothing checks now, its move checks exactly when it arrives on a square from
/// which it attacks the king or between the king and an own cannon with nothing in between (the cannon's new
/// screen) — one mask per role. A piece near the king that moves away from it checks when its own attack from
/// the new square or the attacks it uncovers (one test per piece) reach the king. The remaining moves, from near
/// the king to near it, are each tested with [`gives_check`].
///
/// `standing` may tell whether `us` attacks the enemy king now (it is looked up otherwise).
fn checking_candidates(board: &Board, us: Color, standing: Option<bool>) -> Option<MoveList> {
    let mut checks = MoveList::new();
    board.king_of(us)?;
    // Without the enemy king nothing is a check.
    let Some(king) = board.king_of(us.other()) else { return Some(checks) };
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occupied = ours | theirs;
    let lines = attacks::lines(king);
    let near = near(king);
    // Candidate arrivals of a piece away from the king (see `checking_moves`); taking the king is never a check.
    let open = lines - ours - Bitboard::from_square(king);
    let horse_open = (lines | attacks::horse_reach(king)) - ours - Bitboard::from_square(king);
    let standing = standing.unwrap_or_else(|| any_attacker(board, king, us, occupied, Bitboard::EMPTY));
    if !standing {
        // The squares from which each role attacks the king, with the empty squares that would screen a cannon.
        let (rook_reach, _) = attacks::slider_attacks(king, occupied);
        let first = rook_reach & occupied;
        let mut screens = Bitboard::EMPTY;
        for cannon in first & board.by_piece(Piece::new(us, Role::Cannon)) {
            screens |= attacks::between(king, cannon);
        }
        let far = ours - near;
        let cannon_arrivals = attacks::rook_attacks(king, occupied - first) - rook_reach;
        let mut arrive = |role: Role, arrivals: Bitboard, reach: &dyn Fn(Square) -> Bitboard| {
            let allowed = if role == Role::Horse { horse_open } else { open };
            let arrivals = (arrivals | screens) & allowed;
            if arrivals.is_empty() {
                return;
            }
            let piece = Piece::new(us, role);
            for from in far & board.by_piece(piece) {
                // Where the piece could go on an empty board: most pieces are done with this lookup.
                if (reach(from) & arrivals).is_empty() {
                    continue;
                }
                for to in move_targets(piece, from, occupied, theirs) & arrivals {
                    checks.push(Move::new(from, to));
                }
            }
        };
        arrive(Role::Rook, rook_reach, &attacks::lines);
        // A cannon checks with one piece between: beyond the first blocker, up to the second.
        arrive(Role::Cannon, cannon_arrivals, &attacks::lines);
        arrive(Role::Horse, attacks::horse_sources(king, occupied), &attacks::horse_reach);
        arrive(Role::Pawn, attacks::pawn_sources(us, king), &|sq| attacks::pawn_attacks(us, sq));
        arrive(Role::King, attacks::king_attacks(king), &attacks::king_attacks);
        // Advisor and elephant steps are diagonal, never on the king's lines: only a screen is left for them.
        arrive(Role::Advisor, Bitboard::EMPTY, &attacks::advisor_attacks);
        arrive(Role::Elephant, Bitboard::EMPTY, &|sq| attacks::elephant_attacks(sq, Bitboard::EMPTY));
    }
    let tested = if standing { ours } else { ours & near };
    for from in tested {
        let Some(piece) = board.piece_at(from) else { continue };
        let mut targets = move_targets(piece, from, occupied, theirs);
        targets &= if near.contains(from) {
            !ours & Bitboard::FULL & !Bitboard::from_square(king)
        } else if piece.role == Role::Horse {
            horse_open
        } else {
            open
        };
        if targets.is_empty() {
            continue;
        }
        let vacated = occupied.without(from);
        // The attackers of the king once `from` is empty, for arrivals that change nothing near the king.
        let uncovered = (targets - near).any() && any_attacker(board, king, us, vacated, Bitboard::EMPTY);
        for to in targets {
            let mv = Move::new(from, to);
            let check = if near.contains(to) {
                gives_check(board, piece, mv, king, occupied)
            } else {
                uncovered || attack_set(piece, to, vacated.with(to)).contains(king)
            };
            if check {
                checks.push(mv);
            }
        }
    }
    Some(checks)
}

/// Whether the move of `piece` (of the side to move) gives check to the enemy king on `king`: the attackers of
/// the king with the move's occupancy, the moved piece counted on its new square. The same as playing the move
/// and asking [`Position::is_check`].
#[inline]
fn gives_check(board: &Board, piece: Piece, mv: Move, king: Square, occupied: Bitboard) -> bool {
    let after = occupied.without(mv.from).with(mv.to);
    // `board` still lists the piece on `mv.from`, which is outside `after`, and a captured piece on `mv.to` is
    // not the mover's: neither counts as an attacker.
    attack_set(piece, mv.to, after).contains(king) || any_attacker(board, king, piece.color, after, Bitboard::EMPTY)
}

/// The (up to four) squares diagonally next to `sq`.
#[cfg(test)]
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
        if !has_legal_move(&next) {
            return true;
        }
        if depth > 1 && next.legal_moves().iter().all(|&reply| mates_by_checks(&played(&next, reply), depth - 1)) {
            return true;
        }
    }
    false
}

/// Whether the side to move in `pos` has a legal move ([`Position::has_legal_moves`]), stopping at the first
/// one found.
fn has_legal_move(pos: &Position) -> bool {
    all_legal(pos, |_| false).0
}

/// Visits the legal moves of the side to move in `pos` until `visit` returns `false`: the king's steps first (a
/// check is mostly answered by the king), then each piece's pseudo-legal moves that keep the king safe (in check,
/// only the moves that touch a square of [`check_answers`] are tested). Returns whether there was a legal move and
/// whether `visit` returned `true` for every one visited.
fn all_legal(pos: &Position, mut visit: impl FnMut(Move) -> bool) -> (bool, bool) {
    let mut any = false;
    let mut test = |mv: Move| {
        if !pos.leaves_king_safe(mv) {
            return true;
        }
        any = true;
        visit(mv)
    };
    let us = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(us) else {
        // Without a king every pseudo-legal move is legal.
        let all = pos.legal_moves().iter().all(|&mv| {
            any = true;
            visit(mv)
        });
        return (any, all);
    };
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occupied = ours | theirs;
    let all = (attacks::king_attacks(king) - ours).into_iter().all(|to| test(Move::new(king, to))) && {
        let answers = check_answers(pos, king);
        ours.without(king).into_iter().all(|from| {
            let Some(piece) = board.piece_at(from) else { return true };
            let mut targets = move_targets(piece, from, occupied, theirs) - ours;
            if !answers.contains(from) {
                targets &= answers;
            }
            targets.into_iter().all(|to| test(Move::new(from, to)))
        })
    };
    (any, all)
}

/// The squares a move of a piece other than the king must leave or reach to answer the checks on the side to
/// move in `pos`, whose king stands on `king` (all squares when there is no check): the checkers, the squares
/// between a checking slider and the king, and the legs of checking horses. Whether a piece checks depends only on
/// the occupancy of those squares (a pawn's check on none), so a move that touches none of them leaves every check
/// standing and is not legal.
fn check_answers(pos: &Position, king: Square) -> Bitboard {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return Bitboard::FULL;
    }
    let mut answers = checkers;
    for checker in checkers {
        answers |= attacks::between(king, checker);
        if let Some(leg) = attacks::horse_leg(checker, king) {
            answers.add(leg);
        }
    }
    answers
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
    let mover = after.turn().other();
    // The mover gives no check: none of its pieces attacks the enemy king now.
    let candidates = checking_candidates(after.board(), mover, Some(false));
    if candidates.as_ref().is_some_and(|candidates| candidates.is_empty()) {
        return (false, false);
    }
    let Some(again) = pass_out_of_check(after) else { return (false, false) };
    let checks = match candidates {
        Some(mut checks) => {
            checks.retain(|&mv| again.leaves_king_safe(mv));
            checks
        }
        None => checking_moves(&again),
    };
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
    let mover = again.turn();
    let mut won_already = None;
    for &mv in checks.iter() {
        let checked = played(again, mv);
        // Every reply must leave a winning capture; the first that does not ends the test (a check without
        // replies is a mate, not a threat to win material).
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
        if any_reply && wins_after_every_reply {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::classify::chase::{attackers, scan, ChaseReasons, ThreatList};
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
            let fast = threatens_with(&pos, &checking_moves(&pos));
            assert_eq!(fast, reference_threatens(&pos), "{pos}");
            found += usize::from(fast);
        }
        assert!(found > 0);
    }

    #[test]
    fn has_legal_move_is_has_legal_moves() {
        for pos in positions() {
            assert_eq!(has_legal_move(&pos), pos.has_legal_moves(), "{pos}");
            // Positions in check, with few replies, after each checking move.
            for &mv in checking_moves(&pos).iter() {
                let next = played(&pos, mv);
                assert_eq!(has_legal_move(&next), next.has_legal_moves(), "{next}");
            }
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
