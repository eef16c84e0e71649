//! The width of text in a terminal, for the plain-text standings table.

use core::fmt;

/// Characters that take no column: combining marks, zero-width spaces and joiners, variation selectors.
const ZERO_WIDTH: &[(u32, u32)] =
    &[(0x0300, 0x036F), (0x200B, 0x200F), (0x2060, 0x2064), (0x20D0, 0x20FF), (0xFE00, 0xFE0F), (0xFE20, 0xFE2F)];

/// Characters that take two columns: the East Asian wide and fullwidth blocks (Unicode UAX #11 classes W and F):
/// Hangul Jamo, CJK radicals and punctuation, kana, Bopomofo, CJK ideographs (with extensions and compatibility
/// forms), Yi, Hangul syllables, fullwidth forms, and the wide emoji blocks.
const WIDE: &[(u32, u32)] = &[
    (0x1100, 0x115F),
    (0x2E80, 0x303E),
    (0x3041, 0x33FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xA000, 0xA4CF),
    (0xAC00, 0xD7A3),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFF60),
    (0xFFE0, 0xFFE6),
    (0x1F300, 0x1F64F),
    (0x1F900, 0x1F9FF),
    (0x20000, 0x3FFFD),
];

fn char_width(c: char) -> usize {
    let code = u32::from(c);
    let within = |ranges: &[(u32, u32)]| ranges.iter().any(|&(low, high)| (low..=high).contains(&code));
    if c.is_control() || within(ZERO_WIDTH) {
        0
    } else if within(WIDE) {
        2
    } else {
        1
    }
}

/// The number of terminal columns `text` takes: two for each wide or fullwidth character (张伟, ＡＢ, 안녕), none
/// for combining marks and control characters, one for the others.
pub(crate) fn display_width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// Writes `text` padded with spaces to `width` columns: after the text (`right == false`) or before it.
pub(crate) fn pad(f: &mut fmt::Formatter<'_>, text: &str, width: usize, right: bool) -> fmt::Result {
    let fill = width.saturating_sub(display_width(text));
    if right {
        write!(f, "{:fill$}{text}", "")
    } else {
        write!(f, "{text}{:fill$}", "")
    }
}

#[cfg(test)]
mod tests {
    use super::display_width;

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(display_width("A1 ."), 4);
        assert_eq!(display_width("张伟"), 4);
        assert_eq!(display_width("王芳 (B)"), 8);
        assert_eq!(display_width("ＡＢ"), 4, "fullwidth forms");
        assert_eq!(display_width("안녕"), 4, "Hangul");
        assert_eq!(display_width("かな"), 4, "kana");
        assert_eq!(display_width("第一台，"), 8, "ideographic punctuation");
    }

    #[test]
    fn combining_marks_and_controls_take_none() {
        assert_eq!(display_width("e\u{301}"), 1);
        assert_eq!(display_width("a\u{200B}b"), 2);
        assert_eq!(display_width("\t"), 0);
        assert_eq!(display_width(""), 0);
    }
}
