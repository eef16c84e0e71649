//! AXF international notation: `车2+6`, `马3-5`, `炮2=4` or `炮2·4` (AXF 2008 第二章第三节 二), and its
//! English-letter form `R2+6`, `C2=4` (ibid. 四).
//!
//! The rules, the options and every form read are documented on [`Axf`].

use alloc::string::{String, ToString};

use core::{fmt, str::FromStr};

use xiangqi_board::{Color, Move, Position, Role};

use crate::{moves::motion::Direction, moves::wxf::Letters, MoveTextError, Script, SyntaxError, Wxf};

/// How to write AXF international notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AxfStyle {
    /// Chinese piece names, `=` for sideways moves: `炮2=4` (the Taiwan/Hong Kong text of the rules).
    #[default]
    Equals,
    /// Chinese piece names, `·` for sideways moves: `炮2·4` (AXF 2008).
    Dot,
    /// English letters (车=R 马=H 炮=C 相象=E 仕士=A 兵卒=P 帅将=K, AXF 2008 第二章第三节 四), `=` for sideways
    /// moves: `C2=4`.
    Letters,
}

/// A move in AXF international notation: the syntax, without a position.
///
/// `Display` writes simplified piece names of [`Axf::color`] and `=`; [`Axf::to_string_with`] picks another
/// [`AxfStyle`] or [`Script`]. `FromStr` is the WXF reader (see [`Wxf`]).
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{Axf, AxfStyle, Script};
///
/// let pos = Position::new();
/// let axf = Axf::from_move(&pos, "h2e2".parse()?)?;
/// assert_eq!(axf.to_string(), "炮2=5");
/// assert_eq!(axf.to_string_with(AxfStyle::Dot, Script::Simplified), "炮2·5");
/// assert_eq!(axf.to_string_with(AxfStyle::Letters, Script::Simplified), "C2=5");
/// assert_eq!("炮2·5".parse::<Axf>()?.to_move(&pos)?.to_string(), "h2e2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// The AXF set up the letter notation that the WXF adopted in 1997; its international form (AXF 2008 第二章第三节
/// 二: `车2+6`, `马3-5`, `炮2·4` or `炮2=4`, and 四: English letters) is
/// that notation with Chinese piece names and `=` (or `·`) for sideways moves. This crate therefore writes it
/// with the same rules as [official WXF](crate::Wxf), tandem pieces included (`车+=3` for 车前平三, `++=6`,
/// `4+=5`): AXF 2008 prints no tandem example in the international form, and its shorthand examples (前炮25,
/// 后马7 8) are read by the Chinese reader. Piece names follow the mover (帅/将, 仕/士, 相/象, 兵/卒) in
/// simplified or traditional characters; digits are Arabic for both sides.
///
/// Reading is the WXF reader's, which takes every letter dialect as well as Chinese piece names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Axf {
    color: Color,
    wxf: Wxf,
}

impl Axf {
    /// The side the text is written for, which decides only the piece names displayed (帅 or 将). Read from a text
    /// it is the side of the piece name if it has one (帅 兵 仕 相 are Red's, 将 卒 士 象 Black's), else Red;
    /// [`to_move`](Axf::to_move) ignores it.
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The role of the piece (the forms without a piece name, `++` or `3+`, are pawns).
    pub const fn role(&self) -> Role {
        self.wxf.role()
    }

    /// The direction; `None` for the shorthand without an operator (`炮2 5`).
    pub const fn direction(&self) -> Option<Direction> {
        self.wxf.direction()
    }

    /// The last number: steps, or the destination file (1–9).
    pub const fn number(&self) -> u8 {
        self.wxf.number()
    }

    /// The same move in WXF notation.
    pub const fn to_wxf(&self) -> Wxf {
        self.wxf
    }

    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    /// As [`Wxf::to_move`].
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveTextError> {
        self.wxf.resolve_named(pos, || self.to_string())
    }

    /// The legal move `mv` of `pos` in AXF notation.
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
    pub fn from_move(pos: &Position, mv: Move) -> Result<Axf, MoveTextError> {
        Ok(Axf { color: pos.turn(), wxf: Wxf::from_move(pos, mv)? })
    }

    /// The text in `style`, with piece names in `script`.
    pub fn to_string_with(&self, style: AxfStyle, script: Script) -> String {
        match style {
            AxfStyle::Equals => self.wxf.text_with(Letters::Chinese(self.color, script), '='),
            AxfStyle::Dot => self.wxf.text_with(Letters::Chinese(self.color, script), '·'),
            AxfStyle::Letters => self.wxf.text_with(Letters::Wxf, '='),
        }
    }
}

impl fmt::Display for Axf {
    /// Writes simplified piece names and `=`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_with(AxfStyle::Equals, Script::Simplified))
    }
}

impl FromStr for Axf {
    type Err = SyntaxError;

    /// Reads any letter notation (see [`Wxf`]); the piece name, if Chinese, gives [`Axf::color`].
    fn from_str(text: &str) -> Result<Axf, SyntaxError> {
        let (wxf, side) = crate::moves::wxf::parse(text)?;
        Ok(Axf { color: side.unwrap_or(Color::Red), wxf })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axf_texts_read_and_write_back() {
        for (text, written) in [
            ("车2+6", "车2+6"),
            ("马3-5", "马3-5"),
            ("炮2=4", "炮2=4"),
            ("炮2·4", "炮2=4"),
            ("炮2・4", "炮2=4"),
            ("C2=4", "炮2=4"),
            ("将5+1", "将5+1"),
            ("卒3=4", "卒3=4"),
            ("K5.4", "帅5=4"),
            ("R+.3", "车+=3"),
            ("33.4", "33.4"),
            ("25=6", "25=6"),
            ("马8 7", "马8 7"),
        ] {
            let axf: Axf = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
            assert_eq!(axf.to_string(), written, "{text}");
            assert_eq!(written.parse::<Axf>(), Ok(axf), "{written}");
        }
    }
}
