//! The integration tests of `xiangqi-board`, in one test binary with a module per subject, so that
//! `cargo test` builds and links one executable for the crate instead of one per file.

mod common;
mod perft_fixtures;
mod perft_suite;
mod properties;
mod rules;
