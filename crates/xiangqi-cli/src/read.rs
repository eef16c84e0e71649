//! Reading record files: the one place where the tool reads game records.
//!
//! A file is recognised by its content, not its name (the library's `read_any`): the `XQ` magic is XQF, a text
//! whose first line is a PGN tag or a move number is PGN (in UTF-8, GBK, Big5 or UTF-16 with a byte-order mark),
//! a `[DhtmlXQ` block in a page or a bare text is DhtmlXQ, the CCBridge magic or a `<ChineseChessRecord` XML
//! document is CCBridge (CBR, CBL, CBF; a CBL library gives each of its games). PGN and DhtmlXQ are streamed: a file is never held in
//! memory whole, only the game being read. Every game is read in full, its variations included: the library's
//! readers check every move of every line. In the lenient mode a bad move is left out with the rest of its line
//! and reported as a warning of its game.

use std::{
    collections::{BTreeMap, VecDeque},
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, Read},
    path::Path,
    sync::{mpsc, Arc, Mutex},
};

use xiangqi::{
    board::IllegalMoveReason,
    notation::{
        detect_format, pgn, read_any, GameRecord, MoveProblem, ReadOptions, RecordError, RecordErrorKind, RecordFormat,
        DETECT_LEN,
    },
};

/// The file name endings (compared without case) of the files taken when a directory is searched. A file named
/// on the command line is read whatever its name.
pub(crate) const RECORD_EXTENSIONS: [&str; 11] =
    ["pgn", "xqf", "cbr", "cbl", "cbf", "dhtml", "dhtmlxq", "ubb", "html", "htm", "txt"];

/// Endings of files that often hold no record at all (web pages, notes): such a file found in a directory and
/// holding no record is passed over, not reported.
const MAYBE_RECORD_EXTENSIONS: [&str; 3] = ["html", "htm", "txt"];

/// A game read from a file.
#[derive(Debug)]
pub(crate) struct ReadGame {
    /// The game.
    pub(crate) game: GameRecord,
    /// What the reader passed over or changed, in words (the moves a lenient reading left out, a contradicting
    /// `Result` tag, …); empty for most games.
    pub(crate) warnings: Vec<String>,
}

/// Why a file gave no game at all.
#[derive(Debug)]
pub(crate) enum FileError {
    /// The file could not be opened or read (permissions, a directory, a vanished file).
    Io(io::Error),
    /// The file holds no record (a binary file that is not XQF, a text with no game in it).
    NoRecord,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(err) => write!(f, "cannot read: {err}"),
            FileError::NoRecord => f.write_str("no PGN, XQF or DhtmlXQ record found"),
        }
    }
}

/// Whether a file found while searching a directory is taken (by its name's ending).
pub(crate) fn is_record_name(path: &Path) -> bool {
    has_extension(path, &RECORD_EXTENSIONS)
}

/// Whether a file with no record in it is passed over when it was found in a directory (web pages, notes).
pub(crate) fn may_hold_no_record(path: &Path) -> bool {
    has_extension(path, &MAYBE_RECORD_EXTENSIONS)
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    let Some(ext) = path.extension().and_then(|ext| ext.to_str()) else { return false };
    extensions.iter().any(|known| known.eq_ignore_ascii_case(ext))
}

/// The command-line switch of the lenient mode, shared by the commands that read records.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct ReadArgs {
    /// Read leniently: a move that cannot be played is left out with the rest of its line, and the game is
    /// reported with a warning instead of being rejected.
    #[arg(long)]
    pub(crate) lenient: bool,
}

impl ReadArgs {
    fn options(self) -> ReadOptions {
        if self.lenient {
            ReadOptions::lenient()
        } else {
            ReadOptions::strict()
        }
    }
}

/// Files of at least this many bytes are read on all the threads of the pool when they are PGN: the reader
/// splits the text into games, the games are read (and worked on) in parallel, and handed on in file order.
pub(crate) const SPLIT_LEN: u64 = 1 << 20;

/// How many game texts of one file may be in hand at once (split off and not yet handed on): what bounds the
/// memory of a file read in parallel.
const WINDOW: usize = 256;

/// Reads the games of the file at `path` in file order, calling `work(number, game)` on each game (its 1-based
/// number in the file and the game with its warnings, or its error) and `each` on what `work` made of it, in file
/// order; reading stops early when `each` returns `false`. `work` runs on the calling thread, or, for a PGN file of
/// [`SPLIT_LEN`] bytes or more read on a pool of several threads, on all the threads of the pool (the games are
/// split off one by one and read in parallel, at most [`WINDOW`] in hand). Returns the number of games met.
///
/// # Errors
/// [`FileError::Io`] if the file cannot be opened or read, [`FileError::NoRecord`] if it holds no record.
pub(crate) fn read_games<G: Send>(
    path: &Path,
    args: ReadArgs,
    work: &(dyn Fn(usize, Result<ReadGame, RecordError>) -> G + Sync),
    each: &mut dyn FnMut(G) -> bool,
) -> Result<usize, FileError> {
    let file = File::open(path).map_err(FileError::Io)?;
    let big = file.metadata().map_err(FileError::Io)?.len() >= SPLIT_LEN;
    let mut input = BufReader::with_capacity(1 << 16, file);
    if !big || rayon::current_num_threads() < 2 {
        return read_in_turn(input, args, work, each);
    }
    let mut head = Vec::new();
    (&mut input).take(DETECT_LEN as u64).read_to_end(&mut head).map_err(FileError::Io)?;
    let input = io::Cursor::new(head).chain(input);
    if detect_format(input.get_ref().0.get_ref()) == Some(RecordFormat::Pgn) {
        Ok(read_split(pgn::Reader::with_options(input, args.options()), work, each))
    } else {
        read_in_turn(input, args, work, each)
    }
}

/// [`read_games`] one game after the other, on the calling thread.
fn read_in_turn<G>(
    input: impl BufRead,
    args: ReadArgs,
    work: &(dyn Fn(usize, Result<ReadGame, RecordError>) -> G + Sync),
    each: &mut dyn FnMut(G) -> bool,
) -> Result<usize, FileError> {
    let mut games = read_any(input, args.options()).map_err(|err| match err.kind {
        RecordErrorKind::Io(kind) => FileError::Io(io::Error::from(kind)),
        _ => FileError::NoRecord,
    })?;
    let mut count = 0;
    while let Some(result) = games.next() {
        count += 1;
        let warnings = games.take_warnings().iter().map(ToString::to_string).collect();
        let result = result.map(|game| ReadGame { game, warnings });
        let number = result.as_ref().map_or_else(|err| err.game, |_| count);
        if !each(work(number, result)) {
            break;
        }
    }
    Ok(count)
}

/// A game text split off a PGN file and not handed on yet.
struct InHand {
    /// Its place among the texts of the file (from 0).
    sequence: usize,
    /// The number its first game was given when its work started: right if every text before it held one game.
    first: usize,
    text: Arc<pgn::GameText>,
}

/// [`read_games`] of a PGN file on all the threads of the pool: the calling thread splits the text into games
/// ([`pgn::Reader::next_text`]), the pool reads them and runs `work`, and the calling thread hands the results on
/// in file order, helping with the work whenever it has to wait. The number of a text's first game is known only
/// when the texts before it have been read (a text holds several games when they follow one another without tags,
/// and none when it is only white space); a text whose work started with another number (rare) is worked on again,
/// so every game gets the number it has in the file, as when the file is read in turn.
fn read_split<R: BufRead, G: Send>(
    mut reader: pgn::Reader<R>,
    work: &(dyn Fn(usize, Result<ReadGame, RecordError>) -> G + Sync),
    each: &mut dyn FnMut(G) -> bool,
) -> usize {
    let queue: Mutex<VecDeque<(usize, usize, Arc<pgn::GameText>)>> = Mutex::new(VecDeque::new());
    let take = || queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop_front();
    let run = |(sequence, first, text): (usize, usize, Arc<pgn::GameText>)| (sequence, read_text(&text, first, work));
    let (sender, receiver) = mpsc::channel();
    let mut count = 0;
    rayon::in_place_scope(|scope| {
        let mut in_hand: VecDeque<InHand> = VecDeque::new();
        let mut done: BTreeMap<usize, Vec<G>> = BTreeMap::new();
        let mut failure = None;
        let (mut sequence, mut ended, mut stop) = (0, false, false);
        loop {
            while !ended && failure.is_none() && in_hand.len() < WINDOW {
                match reader.next_text() {
                    Some(Ok(text)) => {
                        let text = Arc::new(text);
                        let first = count + in_hand.len() + 1;
                        in_hand.push_back(InHand { sequence, first, text: Arc::clone(&text) });
                        queue
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .push_back((sequence, first, text));
                        let sender = sender.clone();
                        scope.spawn(move |_| {
                            if let Some(job) = take() {
                                let _ = sender.send(run(job));
                            }
                        });
                        sequence += 1;
                    }
                    Some(Err(err)) => failure = Some(err),
                    None => ended = true,
                }
            }
            // Hand on every text whose work is done, in order.
            done.extend(receiver.try_iter());
            while let Some(front) = in_hand.front().filter(|front| done.contains_key(&front.sequence)) {
                let mut results = done.remove(&front.sequence).unwrap_or_default();
                if front.first != count + 1 {
                    results = read_text(&front.text, count + 1, work);
                }
                in_hand.pop_front();
                count += results.len();
                for result in results {
                    if !stop && !each(result) {
                        stop = true;
                    }
                }
            }
            if stop || (in_hand.is_empty() && (ended || failure.is_some())) {
                break;
            }
            if in_hand.len() < WINDOW && !ended && failure.is_none() {
                continue;
            }
            // Nothing to hand on yet: do a text's work here, or wait for one.
            match take() {
                Some(job) => {
                    let (sequence, results) = run(job);
                    done.insert(sequence, results);
                }
                None => done.extend(receiver.recv().ok()),
            }
        }
        queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
        if let (false, Some(mut err)) = (stop, failure) {
            count += 1;
            err.game = count;
            each(work(count, Err(err)));
        }
    });
    count
}

/// Reads the games of `text`, numbered from `first`, and runs `work` on each.
fn read_text<G>(
    text: &pgn::GameText,
    first: usize,
    work: &(dyn Fn(usize, Result<ReadGame, RecordError>) -> G + Sync),
) -> Vec<G> {
    let (games, warnings) = text.read(first);
    games
        .into_iter()
        .enumerate()
        .map(|(index, result)| {
            let number = first + index;
            let warnings = warnings.iter().filter(|warning| warning.game == number).map(ToString::to_string).collect();
            let result = result.map(|game| ReadGame { game, warnings });
            let number = result.as_ref().map_or_else(|err| err.game, |_| number);
            work(number, result)
        })
        .collect()
}

/// The error's kind in a few words, to count rejected games by reason.
pub(crate) fn reason(err: &RecordError) -> &'static str {
    match &err.kind {
        RecordErrorKind::Truncated(_) => "truncated",
        RecordErrorKind::Malformed(_) => "malformed",
        RecordErrorKind::NotThisFormat(_) => "not a record of its format",
        RecordErrorKind::UnsupportedVersion(_) => "unsupported XQF version",
        RecordErrorKind::Fen(_) => "bad FEN",
        RecordErrorKind::StartPosition(_) | RecordErrorKind::SquareTaken(_) => "illegal start position",
        RecordErrorKind::TooDeep => "variations nested too deep",
        RecordErrorKind::Unrepresentable(_) => "cannot be written",
        RecordErrorKind::Io(_) => "read error",
        RecordErrorKind::NoRecord => "no record",
        RecordErrorKind::Move(mv) => match &mv.problem {
            MoveProblem::Notation(_) => "move does not read",
            MoveProblem::OffBoard => "move off the board",
            MoveProblem::Illegal(illegal) => match illegal.reason {
                IllegalMoveReason::NoPiece => "move from an empty square",
                IllegalMoveReason::OpponentsPiece => "move by the side not to move",
                IllegalMoveReason::CannotMoveThere => "move the piece cannot make",
                IllegalMoveReason::ExposesKing => "move that exposes the king",
                _ => "illegal move",
            },
            _ => "bad move",
        },
        _ => "bad record",
    }
}

/// The main-line plies read before `err`: the ply before a bad main-line move, otherwise none.
pub(crate) fn plies_before(err: &RecordError) -> usize {
    match &err.kind {
        RecordErrorKind::Move(mv) if !mv.in_variation => mv.ply.saturating_sub(1),
        _ => 0,
    }
}
