#![doc = include_str!("../README.md")]
//!
//! # At the root
//! The everyday types are re-exported at the root, so that `use xiangqi::{Move, Position};` is enough for most
//! programs; each is documented on its module's page, and everything else is one module away
//! (`xiangqi::board::Bitboard`, `xiangqi::notation::pgn`, `xiangqi::tournament::rank`, …).
//! - From [`board`]: a checked [`Position`] and the [`Move`]s that change it, its [`Board`] placement and the
//!   unchecked [`Setup`], [`Square`]s with their [`File`] and [`Rank`], [`Piece`]s with their [`Color`] and
//!   [`Role`], the [`Outcome`] of a finished position and the [`GameResult`] of a game, the errors of
//!   [`Position::from_fen`] ([`FenError`]) and [`Position::play`] ([`IllegalMove`]), and [`perft`].
#![cfg_attr(feature = "notation", doc = "- From [`notation`]: [`MoveFormat`], the move notations chosen at run time.")]
#![cfg_attr(
    all(feature = "notation", feature = "std"),
    doc = "  With `std`, the game records: a [`GameRecord`], read from a file or stream of any format by [`read_any`] \
           with [`ReadOptions`], and the [`RecordError`] that names the game, the ply and the move that went wrong."
)]
#![cfg_attr(
    feature = "adjudicator",
    doc = "- From [`adjudicator`]: [`adjudicate`] a game, or follow one move by move as a [`Game`], under a \
           [`RuleBook`]; the [`Verdict`] holds the [`Ruling`] and the rule book's article that decided it."
)]
#![cfg_attr(
    feature = "tournament",
    doc = "- From [`tournament`]: an [`Event`] of [`TournamentResult`]s, checked into a [`Tournament`] and ranked \
           under a [`Preset`]'s rules into [`Standings`]."
)]
//!
//! # Feature flags
//! - `std` (default): standard library support, forwarded to every included crate; the game records
//!   (`notation::pgn`, `read_any`, …) need it. Without it the crates are `no_std` with `alloc` (the board crate,
//!   without `serde` and `svg`, needs no allocator at all).
//! - `notation`, `adjudicator`, `tournament` (all default): include that part. The board is always included.
//! - `serde`: `Serialize`/`Deserialize` for every part's types, forwarded to every part: values as their
//!   `Display`/`FromStr` text, records as objects ([docs/json.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/json.md)).
//! - `svg`: SVG board diagrams (the module `board::svg`).
//! - `engine`: the module `engine` — a UCCI/UCI engine client and the engine-match runner (needs `std`; turns on
//!   `notation` and `adjudicator`).
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The four crates as modules, each page the crate's own documentation (its first line is the module's summary).
#[doc(inline)]
pub use xiangqi_board as board;

#[cfg(feature = "notation")]
#[cfg_attr(docsrs, doc(cfg(feature = "notation")))]
#[doc(inline)]
pub use xiangqi_notation as notation;

#[cfg(feature = "adjudicator")]
#[cfg_attr(docsrs, doc(cfg(feature = "adjudicator")))]
#[doc(inline)]
pub use xiangqi_adjudicator as adjudicator;

#[cfg(feature = "tournament")]
#[cfg_attr(docsrs, doc(cfg(feature = "tournament")))]
#[doc(inline)]
pub use xiangqi_tournament as tournament;

#[cfg(feature = "engine")]
#[cfg_attr(docsrs, doc(cfg(feature = "engine")))]
#[doc(inline)]
pub use xiangqi_engine as engine;

// The everyday types at the root (described in the crate docs' "At the root"), each documented once, on its
// module's page (`no_inline`).

#[doc(no_inline)]
pub use board::{
    perft, Board, Color, FenError, File, GameResult, IllegalMove, Move, Outcome, Piece, Position, Rank, Role, Setup,
    Square,
};

#[cfg(feature = "notation")]
#[cfg_attr(docsrs, doc(cfg(feature = "notation")))]
#[doc(no_inline)]
pub use notation::MoveFormat;

#[cfg(all(feature = "notation", feature = "std"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "notation", feature = "std"))))]
#[doc(no_inline)]
pub use notation::{read_any, GameRecord, ReadOptions, RecordError};

#[cfg(feature = "adjudicator")]
#[cfg_attr(docsrs, doc(cfg(feature = "adjudicator")))]
#[doc(no_inline)]
pub use adjudicator::{adjudicate, Game, RuleBook, Ruling, Verdict};

#[cfg(feature = "tournament")]
#[cfg_attr(docsrs, doc(cfg(feature = "tournament")))]
#[doc(no_inline)]
pub use tournament::{Event, Preset, Standings, Tournament, TournamentResult};

/// The workspace README's examples, compiled and run as doctests so that they cannot go stale.
#[cfg(all(doctest, feature = "notation", feature = "adjudicator", feature = "tournament"))]
#[doc = include_str!("../../../README.md")]
pub struct WorkspaceReadme;
