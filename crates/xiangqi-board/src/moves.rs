//! [`Move`] and the stack-allocated [`MoveList`].

use core::{fmt, ops::Deref, str::FromStr};

use crate::Square;

/// A move from one square to another. Captures are implied by the board.
///
/// `Display` and `FromStr` use the UCCI coordinate form with ranks 0–9, as Pikafish does (`h2e2`). The
/// notation crate reads and writes the other forms (upper-case ICCS `H2-E2`, Fairy-Stockfish ranks 1–10,
/// Chinese, WXF).
///
/// ```
/// use xiangqi::board::{Move, Square};
///
/// let mv: Move = "h2e2".parse()?;
/// assert_eq!(mv, Move::new(Square::H2, Square::E2));
/// assert_eq!(mv.to_string(), "h2e2");
/// # Ok::<_, xiangqi::board::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece arrives on.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The move mirrored left to right.
    pub const fn flip_files(self) -> Move {
        Move::new(self.from.flip_file(), self.to.flip_file())
    }

    /// The move seen with the board turned half around (see [`Square::rotate`]).
    pub const fn rotate(self) -> Move {
        Move::new(self.from.rotate(), self.to.rotate())
    }

    /// The move packed in 14 bits: the origin's square index in bits 0–6, the target's in bits 7–13.
    ///
    /// ```
    /// use xiangqi::board::{Move, Square};
    ///
    /// let mv = Move::new(Square::H2, Square::E2);
    /// assert_eq!(mv.to_u16(), 25 | 22 << 7);
    /// assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    /// assert_eq!(Move::from_u16(90), None); // no square 90
    /// ```
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.from as u16 | (self.to as u16) << 7
    }

    /// The move packed by [`Move::to_u16`], or `None` if a 7-bit field is not a square index (0–89) or a bit
    /// above bit 13 is set.
    #[inline]
    pub const fn from_u16(packed: u16) -> Option<Move> {
        if packed >> 14 != 0 {
            return None;
        }
        match (Square::new((packed & 0x7f) as usize), Square::new((packed >> 7) as usize)) {
            (Some(from), Some(to)) => Some(Move::new(from, to)),
            _ => None,
        }
    }

    /// Reads the coordinate form with ranks 0–9: UCCI `h2e2` or ICCS `H2-E2` (letters in either case, the
    /// hyphen optional). The form `Display` writes is `h2e2`.
    ///
    /// ```
    /// use xiangqi::board::{Move, Square};
    ///
    /// let mv = Move::new(Square::H2, Square::E2);
    /// assert_eq!(Move::from_ascii(b"h2e2"), Ok(mv));
    /// assert_eq!(Move::from_ascii(b"H2-E2"), Ok(mv));
    /// assert_eq!("h2-e2".parse(), Ok(mv));
    /// let err = Move::from_ascii(b"h2").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid move `h2`: expected two squares such as `h2e2` or `H2-E2` (other notations: notation::format::parse_any)");
    /// ```
    ///
    /// # Errors
    /// [`ParseMoveError`] unless the input is two squares, written back to back or with a hyphen between them.
    pub const fn from_ascii(s: &[u8]) -> Result<Move, ParseMoveError> {
        let to = match s.len() {
            4 => 2,
            5 if s[2] == b'-' => 3,
            _ => return Err(ParseMoveError::from_bytes(s)),
        };
        match (Square::from_ascii(&[s[0], s[1]]), Square::from_ascii(&[s[to], s[to + 1]])) {
            (Ok(from), Ok(to)) => Ok(Move::new(from, to)),
            _ => Err(ParseMoveError::from_bytes(s)),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

crate::parse_error! {
    /// The error of parsing a [`Move`] in coordinate form (`h2e2`, or ICCS `H2-E2`). Other notations (Chinese
    /// `炮二平五`, WXF `C2.5`, …) are read in a position by the notation crate (`xiangqi::notation::format::parse_any`).
    pub struct ParseMoveError: "move", "two squares such as `h2e2` or `H2-E2` (other notations: notation::format::parse_any)"
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_ascii(s.as_bytes())
    }
}

/// The capacity of a [`MoveList`]. No position reachable under [`Position`](crate::Position)'s checks has more
/// moves: the full set has at most 2×17 rook, 2×17 cannon, 2×8 horse, 4 king, 2×4 advisor, 2×4 elephant and 5×3
/// pawn moves, 119 in all.
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack; move generation never allocates.
///
/// It dereferences to a slice, so all slice methods work on it.
///
/// ```
/// use xiangqi::board::Position;
///
/// let moves = Position::new().legal_moves();
/// assert_eq!(moves.len(), 44);
/// assert!(moves.iter().any(|mv| mv.to_string() == "h2e2"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { moves: [Move::new(Square::A0, Square::A0); MAX_MOVES], len: 0 }
    }

    /// Appends a move. A move beyond [`MAX_MOVES`] is dropped (this cannot happen for positions built by
    /// [`Position::from_setup`](crate::Position::from_setup)).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `keep` returns `true`, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = core::iter::Take<core::array::IntoIter<Move, MAX_MOVES>>;

    /// The moves by value, in order.
    ///
    /// ```
    /// use xiangqi::board::{Move, Position};
    ///
    /// let moves: Vec<Move> = Position::new().legal_moves().into_iter().collect();
    /// assert_eq!(moves.len(), 44);
    /// ```
    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter().take(self.len)
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(iter);
        list
    }
}
