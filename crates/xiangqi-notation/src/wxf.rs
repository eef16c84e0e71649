//! WXF letter notation: C2.5. (Work in progress: reading and writing are being filled in.)

use core::{fmt, str::FromStr};

use xiangqi_board::{Move, Position};

use crate::{MoveTextError, SyntaxError};

/// Which WXF dialect to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WxfDialect {
    /// The official notation of wxf.org.
    #[default]
    Official,
    /// XQWizard's dialect.
    XqWizard,
    /// Fairy-Stockfish's (pyffish's) dialect.
    FairyStockfish,
}

/// A move in WXF notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wxf {
    text: String,
}

impl Wxf {
    /// The move of `pos` this text describes.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn to_move(&self, _pos: &Position) -> Result<Move, MoveTextError> {
        Err(SyntaxError::new(0, "a supported notation (WXF is not implemented yet)", self.text.chars().next()).into())
    }

    /// The legal move `mv` of `pos` in official WXF notation.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn from_move(pos: &Position, mv: Move) -> Result<Wxf, MoveTextError> {
        Wxf::from_move_in(pos, mv, WxfDialect::Official)
    }

    /// The legal move `mv` of `pos` in `dialect`.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn from_move_in(_pos: &Position, mv: Move, _dialect: WxfDialect) -> Result<Wxf, MoveTextError> {
        Err(MoveTextError::Illegal { mv })
    }
}

impl fmt::Display for Wxf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for Wxf {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<Wxf, SyntaxError> {
        Ok(Wxf { text: text.into() })
    }
}
