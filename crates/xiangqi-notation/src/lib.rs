//! Xiangqi notations and game records.
//!
//! Two stages, as in the best chess libraries: **syntax** values that implement `FromStr` and `Display` and need
//! no position, then **meaning** in a position (`to_move(&Position)`, `from_move(&Position, Move)`).
//!
//! (Crate documentation in progress.)
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// Move notations (one module per notation).
mod axf;
mod chinese;
mod coords;
mod cursor;
mod describe;
pub mod format;
mod glyph;
mod motion;
mod move_error;
mod resolve;
mod tandem;
mod wxf;

pub use axf::{Axf, AxfStyle};
pub use chinese::{BlackDigits, Chinese, Script};
pub use coords::{FairyUci, Iccs, Ucci};
pub use format::{MoveFormat, WriteOptions};
pub use motion::Direction;
pub use move_error::{MoveTextError, SyntaxError};
pub use wxf::{Wxf, WxfDialect};

// Game records.
mod date;
pub mod dhtmlxq;
pub mod encoding;
mod game;
pub mod pgn;
mod record_error;
mod tree;
mod walk;
pub mod xqf;

pub use date::{Date, ParseDateError};
pub use game::{Game, GameResult, Line, Node, Tags};
pub use record_error::{Location, MoveError, MoveProblem, RecordError, RecordErrorKind, MAX_VARIATION_DEPTH};
