//! Game records: the record model, one module per file format, and what they share (text encodings, the move
//! tree of the binary formats, the walk that replays a game).

pub(crate) mod any;
pub(crate) mod bytes;
pub mod ccbridge;
pub(crate) mod date;
pub mod dhtmlxq;
pub mod encoding;
pub(crate) mod game;
pub(crate) mod lenient;
pub(crate) mod limits;
pub mod pgn;
pub(crate) mod piece_order;
pub(crate) mod record_error;
pub(crate) mod stream;
pub(crate) mod tree;
pub(crate) mod walk;
pub mod xqf;
