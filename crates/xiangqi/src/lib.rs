#![doc = include_str!("../README.md")]
//!
//! # Feature flags
//! - `std` (default): standard library support, forwarded to every included crate. Without it the crates are
//!   `no_std` with `alloc` (the board crate needs no allocator at all).
//! - `notation`, `adjudicator`, `tournament` (all default): include that part. The board is always included.
//! - `serde`: `Serialize`/`Deserialize` for every part's types, forwarded to every part: values as their
//!   `Display`/`FromStr` text, records as objects ([docs/json.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/json.md)).
//! - `svg`: SVG board diagrams (the module `board::svg`).
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The board: squares, pieces, bitboards, FEN, legal moves, check, mate and stalemate, Zobrist keys, perft
/// (crate `xiangqi-board`).
#[doc(inline)]
pub use xiangqi_board as board;

/// Move notations and game records: ICCS/UCCI coordinates, Chinese, WXF and AXF notation; PGN, XQF and DhtmlXQ
/// (crate `xiangqi-notation`).
#[cfg(feature = "notation")]
#[cfg_attr(docsrs, doc(cfg(feature = "notation")))]
#[doc(inline)]
pub use xiangqi_notation as notation;

/// Repetition rulings: move classification, repetition cycles and verdicts under AXF 2008, ROC 2007, PRC 1956
/// and the CXA rules (crate `xiangqi-adjudicator`).
#[cfg(feature = "adjudicator")]
#[cfg_attr(docsrs, doc(cfg(feature = "adjudicator")))]
#[doc(inline)]
pub use xiangqi_adjudicator as adjudicator;

/// Tournament scoring: results in, explained standings out (crate `xiangqi-tournament`).
#[cfg(feature = "tournament")]
#[cfg_attr(docsrs, doc(cfg(feature = "tournament")))]
#[doc(inline)]
pub use xiangqi_tournament as tournament;

/// The workspace README's examples, compiled and run as doctests so that they cannot go stale.
#[cfg(all(doctest, feature = "notation", feature = "adjudicator", feature = "tournament"))]
#[doc = include_str!("../../../README.md")]
pub struct WorkspaceReadme;
