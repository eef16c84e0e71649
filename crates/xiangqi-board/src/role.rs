//! Piece kinds ([`Role`]) and coloured pieces ([`Piece`]).

use core::{fmt, str::FromStr};

use crate::Color;

/// A kind of piece, without colour.
///
/// The WXF letters are `K A E H R C P`; FEN uses `K A B N R C P` (elephant `b` for bishop, horse `n` for knight).
///
/// ```
/// use xiangqi::board::Role;
///
/// assert_eq!(Role::Horse.wxf_char(), 'H');
/// assert_eq!(Role::Horse.fen_char(), 'N');
/// assert_eq!(Role::from_char('E'), Some(Role::Elephant));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Role {
    /// King (帥/將, general).
    King = 0,
    /// Advisor (仕/士, guard).
    Advisor = 1,
    /// Elephant (相/象, minister).
    Elephant = 2,
    /// Horse (傌/馬, knight).
    Horse = 3,
    /// Rook (俥/車, chariot).
    Rook = 4,
    /// Cannon (炮/砲).
    Cannon = 5,
    /// Pawn (兵/卒, soldier).
    Pawn = 6,
}

impl Role {
    /// All roles, in the order King, Advisor, Elephant, Horse, Rook, Cannon, Pawn.
    pub const ALL: [Role; 7] =
        [Role::King, Role::Advisor, Role::Elephant, Role::Horse, Role::Rook, Role::Cannon, Role::Pawn];

    /// 0 (King) to 6 (Pawn).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many pieces of this role one side has in the full set (1 king, 2 advisors, 2 elephants, 2 horses,
    /// 2 rooks, 2 cannons, 5 pawns).
    pub const fn count_in_set(self) -> u32 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// The upper-case FEN letter: `K A B N R C P`.
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// The upper-case WXF letter: `K A E H R C P`.
    pub const fn wxf_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// Reads a letter of either alphabet, any case: FEN `K A B N R C P` or WXF `K A E H R C P`.
    pub const fn from_char(ch: char) -> Option<Role> {
        match ch.to_ascii_uppercase() {
            'K' => Some(Role::King),
            'A' => Some(Role::Advisor),
            'B' | 'E' => Some(Role::Elephant),
            'N' | 'H' => Some(Role::Horse),
            'R' => Some(Role::Rook),
            'C' => Some(Role::Cannon),
            'P' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// The lower-case English name, e.g. `horse`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }

    /// Whether this piece moves in straight lines (king, rook, cannon, pawn); the others (advisor, elephant,
    /// horse) move diagonally. Traditional notation writes a step count for straight movers and a file for
    /// diagonal movers.
    pub const fn moves_straight(self) -> bool {
        matches!(self, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
    }
}

impl fmt::Display for Role {
    /// Writes the FEN letter in upper case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.fen_char())
    }
}

/// A coloured piece.
///
/// ```
/// use xiangqi::board::{Color, Piece, Role};
///
/// let horse = Piece::new(Color::Black, Role::Horse);
/// assert_eq!(horse.fen_char(), 'n');
/// assert_eq!(Piece::from_fen_char('H'), Some(Piece::new(Color::Red, Role::Horse)));
/// assert_eq!(horse.chinese_char(), '馬');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A dense index 0..14: Red's roles 0..7, then Black's 7..14.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// The inverse of [`Piece::index`].
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index >= 14 {
            return None;
        }
        let color = if index < 7 { Color::Red } else { Color::Black };
        Some(Piece::new(color, Role::ALL[index % 7]))
    }

    /// The FEN letter: upper case for Red, lower case for Black (`K A B N R C P`).
    pub const fn fen_char(self) -> char {
        let ch = self.role.fen_char();
        match self.color {
            Color::Red => ch,
            Color::Black => ch.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter; `H`/`E` (and lower case) are accepted as synonyms of `N`/`B`.
    pub const fn from_fen_char(ch: char) -> Option<Piece> {
        let color = if ch.is_ascii_uppercase() { Color::Red } else { Color::Black };
        match Role::from_char(ch) {
            Some(role) => Some(Piece::new(color, role)),
            None => None,
        }
    }

    /// The traditional Chinese character: Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒.
    pub const fn chinese_char(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帥',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Horse) => '傌',
            (Color::Red, Role::Rook) => '俥',
            (Color::Red, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::King) => '將',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Horse) => '馬',
            (Color::Black, Role::Rook) => '車',
            (Color::Black, Role::Cannon) => '砲',
            (Color::Black, Role::Pawn) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    /// Writes the FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.fen_char())
    }
}

crate::parse_error! {
    /// The error of parsing a [`Piece`] or [`Role`] letter.
    pub struct ParsePieceError: "piece letter", "one of K A B N R C P (or E H), either case"
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// Reads a single FEN letter (see [`Piece::from_fen_char`]).
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Piece::from_fen_char(ch).ok_or(ParsePieceError::new(s)),
            _ => Err(ParsePieceError::new(s)),
        }
    }
}

impl FromStr for Role {
    type Err = ParsePieceError;

    /// Reads a single letter of either alphabet, any case (see [`Role::from_char`]).
    fn from_str(s: &str) -> Result<Role, ParsePieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Role::from_char(ch).ok_or(ParsePieceError::new(s)),
            _ => Err(ParsePieceError::new(s)),
        }
    }
}
