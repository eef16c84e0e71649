//! Mate threats (杀) and threats to win material by check (要抽吃), each known by the piece that carries it.
//!
//! Both are read the way the rule books define them: what the mover could do *if it were to move again*
//! (the opponent "passing"). ROC 2007 術語 殺著: "a move intending to mate next by a check or continuous checks";
//! CXA 2020 第24条 24.10: mate "用一步或连续的将军"; PRC 1956 第八章一2: "要杀 means mating the opponent on the next
//! move" (the search and its reach: [`mate_search`](super::mate_search)). 要抽吃 (PRC 1956 图十九, AXF 2008 棋例
//! §8, §9, §33): the mover threatens a check after which, whatever the reply, it wins material.
//!
//! A threat is known by its carrier and its target, as a chase is ([`StandingThreats`]): a mate threat by the
//! piece whose check begins the mate (against the king), a threat to win by check by the checking piece and the
//! pieces it wins. A move is credited with a threat only when it creates one: when some carrier threatens a target
//! it did not threaten before the move ([`StandingThreats::stood`]). A piece that moves keeps its identity, so a
//! rook that retreats with the threat it already had is not credited with it again (CXA 2020 第24条 图5: 从捉到捉为闲,
//! a threat kept is idle).

use core::ops::ControlFlow;

use xiangqi_board::{Bitboard, Move, MoveList, Position};

use super::mate_search::{mating_checks, played};
use super::scan::winning_targets;
use crate::identity::IdBoard;

/// The same placement with the other side to move, if that is a legal position (it is not when the side to move
/// is in check: the waiting side could then capture the king): [`Position::swap_turn`].
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    pos.swap_turn().ok()
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

/// The look-ahead threats of one side in a position where it is to move: who carries them, against what.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct StandingThreats {
    /// The pieces ([`PieceId`](crate::PieceId) bits) whose check begins a mate by checks within the reach (their
    /// target is the king).
    pub(crate) mate: u32,
    /// For each carrier (indexed by its `PieceId`), the pieces it threatens to win by a check (`PieceId` bits).
    pub(crate) win: [u32; 32],
}

impl StandingThreats {
    /// Whether there is a threat to win material by check.
    pub(crate) fn wins(&self) -> bool {
        self.win.iter().any(|&targets| targets != 0)
    }

    /// Whether the threats of the given kind (`mate`, or else to win by check) all stood in `earlier`: there is one,
    /// and every carrier threatens only targets it threatened there. A carrier that threatens a new target, or a
    /// piece that carries a threat it did not carry, makes the threat the move's.
    pub(crate) fn stood(&self, earlier: &StandingThreats, mate: bool) -> bool {
        if mate {
            self.mate != 0 && self.mate & !earlier.mate == 0
        } else {
            self.wins() && self.win.iter().zip(&earlier.win).all(|(&now, &then)| now & !then == 0)
        }
    }
}

/// The look-ahead threats of the side to move in `pos` (not in check), `checks` its checking moves and `ids` the
/// identities of the pieces: the mate threats within `reach` checks, and with `win_by_check` the threats to win by
/// check — only when there is no mate threat. `won_already`, when the caller has scanned `pos` for the side to
/// move, is what that scan says it wins outright ([`Threat::wins_outright`](super::Threat)); otherwise it is looked
/// up when needed.
pub(crate) fn threats_of(
    pos: &Position,
    checks: &MoveList,
    ids: &IdBoard,
    reach: u8,
    win_by_check: bool,
    mut won_already: Option<Bitboard>,
) -> StandingThreats {
    let mut threats = StandingThreats::default();
    let carrier = |mv: Move| ids.id_at(mv.from).map_or(0, |id| id.bit());
    for &mv in mating_checks(pos, checks, reach, false).iter() {
        threats.mate |= carrier(mv);
    }
    let mate = threats.mate != 0;
    if !win_by_check || mate {
        return threats;
    }
    for &mv in checks.iter() {
        let won = won_after(pos, mv, ids, &mut won_already);
        if won == 0 {
            continue;
        }
        if let Some(id) = ids.id_at(mv.from) {
            threats.win[id.0 as usize & 31] |= won;
        }
    }
    threats
}

/// The pieces (`PieceId` bits, `ids` the identities in `again`) that the check `mv` of the side to move in `again`
/// wins whatever the reply: each reply must leave it a winning capture of a piece it could not win already, where
/// it stood or where the reply put it (a hanging piece forced to block the check was lost before it); empty if
/// some reply leaves none, or if there is no reply (a mate, not a threat to win material). `won_already` caches
/// the pieces the mover can win in `again` without the check.
fn won_after(again: &Position, mv: Move, ids: &IdBoard, won_already: &mut Option<Bitboard>) -> u32 {
    let mover = again.turn();
    let checked = played(again, mv);
    let mut won = 0;
    let (any_reply, wins_after_every_reply) = all_legal(&checked, |reply| {
        let answered = played(&checked, reply);
        let wins = winning_targets(answered.board(), mover);
        if wins.is_empty() {
            return false;
        }
        let won_already = *won_already.get_or_insert_with(|| winning_targets(again.board(), mover));
        let mut any = false;
        for sq in wins {
            // A defender's piece stands where it stood in `again`, unless the reply moved it: a piece the mover
            // could win already is not won by the check, wherever the reply put it.
            let then = if sq == reply.to { reply.from } else { sq };
            if !won_already.contains(then) {
                won |= ids.id_at(then).map_or(0, |id| id.bit());
                any = true;
            }
        }
        any
    });
    if any_reply && wins_after_every_reply {
        won
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::classify::scan::{attackers, scan};
    use crate::classify::threat::{Threat, ThreatList};
    use crate::identity::IdBoard;
    use xiangqi_board::Board;

    /// The checking moves as first written: every legal move, each played on a copy.
    fn reference_checks(pos: &Position) -> Vec<Move> {
        pos.legal_moves().iter().copied().filter(|&mv| played(pos, mv).is_check()).collect()
    }

    fn reference_winning(board: &Board, side: xiangqi_board::Color) -> Bitboard {
        let mut threats = ThreatList::default();
        scan(board, side, &IdBoard::new(board), attackers(board, side), None, &mut threats);
        threats.targets_where(Threat::wins_outright)
    }

    /// Positions from seeded random games (with captures), both sides to move.
    fn positions() -> Vec<Position> {
        crate::test_rng::random_positions(0x2545_f491_4f6c_dd1du64, 60, 120, 3)
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
                let origin = |sq| if sq == reply.to { reply.from } else { sq };
                reference_winning(answered.board(), mover).into_iter().any(|sq| !won_already.contains(origin(sq)))
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
            let (checks, ids) = (pos.checking_moves(), IdBoard::new(pos.board()));
            let threats = threats_of(&pos, &checks, &ids, 0, true, None);
            assert_eq!(threats.wins(), reference_threatens(&pos), "{pos}");
            // What a scan of the position wins outright, handed in, gives the same threats as looking it up.
            let scanned = reference_winning(pos.board(), pos.turn());
            assert_eq!(threats_of(&pos, &checks, &ids, 0, true, Some(scanned)), threats, "{pos}");
            found += usize::from(threats.wins());
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
