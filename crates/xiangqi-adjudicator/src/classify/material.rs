//! Material gain (CXA 2011 第25条 子力价值, 2020 第24条 24.3 捉): whether a capture wins material once the
//! exchange on the square is played out, and does not allow an immediate mate.
//!
//! The modern Chinese rules define 捉 by its result: after the move, a piece "can capture" and so win material —
//! directly, jointly with other pieces, or after a complete exchange sequence — "provided the gain does not
//! allow an immediate mate" (细则: a capture that would be mated at once is 闲). The values of 第25条 are
//! R = 2N = 2C = N + C, N = C, A = B, a crossed pawn "floating" (its value depends on the position), the king and
//! an uncrossed pawn none. The numbers used here (our choice where the text gives only relations; see
//! [the rule catalogue](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/rule-catalogue.md)): rook 10, horse 5, cannon 5, advisor 2, elephant 2, crossed pawn 2, uncrossed pawn
//! 0, king 0.
//!
//! The search is bounded: a static exchange on one square (the side to move always recaptures with its least
//! valuable legal capturer and may stop when continuing loses), at most [`MAX_EXCHANGE`] captures deep, then
//! one look for a mate in one by a check after the first capture. Gains through checks (要抽吃) are found by
//! the threat-to-win-by-check look-ahead ([`MoveFlags::THREAT_TO_WIN_BY_CHECK`](super::MoveFlags)).

use xiangqi_board::{Color, Move, Piece, Position, Role, Square};

use super::mate_search::{mates_by_checks, played};
use super::threat::{ChaseReasons, ThreatList};

/// The deepest exchange examined on one square (captures after the first).
pub(crate) const MAX_EXCHANGE: u8 = 8;

/// The value of `piece` standing on `square` by CXA 2011 第25条 (numbers: see the module documentation).
pub(crate) fn value(piece: Piece, square: Square) -> i32 {
    match piece.role {
        Role::Rook => 10,
        Role::Horse | Role::Cannon => 5,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn if crossed(piece.color, square) => 2,
        Role::Pawn | Role::King => 0,
    }
}

/// Whether a pawn of `color` on `square` has crossed the river.
fn crossed(color: Color, square: Square) -> bool {
    !square.is_on_side_of(color)
}

/// What the side to move in `pos` gains at best by capturing on `to` (0 if it does better not to), with at most
/// `depth` further captures.
fn best_capture(pos: &Position, to: Square, depth: u8) -> i32 {
    let Some(victim) = pos.piece_at(to) else { return 0 };
    if depth == 0 || victim.role == Role::King {
        return 0;
    }
    let moves = pos.legal_moves();
    let cheapest = (0..moves.len())
        .map(|i| moves[i])
        .filter(|mv| mv.to == to)
        .min_by_key(|mv| pos.piece_at(mv.from).map_or(0, |p| value(p, mv.from)));
    match cheapest {
        Some(mv) => (value(victim, to) - best_capture(&played(pos, mv), to, depth - 1)).max(0),
        None => 0,
    }
}

/// The material the side to move in `pos` wins by capturing on `to` with the piece on `from` and playing the
/// exchange out (negative if the capture loses material).
pub(crate) fn exchange_gain(pos: &Position, from: Square, to: Square) -> i32 {
    let Some(victim) = pos.piece_at(to) else { return 0 };
    value(victim, to) - best_capture(&played(pos, Move::new(from, to)), to, MAX_EXCHANGE)
}

/// Marks with [`ChaseReasons::WINS_MATERIAL`] the threats of the side to move in `pos` whose capture wins
/// material and does not let the opponent mate at once with a check.
pub(crate) fn mark_gains(pos: &Position, threats: &mut ThreatList) {
    let mover = pos.turn();
    for threat in threats.as_mut_slice() {
        if threat.attacker_piece.color != mover || threat.reasons.contains(ChaseReasons::ATTACKER_PINNED) {
            continue;
        }
        if exchange_gain(pos, threat.attacker, threat.target) <= 0 {
            continue;
        }
        let taken = played(pos, Move::new(threat.attacker, threat.target));
        if !mates_by_checks(&taken, 1) {
            threat.reasons |= ChaseReasons::WINS_MATERIAL;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::scan::{attackers, scan};
    use crate::identity::IdBoard;

    fn marked(p: &Position, target: Square) -> bool {
        let mut threats = ThreatList::default();
        scan(p.board(), p.turn(), &IdBoard::new(p.board()), attackers(p.board(), p.turn()), None, &mut threats);
        mark_gains(p, &mut threats);
        threats.iter().any(|t| t.target == target && t.reasons.contains(ChaseReasons::WINS_MATERIAL))
    }

    #[test]
    fn a_gain_is_marked_unless_it_allows_an_immediate_mate() {
        let free = pos("c2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        assert!(marked(&free, Square::A9));
        // Rxg3 wins the cannon, but the red rook leaves the third rank and Black mates at once: 闲, not 捉.
        let mating = pos("9/5r3/4k4/2n6/9/9/2R3c2/5A3/9/5K3 w - - 0 1");
        assert_eq!(exchange_gain(&mating, Square::C3, Square::G3), 5);
        assert!(!marked(&mating, Square::G3));
    }

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn an_unprotected_piece_is_won_whole() {
        // The red rook a0 takes the unprotected black cannon a9.
        let p = pos("c2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(exchange_gain(&p, Square::A0, Square::A9), 5);
    }

    #[test]
    fn a_rook_for_a_protected_horse_loses() {
        // Rook takes a horse protected by a black rook: 5 - 10.
        let p = pos("r2k5/9/n8/9/9/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(exchange_gain(&p, Square::A0, Square::A7), -5);
    }

    #[test]
    fn a_horse_for_a_protected_rook_wins() {
        // A red horse takes a black rook protected by a black rook: 10 - 5.
        let p = pos("r2k5/9/9/9/r8/9/1N7/9/9/4K4 w - - 0 1");
        assert_eq!(exchange_gain(&p, Square::B3, Square::A5), 5);
    }

    #[test]
    fn two_attackers_against_one_root_win_the_exchange() {
        // Two red rooks on the a-file against a horse protected once by a rook behind it: R x N, r x R, R x r.
        let p = pos("r2k5/9/9/n8/9/9/9/9/R8/R3K4 w - - 0 1");
        assert_eq!(exchange_gain(&p, Square::A1, Square::A6), 5);
    }

    #[test]
    fn an_uncrossed_pawn_is_worth_nothing() {
        let p = pos("3k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(exchange_gain(&p, Square::A0, Square::A6), 0);
        let crossed = pos("3k5/9/9/9/9/9/p8/9/9/R3K4 w - - 0 1");
        assert_eq!(exchange_gain(&crossed, Square::A0, Square::A3), 2);
    }
}
