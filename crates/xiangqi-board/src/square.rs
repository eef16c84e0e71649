//! Files, ranks and squares in ICCS terms.
//!
//! Files `a`–`i` run from left to right as Red sees the board; ranks `0`–`9` count from Red's back rank. A square
//! is written file then rank, e.g. `e0` for Red's king at the start. The square index is `rank * 9 + file`.

use core::{fmt, str::FromStr};

use crate::Color;

/// A file (column), `a` to `i` from Red's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
}

impl File {
    /// All files, `a` to `i`.
    pub const ALL: [File; 9] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H, File::I];

    /// The file with index 0 (`a`) to 8 (`i`).
    #[inline]
    pub const fn new(index: usize) -> Option<File> {
        if index < 9 {
            Some(File::ALL[index])
        } else {
            None
        }
    }

    /// 0 (`a`) to 8 (`i`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter `a`–`i`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Reads a letter `a`–`i` (either case).
    pub const fn from_char(ch: char) -> Option<File> {
        match ch {
            'a'..='i' => File::new((ch as u32 - 'a' as u32) as usize),
            'A'..='I' => File::new((ch as u32 - 'A' as u32) as usize),
            _ => None,
        }
    }

    /// The file mirrored left to right (`a` ↔ `i`).
    #[inline]
    pub const fn flip(self) -> File {
        File::ALL[8 - self as usize]
    }

    /// The file number as `color` counts it in traditional and WXF notation: files 1–9 from that side's right.
    /// For Red, `i` is 1 and `a` is 9; for Black, `a` is 1 and `i` is 9.
    ///
    /// ```
    /// use xiangqi::board::{Color, File};
    ///
    /// assert_eq!(File::H.number_for(Color::Red), 2);
    /// assert_eq!(File::H.number_for(Color::Black), 8);
    /// ```
    pub const fn number_for(self, color: Color) -> u32 {
        match color {
            Color::Red => 9 - self as u32,
            Color::Black => self as u32 + 1,
        }
    }

    /// The inverse of [`File::number_for`]: the file that `color` numbers `number` (1–9).
    pub const fn from_number(number: u32, color: Color) -> Option<File> {
        if number < 1 || number > 9 {
            return None;
        }
        match color {
            Color::Red => File::new((9 - number) as usize),
            Color::Black => File::new((number - 1) as usize),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

/// The one character of `s`, if it has exactly one.
fn only_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    chars.next().filter(|_| chars.next().is_none())
}

crate::parse_error! {
    /// The error of parsing a [`File`].
    pub struct ParseFileError: "file", "one letter a-i"
}

impl FromStr for File {
    type Err = ParseFileError;

    /// Reads one letter `a`–`i` (either case).
    ///
    /// ```
    /// use xiangqi::board::File;
    ///
    /// assert_eq!("e".parse(), Ok(File::E));
    /// assert!("j".parse::<File>().is_err() && "ab".parse::<File>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<File, ParseFileError> {
        only_char(s).and_then(File::from_char).ok_or(ParseFileError::new(s))
    }
}

/// A rank (row), 0 (Red's back rank) to 9 (Black's back rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Zero = 0,
    One,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
}

impl Rank {
    /// All ranks, 0 to 9.
    pub const ALL: [Rank; 10] = [
        Rank::Zero,
        Rank::One,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
    ];

    /// The rank with index 0 to 9.
    #[inline]
    pub const fn new(index: usize) -> Option<Rank> {
        if index < 10 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// 0 to 9.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit `0`–`9`.
    pub const fn char(self) -> char {
        (b'0' + self as u8) as char
    }

    /// Reads a digit `0`–`9`.
    pub const fn from_char(ch: char) -> Option<Rank> {
        match ch {
            '0'..='9' => Rank::new((ch as u32 - '0' as u32) as usize),
            _ => None,
        }
    }

    /// The rank seen from the other side (0 ↔ 9).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[9 - self as usize]
    }

    /// The rank counted from `color`'s back rank: unchanged for Red, flipped for Black.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::Red => self,
            Color::Black => self.flip(),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

crate::parse_error! {
    /// The error of parsing a [`Rank`].
    pub struct ParseRankError: "rank", "one digit 0-9"
}

impl FromStr for Rank {
    type Err = ParseRankError;

    /// Reads one digit `0`–`9`.
    ///
    /// ```
    /// use xiangqi::board::Rank;
    ///
    /// assert_eq!("9".parse(), Ok(Rank::Nine));
    /// assert!("10".parse::<Rank>().is_err() && "".parse::<Rank>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Rank, ParseRankError> {
        only_char(s).and_then(Rank::from_char).ok_or(ParseRankError::new(s))
    }
}

macro_rules! squares {
    ($($name:ident),* $(,)?) => {
        /// A square of the 9×10 board, `A0` (Red's lower left corner) to `I9`.
        ///
        /// ```
        /// use xiangqi::board::{File, Rank, Square};
        ///
        /// let sq: Square = "e0".parse()?;
        /// assert_eq!(sq, Square::E0);
        /// assert_eq!(sq.file(), File::E);
        /// assert_eq!(sq.rank(), Rank::Zero);
        /// assert_eq!(sq.index(), 4);
        /// assert_eq!(Square::H2.to_string(), "h2");
        /// # Ok::<_, xiangqi::board::ParseSquareError>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($name),*
        }

        impl Square {
            /// All 90 squares in index order (`A0`, `B0`, …, `I0`, `A1`, …, `I9`).
            pub const ALL: [Square; 90] = [$(Square::$name),*];
        }
    };
}

squares! {
    A0, B0, C0, D0, E0, F0, G0, H0, I0,
    A1, B1, C1, D1, E1, F1, G1, H1, I1,
    A2, B2, C2, D2, E2, F2, G2, H2, I2,
    A3, B3, C3, D3, E3, F3, G3, H3, I3,
    A4, B4, C4, D4, E4, F4, G4, H4, I4,
    A5, B5, C5, D5, E5, F5, G5, H5, I5,
    A6, B6, C6, D6, E6, F6, G6, H6, I6,
    A7, B7, C7, D7, E7, F7, G7, H7, I7,
    A8, B8, C8, D8, E8, F8, G8, H8, I8,
    A9, B9, C9, D9, E9, F9, G9, H9, I9,
}

impl Square {
    /// The square with index 0 to 89 (`rank * 9 + file`).
    #[inline]
    pub const fn new(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 9 + file as usize]
    }

    /// The index, 0 to 89 (`rank * 9 + file`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize % 9]
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize / 9]
    }

    /// The square moved by `(file_delta, rank_delta)`, if it is on the board.
    pub const fn offset(self, file_delta: i32, rank_delta: i32) -> Option<Square> {
        let file = self.file().index() as i32 + file_delta;
        let rank = self.rank().index() as i32 + rank_delta;
        if file < 0 || file > 8 || rank < 0 || rank > 9 {
            None
        } else {
            Square::new((rank * 9 + file) as usize)
        }
    }

    /// The square mirrored left to right (same rank).
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square::from_coords(self.file().flip(), self.rank())
    }

    /// The square mirrored top to bottom (same file).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::from_coords(self.file(), self.rank().flip())
    }

    /// The square turned half around the centre (both mirrors); this is how the board looks from Black's side.
    #[inline]
    pub const fn rotate(self) -> Square {
        Square::ALL[89 - self as usize]
    }

    /// Whether the square lies on `color`'s side of the river (ranks 0–4 for Red, 5–9 for Black).
    #[inline]
    pub const fn is_on_side_of(self, color: Color) -> bool {
        let rank = self as usize / 9;
        match color {
            Color::Red => rank <= 4,
            Color::Black => rank >= 5,
        }
    }

    /// Whether the square lies in `color`'s palace (files d–f; ranks 0–2 for Red, 7–9 for Black).
    #[inline]
    pub const fn is_in_palace_of(self, color: Color) -> bool {
        let file = self as usize % 9;
        let rank = self as usize / 9;
        let rank_ok = match color {
            Color::Red => rank <= 2,
            Color::Black => rank >= 7,
        };
        rank_ok && file >= 3 && file <= 5
    }

    /// Reads a square written as file letter and rank digit, e.g. `e0` or `E0`.
    ///
    /// # Errors
    /// [`ParseSquareError`] unless the input is exactly two characters naming a square.
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        if s.len() != 2 {
            return Err(ParseSquareError::from_bytes(s));
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
            _ => Err(ParseSquareError::from_bytes(s)),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

crate::parse_error! {
    /// The error of parsing a [`Square`].
    pub struct ParseSquareError: "square", "a file a-i and a rank 0-9, e.g. `e0`"
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}
