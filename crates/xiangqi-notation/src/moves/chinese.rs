//! Traditional Chinese notation (纵线记谱): 炮二平五, 马8进7, 前炮退二, 一兵平五.
//!
//! The rules, the options and every form read are documented on [`Chinese`].

use alloc::string::{String, ToString};

use core::{fmt, str::FromStr};

use xiangqi_board::{Color, Move, Position, Role};

use crate::{
    moves::cursor::Cursor,
    moves::describe::Described,
    moves::glyph::{self, Numerals, Script},
    moves::motion::Direction,
    moves::resolve::{Pick, Query},
    moves::tandem::Which,
    MoveTextError, SyntaxError,
};

/// How Black's file and step numbers are written in Chinese notation; Red's are always 一…九.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlackDigits {
    /// `1`…`9`, as the xqbase specification prints them.
    #[default]
    HalfWidth,
    /// `１`…`９`, as XQWizard and cchess write them.
    FullWidth,
}

/// How [`Chinese::from_move_with`] names a piece that shares its file with others of its kind (炮 and 炮 on file
/// 七). Advisors and elephants are always named by their file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TandemNames {
    /// By its place among them, always: 前炮进二, 后兵平四, 二兵平六 (the xqbase rules).
    #[default]
    Position,
    /// By its file when it is the only one of them that can make the move, else by its place: 炮七进二 when the
    /// rear cannon cannot step forward two, 前炮平六 when both could move to file 六. About half of the Chinese
    /// Practical Dataset (CCPD) is written so; every reader of this crate reads both forms.
    FileWhenUnique,
}

/// A position word: 前 中 后 or 一…五.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Word {
    Front,
    Middle,
    Rear,
    /// 一…五, from 1.
    Nth(u8),
}

impl Word {
    fn read(ch: char, numerals_too: bool) -> Option<Word> {
        match ch {
            '前' => Some(Word::Front),
            '中' => Some(Word::Middle),
            '后' | '後' => Some(Word::Rear),
            // 一…五, and — as cchess writes them for Black — １…５ and 1…5.
            _ if numerals_too => match glyph::read_numeral(ch) {
                Some((n @ 1..=5, _)) => Some(Word::Nth(n)),
                _ => None,
            },
            _ => None,
        }
    }

    fn char(self, script: Script) -> char {
        match (self, script) {
            (Word::Front, _) => '前',
            (Word::Middle, _) => '中',
            (Word::Rear, Script::Simplified) => '后',
            (Word::Rear, Script::Traditional) => '後',
            (Word::Nth(n), _) => glyph::numeral(n, Numerals::Chinese),
        }
    }

    const fn which(self) -> Which {
        match self {
            Word::Front => Which::Front,
            Word::Middle => Which::Middle,
            Word::Rear => Which::Rear,
            Word::Nth(n) => Which::Nth(n),
        }
    }

    /// The xqbase word for the piece at `index` of a combined list of `count` (rule 5).
    fn xqbase(index: usize, count: usize) -> Word {
        match (count, index) {
            (2, 0) | (3, 0) => Word::Front,
            (3, 1) => Word::Middle,
            (2, _) | (3, _) => Word::Rear,
            _ => Word::Nth(index as u8 + 1),
        }
    }
}

/// How the text names the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Selector {
    /// By its file: 炮二.
    File(u8),
    /// By a position word alone: 前炮, 中兵, 三兵.
    Word(Word),
    /// By a position word on a file: 前兵四 (five characters), 前四 / 二7 (东萍).
    WordOnFile(Word, u8),
}

/// A move in traditional Chinese notation: the syntax, without a position.
///
/// `FromStr` reads every variant described below; `Display` writes the xqbase form
/// in simplified characters, with Chinese numerals if the text was Red's and half-width digits if it was Black's
/// (see [`Chinese::color`]). [`Chinese::to_move`] finds the move in a position; [`Chinese::from_move`] writes one.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{BlackDigits, Chinese, Script};
///
/// let pos = Position::new();
/// let text: Chinese = "傌二進三".parse()?;
/// assert_eq!(text.to_string(), "马二进三");
/// let mv = text.to_move(&pos)?;
/// assert_eq!(mv.to_string(), "h0g2");
///
/// let pos = pos.play(mv)?;
/// let reply = Chinese::from_move(&pos, "h9g7".parse()?)?;
/// assert_eq!(reply.to_string(), "马8进7");
/// assert_eq!(reply.to_string_with(Script::Traditional, BlackDigits::FullWidth), "馬８進７");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// **Writing** follows the xqbase rules (中国象棋电脑应用规范(二)：着法表示 §四, as XQWizard writes them,
/// eleeye `cchess.cpp` Move2File):
/// 1. piece, file, direction, number: the file is counted from the mover's right (Red 一…九, Black 1…9); 进
///    forward, 退 backward, 平 sideways; a straight mover (帅 车 炮 兵) writes steps when it goes 进/退 and the
///    destination file when it goes 平, a diagonal mover (仕 相 马) always writes the destination file (AXF 2008
///    第二章第三节);
/// 2. two chariots, horses, cannons or pawns on one file are 前X / 后X and the file is dropped (前炮退二);
/// 3. advisors and elephants never take 前/后: 仕六退五 / 仕六进五;
/// 4. three pawns on a file are 前/中/后; four or five are 一…五, front to back;
/// 5. when two files each hold two or more pawns, all of those pawns are numbered 一…五 in one list, files from
///    the mover's right, front to back within a file; a pawn alone on its file keeps the plain form. The size of
///    the list picks the words: 2 → 前后, 3 → 前中后, 4 or 5 → 一二三四五.
///
/// Options ([`Script`], [`BlackDigits`]): simplified 帅仕相马车炮兵 / 将士象马车炮卒 with 进 后, or traditional
/// 帥仕相馬車炮兵 / 將士象馬車炮卒 with 進 後 (XQWizard's tables); half-width or full-width digits for Black.
///
/// **Reading** accepts every variant in use (xqbase, XQWizard, vschess/东萍, cchess, the AXF 2008 and 1956 rules,
/// Wikipedia), whatever side is to move: a reader must not tie a digit style or a piece character to a side, the
/// position decides whose files are meant. It accepts:
/// - pieces 帅帥将將 仕士 相象 马馬傌㐷 车車俥硨 炮砲包 兵卒; directions 进進上 退下 平 (上/下 from the 1956
///   rules); numbers 一…九, 1–9, １–９, 壹…玖;
/// - the five-character form 前兵四平五 and the 东萍 form 前四平五 / 二7平6 (the word counts on the given file);
/// - the Wikipedia form 前/二/三/后 for four pawns on a file (前 is the first, 后 the last), also with the
///   position numbers in Black's digits as cchess writes them (２卒平３);
/// - the AXF order 炮前平五 and the AXF shorthand without a direction, 炮2 5 / 马8 7 / 前炮2 5 (AXF 2008
///   第二章第三节 三, 五), where the number may be a destination file or a step count — the board decides.
///
/// A position word without a file (前兵) means, when several files hold tandem pieces, the front piece of any of
/// them; if that fits more than one legal move the text is reported as ambiguous rather than guessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chinese {
    color: Color,
    role: Option<Role>,
    selector: Selector,
    direction: Option<Direction>,
    number: u8,
}

impl Chinese {
    /// The side the text is written for, which decides only how it is displayed (帅 or 将, 一 or 1). Read from a
    /// text it is the side of the piece character (帅 兵 仕 相 are Red's), else the style of the first digit
    /// (一…九 Red's, 1–9 Black's); [`to_move`](Chinese::to_move) ignores it.
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The role of the piece named; `None` for the 东萍 forms that leave the piece out (前四平五).
    pub const fn role(&self) -> Option<Role> {
        self.role
    }

    /// The direction; `None` for the AXF shorthand without one (炮2 5).
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
    /// use xiangqi::notation::{Chinese, MoveTextError};
    ///
    /// // Pawns on f8 f6 d8 d6 and e7 (the xqbase example): 一兵 is f8, and 前兵 could be f8 or d8.
    /// let pos = Position::from_fen("4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w")?;
    /// assert_eq!("一兵平五".parse::<Chinese>()?.to_move(&pos)?.to_string(), "f8e8");
    /// assert_eq!("前兵六平五".parse::<Chinese>()?.to_move(&pos)?.to_string(), "d8e8");
    /// let err = "前兵平五".parse::<Chinese>()?.to_move(&pos).unwrap_err();
    /// assert_eq!(err.to_string(), "`前兵平五` is ambiguous: it fits f8e8 and d8e8");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveTextError> {
        let pick = match self.selector {
            Selector::File(file) => Pick::File { file, middle_of_odd: false },
            Selector::Word(Word::Nth(n)) => Pick::InGroup(usize::from(n) - 1),
            Selector::Word(word) => Pick::Tandem(word.which()),
            Selector::WordOnFile(word, file) => Pick::OnFile { file, which: word.which() },
        };
        let query = Query { role: self.role, pick, direction: self.direction, number: self.number };
        query.resolve(pos).map_err(|failure| failure.into_error(self.to_string()))
    }

    /// The legal move `mv` of `pos`, written by the xqbase rules.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
    ///
    /// ```
    /// use xiangqi::board::Position;
    /// use xiangqi::notation::Chinese;
    ///
    /// // Four red pawns on file 五: xqbase numbers them 一…四.
    /// let pos = Position::from_fen("5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w")?;
    /// assert_eq!(Chinese::from_move(&pos, "e7d7".parse()?)?.to_string(), "二兵平六");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, mv: Move) -> Result<Chinese, MoveTextError> {
        Chinese::from_move_with(pos, mv, TandemNames::Position)
    }

    /// The legal move `mv` of `pos`, written by the xqbase rules except that a piece sharing its file with others
    /// of its kind is named as `tandem` says.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
    ///
    /// ```
    /// use xiangqi::board::Position;
    /// use xiangqi::notation::{Chinese, TandemNames};
    ///
    /// // Red cannons on c4 and c2 (file 七): only the front one can step forward two.
    /// let pos = Position::from_fen("3k5/9/9/9/9/2C6/9/2C6/9/4K4 w")?;
    /// let write = |mv: &str, tandem| Chinese::from_move_with(&pos, mv.parse().unwrap(), tandem).unwrap().to_string();
    /// assert_eq!(write("c4c6", TandemNames::Position), "前炮进二");
    /// assert_eq!(write("c4c6", TandemNames::FileWhenUnique), "炮七进二");
    /// // Both could move to file 六: the file alone does not say which.
    /// assert_eq!(write("c4d4", TandemNames::FileWhenUnique), "前炮平六");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move_with(pos: &Position, mv: Move, tandem: TandemNames) -> Result<Chinese, MoveTextError> {
        let described = Described::of(pos, mv)?;
        let standing = described.standing;
        let mut chinese = Chinese {
            color: described.piece.color,
            role: Some(described.piece.role),
            selector: Selector::File(standing.file),
            direction: Some(described.motion.direction),
            number: described.motion.number,
        };
        // The file form names this move only if it reads back to it (no other piece on the file can make it).
        let by_file = described.by_file() || (tandem == TandemNames::FileWhenUnique && chinese.to_move(pos) == Ok(mv));
        if !by_file {
            chinese.selector = Selector::Word(Word::xqbase(standing.index_in_group, standing.count_in_group));
        }
        Ok(chinese)
    }

    /// The text in `script`, with `black_digits` if it is Black's.
    pub fn to_string_with(&self, script: Script, black_digits: BlackDigits) -> String {
        let mut text = String::with_capacity(16);
        // Writing to a String cannot fail.
        let _ = self.write(&mut text, script, black_digits);
        text
    }

    fn write(&self, out: &mut impl fmt::Write, script: Script, black_digits: BlackDigits) -> fmt::Result {
        let numerals = match (self.color, black_digits) {
            (Color::Red, _) => Numerals::Chinese,
            (Color::Black, BlackDigits::HalfWidth) => Numerals::HalfWidth,
            (Color::Black, BlackDigits::FullWidth) => Numerals::FullWidth,
        };
        let piece = |out: &mut dyn fmt::Write| match self.role {
            Some(role) => out.write_char(glyph::piece(self.color, role, script)),
            None => Ok(()),
        };
        match self.selector {
            Selector::File(file) => {
                piece(out)?;
                out.write_char(glyph::numeral(file, numerals))?;
            }
            Selector::Word(word) => {
                out.write_char(word.char(script))?;
                piece(out)?;
            }
            Selector::WordOnFile(word, file) => {
                out.write_char(word.char(script))?;
                piece(out)?;
                out.write_char(glyph::numeral(file, numerals))?;
            }
        }
        match self.direction {
            Some(direction) => out.write_char(glyph::direction(direction, script))?,
            None => out.write_char(' ')?,
        }
        out.write_char(glyph::numeral(self.number, numerals))
    }
}

impl fmt::Display for Chinese {
    /// Writes the text in simplified characters with half-width digits for Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Script::Simplified, BlackDigits::HalfWidth)
    }
}

impl FromStr for Chinese {
    type Err = SyntaxError;

    /// Reads any variant of the notation (see [`Chinese`]). White space is allowed between
    /// the parts after the piece, not around the text.
    fn from_str(text: &str) -> Result<Chinese, SyntaxError> {
        let mut cursor = Cursor::new(text, 0);
        // A piece first (炮二, 炮前) or a position word first (前炮, 三兵, 前四). No character is both, so the
        // common piece is looked for first.
        let (word, piece) = match cursor.take(glyph::read_piece) {
            Some(piece) => (cursor.take(|ch| Word::read(ch, false)), Some(piece)),
            None => match cursor.take(|ch| Word::read(ch, true)) {
                Some(word) => (Some(word), cursor.take(glyph::read_piece)),
                None => return Err(cursor.error("a piece (车 马 炮 …) or a position word (前 中 后 一…五)")),
            },
        };
        // The file may only be left out after both a position word and a piece (前炮退二).
        let file_optional = piece.is_some() && word.is_some();
        let first = if file_optional {
            cursor.take(glyph::read_numeral)
        } else {
            Some(cursor.expect("a file number (一…九 or 1…9)", glyph::read_numeral)?)
        };
        cursor.skip_space();
        let direction = cursor.take(glyph::read_direction);
        cursor.skip_space();
        let second = match direction {
            Some(_) => Some(cursor.expect("a number (一…九 or 1…9)", glyph::read_numeral)?),
            None => cursor.take(glyph::read_numeral),
        };
        let (file, number) = match (first, direction, second) {
            (first, Some(_), Some(number)) | (first @ Some(_), None, Some(number)) => (first, number),
            // 前炮5: a position word and a piece, then only the number of the shorthand.
            (Some(number), None, None) | (None, None, Some(number)) if file_optional => (None, number),
            (Some(_), _, _) => return Err(cursor.error("a direction (进 退 平)")),
            (None, _, _) => return Err(cursor.error("a direction (进 退 平) or a file number")),
        };
        cursor.finish()?;
        let digits_color = match file.unwrap_or(number).1 {
            Numerals::Chinese => Color::Red,
            Numerals::HalfWidth | Numerals::FullWidth => Color::Black,
        };
        let selector = match (word, file) {
            (None, Some((file, _))) => Selector::File(file),
            (Some(word), None) => Selector::Word(word),
            (Some(word), Some((file, _))) => Selector::WordOnFile(word, file),
            (None, None) => return Err(SyntaxError::new(0, "a file number", text.chars().next())),
        };
        Ok(Chinese {
            color: piece.and_then(|(_, color)| color).unwrap_or(digits_color),
            role: piece.map(|(role, _)| role),
            selector,
            direction,
            number: number.0,
        })
    }
}

/// Whether `ch` occurs only in Chinese notation: a direction or position word, or a Chinese numeral.
pub(crate) fn is_chinese_word(ch: char) -> bool {
    glyph::read_direction(ch).is_some()
        || Word::read(ch, false).is_some()
        || matches!(glyph::read_numeral(ch), Some((_, Numerals::Chinese)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Chinese {
        text.parse().unwrap_or_else(|err| panic!("{text}: {err}"))
    }

    #[test]
    fn every_variant_reads_to_the_same_syntax() {
        let canonical = parse("马二进三");
        for text in ["馬二進三", "傌二进三", "㐷二上三", "马2进3", "马２进３", "马贰进叁", "马二 进 三"]
        {
            let read = parse(text);
            assert_eq!(
                (read.role, read.selector, read.direction, read.number),
                (canonical.role, canonical.selector, canonical.direction, canonical.number)
            );
        }
        assert_eq!(parse("炮前平五"), parse("前炮平五"));
        assert_eq!(parse("車後退1").to_string(), "后车退1");
        assert_eq!(parse("前兵四平五").to_string(), "前兵四平五");
        assert_eq!(parse("前四平五").to_string(), "前四平五");
        assert_eq!(parse("二7平6").to_string(), "二7平6");
        assert_eq!(parse("２卒平３").to_string(), "二卒平3");
        assert_eq!(parse("炮2 5").to_string(), "炮2 5");
        assert_eq!(parse("前炮25").to_string(), "前炮2 5");
        assert_eq!(parse("前炮5").to_string(), "前炮 5");
        assert_eq!(parse("前炮 5").to_string(), "前炮 5");
        assert_eq!(parse("将5下1").to_string(), "将5退1");
    }

    #[test]
    fn the_display_colour_comes_from_the_piece_then_the_digits() {
        assert_eq!(parse("兵7进1").to_string(), "兵七进一");
        assert_eq!(parse("卒三进一").to_string(), "卒3进1");
        assert_eq!(parse("车2进6").color(), Color::Black);
        assert_eq!(parse("车二进六").color(), Color::Red);
    }

    #[test]
    fn syntax_errors_say_where_and_what() {
        let err = |text: &str| text.parse::<Chinese>().unwrap_err();
        assert_eq!(err(""), SyntaxError::new(0, "a piece (车 马 炮 …) or a position word (前 中 后 一…五)", None));
        assert_eq!(err("炮"), SyntaxError::new(3, "a file number (一…九 or 1…9)", None));
        assert_eq!(err("炮二跳五"), SyntaxError::new(6, "a direction (进 退 平)", Some('跳')));
        assert_eq!(err("炮二平"), SyntaxError::new(9, "a number (一…九 or 1…9)", None));
        assert_eq!(err("炮二平五 "), SyntaxError::new(12, "the end of the move", Some(' ')));
        assert_eq!(err("前四"), SyntaxError::new(6, "a direction (进 退 平)", None));
        assert_eq!(err("前炮"), SyntaxError::new(6, "a direction (进 退 平) or a file number", None));
        assert_eq!(
            err("六兵平五"),
            SyntaxError::new(0, "a piece (车 马 炮 …) or a position word (前 中 后 一…五)", Some('六'))
        );
        assert_eq!(
            err("6卒平5"),
            SyntaxError::new(0, "a piece (车 马 炮 …) or a position word (前 中 后 一…五)", Some('6'))
        );
        assert_eq!(err("炮０平五"), SyntaxError::new(3, "a file number (一…九 or 1…9)", Some('０')));
    }
}
