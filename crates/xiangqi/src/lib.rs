//! Xiangqi (Chinese chess) rules for Rust: the facade of the `xiangqi` workspace.
//!
//! Each part lives in its own crate and is re-exported here as a module:
//!
//! | module | crate | what it does |
//! |---|---|---|
//! | [`board`] | `xiangqi-board` | squares, pieces, bitboards, FEN, legal moves, check/mate/stalemate, Zobrist, perft |
//!
//! ```
//! use xiangqi::board::Position;
//!
//! assert_eq!(Position::new().legal_moves().len(), 44);
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[doc(inline)]
pub use xiangqi_board as board;
