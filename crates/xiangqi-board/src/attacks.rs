//! Attack sets of every piece, as pure functions of the square and the occupancy.
//!
//! All tables are built at compile time by `const fn`s (no build script). Sliding pieces (rook, cannon, and the
//! king on an open file) use per-line tables: the occupancy of the slider's rank (9 bits) or file (10 bits) indexes
//! a table of reachable squares on that line. The file occupancy is gathered from the 90-bit mask with two
//! multiplications (see `file_occupancy`), so no rotated boards need to be kept up to date.
//!
//! ```text
//! rank 9  ┌──┬──┬──┬──┬──┬──┬──┬──┐   index = rank * 9 + file
//!   ...   │  │  │  │╲ │ ╱│  │  │  │   a0 = 0, i0 = 8, a1 = 9, ..., i9 = 89
//! rank 0  └──┴──┴──┴──┴──┴──┴──┴──┘
//!         a  b  c  d  e  f  g  h  i
//! ```

use crate::{Bitboard, Color, Piece, Role, Square};

const fn bit(file: i32, rank: i32) -> u128 {
    if file < 0 || file > 8 || rank < 0 || rank > 9 {
        0
    } else {
        1 << (rank * 9 + file)
    }
}

const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) && rank >= 0 && rank <= 9
}

const fn palace_steps(diagonal: bool) -> [Bitboard; 90] {
    let mut table = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        if in_palace(f, r) {
            let deltas: [(i32, i32); 4] =
                if diagonal { [(1, 1), (1, -1), (-1, 1), (-1, -1)] } else { [(1, 0), (-1, 0), (0, 1), (0, -1)] };
            let mut bits = 0;
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
                // Both palaces are three ranks deep, so a step never leaves one palace for the other.
                if in_palace(nf, nr) {
                    bits |= bit(nf, nr);
                }
                i += 1;
            }
            table[sq as usize] = Bitboard(bits);
        }
        sq += 1;
    }
    table
}

static KING_STEPS: [Bitboard; 90] = palace_steps(false);
static ADVISOR_STEPS: [Bitboard; 90] = palace_steps(true);

/// The squares a king on `sq` steps to (orthogonally, inside the palace). The flying-general rule is not part of
/// this set; see [`king_file_attacks`].
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_STEPS[sq.index()]
}

/// The squares an advisor on `sq` steps to (diagonally, inside the palace).
#[inline]
pub fn advisor_attacks(sq: Square) -> Bitboard {
    ADVISOR_STEPS[sq.index()]
}

/// For each square and each of the four diagonal directions: the eye (the diagonal neighbour) and the elephant
/// target two steps away, on the same side of the river. A missing target is `(sq, 0)`.
static ELEPHANT_LINES: [[(u8, u128); 4]; 90] = {
    let mut table = [[(0u8, 0u128); 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let deltas = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut i = 0;
        while i < 4 {
            let (df, dr): (i32, i32) = deltas[i];
            let (tf, tr) = (f + 2 * df, r + 2 * dr);
            let same_side = (r <= 4) == (tr <= 4);
            let target = if same_side { bit(tf, tr) } else { 0 };
            table[sq as usize][i] = if target != 0 { (((r + dr) * 9 + f + df) as u8, target) } else { (sq as u8, 0) };
            i += 1;
        }
        sq += 1;
    }
    table
};

/// The squares an elephant on `sq` moves to: two steps diagonally, not across the river, and not when the eye
/// (the square in between) is occupied in `occupied`.
#[inline]
pub fn elephant_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut bits = 0;
    for &(eye, target) in &ELEPHANT_LINES[sq.index()] {
        if occupied.0 & (1 << eye) == 0 {
            bits |= target;
        }
    }
    Bitboard(bits)
}

/// For each square and each of the four orthogonal legs: the leg square and the two horse targets beyond it.
/// A missing leg is `(sq, 0)`.
static HORSE_LINES: [[(u8, u128); 4]; 90] = {
    let mut table = [[(0u8, 0u128); 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let legs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let mut i = 0;
        while i < 4 {
            let (df, dr): (i32, i32) = legs[i];
            let leg = bit(f + df, r + dr);
            // Two steps along the leg's direction, one step to either side.
            let targets = bit(f + 2 * df + dr, r + 2 * dr + df) | bit(f + 2 * df - dr, r + 2 * dr - df);
            table[sq as usize][i] = if leg != 0 { (((r + dr) * 9 + f + df) as u8, targets) } else { (sq as u8, 0) };
            i += 1;
        }
        sq += 1;
    }
    table
};

/// The squares a horse on `sq` moves to: one step orthogonally then one diagonally outwards, not when the first
/// square (the leg, 馬腿) is occupied in `occupied`.
#[inline]
pub fn horse_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut bits = 0;
    for &(leg, targets) in &HORSE_LINES[sq.index()] {
        if occupied.0 & (1 << leg) == 0 {
            bits |= targets;
        }
    }
    Bitboard(bits)
}

/// For each square and each diagonal neighbour: the neighbour and the two squares from which a horse attacks
/// the square through that neighbour as its leg. A missing neighbour is `(sq, 0)`.
static HORSE_SOURCES: [[(u8, u128); 4]; 90] = {
    let mut table = [[(0u8, 0u128); 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut i = 0;
        while i < 4 {
            let (df, dr): (i32, i32) = diagonals[i];
            let leg = bit(f + df, r + dr);
            let sources = bit(f + df, r + 2 * dr) | bit(f + 2 * df, r + dr);
            table[sq as usize][i] = if leg != 0 { (((r + dr) * 9 + f + df) as u8, sources) } else { (sq as u8, 0) };
            i += 1;
        }
        sq += 1;
    }
    table
};

/// The squares from which a horse attacks `sq` under `occupied` (the reverse of [`horse_attacks`]: the leg of
/// such a horse is the diagonal neighbour of `sq` on its side).
#[inline]
pub fn horse_sources(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut bits = 0;
    for &(leg, sources) in &HORSE_SOURCES[sq.index()] {
        if occupied.0 & (1 << leg) == 0 {
            bits |= sources;
        }
    }
    Bitboard(bits)
}

/// The squares from which a horse could attack `sq` on an empty board.
#[inline]
pub fn horse_reach(sq: Square) -> Bitboard {
    horse_sources(sq, Bitboard::EMPTY)
}

/// The leg square of a horse move from `from` to `to`, if the pair is a horse move.
pub fn horse_leg(from: Square, to: Square) -> Option<Square> {
    let df = to.file().index() as i32 - from.file().index() as i32;
    let dr = to.rank().index() as i32 - from.rank().index() as i32;
    match (df.abs(), dr.abs()) {
        (2, 1) => from.offset(df / 2, 0),
        (1, 2) => from.offset(0, dr / 2),
        _ => None,
    }
}

const fn pawn_steps() -> [[Bitboard; 90]; 2] {
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        // Red moves up the ranks; its pawn has crossed the river from rank 5 on.
        table[0][sq as usize] = Bitboard(bit(f, r + 1) | if r >= 5 { bit(f - 1, r) | bit(f + 1, r) } else { 0 });
        table[1][sq as usize] = Bitboard(bit(f, r - 1) | if r <= 4 { bit(f - 1, r) | bit(f + 1, r) } else { 0 });
        sq += 1;
    }
    table
}

static PAWN_STEPS: [[Bitboard; 90]; 2] = pawn_steps();

static PAWN_SOURCES: [[Bitboard; 90]; 2] = {
    let steps = pawn_steps();
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let mut from = 0;
        while from < 90 {
            let mut targets = steps[color][from].0;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                table[color][to].0 |= 1 << from;
                targets &= targets - 1;
            }
            from += 1;
        }
        color += 1;
    }
    table
};

/// The squares a pawn of `color` on `sq` moves to: one step forward, and one step sideways once it has crossed
/// the river.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_STEPS[color.index()][sq.index()]
}

/// The squares from which a pawn of `color` attacks `sq` (the reverse of [`pawn_attacks`]).
#[inline]
pub fn pawn_sources(color: Color, sq: Square) -> Bitboard {
    PAWN_SOURCES[color.index()][sq.index()]
}

/// Rook and cannon reach along one line of `len` squares, for a slider at `pos` and the line occupancy `occ`:
/// `(rook, cannon_capture)`, where `rook` runs up to and including the first blocker in each direction and
/// `cannon_capture` is the second blocker in each direction.
const fn line_reach(len: usize, pos: usize, occ: usize) -> (u16, u16) {
    let mut rook = 0u16;
    let mut cannon = 0u16;
    let mut dir = 0;
    while dir < 2 {
        let mut i = pos as i32;
        let mut screens = 0;
        loop {
            i += if dir == 0 { 1 } else { -1 };
            if i < 0 || i >= len as i32 {
                break;
            }
            let occupied = occ & (1 << i) != 0;
            if screens == 0 {
                rook |= 1 << i;
                if occupied {
                    screens = 1;
                }
            } else if occupied {
                cannon |= 1 << i;
                break;
            }
        }
        dir += 1;
    }
    (rook, cannon)
}

static RANK_REACH: [[(u16, u16); 512]; 9] = {
    let mut table = [[(0u16, 0u16); 512]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut occ = 0;
        while occ < 512 {
            table[pos][occ] = line_reach(9, pos, occ);
            occ += 1;
        }
        pos += 1;
    }
    table
};

static FILE_REACH: [[(u16, u16); 1024]; 10] = {
    let mut table = [[(0u16, 0u16); 1024]; 10];
    let mut pos = 0;
    while pos < 10 {
        let mut occ = 0;
        while occ < 1024 {
            table[pos][occ] = line_reach(10, pos, occ);
            occ += 1;
        }
        pos += 1;
    }
    table
};

/// Spreads a 10-bit file pattern (bit `r` for rank `r`) onto file `a` of a board mask.
static FILE_SPREAD: [u128; 1024] = {
    let mut table = [0u128; 1024];
    let mut pattern = 0;
    while pattern < 1024 {
        let mut bits = 0u128;
        let mut rank = 0;
        while rank < 10 {
            if pattern & (1 << rank) != 0 {
                bits |= 1 << (rank * 9);
            }
            rank += 1;
        }
        table[pattern] = bits;
        pattern += 1;
    }
    table
};

/// Bits 0, 9, 18, 27 and 36: five ranks of file `a`.
const FIVE_RANKS: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27 | 1 << 36;
/// Multiplying five bits spaced 9 apart by this lines them up at bits 32..37. Every partial product lands on its
/// own bit (`9r + 32 - 8s` is different for every pair `r, s` in `0..5`), so no carries disturb the result.
const GATHER: u64 = 1 << 32 | 1 << 24 | 1 << 16 | 1 << 8 | 1;

/// The occupancy of `file` in `occupied` as a 10-bit pattern, bit `r` for rank `r`.
#[inline]
pub(crate) const fn file_occupancy(occupied: Bitboard, file: u32) -> usize {
    let shifted = occupied.0 >> file;
    let low = (shifted as u64) & FIVE_RANKS;
    let high = ((shifted >> 45) as u64) & FIVE_RANKS;
    ((low.wrapping_mul(GATHER) >> 32) & 0x1f | ((high.wrapping_mul(GATHER) >> 32) & 0x1f) << 5) as usize
}

/// The occupancy of `rank` in `occupied` as a 9-bit pattern, bit `f` for file `f`.
#[inline]
const fn rank_occupancy(occupied: Bitboard, rank: u32) -> usize {
    ((occupied.0 >> (rank * 9)) & 0x1ff) as usize
}

#[inline]
fn line_reaches(sq: Square, occupied: Bitboard) -> ((u16, u16), (u16, u16), u32, u32) {
    let index = sq as u32;
    let (file, rank) = (index % 9, index / 9);
    let along_rank = RANK_REACH[file as usize][rank_occupancy(occupied, rank)];
    let along_file = FILE_REACH[rank as usize][file_occupancy(occupied, file)];
    (along_rank, along_file, file, rank)
}

/// The squares a rook on `sq` attacks under `occupied`: along its rank and file up to and including the first
/// occupied square in each direction.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let ((rank_rook, _), (file_rook, _), file, rank) = line_reaches(sq, occupied);
    Bitboard((rank_rook as u128) << (rank * 9) | FILE_SPREAD[file_rook as usize] << file)
}

/// The squares a cannon on `sq` captures on under `occupied`: the second occupied square in each direction
/// (jumping over exactly one screen). The cannon's quiet moves are `rook_attacks(sq, occupied) & !occupied`.
#[inline]
pub fn cannon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let ((_, rank_hop), (_, file_hop), file, rank) = line_reaches(sq, occupied);
    Bitboard((rank_hop as u128) << (rank * 9) | FILE_SPREAD[file_hop as usize] << file)
}

/// Rook reach and cannon captures of `sq` in one lookup: `(rook_attacks, cannon_attacks)`.
#[inline]
pub fn slider_attacks(sq: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let ((rank_rook, rank_hop), (file_rook, file_hop), file, rank) = line_reaches(sq, occupied);
    (
        Bitboard((rank_rook as u128) << (rank * 9) | FILE_SPREAD[file_rook as usize] << file),
        Bitboard((rank_hop as u128) << (rank * 9) | FILE_SPREAD[file_hop as usize] << file),
    )
}

/// The squares of `sq`'s file up to and including the first occupied square in each direction: where a king on
/// `sq` would "see" along the file (the flying-general rule, 对面/飞将).
#[inline]
pub fn king_file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let index = sq as u32;
    let file = index % 9;
    let (file_rook, _) = FILE_REACH[(index / 9) as usize][file_occupancy(occupied, file)];
    Bitboard(FILE_SPREAD[file_rook as usize] << file)
}

static LINES: [Bitboard; 90] = {
    let mut table = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (file, rank) = (sq % 9, sq / 9);
        let mut bits = 0x1ffu128 << (rank * 9);
        let mut r = 0;
        while r < 10 {
            bits |= 1 << (r * 9 + file);
            r += 1;
        }
        table[sq] = Bitboard(bits & !(1 << sq));
        sq += 1;
    }
    table
};

/// The other squares of `sq`'s rank and file.
#[inline]
pub fn lines(sq: Square) -> Bitboard {
    LINES[sq.index()]
}

/// The squares strictly between `a` and `b` if they share a rank or a file, else the empty set.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let span = (1u128 << hi as u32) - (2u128 << lo as u32);
    if lo.rank() == hi.rank() {
        Bitboard(span)
    } else if lo.file() == hi.file() {
        Bitboard(span) & Bitboard::file(lo.file())
    } else {
        Bitboard::EMPTY
    }
}

/// For each square: the other squares of its rank and file and its (up to four) diagonal neighbours.
static NEAR: [Bitboard; 90] = {
    let mut table = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut bits = LINES[sq].0;
        let mut i = 0;
        while i < 4 {
            let (df, dr) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][i];
            bits |= bit(file + df, rank + dr);
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
};

/// The squares whose occupancy decides which pieces attack a piece on `sq`: its rank and file (rooks, cannons
/// and the flying general) and its diagonal neighbours (the legs of the horses and the eyes of the elephants that
/// could reach it). Pawns, advisors and kings attack by steps, whatever the occupancy.
///
/// So emptying or filling squares outside this set never changes [`Board::attackers_to`](crate::Board::attackers_to)
/// on `sq`, except that a piece taken off the board no longer counts. Check detection without playing a move
/// ([`Position::gives_check`](crate::Position::gives_check)) and the quick legality test rely on this.
///
/// ```
/// use xiangqi::board::{attacks, Square};
///
/// let near = attacks::near(Square::E0);
/// assert!(near.contains(Square::E9) && near.contains(Square::A0) && near.contains(Square::D1));
/// assert!(!near.contains(Square::E0) && !near.contains(Square::C1));
/// assert_eq!(near.count(), 9 + 8 + 2);
/// ```
#[inline]
pub fn near(sq: Square) -> Bitboard {
    NEAR[sq.index()]
}

/// Where `piece` on `from` may move by its own movement rules under `occupied`, ignoring the safety of its king:
/// the pseudo-legal targets of move generation, **including the squares of its own pieces** (remove them with
/// `- board.by_color(piece.color)`). The same as [`attacks`] for every role but the cannon, which moves to the
/// empty squares of its rook reach and captures over a screen.
///
/// ```
/// use xiangqi::board::{attacks, Board, Piece, Square};
///
/// let board = Board::new();
/// let cannon = Piece::from_fen_char('C').unwrap();
/// let targets = attacks::move_targets(cannon, Square::H2, board.occupied()) - board.by_color(cannon.color);
/// assert_eq!(targets.count(), 12); // 11 quiet moves and the capture on h9
/// assert!(targets.contains(Square::H9) && !targets.contains(Square::H7));
/// ```
#[inline(always)]
pub fn move_targets(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Cannon => {
            let (slides, jumps) = slider_attacks(from, occupied);
            (slides - occupied) | jumps
        }
        _ => attacks(piece, from, occupied),
    }
}

/// The squares a `piece` on `sq` attacks under `occupied`: where it could capture if an enemy piece stood there.
///
/// For the king this is its palace steps only (the flying-general rule is separate, see
/// [`king_file_attacks`]); for the cannon it is its capture squares, not its quiet moves.
#[inline(always)]
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::King => king_attacks(sq),
        Role::Advisor => advisor_attacks(sq),
        Role::Elephant => elephant_attacks(sq, occupied),
        Role::Horse => horse_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Cannon => cannon_attacks(sq, occupied),
        Role::Pawn => pawn_attacks(piece.color, sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_file_occupancy(occupied: Bitboard, file: u32) -> usize {
        (0..10).filter(|rank| occupied.0 & (1 << (rank * 9 + file)) != 0).map(|rank| 1usize << rank).sum()
    }

    #[test]
    fn file_gather_matches_naive() {
        let mut x: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x) & Bitboard::FULL;
            for file in 0..9 {
                assert_eq!(file_occupancy(occ, file), naive_file_occupancy(occ, file));
            }
        }
    }

    #[test]
    fn king_and_advisor_stay_in_palace() {
        assert_eq!(king_attacks(Square::E0), Bitboard::from_square(Square::D0) | Square::F0.into() | Square::E1.into());
        assert_eq!(king_attacks(Square::D2).count(), 2);
        assert_eq!(advisor_attacks(Square::E8).count(), 4);
        assert_eq!(advisor_attacks(Square::D9), Bitboard::from_square(Square::E8));
        assert!(king_attacks(Square::A0).is_empty());
    }

    #[test]
    fn elephant_eye_and_river() {
        let empty = Bitboard::EMPTY;
        assert_eq!(elephant_attacks(Square::C4, empty), Bitboard::from_square(Square::A2) | Square::E2.into());
        let eye = Bitboard::from_square(Square::D3);
        assert_eq!(elephant_attacks(Square::C4, eye), Bitboard::from_square(Square::A2));
        assert_eq!(elephant_attacks(Square::E7, empty).count(), 4);
    }

    #[test]
    fn horse_legs() {
        let empty = Bitboard::EMPTY;
        assert_eq!(horse_attacks(Square::E4, empty).count(), 8);
        assert_eq!(horse_attacks(Square::A0, empty).count(), 2);
        let leg = Bitboard::from_square(Square::E5);
        let blocked = horse_attacks(Square::E4, leg);
        assert!(!blocked.contains(Square::D6) && !blocked.contains(Square::F6));
        assert_eq!(blocked.count(), 6);
        for from in Square::ALL {
            for to in horse_attacks(from, empty) {
                assert!(horse_reach(to).contains(from));
                let leg = horse_leg(from, to).unwrap();
                assert!(!horse_attacks(from, Bitboard::from_square(leg)).contains(to));
                assert!(!horse_sources(to, Bitboard::from_square(leg)).contains(from));
            }
        }
    }

    #[test]
    fn pawns_turn_sideways_after_the_river() {
        assert_eq!(pawn_attacks(Color::Red, Square::C3), Bitboard::from_square(Square::C4));
        assert_eq!(pawn_attacks(Color::Red, Square::C5).count(), 3);
        assert_eq!(pawn_attacks(Color::Red, Square::C9).count(), 2);
        assert_eq!(pawn_attacks(Color::Black, Square::C6), Bitboard::from_square(Square::C5));
        assert_eq!(pawn_attacks(Color::Black, Square::E4).count(), 3);
        assert!(pawn_sources(Color::Red, Square::E5).contains(Square::E4));
        assert!(pawn_sources(Color::Red, Square::E5).contains(Square::D5));
        assert!(!pawn_sources(Color::Red, Square::E4).contains(Square::D4));
    }

    #[test]
    fn sliders() {
        let occ: Bitboard = [Square::B2, Square::E2, Square::H2, Square::B7, Square::B9].into_iter().collect();
        let rook = rook_attacks(Square::B2, occ);
        assert!(rook.contains(Square::E2) && !rook.contains(Square::F2));
        assert!(rook.contains(Square::B7) && !rook.contains(Square::B8));
        assert!(rook.contains(Square::B0) && rook.contains(Square::A2));
        assert_eq!(rook.count(), 1 + 3 + 2 + 5);
        let cannon = cannon_attacks(Square::B2, occ);
        assert_eq!(cannon, Bitboard::from_square(Square::H2) | Square::B9.into());
        assert_eq!(between(Square::B2, Square::B7).count(), 4);
        assert_eq!(between(Square::H2, Square::B2).count(), 5);
        assert!(between(Square::A0, Square::B1).is_empty());
        assert!(between(Square::A0, Square::B0).is_empty());
    }
}
