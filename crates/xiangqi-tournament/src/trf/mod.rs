//! TRF files (FIDE's tournament report file): read, written, and converted to and from the crate's [`Event`].
//!
//! The format is TRF-2016 with the lines bbpPairings and JaVaFo read: `XXR` (the number of rounds), `XXC`
//! (`white1`/`black1`: the top player's colour in round 1), the point values `BBW BBD BBL BBZ BBF BBU` (a xiangqi
//! event writes `BBW 2.0` and `BBD 1.0`), `XXP` (forbidden pairs), and TRF-2026's `142`, `152` and `162`.
//!
//! | module part | what |
//! |---|---|
//! | [`Trf`] | the file: players, rounds, point values, the lines kept as written |
//! | [`TrfPlayer`], [`RoundEntry`], [`Side`], [`TrfResult`] | a player's line and its rounds |
//! | [`PointValues`] | the points of each result, in tenths |
//! | [`Trf::parse`], [`TrfError`] | reading, with the 1-based line of the first error |
//! | `Display` | writing |
//! | [`Trf::to_event`], [`Trf::from_event`], [`TrfEventError`] | the conversions with [`Event`] |
//!
//! ```
//! use xiangqi::tournament::trf::Trf;
//!
//! let text = "\
//! 012 Club evening
//! 001    1      Alpha                                                              2.0          2 w 1
//! 001    2      Beta                                                               0.0          1 b 0
//! BBW  2.0
//! BBD  1.0
//! ";
//! let trf = Trf::parse(text)?;
//! assert_eq!(trf.to_string(), text); // written back as read
//! # Ok::<_, xiangqi::tournament::trf::TrfError>(())
//! ```
//!
//! [`Event`]: crate::Event

mod check;
mod entry;
mod error;
mod event;
mod file;
mod point_values;
mod read;
mod write;

pub(crate) use check::entry_points;
pub use entry::{RoundEntry, Side, TrfPlayer, TrfResult};
pub use error::{TrfError, TrfErrorKind};
pub use event::TrfEventError;
pub use file::Trf;
pub use point_values::PointValues;
