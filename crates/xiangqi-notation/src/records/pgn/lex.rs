//! The PGN tokeniser: the tags and tokens of a game's text ([`Lexer`]).

use crate::{GameResult, Limited, Limits, Location, RecordError, RecordErrorKind};

/// A cursor over the text that counts lines.
#[derive(Clone, Debug)]
pub(super) struct Lexer<'a> {
    text: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
    /// Whether the game being read is still in its tags (for [`Lexer::resync`]).
    pub(super) in_tags: bool,
    limits: Limits,
}

/// A token of the move text.
#[derive(Debug)]
pub(super) enum Token<'a> {
    Comment(&'a str),
    Open,
    Close,
    /// A move number or `...`: nothing to keep.
    Skip,
    /// A NAG: `$n`, or a suffix (`!`, `?`, `!!`, `??`, `!?`, `?!`) written apart from its move.
    Nag(u8),
    /// A move with a suffix annotation (`h2e2!?`): the move and the annotation's NAG.
    Annotated(&'a str, u8),
    Result(GameResult),
    /// A line of `===`: the end of the move text.
    End,
    Word(&'a str),
}

/// Characters that end a word.
fn is_delimiter(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '{' | '}' | '(' | ')' | '[')
}

/// The length in bytes of the word at the start of `text`: up to its first [delimiter](is_delimiter), or all of
/// it. Goes by bytes: the only delimiters outside ASCII are white space, whose UTF-8 forms start with one of the
/// bytes C2, E1, E2 or E3, so any other character (every Chinese character of a move) is stepped over without
/// being decoded.
fn word_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let width = match byte {
            0x00..=0x7f if is_delimiter(char::from(byte)) => return at,
            0x00..=0x7f => 1,
            0xc2 | 0xe1 | 0xe2 | 0xe3 => match text[at..].chars().next() {
                Some(ch) if ch.is_whitespace() => return at,
                Some(ch) => ch.len_utf8(),
                None => return at,
            },
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        at += width;
    }
    bytes.len()
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str, line: usize, limits: Limits) -> Lexer<'a> {
        Lexer { text, pos: 0, line, in_tags: false, limits }
    }

    pub(super) fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Moves past `len` bytes (on a character boundary), counting line breaks.
    fn advance(&mut self, len: usize) {
        let end = (self.pos + len).min(self.text.len());
        self.line += self.text.as_bytes()[self.pos..end].iter().filter(|&&b| b == b'\n').count();
        self.pos = end;
    }

    pub(super) fn skip_whitespace(&mut self) {
        let len = self.rest().len() - self.rest().trim_start().len();
        self.advance(len);
    }

    /// Moves to the start of the next line (or the end of the text).
    pub(super) fn skip_line(&mut self) {
        let len = self.rest().find('\n').map_or(self.rest().len(), |i| i + 1);
        self.advance(len);
    }

    /// Whether the current line, from here on, starts with `[` after white space.
    fn line_starts_tag(&self) -> bool {
        self.rest().trim_start_matches([' ', '\t', '\r', '\u{feff}', '\u{3000}']).starts_with('[')
    }

    /// After an error: skips the rest of the game, to the next line that starts with `[` (past the game's own
    /// tags if the error was among them).
    pub(super) fn resync(&mut self) {
        self.skip_line();
        if self.in_tags {
            while !self.rest().is_empty() && self.line_starts_tag() {
                self.skip_line();
            }
        }
        self.skip_to_next_game();
    }

    /// Skips lines up to the next one that starts with `[`.
    pub(super) fn skip_to_next_game(&mut self) {
        while !self.rest().is_empty() && !self.line_starts_tag() {
            self.skip_line();
        }
    }

    pub(super) fn error(&self, line: usize, kind: impl Into<RecordErrorKind>) -> RecordError {
        RecordError::new(Location::Line(line), kind)
    }

    /// Reads a tag `[Name "value"]`; the cursor is on the `[`.
    pub(super) fn tag(&mut self) -> Result<(&'a str, String), RecordError> {
        let line = self.line;
        self.advance(1);
        let rest = self.rest();
        let name_len = rest.find(|c: char| c.is_whitespace() || c == '"' || c == ']').unwrap_or(rest.len());
        let name = &rest[..name_len];
        self.advance(name_len);
        let spaces = self.rest().len() - self.rest().trim_start_matches([' ', '\t']).len();
        self.advance(spaces);
        if name.is_empty() || self.peek() != Some('"') {
            return Err(self.error(line, RecordErrorKind::Malformed("a tag that is not [Name \"value\"]")));
        }
        self.advance(1);
        let mut value = String::new();
        let mut chars = self.rest().char_indices();
        // Up to where the value is known to go on past a line break (a run of line breaks is looked at once).
        let mut goes_on_to = 0;
        while let Some((i, ch)) = chars.next() {
            if value.len() > self.limits.tag_bytes {
                return Err(self.error(line, too_large(Limited::Tag, self.limits.tag_bytes)));
            }
            match ch {
                '\\' if matches!(self.rest()[i + 1..].chars().next(), Some('"' | '\\')) => {
                    if let Some((_, escaped)) = chars.next() {
                        value.push(escaped);
                    }
                }
                '"' => {
                    let after = &self.rest()[i + 1..];
                    let trimmed = after.trim_start_matches([' ', '\t']);
                    if trimmed.starts_with(']') {
                        let len = i + 1 + (after.len() - trimmed.len()) + 1;
                        self.advance(len);
                        return Ok((name, value));
                    }
                    value.push('"');
                }
                '\n' | '\r' => {
                    // A line break inside a value: the value goes on, unless the next line starts a tag.
                    if i >= goes_on_to {
                        let after = self.rest()[i + 1..].trim_start_matches(['\n', ' ', '\t']);
                        if after.is_empty() || after.starts_with('[') {
                            break;
                        }
                        goes_on_to = self.rest().len() - after.len();
                    }
                    // One space for the line break (`\r\n` is one).
                    if !(ch == '\n' && self.rest()[..i].ends_with('\r')) {
                        value.push(' ');
                    }
                }
                _ => value.push(ch),
            }
        }
        Err(self.error(line, RecordErrorKind::Truncated("a tag value without its closing `\"]`")))
    }

    /// The next token of the move text, with its line; `None` at the end of the text or before a `[`.
    pub(super) fn token(&mut self) -> Result<Option<(Token<'a>, usize)>, RecordError> {
        self.skip_whitespace();
        let line = self.line;
        let rest = self.rest();
        let Some(first) = rest.chars().next() else { return Ok(None) };
        let token = match first {
            '[' => return Ok(None),
            '{' => {
                let Some(len) = rest.find('}') else {
                    return Err(self.error(line, RecordErrorKind::Truncated("a comment without `}`")));
                };
                if len - 1 > self.limits.comment_bytes {
                    return Err(self.error(line, too_large(Limited::Comment, self.limits.comment_bytes)));
                }
                self.advance(len + 1);
                return Ok(Some((Token::Comment(&rest[1..len]), line)));
            }
            '(' => (Token::Open, 1),
            ')' => (Token::Close, 1),
            '}' => return Err(self.error(line, RecordErrorKind::Malformed("`}` outside a comment"))),
            _ => {
                let len = word_len(rest);
                let word = &rest[..len];
                match move_number_len(word) {
                    Some(number) => (Token::Skip, number),
                    None => (classify(word), len),
                }
            }
        };
        self.advance(token.1);
        Ok(Some((token.0, line)))
    }
}

/// The error of a `what` longer than `limit` bytes.
pub(super) fn too_large(what: Limited, limit: usize) -> RecordErrorKind {
    RecordErrorKind::TooLarge { what, limit }
}

/// The length of the move number at the start of `word` (`12.`, `12...`, `12…`, `１２．`, or dots alone), if any.
/// `33.4` is not a move number: it is a WXF pawn move.
fn move_number_len(word: &str) -> Option<usize> {
    let digits = word.find(|c: char| !c.is_ascii_digit() && !('０'..='９').contains(&c)).unwrap_or(word.len());
    let rest = &word[digits..];
    let dots = rest.find(|c: char| !matches!(c, '.' | '…' | '．')).unwrap_or(rest.len());
    if dots == 0 {
        return None;
    }
    let after = &rest[dots..];
    if digits > 0 && &rest[..dots] == "." && after.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some(digits + dots)
}

/// What a word that is not a move number is.
fn classify(word: &str) -> Token<'_> {
    if let Some(result) = GameResult::from_pgn(word) {
        return Token::Result(result);
    }
    if word.len() >= 3 && word.bytes().all(|b| b == b'=') {
        return Token::End;
    }
    if let Some(number) = word.strip_prefix('$').filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
        // NAGs are numbered 0–255; a larger number is no NAG, and is skipped.
        return number.parse().map_or(Token::Skip, Token::Nag);
    }
    let bare = word.trim_end_matches(['!', '?']);
    match (bare.is_empty(), suffix_nag(&word[bare.len()..])) {
        (_, None) if bare.len() < word.len() => Token::Word(bare),
        (true, Some(nag)) => Token::Nag(nag),
        (false, Some(nag)) => Token::Annotated(bare, nag),
        _ => Token::Word(bare),
    }
}

/// The suffix annotations and their NAGs.
const SUFFIXES: [(&str, u8); 6] = [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)];

/// The NAG of a suffix annotation.
fn suffix_nag(suffix: &str) -> Option<u8> {
    SUFFIXES.iter().find(|(text, _)| *text == suffix).map(|&(_, nag)| nag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_ends_where_find_says() {
        // Every white space character of Unicode, ASCII punctuation that ends a word, and characters that do not.
        let ends: Vec<char> = (0..=0x3000u32).filter_map(char::from_u32).filter(|&ch| is_delimiter(ch)).collect();
        assert_eq!(ends.len(), 25 + 5);
        for text in ["炮二平五", "马８进７", "h2e2", "C2.5", "1.", "车一进一!?", "¡前兵"] {
            for end in ends.iter().copied().chain(['a', '炮', '\u{a1}', '\u{2010}', '\u{3001}', '😀']) {
                let word = format!("{text}{end}x");
                assert_eq!(word_len(&word), word.find(is_delimiter).unwrap_or(word.len()), "{word:?}");
            }
        }
    }
}
