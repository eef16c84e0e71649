//! Reading the records of CCBridge (象棋桥): CBR (one game), CBL (a library of games) and CBF (XML), with the
//! variation tree (CBR, CBL) and the comments.
//!
//! Strings of the binary formats are UTF-16, little end first, NUL-terminated in fields of fixed size; all
//! numbers are little-endian. Nothing is encrypted.
//!
//! # CBR: one game
//! A header of 2214 bytes, then the move records:
//!
//! | offset | content |
//! |---|---|
//! | 0 | `CCBridge Record` and a NUL |
//! | 19 | the format version: 2 (the only one this crate reads; version 1 files have another layout) |
//! | 180, 692, 756, 884, 948, 1012 | title, event, round, date, site, time control (128 bytes for the title, 64 for the others) |
//! | 1076, 1140, 1204 | Red's player, team and time (64 bytes each) |
//! | 1300, 1364, 1428 | Black's player, team and time (64 bytes each) |
//! | 1652 | the commentator (64 bytes) |
//! | 2036 | the ECCO opening code, ASCII (4 bytes, `C32` and a NUL) |
//! | 2076 | the result: 0 unknown, 1 Red wins, 2 Black wins, 3 (and 4) draw |
//! | 2112 | the side to move first: 1 Red, 2 Black |
//! | 2116 | the number of the first move (16 bits) |
//! | 2120 | the board: 90 bytes, one a square, from Black's back rank down and each rank from Red's left; the high half of a byte is the colour (1 Red, 2 Black), the low half the piece (1 rook, 2 horse, 3 elephant, 4 advisor, 5 king, 6 cannon, 7 pawn), 0 an empty square |
//!
//! Each move record is four bytes: flags, a reserved byte, and the `from` and `to` squares, numbered as the
//! board bytes are (0 is Black's left corner `a9`, 89 Red's right corner `i0`). Flag `0x01` says the line ends
//! with this move (no next move follows), `0x02` that an alternative to this move follows, `0x04` that a
//! comment follows: its length in bytes (32 bits), then the text. The first record is the start position's: its
//! squares are not read, its comment is the comment on the whole game, and its flag `0x01` says the game has no
//! move. The tree is stored depth first: a move's continuation comes before its alternatives.
//!
//! The side to move is the side of the piece the first move moves (as for XQF); a game without a move takes
//! the stored side.
//!
//! # CBL: a library
//! | offset | content |
//! |---|---|
//! | 0 | `CCBridgeLibrary` and a NUL |
//! | 60 | the number of slots of the index, *n* (32 bits) |
//! | 64 | the library's name (512 bytes) |
//! | 66624 | the index: *n* entries of 276 bytes |
//! | 66624 + 276·*n* | the games: CBR records, each starting on a 4096-byte boundary |
//!
//! A game longer than 4096 bytes runs on into the next slots, so the games are the slots that begin with the
//! CBR magic, in file order; the index is not read. A record with an empty board and no move is a
//! [`Heading`] (a title for the games after it, `龙化杯象棋名师邀请赛对局（男子组20局）`), not a game: its title
//! is the tag `Section` ([`SECTION_TAG`]) of each game after it up to the next heading (a heading without a title
//! ends the section), so that a library written as PGN keeps it (`[Section "…"]`).
//!
//! # CBF: XML
//! `<ChineseChessRecord>` holds a `<Head>` of named fields and a `<MoveList>` of `<Move value="XY-XY">`
//! elements, X the file from Red's left (0–8) and Y the rank from Black's side (0–9). The first `Move`
//! (`00-00`) is the start position and carries the comment on the whole game; a move's comment is its text
//! (usually CDATA); `end="1"` marks the last move. The side to move is the `<FEN>`'s.
//!
//! # Tags
//! | tag | CBR, CBL | CBF |
//! |---|---|---|
//! | `Title` | title | `Name` |
//! | `Event` | event | `Contest` |
//! | `Round`, `Date`, `Site` | round, date, site | `Round`, `Date`, `Site` |
//! | `TimeControl` | time control | `TimeRule` |
//! | `Red`, `RedTeam`, `RedTime` | Red's player, team, time | `Red`, `RedTeam`, `RedTime` |
//! | `Black`, `BlackTeam`, `BlackTime` | Black's player, team, time | `Black`, `BlackTeam`, `BlackTime` |
//! | `Annotator` | commentator | `Commentator` |
//! | `ECCO` | ECCO code | `ECCO` |
//! | `Section` | the title of the CBL heading before the game | — |
//!
//! Empty fields are left out. The result is the CBR byte 2076 or the CBF `<RecordResult>`, with the same codes.
//!
//! # Errors
//! A file without its magic, a version other than 2, bytes that end inside the header or the move records, an
//! unknown piece code, two kings of one side and the other illegal start positions, and every move that is off
//! the board or not legal (in the main line or a variation) are errors naming the byte offset (the line for
//! CBF) and, in a library, the game (from 1). CBF variations are not read: a `Move` after `end="1"` or inside
//! another `Move` is an error. Nothing is skipped or guessed.
//!
//! ```
//! use xiangqi::notation::ccbridge;
//!
//! let cbf = r#"<?xml version="1.0" encoding="UTF-8"?>
//! <ChineseChessRecord Version="1.0">
//!  <Head><Name>例局</Name><RecordResult>1</RecordResult>
//!   <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
//!  <MoveList>
//!   <Move value="00-00"><![CDATA[中炮对屏风马]]></Move>
//!   <Move value="77-47" />
//!   <Move value="70-62" end="1"><![CDATA[马8进7]]></Move>
//!  </MoveList>
//! </ChineseChessRecord>"#;
//! let game = ccbridge::read_cbf(cbf.as_bytes())?;
//! assert_eq!(game.tags.get("Title"), Some("例局"));
//! assert_eq!(game.main_moves().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(game.main.nodes[1].comment.as_deref(), Some("马8进7"));
//! assert_eq!(game.result, xiangqi::notation::GameResult::RedWins);
//!
//! // Any of the three formats, told apart by their first bytes.
//! assert_eq!(ccbridge::read(cbf.as_bytes())?.games.len(), 1);
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```

mod cbf;
mod cbr;
mod library;

pub use cbf::read_cbf;
pub use cbr::{read_cbl, read_cbr};
pub use library::{Heading, Library, SECTION_TAG};

use library::{CblEntries, Entry, Sections};

use crate::{records::lenient::Context, GameRecord, Location, ReadOptions, RecordError, RecordErrorKind, Warning};

/// Reads a CBR, CBL or CBF file, told apart by its first bytes (`CCBridge Record`, `CCBridgeLibrary`, or XML).
///
/// # Errors
/// [`RecordErrorKind::NotThisFormat`] for bytes that are none of the three, else the errors of [`read_cbr`],
/// [`read_cbl`] and [`read_cbf`].
pub fn read(bytes: &[u8]) -> Result<Library, RecordError> {
    read_with(bytes, ReadOptions::strict()).map(|(library, _)| library)
}

/// Reads a CBR, CBL or CBF file as `options` say: in the lenient mode a move that cannot be played is left out
/// with its subtree and reported in the warnings (in file order), as [`ReadOptions`] describes.
///
/// A game of a library that cannot be read at all (a bad header or start position) still fails the call; to skip
/// such games and read the others, use [`read_any`](crate::read_any), which returns one result per game.
///
/// # Errors
/// As [`read`]; in the lenient mode a bad move is a warning instead.
pub fn read_with(bytes: &[u8], options: ReadOptions) -> Result<(Library, Vec<Warning>), RecordError> {
    let (name, entries, warnings) = entries(bytes, options)?;
    Ok((Library::from_entries(name, entries)?, warnings))
}

/// The games of a CCBridge file, one result per game (a heading is no game: its title is the tag `Section` of
/// the games after it), and the warnings of the games read: what [`read_any`](crate::read_any) returns.
pub(crate) fn read_games(bytes: &[u8], options: ReadOptions) -> (Vec<Result<GameRecord, RecordError>>, Vec<Warning>) {
    match entries(bytes, options) {
        Ok((_, entries, warnings)) => {
            let mut section = Sections::default();
            let games = entries
                .into_iter()
                .filter_map(|entry| match entry {
                    Ok(Entry::Game(game)) => Some(Ok(section.tag(*game))),
                    Ok(Entry::Heading(title)) => {
                        section.start(&title);
                        None
                    }
                    Err(err) => Some(Err(err)),
                })
                .collect();
            (games, warnings)
        }
        Err(err) => (vec![Err(err)], Vec::new()),
    }
}

/// The name and the records of a CCBridge file of any of the three kinds, with the warnings.
fn entries(bytes: &[u8], options: ReadOptions) -> Result<CblEntries, RecordError> {
    let mut context = Context::new(options, 1);
    let one = if bytes.starts_with(cbr::RECORD_MAGIC) {
        cbr::read_cbr_in(bytes, &mut context)
    } else if bytes.starts_with(cbr::LIBRARY_MAGIC) {
        return cbr::read_cbl_entries(bytes, options);
    } else if cbf::looks_like_xml(bytes) {
        cbf::read_cbf_in(bytes, &mut context)
    } else {
        return Err(RecordError::new(Location::Byte(0), RecordErrorKind::NotThisFormat("CCBridge")));
    };
    Ok((None, vec![Ok(Entry::Game(Box::new(one?)))], context.warnings))
}

/// Whether `head`, the first bytes of a file, are those of a CCBridge record: the CBR or CBL magic, or an XML
/// document whose root element is `ChineseChessRecord` (CBF).
pub(crate) fn is_ccbridge(head: &[u8]) -> bool {
    head.starts_with(cbr::RECORD_MAGIC)
        || head.starts_with(cbr::LIBRARY_MAGIC)
        || (cbf::looks_like_xml(head) && head.windows(19).any(|window| window == b"<ChineseChessRecord"))
}
