//! The integration tests of `xiangqi-adjudicator`, in one test binary with a module per subject, so that
//! `cargo test` builds and links one executable for the crate instead of one per file.
//! (`tests/catalogue.rs` is a binary of its own: it reads the workspace's `docs/` and is left out of the
//! published package.)

mod blocks;
mod common;
mod continuous_checks;
mod cxa;
mod divergences;
mod facing_kings;
mod game;
mod items;
mod lookahead;
mod metamorphic;
mod move_limit;
mod prc1956;
mod procedure;
mod roc2007;
mod serde;
mod shared_cases;
mod specific_items;
