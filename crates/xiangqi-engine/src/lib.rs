//! Xiangqi engines: a client for engines that speak UCCI or UCI (ElephantEye, Pikafish, Fairy-Stockfish), and an
//! engine-match runner refereed by the rule books.
//!
//! The examples use the paths of the facade crate [`xiangqi`](https://docs.rs/xiangqi) (feature `engine`), where
//! this crate is `xiangqi::engine`; a program using `xiangqi-engine` alone writes `xiangqi_engine::` instead.
//!
//! # The client
//!
//! An [`Engine`] is a running engine process. [`Engine::start`] shakes hands in the engine's [`Dialect`] — UCCI
//! (xqbase's 中国象棋通用引擎协议 3.0), UCI as Pikafish speaks it (ranks 0–9) or as Fairy-Stockfish speaks it
//! (`UCI_Variant xiangqi`, ranks 1–10) — found out at the handshake or given in the [`EngineCommand`]. Then
//! [`set_option`](Engine::set_option), [`is_ready`](Engine::is_ready), [`new_game`](Engine::new_game),
//! [`set_position`](Engine::set_position) (a game and the moves to ban), [`search`](Engine::search) with a
//! [`Go`] and its [`Limit`], [`analyse`](Engine::analyse) with several lines, and [`quit`](Engine::quit). Every
//! request blocks until the engine answers or its deadline passes; the engine's output is read by a thread of
//! its own. What the engine writes is read into an [`EngineLine`] — an [`Info`] with its [`Score`] and its
//! principal variation checked against the position, a [`BestMove`] that must be legal — and every failure is an
//! [`EngineError`].
//!
//! ```
//! use xiangqi::board::Position;
//! use xiangqi::engine::{Dialect, EngineLine, Offer};
//!
//! let start = Position::new();
//! let EngineLine::BestMove(best) = EngineLine::parse("bestmove h2e2 draw", Dialect::Ucci, &start)? else {
//!     unreachable!()
//! };
//! assert_eq!((best.mv.to_string(), best.offer), ("h2e2".into(), Some(Offer::Draw)));
//! // Fairy-Stockfish counts ranks from 1: its h3e3 is the same move.
//! let EngineLine::BestMove(fairy) = EngineLine::parse("bestmove h3e3", Dialect::FairyUci, &start)? else {
//!     unreachable!()
//! };
//! assert_eq!(fairy.mv, best.mv);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # The match runner
//!
//! [`runner::run_match`] plays a [`runner::MatchConfig`]: engines in a round robin or a gauntlet, openings from a
//! file, a time control or a fixed depth, nodes or movetime, several games at once, and the library ruling every
//! move by the chosen rule book, each ending cited in the PGN. The `xiangqi match` command presents it.
//!
//! # The scripted engine
//!
//! [`scripted`] is a test peer that follows a script and misbehaves on demand; the binary
//! `xiangqi-scripted-engine` runs it.
//!
//! The protocols, each engine's quirks, the endings and the checks: [docs/engines.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/engines.md).
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod commands;
mod dialect;
mod engine;
mod error;
mod info;
mod launch;
mod limit;
mod line_error;
mod option;
mod process;
mod reply;
pub mod runner;
mod score;
pub mod scripted;
mod tokens;

pub use dialect::{Dialect, ParseDialectError};
pub use engine::{
    Analysis, Direction, Engine, EngineWarning, SearchResult, DETECT_TIMEOUT, SEARCH_TIMEOUT, STOP_GRACE,
};
pub use error::EngineError;
pub use info::{Info, PvProblem, PvWarning};
pub use launch::{EngineCommand, HANDSHAKE_TIMEOUT};
pub use limit::{Clock, Go, Limit};
pub use line_error::{LineError, LineErrorKind};
pub use option::{EngineOption, OptionKind, OptionValueError};
pub use reply::{BestMove, EngineLine, Offer};
pub use score::{Bound, Score, ScoreValue};

/// The crate README's examples, run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
