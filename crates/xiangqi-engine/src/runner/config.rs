//! [`MatchConfig`]: everything a match needs — the engines, the schedule, the openings, the limit, the rules,
//! the adjudication.

use core::{fmt, time::Duration};
use std::path::PathBuf;

use xiangqi_adjudicator::{Procedure, RuleBook};

use crate::runner::{DrawRule, Opening, ResignRule, Sprt, TimeControl};
use crate::EngineCommand;

/// An engine of a match: its name, how to start it, and the options to set after the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in the PGN and the tables.
    pub name: String,
    /// How to start it (and the protocol, if it is not to be found out).
    pub command: EngineCommand,
    /// Options to set, `(name, value)`, in order (a button with an empty value).
    pub options: Vec<(String, String)>,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// How long each move may take.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchLimit {
    /// Search each move to this depth.
    Depth(u32),
    /// Search each move for about this many nodes.
    Nodes(u64),
    /// Search each move for this long; a move later than this plus the margin loses on time.
    MoveTime(Duration),
    /// Play by the clock.
    TimeControl(TimeControl),
}

impl fmt::Display for MatchLimit {
    /// `depth 8`, `nodes 20000`, `movetime 250 ms`, or the time control (`40/60+0.5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchLimit::Depth(depth) => write!(f, "depth {depth}"),
            MatchLimit::Nodes(nodes) => write!(f, "nodes {nodes}"),
            MatchLimit::MoveTime(time) => write!(f, "movetime {} ms", time.as_millis()),
            MatchLimit::TimeControl(control) => write!(f, "{control}"),
        }
    }
}

/// A match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines (two or more).
    pub engines: Vec<EngineSpec>,
    /// Round robin or gauntlet.
    pub format: Format,
    /// The games of each pair.
    pub games: u32,
    /// The games played from each opening, colours swapped from one to the next (2 by default: each engine plays
    /// each opening with both colours).
    pub games_per_opening: u32,
    /// The openings, taken in turn (and again from the first when they run out); empty: the start position.
    pub openings: Vec<Opening>,
    /// The limit of each move.
    pub limit: MatchLimit,
    /// How far past its time a move may arrive and still count (by the clock, or the movetime).
    pub time_margin: Duration,
    /// How long a search with a depth or node limit may take before the engine is stopped and loses ("no
    /// reply").
    pub move_timeout: Duration,
    /// How many games are played at once (each with engines of its own).
    pub concurrency: usize,
    /// The rule book.
    pub rules: RuleBook,
    /// How repetitions are decided.
    pub procedure: Procedure,
    /// Resign by the engines' scores.
    pub resign: Option<ResignRule>,
    /// Draw by the engines' scores.
    pub draw: Option<DrawRule>,
    /// Stop when the test of the first pair is decided (two engines only).
    pub sprt: Option<Sprt>,
    /// The most plies a game may have; a longer one is drawn by adjudication (PRC 1956 has no move limit, and
    /// engines could otherwise shuffle for ever).
    pub max_plies: u32,
    /// The `Event` tag.
    pub event: String,
    /// A comment after each move with the engine's score, depth and time (`+0.25/8 0.123s`).
    pub move_comments: bool,
    /// A file to log every line sent to and read from the engines, with the game and the engine.
    pub log: Option<PathBuf>,
}

impl MatchConfig {
    /// A match of `engines` with `limit` and the defaults: round robin, two games per pair from the start
    /// position, AXF 2008 with the arbiter's procedure, a margin of 100 ms, a move timeout of 60 s for depth and
    /// node limits, one game at a time, at most 1000 plies, no adjudication.
    pub fn new(engines: Vec<EngineSpec>, limit: MatchLimit) -> MatchConfig {
        MatchConfig {
            engines,
            format: Format::RoundRobin,
            games: 2,
            games_per_opening: 2,
            openings: Vec::new(),
            limit,
            time_margin: Duration::from_millis(100),
            move_timeout: Duration::from_secs(60),
            concurrency: 1,
            rules: RuleBook::Axf2008,
            procedure: Procedure::Arbiter,
            resign: None,
            draw: None,
            sprt: None,
            max_plies: 1000,
            event: "xiangqi engine match".into(),
            move_comments: false,
            log: None,
        }
    }

    /// The pairs of engines (indices), in the order they are scheduled.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.engines.len();
        match self.format {
            Format::RoundRobin => (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect(),
            Format::Gauntlet => (1..n).map(|b| (0, b)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engines(n: usize) -> Vec<EngineSpec> {
        (0..n)
            .map(|i| EngineSpec { name: format!("e{i}"), command: EngineCommand::new("x"), options: Vec::new() })
            .collect()
    }

    #[test]
    fn round_robin_and_gauntlet_pairs() {
        let mut config = MatchConfig::new(engines(4), MatchLimit::Depth(1));
        assert_eq!(config.pairs(), [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        config.format = Format::Gauntlet;
        assert_eq!(config.pairs(), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(MatchLimit::MoveTime(Duration::from_millis(250)).to_string(), "movetime 250 ms");
    }
}
