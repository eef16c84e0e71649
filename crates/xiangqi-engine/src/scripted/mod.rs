//! A scripted engine: a test peer for engine tools that follows a [`Script`] and misbehaves on demand — an
//! illegal move, garbage, a crash, a hang, a late `readyok`, an illegal principal variation, a resignation, a
//! draw offer.
//!
//! It is a program of its own, so that a client is tested against a real process and its pipes, not a mock:
//! `xiangqi-scripted-engine SCRIPT` (a binary of this crate, used by its tests and benches) and
//! `xiangqi scripted-engine SCRIPT` (the same engine in the command-line tool, used by its tests) both run
//! [`main`]. A script that cannot be read ends it with status 2 and the reason on standard error.

mod play;
mod program;
mod script;

pub use play::{run, Ending};
pub use program::main;
pub use script::{Action, AtStart, Greets, Reply, Script, ScriptError};
