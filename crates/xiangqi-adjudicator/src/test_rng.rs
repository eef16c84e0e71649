//! A seeded random number generator for the unit tests' random games: the same games on every run.

/// Marsaglia's xorshift64: each call returns the next number of the sequence that `seed` (not zero) starts.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The positions of `games` seeded random games of up to `plies` plies from the start position, each position
/// after a move (both sides to move): a capture, when there is one, is preferred on one move in `capture_one_in`,
/// so that games thin out.
pub(crate) fn random_positions(
    seed: u64,
    games: usize,
    plies: usize,
    capture_one_in: u64,
) -> alloc::vec::Vec<xiangqi_board::Position> {
    use xiangqi_board::{Move, Position};
    let mut next = xorshift(seed);
    let mut found = alloc::vec::Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: alloc::vec::Vec<Move> = moves.iter().copied().filter(|&m| pos.is_capture(m)).collect();
            let mv = if !captures.is_empty() && next() % capture_one_in == 0 {
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
