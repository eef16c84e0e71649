//! Xiangqi notations and game records.
//!
//! Two stages, as in the best chess libraries: **syntax** values that implement `FromStr` and `Display` and need
//! no position, then **meaning** in a position (`to_move(&Position)`, `from_move(&Position, Move)`).
//!
//! The examples use the paths of the facade crate [`xiangqi`](https://docs.rs/xiangqi), where this crate is
//! `xiangqi::notation`; a program using `xiangqi-notation` alone writes `xiangqi_notation::` instead.
//!
//! # Move notations
//!
//! | notation | type | writes | reads also |
//! |---|---|---|---|
//! | ICCS | [`Iccs`] | `H2-E2` | `h2e2` |
//! | UCCI / Pikafish (ranks 0–9) | [`Ucci`] | `h2e2` | |
//! | Fairy-Stockfish UCI (ranks 1–10) | [`FairyUci`] | `h3e3` | |
//! | traditional Chinese (xqbase rules) | [`Chinese`] | 炮二平五, 前炮退二, 一兵平五 | 俥 傌 砲 帥…, 上/下, １…９, 壹…玖, 前兵四平五, 前四平五, 炮前平五, 炮2 5 |
//! | WXF (official, XQWizard, Fairy-Stockfish) | [`Wxf`] | `C2.5`, `R+.3`, `++.6`, `4+.5` | `C2=5`, `N2+3`, `Pa.5`, `P..4`, `25=6`, `＋Ｐ＋１`, AXF |
//! | AXF international | [`Axf`] | `炮2=5`, `车2+6` | `炮2·5`, `C2=5` |
//!
//! The [`format`](mod@format) module reads and writes any of them chosen at run time ([`MoveFormat`],
//! [`WriteOptions`]), and [`format::parse_any`] reads a move of unknown notation. A text that names no legal move
//! or several is a [`MoveTextError`] that says which; bad syntax is a [`SyntaxError`] with a byte offset. The
//! rules and every dialect are described on each type and in the repository's [docs/notation.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/notation.md).
//!
//! ```
//! use xiangqi::board::Position;
//! use xiangqi::notation::{format::write_move, Chinese, MoveFormat, WriteOptions, Wxf};
//!
//! // Three red pawns on file 五; the middle one steps to file 六.
//! let pos = Position::from_fen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w")?;
//! let mv = "中兵平六".parse::<Chinese>()?.to_move(&pos)?;
//! assert_eq!(mv.to_string(), "e6d6");
//! assert_eq!(Wxf::from_move(&pos, mv)?.to_string(), "P5.6");
//! assert_eq!(write_move(MoveFormat::Axf, &pos, mv, &WriteOptions::default())?, "兵5=6");
//! assert_eq!("25=6".parse::<Wxf>()?.to_move(&pos)?, mv); // Fairy-Stockfish's pawn index
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # A line of moves
//!
//! [`parse_line`] reads the move texts a user typed from a start position, each in the position the ones before
//! it reach, in one notation or in any ([`Notation`]); [`MoveLine::read`] reads one more, for a game played a
//! text at a time. The [`MoveLine`] holds the moves and every position between them; a text that cannot be played
//! is a [`LineError`] naming its ply (from 1), the text and why, with the line read before it. Every front end
//! reads typed moves through this stage.
//!
//! ```
//! use xiangqi::board::Position;
//! use xiangqi::notation::{parse_line, split_move_texts, Notation};
//!
//! let line = parse_line(&Position::new(), split_move_texts("炮二平五 马8进7 N2+3"), Notation::Any)?;
//! assert_eq!(line.moves().iter().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2"]);
//! let err = parse_line(line.end_position(), ["車九平八", "zz"], Notation::Any).unwrap_err();
//! assert_eq!(err.ply, 2);
//! assert!(err.to_string().starts_with("ply 2, move `zz`: syntax error at byte 0"));
//! # Ok::<_, xiangqi::notation::LineError>(())
//! ```
//!
//! # Game records
//!
//! A [`GameRecord`] holds the tags, the start position, the main [`Line`] with its variations and comments, and the
//! result. Four formats read into it:
//!
//! | format | module | reads | writes |
//! |---|---|---|---|
//! | PGN, xiangqi flavour | [`pgn`] | UTF-8, GBK, Big5 (detected); `[Format]` Chinese, WXF, ICCS; comments, variations and the quirks of real collections | UTF-8, in any [`MoveFormat`] |
//! | XQF (XQStudio) | [`xqf`] | versions 0x0A–0x12, encrypted ones included, the whole variation tree | 0x0A and the encrypted 0x12 |
//! | DhtmlXQ (东萍) | [`dhtmlxq`] | `binit`, `movelist`, `fen`, variations, comments | yes |
//! | CCBridge (象棋桥) CBR, CBL, CBF | [`ccbridge`] | one game (CBR), a library (CBL), XML (CBF); variations (CBR, CBL) and comments | — |
//!
//! A move that contradicts the position is a [`RecordError`] naming the game, the ply and the text of the move;
//! truncated or malformed bytes are an error too, never a panic and never a guess. For whole collections,
//! [`read_any`] recognises the format of a file or stream and reads it game by game ([`pgn::Reader`],
//! [`dhtmlxq::Reader`]), holding one game at a time, and [`ReadOptions::lenient`] cuts a bad move with the rest
//! of its line instead of failing the game, with a [`Warning`] that says where and why. The [`collection`]
//! module reads files, directories and in-memory inputs on all the cores, handing the results on in input order.
//!
//! ```
//! use xiangqi::notation::{pgn, MoveFormat};
//!
//! let text = "[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";
//! let game = &pgn::read_str(text)?[0];
//! assert_eq!(game.main_moves().count(), 4);
//! let wxf = pgn::write(game, &pgn::PgnOptions::new(MoveFormat::Wxf))?;
//! assert!(wxf.contains("1. C2.5 H8+7\n2. H2+3 R9.8"));
//!
//! let error = pgn::read_str("1. 炮二平五 马８进７ 2. 马二进四 *").unwrap_err();
//! assert!(error.to_string().contains("马二进四"));
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```
//!
//! # Features
//! - `std` (default): the game records above, which read files and streams. Without it the crate is `no_std`
//!   with `alloc`: the move notations, their [`format`](mod@format) module and their errors.
//! - `serde`: `Serialize`/`Deserialize` for the notation values as their `Display`/`FromStr` text (`iccs`,
//!   `H2-E2`, `炮二平五`, `1996.04.17`) and for the game records, whose [`Tags`] are a JSON object in tag order.
//!   Every JSON form of the workspace: [docs/json.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/json.md).
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![cfg_attr(not(feature = "std"), no_std)]

extern crate alloc;

// Move notations (one module per notation), in `moves/`.
mod moves;

pub use moves::format;
#[doc(no_inline)]
pub use moves::format::{MoveFormat, Notation, ParseMoveFormatError, ParseNotationError, WriteOptions};
pub use moves::{
    axf::{Axf, AxfStyle},
    chinese::{BlackDigits, Chinese, TandemNames},
    coords::{FairyUci, Iccs, Ucci},
    glyph::Script,
    line::{parse_line, split_move_texts, LineError, LineProblem, MoveLine},
    motion::Direction,
    move_error::{MoveTextError, Refusal, SyntaxError, TriedPiece},
    wxf::{Wxf, WxfDialect},
};

#[cfg(feature = "serde")]
mod serde_impls;

// Game records (one module per format, and what they share), in `records/`: they read files and streams, so
// they need `std`.
#[cfg(feature = "std")]
mod records;

#[cfg(feature = "std")]
pub use records::{
    any::{detect_format, read_any, AnyReader, ParseRecordFormatError, RecordFormat, DETECT_LEN},
    date::{Date, ParseDateError},
    game::{GameRecord, Line, Node, Tags},
    lenient::{ReadMode, ReadOptions, Warning, WarningKind},
    limits::{Limited, Limits},
    record_error::{Location, MoveError, MoveProblem, RecordError, RecordErrorKind, MAX_VARIATION_DEPTH},
};
#[cfg(feature = "std")]
pub use records::{ccbridge, dhtmlxq, encoding, pgn, xqf};

// Whole collections read on all the cores, in input order (`collection/`): files, directories and in-memory
// inputs, read by the records' readers.
#[cfg(feature = "std")]
pub mod collection;
/// The result of a game (the board crate's type, kept by every record).
#[doc(no_inline)]
pub use xiangqi_board::GameResult;

/// The crate README's examples, run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
