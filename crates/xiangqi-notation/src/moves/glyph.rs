//! The characters of the Chinese and AXF notations, and the full-width forms of ASCII, in one place.
//!
//! Sources: XQWizard's tables (xqbase/eleeye `cchess.cpp`: cwPiece2WordSimp, Word2Piece, cwDigit2WordSimp), the
//! Taiwan/Hong Kong AXF text (俥 傌 包), vschess (壹…玖) and copies of zh.wikipedia (㐷).

use xiangqi_board::{Color, Role};

use crate::Direction;

/// Simplified or traditional Chinese characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// 帅 将 马 车 进 后 (xqbase; XQWizard's default).
    #[default]
    Simplified,
    /// 帥 將 馬 車 進 後 (XQWizard's traditional mode; the practical-dataset PGNs).
    Traditional,
}

/// The piece characters written for `color`: 帅仕相马车炮兵 / 将士象马车炮卒 (simplified) or 帥仕相馬車炮兵 /
/// 將士象馬車炮卒 (traditional), as XQWizard writes them.
pub(crate) const fn piece(color: Color, role: Role, script: Script) -> char {
    use Script::{Simplified, Traditional};
    match (role, color, script) {
        (Role::King, Color::Red, Simplified) => '帅',
        (Role::King, Color::Red, Traditional) => '帥',
        (Role::King, Color::Black, Simplified) => '将',
        (Role::King, Color::Black, Traditional) => '將',
        (Role::Advisor, Color::Red, _) => '仕',
        (Role::Advisor, Color::Black, _) => '士',
        (Role::Elephant, Color::Red, _) => '相',
        (Role::Elephant, Color::Black, _) => '象',
        (Role::Horse, _, Simplified) => '马',
        (Role::Horse, _, Traditional) => '馬',
        (Role::Rook, _, Simplified) => '车',
        (Role::Rook, _, Traditional) => '車',
        (Role::Cannon, _, _) => '炮',
        (Role::Pawn, Color::Red, _) => '兵',
        (Role::Pawn, Color::Black, _) => '卒',
    }
}

/// Reads a piece character: the role, and the side the character belongs to when it has one (帅 is Red's, 将
/// Black's; 车 马 炮 serve both).
pub(crate) const fn read_piece(ch: char) -> Option<(Role, Option<Color>)> {
    let red = Some(Color::Red);
    let black = Some(Color::Black);
    Some(match ch {
        '帅' | '帥' => (Role::King, red),
        '将' | '將' => (Role::King, black),
        '仕' => (Role::Advisor, red),
        '士' => (Role::Advisor, black),
        '相' => (Role::Elephant, red),
        '象' => (Role::Elephant, black),
        '马' | '馬' | '傌' | '㐷' => (Role::Horse, None),
        '车' | '車' | '俥' | '硨' => (Role::Rook, None),
        '炮' | '砲' | '包' => (Role::Cannon, None),
        '兵' => (Role::Pawn, red),
        '卒' => (Role::Pawn, black),
        _ => return None,
    })
}

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// How a number is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Numerals {
    /// 一…九 (and the financial forms 壹…玖 when reading).
    Chinese,
    /// `1`…`9`.
    HalfWidth,
    /// `１`…`９`.
    FullWidth,
}

/// The character for `n` (1–9) in `numerals`; `?` outside 1–9 (which no value built by this crate holds).
pub(crate) const fn numeral(n: u8, numerals: Numerals) -> char {
    if n < 1 || n > 9 {
        return '?';
    }
    let i = n as usize - 1;
    match numerals {
        Numerals::Chinese => CHINESE_NUMERALS[i],
        Numerals::HalfWidth => (b'0' + n) as char,
        Numerals::FullWidth => FULL_WIDTH_DIGITS[i],
    }
}

/// Reads a number 1–9 in any style: 一…九, 壹…玖 (simplified and traditional forms), `1`–`9`, `１`–`９`.
pub(crate) fn read_numeral(ch: char) -> Option<(u8, Numerals)> {
    if let Some(d) = ch.to_digit(10).filter(|&d| d >= 1) {
        return Some((d as u8, Numerals::HalfWidth));
    }
    if ('１'..='９').contains(&ch) {
        return Some(((ch as u32 - '０' as u32) as u8, Numerals::FullWidth));
    }
    let n = match ch {
        '一' | '壹' => 1,
        '二' | '贰' | '貳' => 2,
        '三' | '叁' | '參' | '叄' => 3,
        '四' | '肆' => 4,
        '五' | '伍' => 5,
        '六' | '陆' | '陸' => 6,
        '七' | '柒' => 7,
        '八' | '捌' => 8,
        '九' | '玖' => 9,
        _ => return None,
    };
    Some((n, Numerals::Chinese))
}

/// The direction word: 进/進, 退, 平.
pub(crate) const fn direction(direction: Direction, script: Script) -> char {
    match (direction, script) {
        (Direction::Forward, Script::Simplified) => '进',
        (Direction::Forward, Script::Traditional) => '進',
        (Direction::Backward, _) => '退',
        (Direction::Sideways, _) => '平',
    }
}

/// Reads a direction word, including 上 and 下 of the 1956 rules (第四章).
pub(crate) const fn read_direction(ch: char) -> Option<Direction> {
    match ch {
        '进' | '進' | '上' => Some(Direction::Forward),
        '退' | '下' => Some(Direction::Backward),
        '平' => Some(Direction::Sideways),
        _ => None,
    }
}

/// The ASCII character for a full-width form (U+FF01–U+FF5E) or a dash look-alike (minus sign U+2212, en dash),
/// else the character itself.
pub(crate) const fn narrow(ch: char) -> char {
    match ch {
        // ASCII, the common case, settled by one comparison.
        '\0'..='\x7f' => ch,
        '\u{FF01}'..='\u{FF5E}' => match char::from_u32(ch as u32 - 0xFEE0) {
            Some(ascii) => ascii,
            None => ch,
        },
        '\u{2212}' | '\u{2013}' => '-',
        _ => ch,
    }
}

/// Whether `ch` marks a sideways move in AXF notation: the middle dot of AXF 2008 (`炮2·4`) and its
/// look-alikes (katakana middle dot, half-width katakana middle dot, bullet).
pub(crate) const fn is_middle_dot(ch: char) -> bool {
    matches!(ch, '·' | '・' | '･' | '•')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_written_character_reads_back() {
        for script in [Script::Simplified, Script::Traditional] {
            for color in Color::ALL {
                for role in Role::ALL {
                    let ch = piece(color, role, script);
                    let (read, side) = read_piece(ch).unwrap();
                    assert_eq!(read, role);
                    assert!(side.is_none_or(|side| side == color), "{ch}");
                }
            }
            for dir in [Direction::Forward, Direction::Backward, Direction::Sideways] {
                assert_eq!(read_direction(direction(dir, script)), Some(dir));
            }
        }
        for n in 1..=9 {
            for numerals in [Numerals::Chinese, Numerals::HalfWidth, Numerals::FullWidth] {
                assert_eq!(read_numeral(numeral(n, numerals)), Some((n, numerals)));
            }
        }
        assert_eq!(numeral(0, Numerals::Chinese), '?');
        assert_eq!(read_numeral('0'), None);
        assert_eq!(read_numeral('柒'), Some((7, Numerals::Chinese)));
    }

    #[test]
    fn full_width_forms_narrow_to_ascii() {
        assert_eq!(
            ["Ｃ", "２", "＝", "５", "＋", "－", "．", "ａ"].map(|s| narrow(s.chars().next().unwrap())),
            ['C', '2', '=', '5', '+', '-', '.', 'a']
        );
        assert_eq!(narrow('炮'), '炮');
    }
}
