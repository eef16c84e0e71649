//! The two sides, and a pair of values kept per side.

use core::{fmt, ops::Not, str::FromStr};

/// A side. Red moves first.
///
/// ```
/// use xiangqi::board::Color;
///
/// assert_eq!(!Color::Red, Color::Black);
/// assert_eq!(Color::Red.fen_char(), 'w');
/// assert_eq!("black".parse::<Color>(), Ok(Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// Red (紅/红), the side that moves first; upper case in FEN.
    Red = 0,
    /// Black (黑), lower case in FEN.
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for Red, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `true` for Red.
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self, Color::Red)
    }

    /// The side-to-move letter of a canonical FEN: `w` for Red, `b` for Black.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads a FEN side-to-move letter: `w` or `r` (legacy) for Red, `b` for Black.
    pub const fn from_fen_char(ch: char) -> Option<Color> {
        match ch {
            'w' | 'W' | 'r' | 'R' => Some(Color::Red),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// The lower-case English name, `red` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// Chooses between two values: `red` for Red, `black` for Black.
    #[inline]
    pub fn fold<T>(self, red: T, black: T) -> T {
        match self {
            Color::Red => red,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

crate::parse_error! {
    /// The error of parsing a [`Color`] name.
    pub struct ParseColorError: "colour", "`red` or `black`"
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Reads `red` or `black` (any case).
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        if s.eq_ignore_ascii_case("red") {
            Ok(Color::Red)
        } else if s.eq_ignore_ascii_case("black") {
            Ok(Color::Black)
        } else {
            Err(ParseColorError::new(s))
        }
    }
}

/// A value for each side.
///
/// ```
/// use xiangqi::board::{ByColor, Color};
///
/// let mut checks = ByColor { red: 0, black: 0 };
/// *checks.get_mut(Color::Black) += 1;
/// assert_eq!(checks.get(Color::Black), &1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds the pair by calling `f` for Red, then Black.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor { red: f(Color::Red), black: f(Color::Black) }
    }

    /// The value of `color`.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }

    /// The pair with Red's and Black's values exchanged.
    pub fn swap(self) -> ByColor<T> {
        ByColor { red: self.black, black: self.red }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor { red: f(self.red), black: f(self.black) }
    }
}
