//! AXF international notation: 车2+6. (Work in progress: reading and writing are being filled in.)

use core::{fmt, str::FromStr};

use xiangqi_board::{Move, Position};

use crate::{MoveTextError, Script, SyntaxError, Wxf};

/// How to write AXF international notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AxfStyle {
    /// Chinese piece names, `=` for sideways moves: `炮2=4`.
    #[default]
    Equals,
    /// Chinese piece names, `·` for sideways moves: `炮2·4`.
    Dot,
    /// English letters: `C2=4`.
    Letters,
}

/// A move in AXF international notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Axf {
    inner: Wxf,
}

impl Axf {
    /// The move of `pos` this text describes.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveTextError> {
        self.inner.to_move(pos)
    }

    /// The legal move `mv` of `pos` in AXF notation.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn from_move(pos: &Position, mv: Move) -> Result<Axf, MoveTextError> {
        Ok(Axf { inner: Wxf::from_move(pos, mv)? })
    }

    /// The text in `style` and `script`.
    pub fn to_string_with(&self, _style: AxfStyle, _script: Script) -> String {
        self.inner.to_string()
    }
}

impl fmt::Display for Axf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.fmt(f)
    }
}

impl FromStr for Axf {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<Axf, SyntaxError> {
        Ok(Axf { inner: text.parse()? })
    }
}
