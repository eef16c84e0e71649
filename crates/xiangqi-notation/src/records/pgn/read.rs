//! The PGN reader: tags and move text into a [`GameRecord`], game by game, from a text ([`games`]) or a stream of
//! bytes ([`Reader`]).

use std::{borrow::Cow, collections::VecDeque, io::BufRead};

use xiangqi_board::Position;

use super::{
    lex::{too_large, Lexer, Token},
    split::Splitter,
};
use crate::{
    encoding::{self, decode_checked, TextEncoding},
    format::Notation,
    records::game::clean_comment,
    records::lenient::Context,
    records::stream::{count_lines, ByteWindow},
    GameRecord, GameResult, Limited, Line, Location, MoveError, MoveFormat, MoveProblem, MoveTextError, Node,
    ReadOptions, RecordError, RecordErrorKind, Warning, WarningKind, MAX_VARIATION_DEPTH,
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
/// use xiangqi::notation::pgn;
///
/// let text = "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e2 h2e2 *\n\n[Event \"c\"]\n1. b2e2 *\n";
/// let results: Vec<_> = pgn::games(text).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].is_ok() && results[2].is_ok());
/// assert_eq!(results[1].as_ref().unwrap_err().game, 2);
/// ```
pub fn games(text: &str) -> Games<'_> {
    let split = Splitter::new(Some(TextEncoding::Utf8));
    Games { text, pos: 0, line: 1, split, games: GameQueue::new(ReadOptions::strict()) }
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
            let end = self.split.game_end(self.text.as_bytes(), self.pos, true).map_or(self.text.len(), |(end, _)| end);
            let chunk = &self.text[self.pos..end];
            self.games.read_chunk(chunk, self.line, None);
            self.line += count_lines(chunk);
            self.pos = end;
        }
    }
}

/// A streaming PGN reader: the games of a file or stream of bytes, one [`Result`] per game, in order, holding
/// only the game being read.
///
/// The encoding (UTF-8, GBK or Big5) is detected for each game, as [`encoding`] describes, on its bytes from its
/// first byte outside ASCII (a file made by joining collections may change encoding between games), unless
/// [`ReadOptions::encoding`] names one; a stream that starts with a UTF-16 byte-order mark is UTF-16 throughout.
/// A game whose bytes are not valid in its encoding is read with U+FFFD in their place and a
/// [`WarningKind::Undecodable`]; a move error that may come from the encoding names it
/// ([`MoveError::read_as`](crate::MoveError::read_as)).
/// A game that cannot be read is an `Err` item and reading goes on with the next game, also after a game larger
/// than [`Limits::game_bytes`](crate::Limits::game_bytes) (which is skipped without being held: memory stays
/// within a few times the limit, and time is linear in the input); an error of the underlying reader is a last
/// `Err` item ([`RecordErrorKind::Io`]). With [`ReadOptions::lenient`], a bad move is left out with the rest of its line and
/// reported by [`take_warnings`](Reader::take_warnings) (see [`ReadOptions`]).
///
/// ```
/// use xiangqi::notation::{pgn, ReadOptions};
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
    window: ByteWindow<R>,
    failed: bool,
    /// Whether the scan is in a game larger than the limit, skipping it.
    skipping: bool,
    split: Splitter,
    games: GameQueue,
}

/// What the window holds next.
enum Next {
    /// A game's bytes, up to this offset, in this encoding.
    Game(usize, TextEncoding),
    /// A game larger than the limit, which starts on this line (the reader passes over the rest of it).
    TooLarge(usize),
}

impl<R: BufRead> Reader<R> {
    /// A strict reader of `reader`.
    pub fn new(reader: R) -> Reader<R> {
        Reader::with_options(reader, ReadOptions::strict())
    }

    /// A reader of `reader` that reads as `options` say.
    pub fn with_options(reader: R, options: ReadOptions) -> Reader<R> {
        // A UTF-16 stream is transcoded to UTF-8 before it is split.
        let split = options.encoding.map(|e| if e.is_ascii_compatible() { e } else { TextEncoding::Utf8 });
        Reader {
            window: ByteWindow::new(reader, options.encoding),
            failed: false,
            skipping: false,
            split: Splitter::new(split),
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

    /// The encoding of the last game returned (`None` before the first, and for a game skipped unread): the
    /// games of one input may differ.
    pub fn encoding(&self) -> Option<TextEncoding> {
        self.games.last_encoding
    }

    /// Reads until the window holds a whole game (or the start of one that is too large), or the input ends.
    fn fill(&mut self) -> Result<Option<Next>, RecordError> {
        let limit = self.games.options.limits.game_bytes;
        loop {
            let window = &self.window;
            if let Some((end, encoding)) = self.split.game_end(&window.bytes, window.pos, window.end) {
                if self.skipping {
                    self.skipping = false;
                    self.window.advance(end);
                    continue;
                }
                if end - window.pos > limit {
                    // Found whole (the reader gave it at once), but too large all the same: passed over.
                    let line = window.line;
                    self.window.advance(end);
                    return Ok(Some(Next::TooLarge(line)));
                }
                return Ok(Some(Next::Game(end, encoding)));
            }
            if window.end {
                return Ok(None);
            }
            if self.skipping {
                if let Some(scanned) = self.split.scanned() {
                    self.window.advance(scanned);
                }
            } else if window.bytes.len() - window.pos > limit {
                self.skipping = true;
                return Ok(Some(Next::TooLarge(window.line)));
            }
            let dropped = self.window.read_more(self.games.returned + 1)?;
            self.split.shift(dropped);
        }
    }

    /// What the window holds next; `None` at the end of the input (and after an error of the input, which is
    /// returned once).
    fn next_end(&mut self) -> Option<Result<Next, RecordError>> {
        if self.failed {
            return None;
        }
        match self.fill() {
            Ok(Some(Next::Game(end, _))) if end <= self.window.pos => None,
            Ok(Some(next)) => Some(Ok(next)),
            Ok(None) => None,
            Err(err) => {
                self.failed = true;
                Some(Err(err))
            }
        }
    }

    /// The text of the next game, split off the input but not read: for reading the games of one stream on
    /// several threads. [`GameText::read`] reads it as this reader would have, so that the texts read in order
    /// give the reader's own games, errors and warnings. Splitting costs a fraction of reading: it decodes the
    /// text and looks at each byte once, nothing more.
    ///
    /// Texts come in input order. Use either this or the reader's iterator: the games that the iterator has read
    /// but not returned yet are in no text. A game larger than [`Limits::game_bytes`](crate::Limits::game_bytes)
    /// is an empty text whose reading gives the error.
    ///
    /// ```
    /// use xiangqi::notation::{pgn, ReadOptions};
    ///
    /// let bytes = b"[Event \"a\"]\n1. h2e2 h9g7 *\n[Event \"b\"]\n1. h2e2 h2e2 *\n";
    /// let mut reader = pgn::Reader::new(&bytes[..]);
    /// let first = reader.next_text().unwrap()?;
    /// let second = reader.next_text().unwrap()?;
    /// assert!(reader.next_text().is_none());
    /// assert_eq!((first.line(), second.line()), (1, 3));
    /// assert_eq!(second.as_str(), "[Event \"b\"]\n1. h2e2 h2e2 *\n");
    ///
    /// // Read on any thread; the number of the text's first game is the caller's to give.
    /// let (games, warnings) = second.read(2);
    /// assert_eq!(games[0].as_ref().unwrap_err().game, 2);
    /// assert!(warnings.is_empty());
    /// # Ok::<_, xiangqi::notation::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// An error of the underlying reader, as the last item ([`RecordErrorKind::Io`]; its game number counts the
    /// games the iterator returned, not the texts).
    pub fn next_text(&mut self) -> Option<Result<GameText, RecordError>> {
        let options = self.games.options;
        match self.next_end()? {
            Ok(Next::Game(end, split_as)) => {
                let (text, read_as) = decode_game(&self.window, end, split_as);
                let line = self.window.line;
                let text = GameText { text: text.into_owned(), line, options, read_as: Some(read_as) };
                self.window.advance(end);
                Some(Ok(text))
            }
            Ok(Next::TooLarge(line)) => Some(Ok(GameText { text: String::new(), line, options, read_as: None })),
            Err(err) => Some(Err(err)),
        }
    }
}

/// The text of the game that starts at the window's read position and ends at `end`, split in `split_as`, and how
/// it was decoded.
fn decode_game<R: BufRead>(window: &ByteWindow<R>, end: usize, split_as: TextEncoding) -> (Cow<'_, str>, ReadAs) {
    let (text, malformed) = decode_checked(&window.bytes[window.pos..end], split_as);
    (text, ReadAs { encoding: window.stream_encoding().unwrap_or(split_as), malformed })
}

/// How a game's bytes were decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ReadAs {
    encoding: TextEncoding,
    /// Whether some bytes were not valid in it.
    malformed: bool,
}

/// The text of one game of a PGN stream, not read yet ([`Reader::next_text`]): usually one game, several when
/// games follow one another without tags between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    text: String,
    /// The line of the input where the text starts.
    line: usize,
    options: ReadOptions,
    /// How the text was decoded; `None` for a game too large to be held.
    read_as: Option<ReadAs>,
}

impl GameText {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The line of the input (from 1) where the text starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The encoding the text was decoded from (`None` for a game too large to be held).
    pub fn encoding(&self) -> Option<TextEncoding> {
        self.read_as.map(|read_as| read_as.encoding)
    }

    /// Reads the game(s) of the text as the [`Reader`] it came from reads (strictly or leniently), numbering
    /// them from `first_game` (the number of games before it in the input, plus one): the games, or their
    /// errors, in order, and their warnings. Lines are those of the input.
    pub fn read(&self, first_game: usize) -> (Vec<Result<GameRecord, RecordError>>, Vec<Warning>) {
        let mut games = GameQueue::new(self.options);
        games.read = first_game.saturating_sub(1);
        match self.read_as {
            Some(read_as) => games.read_chunk(&self.text, self.line, Some(read_as)),
            None => games.too_large(self.line),
        }
        (games.waiting.into_iter().map(|(game, _)| game).collect(), games.warnings.into())
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Result<GameRecord, RecordError>> {
        loop {
            if let Some(item) = self.games.pop() {
                return Some(item);
            }
            match self.next_end()? {
                Ok(Next::Game(end, split_as)) => {
                    // Read in place (no copy of a UTF-8 text).
                    let (text, read_as) = decode_game(&self.window, end, split_as);
                    self.games.read_chunk(&text, self.window.line, Some(read_as));
                    self.window.advance(end);
                }
                Ok(Next::TooLarge(line)) => self.games.too_large(line),
                Err(err) => {
                    self.games.returned += 1;
                    self.games.last_encoding = None;
                    return Some(Err(err));
                }
            }
        }
    }
}

impl<R> core::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Reader").field("games", &self.games.returned).finish_non_exhaustive()
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
    /// The games waiting, each with the encoding it was read in.
    waiting: VecDeque<(Result<GameRecord, RecordError>, Option<TextEncoding>)>,
    warnings: VecDeque<Warning>,
    /// The encoding of the last game returned.
    last_encoding: Option<TextEncoding>,
}

impl GameQueue {
    fn new(options: ReadOptions) -> GameQueue {
        GameQueue {
            options,
            read: 0,
            returned: 0,
            waiting: VecDeque::new(),
            warnings: VecDeque::new(),
            last_encoding: None,
        }
    }

    fn pop(&mut self) -> Option<Result<GameRecord, RecordError>> {
        let (item, encoding) = self.waiting.pop_front()?;
        self.returned += 1;
        self.last_encoding = encoding;
        Some(item)
    }

    /// The error of the next game, too large to be read, which starts at line `line`.
    fn too_large(&mut self, line: usize) {
        self.read += 1;
        let limit = self.options.limits.game_bytes;
        let error = RecordError::new(Location::Line(line), too_large(Limited::Game, limit)).in_game(self.read);
        self.waiting.push_back((Err(error), None));
    }

    fn take_warnings(&mut self) -> Vec<Warning> {
        let ready = self.warnings.iter().take_while(|w| w.game <= self.returned).count();
        self.warnings.drain(..ready).collect()
    }

    /// Reads the game(s) of `chunk`, whose first line is line `line` of the input, decoded as `read_as` says
    /// (`None`: a text given as such).
    fn read_chunk(&mut self, chunk: &str, line: usize, read_as: Option<ReadAs>) {
        let mut lexer = Lexer::new(chunk, line, self.options.limits);
        let malformed = read_as.filter(|read_as| read_as.malformed).map(|read_as| read_as.encoding);
        let encoding = read_as.map(|read_as| read_as.encoding);
        loop {
            let start = lexer.pos;
            let number = self.read + 1;
            let mut context = Context::new(self.options, number);
            if let Some(encoding) = malformed {
                context.warn(Location::Line(lexer.line), WarningKind::Undecodable(encoding));
            }
            match read_game(&mut lexer, &mut context) {
                Ok(None) => return,
                Ok(Some(game)) => {
                    self.read = number;
                    self.warnings.extend(context.warnings);
                    self.waiting.push_back((Ok(game), encoding));
                }
                Err(mut err) => {
                    self.read = number;
                    if let RecordErrorKind::Move(mv) = &mut err.kind {
                        if malformed.is_some() || from_the_encoding(mv) {
                            mv.read_as = encoding;
                        }
                    }
                    self.waiting.push_back((Err(err.in_game(number)), encoding));
                    lexer.resync();
                    if lexer.pos <= start {
                        return;
                    }
                }
            }
        }
    }
}

/// Whether `mv` may come from reading the text in the wrong encoding: a move outside ASCII that does not read.
fn from_the_encoding(mv: &MoveError) -> bool {
    matches!(mv.problem, MoveProblem::Notation(_)) && !mv.text.is_ascii()
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
    let mut notation = Notation::Any;
    let mut fen = None;
    lexer.in_tags = true;
    while lexer.peek() == Some('[') {
        let line = lexer.line;
        let (name, value) = lexer.tag()?;
        match name {
            "Game" => {}
            "Result" => result_tag = Some((value, line)),
            "FEN" => fen = Some((value, line)),
            "Format" => notation = value.trim().parse::<MoveFormat>().map_or(Notation::Any, Notation::Format),
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
            board_only(fen, &lexer.clone(), notation).map_err(|err| lexer.error(line, err))?
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
            Token::Word(word) | Token::Annotated(word, _) => match play_word(frame, word, notation, depth > 1) {
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
fn board_only(board: &str, lexer: &Lexer<'_>, notation: Notation) -> Result<Position, xiangqi_board::FenError> {
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
    let reads = |pos: &Position| play_word(&mut Frame::new(pos.clone(), 0), first, notation, false).is_ok();
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

/// Plays the move(s) of `word` in `frame`: one move, or several run together.
fn play_word(frame: &mut Frame, word: &str, notation: Notation, in_variation: bool) -> Result<(), MoveError> {
    let mut rest = word;
    while !rest.is_empty() {
        // No move is longer than 6 characters, so a word of 8 or more holds several, run together.
        let split = split_off(rest, notation, &frame.pos);
        let (mv, len) = match split.map_or_else(|| notation.parse_move(rest, &frame.pos).map(|mv| (mv, rest.len())), Ok)
        {
            Ok(found) => found,
            Err(err) => {
                let problem = match err {
                    // A coordinate move: say what is wrong with it, as for the binary formats.
                    MoveTextError::Illegal(illegal) => MoveProblem::Illegal(illegal),
                    err => MoveProblem::Notation(err),
                };
                return Err(MoveError {
                    ply: frame.ply + 1,
                    in_variation,
                    text: rest.to_owned(),
                    problem,
                    read_as: None,
                });
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
fn split_off(text: &str, notation: Notation, pos: &Position) -> Option<(xiangqi_board::Move, usize)> {
    text.chars().nth(7)?;
    let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).skip(4).take(3).collect();
    ends.into_iter().find_map(|end| notation.parse_move(&text[..end], pos).ok().map(|mv| (mv, end)))
}
