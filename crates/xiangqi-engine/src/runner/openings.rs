//! [`Opening`]s for a match: read from a record file (PGN and the other formats the notation crate reads) or from
//! a list of positions (FEN or EPD, one a line), in order or shuffled with a seed.

use std::{
    fs::File,
    io::{self, BufRead, BufReader},
    path::{Path, PathBuf},
};

use xiangqi_board::{Move, Position};
use xiangqi_notation::{read_any, ReadOptions, RecordError, RecordErrorKind};

use crate::runner::SplitMix64;

/// Where a game starts: a position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// What it is called in messages and the PGN: `FILE:LINE` for a position, `FILE #GAME` for a game, or the
    /// record's `Opening` tag when it has one.
    pub name: String,
    /// The start position.
    pub start: Position,
    /// The moves played from it (legal: every reader checks them).
    pub moves: Vec<Move>,
}

impl Opening {
    /// The start position with no moves.
    pub fn start_position() -> Opening {
        Opening { name: "start position".into(), start: Position::new(), moves: Vec::new() }
    }
}

/// Why an openings file cannot be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpeningsError {
    /// The file cannot be read.
    #[error("cannot read the openings {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// A record of the file does not read.
    #[error("openings {}: {error}", .path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// The error, naming the game and the move.
        error: Box<RecordError>,
    },
    /// A line of a position list is no position.
    #[error("openings {}, line {line}: {problem}", .path.display())]
    Position {
        /// The file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// Why.
        problem: String,
    },
    /// The file holds no opening.
    #[error("openings {}: no opening in the file", .path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
}

/// Reads the openings of `path`.
///
/// A file named `*.fen` or `*.epd` (or `*.txt`) is a list of positions, one a line: a FEN (the board and the side
/// to move at least), or an EPD line, whose operations after the fourth field are passed over; blank lines and
/// lines starting with `#` are skipped. Any other file is read as a game record (PGN, XQF, DhtmlXQ, CCBridge: the
/// format is recognised) and each game is an opening: its start position and main line.
///
/// # Errors
/// [`OpeningsError`] naming the file and the line or game that does not read; an empty file is an error too.
pub fn read_openings(path: &Path) -> Result<Vec<Opening>, OpeningsError> {
    let io_error = |source| OpeningsError::Io { path: path.to_owned(), source };
    let file = File::open(path).map_err(io_error)?;
    let extension = path.extension().and_then(|ext| ext.to_str()).map(str::to_ascii_lowercase);
    let openings = if matches!(extension.as_deref(), Some("fen" | "epd" | "txt")) {
        read_positions(path, BufReader::new(file))?
    } else {
        let record_error = |error: RecordError| match error.kind {
            RecordErrorKind::NoRecord => OpeningsError::Empty { path: path.to_owned() },
            _ => OpeningsError::Record { path: path.to_owned(), error: Box::new(error) },
        };
        let games = read_any(BufReader::new(file), ReadOptions::default()).map_err(record_error)?;
        let mut openings = Vec::new();
        for (index, game) in games.enumerate() {
            let game = game.map_err(record_error)?;
            let name = game
                .tags
                .get("Opening")
                .map_or_else(|| format!("{} #{}", file_name(path), index + 1), |opening| opening.to_owned());
            openings.push(Opening { name, start: game.start.clone(), moves: game.main_moves().collect() });
        }
        openings
    };
    if openings.is_empty() {
        return Err(OpeningsError::Empty { path: path.to_owned() });
    }
    Ok(openings)
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}

fn read_positions(path: &Path, reader: impl BufRead) -> Result<Vec<Opening>, OpeningsError> {
    let mut openings = Vec::new();
    for (index, line) in reader.lines().enumerate() {
        let line = line.map_err(|source| OpeningsError::Io { path: path.to_owned(), source })?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        // A FEN has up to six fields; EPD has four, then operations (`id "…";`).
        let counters = fields.len() >= 6 && fields[4..6].iter().all(|field| field.parse::<u32>().is_ok());
        let fen = if counters { fields[..6].join(" ") } else { fields[..fields.len().min(4)].join(" ") };
        let start = Position::from_fen(&fen).map_err(|err| OpeningsError::Position {
            path: path.to_owned(),
            line: index + 1,
            problem: err.to_string(),
        })?;
        openings.push(Opening { name: format!("{}:{}", file_name(path), index + 1), start, moves: Vec::new() });
    }
    Ok(openings)
}

/// Shuffles `openings` with `seed` (the same seed, the same order).
pub fn shuffle_openings(openings: &mut [Opening], seed: u64) {
    SplitMix64::new(seed).shuffle(openings);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xiangqi-engine-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn position_lists_take_fen_and_epd_lines() {
        let path = scratch(
            "list.epd",
            "# two positions\n\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - id \"central cannon\";\n\
             3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 3 12\n",
        );
        let openings = read_openings(&path).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].name, "list.epd:3");
        assert_eq!(
            openings[0].start.to_string(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1"
        );
        assert_eq!(openings[1].start.fullmoves().get(), 12);
        let bad = scratch("bad.fen", "rnbakabnr/9 w\n");
        let err = read_openings(&bad).unwrap_err();
        assert!(err.to_string().starts_with("openings "), "{err}");
        assert!(matches!(err, OpeningsError::Position { line: 1, .. }));
    }

    #[test]
    fn records_give_their_main_lines() {
        let path = scratch("book.pgn", "[Opening \"中炮\"]\n\n1. h2e2 h9g7 *\n\n[Event \"x\"]\n\n1. c3c4 *\n");
        let openings = read_openings(&path).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!((openings[0].name.as_str(), openings[0].moves.len()), ("中炮", 2));
        assert_eq!((openings[1].name.as_str(), openings[1].moves.len()), ("book.pgn #2", 1));
        let empty = scratch("empty.pgn", "");
        let err = read_openings(&empty).unwrap_err();
        assert!(matches!(err, OpeningsError::Empty { .. }), "{err:?}");
        let illegal = scratch("illegal.pgn", "1. h2h8 *\n");
        assert!(matches!(read_openings(&illegal), Err(OpeningsError::Record { .. })));
    }

    #[test]
    fn shuffling_is_repeatable() {
        let mut a: Vec<Opening> =
            (0..6).map(|i| Opening { name: i.to_string(), ..Opening::start_position() }).collect();
        let mut b = a.clone();
        shuffle_openings(&mut a, 42);
        shuffle_openings(&mut b, 42);
        assert_eq!(a, b);
        assert_ne!(a.iter().map(|o| o.name.as_str()).collect::<String>(), "012345");
    }
}
