//! The engine-match runner: engines play each other in a round robin or a gauntlet, from openings of a file,
//! under a time control or a fixed depth, nodes or movetime, and the library rules every move by the chosen rule
//! book — checkmate, 困毙, perpetual check and chase and the other forbidden cycles, the natural move limit — with
//! each ending cited in the PGN.
//!
//! [`run_match`] plays a [`MatchConfig`] and reports each game as it finishes ([`MatchEvent`], [`FinishedGame`]
//! with its PGN text) and the standing after it ([`MatchStats`]: each pair's [`Tally`], its Elo difference
//! with a 95% interval and likelihood of superiority, and the [`Sprt`]). The `xiangqi match` command presents it.
//!
//! Every call of the adjudicator is in one module (`referee.rs`): it plays each move, names the moves a
//! [`Procedure::Forbid`](xiangqi_adjudicator::Procedure::Forbid) game bans, and turns a final verdict into a result, a [`Termination`] and the cited
//! items.

mod adjudication;
mod clock;
mod config;
mod ending;
mod game;
mod openings;
mod record;
mod referee;
mod report;
mod rng;
mod run;
mod schedule;
mod stats;
mod time_control;

pub use adjudication::{DrawRule, ResignRule};
pub use clock::GameClock;
pub use config::{EngineSpec, Format, MatchConfig, MatchLimit};
pub use ending::{Ending, Termination};
pub use openings::{read_openings, shuffle_openings, Opening, OpeningsError};
pub use report::{FinishedGame, GameTiming, MatchError, MatchEvent, MatchReport, MatchStats, PairResult, StopReason};
pub use rng::SplitMix64;
pub use run::run_match;
pub use schedule::{schedule, GameSpec};
pub use stats::{EloEstimate, ParseSprtError, Sprt, SprtStatus, Tally};
pub use time_control::{ParseTimeControlError, Stage, TimeControl};
