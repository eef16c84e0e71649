//! Xiangqi (Chinese chess) tournament scoring: results in, explained standings out.
//!
//! * **Model** ([`Event`], checked into a [`Tournament`]): individual or team events, round robin or Swiss, one or
//!   two games per pairing (两局制); wins, draws, forfeits, double forfeits, double timeouts, byes (full, half,
//!   zero) and annulled games; who moved first in every game (后手 is the second mover, so the PRC 1956 rules with
//!   Black first are representable); withdrawals.
//! * **Scoring** ([`Scoring`]): configurable and exact ([`Points`] are integers, never floats), including
//!   CXA 2011 13.3's asymmetric draws and the team layers 场分 / 局分 / 大分 / 小分.
//! * **Criteria** ([`Criterion`]): every tiebreak of the AXF 2008, ROC 2007 and CXA 2011 rule books, named by
//!   algorithm with the Chinese label as documentation.
//! * **Presets** ([`Preset`]) for each rule book and event type, giving [`RankingRules`], and **policies**
//!   ([`Policies`]) for every case the rule books leave open.
//! * **Standings** ([`rank`] → [`Standings`]) with an explanation: for each two neighbours, the first criterion
//!   that separates them and the values that decided it. [`rank_event`] checks an event and ranks it as its file
//!   chooses ([`RankingSpec`]), with a caller's preset and policy overrides on top: what a front end calls.
//! * **Berger tables** ([`berger`]).
//! * **Swiss pairing** ([`pairing`]): the next round of a Swiss event by 积分编排 (AXF 2008 第三章第三节 一), with
//!   late entries, byes asked for, forbidden pairs and withdrawals; team colours by board.
//!
//! The examples use the paths of the facade crate [`xiangqi`](https://docs.rs/xiangqi), where this crate is
//! `xiangqi::tournament`; a program using `xiangqi-tournament` alone writes `xiangqi_tournament::` instead.
//!
//! # Example
//!
//! A Berger-4 round robin with a cyclic tie: A beat B, B beat C, C beat A, and all three have 4 points. 后手胜局
//! (wins as second mover) puts C first; the two tie-split policies then order A and B differently:
//!
//! ```
//! use xiangqi::tournament::{
//!     rank, Criterion, EncounterMode, Event, Preset, RankingRules, Round, TieSplit, Tournament, TournamentGame,
//!     TournamentResult::*,
//! };
//!
//! let mut event = Event::with_players(["A", "B", "C", "D"]);
//! let rounds = [
//!     [("A", "D", RedWins), ("B", "C", RedWins)],
//!     [("D", "C", BlackWins), ("A", "B", RedWins)],
//!     [("B", "D", RedWins), ("C", "A", RedWins)],
//! ];
//! for games in rounds {
//!     let games = games.iter().map(|&(red, black, result)| TournamentGame::new(red, black, result)).collect();
//!     event.rounds.push(Round { games, ..Round::default() });
//! }
//! let tournament = Tournament::new(&event)?;
//!
//! let order = |rules: &RankingRules| -> Vec<String> {
//!     rank(&tournament, rules).rows.into_iter().map(|row| row.id).collect()
//! };
//! let mut rules = Preset::AxfIndividualRoundRobin.rules();
//! assert_eq!(order(&rules), ["C", "A", "B", "D"]); // restart: A beat B
//! rules.policies.tie_split = TieSplit::Continue;
//! assert_eq!(order(&rules), ["C", "B", "A", "D"]); // continue: B had Black against A
//!
//! let standings = rank(&tournament, &Preset::AxfIndividualRoundRobin.rules());
//! assert_eq!(standings.explanations[0].to_string(), "C above A: 后手胜局 (wins as second mover) 1 > 0");
//! assert_eq!(standings.explanations[1].to_string(), "A above B: 两人对赛胜负 (direct encounter (pair)) 2 > 0");
//! // The head-to-head value that decided is in A's row, although it did not apply to the tie of three.
//! let direct = Criterion::DirectEncounter(EncounterMode::PairOnly);
//! assert_eq!(standings.rows[1].value(direct).map(ToString::to_string).as_deref(), Some("2"));
//! # Ok::<_, xiangqi::tournament::EventError>(())
//! ```
//!
//! # Feature flags
//!
//! * `std` (default): links the standard library. The crate is `no_std` with `alloc` otherwise.
//! * `serde`: `Serialize`/`Deserialize` for the event model, which is the JSON input format, and for
//!   [`Standings`], the JSON output (both described in
//!   [docs/tournament.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/tournament.md); a row's values are an
//!   object keyed by criterion). Every value with a `Display` form (results, criteria, presets, points, colours) is
//!   written as that string and read back with `FromStr`. Every JSON form of the workspace:
//!   [docs/json.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/json.md).

#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod berger;
mod checked;
pub mod dutch;
mod event_error;
mod explain;
mod kinds;
mod model;
mod names;
mod overrides;
pub mod pairing;
mod points;
mod policy;
mod preset;
mod ranking_spec;
mod record;
mod requests;
mod result;
mod rules;
mod scoring;
mod standings;
mod tiebreak;
mod tournament;
pub mod trf;
mod width;
mod withdrawal;

pub use event_error::{EventError, FieldPath};
pub use explain::{Explanation, Reason};
pub use kinds::{ByeKind, EventKind, System};
pub use model::{
    Bye, ByeRequest, Entrant, Event, ForbiddenPair, LateEntry, Match, Round, TeamBoard, TournamentGame, Withdrawal,
};
pub use names::ParseNameError;
pub use overrides::PolicyOverrides;
pub use points::{ParsePointsError, Points};
pub use policy::{
    AppearanceCount, ByeOpponent, ChampionPolicy, ExactHalf, ForfeitOpponent, ForfeitPolicy, OtherPlaces, Policies,
    TieSplit, WithdrawalCount, WithdrawalPolicy,
};
pub use preset::{ParsePresetError, Preset};
pub use ranking_spec::RankingSpec;
pub use result::{ParseResultError, ResultConversionError, TournamentResult};
pub use rules::RankingRules;
pub use scoring::Scoring;
pub use standings::{rank, rank_event, Row, Standings};
pub use tiebreak::{Basis, Criterion, EncounterMode, ParseCriterionError, Trim, Value};
pub use tournament::Tournament;
pub use withdrawal::WithdrawalNote;
/// The colour of the pieces, from the board crate: [`Event::first_mover`] and the sides of a [`TournamentGame`].
#[doc(no_inline)]
pub use xiangqi_board::{Color, GameResult};

/// The crate README's examples, run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
