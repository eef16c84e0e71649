//! Roots (根): whether a capture is legal and whether the captured piece's side can legally take back.
//!
//! The rule books distinguish a piece with no protector (无根子), a piece whose protector can really recapture
//! (真根) and a piece whose protector cannot (假根: "the root is pinned and cannot move to recapture", ROC 2007
//! 術語 假根; AXF 2008 棋例 §29). Here a protector is a *true root* only if the recapture is a legal move:
//! it must not expose its own king (line pins, cannon-screen pins, horse-leg pins, the flying-general rule) and
//! it must answer a check the capture gave. All tests work on occupancy masks over the real board, so nothing is
//! copied: the captured piece is removed from the attackers with a mask, the moving piece from the occupancy.

use xiangqi_board::{attacks, Bitboard, Board, Color, Piece, Role, Square};

/// For each square: its rank and file and its (up to four) diagonal neighbours.
static NEAR: [Bitboard; 90] = {
    let mut table = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut bits = 0u128;
        let mut i = 0;
        while i < 90 {
            let (f, r) = ((i % 9) as i32, (i / 9) as i32);
            let diagonal = (f - file) * (f - file) == 1 && (r - rank) * (r - rank) == 1;
            if i != sq && (f == file || r == rank || diagonal) {
                bits |= 1 << i;
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
};

/// The squares whose occupancy decides which pieces attack a piece on `sq`: its rank and file (rooks, cannons
/// and the flying general) and its diagonal neighbours (the legs of horses and the eyes of elephants that could
/// reach it). Pawns, advisors and kings attack by steps, whatever the occupancy. So emptying or filling squares
/// outside this set never changes [`Board::attackers_to`] on `sq`, except that a piece taken off the board no
/// longer counts.
#[inline]
pub(crate) fn near(sq: Square) -> Bitboard {
    NEAR[sq.index()]
}

/// Whether a piece of `attacker` outside `exclude` attacks `sq` under `occupied`: the same as
/// `(board.attackers_to(sq, attacker, occupied) - exclude).any()`, with each role looked up only when a piece of
/// it stands where it could attack `sq` on an empty board.
#[inline]
pub(crate) fn any_attacker(board: &Board, sq: Square, attacker: Color, occupied: Bitboard, exclude: Bitboard) -> bool {
    let them = (board.by_color(attacker) & occupied) - exclude;
    let steppers = attacks::pawn_sources(attacker, sq) & board.by_role(Role::Pawn)
        | attacks::advisor_attacks(sq) & board.by_role(Role::Advisor)
        | attacks::king_attacks(sq) & board.by_role(Role::King);
    if (steppers & them).any() {
        return true;
    }
    let rooks = board.by_role(Role::Rook) & them;
    let cannons = board.by_role(Role::Cannon) & them;
    let kings = board.by_role(Role::King) & them;
    if ((rooks | cannons | kings) & attacks::lines(sq)).any() {
        let (rook_lines, cannon_lines) = attacks::slider_attacks(sq, occupied);
        if (rook_lines & rooks | cannon_lines & cannons).any() {
            return true;
        }
        if board.piece_at(sq) == Some(Piece::new(attacker.other(), Role::King))
            && (attacks::king_file_attacks(sq, occupied) & kings).any()
        {
            return true;
        }
    }
    let horses = board.by_role(Role::Horse) & them;
    if horses.any()
        && (horses & attacks::horse_reach(sq)).any()
        && (attacks::horse_sources(sq, occupied) & horses).any()
    {
        return true;
    }
    // An elephant never crosses the river: only those on `sq`'s side can reach it (an enemy king's square is
    // never on the attacker's elephants' side in a legal position).
    let river_side = if sq.is_on_side_of(Color::Red) { Bitboard::RED_SIDE } else { Bitboard::BLACK_SIDE };
    let elephants = board.by_role(Role::Elephant) & them & river_side;
    elephants.any()
        && (elephants & attacks::elephant_attacks(sq, Bitboard::EMPTY)).any()
        && (attacks::elephant_attacks(sq, occupied) & elephants).any()
}

/// Whether `color`'s king on `king` is attacked, with the occupancy `occupied` and the enemy pieces in `gone`
/// removed (captured). With `king_moved`, the king is not on its square in `board`, so the flying-general rule is
/// applied explicitly.
#[inline]
fn king_attacked(
    board: &Board,
    color: Color,
    king: Square,
    king_moved: bool,
    occupied: Bitboard,
    gone: Bitboard,
) -> bool {
    let them = color.other();
    if any_attacker(board, king, them, occupied, gone) {
        return true;
    }
    if king_moved {
        if let Some(their_king) = board.king_of(them) {
            return attacks::king_file_attacks(king, occupied).contains(their_king);
        }
    }
    false
}

/// The pieces of `color`'s opponent that check `color`'s king now. A threat is about the next move, after the
/// standing check has been answered, so these pieces do not make a capture or recapture illegal (a check the
/// capture itself uncovers does).
pub(crate) fn standing_checkers(board: &Board, color: Color) -> Bitboard {
    match board.king_of(color) {
        Some(king) => board.attackers_to(king, color.other(), board.occupied()),
        None => Bitboard::EMPTY,
    }
}

/// [`capture_is_legal_with`] with the standing checkers of the capturer's king looked up.
#[cfg(test)]
pub(crate) fn capture_is_legal(board: &Board, from: Square, to: Square) -> bool {
    let Some(piece) = board.piece_at(from) else { return false };
    capture_is_legal_with(board, from, to, standing_checkers(board, piece.color))
}

/// Whether the piece on `from` may legally capture on `to` (its own king stays safe; a standing check is taken
/// as answered), `standing` being the standing checkers of its king ([`standing_checkers`]). The board is the
/// real one; the side to move plays no part, so this answers "could this piece capture if it were its turn".
pub(crate) fn capture_is_legal_with(board: &Board, from: Square, to: Square, standing: Bitboard) -> bool {
    let Some(piece) = board.piece_at(from) else { return false };
    let occupied = board.occupied().without(from).with(to);
    let (king, moved) = if piece.role == Role::King {
        (to, true)
    } else {
        match board.king_of(piece.color) {
            // `to` stays occupied, so only `from` changes: away from the king's lines and diagonal neighbours it
            // uncovers nothing, and the attackers of the king are the standing ones, which do not count.
            Some(king) if !near(king).contains(from) => return true,
            Some(king) => (king, false),
            None => return true,
        }
    };
    let gone = standing.with(to);
    !king_attacked(board, piece.color, king, moved, occupied, gone)
}

/// The protectors of the piece on `to` against a capture by the piece on `from`: `(geometric, legal)` — the
/// defender's pieces that attack `to` once the capturer stands there, and those of them whose recapture is legal.
pub(crate) fn recaptures(board: &Board, from: Square, to: Square) -> (Bitboard, Bitboard) {
    let Some(target) = board.piece_at(to) else { return (Bitboard::EMPTY, Bitboard::EMPTY) };
    recaptures_with(board, from, to, standing_checkers(board, target.color))
}

/// [`recaptures`] with the standing checkers of the defender's king given.
pub(crate) fn recaptures_with(board: &Board, from: Square, to: Square, standing: Bitboard) -> (Bitboard, Bitboard) {
    let Some(target) = board.piece_at(to) else { return (Bitboard::EMPTY, Bitboard::EMPTY) };
    let defender = target.color;
    // After the capture: `from` is empty, `to` is occupied (by the capturer, which is not among the defender's
    // pieces in `board`, so it is neither an attacker of `to` nor of the defender's king).
    let after_capture = board.occupied().without(from);
    let geometric = board.attackers_to(to, defender, after_capture).without(to);
    let mut legal = Bitboard::EMPTY;
    let own_king = board.king_of(defender);
    // With the capturer's square away from the defender's king lines and diagonal neighbours, a root from away
    // from them too leaves the king's attackers as they were (the standing ones, which do not count).
    let quiet = match own_king {
        Some(king) if !near(king).contains(from) => geometric - near(king) - board.by_role(Role::King),
        _ => Bitboard::EMPTY,
    };
    legal |= quiet;
    for root in geometric - quiet {
        let occupied = after_capture.without(root);
        let is_king = board.role_at(root) == Some(Role::King);
        let king = if is_king { Some(to) } else { own_king };
        let Some(king) = king else {
            legal.add(root);
            continue;
        };
        // The capturer stood on `from` (now empty) and is taken on `to`; in `board` it is still listed on `from`,
        // which is outside `occupied`, so it attacks nothing.
        if !king_attacked(board, defender, king, is_king, occupied, standing) {
            legal.add(root);
        }
    }
    (geometric, legal)
}

/// Whether the piece on `to` could legally capture the piece on `from` (the reverse capture), by its movement
/// rules and without exposing its king.
pub(crate) fn can_capture_back(board: &Board, from: Square, to: Square, standing: Bitboard) -> bool {
    let Some(target) = board.piece_at(to) else { return false };
    attacks::attacks(target, to, board.occupied()).contains(from) && capture_is_legal_with(board, to, from, standing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Position;

    fn board(fen: &str) -> Board {
        Position::from_fen(fen).unwrap().board().clone()
    }

    #[test]
    fn any_attacker_is_attackers_to_any() {
        let mut next = crate::test_rng::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..40 {
            let mut pos = Position::new();
            for _ in 0..100 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
                let board = pos.board();
                for sq in Square::ALL {
                    // Random occupancy changes and exclusions, as the callers make them.
                    let occupied = board.occupied().without(Square::ALL[(next() % 90) as usize]);
                    let occupied = occupied.with(Square::ALL[(next() % 90) as usize]);
                    let exclude = Bitboard::from_square(Square::ALL[(next() % 90) as usize]);
                    for color in Color::ALL {
                        assert_eq!(
                            any_attacker(board, sq, color, occupied, exclude),
                            (board.attackers_to(sq, color, occupied) - exclude).any(),
                            "{pos} {sq} {color:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn king_root_facing_the_other_king_is_fake() {
        // Black rook d3 takes the horse d0; the king e0 recaptures only if the d-file is closed.
        let open = board("3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1");
        let (geometric, legal) = recaptures(&open, Square::D3, Square::D0);
        assert_eq!(geometric, Bitboard::from_square(Square::E0));
        assert!(legal.is_empty());
        let closed = board("3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1");
        assert_eq!(recaptures(&closed, Square::D3, Square::D0).1, Bitboard::from_square(Square::E0));
    }

    #[test]
    fn a_pinned_piece_may_not_capture() {
        // The red rook e3 is pinned to its king by the black rook e9.
        let b = board("3kr4/9/9/9/9/9/9/4R1c2/9/4K4 w - - 0 1");
        assert!(!capture_is_legal(&b, Square::E2, Square::G2));
        assert!(capture_is_legal(&b, Square::E2, Square::E9));
    }

    #[test]
    fn a_cannon_root_needs_a_screen_after_the_capture() {
        // Red cannons b4 and b1, black rook b3: after Rxb4 the cannon b1 has no screen any more.
        let b = board("5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1");
        assert_eq!(recaptures(&b, Square::B3, Square::B4), (Bitboard::EMPTY, Bitboard::EMPTY));
    }
}
