//! Reading and writing PGN game records in the xiangqi (xqbase) flavour.
//!
//! # Reading
//! [`read`] takes the bytes of a file in UTF-8, GBK or Big5 (see [`encoding`]), [`read_str`]
//! a text, and [`games`] iterates over the games of a text one by one, so that a bad game does not hide the
//! others. A file holds any number of games:
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
//!   tag ends with `"]` on its line. `Result`, `FEN` and `Format` are read into the [`Game`]; `Game` is
//!   dropped; all others are kept in [`Game::tags`].
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
//! - **NAGs** (`$1`) and `!`/`?` suffixes are skipped.
//! - **Result**: the token `1-0`, `0-1`, `1/2-1/2` or `*` ends the game; without it the `Result` tag is used, and
//!   without either the result is unknown.
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
//! ply and the text — never skipped, never guessed. So are unterminated comments, tags and variations.
//!
//! # Writing
//! [`write()`] writes a game in UTF-8 text with the notation of [`PgnOptions`]: the `Game` tag, the other tags in
//! order, `Result`, `FEN` (unless the game starts from the start position at move 1), `Format`, then the game
//! comment and one line per move number, with comments and variations inline, and the result. In a comment `}`
//! is written as `｝`; in a tag value `\` and `"` are escaped and line breaks become spaces.
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

use xiangqi_board::{Color, Position, Setup};

use crate::{
    encoding,
    format::{parse_any, parse_move, write_move},
    records::game::clean_comment,
    records::tree::check_move,
    records::walk::{walk, Visit},
    Game, GameResult, Line, Location, MoveError, MoveFormat, MoveProblem, MoveTextError, Node, RecordError,
    RecordErrorKind, WriteOptions, MAX_VARIATION_DEPTH,
};

/// Reads every game of a PGN file in UTF-8, GBK or Big5 (see [`encoding`]).
///
/// # Errors
/// The first game's error, as [`read_str`].
pub fn read(bytes: &[u8]) -> Result<Vec<Game>, RecordError> {
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
pub fn read_str(text: &str) -> Result<Vec<Game>, RecordError> {
    games(text).collect()
}

/// The games of a PGN text, one by one. After a game with an error, reading goes on at the next line that
/// starts with `[` after that game's tags.
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
    Games { lexer: Lexer::new(text), index: 0, done: false }
}

/// The iterator of [`games`].
#[derive(Clone, Debug)]
pub struct Games<'a> {
    lexer: Lexer<'a>,
    index: usize,
    done: bool,
}

impl Iterator for Games<'_> {
    type Item = Result<Game, RecordError>;

    fn next(&mut self) -> Option<Result<Game, RecordError>> {
        while !self.done {
            let start = self.lexer.pos;
            let number = self.index + 1;
            match read_game(&mut self.lexer) {
                Ok(None) => self.done = true,
                Ok(Some(game)) => {
                    self.index = number;
                    return Some(Ok(game));
                }
                Err(err) => {
                    self.index = number;
                    self.lexer.resync();
                    if self.lexer.pos <= start {
                        self.done = true;
                    }
                    return Some(Err(err.in_game(number)));
                }
            }
        }
        None
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

/// Tags that [`Game`] keeps elsewhere: written by [`write()`] from the game, never from [`Game::tags`].
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
    /// A move number, `...`, a NAG or an annotation: nothing to keep.
    Skip,
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
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, pos: 0, line: 1, in_tags: false }
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
                '\n' | '\r' => break,
                _ => value.push(ch),
            }
        }
        Err(self.error(line, RecordErrorKind::Truncated("a tag value that does not end with \"] on its line")))
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
    let is_nag = word.strip_prefix('$').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if is_nag || word.bytes().all(|b| b == b'!' || b == b'?') {
        return Token::Skip;
    }
    let bare = word.trim_end_matches(['!', '?']);
    Token::Word(bare)
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
}

impl Frame {
    fn new(pos: Position, ply: usize) -> Frame {
        Frame { line: Line::new(), pos, ply, before_last: None }
    }
}

/// Reads one game; `None` when only white space (or a stray `===` block) is left.
fn read_game(lexer: &mut Lexer<'_>) -> Result<Option<Game>, RecordError> {
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

    let mut game = Game::new();
    let mut result_tag = None;
    let mut format = None;
    let mut fen = None;
    lexer.in_tags = true;
    while lexer.peek() == Some('[') {
        let line = lexer.line;
        let (name, value) = lexer.tag()?;
        match name {
            "Game" => {}
            "Result" => result_tag = GameResult::from_pgn(value.trim()),
            "FEN" => fen = Some((value, line)),
            "Format" => format = value.trim().parse::<MoveFormat>().ok(),
            _ => game.tags.insert(name, value),
        }
        lexer.skip_whitespace();
    }
    lexer.in_tags = false;
    if let Some((fen, line)) = fen.filter(|(fen, _)| !fen.trim().is_empty()) {
        game.start = Position::from_fen(fen.trim()).map_err(|err| lexer.error(line, err))?;
    }

    let mut stack = vec![Frame::new(game.start.clone(), 0)];
    let mut result_token = None;
    while let Some((token, line)) = lexer.token()? {
        match token {
            Token::Skip => {}
            Token::Comment(raw) => {
                if let Some(text) = clean_comment(raw) {
                    let frame = stack.last_mut().expect("the main line is never popped");
                    match frame.line.nodes.last_mut() {
                        Some(node) => add_comment(&mut node.comment, &text),
                        None => add_comment(&mut frame.line.comment, &text),
                    }
                }
            }
            Token::Open => {
                let frame = stack.last().expect("the main line is never popped");
                let Some((pos, ply)) = frame.before_last.clone() else {
                    return Err(lexer.error(line, RecordErrorKind::Malformed("a variation before any move")));
                };
                if stack.len() > MAX_VARIATION_DEPTH {
                    return Err(lexer.error(line, RecordErrorKind::TooDeep));
                }
                stack.push(Frame::new(pos, ply));
            }
            Token::Close => {
                if stack.len() == 1 {
                    return Err(lexer.error(line, RecordErrorKind::Malformed("`)` without `(`")));
                }
                let variation = stack.pop().expect("checked above").line;
                let parent = stack.last_mut().expect("checked above");
                if let (Some(node), false) = (parent.line.nodes.last_mut(), variation.nodes.is_empty()) {
                    node.variations.push(variation);
                }
            }
            Token::Word(word) => {
                let in_variation = stack.len() > 1;
                let frame = stack.last_mut().expect("the main line is never popped");
                play_word(frame, word, format, in_variation).map_err(|err| lexer.error(line, err))?;
            }
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
    game.result = result_token.or(result_tag).unwrap_or_default();
    Ok(Some(game))
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
        let after = check_move(&frame.pos, mv).map_err(|problem| MoveError {
            ply: frame.ply + 1,
            in_variation,
            text: rest[..len].to_owned(),
            problem,
        })?;
        frame.before_last = Some((core::mem::replace(&mut frame.pos, after), frame.ply));
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
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (a game changed by hand), [`RecordErrorKind::TooDeep`], and
/// [`RecordErrorKind::Unrepresentable`] for a tag name with white space, `"` or `]`.
pub fn write(game: &Game, options: &PgnOptions) -> Result<String, RecordError> {
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
    tag("Result", game.result.as_pgn());
    let setup = game.start.to_setup();
    if setup != Setup::default() {
        tag("FEN", &setup.to_string());
    }
    tag("Format", format_tag(options.format));
    out.push('\n');

    let mut text = MoveText { out: &mut out, need_number: true, depth: 0, line_start: true, after_open: false };
    walk(game, &mut |visit| {
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
                let mv = write_move(options.format, pos, node.mv, &options.moves).map_err(|err| {
                    let in_variation = text.depth > 0;
                    let error = MoveError { ply, in_variation, text: node.mv.to_string(), problem: err.into() };
                    RecordError::new(Location::None, error)
                })?;
                text.word(&mv, false);
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
