//! The xiangqi (Chinese chess) board: squares, pieces, bitboards, FEN, legal move generation, check, mate and
//! stalemate (困毙), Zobrist keys and perft.
//!
//! This crate is the base of the `xiangqi` workspace; the notation, adjudicator and tournament crates build on
//! its vocabulary. It is `#![no_std]` (with an optional `std` feature) and has no `unsafe` code.
//!
//! The examples use the paths of the facade crate [`xiangqi`](https://docs.rs/xiangqi), where this crate is
//! `xiangqi::board`; a program using `xiangqi-board` alone writes `xiangqi_board::` instead.
//!
//! # Examples
//!
//! Play moves and look at the result:
//!
//! ```
//! use xiangqi::board::{Color, Move, Outcome, Position, Square};
//!
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 44);
//!
//! // 炮二平五 (h2e2), then 马8进7 (h9g7).
//! let pos = pos.play("h2e2".parse()?)?.play("h9g7".parse()?)?;
//! assert_eq!(pos.turn(), Color::Red);
//! assert_eq!(pos.piece_at(Square::E2).map(|p| p.fen_char()), Some('C'));
//!
//! // Illegal moves are rejected and change nothing.
//! assert!(pos.play(Move::new(Square::E0, Square::E2)).is_err());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Read a FEN, find the mate and see who won:
//!
//! ```
//! use xiangqi::board::{Color, Outcome, Position};
//!
//! // Red's rook mates on the back rank: d8 is covered by the other rook, and e9 faces the red king.
//! let pos = Position::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
//! let mate = pos.play("a0a9".parse()?)?;
//! assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Color::Red }));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Count move paths (perft) and draw a diagram:
//!
//! ```
//! use xiangqi::board::{perft, Position};
//!
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 2), 1920);
//! println!("{}", pos.board());   // FEN letters
//! println!("{:#}", pos.board()); // Chinese characters
//! ```
//!
//! # Vocabulary
//! - [`Color`] (`Red` moves first) and [`ByColor`]; [`Role`] (`King Advisor Elephant Horse Rook Cannon Pawn`)
//!   and [`Piece`].
//! - [`File`] `a`–`i`, [`Rank`] `0`–`9`, [`Square`] `A0`–`I9` in ICCS terms (rank 0 is Red's back rank).
//! - [`Bitboard`]: a set of squares in a `u128`.
//! - [`Board`]: placement only. [`Setup`]: a parsed, unchecked position with public fields.
//!   [`Position`]: a checked position with private fields; the ways in are [`Position::new`],
//!   [`Position::from_setup`] / [`Position::from_fen`] and [`Position::play`].
//! - [`Move`] `{ from, to }` and [`MoveList`], a list on the stack (move generation never allocates).
//!
//! # Rules implemented
//! Palace for king and advisors; elephants not crossing the river and blocked at the eye; horses blocked at the
//! leg; cannons capturing over exactly one screen; pawns moving sideways only after the river; no move may leave
//! the own king attacked or facing the other king on an open file (飞将). With no legal move the side to move
//! loses, in check (checkmate) or not (stalemate, 困毙): see [`Position::outcome`]. Repetition rules and the
//! natural move limit belong to the adjudicator crate.
//!
//! # Feature flags
//! - `std` (default): links the standard library; nothing needs it yet (the errors implement `core::error::Error`),
//!   the feature exists so that std-only additions will not be a breaking change. Without `svg` and `serde` the
//!   crate needs no allocator.
//! - `serde`: `Serialize`/`Deserialize` for the value types in their `Display`/`FromStr` forms (`e0`, `h2e2`, `R`,
//!   `red`, `1-0`), for [`Setup`] and [`Position`] as FEN strings (deserialising a position checks it), [`Board`]
//!   as the FEN board field and [`Bitboard`] as an array of squares. Every JSON form of the workspace:
//!   [docs/json.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/json.md).
//! - `svg`: an SVG renderer for board diagrams.
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// Only the SVG renderer allocates (serde brings `alloc` with it anyway); without them the crate needs no allocator.
#[cfg(any(feature = "svg", feature = "serde", test))]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod attacks;
mod bitboard;
mod board;
mod check;
mod color;
pub mod fen;
mod illegal_move;
mod legality;
mod movegen;
mod moves;
mod parse_error;
mod perft;
mod position;
mod result;
mod role;
/// What the other xiangqi crates' `serde` impls share: [`string_serde!`] and its visitor. Not public API.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_impls;
mod setup;
mod square;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
pub mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::{ByColor, Color, ParseColorError};
pub use fen::ParseFenError;
pub use illegal_move::{IllegalMove, IllegalMoveReason};
pub use movegen::{PieceMoves, PieceMovesIter, Pin, PinKind};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use parse_error::{ReadText, READ_TEXT_LEN};
pub use perft::{perft, perft_divide};
pub use position::{
    compute_key, FenError, NullMoveError, Outcome, ParseOutcomeError, Position, PositionError, PositionErrorKinds,
};
pub use result::{GameResult, ParseGameResultError};
pub use role::{ParsePieceError, Piece, Role};
pub use setup::Setup;
pub use square::{File, ParseFileError, ParseRankError, ParseSquareError, Rank, Square};

/// The crate README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
