//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move generator.

use crate::{Move, Position};

/// The number of legal move sequences of length `depth` from `pos` (1 for depth 0).
///
/// The last ply is counted in bulk from the generated target sets, without playing the moves.
///
/// ```
/// use xiangqi::board::{perft, Position};
///
/// let pos = Position::new();
/// assert_eq!(perft(&pos, 1), 44);
/// assert_eq!(perft(&pos, 2), 1_920);
/// assert_eq!(perft(&pos, 3), 79_666);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move: each legal move of `pos` with the perft of `depth - 1` below it, in generation
/// order. The counts add up to [`perft`]`(pos, depth)` for `depth >= 1`.
pub fn perft_divide(pos: &Position, depth: u32) -> impl Iterator<Item = (Move, u64)> + '_ {
    let moves = if depth == 0 { crate::MoveList::new() } else { pos.legal_moves() };
    (0..moves.len()).map(move |i| {
        let mv = moves[i];
        let mut next = pos.clone();
        next.play_unchecked(mv);
        (mv, perft(&next, depth - 1))
    })
}
