//! Reading and writing PGN game records in the xiangqi (xqbase) flavour.
//!
//! # Reading
//! [`Reader`] reads the games of a file or any byte stream one by one, holding only the game being read, in
//! the strict or the lenient mode ([`ReadOptions`]); [`read`] takes the bytes of a whole file in UTF-8, GBK or
//! Big5 (see [`encoding`]), [`read_str`] a text, and [`games`] iterates over the games of a text, so that a bad
//! game does not hide the others. A file holds any number of games:
//!
//! ```text
//! [Game "Chinese Chess"]
//! [Event "…"] [Red "…"] [Black "…"] [Result "1-0"] [FEN "…"] [Format "Chinese"]
//!
//! {comment on the game}
//! 1. 炮二平五 马８进７ {comment} (2... 车9平8 {a variation}) 2. 马二进三 车９平８ 1-0
//! ```
//!
//! - **Tags** `[Name "value"]`: `\"` and `\\` are escapes; a value may hold `[`, `]` and even `"` as long as the
//!   tag ends with `"]`, and may go on over a line break (read as one space) unless the next line starts with
//!   `[`. `FEN` and `Format` are read into the [`GameRecord`]; `GameRecord` is dropped; all others are kept in
//!   [`GameRecord::tags`]. A `FEN` of the board alone (no side to move) takes the side from the first move, as the
//!   XQF and DhtmlXQ readers do: the side whose move it reads as (Red if both or neither).
//! - **Result**: the token `1-0`, `0-1`, `1/2-1/2` or `*` ends the game and is its result, unless it is `*`
//!   or missing and the `Result` tag says more. A `Result` tag whose value is not a result, or that contradicts
//!   the token, is kept in [`GameRecord::tags`] (and written back as it was) with a [`Warning`]
//!   ([`WarningKind::UnknownResult`], [`WarningKind::ResultContradicts`]); a `Result` tag that agrees is not
//!   kept (the writer writes [`GameRecord::result`]).
//! - **Moves** are read in the notation the `Format` tag names (`Chinese`, `WXF`, `ICCS`, and also `UCCI`,
//!   `fairy-uci` and `AXF`, in any case). Without a `Format` tag, or with an unknown one, each move is read in the
//!   notation its characters show ([`parse_any`]): ICCS/UCCI coordinates, any Chinese
//!   form, or WXF and its dialects (full-width `Ｃ２＝５` too).
//! - **Move numbers** (`1.`, `1...`, `1…`, `30.` for a game that starts at move 30) are skipped, and need not be
//!   right; the side to move comes from the position, so black-first move text without `...` reads correctly.
//! - **Comments** `{…}`: a comment before the first move of a line is the line's comment, any other belongs to
//!   the move before it; several in a row are joined with a line break. Leading and trailing white space is
//!   removed. (Chess PGN's `;` comments to the end of the line are not read: xiangqi records do not use them,
//!   and a comment holding `}` could not be written back.)
//! - **Variations** `( … )`, nested to [`MAX_VARIATION_DEPTH`]: each is an
//!   alternative to the move just before it. An empty `()` is ignored.
//! - **NAGs** (`$1`) and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (on the move or apart) are kept in
//!   [`Node::nags`] as numbers, and written back as `$n`.
//!
//! Quirks of real files that are accepted (reference §5.1): no `[Game]` tag; no result tag or token (the game
//! then ends at the next tag or at the end of the file); moves run together with no space (`炮二平五马８进７`,
//! split by trying the shortest prefix, 4 to 6 characters, that reads as a legal move); black-first move text
//! without `...`; XQWizard's `3.          马８进７` padding; dates in any form (the tag is kept as written, and
//! [`Date`](crate::Date) reads the common forms); an advert block after the result that starts with a `===` line
//! (skipped up to the next line that starts with `[`); a tag value containing brackets. A `===` line where the
//! moves would continue also ends the game.
//!
//! # Errors
//! A move that is not legal, or that does not read in the position, is an error naming the game, the line, the
//! ply and the text — never skipped, never guessed (in the lenient mode it is left out with the rest of its
//! line, and a [`Warning`] says so). Unterminated comments, tags and variations are errors in both modes.
//!
//! # Writing
//! [`write()`] writes a game in UTF-8 text with the notation of [`PgnOptions`]: the `Game` tag, the other tags in
//! order, `Result`, `FEN` (unless the game starts from the start position at move 1), `Format`, then the game
//! comment and one line per move number, with comments, NAGs and variations inline, and the result. In a
//! comment `}` is written as `｝`; in a tag value `\` and `"` are escaped and line breaks become spaces.
//!
//! ```
//! use xiangqi_notation::{pgn, GameResult, MoveFormat};
//!
//! let text = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n\
//!             1. H2-E2 H9-G7 {屏风马} (1... H7-E7 2. H0-G2) 2. H0-G2 1-0\n";
//! let games = pgn::read_str(text)?;
//! let game = &games[0];
//! assert_eq!(game.tags.get("Red"), Some("许银川"));
//! assert_eq!(game.result, GameResult::RedWins);
//! assert_eq!(game.main.nodes.len(), 3);
//! assert_eq!(game.main.nodes[1].comment.as_deref(), Some("屏风马"));
//! assert_eq!(game.main.nodes[1].variations[0].nodes.len(), 2);
//!
//! let written = pgn::write(game, &pgn::PgnOptions::new(MoveFormat::Ucci))?;
//! assert!(written.contains("1. h2e2 h9g7 {屏风马} (1... h7e7 2. h0g2)\n2. h0g2\n1-0"));
//! assert_eq!(pgn::read_str(&written)?[0], *game);
//! # Ok::<_, xiangqi_notation::RecordError>(())
//! ```

use core::fmt::Write as _;
use std::{collections::VecDeque, io::BufRead};

use xiangqi_board::{Color, Position, Setup};

use crate::{
    encoding,
    format::{parse_any, parse_move, write_move},
    records::game::clean_comment,
    records::lenient::Context,
    records::stream::{count_lines, Window},
    records::tree::check_move,
    records::walk::{illegal, walk, Check, Visit},
    GameRecord, GameResult, Line, Location, MoveError, MoveFormat, MoveProblem, MoveTextError, Node, ReadOptions,
    RecordError, RecordErrorKind, Warning, WarningKind, WriteOptions, MAX_VARIATION_DEPTH,
};

/// Reads every game of a PGN file in UTF-8, GBK or Big5 (see [`encoding`]).
///
/// # Errors
/// The first game's error, as [`read_str`].
pub fn read(bytes: &[u8]) -> Result<Vec<GameRecord>, RecordError> {
    read_str(&encoding::decode(bytes).0)
}

/// Reads every game of a PGN text.
///
/// # Errors
/// The first error (see [`games`] to read the other games of a file with a bad one): a [`RecordError`] with the
/// game number and line, of kind [`RecordErrorKind::Move`] (ply and text) for a move that does not read or is
/// not legal, [`RecordErrorKind::Fen`] for a bad `FEN` tag, [`RecordErrorKind::Truncated`] for a tag, comment or
/// variation that is not closed, [`RecordErrorKind::Malformed`] for a misplaced `(` or `)` or a bad tag, and
/// [`RecordErrorKind::TooDeep`].
pub fn read_str(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    games(text).collect()
}

/// The games of a PGN text, one by one, read strictly (see [`Reader`] for bytes, streams and the lenient mode).
/// A game ends where a line that starts with `[` follows its move text (outside a comment), so a bad game does
/// not hide the next one.
///
/// ```
/// use xiangqi_notation::pgn;
///
/// let text = "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e2 h2e2 *\n\n[Event \"c\"]\n1. b2e2 *\n";
/// let results: Vec<_> = pgn::games(text).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].is_ok() && results[2].is_ok());
/// assert_eq!(results[1].as_ref().unwrap_err().game, 2);
/// ```
pub fn games(text: &str) -> Games<'_> {
    Games { text, pos: 0, line: 1, split: Splitter::default(), games: GameQueue::new(ReadOptions::strict()) }
}

/// The iterator of [`games`].
#[derive(Clone, Debug)]
pub struct Games<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    split: Splitter,
    games: GameQueue,
}

impl Iterator for Games<'_> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Result<GameRecord, RecordError>> {
        loop {
            if let Some(item) = self.games.pop() {
                return Some(item);
            }
            if self.pos >= self.text.len() {
                return None;
            }
            let end = self.split.game_end(self.text, self.pos, true).unwrap_or(self.text.len());
            let chunk = &self.text[self.pos..end];
            self.games.read_chunk(chunk, self.line);
            self.line += count_lines(chunk);
            self.pos = end;
        }
    }
}

/// A streaming PGN reader: the games of a file or stream of bytes, one [`Result`] per game, in order, holding
/// only the game being read.
///
/// The encoding (UTF-8, GBK, Big5, or UTF-16 with a byte-order mark) is detected on the first bytes of the
/// stream as [`encoding`] describes, and each game is decoded as it is read. A game that cannot be read is an
/// `Err` item and reading goes on with the next game; an error of the underlying reader is a last `Err` item
/// ([`RecordErrorKind::Io`]). With [`ReadOptions::lenient`], a bad move is left out with the rest of its line and
/// reported by [`take_warnings`](Reader::take_warnings) (see [`ReadOptions`]).
///
/// ```
/// use xiangqi_notation::{pgn, ReadOptions};
///
/// let bytes = b"[Event \"a\"]\n1. h2e2 h9g7 *\n[Event \"b\"]\n1. h2e2 h2e2 *\n[Event \"c\"]\n1. h2e2 h9g7 2. a0a2 *\n";
/// let mut reader = pgn::Reader::with_options(&bytes[..], ReadOptions::lenient());
/// while let Some(item) = reader.next() {
///     match item {
///         Ok(game) => println!("{} moves", game.main.nodes.len()),
///         Err(error) => eprintln!("skipped: {error}"),
///     }
///     for warning in reader.take_warnings() {
///         eprintln!("warning: {warning}");
///     }
/// }
/// assert_eq!(reader.games_read(), 3);
/// ```
pub struct Reader<R> {
    window: Window<R>,
    failed: bool,
    split: Splitter,
    games: GameQueue,
}

impl<R: BufRead> Reader<R> {
    /// A strict reader of `reader`.
    pub fn new(reader: R) -> Reader<R> {
        Reader::with_options(reader, ReadOptions::strict())
    }

    /// A reader of `reader` that reads as `options` say.
    pub fn with_options(reader: R, options: ReadOptions) -> Reader<R> {
        Reader {
            window: Window::new(reader),
            failed: false,
            split: Splitter::default(),
            games: GameQueue::new(options),
        }
    }

    /// The warnings of the games returned so far (and of the games skipped), in file order, each once.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        self.games.take_warnings()
    }

    /// How many games (read or skipped) the reader has returned.
    pub fn games_read(&self) -> usize {
        self.games.returned
    }

    /// The encoding of the input, once it is known (after the first game, or earlier).
    pub fn encoding(&self) -> Option<encoding::TextEncoding> {
        self.window.encoding()
    }

    /// Reads until the window holds a whole game (or the input ends); the end of the game text.
    fn fill(&mut self) -> Result<Option<usize>, RecordError> {
        loop {
            let window = &self.window;
            if let Some(end) = self.split.game_end(&window.text, window.pos, window.end) {
                return Ok(Some(end));
            }
            if window.end {
                return Ok(None);
            }
            let dropped = self.window.read_more(self.games.returned + 1)?;
            self.split.shift(dropped);
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Result<GameRecord, RecordError>> {
        loop {
            if let Some(item) = self.games.pop() {
                return Some(item);
            }
            if self.failed {
                return None;
            }
            let end = match self.fill() {
                Ok(Some(end)) => end,
                Ok(None) => return None,
                Err(err) => {
                    self.failed = true;
                    self.games.returned += 1;
                    return Some(Err(err));
                }
            };
            if end <= self.window.pos {
                return None;
            }
            self.games.read_chunk(&self.window.text[self.window.pos..end], self.window.line);
            self.window.advance(end);
        }
    }
}

impl<R> core::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Reader").field("games", &self.games.returned).finish_non_exhaustive()
    }
}

/// Finds where one game's text ends: at the start of a line that begins with `[` after the game's move text,
/// outside a comment. Scans each line once, even when the text arrives in pieces.
#[derive(Clone, Debug, Default)]
struct Splitter {
    /// Where the scan goes on (the start of a line not scanned yet), or `None` for a new game.
    at: Option<usize>,
    /// Whether a line of move text (neither blank nor a tag) has been seen.
    moves: bool,
    /// Whether the scan is inside a `{…}` comment.
    comment: bool,
    /// Whether the scan is inside a tag value that goes on past its line.
    tag: bool,
}

impl Splitter {
    /// The end of the game that starts at `from` in `text`: the start of the next game, or the end of the text
    /// if `complete`; `None` if more text is needed. Resets for the next game when it returns an end.
    fn game_end(&mut self, text: &str, from: usize, complete: bool) -> Option<usize> {
        let mut pos = self.at.unwrap_or(from).max(from);
        loop {
            let rest = &text[pos..];
            let Some(len) = rest.find('\n') else {
                if complete {
                    *self = Splitter::default();
                    return Some(text.len());
                }
                self.at = Some(pos);
                return None;
            };
            let line = &rest[..len];
            let trimmed = line.trim_start_matches([' ', '\t', '\r', '\u{feff}', '\u{3000}']);
            if self.tag && !trimmed.starts_with('[') {
                self.tag = !line.contains("\"]");
            } else if !self.comment && trimmed.starts_with('[') {
                if self.moves && pos > from {
                    *self = Splitter::default();
                    return Some(pos);
                }
                // A value that opens a quote and does not close it on this line goes on below.
                self.tag = trimmed.contains('"') && !trimmed.trim_end().ends_with(']');
            } else if !trimmed.trim().is_empty() {
                self.moves = true;
                for ch in line.chars() {
                    match ch {
                        '{' => self.comment = true,
                        '}' => self.comment = false,
                        _ => {}
                    }
                }
            }
            pos += len + 1;
        }
    }

    /// The buffer lost its first `by` bytes.
    fn shift(&mut self, by: usize) {
        self.at = self.at.map(|at| at - by);
    }
}

/// The games read from the text of the last game(s), waiting to be returned, and their warnings.
#[derive(Clone, Debug)]
struct GameQueue {
    options: ReadOptions,
    /// Games read (returned or waiting).
    read: usize,
    /// Games returned.
    returned: usize,
    waiting: VecDeque<Result<GameRecord, RecordError>>,
    warnings: VecDeque<Warning>,
}

impl GameQueue {
    fn new(options: ReadOptions) -> GameQueue {
        GameQueue { options, read: 0, returned: 0, waiting: VecDeque::new(), warnings: VecDeque::new() }
    }

    fn pop(&mut self) -> Option<Result<GameRecord, RecordError>> {
        let item = self.waiting.pop_front()?;
        self.returned += 1;
        Some(item)
    }

    fn take_warnings(&mut self) -> Vec<Warning> {
        let ready = self.warnings.iter().take_while(|w| w.game <= self.returned).count();
        self.warnings.drain(..ready).collect()
    }

    /// Reads the game(s) of `chunk`, whose first line is line `line` of the input.
    fn read_chunk(&mut self, chunk: &str, line: usize) {
        let mut lexer = Lexer::new(chunk, line);
        loop {
            let start = lexer.pos;
            let number = self.read + 1;
            let mut context = Context::new(self.options, number);
            match read_game(&mut lexer, &mut context) {
                Ok(None) => return,
                Ok(Some(game)) => {
                    self.read = number;
                    self.warnings.extend(context.warnings);
                    self.waiting.push_back(Ok(game));
                }
                Err(err) => {
                    self.read = number;
                    self.waiting.push_back(Err(err.in_game(number)));
                    lexer.resync();
                    if lexer.pos <= start {
                        return;
                    }
                }
            }
        }
    }
}

/// How [`write()`] writes moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PgnOptions {
    /// The move notation (also written in the `Format` tag).
    pub format: MoveFormat,
    /// How moves are written in that notation.
    pub moves: WriteOptions,
}

impl PgnOptions {
    /// Moves in `format` with the default [`WriteOptions`].
    pub const fn new(format: MoveFormat) -> PgnOptions {
        PgnOptions { format, moves: WriteOptions::new() }
    }
}

impl Default for PgnOptions {
    /// Chinese notation, xqbase style (the default of the xqbase PGN specification).
    fn default() -> PgnOptions {
        PgnOptions::new(MoveFormat::Chinese)
    }
}

/// The `Format` tag value of each notation.
const fn format_tag(format: MoveFormat) -> &'static str {
    match format {
        MoveFormat::Chinese => "Chinese",
        MoveFormat::Wxf => "WXF",
        MoveFormat::Iccs => "ICCS",
        MoveFormat::Ucci => "UCCI",
        MoveFormat::FairyUci => "fairy-uci",
        MoveFormat::Axf => "AXF",
    }
}

/// Tags that [`GameRecord`] keeps elsewhere: written by [`write()`] from the game, never from [`GameRecord::tags`].
const DERIVED_TAGS: [&str; 4] = ["Game", "Result", "FEN", "Format"];

// ---------------------------------------------------------------------------------------------------------------
// Lexing

/// A cursor over the text that counts lines.
#[derive(Clone, Debug)]
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// Whether the game being read is still in its tags (for [`Lexer::resync`]).
    in_tags: bool,
}

/// A token of the move text.
#[derive(Debug)]
enum Token<'a> {
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

impl<'a> Lexer<'a> {
    fn new(text: &'a str, line: usize) -> Lexer<'a> {
        Lexer { text, pos: 0, line, in_tags: false }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Moves past `len` bytes (on a character boundary), counting line breaks.
    fn advance(&mut self, len: usize) {
        let end = (self.pos + len).min(self.text.len());
        self.line += self.text.as_bytes()[self.pos..end].iter().filter(|&&b| b == b'\n').count();
        self.pos = end;
    }

    fn skip_whitespace(&mut self) {
        let len = self.rest().len() - self.rest().trim_start().len();
        self.advance(len);
    }

    /// Moves to the start of the next line (or the end of the text).
    fn skip_line(&mut self) {
        let len = self.rest().find('\n').map_or(self.rest().len(), |i| i + 1);
        self.advance(len);
    }

    /// Whether the current line, from here on, starts with `[` after white space.
    fn line_starts_tag(&self) -> bool {
        self.rest().trim_start_matches([' ', '\t', '\r', '\u{feff}', '\u{3000}']).starts_with('[')
    }

    /// After an error: skips the rest of the game, to the next line that starts with `[` (past the game's own
    /// tags if the error was among them).
    fn resync(&mut self) {
        self.skip_line();
        if self.in_tags {
            while !self.rest().is_empty() && self.line_starts_tag() {
                self.skip_line();
            }
        }
        self.skip_to_next_game();
    }

    /// Skips lines up to the next one that starts with `[`.
    fn skip_to_next_game(&mut self) {
        while !self.rest().is_empty() && !self.line_starts_tag() {
            self.skip_line();
        }
    }

    fn error(&self, line: usize, kind: impl Into<RecordErrorKind>) -> RecordError {
        RecordError::new(Location::Line(line), kind)
    }

    /// Reads a tag `[Name "value"]`; the cursor is on the `[`.
    fn tag(&mut self) -> Result<(&'a str, String), RecordError> {
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
        while let Some((i, ch)) = chars.next() {
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
                    let after = self.rest()[i + 1..].trim_start_matches(['\n', ' ', '\t']);
                    if after.is_empty() || after.starts_with('[') {
                        break;
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
    fn token(&mut self) -> Result<Option<(Token<'a>, usize)>, RecordError> {
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
                self.advance(len + 1);
                return Ok(Some((Token::Comment(&rest[1..len]), line)));
            }
            '(' => (Token::Open, 1),
            ')' => (Token::Close, 1),
            '}' => return Err(self.error(line, RecordErrorKind::Malformed("`}` outside a comment"))),
            _ => {
                let len = rest.find(is_delimiter).unwrap_or(rest.len());
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

/// Appends `text` to the comment `slot`, on a new line if there is one already.
fn add_comment(slot: &mut Option<String>, text: &str) {
    match slot {
        Some(existing) => {
            existing.push('\n');
            existing.push_str(text);
        }
        None => *slot = Some(text.to_owned()),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

/// A line being read: the moves so far, the position after them, and the position before the last one (where a
/// variation of the last move starts).
struct Frame {
    line: Line,
    pos: Position,
    ply: usize,
    before_last: Option<(Position, usize)>,
    /// Lenient mode: the line met a bad move, and what is read from there on.
    cut: Option<Cut>,
    /// Whether the whole line is left out (a variation of a move after a bad one).
    dropped: bool,
}

/// What follows a bad move in its line (lenient mode): alternatives written right after it take its place;
/// anything after another word belongs to the bad move's subtree and is left out.
#[derive(Clone, Copy)]
struct Cut {
    /// Whether a word followed the bad move.
    words_after: bool,
    /// Where the first alternative's moves were put in the line (its other alternatives become variations).
    replaced_at: Option<usize>,
}

impl Frame {
    fn new(pos: Position, ply: usize) -> Frame {
        Frame { line: Line::new(), pos, ply, before_last: None, cut: None, dropped: false }
    }

    /// Whether what is read now is left out.
    fn skips(&self) -> bool {
        self.dropped || self.cut.is_some()
    }
}

/// Reads one game; `None` when only white space (or a stray `===` block) is left.
fn read_game(lexer: &mut Lexer<'_>, context: &mut Context) -> Result<Option<GameRecord>, RecordError> {
    // Before the game: white space and `===` blocks left over from a previous one.
    loop {
        lexer.skip_whitespace();
        if lexer.rest().starts_with("===") {
            lexer.skip_line();
            lexer.skip_to_next_game();
        } else {
            break;
        }
    }
    if lexer.rest().is_empty() {
        return Ok(None);
    }

    let mut game = GameRecord::new();
    let mut result_tag = None;
    let mut format = None;
    let mut fen = None;
    lexer.in_tags = true;
    while lexer.peek() == Some('[') {
        let line = lexer.line;
        let (name, value) = lexer.tag()?;
        match name {
            "Game" => {}
            "Result" => result_tag = Some((value, line)),
            "FEN" => fen = Some((value, line)),
            "Format" => format = value.trim().parse::<MoveFormat>().ok(),
            _ => game.tags.insert(name, value),
        }
        lexer.skip_whitespace();
    }
    lexer.in_tags = false;
    if let Some((fen, line)) = fen.filter(|(fen, _)| !fen.trim().is_empty()) {
        let fen = fen.trim();
        game.start = if fen.contains(char::is_whitespace) {
            Position::from_fen(fen).map_err(|err| lexer.error(line, err))?
        } else {
            board_only(fen, &lexer.clone(), format).map_err(|err| lexer.error(line, err))?
        };
    }

    let mut stack = vec![Frame::new(game.start.clone(), 0)];
    let mut result_token = None;
    while let Some((token, line)) = lexer.token()? {
        let depth = stack.len();
        let frame = stack.last_mut().expect("the main line is never popped");
        match token {
            Token::Skip => {}
            Token::Comment(_) if frame.skips() => {}
            Token::Comment(raw) => {
                if let Some(text) = clean_comment(raw) {
                    match frame.line.nodes.last_mut() {
                        Some(node) => add_comment(&mut node.comment, &text),
                        None => add_comment(&mut frame.line.comment, &text),
                    }
                }
            }
            Token::Open => {
                if depth > MAX_VARIATION_DEPTH {
                    return Err(lexer.error(line, RecordErrorKind::TooDeep));
                }
                let variation = match frame.cut {
                    _ if frame.dropped => Frame { dropped: true, ..Frame::new(frame.pos.clone(), frame.ply) },
                    Some(Cut { words_after: false, .. }) => Frame::new(frame.pos.clone(), frame.ply),
                    Some(_) => Frame { dropped: true, ..Frame::new(frame.pos.clone(), frame.ply) },
                    None => {
                        let Some((pos, ply)) = frame.before_last.clone() else {
                            return Err(lexer.error(line, RecordErrorKind::Malformed("a variation before any move")));
                        };
                        Frame::new(pos, ply)
                    }
                };
                stack.push(variation);
            }
            Token::Close => {
                if depth == 1 {
                    return Err(lexer.error(line, RecordErrorKind::Malformed("`)` without `(`")));
                }
                let variation = stack.pop().expect("checked above");
                let parent = stack.last_mut().expect("checked above");
                if !variation.dropped && !variation.line.nodes.is_empty() {
                    attach(parent, variation.line);
                }
            }
            Token::Nag(_) if frame.skips() => {}
            Token::Nag(nag) => {
                if let Some(node) = frame.line.nodes.last_mut() {
                    node.nags.push(nag);
                }
            }
            Token::Word(_) | Token::Annotated(..) if frame.skips() => {
                if let Some(cut) = &mut frame.cut {
                    cut.words_after = true;
                }
            }
            Token::Word(word) | Token::Annotated(word, _) => match play_word(frame, word, format, depth > 1) {
                Ok(()) => {
                    if let (Token::Annotated(_, nag), Some(node)) = (token, frame.line.nodes.last_mut()) {
                        node.nags.push(nag);
                    }
                }
                Err(err) if !context.options.is_lenient() => return Err(lexer.error(line, err)),
                Err(err) => {
                    context.warn(Location::Line(line), WarningKind::Pruned(err));
                    frame.cut = Some(Cut { words_after: false, replaced_at: None });
                }
            },
            Token::Result(result) => {
                result_token = Some(result);
                lexer.skip_whitespace();
                if lexer.rest().starts_with('=') {
                    lexer.skip_to_next_game();
                }
                break;
            }
            Token::End => {
                lexer.skip_to_next_game();
                break;
            }
        }
    }
    if stack.len() > 1 {
        let line = lexer.line;
        return Err(lexer.error(line, RecordErrorKind::Truncated("a variation without `)`")));
    }
    game.main = stack.pop().expect("the main line is never popped").line;
    game.result = result_token.unwrap_or_default();
    if let Some((value, line)) = result_tag {
        let at = Location::Line(line);
        match (GameResult::from_pgn(value.trim()), result_token) {
            (None, _) => {
                context.warn(at, WarningKind::UnknownResult(value.clone()));
                game.tags.insert("Result", value);
            }
            (Some(tag), None | Some(GameResult::Unknown)) => game.result = tag,
            (Some(GameResult::Unknown), Some(_)) => {}
            (Some(tag), Some(token)) if tag != token => {
                context.warn(at, WarningKind::ResultContradicts { tag, token });
                game.tags.insert("Result", value);
            }
            (Some(_), Some(_)) => {}
        }
    }
    Ok(Some(game))
}

/// The start position of a `FEN` tag that gives only the board: the side to move is the one whose first move
/// reads (Red when both or neither do), as the XQF and DhtmlXQ readers take it from the first move. `lexer` is
/// at the move text.
fn board_only(board: &str, lexer: &Lexer<'_>, format: Option<MoveFormat>) -> Result<Position, xiangqi_board::FenError> {
    // A side that would capture the other king is no side to move: then the other side moves.
    let red = match (Position::from_fen(&format!("{board} w")), Position::from_fen(&format!("{board} b"))) {
        (Ok(red), _) => red,
        (Err(_), Ok(black)) => return Ok(black),
        (Err(err), Err(_)) => return Err(err),
    };
    let mut lexer = lexer.clone();
    let first = loop {
        match lexer.token() {
            Ok(Some((Token::Word(word) | Token::Annotated(word, _), _))) => break word,
            Ok(Some((Token::Skip | Token::Nag(_) | Token::Comment(_), _))) => {}
            _ => return Ok(red),
        }
    };
    let reads = |pos: &Position| play_word(&mut Frame::new(pos.clone(), 0), first, format, false).is_ok();
    if reads(&red) {
        return Ok(red);
    }
    match Position::from_fen(&format!("{board} b")) {
        Ok(black) if reads(&black) => Ok(black),
        _ => Ok(red),
    }
}

/// Attaches the finished `variation` to `parent`: as an alternative to its last move, or, when `parent` was cut
/// at a bad move, in the bad move's place (the first alternative) or as an alternative to that one.
fn attach(parent: &mut Frame, variation: Line) {
    match &mut parent.cut {
        None => {
            if let Some(node) = parent.line.nodes.last_mut() {
                node.variations.push(variation);
            }
        }
        Some(Cut { replaced_at: Some(at), .. }) => parent.line.nodes[*at].variations.push(variation),
        Some(cut) => {
            let at = parent.line.nodes.len();
            cut.replaced_at = Some(at);
            if let Some(comment) = &variation.comment {
                match parent.line.nodes.last_mut() {
                    Some(node) => add_comment(&mut node.comment, comment),
                    None => add_comment(&mut parent.line.comment, comment),
                }
            }
            parent.line.nodes.extend(variation.nodes);
        }
    }
}

/// Reads `text` as one move in `format` (or in the notation its characters show).
fn parse(text: &str, format: Option<MoveFormat>, pos: &Position) -> Result<xiangqi_board::Move, MoveTextError> {
    match format {
        Some(format) => parse_move(format, text, pos),
        None => parse_any(text, pos),
    }
}

/// Plays the move(s) of `word` in `frame`: one move, or several run together.
fn play_word(frame: &mut Frame, word: &str, format: Option<MoveFormat>, in_variation: bool) -> Result<(), MoveError> {
    let mut rest = word;
    while !rest.is_empty() {
        // No move is longer than 6 characters, so a word of 8 or more holds several, run together.
        let split = split_off(rest, format, &frame.pos);
        let (mv, len) = match split.map_or_else(|| parse(rest, format, &frame.pos).map(|mv| (mv, rest.len())), Ok) {
            Ok(found) => found,
            Err(err) => {
                let problem = match err {
                    // A coordinate move: say what is wrong with it, as for the binary formats.
                    MoveTextError::Illegal(illegal) => MoveProblem::Illegal(illegal),
                    err => MoveProblem::Notation(err),
                };
                return Err(MoveError { ply: frame.ply + 1, in_variation, text: rest.to_owned(), problem });
            }
        };
        // The notations return legal moves only (an illegal one is `MoveTextError::Illegal`, handled above), so
        // the move is played without checking it again.
        debug_assert!(frame.pos.is_legal(mv), "{mv} read from {rest:?}");
        // In place: one copy of the position a move (a position is a few hundred bytes).
        match &mut frame.before_last {
            Some((before, ply)) => {
                before.clone_from(&frame.pos);
                *ply = frame.ply;
            }
            None => frame.before_last = Some((frame.pos.clone(), frame.ply)),
        }
        frame.pos.play_unchecked(mv);
        frame.ply += 1;
        frame.line.nodes.push(Node::new(mv));
        rest = &rest[len..];
    }
    Ok(())
}

/// The first of several moves run together in `text` (at least 8 characters: two short moves): the shortest
/// prefix of 4 to 6 characters that reads as a move, with its length in bytes.
fn split_off(text: &str, format: Option<MoveFormat>, pos: &Position) -> Option<(xiangqi_board::Move, usize)> {
    text.chars().nth(7)?;
    let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).skip(4).take(3).collect();
    ends.into_iter().find_map(|end| parse(&text[..end], format, pos).ok().map(|mv| (mv, end)))
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/// Writes `game` as PGN text, moves in the notation of `options`.
///
/// A PGN tag value is one line: a line break in a value (DhtmlXQ, XQF and CCBridge values may hold them) is
/// written as a space.
///
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (a game changed by hand), [`RecordErrorKind::TooDeep`], and
/// [`RecordErrorKind::Unrepresentable`] for a tag name with white space, `"` or `]`.
pub fn write(game: &GameRecord, options: &PgnOptions) -> Result<String, RecordError> {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\r', '\n'], " ");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag("Game", "Chinese Chess");
    for (name, value) in game.tags.iter() {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '"' || c == ']') {
            return Err(RecordError::new(
                Location::None,
                RecordErrorKind::Unrepresentable("a tag name with white space, `\"` or `]`"),
            ));
        }
        if !DERIVED_TAGS.contains(&name) {
            tag(name, value);
        }
    }
    // A Result tag that was read but does not say the game's result is written as read (see `read`).
    tag("Result", game.tags.get("Result").unwrap_or(game.result.as_pgn()));
    let setup = game.start.to_setup();
    if setup != Setup::default() {
        tag("FEN", &setup.to_string());
    }
    tag("Format", format_tag(options.format));
    out.push('\n');

    let mut text = MoveText { out: &mut out, need_number: true, depth: 0, line_start: true, after_open: false };
    walk(game, Check::Visitor, &mut |visit| {
        match visit {
            Visit::Start { line, depth, .. } => {
                if depth > 0 {
                    text.word("(", false);
                    text.after_open = true;
                }
                text.depth = depth;
                if let Some(comment) = &line.comment {
                    text.comment(comment);
                }
                text.need_number = true;
            }
            Visit::Move { node, pos, ply } => {
                let number = pos.fullmoves();
                if pos.turn() == Color::Red {
                    text.word(&format!("{number}."), true);
                } else if text.need_number {
                    text.word(&format!("{number}..."), false);
                }
                // `write_move` fails on an illegal move: the error then says why, as the walk's own check would.
                let mv = write_move(options.format, pos, node.mv, &options.moves).map_err(|err| {
                    let problem = check_move(pos, node.mv).err().unwrap_or(MoveProblem::Notation(err));
                    illegal(node, ply, text.depth, problem)
                })?;
                text.word(&mv, false);
                for nag in &node.nags {
                    text.word(&format!("${nag}"), false);
                }
                text.need_number = false;
                if let Some(comment) = &node.comment {
                    text.comment(comment);
                }
            }
            Visit::End { depth } => {
                if depth > 0 {
                    text.out.push(')');
                    text.depth = depth - 1;
                    text.need_number = true;
                }
            }
        }
        Ok(())
    })?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(game.result.as_pgn());
    out.push('\n');
    Ok(out)
}

/// The move text being written.
struct MoveText<'a> {
    out: &'a mut String,
    /// Whether a Black move needs its number (`12...`): after a comment or a variation, or first in a line.
    need_number: bool,
    /// How many variations are open.
    depth: usize,
    /// Whether nothing has been written on the current line.
    line_start: bool,
    /// Whether the last thing written is `(`.
    after_open: bool,
}

impl MoveText<'_> {
    /// Writes `word` after a space; a Red move number of the main line starts a new line instead.
    fn word(&mut self, word: &str, red_number: bool) {
        if red_number && self.depth == 0 && !self.line_start {
            self.out.push('\n');
        } else if !self.line_start && !self.after_open {
            self.out.push(' ');
        }
        self.out.push_str(word);
        self.line_start = false;
        self.after_open = false;
    }

    fn comment(&mut self, comment: &str) {
        self.word(&format!("{{{}}}", comment.replace('}', "｝")), false);
        self.need_number = true;
    }
}
