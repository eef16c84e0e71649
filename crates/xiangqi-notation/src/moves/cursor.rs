//! A cursor over a move text: one character at a time, with byte offsets for errors. Never slices a `&str`.

use crate::SyntaxError;

/// Reads a text character by character. Offsets are bytes from the start of the text, plus `base` (the offset
/// of this text inside a larger one).
pub(crate) struct Cursor<'a> {
    chars: core::str::Chars<'a>,
    /// The next character, decoded once however often it is looked at.
    next: Option<char>,
    len: usize,
    base: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`, which begins `base` bytes into the caller's input.
    pub(crate) fn new(text: &'a str, base: usize) -> Cursor<'a> {
        let mut chars = text.chars();
        let next = chars.next();
        Cursor { chars, next, len: text.len(), base }
    }

    /// The next character, without consuming it.
    pub(crate) fn peek(&self) -> Option<char> {
        self.next
    }

    /// The offset of the next character (the text's end if there is none).
    pub(crate) fn offset(&self) -> usize {
        let after_next = self.len - self.chars.as_str().len();
        self.base + self.next.map_or(self.len, |ch| after_next - ch.len_utf8())
    }

    /// Consumes the next character.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let ch = self.next?;
        self.next = self.chars.next();
        Some(ch)
    }

    /// Consumes the next character if `test` maps it to a value.
    pub(crate) fn take<T>(&mut self, test: impl FnOnce(char) -> Option<T>) -> Option<T> {
        let value = test(self.peek()?)?;
        self.bump();
        Some(value)
    }

    /// Consumes the next character if `test` maps it to a value, else fails with `expected`.
    pub(crate) fn expect<T>(
        &mut self,
        expected: &'static str,
        test: impl FnOnce(char) -> Option<T>,
    ) -> Result<T, SyntaxError> {
        match self.take(test) {
            Some(value) => Ok(value),
            None => Err(self.error(expected)),
        }
    }

    /// Skips white space (ASCII and the ideographic space U+3000); returns whether there was any.
    pub(crate) fn skip_space(&mut self) -> bool {
        let mut any = false;
        while self.take(|ch| is_space(ch).then_some(())).is_some() {
            any = true;
        }
        any
    }

    /// Fails unless the text is used up.
    pub(crate) fn finish(&self) -> Result<(), SyntaxError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("the end of the move")),
        }
    }

    /// The error "expected `expected`" at the next character.
    pub(crate) fn error(&self, expected: &'static str) -> SyntaxError {
        SyntaxError::new(self.offset(), expected, self.peek())
    }
}

/// Whether `ch` is white space a move text may contain: any Unicode white space (which includes the ideographic
/// space U+3000 of Chinese texts).
pub(crate) fn is_space(ch: char) -> bool {
    ch.is_whitespace()
}

/// Whether a character whose UTF-8 form starts with `byte` may be white space ([`is_space`]): ASCII white space,
/// or one of the bytes that start the white space characters outside ASCII (U+0085, U+00A0, U+1680, U+2000–U+205F,
/// U+3000).
fn may_start_space(byte: u8) -> bool {
    matches!(byte, b'\t'..=b'\r' | b' ' | 0xc2 | 0xe1 | 0xe2 | 0xe3)
}

/// `text` without leading and trailing white space, and the byte offset where it starts.
pub(crate) fn trim(text: &str) -> (&str, usize) {
    // Most texts have nothing to trim: the first bytes of the characters at both ends settle it.
    let bytes = text.as_bytes();
    let last = bytes.iter().rposition(|&byte| byte & 0xc0 != 0x80);
    if let (Some(&first), Some(last)) = (bytes.first(), last) {
        if !may_start_space(first) && !may_start_space(bytes[last]) {
            return (text, 0);
        }
    }
    let rest = text.trim_start_matches(is_space);
    (rest.trim_end_matches(is_space), text.len() - rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trim_removes_every_white_space_at_both_ends() {
        let spaces: Vec<char> = (0..=0x3000u32).filter_map(char::from_u32).filter(|&ch| is_space(ch)).collect();
        assert_eq!(spaces.len(), 25);
        assert!(spaces.iter().all(|&ch| may_start_space(ch.to_string().as_bytes()[0])));
        for text in ["炮二平五", "马８进７", "h2e2", "C2.5", "", "¡", "前兵\u{2010}"] {
            for space in spaces.iter().map(char::to_string).chain(["".into(), "  ".into()]) {
                for padded in [format!("{space}{text}"), format!("{text}{space}"), format!("{space}{text}{space}")] {
                    let rest = padded.trim_start_matches(is_space);
                    let expected = (rest.trim_end_matches(is_space), padded.len() - rest.len());
                    assert_eq!(trim(&padded), expected, "{padded:?}");
                }
            }
        }
    }
}
