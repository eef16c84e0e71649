//! Pieces of one kind that share a file (tandem pieces, 同线), counted the way traditional notation counts them.
//!
//! One implementation for every notation: the Chinese, WXF and AXF writers ask where a piece stands
//! ([`Standing`]); the readers pick pieces out of [`Column`]s and the [`group`] with a [`Which`].
//!
//! - Files are numbered 1–9 from the mover's right (AXF 2008 第二章第三节).
//! - "Front" is nearer the opponent: the higher rank for Red, the lower for Black (xqbase 规范(二) §四).
//! - The combined numbering of xqbase (规范(二) §四; eleeye `cchess.cpp` Move2File): when two files each hold
//!   two or more pawns, all pawns on such files form one list, files from the mover's right, front to back within
//!   a file.

use xiangqi_board::{Bitboard, Color, File, Piece, Square};

/// A short list of squares (at most ten: a file has ten points), in notation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquareList {
    squares: [Square; 10],
    len: usize,
}

impl SquareList {
    pub(crate) const fn new() -> SquareList {
        SquareList { squares: [Square::A0; 10], len: 0 }
    }

    /// Appends `sq`; a square beyond the tenth is dropped (no position has more pieces of a kind).
    pub(crate) fn push(&mut self, sq: Square) {
        if let Some(slot) = self.squares.get_mut(self.len) {
            *slot = sq;
            self.len += 1;
        }
    }

    pub(crate) fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len]
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn get(&self, index: usize) -> Option<Square> {
        self.as_slice().get(index).copied()
    }

    #[cfg(test)]
    pub(crate) fn index_of(&self, sq: Square) -> Option<usize> {
        self.as_slice().iter().position(|&s| s == sq)
    }
}

/// `color`'s number (1–9) of `file`.
pub(crate) fn file_number(file: File, color: Color) -> u8 {
    file.number_for(color) as u8
}

/// The squares of each file, computed once at compile time.
const FILES: [Bitboard; 9] = {
    let mut files = [Bitboard::EMPTY; 9];
    let mut i = 0;
    while i < 9 {
        files[i] = Bitboard::file(File::ALL[i]);
        i += 1;
    }
    files
};

/// The squares of `file`.
fn file_squares(file: File) -> Bitboard {
    FILES[file.index()]
}

/// The pieces of one kind on one file, front to back.
pub(crate) fn column(pieces: Bitboard, file: File, color: Color) -> SquareList {
    let mut list = SquareList::new();
    let mut on_file = pieces & file_squares(file);
    // Front is the highest square for Red, the lowest for Black.
    while let Some(sq) = if color.is_red() { on_file.last() } else { on_file.first() } {
        list.push(sq);
        on_file = on_file.without(sq);
    }
    list
}

/// How many pieces of one kind stand on each file: one pass over the pieces (a kind has at most five) instead of a
/// count per file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FileCounts([u8; 9]);

impl FileCounts {
    pub(crate) fn of(pieces: Bitboard) -> FileCounts {
        let mut counts = [0; 9];
        // Straight on the bits: a square's index is rank × 9 + file.
        let mut bits = pieces.0;
        while bits != 0 {
            counts[bits.trailing_zeros() as usize % 9] += 1;
            bits &= bits - 1;
        }
        FileCounts(counts)
    }

    /// How many stand on `file`.
    pub(crate) fn on(&self, file: File) -> usize {
        usize::from(self.0[file.index()])
    }

    /// The files holding two or more, from `color`'s right.
    pub(crate) fn tandem_files(self, color: Color) -> impl Iterator<Item = File> {
        // A bit per such file (bit n for the file of index n), taken from the mover's right: from file i for
        // Red, from file a for Black.
        let mut files = 0u16;
        for (index, &count) in self.0.iter().enumerate() {
            if count >= 2 {
                files |= 1 << index;
            }
        }
        core::iter::from_fn(move || {
            if files == 0 {
                return None;
            }
            let index = if color.is_red() { 15 - files.leading_zeros() } else { files.trailing_zeros() };
            files &= !(1 << index);
            File::new(index as usize)
        })
    }
}

/// The files holding two or more of `pieces`, from `color`'s right.
pub(crate) fn tandem_files(pieces: Bitboard, color: Color) -> impl Iterator<Item = File> {
    FileCounts::of(pieces).tandem_files(color)
}

/// The xqbase combined list: every piece on a file holding two or more, files from `color`'s right, front to back
/// within a file. The readers and [`Standing::of`] count their way through it without building it; this is the
/// definition the tests check them against.
#[cfg(test)]
pub(crate) fn group(pieces: Bitboard, color: Color) -> SquareList {
    let mut list = SquareList::new();
    for file in tandem_files(pieces, color) {
        column(pieces, file, color).as_slice().iter().for_each(|&sq| list.push(sq));
    }
    list
}

/// Where a piece stands among the pieces of its kind (same colour and role).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Standing {
    /// The number of its file, 1–9 from the mover's right.
    pub(crate) file: u8,
    /// Its index on its file, front first.
    pub(crate) index_in_file: usize,
    /// How many of its kind stand on its file (itself included).
    pub(crate) count_in_file: usize,
    /// Its index in the combined list ([`group`]). This and the next two fields are only computed for a piece
    /// that shares its file (`count_in_file` ≥ 2), since no notation asks for them otherwise; they are 0 for a
    /// piece alone on its file.
    pub(crate) index_in_group: usize,
    /// How many pieces the combined list holds.
    pub(crate) count_in_group: usize,
    /// How many files hold two or more of its kind.
    pub(crate) tandem_files: usize,
    /// The other piece of a pair on its file (when `count_in_file` is 2).
    pub(crate) partner: Option<Square>,
}

impl Standing {
    /// Where the piece `piece` on `sq` stands, `pieces` being all pieces of its kind. Counts bits; builds no list.
    pub(crate) fn of(pieces: Bitboard, piece: Piece, sq: Square) -> Standing {
        let color = piece.color;
        let on_file = pieces & file_squares(sq.file());
        let mut standing = Standing {
            file: file_number(sq.file(), color),
            index_in_file: 0,
            count_in_file: 1,
            index_in_group: 0,
            count_in_group: 0,
            tandem_files: 0,
            partner: None,
        };
        if !on_file.more_than_one() {
            // Alone on its file: the rest is never asked for (see the field docs).
            return standing;
        }
        standing.count_in_file = on_file.count() as usize;
        // Ahead on the file means on higher squares for Red, on lower squares for Black.
        let lower = Bitboard((1u128 << sq.index()) - 1);
        let ahead = match color {
            Color::Red => on_file - lower - Bitboard::from_square(sq),
            Color::Black => on_file & lower,
        };
        standing.index_in_file = ahead.count() as usize;
        if standing.count_in_file == 2 {
            standing.partner = on_file.without(sq).first();
        }
        if pieces == on_file {
            // The only file with pieces of its kind (always so for two rooks, horses or cannons).
            standing.tandem_files = 1;
            standing.count_in_group = standing.count_in_file;
        } else {
            // The files on the mover's right of its own come before it in the combined list: Red counts from
            // file i, Black from file a. Only which side matters, not the order.
            let own = sq.file().index();
            let before_own = |file: usize| if color.is_red() { file > own } else { file < own };
            for (file, count) in FileCounts::of(pieces).0.into_iter().map(usize::from).enumerate() {
                if count >= 2 {
                    standing.tandem_files += 1;
                    standing.count_in_group += count;
                    if before_own(file) {
                        standing.index_in_group += count;
                    }
                }
            }
        }
        standing.index_in_group += standing.index_in_file;
        standing
    }

    /// Whether other pieces of its kind share its file.
    pub(crate) const fn is_tandem(&self) -> bool {
        self.count_in_file >= 2
    }
}

/// Which piece of a column a notation means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Which {
    /// The first (前; WXF `++`).
    Front,
    /// The middle one of three or five (中; XQWizard `P.`).
    Middle,
    /// The last (后; WXF `--`).
    Rear,
    /// The n-th from the front, from 1 (一…五; Fairy-Stockfish's pawn index).
    Nth(u8),
    /// WXF `+`: the first of two or three, the second of four or five (WXF rules I–III).
    Plus,
    /// WXF `-`: the last of two or three, the last but one of four or five.
    Minus,
}

impl Which {
    /// The index this means in a column of `len` pieces, if any.
    pub(crate) const fn index(self, len: usize) -> Option<usize> {
        if len == 0 {
            return None;
        }
        match self {
            Which::Front => Some(0),
            Which::Rear => Some(len - 1),
            Which::Middle if len % 2 == 1 && len >= 3 => Some(len / 2),
            Which::Middle => None,
            Which::Nth(n) if n >= 1 && (n as usize) <= len => Some(n as usize - 1),
            Which::Nth(_) => None,
            Which::Plus if len <= 3 => Some(0),
            Which::Plus => Some(1),
            Which::Minus if len <= 3 => Some(len - 1),
            Which::Minus => Some(len - 2),
        }
    }
}

#[cfg(test)]
mod tests {
    use xiangqi_board::{Position, Role};

    use super::*;

    fn pawns(fen: &str) -> (Position, Piece, Bitboard) {
        let pos: Position = fen.parse().unwrap();
        let piece = Piece::new(pos.turn(), Role::Pawn);
        let bb = pos.board().by_piece(piece);
        (pos, piece, bb)
    }

    #[test]
    fn xqbase_example_numbers_two_files_in_one_list() {
        // The xqbase specification's example: red pawns on f8 f6 d8 d6 and e7; f is Red's file 4, d is 6.
        let (_, piece, bb) = pawns("4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w");
        assert_eq!(group(bb, Color::Red).as_slice(), &[Square::F8, Square::F6, Square::D8, Square::D6]);
        let standing = Standing::of(bb, piece, Square::D8);
        assert_eq!((standing.file, standing.index_in_file, standing.count_in_file), (6, 0, 2));
        assert_eq!((standing.index_in_group, standing.count_in_group, standing.tandem_files), (2, 4, 2));
        assert_eq!(standing.partner, Some(Square::D6));
        let lone = Standing::of(bb, piece, Square::E7);
        assert_eq!((lone.file, lone.count_in_file, lone.is_tandem()), (5, 1, false));
    }

    #[test]
    fn black_counts_from_its_own_right_and_front_is_the_lower_rank() {
        let (_, piece, bb) = pawns("4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b");
        assert_eq!(group(bb, Color::Black).as_slice(), &[Square::C3, Square::C4, Square::G3, Square::G4]);
        let standing = Standing::of(bb, piece, Square::G4);
        assert_eq!((standing.file, standing.index_in_file, standing.index_in_group), (7, 1, 3));
    }

    #[test]
    fn standing_agrees_with_the_lists_it_counts() {
        for fen in [
            "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w",
            "3k5/6P2/2P3P2/2P6/6P2/9/9/9/9/4K4 w",
            "3k5/9/9/9/9/2p6/2p6/2p6/2p6/2p2K3 b",
            "4k4/9/9/9/9/2p1p1p2/2p3p2/9/9/3K5 b",
        ] {
            let (_, piece, bb) = pawns(fen);
            let list = group(bb, piece.color);
            for sq in bb {
                let standing = Standing::of(bb, piece, sq);
                let on_file = column(bb, sq.file(), piece.color);
                assert_eq!(standing.count_in_file, on_file.len(), "{fen} {sq}");
                assert_eq!(standing.index_in_file, on_file.index_of(sq).unwrap(), "{fen} {sq}");
                if standing.is_tandem() {
                    assert_eq!(standing.count_in_group, list.len(), "{fen} {sq}");
                    assert_eq!(standing.index_in_group, list.index_of(sq).unwrap(), "{fen} {sq}");
                }
            }
        }
    }

    #[test]
    fn which_follows_the_wxf_rules() {
        let indexes = |which: Which| [1, 2, 3, 4, 5].map(|len| which.index(len));
        assert_eq!(indexes(Which::Plus), [Some(0), Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(indexes(Which::Minus), [Some(0), Some(1), Some(2), Some(2), Some(3)]);
        assert_eq!(indexes(Which::Middle), [None, None, Some(1), None, Some(2)]);
        assert_eq!(indexes(Which::Nth(4)), [None, None, None, Some(3), Some(3)]);
        assert_eq!(indexes(Which::Rear), [Some(0), Some(1), Some(2), Some(3), Some(4)]);
        assert_eq!(Which::Front.index(0), None);
        assert_eq!(Which::Nth(0).index(3), None);
    }
}
