//! Reading and writing DhtmlXQ (东萍 dpxq.com "UBB") records.
//!
//! # Format
//! A `[DhtmlXQ]` … `[/DhtmlXQ]` block (or `[DhtmlXQiFrame]` … `[/DhtmlXQiFrame]`, the form of forum posts),
//! usually inside a web page, holds `[DhtmlXQ_key]value[/DhtmlXQ_key]` pairs; a page may hold several blocks,
//! each a game. Block tags and keys are read in any case (`[DHTMLXQ_MOVELIST]`), and `\uXXXX` escapes (the
//! players' encoding of characters outside Latin-1) are decoded in tags and comments (the writer writes a
//! backslash that would read as one as `\u005c`). The keys, as the dpxq and ichinachess players read them:
//! - `binit`: the start position as 64 digits, the 32 pieces in XQF order (Red's `车马相士帅士相马车炮炮兵×5`,
//!   then Black's), each as `x y` with x the file from the left (0–8) and y the rank **from the top** (0–9,
//!   so y = 9 − ICCS rank); `99` is a piece not on the board, and so is any character that is not a digit, which
//!   the players read as 9 (`63nn69nn49…`). An empty `binit`, or none, is the start position. The side to move
//!   is not stored: it is the side of the piece the first move moves.
//! - `fen`: a FEN, which takes priority over `binit` (and gives the side to move).
//! - `movelist`: the main line, four digits per move, `x y` of the start square then of the end square. The
//!   old letter-coded form (`77479EZK0000 10222FXH0001 …`) is read too: records of 12 characters, characters
//!   0–3 the move, 4–7 display letters, 8–11 an index; records are numbered from 0, a record whose index is its
//!   own number continues the one before, and a record with an earlier record's index is an alternative to that
//!   record and starts a variation there (the records after it continue the variation).
//! - `move_<parent>_<step>_<id>`: variation `id` (from 1) branching off line `parent` (0 is the main line): its
//!   first move is the alternative to the move at `step` of that line (steps count plies from the start
//!   position, from 1), and its value lists the variation's moves from there on. Variations may come in any
//!   order, also before the line they branch from.
//! - `comment<step>` (main line) and `comment<id>_<step>` (variation `id`): the comment after the move at
//!   `step`; `comment0` is the comment on the whole game, and `comment<id>_<step − 1>` for a variation starting
//!   at `step` is the comment before its first move. `||` in a comment is a line break. A comment on a line or
//!   step the moves do not have is left out with a [`Warning`](crate::Warning)
//!   ([`WarningKind::UnplacedComment`](crate::WarningKind::UnplacedComment)).
//! - `result`: `红胜`/`紅勝`/`W`/`1-0`, `黑胜`/`黑勝`/`L`/`0-1`, anything with `和` or `D`/`1/2-1/2`; anything else is
//!   unknown.
//! - every other key is a tag: `title` → `Title`, `event` → `Event`, `date` → `Date`, `place` → `Site`,
//!   `round` → `Round`, `red` → `Red`, `redteam` → `RedTeam`, `redtime` → `RedTime`, `black` → `Black`,
//!   `blackteam` → `BlackTeam`, `blacktime` → `BlackTime`, `open` → `Opening`, `author` → `Author`; other keys
//!   keep their name.
//!
//! A pair whose closing tag is missing or names another key (`[DhtmlXQ_redtime]10[/DhtmlXQ_time]`, as the
//! ichinachess generator writes) is skipped with a [`Warning`](crate::Warning) when its key carries no moves;
//! for `binit`, `fen`, `movelist`, `move_…` and `comment…` it is an error.
//!
//! The variation numbering (`step` is the ply of the variation's first move) follows the dpxq player as I
//! understand it; the shared test corpus has no DhtmlXQ variations to confirm it.
//!
//! # Writing
//! [`write()`] writes the block in that form: the tags, the result, `binit` and `fen` unless the game starts from
//! the start position with Red to move, the main line, the variations numbered depth first, and the comments
//! (a line break becomes `||`, except next to a `|`, where it stays a line break; a space follows every `|` that
//! another `|` follows, so that `||` is written `| |` and `|||` is written `| | |`).
//!
//! ```
//! use xiangqi::notation::{dhtmlxq, GameResult};
//!
//! let page = "<div>[DhtmlXQ][DhtmlXQ_red]Red player[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]\
//!             [DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1][/DhtmlXQ]</div>";
//! let games = dhtmlxq::read_str(page)?;
//! let game = &games[0];
//! assert_eq!(game.tags.get("Red"), Some("Red player"));
//! assert_eq!(game.result, GameResult::RedWins);
//! assert_eq!(game.main_moves().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(game.main.nodes[0].comment.as_deref(), Some("中炮"));
//! assert_eq!(game.main.nodes[1].variations[0].nodes[0].mv.to_string(), "b9c7");
//!
//! let text = dhtmlxq::write(game)?;
//! assert_eq!(dhtmlxq::read_str(&text)?[0], *game);
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```

use core::fmt::Write as _;
use std::{borrow::Cow, collections::VecDeque, io::BufRead};

use xiangqi_board::{Board, Color, Move, Piece, Position, Setup, Square};

use crate::{
    encoding,
    records::game::clean_comment,
    records::lenient::Context,
    records::piece_order::PIECE_ORDER,
    records::stream::{count_lines, Window},
    records::tree::{RawMove, Tree, TreeNode, ROOT},
    records::walk::{walk, Check, Visit},
    GameRecord, GameResult, Line, Location, ReadOptions, RecordError, RecordErrorKind, Warning, WarningKind,
};

/// DhtmlXQ keys that are tags, with their PGN names.
const TAGS: [(&str, &str); 13] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blacktime", "BlackTime"),
    ("open", "Opening"),
    ("author", "Author"),
];

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
    warnings: VecDeque<Warning>,
}

impl<R: BufRead> Reader<R> {
    /// A strict reader of `reader`.
    pub fn new(reader: R) -> Reader<R> {
        Reader::with_options(reader, ReadOptions::strict())
    }

    /// A reader of `reader` that reads as `options` say.
    pub fn with_options(reader: R, options: ReadOptions) -> Reader<R> {
        let window = Window::new(reader);
        Reader { window, searched: 0, failed: false, options, returned: 0, warnings: VecDeque::new() }
    }

    /// The warnings of the games returned so far, in file order, each once.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        self.warnings.drain(..).collect()
    }

    /// Reads one block whose body is `body_start..body_end` and which ends at `after`.
    fn block(&mut self, body_start: usize, body_end: usize, after: usize) -> Result<GameRecord, RecordError> {
        self.returned += 1;
        self.window.advance(body_start);
        let source = Source { text: &self.window.text[body_start..body_end], line: self.window.line };
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

    /// At the end of an input without any block: its text as one block if it has keys, else the error.
    fn without_block(&mut self) -> Result<GameRecord, RecordError> {
        let (start, end) = (self.window.pos, self.window.text.len());
        if find_ignore_case(&self.window.text[start..], "[DhtmlXQ_").is_some() {
            return self.block(start, end, end);
        }
        self.returned = 1;
        self.failed = true;
        Err(RecordError::new(Location::Line(1), RecordErrorKind::NotThisFormat("DhtmlXQ")))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Result<GameRecord, RecordError>> {
        while !self.failed {
            let from = self.searched.max(self.window.pos);
            let end = self.window.end;
            match find_block(&self.window.text[from..], end) {
                Some(Found { body, end: Some((close, after)), .. }) => {
                    return Some(self.block(from + body, from + close, from + after))
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
                    // Before the first block, the text is kept: it may be a block without `[DhtmlXQ]`.
                    if self.returned > 0 {
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

/// Where `needle` (ASCII, starting with `[`) first occurs in `text`, ignoring ASCII case.
fn find_ignore_case(text: &str, needle: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let needle = needle.as_bytes();
    let mut from = 0;
    while let Some(i) = bytes[from..].iter().position(|&b| b == needle[0]) {
        let at = from + i;
        if bytes.get(at..at + needle.len()).is_some_and(|window| window.eq_ignore_ascii_case(needle)) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

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
    loop {
        let (close, close_len) = find_first(&text[from..], &["[/DhtmlXQ]", "[/DhtmlXQiFrame]"])?;
        let key = find_ignore_case(&text[from..], KEY).filter(|&key| key < close);
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

/// The text of one block, and the line it starts on.
struct Source<'a> {
    text: &'a str,
    line: usize,
}

impl Source<'_> {
    /// Where byte `at` of the block is.
    fn locate(&self, at: usize) -> Location {
        Location::Line(self.line + count_lines(&self.text[..at.min(self.text.len())]))
    }

    fn error(&self, at: usize, kind: impl Into<RecordErrorKind>) -> RecordError {
        RecordError::new(self.locate(at), kind)
    }
}

/// One `[DhtmlXQ_key]value[/DhtmlXQ_key]` pair.
struct Entry<'a> {
    /// The key as written.
    key: &'a str,
    value: &'a str,
    /// The byte offset of the value in the block.
    at: usize,
}

/// Whether a key carries moves, a position or comments: such a pair must be well formed.
fn carries_moves(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["binit", "fen", "movelist"].contains(&key.as_str()) || key.starts_with("move_") || key.starts_with("comment")
}

/// The pairs of a block. A pair whose closing tag is missing (before the next key) is an error if its key
/// [carries moves](carries_moves), and is skipped with a warning otherwise.
fn entries<'a>(source: &Source<'a>, context: &mut Context) -> Result<Vec<Entry<'a>>, RecordError> {
    const KEY: &str = "[DhtmlXQ_";
    let text = source.text;
    let mut entries = Vec::new();
    let mut from = 0;
    while let Some(found) = find_ignore_case(&text[from..], KEY) {
        let key_start = from + found + KEY.len();
        let Some(key_len) = text[key_start..].find(']') else {
            return Err(source.error(key_start, RecordErrorKind::Truncated("a [DhtmlXQ_ key without `]`")));
        };
        let key = &text[key_start..key_start + key_len];
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            let error = RecordErrorKind::Malformed("a key that is not letters, digits and `_`");
            return Err(source.error(key_start, error));
        }
        let value_start = key_start + key_len + 1;
        let rest = &text[value_start..];
        let next_key = find_ignore_case(rest, KEY).unwrap_or(rest.len());
        let close_tag = format!("[/DhtmlXQ_{key}]");
        match find_ignore_case(&rest[..next_key], &close_tag) {
            Some(len) => {
                entries.push(Entry { key, value: &rest[..len], at: value_start });
                from = value_start + len + close_tag.len();
            }
            None if carries_moves(key) => {
                let error = RecordErrorKind::Truncated("a [DhtmlXQ_key] without its closing tag");
                return Err(source.error(key_start, error));
            }
            None => {
                context.warn(source.locate(key_start), WarningKind::SkippedKey(key.to_owned()));
                from = value_start + next_key;
            }
        }
    }
    Ok(entries)
}

/// A variation as its key gives it.
struct Branch<'a> {
    id: usize,
    parent: usize,
    step: usize,
    entry: Entry<'a>,
}

/// What a comment key names: the line and the step.
fn comment_key(key: &str) -> Option<(usize, usize)> {
    let rest = key.strip_prefix("comment")?;
    match rest.split_once('_') {
        Some((line, step)) => Some((line.parse().ok()?, step.parse().ok()?)),
        None => Some((0, rest.parse().ok()?)),
    }
}

/// `move_<parent>_<step>_<id>`.
fn branch_key(key: &str) -> Option<(usize, usize, usize)> {
    let mut parts = key.strip_prefix("move_")?.split('_');
    let numbers = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    parts.next().is_none().then_some(numbers)
}

/// `\uXXXX` escapes (the DhtmlXQ players' encoding of characters outside Latin-1) decoded; surrogate pairs
/// are joined, and an escape that names no character is left as written.
fn unescape(value: &str) -> Cow<'_, str> {
    if !value.contains("\\u") {
        return Cow::Borrowed(value);
    }
    let hex = |s: &str| -> Option<u32> {
        let digits = s.get(..4)?;
        digits.bytes().all(|b| b.is_ascii_hexdigit()).then(|| u32::from_str_radix(digits, 16).ok())?
    };
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(unit) = hex(&rest[2..]) else {
            out.push_str("\\u");
            rest = &rest[2..];
            continue;
        };
        let pair = rest.get(6..8).filter(|s| *s == "\\u").and_then(|_| hex(&rest[8..]));
        match (unit, pair) {
            (0xd800..=0xdbff, Some(low @ 0xdc00..=0xdfff)) => {
                let code = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
                out.extend(char::from_u32(code));
                rest = &rest[12..];
            }
            _ => match char::from_u32(unit) {
                Some(ch) => {
                    out.push(ch);
                    rest = &rest[6..];
                }
                None => {
                    out.push_str(&rest[..6]);
                    rest = &rest[6..];
                }
            },
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The game of one block.
fn read_block(source: &Source<'_>, context: &mut Context) -> Result<GameRecord, RecordError> {
    let mut game = GameRecord::new();
    let mut binit = None;
    let mut fen = None;
    let mut movelist = None;
    let mut branches = Vec::new();
    let mut comments = Vec::new();
    for entry in entries(source, context)? {
        let key = entry.key.to_ascii_lowercase();
        if key == "binit" {
            binit = Some(entry);
        } else if key == "fen" {
            fen = Some(entry);
        } else if key == "movelist" {
            movelist = Some(entry);
        } else if key == "result" {
            game.result = result(entry.value);
        } else if let Some((parent, step, id)) = branch_key(&key) {
            branches.push(Branch { id, parent, step, entry });
        } else if key.starts_with("move_") {
            let error = RecordErrorKind::Malformed("a variation key not move_<parent>_<step>_<id>");
            return Err(source.error(entry.at, error));
        } else if let Some((id, step)) = comment_key(&key) {
            comments.push((id, step, comment_text(&unescape(entry.value)), entry));
        } else {
            let name = TAGS.iter().find(|(k, _)| *k == key).map_or(entry.key, |(_, name)| name);
            game.tags.insert(name, unescape(entry.value));
        }
    }

    // The moves, as a tree; `paths` lists the tree nodes of each line by step.
    let mut tree = Tree::new(None);
    let mut paths: Vec<(usize, Vec<usize>)> = Vec::new(); // (id, nodes by step - 1)
    let mut main = Vec::new();
    match &movelist {
        Some(entry) if is_letter_coded(entry.value) => {
            add_coded_moves(&mut tree, entry, source)?;
            // The main line: the first child of each node.
            let mut node = ROOT;
            while let Some(&child) = tree.nodes[node].children.first() {
                main.push(child);
                node = child;
            }
        }
        Some(entry) => add_moves(&mut tree, &mut main, ROOT, entry, source)?,
        None => {}
    }
    paths.push((0, main));
    // Variations in any order: each pass adds those whose line is there, until none is left or none can be.
    branches.sort_by_key(|branch| branch.id);
    let mut waiting: Vec<&Branch<'_>> = branches.iter().collect();
    let mut added = Vec::new();
    while !waiting.is_empty() {
        let before = waiting.len();
        let mut later = Vec::new();
        for branch in waiting {
            let at = branch.entry.at;
            if branch.id == 0 || paths.iter().any(|(id, _)| *id == branch.id) {
                return Err(source.error(at, RecordErrorKind::Malformed("two variations with one number")));
            }
            let Some((_, parent_path)) = paths.iter().find(|(id, _)| *id == branch.parent) else {
                later.push(branch);
                continue;
            };
            if branch.step == 0 || branch.step > parent_path.len() {
                let error = RecordErrorKind::Malformed("a variation at a step its line does not reach");
                return Err(source.error(at, error));
            }
            let mut path = parent_path[..branch.step - 1].to_vec();
            let from = path.last().copied().unwrap_or(ROOT);
            add_moves(&mut tree, &mut path, from, &branch.entry, source)?;
            if path.len() < branch.step {
                return Err(source.error(at, RecordErrorKind::Malformed("an empty variation")));
            }
            paths.push((branch.id, path));
            added.push(branch);
        }
        if later.len() == before {
            let at = later[0].entry.at;
            return Err(source.error(at, RecordErrorKind::Malformed("a variation of a line that does not exist")));
        }
        waiting = later;
    }
    for (id, step, comment, entry) in comments {
        let place = paths.iter().find(|(line, _)| *line == id).and_then(|(_, path)| {
            let start = added.iter().find(|b| b.id == id).map_or(1, |b| b.step);
            if step == 0 && id == 0 {
                Some(&mut tree.nodes[ROOT].comment)
            } else if id != 0 && step + 1 == start {
                Some(&mut tree.nodes[path[start - 1]].before)
            } else if step >= start {
                path.get(step - 1).map(|&node| &mut tree.nodes[node].comment)
            } else {
                None
            }
        });
        match place {
            Some(place) => *place = comment,
            // A comment on a line or step the moves do not have (or that lenient reading left out).
            None if comment.is_some() => {
                context.warn(source.locate(entry.at), WarningKind::UnplacedComment(entry.key.to_owned()));
            }
            None => {}
        }
    }

    let setup = match (&fen, &binit) {
        (Some(entry), _) => {
            Setup::from_fen(entry.value.trim()).map_err(|e| source.error(entry.at, xiangqi_board::FenError::from(e)))?
        }
        (None, Some(entry)) => {
            let board = read_binit(entry.value).map_err(|kind| source.error(entry.at, kind))?;
            let turn = tree.first_mover(&board);
            Setup { board, turn, ..Setup::default() }
        }
        (None, None) => Setup::default(),
    };
    game.start = Position::from_setup(setup).map_err(|e| {
        let at = fen.as_ref().or(binit.as_ref()).map_or(0, |entry| entry.at);
        source.error(at, e)
    })?;
    let locate = |at: usize| source.locate(at);
    tree.prune(&game.start, &locate, context);
    game.main = tree.into_line(&game.start, &locate)?;
    Ok(game)
}

/// Reads the four-digit moves of `entry` into `tree` after node `from`, appending the new nodes to `path`.
fn add_moves(
    tree: &mut Tree,
    path: &mut Vec<usize>,
    mut from: usize,
    entry: &Entry<'_>,
    source: &Source<'_>,
) -> Result<(), RecordError> {
    let digits = characters(entry);
    if let Some(&(at, _)) = digits.iter().find(|(_, b)| !b.is_ascii_digit()) {
        let error = RecordErrorKind::Malformed("a move list with a character other than a digit");
        return Err(source.error(at, error));
    }
    if digits.len() % 4 != 0 {
        let end = entry.at + entry.value.len();
        let error = RecordErrorKind::Truncated("a move list whose length is not a multiple of 4");
        return Err(source.error(end, error));
    }
    for chunk in digits.chunks_exact(4) {
        let mv = raw_move(chunk);
        let node = TreeNode { mv, comment: None, before: None, at: chunk[0].0, children: Vec::new() };
        from = tree.push(from, node);
        path.push(from);
    }
    Ok(())
}

/// The characters of a value other than white space, with their offsets in the block.
fn characters(entry: &Entry<'_>) -> Vec<(usize, u8)> {
    let chars = entry.value.bytes().enumerate().filter(|(_, b)| !b.is_ascii_whitespace());
    chars.map(|(i, b)| (entry.at + i, b)).collect()
}

/// The move of four digits `x y x y` (with their offsets), which are known to be digits.
fn raw_move(digits: &[(usize, u8)]) -> RawMove {
    let d = |k: usize| digits[k].1 - b'0';
    let text: String = digits.iter().map(|&(_, b)| char::from(b)).collect();
    match (square(d(0), d(1)), square(d(2), d(3))) {
        (Some(a), Some(b)) => RawMove::Squares(Move::new(a, b), Some(text)),
        _ => RawMove::OffBoard(text),
    }
}

/// Whether a move list is in the old letter-coded form: a first record of 12 characters with a letter among
/// characters 4–7.
fn is_letter_coded(value: &str) -> bool {
    let first: Vec<u8> = value.bytes().filter(|b| !b.is_ascii_whitespace()).take(12).collect();
    first.len() == 12 && first[4..8].iter().any(u8::is_ascii_alphabetic)
}

/// Reads the old letter-coded move list into `tree`: records of 12 characters (white space between them is
/// ignored), characters 0–3 the move as four digits, 4–7 letters the players use for display, 8–11 an index.
/// Records are numbered from 0 in the order of the list. A record whose index is its own number continues the
/// record before it; a record with the index of an earlier record is an alternative to that record (it starts a
/// variation there), and the records after it continue the variation.
fn add_coded_moves(tree: &mut Tree, entry: &Entry<'_>, source: &Source<'_>) -> Result<(), RecordError> {
    let chars = characters(entry);
    if chars.len() % 12 != 0 {
        let error = RecordErrorKind::Truncated("a letter-coded move list whose length is not a multiple of 12");
        return Err(source.error(entry.at + entry.value.len(), error));
    }
    // For each record: its node, and the node it follows.
    let mut nodes: Vec<(usize, usize)> = Vec::with_capacity(chars.len() / 12);
    for (number, record) in chars.chunks_exact(12).enumerate() {
        let at = record[0].0;
        let digits = |range: core::ops::Range<usize>| -> Option<Vec<u8>> {
            record[range].iter().map(|&(_, b)| b.is_ascii_digit().then(|| b - b'0')).collect()
        };
        let (Some(_), Some(index)) = (digits(0..4), digits(8..12)) else {
            let error = RecordErrorKind::Malformed("a letter-coded move record without digits for its move and index");
            return Err(source.error(at, error));
        };
        let index = index.iter().fold(0usize, |n, &d| n * 10 + usize::from(d));
        let parent = if index == number {
            nodes.last().map_or(ROOT, |&(node, _)| node)
        } else if index < number {
            nodes[index].1
        } else {
            let error = RecordErrorKind::Malformed("a letter-coded move record whose index is after it");
            return Err(source.error(at, error));
        };
        let node = TreeNode { mv: raw_move(&record[..4]), comment: None, before: None, at, children: Vec::new() };
        let node = tree.push(parent, node);
        nodes.push((node, parent));
    }
    Ok(())
}

/// The square at `x` from the left and `y` from the top.
fn square(x: u8, y: u8) -> Option<Square> {
    (x <= 8 && y <= 9).then(|| Square::new(usize::from(9 - y) * 9 + usize::from(x))).flatten()
}

/// Reads a `binit`: empty is the start position; as in the DhtmlXQ players, any character that is not a digit
/// reads as 9 (so `nn` is a piece not on the board).
fn read_binit(value: &str) -> Result<Board, RecordErrorKind> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(Setup::default().board);
    }
    let digits: Vec<u8> = value.chars().map(|ch| ch.to_digit(10).map_or(9, |d| d as u8)).collect();
    if digits.len() != 64 {
        return Err(RecordErrorKind::Malformed("a binit that is not 64 characters"));
    }
    let mut board = Board::empty();
    for (piece, pair) in digits.chunks_exact(2).enumerate() {
        let (x, y) = (pair[0], pair[1]);
        if (x, y) == (9, 9) {
            continue;
        }
        let square = square(x, y).ok_or(RecordErrorKind::Malformed("a binit square off the board"))?;
        let color = if piece < 16 { Color::Red } else { Color::Black };
        if board.set_piece_at(square, Piece::new(color, PIECE_ORDER[piece % 16])).is_some() {
            return Err(RecordErrorKind::SquareTaken(square));
        }
    }
    Ok(board)
}

fn result(value: &str) -> GameResult {
    let value = value.trim();
    if ["W", "w", "1-0"].contains(&value) || ["红胜", "紅勝", "红方胜", "紅方勝"].iter().any(|s| value.contains(s))
    {
        GameResult::RedWins
    } else if ["L", "l", "0-1"].contains(&value)
        || ["黑胜", "黑勝", "黑方胜", "黑方勝"].iter().any(|s| value.contains(s))
    {
        GameResult::BlackWins
    } else if ["D", "d", "1/2-1/2"].contains(&value) || value.contains('和') {
        GameResult::Draw
    } else {
        GameResult::Unknown
    }
}

/// A comment's text: `||` becomes a line break, then as every reader (see [`clean_comment`]).
fn comment_text(value: &str) -> Option<String> {
    clean_comment(&value.replace("||", "\n"))
}

/// A comment in DhtmlXQ form (see the [module documentation](self)).
fn escape_comment(comment: &str) -> String {
    let chars: Vec<char> = comment.chars().collect();
    let mut out = String::with_capacity(comment.len());
    for (i, &ch) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        match ch {
            // Two bars of the text would read as a line break: a space keeps every pair apart.
            '|' if next == Some('|') => out.push_str("| "),
            // Next to a bar, `||` would make a run of bars: the line break stays a line break.
            '\n' if prev != Some('|') && next != Some('|') => out.push_str("||"),
            _ => out.push(ch),
        }
    }
    escape_text(&out).into_owned()
}

/// A tag value or comment in DhtmlXQ form: a backslash that the readers would take for the start of a `\uXXXX`
/// escape is written as the escape `\u005c` itself, so the text reads back as it was.
fn escape_text(value: &str) -> Cow<'_, str> {
    let escapes = |i: usize| {
        value[i + 1..]
            .strip_prefix('u')
            .is_some_and(|rest| rest.bytes().take(4).filter(u8::is_ascii_hexdigit).count() == 4)
    };
    if !value.match_indices('\\').any(|(i, _)| escapes(i)) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 8);
    for (i, ch) in value.char_indices() {
        if ch == '\\' && escapes(i) {
            out.push_str("\\u005c");
        } else {
            out.push(ch);
        }
    }
    Cow::Owned(out)
}

/// Writes `game` as a `[DhtmlXQ]` block.
///
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (a game changed by hand), [`RecordErrorKind::TooDeep`], and
/// [`RecordErrorKind::Unrepresentable`] for a tag whose name is not letters, digits and `_`, names a key with
/// another meaning (`binit`, `movelist`, `comment…`, …), or whose value contains its own closing tag.
pub fn write(game: &GameRecord) -> Result<String, RecordError> {
    let unrepresentable = |what| RecordError::new(Location::None, RecordErrorKind::Unrepresentable(what));
    let mut out = String::from("[DhtmlXQ]\n");
    let pair = |out: &mut String, key: &str, value: &str| -> Result<(), RecordError> {
        if value.contains(&format!("[/DhtmlXQ_{key}]")) {
            return Err(unrepresentable("a value that contains its own closing tag"));
        }
        let _ = writeln!(out, "[DhtmlXQ_{key}]{value}[/DhtmlXQ_{key}]");
        Ok(())
    };
    for (name, value) in game.tags.iter() {
        let key = TAGS.iter().find(|(_, n)| *n == name).map_or(name, |(k, _)| k);
        let lower = key.to_ascii_lowercase();
        let structural = ["binit", "fen", "movelist", "result"].contains(&lower.as_str())
            || lower.starts_with("move_")
            || comment_key(&lower).is_some();
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || structural {
            return Err(unrepresentable("a tag name that is not a free DhtmlXQ key"));
        }
        pair(&mut out, key, &escape_text(value))?;
    }
    let result = match game.result {
        GameResult::RedWins => "红胜",
        GameResult::BlackWins => "黑胜",
        GameResult::Draw => "和棋",
        GameResult::Unknown => "未知",
    };
    pair(&mut out, "result", result)?;
    let setup = game.start.to_setup();
    if setup != Setup::default() {
        pair(&mut out, "binit", &write_binit(&setup.board))?;
        pair(&mut out, "fen", &setup.to_string())?;
    }

    // Every move must be legal (and the variations not too deep), as the readers require.
    walk(game, Check::Walk, &mut |_: Visit<'_>| Ok(()))?;
    // Lines, numbered depth first, with their comments.
    let mut lines = Writer { next_id: 1, movelists: Vec::new(), comments: Vec::new() };
    lines.line(&game.main, 0, 0, None);
    for (key, value) in &lines.movelists {
        pair(&mut out, key, value)?;
    }
    for (key, value) in &lines.comments {
        pair(&mut out, key, &escape_comment(value))?;
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

/// Collects the `movelist`/`move_…` and `comment…` pairs.
struct Writer {
    next_id: usize,
    movelists: Vec<(String, String)>,
    comments: Vec<(String, String)>,
}

impl Writer {
    /// Adds `line`, numbered `id`, after `before` moves from the start; `parent` is the number of the line it
    /// branches off (`None` for the main line). The depth was checked by [`walk`].
    fn line(&mut self, line: &Line, id: usize, before: usize, parent: Option<usize>) {
        let key = match parent {
            None => "movelist".to_owned(),
            Some(parent) => format!("move_{parent}_{}_{id}", before + 1),
        };
        let comment_key = |step: usize| if id == 0 { format!("comment{step}") } else { format!("comment{id}_{step}") };
        if let Some(comment) = &line.comment {
            self.comments.push((comment_key(before), comment.clone()));
        }
        let mut moves = String::with_capacity(line.nodes.len() * 4);
        for (i, node) in line.nodes.iter().enumerate() {
            push_square(&mut moves, node.mv.from);
            push_square(&mut moves, node.mv.to);
            if let Some(comment) = &node.comment {
                self.comments.push((comment_key(before + i + 1), comment.clone()));
            }
        }
        self.movelists.push((key, moves));
        for (i, node) in line.nodes.iter().enumerate() {
            for variation in &node.variations {
                let child = self.next_id;
                self.next_id += 1;
                self.line(variation, child, before + i, Some(id));
            }
        }
    }
}

/// Adds the two digits of `square`: its file index (0 for file `a`), then its row counted from Black's side (9 minus
/// its rank index).
fn push_square(out: &mut String, square: Square) {
    // A file index is below 9 and a rank index below 10: both are single digits.
    out.push(char::from(b'0' + square.file().index() as u8));
    out.push(char::from(b'0' + (9 - square.rank().index()) as u8));
}

/// The 64 digits of `board` in `binit` order.
fn write_binit(board: &Board) -> String {
    let mut slots = ["99"; 32].map(String::from);
    let mut used = [false; 32];
    for (square, piece) in board.pieces() {
        let side = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| PIECE_ORDER[i] == piece.role && !used[side + i]);
        if let Some(i) = free {
            used[side + i] = true;
            slots[side + i].clear();
            push_square(&mut slots[side + i], square);
        }
    }
    slots.concat()
}
