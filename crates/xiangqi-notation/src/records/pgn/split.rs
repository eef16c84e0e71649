//! Where one game's bytes end in a PGN stream, and which encoding they are in ([`Splitter`]).
//!
//! A game ends at the start of a line that begins with `[` after the game's move text, outside a comment. The
//! bytes are scanned once, as they arrive, in the game's encoding (so that the trail byte of a GBK or Big5
//! character, which may be `{`, `}` or `]`, is not taken for one): the encoding is chosen at the game's first
//! byte outside ASCII, on the bytes from there to the game's likely end (at most [`DECIDE_LEN`]), as
//! [`encoding`](crate::encoding) chooses it for a whole file, unless [`ReadOptions`](crate::ReadOptions) names one.

use crate::encoding::{detect_unmarked, TextEncoding};

/// How many bytes from a game's first byte outside ASCII choose its encoding, at most (the scores of a few hundred
/// Chinese characters tell GBK from Big5 clearly).
const CHOOSE_LEN: usize = 16 << 10;

/// What the scan knows of the line it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    /// In the white space that starts the line.
    Start,
    /// A line of move text.
    Moves,
    /// A tag line: whether it holds a quote, and whether its last character other than white space is `]`.
    Tag { quote: bool, bracket_last: bool },
    /// The next line of a tag value: whether the character before was `"`, and whether `"]` was met.
    Value { after_quote: bool, closed: bool },
}

/// The scan of one game's bytes, resumed where it stopped when more bytes arrive.
#[derive(Clone, Debug)]
pub(super) struct Splitter {
    /// Where the scan goes on, or `None` for a new game.
    at: Option<usize>,
    /// Where the line being scanned starts.
    line_start: usize,
    kind: LineKind,
    /// Whether a line of move text has been seen.
    moves: bool,
    /// Whether the scan is inside a `{…}` comment.
    comment: bool,
    /// Whether the scan is inside a tag value that goes on past its line.
    tag: bool,
    /// The encoding of the game, once chosen (or the stream's).
    encoding: Option<TextEncoding>,
    /// The encoding of every game (the stream's), if known.
    forced: Option<TextEncoding>,
    /// Whether the last byte was the lead byte of a two-byte character.
    lead: bool,
}

/// White space that may start a line before its `[`: ASCII's, and U+3000 and U+FEFF in each encoding.
fn leading_space(bytes: &[u8], encoding: TextEncoding) -> Option<usize> {
    match (bytes, encoding) {
        ([b' ' | b'\t' | b'\r' | 0x0b | 0x0c, ..], _) => Some(1),
        ([0xe3, 0x80, 0x80, ..] | [0xef, 0xbb, 0xbf, ..], TextEncoding::Utf8) => Some(3),
        ([0xa1, 0xa1, ..], TextEncoding::Gbk) | ([0xa1, 0x40, ..], TextEncoding::Big5) => Some(2),
        _ => None,
    }
}

impl Splitter {
    /// A splitter of games in `forced`, or in the encoding detected for each game.
    pub(super) fn new(forced: Option<TextEncoding>) -> Splitter {
        Splitter {
            at: None,
            line_start: 0,
            kind: LineKind::Start,
            moves: false,
            comment: false,
            tag: false,
            encoding: forced,
            forced,
            lead: false,
        }
    }

    /// The end of the game that starts at `from` in `bytes`, and its encoding: the start of the next game, or
    /// the end of the bytes if `complete`; `None` if more bytes are needed. Resets for the next game when it
    /// returns an end.
    pub(super) fn game_end(&mut self, bytes: &[u8], from: usize, complete: bool) -> Option<(usize, TextEncoding)> {
        if self.at.is_none() {
            self.line_start = from;
        }
        let mut i = self.at.unwrap_or(from).max(from);
        while i < bytes.len() {
            let byte = bytes[i];
            if self.lead && byte != b'\n' {
                // The trail byte of a two-byte character.
                self.lead = false;
                self.after_other();
                i += 1;
                continue;
            }
            self.lead = false;
            let Some(encoding) = self.encoding.or_else(|| (byte.is_ascii()).then_some(TextEncoding::Utf8)) else {
                match self.choose(bytes, i, complete) {
                    Some(encoding) => self.encoding = Some(encoding),
                    None => {
                        self.at = Some(i);
                        return None;
                    }
                }
                continue;
            };
            if self.kind == LineKind::Start {
                if byte == b'\n' {
                    i += 1;
                    self.line_start = i;
                    continue;
                }
                if !byte.is_ascii() && !complete && bytes.len() - i < 3 {
                    // Perhaps white space of several bytes, cut off.
                    self.at = Some(i);
                    return None;
                }
                if let Some(len) = leading_space(&bytes[i..], encoding) {
                    i += len;
                    continue;
                }
                if self.tag && byte != b'[' {
                    self.kind = LineKind::Value { after_quote: false, closed: false };
                } else if !self.comment && byte == b'[' {
                    if self.moves && self.line_start > from {
                        let end = self.line_start;
                        *self = Splitter::new(self.forced);
                        return Some((end, encoding));
                    }
                    self.kind = LineKind::Tag { quote: false, bracket_last: false };
                } else {
                    self.moves = true;
                    self.kind = LineKind::Moves;
                }
            }
            if self.kind == LineKind::Moves && matches!(self.encoding, None | Some(TextEncoding::Utf8)) {
                // The hot path: in UTF-8 move text only line breaks and braces matter (and, while the encoding
                // is not chosen, the first byte outside ASCII, which chooses it).
                let undecided = self.encoding.is_none();
                let skip =
                    bytes[i..].iter().position(|&b| matches!(b, b'\n' | b'{' | b'}') || (undecided && !b.is_ascii()));
                match skip {
                    Some(0) => {}
                    Some(len) => {
                        i += len;
                        continue;
                    }
                    None => {
                        i = bytes.len();
                        continue;
                    }
                }
            }
            match byte {
                b'\n' => {
                    match self.kind {
                        LineKind::Tag { quote, bracket_last } => self.tag = quote && !bracket_last,
                        LineKind::Value { closed, .. } => self.tag = !closed,
                        LineKind::Moves | LineKind::Start => {}
                    }
                    self.kind = LineKind::Start;
                    self.line_start = i + 1;
                }
                0x81..=0xfe if encoding != TextEncoding::Utf8 => self.lead = true,
                _ if !byte.is_ascii() => self.after_other(),
                _ => self.after_ascii(byte),
            }
            i += 1;
        }
        if complete {
            let encoding = self.encoding.unwrap_or(TextEncoding::Utf8);
            *self = Splitter::new(self.forced);
            return Some((bytes.len(), encoding));
        }
        self.at = Some(i);
        None
    }

    /// After an ASCII character other than a line break.
    fn after_ascii(&mut self, byte: u8) {
        match &mut self.kind {
            LineKind::Moves => match byte {
                b'{' => self.comment = true,
                b'}' => self.comment = false,
                _ => {}
            },
            LineKind::Tag { quote, bracket_last } => {
                *quote |= byte == b'"';
                if !byte.is_ascii_whitespace() {
                    *bracket_last = byte == b']';
                }
            }
            LineKind::Value { after_quote, closed } => {
                *closed |= *after_quote && byte == b']';
                *after_quote = byte == b'"';
            }
            LineKind::Start => {}
        }
    }

    /// After a character outside ASCII.
    fn after_other(&mut self) {
        match &mut self.kind {
            LineKind::Tag { bracket_last, .. } => *bracket_last = false,
            LineKind::Value { after_quote, .. } => *after_quote = false,
            LineKind::Moves | LineKind::Start => {}
        }
    }

    /// The encoding of the game whose first byte outside ASCII is at `at`, chosen on the bytes from there to the
    /// first line after move text that starts with `[` (the likely end of the game), at most [`CHOOSE_LEN`] of
    /// them; `None` if more bytes are needed to see that far.
    fn choose(&self, bytes: &[u8], at: usize, complete: bool) -> Option<TextEncoding> {
        let limit = bytes.len().min(at.saturating_add(CHOOSE_LEN));
        let mut moves = self.moves;
        let mut line = self.line_start;
        let end = loop {
            let first = bytes[line..limit].iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r'));
            match first.map(|len| bytes[line + len]) {
                Some(b'[') if moves && line > at => break line,
                Some(b'[' | b'\n') | None => {}
                Some(_) => moves = true,
            }
            match bytes[line..limit].iter().position(|&b| b == b'\n') {
                Some(len) => line += len + 1,
                None if limit < bytes.len() || complete || limit - at >= CHOOSE_LEN => break limit,
                None => return None,
            }
        };
        Some(detect_unmarked(&bytes[at..end], end == bytes.len() && complete))
    }

    /// The bytes before `by` were dropped.
    pub(super) fn shift(&mut self, by: usize) {
        self.at = self.at.map(|at| at.saturating_sub(by));
        self.line_start = self.line_start.saturating_sub(by);
    }

    /// Where the scan goes on (the bytes before it are scanned and may be dropped while a game is skipped).
    pub(super) fn scanned(&self) -> Option<usize> {
        self.at
    }
}
