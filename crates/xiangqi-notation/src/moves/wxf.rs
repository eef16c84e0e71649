//! WXF letter notation: `C2.5`, `H8+7`, `R+.3`, `P5.6`, `++.6`, `4+.5` — and the letter dialects it is read
//! with.
//!
//! The rules, the options and every form read are documented on [`Wxf`].

use alloc::string::{String, ToString};

use core::{fmt, str::FromStr};

use xiangqi_board::{Color, Move, Position, Role};

use crate::{
    moves::cursor::Cursor,
    moves::describe::Described,
    moves::glyph,
    moves::motion::Direction,
    moves::resolve::{Pick, Query},
    moves::tandem::Which,
    MoveTextError, Script, SyntaxError,
};

/// Which WXF dialect to write; all three are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WxfDialect {
    /// The official notation of wxf.org: `H2+3`, `C2.5`, `P5.6` (middle of three), `++.6`, `4+.5`.
    #[default]
    Official,
    /// XQWizard's dialect: `N2+3`, `B7+5`, `P..6` (middle of three), `Pa.6` … `Pe.6` for the xqbase numbering
    /// 一…五.
    XqWizard,
    /// Fairy-Stockfish's (pyffish `get_san` with `NOTATION_XIANGQI_WXF`): `C2=5`, `25=6` (index on the file and
    /// the file) for a pawn with two or more others on its file or on one of two tandem files, and a pair on a
    /// file marked `+`/`-` only when the other piece's same step stays on the board (`H7-8` otherwise).
    FairyStockfish,
}

impl WxfDialect {
    /// All dialects, in declaration order.
    pub const ALL: [WxfDialect; 3] = [WxfDialect::Official, WxfDialect::XqWizard, WxfDialect::FairyStockfish];
}

/// How the text names the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Selector {
    /// `R2`: by file; for pawns, a file holding three or five means its middle one.
    File(u8),
    /// `R+`, `+R`: the front one of a pair or three, the second of four or five.
    Plus,
    /// `R-`, `-R`: the rear one of a pair or three, the last but one of four or five.
    Minus,
    /// `++`: the front pawn of four or five.
    Foremost,
    /// `--`: the rear pawn of four or five.
    Rearmost,
    /// `Pa` … `Pe`: the xqbase combined numbering (XQWizard), from 1.
    Index(u8),
    /// `P.`: the middle pawn of three (XQWizard).
    Middle,
    /// `3+`: the front pawn on file 3 (rule IV).
    FilePlus(u8),
    /// `3-`: the rear pawn on file 3 (rule IV).
    FileMinus(u8),
    /// `33`: the middle pawn on file 3 (rule IV) — or, before `+`/`-`, possibly Fairy-Stockfish's third pawn.
    FileMiddle(u8),
    /// `25=`: Fairy-Stockfish's second pawn (from the front) on file 5.
    IndexOnFile { index: u8, file: u8 },
}

/// The letters and glyphs a text is written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Letters {
    /// K A E H R C P.
    Wxf,
    /// K A B N R C P.
    XqWizard,
    /// Chinese piece names of a side, in a script (AXF).
    Chinese(Color, Script),
}

impl Letters {
    fn piece(self, role: Role) -> char {
        match self {
            Letters::Wxf => role.wxf_char(),
            Letters::XqWizard => role.fen_char(),
            Letters::Chinese(color, script) => glyph::piece(color, role, script),
        }
    }
}

/// A move in WXF letter notation: the syntax, without a position.
///
/// `FromStr` reads all the dialects described below; `Display` writes official WXF (letters
/// `K A E H R C P`, `.` for sideways moves — except after Fairy-Stockfish's two-digit pawn index, which keeps its
/// `=`). [`Wxf::to_move`] finds the move in a position; [`Wxf::from_move`] writes one.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::Wxf;
///
/// let pos = Position::new();
/// for text in ["H2+3", "N2+3", "h2+3", "Ｈ２＋３", "马2+3"] {
///     let wxf: Wxf = text.parse()?;
///     assert_eq!(wxf.to_string(), "H2+3");
///     assert_eq!(wxf.to_move(&pos)?.to_string(), "h0g2");
/// }
/// assert_eq!(Wxf::from_move(&pos, "h2e2".parse()?)?.to_string(), "C2.5");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// **Writing** ([`WxfDialect::Official`], wxf.org "WXF notation"): letter (K A E H R C P), the file
/// counted from the mover's right, an operator (`+` forward, `-` backward, `.` sideways), then steps or the
/// destination file as in Chinese notation. Two pieces of a kind on a file replace the file digit by `+` (front)
/// or `-` (rear): `R+.3`, `C--1`. Advisors and elephants are always written by file (`A6+5`, `E7-5`). Pawns:
/// - WXF rule I, three on a file: `P+`, the middle one by its file (`P5`), `P-`;
/// - rule II, four on a file: `++`, `P+`, `P-`, `--`;
/// - rule III, five on a file: `++`, `P+`, `P<file>`, `P-`, `--`;
/// - rule IV, tandem pawns on two files: the file digit replaces the letter: `3+`, `33` (the middle of three),
///   `3-`, `7+`, `7-`.
///
/// Two other dialects can be written ([`WxfDialect`]): XQWizard's (letters `N`/`B`; the xqbase numbering as
/// `P+ P. P-` and `Pa`…`Pe`) and Fairy-Stockfish's (`=` for sideways; a pawn with two or more others on its
/// file, or on one of two tandem files, is written as its index on the file and the file, `25=6`; a pair on a
/// file is marked `+`/`-` only where the file form could fit the other piece too).
///
/// **Reading** accepts all of them, and AXF's international notation ([`Axf`](crate::Axf)): letters in either
/// case, `B`/`N`, Chinese piece names (`车2+6`), full-width characters (`Ｃ２＝５`), `=` and `·` for `.`, the sign
/// before the letter (`+P+1`, `＋Ｐ＋１`), XQWizard's `Pa`…`Pe` and `P..4`, Fairy-Stockfish's indexes, and no
/// operator at all (`C25`, `炮2 5`: the AXF shorthand, resolved by the board).
///
/// Two leading digits are read by the operator that follows them:
/// - with `=` they are Fairy-Stockfish's pawn index and file: `25=6` is the second pawn on file 5;
/// - with `.` (or `·`) they are the official file digit of rule IV followed by the ordinary file of the middle
///   pawn, so both digits must be equal: `33.4` is the middle pawn of file 3, and `25.6` is an error;
/// - with `+` or `-`, different digits (`15+1`) can only be Fairy-Stockfish's; equal digits (`33+1`) are the
///   official middle pawn when two files hold tandem pawns and file 3 holds three of them, and Fairy-Stockfish's
///   index otherwise. In that one configuration Fairy-Stockfish would write `11±n` and `33±n` for the front and
///   rear pawn, which this reader takes for the middle pawn: the official meaning wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wxf {
    role: Role,
    selector: Selector,
    direction: Option<Direction>,
    number: u8,
}

impl Wxf {
    /// The role of the piece (the forms without a letter, `++` or `3+`, are pawns).
    pub const fn role(&self) -> Role {
        self.role
    }

    /// The direction; `None` for the shorthand without an operator (`C25`).
    pub const fn direction(&self) -> Option<Direction> {
        self.direction
    }

    /// The last number: steps, or the destination file (1–9).
    pub const fn number(&self) -> u8 {
        self.number
    }

    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    /// [`MoveTextError::NoSuchPiece`] if the side to move has no piece the text names,
    /// [`MoveTextError::NoLegalMove`] if none of them can make the move, [`MoveTextError::Ambiguous`] if more than
    /// one legal move fits.
    ///
    /// ```
    /// use xiangqi::board::Position;
    /// use xiangqi::notation::Wxf;
    ///
    /// // Three red pawns on file 5: the official, XQWizard and Fairy-Stockfish names of the middle one.
    /// let pos = Position::from_fen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w")?;
    /// for text in ["P5.6", "P..6", "25=6", "Ｐ５．６"] {
    ///     assert_eq!(text.parse::<Wxf>()?.to_move(&pos)?.to_string(), "e6d6");
    /// }
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveTextError> {
        self.resolve_named(pos, || self.to_string())
    }

    /// [`Wxf::to_move`], with errors naming the text as `name` writes it.
    pub(crate) fn resolve_named(&self, pos: &Position, name: impl FnOnce() -> String) -> Result<Move, MoveTextError> {
        let sideways_or_none = matches!(self.direction, Some(Direction::Sideways) | None);
        let pick = match self.selector {
            Selector::File(file) => Pick::File { file, middle_of_odd: self.role == Role::Pawn },
            Selector::Plus => Pick::Tandem(Which::Plus),
            Selector::Minus => Pick::Tandem(Which::Minus),
            Selector::Foremost => Pick::Tandem(Which::Front),
            Selector::Rearmost => Pick::Tandem(Which::Rear),
            Selector::Index(n) => Pick::InGroup(usize::from(n).saturating_sub(1)),
            Selector::Middle => Pick::Tandem(Which::Middle),
            Selector::FilePlus(file) => Pick::OnFile { file, which: Which::Plus },
            Selector::FileMinus(file) => Pick::OnFile { file, which: Which::Minus },
            Selector::FileMiddle(file) if sideways_or_none => Pick::File { file, middle_of_odd: true },
            Selector::FileMiddle(file) => Pick::MiddleOrIndex(file),
            Selector::IndexOnFile { index, file } => Pick::OnFile { file, which: Which::Nth(index) },
        };
        let query = Query { role: Some(self.role), pick, direction: self.direction, number: self.number };
        query.resolve(pos).map_err(|failure| failure.into_error(name()))
    }

    /// The legal move `mv` of `pos` in official WXF notation.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
    pub fn from_move(pos: &Position, mv: Move) -> Result<Wxf, MoveTextError> {
        Wxf::from_move_in(pos, mv, WxfDialect::Official)
    }

    /// The legal move `mv` of `pos` as `dialect` names its piece. Write it with
    /// [`to_string_in`](Wxf::to_string_in) to get that dialect's letters and operators too.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
    ///
    /// ```
    /// use xiangqi::board::Position;
    /// use xiangqi::notation::{Wxf, WxfDialect};
    ///
    /// // Pawns on f8 f6 d8 d6 e7: tandem pawns on two files (WXF rule IV).
    /// let pos = Position::from_fen("4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w")?;
    /// let mv = "d8e8".parse()?;
    /// let written = WxfDialect::ALL.map(|d| Wxf::from_move_in(&pos, mv, d).unwrap().to_string_in(d));
    /// assert_eq!(written, ["6+.5", "Pc.5", "16=5"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move_in(pos: &Position, mv: Move, dialect: WxfDialect) -> Result<Wxf, MoveTextError> {
        let described = Described::of(pos, mv)?;
        let selector = if described.by_file() {
            Selector::File(described.standing.file)
        } else {
            match dialect {
                WxfDialect::Official => official(&described),
                WxfDialect::XqWizard => xqwizard(&described),
                WxfDialect::FairyStockfish => fairy_stockfish(&described),
            }
        };
        Ok(Wxf {
            role: described.piece.role,
            selector,
            direction: Some(described.motion.direction),
            number: described.motion.number,
        })
    }

    /// The text with the letters and sideways operator of `dialect` (`H`/`E` and `.` for the official dialect,
    /// `N`/`B` and `.` for XQWizard's, `H`/`E` and `=` for Fairy-Stockfish's).
    pub fn to_string_in(&self, dialect: WxfDialect) -> String {
        let (letters, sideways) = match dialect {
            WxfDialect::Official => (Letters::Wxf, '.'),
            WxfDialect::XqWizard => (Letters::XqWizard, '.'),
            WxfDialect::FairyStockfish => (Letters::Wxf, '='),
        };
        self.text_with(letters, sideways)
    }

    /// The text with `letters`, and `sideways` as the sideways operator.
    pub(crate) fn text_with(&self, letters: Letters, sideways: char) -> String {
        let mut text = String::with_capacity(8);
        // Writing to a String cannot fail.
        let _ = self.write(&mut text, letters, sideways);
        text
    }

    fn write(&self, out: &mut impl fmt::Write, letters: Letters, sideways: char) -> fmt::Result {
        let digit = |n: u8| glyph::numeral(n, glyph::Numerals::HalfWidth);
        let letter = letters.piece(self.role);
        let (first, second) = match self.selector {
            Selector::File(file) => (letter, digit(file)),
            Selector::Plus => (letter, '+'),
            Selector::Minus => (letter, '-'),
            Selector::Foremost => ('+', '+'),
            Selector::Rearmost => ('-', '-'),
            Selector::Index(n) => (letter, char::from(b'a' + n.clamp(1, 26) - 1)),
            Selector::Middle => (letter, '.'),
            Selector::FilePlus(file) => (digit(file), '+'),
            Selector::FileMinus(file) => (digit(file), '-'),
            Selector::FileMiddle(file) => (digit(file), digit(file)),
            Selector::IndexOnFile { index, file } => (digit(index), digit(file)),
        };
        out.write_char(first)?;
        out.write_char(second)?;
        let operator = match self.direction {
            Some(Direction::Forward) => '+',
            Some(Direction::Backward) => '-',
            // After two digits the sideways operator tells the dialects apart, so it cannot follow the style.
            Some(Direction::Sideways) => match self.selector {
                Selector::IndexOnFile { .. } => '=',
                Selector::FileMiddle(_) if sideways == '=' => '.',
                _ => sideways,
            },
            None => ' ',
        };
        out.write_char(operator)?;
        out.write_char(digit(self.number))
    }
}

/// WXF rules I–IV (wxf.org).
fn official(described: &Described) -> Selector {
    let standing = &described.standing;
    let (index, count) = (standing.index_in_file, standing.count_in_file);
    if standing.tandem_files >= 2 {
        let file = standing.file;
        return match index {
            0 => Selector::FilePlus(file),
            _ if index + 1 == count => Selector::FileMinus(file),
            _ => Selector::FileMiddle(file),
        };
    }
    let by_file = Selector::File(standing.file);
    let marks: &[Selector] = match count {
        2 => &[Selector::Plus, Selector::Minus],
        3 => &[Selector::Plus, by_file, Selector::Minus],
        4 => &[Selector::Foremost, Selector::Plus, Selector::Minus, Selector::Rearmost],
        _ => &[Selector::Foremost, Selector::Plus, by_file, Selector::Minus, Selector::Rearmost],
    };
    marks.get(index).copied().unwrap_or(by_file)
}

/// XQWizard: the xqbase words as `+ . -` and `a`…`e`.
fn xqwizard(described: &Described) -> Selector {
    let standing = &described.standing;
    match (standing.count_in_group, standing.index_in_group) {
        (2 | 3, 0) => Selector::Plus,
        (3, 1) => Selector::Middle,
        (2 | 3, _) => Selector::Minus,
        (_, index) => Selector::Index(index as u8 + 1),
    }
}

/// Fairy-Stockfish (`apiutil.h`, checked against pyffish 0.0.90): index form for pawns among three or more or on
/// two tandem files; for a pair, `+`/`-` only when the partner's same step stays on the board.
fn fairy_stockfish(described: &Described) -> Selector {
    let standing = &described.standing;
    if described.piece.role == Role::Pawn && (standing.count_in_file >= 3 || standing.tandem_files >= 2) {
        return Selector::IndexOnFile { index: standing.index_in_file as u8 + 1, file: standing.file };
    }
    let mv = described.mv;
    let file_change = mv.to.file().index() as i32 - mv.from.file().index() as i32;
    let rank_change = mv.to.rank().index() as i32 - mv.from.rank().index() as i32;
    let partner_fits = standing.partner.and_then(|partner| partner.offset(file_change, rank_change)).is_some();
    match (partner_fits, standing.index_in_file) {
        (true, 0) => Selector::Plus,
        (true, _) => Selector::Minus,
        (false, _) => Selector::File(standing.file),
    }
}

impl fmt::Display for Wxf {
    /// Writes official WXF: letters `K A E H R C P`, `.` for sideways moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Letters::Wxf, '.')
    }
}

impl FromStr for Wxf {
    type Err = SyntaxError;

    /// Reads any dialect (see [`Wxf`]).
    fn from_str(text: &str) -> Result<Wxf, SyntaxError> {
        parse(text).map(|(wxf, _)| wxf)
    }
}

/// A piece letter or Chinese piece name, and the side a Chinese name belongs to.
fn read_piece(ch: char) -> Option<(Role, Option<Color>)> {
    match glyph::narrow(ch) {
        ch @ ('K' | 'A' | 'E' | 'B' | 'H' | 'N' | 'R' | 'C' | 'P' | 'k' | 'a' | 'e' | 'b' | 'h' | 'n' | 'r' | 'c'
        | 'p') => Role::from_char(ch).map(|role| (role, None)),
        ch => glyph::read_piece(ch),
    }
}

fn read_digit(ch: char) -> Option<u8> {
    glyph::narrow(ch).to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

fn read_sign(ch: char) -> Option<Direction> {
    match glyph::narrow(ch) {
        '+' => Some(Direction::Forward),
        '-' => Some(Direction::Backward),
        _ => None,
    }
}

/// The operator, and whether it was `=` (which, after two digits, marks Fairy-Stockfish's index).
fn read_operator(ch: char) -> Option<(Direction, bool)> {
    match glyph::narrow(ch) {
        '.' => Some((Direction::Sideways, false)),
        '=' => Some((Direction::Sideways, true)),
        ch if glyph::is_middle_dot(ch) => Some((Direction::Sideways, false)),
        ch => read_sign(ch).map(|direction| (direction, false)),
    }
}

/// `plus` for a `+`, `minus` for a `-`.
fn by_sign(sign: Direction, plus: Selector, minus: Selector) -> Selector {
    if sign == Direction::Forward {
        plus
    } else {
        minus
    }
}

/// Reads a letter-notation text: the value, and the side of its Chinese piece name if it has one (for AXF).
pub(crate) fn parse(text: &str) -> Result<(Wxf, Option<Color>), SyntaxError> {
    let mut cursor = Cursor::new(text, 0);
    let mut side = None;
    let mut role = Role::Pawn;
    // Two leading digits: the first, the second, and where the second stands (for an error).
    let mut digits = None;
    let selector = if let Some(sign) = cursor.peek().and_then(read_sign) {
        cursor.bump();
        if cursor.take(|ch| (read_sign(ch) == Some(sign)).then_some(())).is_some() {
            by_sign(sign, Selector::Foremost, Selector::Rearmost)
        } else {
            let (read, color) = cursor.expect("a piece letter or a second sign (++ --)", read_piece)?;
            (role, side) = (read, color);
            by_sign(sign, Selector::Plus, Selector::Minus)
        }
    } else if let Some(first) = cursor.take(read_digit) {
        if let Some(sign) = cursor.take(read_sign) {
            by_sign(sign, Selector::FilePlus(first), Selector::FileMinus(first))
        } else {
            let at = (cursor.offset(), cursor.peek());
            let second = cursor.expect("a second digit, + or - after a leading file digit", read_digit)?;
            digits = Some((first, second, at));
            Selector::FileMiddle(first)
        }
    } else {
        let (read, color) = cursor.expect("a piece letter (K A E H R C P), a file digit, + or -", read_piece)?;
        (role, side) = (read, color);
        if let Some(file) = cursor.take(read_digit) {
            Selector::File(file)
        } else if let Some(sign) = cursor.take(read_sign) {
            by_sign(sign, Selector::Plus, Selector::Minus)
        } else if let Some(index) = cursor.take(|ch| match glyph::narrow(ch) {
            ch @ 'a'..='e' => Some(ch as u8 - b'a' + 1),
            ch @ 'A'..='E' => Some(ch as u8 - b'A' + 1),
            _ => None,
        }) {
            Selector::Index(index)
        } else if role == Role::Pawn && cursor.take(|ch| (glyph::narrow(ch) == '.').then_some(())).is_some() {
            Selector::Middle
        } else {
            return Err(cursor.error("a file digit, + or - after the piece"));
        }
    };
    cursor.skip_space();
    let operator = cursor.take(read_operator);
    cursor.skip_space();
    let selector = match (digits, operator) {
        (None, _) => selector,
        (Some((index, file, _)), Some((_, true))) => Selector::IndexOnFile { index, file },
        (Some((first, second, _)), Some((Direction::Sideways, false))) if first == second => {
            Selector::FileMiddle(first)
        }
        (Some((_, _, (at, found))), Some((Direction::Sideways, false))) => {
            let expected = "the same digit again before `.` (33.4), or `=` after an index (25=6)";
            return Err(SyntaxError::new(at, expected, found));
        }
        (Some((first, second, _)), Some(_)) if first == second => Selector::FileMiddle(first),
        (Some((index, file, _)), Some(_)) => Selector::IndexOnFile { index, file },
        (Some(_), None) => return Err(cursor.error("an operator (+ - . =)")),
    };
    let direction = match (operator, selector) {
        (Some((direction, _)), _) => Some(direction),
        (None, Selector::File(_)) => None,
        (None, _) => return Err(cursor.error("an operator (+ - . =)")),
    };
    let number = cursor.expect("a number 1-9", read_digit)?;
    cursor.finish()?;
    Ok((Wxf { role, selector, direction, number }, side))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads_as(text: &str, canonical: &str) {
        let wxf: Wxf = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(wxf.to_string(), canonical, "{text}");
        assert_eq!(canonical.parse::<Wxf>(), Ok(wxf), "{canonical}");
    }

    #[test]
    fn dialects_read_to_their_canonical_form() {
        reads_as("C2.5", "C2.5");
        reads_as("C2=5", "C2.5");
        reads_as("C2·5", "C2.5");
        reads_as("Ｃ２＝５", "C2.5");
        reads_as("c2.5", "C2.5");
        reads_as("N2+3", "H2+3");
        reads_as("B7+5", "E7+5");
        reads_as("炮2=5", "C2.5");
        reads_as("車2+6", "R2+6");
        reads_as("+P+1", "P++1");
        reads_as("＋Ｐ＋１", "P++1");
        reads_as("-C-2", "C--2");
        reads_as("++.6", "++.6");
        reads_as("--=4", "--.4");
        reads_as("Pa.5", "Pa.5");
        reads_as("PD.5", "Pd.5");
        reads_as("P..4", "P..4");
        reads_as("4+.5", "4+.5");
        reads_as("33.4", "33.4");
        reads_as("33+1", "33+1");
        reads_as("25=6", "25=6");
        reads_as("33=4", "33=4");
        reads_as("15+1", "15+1");
        reads_as("C25", "C2 5");
        reads_as("炮2 5", "C2 5");
        reads_as("C2 . 5", "C2.5");
    }

    #[test]
    fn index_digits_and_file_digits_are_told_apart_by_the_operator() {
        let selector = |text: &str| text.parse::<Wxf>().map(|wxf| wxf.selector);
        assert_eq!(selector("25=6"), Ok(Selector::IndexOnFile { index: 2, file: 5 }));
        assert_eq!(selector("33.2"), Ok(Selector::FileMiddle(3)));
        assert_eq!(selector("33=2"), Ok(Selector::IndexOnFile { index: 3, file: 3 }));
        assert_eq!(selector("15+1"), Ok(Selector::IndexOnFile { index: 1, file: 5 }));
        assert_eq!(selector("33-1"), Ok(Selector::FileMiddle(3)));
        assert_eq!(
            selector("25.6"),
            Err(SyntaxError::new(1, "the same digit again before `.` (33.4), or `=` after an index (25=6)", Some('5')))
        );
    }

    #[test]
    fn syntax_errors_say_where_and_what() {
        let err = |text: &str| text.parse::<Wxf>().unwrap_err();
        assert_eq!(err(""), SyntaxError::new(0, "a piece letter (K A E H R C P), a file digit, + or -", None));
        assert_eq!(err("X2.5"), SyntaxError::new(0, "a piece letter (K A E H R C P), a file digit, + or -", Some('X')));
        assert_eq!(err("C.5"), SyntaxError::new(1, "a file digit, + or - after the piece", Some('.')));
        assert_eq!(err("C2.0"), SyntaxError::new(3, "a number 1-9", Some('0')));
        assert_eq!(err("C2.5+"), SyntaxError::new(4, "the end of the move", Some('+')));
        assert_eq!(err("+X"), SyntaxError::new(1, "a piece letter or a second sign (++ --)", Some('X')));
        assert_eq!(err("C+5"), SyntaxError::new(2, "an operator (+ - . =)", Some('5')));
        assert_eq!(err("3x"), SyntaxError::new(1, "a second digit, + or - after a leading file digit", Some('x')));
        assert_eq!(err("Ｃ２"), SyntaxError::new(6, "a number 1-9", None));
    }
}
