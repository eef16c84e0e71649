//! Xiangqi notations and game records.
//!
//! Two stages, as in the best chess libraries: **syntax** values that implement `FromStr` and `Display` and need
//! no position, then **meaning** in a position (`to_move(&Position)`, `from_move(&Position, Move)`).
//!
//! (Crate documentation in progress.)
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// Move notations (one module per notation).

// Game records.
