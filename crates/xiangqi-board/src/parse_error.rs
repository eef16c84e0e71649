//! The one shape of a parse error in the workspace: what was being read, the text that was read, and what was
//! expected ([`parse_error!`](crate::parse_error)); the text is kept without allocating ([`ReadText`]).

use core::fmt;

/// The most bytes of the text read that a parse error keeps; a longer text is cut (at a character boundary) and
/// shown with `…`.
pub const READ_TEXT_LEN: usize = 32;

/// The text a parse error read, kept without allocating: its first [`READ_TEXT_LEN`] bytes at most, cut at a
/// character boundary.
///
/// `Display` writes the text with control characters and bytes that are not UTF-8 escaped (`\n`, `\u{7}`,
/// `\xff`), and `…` after a text that was cut, so that a message quoting it stays on one line.
///
/// ```
/// use xiangqi::board::ReadText;
///
/// assert_eq!(ReadText::new("z9").to_string(), "z9");
/// assert_eq!(ReadText::new("a\nb").to_string(), "a\\nb");
/// let long = ReadText::new(&"炮".repeat(20));
/// assert!(long.is_cut());
/// assert_eq!(long.as_bytes().len(), 30); // ten characters of three bytes fit in 32
/// assert_eq!(long.to_string(), format!("{}…", "炮".repeat(10)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadText {
    bytes: [u8; READ_TEXT_LEN],
    len: u8,
    cut: bool,
}

impl ReadText {
    /// The text of `text` that a parse error keeps.
    #[must_use]
    pub const fn new(text: &str) -> ReadText {
        let bytes = text.as_bytes();
        let mut len = if bytes.len() > READ_TEXT_LEN { READ_TEXT_LEN } else { bytes.len() };
        // Back to a character boundary: a continuation byte is 0b10xx_xxxx.
        while len < bytes.len() && len > 0 && bytes[len] & 0xc0 == 0x80 {
            len -= 1;
        }
        ReadText::copy(bytes, len)
    }

    /// The text of `bytes`, which need not be UTF-8 (as read by the `from_ascii` parsers).
    #[must_use]
    pub const fn from_bytes(bytes: &[u8]) -> ReadText {
        let len = if bytes.len() > READ_TEXT_LEN { READ_TEXT_LEN } else { bytes.len() };
        ReadText::copy(bytes, len)
    }

    const fn copy(bytes: &[u8], len: usize) -> ReadText {
        let mut kept = [0; READ_TEXT_LEN];
        let mut i = 0;
        while i < len {
            kept[i] = bytes[i];
            i += 1;
        }
        // `len` is at most READ_TEXT_LEN (32), so it fits a byte.
        ReadText { bytes: kept, len: len as u8, cut: bytes.len() > len }
    }

    /// The bytes kept.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The bytes kept, if they are UTF-8 (they are whenever the error was made from a `&str`).
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        core::str::from_utf8(self.as_bytes()).ok()
    }

    /// Whether the text was longer than what is kept.
    #[must_use]
    pub const fn is_cut(&self) -> bool {
        self.cut
    }

    /// Whether the text read was empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0 && !self.cut
    }
}

impl fmt::Display for ReadText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.as_bytes().utf8_chunks() {
            for ch in chunk.valid().chars() {
                if ch.is_control() {
                    write!(f, "{}", ch.escape_default())?;
                } else {
                    fmt::Write::write_char(f, ch)?;
                }
            }
            for byte in chunk.invalid() {
                write!(f, "\\x{byte:02x}")?;
            }
        }
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for ReadText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// Declares a parse error of the workspace's one shape: a `Copy` struct that names what was being read, keeps
/// the text that was read ([`ReadText`]) and says what was expected. Its `Display` is
/// ``invalid WHAT `TEXT`: expected EXPECTED`` (``empty WHAT: expected EXPECTED`` for an empty text), and it
/// implements `core::error::Error`.
///
/// ```
/// xiangqi::board::parse_error! {
///     /// The error of parsing a colour of the rainbow.
///     pub struct ParseRainbowError: "rainbow colour", "one of red, orange, yellow, green, blue, indigo, violet"
/// }
///
/// let err = ParseRainbowError::new("pink");
/// assert_eq!(err.text().as_str(), Some("pink"));
/// assert_eq!(err.to_string(), "invalid rainbow colour `pink`: expected one of red, orange, yellow, green, blue, indigo, violet");
/// assert_eq!(ParseRainbowError::new("").to_string(), "empty rainbow colour: expected one of red, orange, yellow, green, blue, indigo, violet");
/// ```
///
/// A type that reads several kinds of values with one error (the names of options, say) gives each its own
/// words with `with_words`:
///
/// ```
/// # xiangqi::board::parse_error! {
/// #     /// An option name.
/// #     pub struct ParseOptionError: "option", "a known option"
/// # }
/// let err = ParseOptionError::with_words("bye kind", "one of full, half, zero", "double");
/// assert_eq!(err.what(), "bye kind");
/// assert_eq!(err.to_string(), "invalid bye kind `double`: expected one of full, half, zero");
/// ```
#[macro_export]
macro_rules! parse_error {
    ($(#[$meta:meta])* $vis:vis struct $name:ident: $what:expr, $expected:expr $(,)?) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis struct $name {
            what: &'static str,
            expected: &'static str,
            text: $crate::ReadText,
        }

        impl $name {
            /// The error of reading `text`.
            #[must_use]
            pub const fn new(text: &str) -> $name {
                $name { what: $what, expected: $expected, text: $crate::ReadText::new(text) }
            }

            /// The error of reading `bytes`, which need not be UTF-8.
            #[must_use]
            #[allow(dead_code)]
            pub const fn from_bytes(bytes: &[u8]) -> $name {
                $name { what: $what, expected: $expected, text: $crate::ReadText::from_bytes(bytes) }
            }

            /// The error of reading `text` as a `what`, which would be `expected`.
            #[must_use]
            #[allow(dead_code)]
            pub const fn with_words(what: &'static str, expected: &'static str, text: &str) -> $name {
                $name { what, expected, text: $crate::ReadText::new(text) }
            }

            /// What was being read, e.g. `square`.
            #[must_use]
            pub const fn what(&self) -> &'static str {
                self.what
            }

            /// The text that was read.
            #[must_use]
            pub const fn text(&self) -> &$crate::ReadText {
                &self.text
            }

            /// What was expected, e.g. ``a square such as `e0` ``.
            #[must_use]
            pub const fn expected(&self) -> &'static str {
                self.expected
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                if self.text.is_empty() {
                    write!(f, "empty {}: expected {}", self.what, self.expected)
                } else {
                    write!(f, "invalid {} `{}`: expected {}", self.what, self.text, self.expected)
                }
            }
        }

        impl ::core::error::Error for $name {}
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn text_is_cut_at_a_character_boundary_and_escaped() {
        let text = ReadText::new("abcdefghijklmnopqrstuvwxyz01234é");
        assert_eq!(text.as_bytes().len(), 31, "é would straddle byte 32");
        assert!(text.is_cut());
        assert_eq!(text.to_string(), "abcdefghijklmnopqrstuvwxyz01234…");
        let exact = ReadText::new("abcdefghijklmnopqrstuvwxyz012345");
        assert!(!exact.is_cut());
        assert_eq!(ReadText::from_bytes(b"a\xffb\x07").to_string(), "a\\xffb\\u{7}");
        assert_eq!(ReadText::from_bytes(b"a\xffb").as_str(), None);
        assert!(ReadText::new("").is_empty() && !ReadText::new(" ").is_empty());
        assert_eq!(alloc::format!("{:?}", ReadText::new("h2")), "\"h2\"");
    }
}
