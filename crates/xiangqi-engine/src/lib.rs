//! Xiangqi engines: a client for engines that speak UCCI or UCI (ElephantEye, Pikafish, Fairy-Stockfish), and an
//! engine-match runner refereed by the rule books.
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
