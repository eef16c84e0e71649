//! Move notations: one module per notation, the machinery they share (the text cursor, piece glyphs, motions,
//! tandem pieces, resolving a description to a move), and the line stage that reads a line of move texts.

pub(crate) mod axf;
pub(crate) mod chinese;
pub(crate) mod coords;
pub(crate) mod cursor;
pub(crate) mod describe;
pub mod format;
pub(crate) mod glyph;
pub(crate) mod line;
pub(crate) mod motion;
pub(crate) mod move_error;
pub(crate) mod resolve;
pub(crate) mod tandem;
pub(crate) mod wxf;
