//! Reading and writing FEN.
//!
//! # What is read
//! ```text
//! rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
//! └──────────────────── board ────────────────────────────┘ │ │ │ │ └ full-move number (optional)
//!                                                           │ │ │ └── half-move clock (optional)
//!                                                           │ └─┴──── castling, en passant: `-` (optional)
//!                                                           └──────── side to move: w, b, or legacy r (Red)
//! ```
//! - **Board**: ten ranks from rank 9 (Black's back rank) down to rank 0, separated by `/`; in each rank, digits
//!   `1`–`9` count empty squares and letters are pieces, upper case Red and lower case Black. Letters are
//!   `K A B N R C P`; `E` (elephant) and `H` (horse) are accepted as synonyms of `B` and `N`. Each rank must
//!   describe exactly nine squares.
//! - **Side to move**: `w` or `r` for Red, `b` for Black (either case). It is required.
//! - **Castling and en passant**: xiangqi has neither; if present they must be `-`. Some writers leave them out
//!   and put the counters right after the side; that is accepted too.
//! - **Counters**: the half-move clock (plies since the last capture) and the full-move number. Both are
//!   optional (defaults 0 and 1). A full-move number of 0, written by some programs, is read as 1.
//!
//! Leading and trailing white space is ignored; fields are separated by spaces or tabs.
//!
//! # What is written
//! Canonical FEN: `w`/`b`, the letters `K A B N R C P`, `- -` for the unused fields, and both counters.
//!
//! ```
//! use xiangqi::board::{fen::FenField, Setup};
//!
//! let setup = Setup::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")?;
//! assert_eq!(setup, Setup::default());
//!
//! let err = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w").unwrap_err();
//! assert_eq!(err.field, FenField::Board);
//! assert_eq!(err.at, 58);
//! # Ok::<_, xiangqi::board::ParseFenError>(())
//! ```

use core::{fmt, num::NonZeroU32, str::FromStr};

use crate::{Board, Color, File, Piece, Rank, Setup, Square};

/// The field of a FEN where reading failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The piece placement.
    Board,
    /// The side to move.
    Turn,
    /// The castling field (always `-` in xiangqi).
    Castling,
    /// The en-passant field (always `-` in xiangqi).
    EnPassant,
    /// The half-move clock.
    Halfmoves,
    /// The full-move number.
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Turn => "side-to-move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en-passant",
            FenField::Halfmoves => "half-move clock",
            FenField::Fullmoves => "full-move number",
        })
    }
}

/// What was wrong in a FEN field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The field is missing.
    Missing,
    /// A byte that has no meaning here.
    UnexpectedByte(u8),
    /// A rank describes more than nine squares.
    RankTooLong,
    /// A rank describes fewer than nine squares.
    RankTooShort,
    /// The board does not have exactly ten ranks.
    WrongRankCount,
    /// The value is not one of the allowed ones (side to move, `-`).
    InvalidValue,
    /// The counter is not a decimal number that fits in 32 bits.
    InvalidNumber,
    /// Text follows the last field.
    TrailingData,
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenErrorKind::Missing => f.write_str("missing"),
            FenErrorKind::UnexpectedByte(byte) if byte.is_ascii_graphic() => {
                write!(f, "unexpected character `{}`", *byte as char)
            }
            FenErrorKind::UnexpectedByte(byte) => write!(f, "unexpected byte 0x{byte:02x}"),
            FenErrorKind::RankTooLong => f.write_str("rank longer than nine squares"),
            FenErrorKind::RankTooShort => f.write_str("rank shorter than nine squares"),
            FenErrorKind::WrongRankCount => f.write_str("not exactly ten ranks"),
            FenErrorKind::InvalidValue => f.write_str("invalid value"),
            FenErrorKind::InvalidNumber => f.write_str("invalid number"),
            FenErrorKind::TrailingData => f.write_str("unexpected text after the last field"),
        }
    }
}

/// The error of reading a FEN: which field, at which byte offset of the input, and what was wrong.
///
/// ```
/// use xiangqi::board::Setup;
///
/// assert_eq!(Setup::from_fen(" ").unwrap_err().to_string(), "invalid FEN: the board field is empty");
/// assert_eq!(
///     Setup::from_fen("9/9/9/9/9/9/9/9/9/9").unwrap_err().to_string(),
///     "invalid FEN: the side-to-move field is missing at byte 19"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub struct ParseFenError {
    /// The field where reading failed.
    pub field: FenField,
    /// The byte offset in the input where the problem is (the input's length when a field is missing).
    pub at: usize,
    /// What was wrong.
    pub kind: FenErrorKind,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ParseFenError { field, at, kind } = self;
        match (field, kind) {
            // The board is the first field: missing, it means the text holds nothing but white space.
            (FenField::Board, FenErrorKind::Missing) => f.write_str("invalid FEN: the board field is empty"),
            (_, FenErrorKind::Missing) => write!(f, "invalid FEN: the {field} field is missing at byte {at}"),
            _ => write!(f, "invalid FEN: {kind} in the {field} field at byte {at}"),
        }
    }
}

fn error(field: FenField, at: usize, kind: FenErrorKind) -> ParseFenError {
    ParseFenError { field, at, kind }
}

/// Splits `input` into white-space separated tokens with their byte offsets.
fn tokens(input: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut pos = 0;
    core::iter::from_fn(move || {
        while pos < input.len() && input[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos == input.len() {
            return None;
        }
        let start = pos;
        while pos < input.len() && !input[pos].is_ascii_whitespace() {
            pos += 1;
        }
        Some((start, &input[start..pos]))
    })
}

/// Reads the board field, which starts at byte `offset` of the input.
///
/// # Errors
/// A [`ParseFenError`] in the [`FenField::Board`] field.
pub fn parse_board(field: &[u8], offset: usize) -> Result<Board, ParseFenError> {
    let mut board = Board::empty();
    let mut rank = 9i32;
    let mut file = 0u32;
    let err = |i: usize, kind| error(FenField::Board, offset + i, kind);
    for (i, &byte) in field.iter().enumerate() {
        match byte {
            b'/' => {
                if file < 9 {
                    return Err(err(i, FenErrorKind::RankTooShort));
                }
                rank -= 1;
                file = 0;
                if rank < 0 {
                    return Err(err(i, FenErrorKind::WrongRankCount));
                }
            }
            b'1'..=b'9' => {
                file += u32::from(byte - b'0');
                if file > 9 {
                    return Err(err(i, FenErrorKind::RankTooLong));
                }
            }
            _ => {
                let piece = Piece::from_fen_char(byte as char)
                    .filter(|_| byte.is_ascii_alphabetic())
                    .ok_or(err(i, FenErrorKind::UnexpectedByte(byte)))?;
                let sq = match (File::new(file as usize), Rank::new(rank as usize)) {
                    (Some(f), Some(r)) => Square::from_coords(f, r),
                    _ => return Err(err(i, FenErrorKind::RankTooLong)),
                };
                board.set_piece_at(sq, piece);
                file += 1;
            }
        }
    }
    if file < 9 {
        return Err(err(field.len(), FenErrorKind::RankTooShort));
    }
    if rank != 0 {
        return Err(err(field.len(), FenErrorKind::WrongRankCount));
    }
    Ok(board)
}

fn parse_number(token: &[u8], at: usize, field: FenField) -> Result<u32, ParseFenError> {
    let invalid = error(field, at, FenErrorKind::InvalidNumber);
    if token.is_empty() || token.len() > 10 || !token.iter().all(u8::is_ascii_digit) {
        return Err(invalid);
    }
    token.iter().try_fold(0u32, |acc, &digit| {
        acc.checked_mul(10).and_then(|acc| acc.checked_add(u32::from(digit - b'0'))).ok_or(invalid)
    })
}

/// Reads a whole FEN (see the module docs for the accepted forms).
///
/// # Errors
/// A [`ParseFenError`] naming the field, the byte offset and the problem.
pub fn parse(input: &[u8]) -> Result<Setup, ParseFenError> {
    let mut tokens = tokens(input).peekable();
    let (board_at, board_field) = tokens.next().ok_or(error(FenField::Board, input.len(), FenErrorKind::Missing))?;
    let board = parse_board(board_field, board_at)?;

    let (turn_at, turn_field) = tokens.next().ok_or(error(FenField::Turn, input.len(), FenErrorKind::Missing))?;
    let turn = match turn_field {
        [byte] => Color::from_fen_char(*byte as char),
        _ => None,
    }
    .ok_or(error(FenField::Turn, turn_at, FenErrorKind::InvalidValue))?;

    let mut setup = Setup { board, turn, halfmoves: 0, fullmoves: NonZeroU32::MIN };

    // Castling and en passant: `-` each, both optional.
    if let Some(&(at, token)) = tokens.peek() {
        if token == b"-" {
            tokens.next();
            if let Some(&(_, b"-")) = tokens.peek() {
                tokens.next();
            }
        } else if !token.iter().all(u8::is_ascii_digit) {
            return Err(error(FenField::Castling, at, FenErrorKind::InvalidValue));
        }
    }
    if let Some((at, token)) = tokens.next() {
        setup.halfmoves = parse_number(token, at, FenField::Halfmoves)?;
    }
    if let Some((at, token)) = tokens.next() {
        let n = parse_number(token, at, FenField::Fullmoves)?;
        setup.fullmoves = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
    }
    if let Some((at, _)) = tokens.next() {
        return Err(error(FenField::Fullmoves, at, FenErrorKind::TrailingData));
    }
    Ok(setup)
}

/// Writes the board field of a FEN.
///
/// # Errors
/// Only those of the formatter.
pub fn write_board(f: &mut impl fmt::Write, board: &Board) -> fmt::Result {
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0u8;
        for file in File::ALL {
            match board.piece_at(Square::from_coords(file, *rank)) {
                Some(piece) => {
                    if empty > 0 {
                        f.write_char((b'0' + empty) as char)?;
                        empty = 0;
                    }
                    f.write_char(piece.fen_char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            f.write_char((b'0' + empty) as char)?;
        }
        if *rank != Rank::Zero {
            f.write_char('/')?;
        }
    }
    Ok(())
}

impl Setup {
    /// Reads a FEN (see [the `fen` module](crate::fen)).
    ///
    /// # Errors
    /// [`ParseFenError`] naming the field and the byte where reading failed.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        parse(fen.as_bytes())
    }

    /// Reads a FEN from bytes (see [the `fen` module](crate::fen)).
    ///
    /// # Errors
    /// [`ParseFenError`] naming the field and the byte where reading failed.
    pub fn from_ascii(fen: &[u8]) -> Result<Setup, ParseFenError> {
        parse(fen)
    }
}

impl fmt::Display for Setup {
    /// Writes canonical FEN: `w`/`b` for the side to move, `RNBAKCP` letters, `- -` for the unused castling and
    /// en-passant fields, then both counters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, &self.board)?;
        write!(f, " {} - - {} {}", self.turn.fen_char(), self.halfmoves, self.fullmoves)
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"")?;
        write_board(f, self)?;
        write!(f, "\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn start_round_trip() {
        let setup = Setup::from_fen(START).unwrap();
        assert_eq!(setup, Setup::default());
        assert_eq!(setup.to_string(), START);
    }

    #[test]
    fn short_and_legacy_forms() {
        let base = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        for suffix in [" w", " r", " W", "  w - -", " w 0 1", " w - - 0", "\tw - - 0 1  "] {
            let fen = alloc::format!("{base}{suffix}");
            assert_eq!(Setup::from_fen(&fen).unwrap(), Setup::default(), "{fen:?}");
        }
        let black = Setup::from_fen(&alloc::format!("{base} b - - 7 12")).unwrap();
        assert_eq!(black.turn, Color::Black);
        assert_eq!(black.halfmoves, 7);
        assert_eq!(black.fullmoves.get(), 12);
        let zero = Setup::from_fen(&alloc::format!("{base} b - - 0 0")).unwrap();
        assert_eq!(zero.fullmoves.get(), 1);
    }

    #[test]
    fn errors_name_field_and_byte() {
        let cases: &[(&str, FenField, usize, FenErrorKind)] = &[
            ("", FenField::Board, 0, FenErrorKind::Missing),
            ("9/9/9/9/9/9/9/9/9/9", FenField::Turn, 19, FenErrorKind::Missing),
            ("9/9/9/9/9/9/9/9/9/9 x", FenField::Turn, 20, FenErrorKind::InvalidValue),
            ("9/9/9/9/9/9/9/9/9/9 wb", FenField::Turn, 20, FenErrorKind::InvalidValue),
            ("9/9/9/9/9/9/9/9/9 w", FenField::Board, 17, FenErrorKind::WrongRankCount),
            ("9/9/9/9/9/9/9/9/9/9/9 w", FenField::Board, 19, FenErrorKind::WrongRankCount),
            ("9/9/9/9/8/9/9/9/9/9 w", FenField::Board, 9, FenErrorKind::RankTooShort),
            ("9/9/9/9/82/9/9/9/9/9 w", FenField::Board, 9, FenErrorKind::RankTooLong),
            ("9/9/9/9/9k/9/9/9/9/9 w", FenField::Board, 9, FenErrorKind::RankTooLong),
            ("9/9/9/9/9/9/9/9/9/4x4 w", FenField::Board, 19, FenErrorKind::UnexpectedByte(b'x')),
            ("9/9/9/9/9/9/9/9/9/0 w", FenField::Board, 18, FenErrorKind::UnexpectedByte(b'0')),
            ("9/9/9/9/9/9/9/9/9/9 w KQ", FenField::Castling, 22, FenErrorKind::InvalidValue),
            ("9/9/9/9/9/9/9/9/9/9 w - - x", FenField::Halfmoves, 26, FenErrorKind::InvalidNumber),
            ("9/9/9/9/9/9/9/9/9/9 w - - 1 99999999999", FenField::Fullmoves, 28, FenErrorKind::InvalidNumber),
            ("9/9/9/9/9/9/9/9/9/9 w - - 1 2 3", FenField::Fullmoves, 30, FenErrorKind::TrailingData),
        ];
        for &(fen, field, at, kind) in cases {
            let err = Setup::from_fen(fen).unwrap_err();
            assert_eq!((err.field, err.at, err.kind), (field, at, kind), "{fen:?}");
        }
        assert_eq!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 x").unwrap_err().to_string(),
            "invalid FEN: invalid value in the side-to-move field at byte 20"
        );
        assert_eq!(Setup::from_fen("").unwrap_err().to_string(), "invalid FEN: the board field is empty");
        assert_eq!(Setup::from_fen(" \t").unwrap_err().to_string(), "invalid FEN: the board field is empty");
        assert_eq!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 ").unwrap_err().to_string(),
            "invalid FEN: the side-to-move field is missing at byte 20"
        );
    }
}
