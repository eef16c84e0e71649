//! Traditional Chinese notation (纵线): 炮二平五. (Work in progress: reading and writing are being filled in.)

use core::{fmt, str::FromStr};

use xiangqi_board::{Move, Position};

use crate::{MoveTextError, SyntaxError};

/// Simplified or traditional Chinese characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// 帅 车 马 进 后 (xqbase, XQWizard's default).
    #[default]
    Simplified,
    /// 帥 車 馬 進 後 (XQWizard's traditional mode).
    Traditional,
}

/// How Black's file and step numbers are written in Chinese notation (Red's are always 一…九).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlackDigits {
    /// `1`…`9` (xqbase).
    #[default]
    HalfWidth,
    /// `１`…`９` (XQWizard, cchess).
    FullWidth,
}

/// A move in traditional Chinese notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chinese {
    text: String,
}

impl Chinese {
    /// The move of `pos` this text describes.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn to_move(&self, _pos: &Position) -> Result<Move, MoveTextError> {
        Err(SyntaxError::new(0, "a supported notation (Chinese is not implemented yet)", self.text.chars().next()).into())
    }

    /// The legal move `mv` of `pos` in Chinese notation.
    ///
    /// # Errors
    /// Not implemented yet.
    pub fn from_move(_pos: &Position, mv: Move) -> Result<Chinese, MoveTextError> {
        Err(MoveTextError::Illegal { mv })
    }

    /// The text in `script` with `black_digits`.
    pub fn to_string_with(&self, _script: Script, _black_digits: BlackDigits) -> String {
        self.text.clone()
    }
}

impl fmt::Display for Chinese {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for Chinese {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<Chinese, SyntaxError> {
        Ok(Chinese { text: text.into() })
    }
}

/// Whether `ch` only occurs in Chinese notation (a direction or position word, or a Chinese numeral).
pub(crate) fn is_chinese_word(ch: char) -> bool {
    "进進退平上下前中后後一二三四五六七八九壹贰貳叁參叄肆伍陆陸柒捌玖".contains(ch)
}
