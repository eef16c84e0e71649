//! A set of squares as a 90-bit mask.

use core::{
    fmt,
    iter::FusedIterator,
    ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub},
};

use crate::{File, Rank, Square};

/// A set of squares: bit `i` of the `u128` stands for the square with index `i` (`rank * 9 + file`).
///
/// Only the low 90 bits are used; every operation of this type keeps the upper bits clear.
///
/// ```
/// use xiangqi::board::{Bitboard, Square};
///
/// let set = Bitboard::from_square(Square::E0) | Bitboard::from_square(Square::E9);
/// assert_eq!(set.count(), 2);
/// assert!(set.contains(Square::E9));
/// assert_eq!(set.into_iter().collect::<Vec<_>>(), [Square::E0, Square::E9]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

/// The mask of the 90 squares.
const FULL: u128 = (1u128 << 90) - 1;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 squares.
    pub const FULL: Bitboard = Bitboard(FULL);
    /// Ranks 0–4: Red's side of the river.
    pub const RED_SIDE: Bitboard = Bitboard((1 << 45) - 1);
    /// Ranks 5–9: Black's side of the river.
    pub const BLACK_SIDE: Bitboard = Bitboard(FULL & !((1 << 45) - 1));

    /// The set of one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// The squares of a file.
    pub const fn file(file: File) -> Bitboard {
        let mut bits = 0;
        let mut rank = 0;
        while rank < 10 {
            bits |= 1 << (rank * 9 + file as u32);
            rank += 1;
        }
        Bitboard(bits)
    }

    /// The squares of a rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0x1ff << (rank as u32 * 9))
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// Adds `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= 1 << sq as u32;
    }

    /// Removes `sq`.
    #[inline]
    pub fn discard(&mut self, sq: Square) {
        self.0 &= !(1 << sq as u32);
    }

    /// Flips the membership of `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq as u32;
    }

    /// The square with the lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros() as usize)
        }
    }

    /// The square with the highest index, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new((127 - self.0.leading_zeros()) as usize)
        }
    }

    /// The only square of the set, if it has exactly one.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Removes and returns the square with the lowest index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first();
        self.0 &= self.0.wrapping_sub(1);
        sq
    }

    /// The set mirrored left to right.
    pub fn flip_files(self) -> Bitboard {
        self.into_iter().map(Square::flip_file).collect()
    }

    /// The set turned half around the centre (see [`Square::rotate`]).
    pub fn rotate(self) -> Bitboard {
        self.into_iter().map(Square::rotate).collect()
    }
}

impl fmt::Debug for Bitboard {
    /// A 10×9 grid, rank 9 at the top, `1` for a member square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let ch = if self.contains(Square::from_coords(file, *rank)) { '1' } else { '.' };
                fmt::Write::write_char(f, ch)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for sq in iter {
            set.add(sq);
        }
        set
    }
}

macro_rules! binary_op {
    ($tr:ident, $method:ident, $tr_assign:ident, $method_assign:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tr_assign for Bitboard {
            #[inline]
            fn $method_assign(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 90 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}
