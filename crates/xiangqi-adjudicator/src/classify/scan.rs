//! The threat scan: every capture a side could make, and why each is (or is not) a threat to win the piece.
//!
//! ROC 2007 術語 捉著: "a move attacking any piece other than the king, intending to capture it next"; AXF 2008
//! 棋例 decides case by case when such an attack is a real chase. The approach is Pikafish's: a **full scan** of
//! every capture the side could make, before and after its move, so that attacks uncovered by the move
//! (discovered attacks, cannon screens moved into place, roots cut or blocked, ROC 2007 細則15) are found as
//! well as the moved piece's own attacks. Each capture becomes a [`Threat`] with [`ChaseReasons`] saying what
//! kind of threat it is; a rule set decides which threats are chases (see [`crate::rules`]).

use xiangqi_board::{
    attacks::{self, near},
    Bitboard, Board, Color, Move, Piece, Role, Square,
};

use super::roots::{can_capture_back, capture_is_legal_with, recaptures_with, standing_checkers};
use super::threat::{ChaseReasons, Threat, ThreatList, MAX_THREATS};
use crate::identity::{IdBoard, PieceId};

/// Whether a threat of `attacker` on `target` is "a weaker piece attacking a stronger one".
fn weaker_attacks_stronger(attacker: Role, target: Role) -> bool {
    match attacker {
        Role::Horse | Role::Cannon => target == Role::Rook,
        Role::Advisor | Role::Elephant => matches!(target, Role::Rook | Role::Horse | Role::Cannon),
        _ => false,
    }
}

/// The pieces of `defender` that cannot move because they stand on the leg of an enemy horse aimed at their king.
fn held_by_horse_legs(board: &Board, defender: Color) -> Bitboard {
    let Some(king) = board.king_of(defender) else { return Bitboard::EMPTY };
    let mut held = Bitboard::EMPTY;
    let enemy_horses = board.by_piece(Piece::new(defender.other(), Role::Horse));
    for horse in attacks::horse_reach(king) & enemy_horses {
        if let Some(leg) = attacks::horse_leg(horse, king) {
            held.add(leg);
        }
    }
    held & board.by_color(defender)
}

/// The pieces of `defender` pinned to their king by an enemy cannon (either of the two pieces between them).
fn held_by_cannons(board: &Board, defender: Color) -> Bitboard {
    let Some(king) = board.king_of(defender) else { return Bitboard::EMPTY };
    let occupied = board.occupied();
    let mut held = Bitboard::EMPTY;
    let cannons = board.by_piece(Piece::new(defender.other(), Role::Cannon)) & attacks::lines(king);
    for cannon in cannons {
        let between = attacks::between(king, cannon) & occupied;
        if between.count() == 2 {
            held |= between;
        }
    }
    held & board.by_color(defender)
}

/// The rooks of `side` held on a line with their king by an enemy rook with an enemy cannon behind it, with the
/// squares of those enemy rooks (AXF 2008 棋例 §32 "车帅被乙方车炮联合控制").
fn controlling_rooks(board: &Board, side: Color) -> Bitboard {
    let Some(king) = board.king_of(side) else { return Bitboard::EMPTY };
    let occupied = board.occupied();
    let enemy_rooks = board.by_piece(Piece::new(side.other(), Role::Rook));
    let enemy_cannons = board.by_piece(Piece::new(side.other(), Role::Cannon));
    let own_rooks = board.by_piece(Piece::new(side, Role::Rook));
    let mut found = Bitboard::EMPTY;
    for cannon in enemy_cannons & attacks::lines(king) {
        let between = attacks::between(king, cannon) & occupied;
        // king – own rook – enemy rook – cannon on one line.
        if between.count() == 2 && (between & own_rooks).any() {
            found |= between & enemy_rooks;
        }
    }
    found
}

/// The pieces of `side` among `among` that attack at least one of `targets` under `occupied`. Found role by role,
/// without decoding each square; a horse or an elephant whose moves on an empty board reach no target is not
/// looked at further (blocked legs and eyes only take squares away).
fn attacking(board: &Board, side: Color, targets: Bitboard, occupied: Bitboard, among: Bitboard) -> Bitboard {
    fn hitting(pieces: Bitboard, targets: Bitboard, attack: impl Fn(Square) -> Bitboard) -> Bitboard {
        pieces.into_iter().filter(|&from| (attack(from) & targets).any()).collect()
    }
    let leaper = |attack: fn(Square, Bitboard) -> Bitboard| {
        move |from| {
            if (attack(from, Bitboard::EMPTY) & targets).any() {
                attack(from, occupied)
            } else {
                Bitboard::EMPTY
            }
        }
    };
    let of = |role: Role| board.by_role(role) & board.by_color(side) & among;
    hitting(of(Role::Rook), targets, |from| attacks::rook_attacks(from, occupied))
        | hitting(of(Role::Cannon), targets, |from| attacks::cannon_attacks(from, occupied))
        | hitting(of(Role::Horse), targets, leaper(attacks::horse_attacks))
        | hitting(of(Role::Elephant), targets, leaper(attacks::elephant_attacks))
        | hitting(of(Role::Advisor), targets, attacks::advisor_attacks)
        | hitting(of(Role::King), targets, attacks::king_attacks)
        | hitting(of(Role::Pawn), targets, |from| attacks::pawn_attacks(side, from))
}

/// The pieces `side` could capture on `board`: the enemy pieces but the king.
fn targets_of(board: &Board, side: Color) -> Bitboard {
    board.by_color(side.other()) - board.by_role(Role::King)
}

/// The pieces of `side` that attack an enemy piece other than the king: the attackers of [`scan`]'s threats.
pub(crate) fn attackers(board: &Board, side: Color) -> Bitboard {
    attacking(board, side, targets_of(board, side), board.occupied(), Bitboard::FULL)
}

/// [`attackers`] on `after`, the board after the move `mv` of `side` (a capture if `captured`), from `before`,
/// its attackers on the board before the move.
///
/// The move changes the occupancy of `mv.from` and `mv.to` only, and after a capture the targets lose the piece
/// on `mv.to`. So only these pieces of `side` can attack differently: the moved piece; the rooks and cannons on
/// a line of either square, the horses with a leg there (an orthogonal neighbour) and the elephants with an eye
/// there (a diagonal neighbour), whose attacks depend on those squares; and after a capture, the pieces that
/// attacked before (the captured piece may have been their only target). They are looked at again; every other
/// piece attacks what it attacked before.
pub(crate) fn attackers_after(after: &Board, side: Color, mv: Move, captured: bool, before: Bitboard) -> Bitboard {
    let (mut lines, mut legs, mut eyes) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for sq in [mv.from, mv.to] {
        lines |= attacks::lines(sq);
        legs |= attacks::rook_attacks(sq, Bitboard::FULL);
        eyes |= near(sq) - attacks::lines(sq);
    }
    let changed = (after.by_role(Role::Rook) | after.by_role(Role::Cannon)) & lines
        | after.by_role(Role::Horse) & legs
        | after.by_role(Role::Elephant) & eyes
        | Bitboard::from_square(mv.to);
    let ours = after.by_color(side);
    let recheck = (if captured { changed | before } else { changed }) & ours;
    let kept = (before - recheck).without(mv.from) & ours;
    kept | attacking(after, side, targets_of(after, side), after.occupied(), recheck)
}

/// Every capture `side` could make on `board` (whoever is to move), as threats with their reasons.
///
/// The move-relative reasons (`DISCOVERED`, `MOVED_SCREEN`, `ROOT_CUT`, `ALONG_PIN_LINE`) are left for the
/// classifier, which knows the move.
///
/// `attackers` are the pieces of `side` that attack: [`attackers`], or [`attackers_after`] for the board after a
/// move. Only they are looked at. `standing` are the standing checkers of `side`'s king and of the defender's
/// ([`standing_checkers`]) when the caller knows them (after a move: none, and the move's checkers); otherwise
/// they are looked up on the first threat that needs them.
pub(crate) fn scan(
    board: &Board,
    side: Color,
    ids: &IdBoard,
    attackers: Bitboard,
    mut standing: Option<(Bitboard, Bitboard)>,
    out: &mut ThreatList,
) {
    let defender = side.other();
    let occupied = board.occupied();
    let their_king = board.king_of(defender);
    // Unless given, computed on the first threat that needs them (most pieces attack nothing); likewise the holds.
    let mut held: Option<(Bitboard, Bitboard, Bitboard)> = None;
    let targets = targets_of(board, side);
    // The other pieces of `side` would push no threat: skipping them keeps the square order of the threats.
    for from in attackers {
        if out.is_full() {
            // Further threats would be dropped.
            break;
        }
        let Some(attacker) = board.piece_at(from) else { continue };
        let hits = attacks::attacks(attacker, from, occupied) & targets;
        for to in hits {
            let Some(target) = board.piece_at(to) else { continue };
            let (standing_side, standing_defender) =
                *standing.get_or_insert_with(|| (standing_checkers(board, side), standing_checkers(board, defender)));
            let mut reasons = ChaseReasons::empty();
            let legal = capture_is_legal_with(board, from, to, standing_side);
            if !legal {
                reasons |= ChaseReasons::ATTACKER_PINNED;
            }
            match attacker.role {
                Role::King => reasons |= ChaseReasons::BY_KING,
                Role::Pawn => reasons |= ChaseReasons::BY_PAWN,
                _ => {}
            }
            if target.role == Role::Pawn && to.is_on_side_of(defender) {
                reasons |= ChaseReasons::UNCROSSED_PAWN;
            }
            if weaker_attacks_stronger(attacker.role, target.role) {
                reasons |= ChaseReasons::STRONGER_TARGET;
            }
            if attacker.role == target.role {
                if can_capture_back(board, from, to, standing_defender) {
                    reasons |= ChaseReasons::SAME_TYPE_OFFER;
                } else if attacker.role == Role::Horse && !attacks::horse_attacks(to, occupied).contains(from) {
                    reasons |= ChaseReasons::LAME_HORSE;
                } else {
                    reasons |= ChaseReasons::SAME_TYPE_PINNED;
                }
            }
            if target.role == Role::Rook {
                let (horse_held, cannon_held, controlling) = *held.get_or_insert_with(|| {
                    (
                        held_by_horse_legs(board, defender),
                        held_by_cannons(board, defender),
                        controlling_rooks(board, side),
                    )
                });
                if horse_held.contains(to) {
                    reasons |= ChaseReasons::PINNED_BY_HORSE;
                }
                if cannon_held.contains(to) {
                    reasons |= ChaseReasons::PINNED_BY_CANNON;
                }
                if controlling.contains(to) && matches!(attacker.role, Role::Horse | Role::Cannon) {
                    reasons |= ChaseReasons::CONTROLLING_ROOK;
                }
            }
            let threat = |reasons, roots| Threat {
                attacker: from,
                attacker_piece: attacker,
                attacker_id: ids.id_at(from).unwrap_or(PieceId(0)),
                target: to,
                target_piece: target,
                target_id: ids.id_at(to).unwrap_or(PieceId(0)),
                reasons,
                attackers: 0,
                roots,
            };
            if !legal {
                out.push(threat(reasons, 0));
                continue;
            }
            let (geometric, legal) = recaptures_with(board, from, to, standing_defender);
            reasons |= if geometric.is_empty() {
                ChaseReasons::UNPROTECTED
            } else if legal.is_empty() {
                ChaseReasons::FAKE_ROOT
            } else {
                ChaseReasons::PROTECTED
            };
            if let Some(king) = their_king {
                let after = occupied.without(from);
                // Off the king's lines and diagonal neighbours, emptying `from` changes none of its attackers but
                // the capturer itself: they are the standing ones.
                let uncovered =
                    if near(king).contains(from) { board.attackers_to(king, side, after) } else { standing_defender };
                if (uncovered - Bitboard::from_square(from)).any()
                    || attacks::attacks(attacker, to, after).contains(king)
                {
                    reasons |= ChaseReasons::CAPTURE_GIVES_CHECK;
                }
            }
            out.push(threat(reasons, legal.count() as u8));
        }
    }
    let list = out.as_mut_slice();
    for i in 0..list.len() {
        let target = list[i].target;
        let attackers =
            list.iter().filter(|t| t.target == target && !t.reasons.contains(ChaseReasons::ATTACKER_PINNED)).count()
                as u8;
        let threat = &mut list[i];
        threat.attackers = attackers;
        if threat.reasons.contains(ChaseReasons::PROTECTED) && attackers > threat.roots {
            threat.reasons |= ChaseReasons::OUTNUMBERED;
        }
    }
}

/// The squares of the pieces that `side` threatens to win outright on `board` under the AXF 2008 reading (used
/// to judge 要抽吃): exactly the targets of the threats of [`scan`] (its first [`MAX_THREATS`]) that are
/// unprotected, falsely protected or stronger than their attacker, and not by the king or a pawn, on an uncrossed
/// pawn or a same-kind offer. Only the reasons that decide this are computed.
pub(crate) fn winning_targets(board: &Board, side: Color) -> Bitboard {
    let defender = side.other();
    let occupied = board.occupied();
    let targets = targets_of(board, side);
    let mut won = Bitboard::EMPTY;
    if targets.is_empty() {
        return won;
    }
    let mut standing: Option<(Bitboard, Bitboard)> = None;
    let mut standing =
        || *standing.get_or_insert_with(|| (standing_checkers(board, side), standing_checkers(board, defender)));
    // `scan` keeps the first MAX_THREATS threats, in square order of attacker then target.
    let mut room = MAX_THREATS;
    // The other pieces have no hits: they take no room.
    for from in attackers(board, side) {
        if room == 0 {
            break;
        }
        let Some(attacker) = board.piece_at(from) else { continue };
        let mut hits = attacks::attacks(attacker, from, occupied) & targets;
        let count = hits.count() as usize;
        if count > room {
            let mut kept = Bitboard::EMPTY;
            for to in hits.into_iter().take(room) {
                kept.add(to);
            }
            hits = kept;
        }
        room -= count.min(room);
        if matches!(attacker.role, Role::King | Role::Pawn) {
            continue;
        }
        for to in hits {
            let Some(target) = board.piece_at(to) else { continue };
            if target.role == Role::Pawn && to.is_on_side_of(defender) {
                continue;
            }
            if weaker_attacks_stronger(attacker.role, target.role) {
                won.add(to);
                continue;
            }
            let (standing_side, standing_defender) = standing();
            if attacker.role == target.role && can_capture_back(board, from, to, standing_defender) {
                continue;
            }
            if capture_is_legal_with(board, from, to, standing_side)
                && recaptures_with(board, from, to, standing_defender).1.is_empty()
            {
                won.add(to);
            }
        }
    }
    won
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Position;

    #[test]
    fn attackers_after_a_move_are_the_attackers_of_the_new_board() {
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1du64);
        let mut captures = 0;
        for _ in 0..30 {
            let mut pos = Position::new();
            for _ in 0..150 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mover = pos.turn();
                let before = attackers(pos.board(), mover);
                for &mv in legal.iter() {
                    let captured = pos.is_capture(mv);
                    captures += usize::from(captured);
                    let after = pos.play(mv).unwrap();
                    let expected = attackers(after.board(), mover);
                    assert_eq!(attackers_after(after.board(), mover, mv, captured, before), expected, "{pos} {mv}");
                }
                // Captures now and then, so that games thin out.
                let capture = legal.iter().copied().find(|&mv| pos.is_capture(mv)).filter(|_| next() % 3 == 0);
                pos.play_unchecked(capture.unwrap_or(legal[(next() % legal.len() as u64) as usize]));
            }
        }
        assert!(captures > 1000);
    }
}
