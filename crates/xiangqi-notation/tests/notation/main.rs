//! The integration tests of `xiangqi-notation`, in one test binary with a module per subject, so that
//! `cargo test` builds and links one executable for the crate instead of one per file.

mod ccbridge;
mod chinese_cchess;
mod collection;
mod common;
mod conformance;
mod corpus;
mod dhtmlxq;
mod dhtmlxq_players;
mod encodings;
mod forum;
mod limits;
mod move_rules;
mod pgn;
mod pgn_lossless;
mod roundtrip;
mod streaming;
mod tandem_names;
mod wxf_pyffish;
mod xqf;
mod xqf_write;
