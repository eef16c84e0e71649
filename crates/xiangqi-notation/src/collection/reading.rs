//! Reading one input: opening it, and its games read in turn on one thread, or — a PGN file of [`SPLIT_LEN`]
//! bytes or more, when the run has several threads — split into game texts that any thread reads.

use std::{
    fs::File,
    io::{self, BufReader, Cursor, Read},
    sync::Arc,
};

use super::{
    input::{BoxedReader, Source},
    outcome::{CollectedGame, FileError, FileOutcome},
    piece::{Games, Last, Piece},
    progress::{Counted, Progress},
    search::Open,
    stop::Stop,
};
use crate::{
    detect_format, pgn, read_any, AnyReader, ReadOptions, RecordError, RecordErrorKind, RecordFormat, DETECT_LEN,
};

/// Inputs of at least this many bytes are read on all the threads when they are PGN.
pub(crate) const SPLIT_LEN: u64 = 1 << 20;

/// The reader of a large PGN input, split into game texts (boxed: it is handed from thread to thread).
pub(crate) type PgnReader<'a> = Box<pgn::Reader<BoxedReader<'a>>>;

/// How many results of an input read in turn are handed on at once (one lock for them all).
const BATCH: usize = 64;

/// An input opened.
#[expect(clippy::large_enum_variant, reason = "made once an input and matched at once: no need to box the reader")]
pub(crate) enum Opened<'a> {
    /// To be read game after game, on this thread.
    InTurn(AnyReader<BoxedReader<'a>>),
    /// A large PGN input, to be split into game texts that any thread reads.
    Split(PgnReader<'a>),
    /// It gives no game (with the outcome: failed or passed over).
    Ends(FileOutcome),
}

/// Opens an input found and tells how it is to be read: split only if `may_split` (the run has several
/// threads). The bytes read are counted into `progress`.
pub(crate) fn open<'a>(
    source: &Source,
    open: Open<'a>,
    options: ReadOptions,
    may_split: bool,
    progress: &Progress,
) -> Opened<'a> {
    let (reader, len): (BoxedReader<'a>, _) = match open {
        Open::Failed(error) => return Opened::Ends(FileOutcome::Failed(error)),
        Open::File(path) => {
            let opened = File::open(path).and_then(|file| Ok((file.metadata()?.len(), file)));
            let (len, file) = match opened {
                Ok(opened) => opened,
                Err(err) => return Opened::Ends(FileOutcome::Failed(FileError::Io(err))),
            };
            (Box::new(Counted::new(BufReader::with_capacity(1 << 16, file), progress)), Some(len))
        }
        Open::Reader(reader, len) => (Box::new(Counted::new(reader, progress)), len),
    };
    progress.opened(len.unwrap_or(0));
    let reader = if may_split && len.is_none_or(|len| len >= SPLIT_LEN) {
        match split_if_pgn(reader, options) {
            Ok(Looked::Large(split)) => return Opened::Split(split),
            Ok(Looked::Other(reader)) => reader,
            Err(err) => return Opened::Ends(FileOutcome::Failed(FileError::Io(err))),
        }
    } else {
        reader
    };
    match read_any(reader, options) {
        Ok(games) => Opened::InTurn(games),
        Err(err) => Opened::Ends(match err.kind {
            RecordErrorKind::Io(kind) => FileOutcome::Failed(FileError::Io(io::Error::from(kind))),
            _ if source.may_hold_no_record() => FileOutcome::PassedOver,
            _ => FileOutcome::Failed(FileError::NoRecord),
        }),
    }
}

/// A reader looked at by [`split_if_pgn`].
enum Looked<'a> {
    /// A PGN input of [`SPLIT_LEN`] bytes or more.
    Large(PgnReader<'a>),
    /// Any other, the bytes looked at put back.
    Other(BoxedReader<'a>),
}

/// Looks at the first [`DETECT_LEN`] bytes of `reader`: is it PGN of [`SPLIT_LEN`] bytes or more?
fn split_if_pgn(mut reader: BoxedReader<'_>, options: ReadOptions) -> io::Result<Looked<'_>> {
    let mut head = Vec::new();
    (&mut reader).take(DETECT_LEN as u64).read_to_end(&mut head)?;
    let large = head.len() as u64 >= SPLIT_LEN && detect_format(&head) == Some(RecordFormat::Pgn);
    // A head shorter than asked for is the whole input: the end is not asked for again.
    let reader: BoxedReader<'_> =
        if head.len() < DETECT_LEN { Box::new(Cursor::new(head)) } else { Box::new(Cursor::new(head).chain(reader)) };
    Ok(if large { Looked::Large(Box::new(pgn::Reader::with_options(reader, options))) } else { Looked::Other(reader) })
}

/// Reads the games of an input in turn, on this thread, and runs `work` on each; hands the results on in
/// pieces of [`BATCH`] and returns the last piece, with the input's outcome, or cut short when `stop` is seen
/// between two games.
pub(crate) fn read_in_turn<T>(
    source: &Arc<Source>,
    mut games: AnyReader<BoxedReader<'_>>,
    work: &dyn Fn(CollectedGame<'_>) -> T,
    stop: &Stop,
    hand_on: &mut dyn FnMut(Piece<T>),
) -> Piece<T> {
    let mut batch = Vec::new();
    let mut count = 0;
    let last = loop {
        if stop.is_stopped() {
            break Last::Cut;
        }
        let Some(record) = games.next() else { break Last::End(FileOutcome::Read) };
        count += 1;
        let warnings = games.take_warnings();
        let number = record.as_ref().map_or_else(|err| err.game, |_| count);
        batch.push(work(CollectedGame { source, number, record, warnings, encoding: games.encoding() }));
        if batch.len() == BATCH {
            let games = Games::Numbered(core::mem::take(&mut batch));
            hand_on(Piece { source: Arc::clone(source), games, last: None });
        }
    };
    Piece { source: Arc::clone(source), games: Games::Numbered(batch), last: Some(last) }
}

/// Reads the games of a PGN `text`, numbered from `first`, and runs `work` on each.
pub(crate) fn read_text<T>(
    source: &Source,
    text: &pgn::GameText,
    first: usize,
    work: &dyn Fn(CollectedGame<'_>) -> T,
) -> Vec<T> {
    let (games, mut warnings) = text.read(first);
    games
        .into_iter()
        .enumerate()
        .map(|(index, record)| {
            let number = first + index;
            let (mine, others) = warnings.drain(..).partition(|warning| warning.game == number);
            warnings = others;
            let number = record.as_ref().map_or_else(|err| err.game, |_| number);
            work(CollectedGame { source, number, record, warnings: mine, encoding: text.encoding() })
        })
        .collect()
}

/// How the splitting of a large PGN input went on.
pub(crate) enum Split {
    /// There is more.
    More,
    /// The input has ended.
    Ended,
    /// The input has ended with a read error.
    Failed(RecordError),
}

/// Splits up to `most` game texts off `reader` onto `texts`.
pub(crate) fn split_texts(reader: &mut PgnReader<'_>, most: usize, texts: &mut Vec<pgn::GameText>) -> Split {
    for _ in 0..most {
        match reader.next_text() {
            Some(Ok(text)) => texts.push(text),
            Some(Err(err)) => return Split::Failed(err),
            None => return Split::Ended,
        }
    }
    Split::More
}
