//! One entry point for a record file of any format: [`read_any`] recognises PGN, XQF, DhtmlXQ and CCBridge by
//! their content and reads the games one by one.

use core::{fmt, str::FromStr};
use std::{
    collections::VecDeque,
    io::{self, BufRead, Chain, Cursor, Read, Take},
};

use crate::{
    ccbridge, dhtmlxq, encoding, pgn, xqf, GameRecord, Location, ReadOptions, RecordError, RecordErrorKind, Warning,
};

/// The record formats [`read_any`] recognises.
///
/// `Display` and `FromStr` use the names `pgn`, `xqf`, `dhtmlxq` and `ccbridge` (reading ignores case); with
/// `serde` it is that text.
///
/// ```
/// use xiangqi::notation::RecordFormat;
///
/// assert_eq!(RecordFormat::Dhtmlxq.to_string(), "dhtmlxq");
/// assert_eq!("CCBridge".parse::<RecordFormat>(), Ok(RecordFormat::Ccbridge));
/// assert_eq!(
///     "cbr".parse::<RecordFormat>().unwrap_err().to_string(),
///     "invalid record format `cbr`: expected pgn, xqf, dhtmlxq or ccbridge"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordFormat {
    /// PGN, xiangqi flavour ([`pgn`]).
    Pgn,
    /// XQF, binary ([`xqf`]).
    Xqf,
    /// DhtmlXQ blocks, in a page or alone ([`dhtmlxq`]).
    Dhtmlxq,
    /// CCBridge (象棋桥) CBR, CBL or CBF ([`ccbridge`]).
    Ccbridge,
}

impl RecordFormat {
    /// All formats, in declaration order.
    pub const ALL: [RecordFormat; 4] =
        [RecordFormat::Pgn, RecordFormat::Xqf, RecordFormat::Dhtmlxq, RecordFormat::Ccbridge];

    /// The name used by `Display` and `FromStr`.
    pub const fn name(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Xqf => "xqf",
            RecordFormat::Dhtmlxq => "dhtmlxq",
            RecordFormat::Ccbridge => "ccbridge",
        }
    }
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

xiangqi_board::parse_error! {
    /// The error of parsing a [`RecordFormat`] name.
    pub struct ParseRecordFormatError: "record format", "pgn, xqf, dhtmlxq or ccbridge"
}

impl FromStr for RecordFormat {
    type Err = ParseRecordFormatError;

    fn from_str(name: &str) -> Result<RecordFormat, ParseRecordFormatError> {
        RecordFormat::ALL
            .into_iter()
            .find(|format| format.name().eq_ignore_ascii_case(name))
            .ok_or(ParseRecordFormatError::new(name))
    }
}

/// How many bytes at the start of the input [`read_any`] looks at to recognise the format.
pub const DETECT_LEN: usize = 1 << 20;

/// The format of a record whose first bytes (up to [`DETECT_LEN`] of them, or all) are `head`, if any:
/// - **XQF**: the bytes start with `XQ` and a version byte 0x0A–0x12;
/// - **CCBridge**: the CBR or CBL magic (`CCBridge Record`, `CCBridgeLibrary`), or XML with a
///   `<ChineseChessRecord` root (CBF);
/// - **PGN**: the first line that is not blank is a tag (`[Name "…`) other than a DhtmlXQ key, or starts with a
///   move number (`1.`);
/// - **DhtmlXQ**: `[DhtmlXQ` occurs (in any case) — a page, a block, or bare `[DhtmlXQ_…]` keys;
/// - otherwise `None`: a text export of another kind, an HTML page without a block, a binary file, an empty one.
///
/// The text is decoded as [`encoding`] describes (a byte-order mark, UTF-8, GBK or Big5).
///
/// ```
/// use xiangqi::notation::{detect_format, RecordFormat};
///
/// assert_eq!(detect_format(b"[Event \"x\"]\n1. h2e2 *"), Some(RecordFormat::Pgn));
/// assert_eq!(detect_format(b"<html>[DhtmlXQ][/DhtmlXQ]</html>"), Some(RecordFormat::Dhtmlxq));
/// assert_eq!(detect_format(b"title: x\n 1. h2e2"), None);
/// assert_eq!(detect_format(b""), None);
/// ```
pub fn detect_format(head: &[u8]) -> Option<RecordFormat> {
    if head.len() >= 3 && head.starts_with(b"XQ") && (0x0a..=0x12).contains(&head[2]) {
        return Some(RecordFormat::Xqf);
    }
    if ccbridge::is_ccbridge(head) {
        return Some(RecordFormat::Ccbridge);
    }
    let (text, _) = encoding::decode(head);
    if text.contains('\0') {
        return None;
    }
    let first =
        text.lines().map(|line| line.trim_matches(['\u{feff}', ' ', '\t', '\r', '\u{3000}'])).find(|l| !l.is_empty());
    let first = first.unwrap_or_default();
    let is_tag = first.strip_prefix('[').is_some_and(|rest| {
        let name_len = rest.find(|c: char| !c.is_ascii_alphanumeric() && c != '_').unwrap_or(rest.len());
        name_len > 0
            && !rest[..name_len].to_ascii_lowercase().starts_with("dhtmlxq")
            && rest[name_len..].trim_start_matches([' ', '\t']).starts_with('"')
    });
    let digits = first.find(|c: char| !c.is_ascii_digit()).unwrap_or(first.len());
    let is_move_number = digits > 0 && first[digits..].starts_with('.');
    if is_tag || is_move_number {
        return Some(RecordFormat::Pgn);
    }
    let lower = text.to_ascii_lowercase();
    lower.contains("[dhtmlxq").then_some(RecordFormat::Dhtmlxq)
}

/// A failure to read the input, as the error [`read_any`] returns.
fn io_error(err: io::Error) -> RecordError {
    RecordError::new(Location::Byte(0), RecordErrorKind::Io(err.kind()))
}

/// How far [`read_any`] reads a long text in which the first [`DETECT_LEN`] bytes hold no record, looking for a
/// DhtmlXQ block further down (a web page with a long head).
const LATE_BLOCK_LEN: usize = 16 << 20;

/// Reads on after a text `head` of [`DETECT_LEN`] bytes in which [`detect_format`] found nothing, up to
/// [`LATE_BLOCK_LEN`] bytes, until a `[DhtmlXQ` key appears (in any case); the bytes read are appended to `head`.
/// `Ok(None)` when the input is shorter than [`DETECT_LEN`], binary, or holds no such key.
fn late_dhtmlxq<R: Read>(reader: &mut R, head: &mut Vec<u8>) -> Result<Option<RecordFormat>, RecordError> {
    const KEY: &[u8] = b"[dhtmlxq";
    if head.len() < DETECT_LEN || head.contains(&0) {
        return Ok(None);
    }
    while head.len() < LATE_BLOCK_LEN {
        let searched = head.len().saturating_sub(KEY.len() - 1);
        let read = reader.take(DETECT_LEN as u64).read_to_end(head).map_err(io_error)?;
        if head[searched..].windows(KEY.len()).any(|window| window.eq_ignore_ascii_case(KEY)) {
            return Ok(Some(RecordFormat::Dhtmlxq));
        }
        if read == 0 || head[searched..].contains(&0) {
            break;
        }
    }
    Ok(None)
}

/// The input behind a reader of [`read_any`]: the bytes looked at, then the rest (none when the bytes looked at
/// ended at the end of the input, so that the end is not asked for twice: one call to the system fewer for each
/// small file).
type Input<R> = Chain<Cursor<Vec<u8>>, Take<R>>;

/// Reads a record of any format from `reader`: recognises the format on the first bytes
/// ([`detect_format`]), then returns the games one by one ([`AnyReader`]), read as `options` say. A text whose
/// first [`DETECT_LEN`] bytes hold no record is searched on (up to 16 MiB) for a DhtmlXQ block: web pages often
/// carry a long head before the game.
///
/// PGN and DhtmlXQ are streamed (see [`pgn::Reader`], [`dhtmlxq::Reader`]); an XQF or CCBridge file is read
/// whole, up to [`Limits::file_bytes`](crate::Limits::file_bytes) (a CBL library's games are then returned one
/// by one; its headings, which hold no game, are left out).
///
/// ```
/// use xiangqi::notation::{read_any, ReadOptions, RecordErrorKind, RecordFormat};
///
/// let mut games = read_any(&b"1. h2e2 h9g7 *\n"[..], ReadOptions::strict())?;
/// assert_eq!(games.format(), RecordFormat::Pgn);
/// assert_eq!(games.next().unwrap()?.main.nodes.len(), 2);
/// assert!(games.next().is_none());
///
/// let error = read_any(&b"<html><p>no game</p></html>"[..], ReadOptions::strict()).unwrap_err();
/// assert_eq!(error.kind, RecordErrorKind::NoRecord);
/// assert_eq!(error.to_string(), "game 1, line 1: no PGN, XQF, DhtmlXQ or CCBridge record found");
/// # Ok::<_, xiangqi::notation::RecordError>(())
/// ```
///
/// # Errors
/// [`RecordErrorKind::NoRecord`] when the input holds no record ([`detect_format`] says `None`),
/// [`RecordErrorKind::TooLarge`] for an XQF or CCBridge file larger than the limit, and
/// [`RecordErrorKind::Io`] when reading fails. The errors of the games themselves are the reader's items.
pub fn read_any<R: BufRead>(mut reader: R, options: ReadOptions) -> Result<AnyReader<R>, RecordError> {
    let mut head = Vec::new();
    (&mut reader).take(DETECT_LEN as u64).read_to_end(&mut head).map_err(io_error)?;
    let rest = if head.len() < DETECT_LEN { 0 } else { u64::MAX };
    let format = match detect_format(&head) {
        Some(format) => Some(format),
        None => late_dhtmlxq(&mut reader, &mut head)?,
    };
    let Some(format) = format else {
        return Err(RecordError::new(Location::Line(1), RecordErrorKind::NoRecord));
    };
    let input = Cursor::new(head).chain(reader.take(rest));
    let inner = match format {
        RecordFormat::Pgn => Inner::Pgn(pgn::Reader::with_options(input, options)),
        RecordFormat::Dhtmlxq => Inner::Dhtmlxq(dhtmlxq::Reader::with_options(input, options)),
        RecordFormat::Xqf | RecordFormat::Ccbridge => {
            let mut bytes = Vec::new();
            let limit = options.limits.file_bytes;
            input.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(io_error)?;
            if bytes.len() > limit {
                let kind = RecordErrorKind::TooLarge { what: crate::Limited::File, limit };
                return Err(RecordError::new(Location::Byte(0), kind));
            }
            let (games, warnings): (VecDeque<_>, _) = if format == RecordFormat::Xqf {
                match xqf::read_with(&bytes, options) {
                    Ok((game, warnings)) => ([Ok(game)].into(), warnings),
                    Err(err) => ([Err(err)].into(), Vec::new()),
                }
            } else {
                let (games, warnings) = ccbridge::read_games(&bytes, options);
                (games.into(), warnings)
            };
            Inner::Whole { games, warnings: warnings.into(), returned: false }
        }
    };
    Ok(AnyReader { format, inner })
}

/// The games of a record of any format, from [`read_any`]: one `Result` per game, in order, as the format's own
/// reader gives them, and [`take_warnings`](AnyReader::take_warnings) for the warnings of the games returned so
/// far.
pub struct AnyReader<R> {
    format: RecordFormat,
    inner: Inner<R>,
}

enum Inner<R> {
    Pgn(pgn::Reader<Input<R>>),
    Dhtmlxq(dhtmlxq::Reader<Input<R>>),
    /// A file read whole (XQF, CCBridge): its games, and its warnings, given once the first game is returned.
    Whole {
        games: VecDeque<Result<GameRecord, RecordError>>,
        warnings: VecDeque<Warning>,
        returned: bool,
    },
}

impl<R: BufRead> AnyReader<R> {
    /// The format recognised.
    pub fn format(&self) -> RecordFormat {
        self.format
    }

    /// The encoding of the text of the last game returned: per game in PGN ([`pgn::Reader::encoding`]), the
    /// input's in DhtmlXQ; `None` for the binary formats.
    pub fn encoding(&self) -> Option<encoding::TextEncoding> {
        match &self.inner {
            Inner::Pgn(reader) => reader.encoding(),
            Inner::Dhtmlxq(reader) => reader.encoding(),
            Inner::Whole { .. } => None,
        }
    }

    /// The warnings of the games returned so far, in file order, each once.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        match &mut self.inner {
            Inner::Pgn(reader) => reader.take_warnings(),
            Inner::Dhtmlxq(reader) => reader.take_warnings(),
            Inner::Whole { warnings, returned: true, .. } => warnings.drain(..).collect(),
            Inner::Whole { .. } => Vec::new(),
        }
    }
}

impl<R: BufRead> Iterator for AnyReader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Result<GameRecord, RecordError>> {
        match &mut self.inner {
            Inner::Pgn(reader) => reader.next(),
            Inner::Dhtmlxq(reader) => reader.next(),
            Inner::Whole { games, returned, .. } => {
                *returned = true;
                games.pop_front()
            }
        }
    }
}

impl<R> fmt::Debug for AnyReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyReader").field("format", &self.format).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page whose DhtmlXQ block starts after the first [`DETECT_LEN`] bytes.
    fn long_page(filler: usize, block: &str) -> Vec<u8> {
        let mut page = b"<html><head><style>".to_vec();
        page.resize(page.len() + filler, b' ');
        page.extend_from_slice(b"</style></head><body>");
        page.extend_from_slice(block.as_bytes());
        page.extend_from_slice(b"</body></html>");
        page
    }

    #[test]
    fn a_block_after_the_first_mebibyte_is_found() {
        let page =
            long_page(DETECT_LEN + DETECT_LEN / 2, "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]");
        let mut games = read_any(&page[..], ReadOptions::strict()).expect("a record");
        assert_eq!(games.format(), RecordFormat::Dhtmlxq);
        let game = games.next().expect("one game").expect("it reads");
        assert_eq!(game.main.nodes.len(), 1);
        assert!(games.next().is_none());
    }

    #[test]
    fn a_long_text_without_a_block_holds_no_record() {
        let page = long_page(DETECT_LEN * 2, "<p>no game</p>");
        let error = read_any(&page[..], ReadOptions::strict()).unwrap_err();
        assert_eq!(error.kind, RecordErrorKind::NoRecord);
    }
}
