//! Finding the blocks of a page or a stream of blocks, and reading them one by one ([`Reader`]).

use std::{collections::VecDeque, io::BufRead};

use super::read::{find_ignore_case, read_block, Source};
use crate::{
    encoding, records::lenient::Context, records::stream::Window, GameRecord, Limited, Location, ReadOptions,
    RecordError, RecordErrorKind, Warning,
};

/// Reads every DhtmlXQ block of `bytes` (a page or a bare block, in UTF-8, GBK or Big5: see
/// [`encoding`]).
///
/// # Errors
/// See [`read_str`].
pub fn read(bytes: &[u8]) -> Result<Vec<GameRecord>, RecordError> {
    read_str(&encoding::decode(bytes).0)
}

/// Reads every DhtmlXQ block of `text` (see [`Reader`], which reads them one by one, and leniently if asked).
///
/// # Errors
/// The first block's error: a [`RecordError`] naming the game (the block, from 1) and the line:
/// [`RecordErrorKind::NotThisFormat`] when there is no block, [`RecordErrorKind::Truncated`] for a key or block
/// that is not closed, [`RecordErrorKind::Malformed`] for a bad `binit`, movelist or variation key,
/// [`RecordErrorKind::BadKey`] for a key that is not letters, digits and `_`, [`RecordErrorKind::BinitOffBoard`]
/// for a `binit` square off the board,
/// [`RecordErrorKind::Fen`], [`RecordErrorKind::SquareTaken`], [`RecordErrorKind::StartPosition`], and
/// [`RecordErrorKind::Move`] (with the ply and the move's four digits as the text) for a move that is not legal.
pub fn read_str(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    Reader::new(text.as_bytes()).collect()
}

/// A streaming DhtmlXQ reader: the games of the `[DhtmlXQ]` and `[DhtmlXQiFrame]` blocks of a page (or of a
/// file of blocks) one by one, holding only the block being read.
///
/// The encoding is detected on the first bytes, as for [`pgn::Reader`](crate::pgn::Reader). A block that
/// cannot be read is an `Err` item and reading goes on with the next block. A text without any block but with
/// `[DhtmlXQ_…]` keys is read as one block (that text is held whole); a text with neither gives one
/// [`RecordErrorKind::NotThisFormat`] error. Warnings ([`take_warnings`](Reader::take_warnings)) name the keys
/// that were skipped and, with [`ReadOptions::lenient`], the moves left out.
///
/// ```
/// use xiangqi::notation::dhtmlxq;
///
/// let page = "<p>[DhtmlXQiFrame][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQiFrame]</p>\n\
///             <p>[DHTMLXQ][DHTMLXQ_MOVELIST]77477062[/DHTMLXQ_MOVELIST][/DHTMLXQ]</p>";
/// let games: Vec<_> = dhtmlxq::Reader::new(page.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].main.nodes.len(), 2);
/// # Ok::<_, xiangqi::notation::RecordError>(())
/// ```
pub struct Reader<R> {
    window: Window<R>,
    /// No block starts in the window's text before this offset (at or after its read position).
    searched: usize,
    failed: bool,
    options: ReadOptions,
    /// Blocks returned (read or failed).
    returned: usize,
    /// Whether the reader is skipping the rest of a block larger than the limit.
    skipping: bool,
    warnings: VecDeque<Warning>,
}

impl<R: BufRead> Reader<R> {
    /// A strict reader of `reader`.
    pub fn new(reader: R) -> Reader<R> {
        Reader::with_options(reader, ReadOptions::strict())
    }

    /// A reader of `reader` that reads as `options` say.
    pub fn with_options(reader: R, options: ReadOptions) -> Reader<R> {
        let window = Window::new(reader, options.encoding);
        Reader { window, searched: 0, failed: false, options, returned: 0, skipping: false, warnings: VecDeque::new() }
    }

    /// The warnings of the games returned so far, in file order, each once.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        self.warnings.drain(..).collect()
    }

    /// The encoding of the input (chosen in [`ReadOptions::encoding`], or detected on its first bytes), once
    /// known.
    pub fn encoding(&self) -> Option<encoding::TextEncoding> {
        self.window.encoding()
    }

    /// Reads one block whose body is `body_start..body_end` and which ends at `after` (`cut`: at the end of the
    /// input, without its closing tag).
    fn block(
        &mut self,
        body_start: usize,
        body_end: usize,
        after: usize,
        cut: bool,
    ) -> Result<GameRecord, RecordError> {
        self.returned += 1;
        self.window.advance(body_start);
        let mut source = Source::new(&self.window.text[body_start..body_end], self.window.line);
        source.cut = cut;
        let mut context = Context::new(self.options, self.returned);
        let result = read_block(&source, &mut context).map_err(|err| err.in_game(self.returned));
        if result.is_ok() {
            self.warnings.extend(context.warnings);
        }
        self.window.advance(after);
        self.searched = after;
        result
    }

    /// The error of a block that is not closed at the end of the input, whose opening tag is at `open`.
    fn unclosed(&mut self, open: usize) -> RecordError {
        self.returned += 1;
        self.window.advance(open);
        let error = RecordErrorKind::Truncated("a [DhtmlXQ] block without [/DhtmlXQ]");
        let error = RecordError::new(Location::Line(self.window.line), error).in_game(self.returned);
        self.window.advance(self.window.text.len());
        error
    }

    /// The error of a block that starts at or after `from` and is not closed within `limit` bytes, if there is
    /// one: the reader then skips it ([`skip_block`](Self::skip_block)).
    fn too_large(&mut self, from: usize, limit: usize) -> Option<RecordError> {
        let text = &self.window.text[from..];
        let (open, _) = find_first(text, &["[DhtmlXQ]", "[DhtmlXQiFrame]"])?;
        if text.len() - open <= limit || find_first(&text[open..], &["[/DhtmlXQ]", "[/DhtmlXQiFrame]"]).is_some() {
            return None;
        }
        self.returned += 1;
        self.window.advance(from + open);
        let kind = RecordErrorKind::TooLarge { what: Limited::Game, limit };
        let error = RecordError::new(Location::Line(self.window.line), kind).in_game(self.returned);
        self.skipping = true;
        self.searched = self.window.pos;
        Some(error)
    }

    /// Drops the text of a block too large to read up to its closing tag, or up to the last few bytes.
    fn skip_block(&mut self, from: usize) {
        let text = &self.window.text[from..];
        match find_first(text, &["[/DhtmlXQ]", "[/DhtmlXQiFrame]"]) {
            Some((close, len)) => {
                self.skipping = false;
                self.window.advance(from + close + len);
            }
            None => {
                let mut keep = self.window.text.len().saturating_sub(KEEP).max(from);
                while !self.window.text.is_char_boundary(keep) {
                    keep += 1;
                }
                self.window.advance(keep);
            }
        }
        self.searched = self.window.pos;
    }

    /// At the end of an input without any block: its text as one block if it has keys, else the error.
    fn without_block(&mut self) -> Result<GameRecord, RecordError> {
        let (start, end) = (self.window.pos, self.window.text.len());
        if find_ignore_case(&self.window.text[start..], "[DhtmlXQ_").is_some() {
            return self.block(start, end, end, false);
        }
        self.returned = 1;
        self.failed = true;
        Err(RecordError::new(Location::Line(1), RecordErrorKind::NotThisFormat("DhtmlXQ")))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Result<GameRecord, RecordError>> {
        let limit = self.options.limits.game_bytes;
        while !self.failed {
            let from = self.searched.max(self.window.pos);
            let end = self.window.end;
            if self.skipping {
                self.skip_block(from);
            } else if let Some(error) = self.too_large(from, limit) {
                return Some(Err(error));
            }
            let from = self.searched.max(self.window.pos);
            match find_block(&self.window.text[from..], end).filter(|_| !self.skipping) {
                Some(Found { open, body, end: Some((close, after)) }) if close - body > limit => {
                    self.returned += 1;
                    self.window.advance(from + open);
                    let kind = RecordErrorKind::TooLarge { what: Limited::Game, limit };
                    let error = RecordError::new(Location::Line(self.window.line), kind).in_game(self.returned);
                    self.window.advance(from + after);
                    self.searched = from + after;
                    return Some(Err(error));
                }
                Some(Found { body, end: Some((close, after)), .. }) => {
                    return Some(self.block(from + body, from + close, from + after, false))
                }
                Some(Found { body, .. }) if end && self.options.is_lenient() => {
                    let len = self.window.text.len();
                    return Some(self.block(from + body, len, len, true));
                }
                Some(Found { open, .. }) if end => return Some(Err(self.unclosed(from + open))),
                Some(Found { open, .. }) => self.searched = from + open,
                None if end && self.returned > 0 => return None,
                None if end => return Some(self.without_block()),
                None => {
                    // No block starts before the last few bytes.
                    let text = &self.window.text;
                    let mut keep = text.len().saturating_sub(KEEP).max(from);
                    while !text.is_char_boundary(keep) {
                        keep += 1;
                    }
                    self.searched = keep;
                    // Before the first block, the text is kept (up to the limit): it may be a block without
                    // `[DhtmlXQ]`.
                    if self.returned > 0 || keep - self.window.pos > limit {
                        self.window.advance(keep);
                    }
                }
            }
            match self.window.read_more(self.returned + 1) {
                Ok(dropped) => self.searched = self.searched.saturating_sub(dropped),
                Err(err) => {
                    self.failed = true;
                    self.returned += 1;
                    return Some(Err(err));
                }
            }
        }
        None
    }
}

impl<R> core::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Reader").field("games", &self.returned).finish_non_exhaustive()
    }
}

/// Bytes kept at the end of the buffer while looking for a block: the longest marker, less one.
const KEEP: usize = 16;

/// The first of several needles to occur, as (offset, needle length).
fn find_first(text: &str, needles: &[&str]) -> Option<(usize, usize)> {
    needles.iter().filter_map(|needle| find_ignore_case(text, needle).map(|at| (at, needle.len()))).min()
}

/// The first block of `text`: where its opening tag starts, where its body starts, and, if the block is closed
/// in `text`, where its body ends and where the closing tag ends. The closing tag is looked for outside the
/// values of the block's pairs; `complete` says that no more text follows `text`.
fn find_block(text: &str, complete: bool) -> Option<Found> {
    let (open, len) = find_first(text, &["[DhtmlXQ]", "[DhtmlXQiFrame]"])?;
    let body = open + len;
    Some(Found { open, body, end: block_end(text, body, complete) })
}

/// A block found by [`find_block`] (offsets in the text searched).
struct Found {
    open: usize,
    body: usize,
    /// The end of the body and the end of the closing tag, if the block is closed.
    end: Option<(usize, usize)>,
}

/// Where the block whose body starts at `from` ends (see [`find_block`]).
fn block_end(text: &str, mut from: usize, complete: bool) -> Option<(usize, usize)> {
    const KEY: &str = "[DhtmlXQ_";
    // The first closing tag at or after `from` (absolute offsets), looked for again only once `from` passes it,
    // so that the text is searched once however many pairs it holds.
    let mut first_close: Option<(usize, usize)> = None;
    loop {
        let (close, close_len) = match first_close {
            Some((at, len)) if at >= from => (at - from, len),
            _ => find_first(&text[from..], &["[/DhtmlXQ]", "[/DhtmlXQiFrame]"])?,
        };
        first_close = Some((from + close, close_len));
        let key = find_ignore_case(&text[from..from + close], KEY);
        let Some(key) = key else { return Some((from + close, from + close + close_len)) };
        // Skip the pair: its value may hold the block's closing tag.
        let key_start = from + key + KEY.len();
        let key_len = text[key_start..].find(']')?;
        let value_start = key_start + key_len + 1;
        let rest = &text[value_start..];
        let next_key = find_ignore_case(rest, KEY);
        let close_tag = format!("[/DhtmlXQ_{}]", &text[key_start..key_start + key_len]);
        match find_ignore_case(&rest[..next_key.unwrap_or(rest.len())], &close_tag) {
            Some(len) => from = value_start + len + close_tag.len(),
            // The value may go on in text not read yet.
            None if next_key.is_none() && !complete => return None,
            None => from = value_start,
        }
    }
}
