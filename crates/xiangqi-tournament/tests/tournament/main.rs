//! The integration tests of `xiangqi-tournament`, in one test binary with a module per subject, so that
//! `cargo test` builds and links one executable for the crate instead of one per file.

mod berger;
mod common;
mod criteria;
mod json;
mod policies;
mod presets;
mod properties;
mod rank_event;
mod validation;
mod worked_examples;
