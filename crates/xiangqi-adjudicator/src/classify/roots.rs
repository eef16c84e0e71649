//! Roots (根): whether a capture is legal and whether the captured piece's side can legally take back.
//!
//! The rule books distinguish a piece with no protector (无根子), a piece whose protector can really recapture
//! (真根) and a piece whose protector cannot (假根: "the root is pinned and cannot move to recapture", ROC 2007
//! 術語 假根; AXF 2008 棋例 §29). Here a protector is a *true root* only if the recapture is a legal move:
//! it must not expose its own king (line pins, cannon-screen pins, horse-leg pins, the flying-general rule) and
//! it must answer a check the capture gave. All tests work on occupancy masks over the real board, so nothing is
//! copied: the captured piece is removed from the attackers with a mask, the moving piece from the occupancy.

use xiangqi_board::{
    attacks::{self, near},
    Bitboard, Board, Color, Role, Square,
};

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
    let king = if piece.role == Role::King {
        to
    } else {
        match board.king_of(piece.color) {
            // `to` stays occupied, so only `from` changes: away from the king's lines and diagonal neighbours it
            // uncovers nothing, and the attackers of the king are the standing ones, which do not count.
            Some(king) if !near(king).contains(from) => return true,
            Some(king) => king,
            None => return true,
        }
    };
    let gone = standing.with(to);
    !board.is_king_attacked(piece.color, king, occupied, gone)
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
        if !board.is_king_attacked(defender, king, occupied, standing) {
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
