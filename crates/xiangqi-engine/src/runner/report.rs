//! What a match reports: each finished game, the running statistics, and the final report.

use core::time::Duration;
use std::io;

use xiangqi_board::GameResult;
use xiangqi_notation::GameRecord;

use crate::runner::{Ending, SprtStatus, Tally};
use crate::EngineError;

/// Where the time of a game went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTiming {
    /// The engines' time: from each `go` written to its best move read.
    pub engine: Duration,
    /// The runner's own time for each move after the first engine move: from a best move read to the next `go`
    /// written (reading the reply, ruling the move, setting the next position).
    pub per_move: Vec<Duration>,
    /// Writing the game as PGN.
    pub pgn: Duration,
    /// From the start of the game (engines ready) to its end.
    pub wall: Duration,
    /// The searches the engines answered.
    pub searches: u32,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// Its number in the schedule (from 1).
    pub number: u32,
    /// The index of its pair in [`MatchConfig::pairs`](crate::runner::MatchConfig::pairs).
    pub pair: usize,
    /// The engine with Red.
    pub red: usize,
    /// The engine with Black.
    pub black: usize,
    /// The names of Red's and Black's engines.
    pub names: [String; 2],
    /// The opening's name.
    pub opening: String,
    /// The record: tags, moves with their comments, result.
    pub record: GameRecord,
    /// How it ended.
    pub ending: Ending,
    /// The record as PGN text (ICCS moves), ready to append to a file.
    pub pgn: String,
    /// Where its time went.
    pub timing: GameTiming,
}

impl FinishedGame {
    /// The number of plies played (opening moves included).
    pub fn plies(&self) -> usize {
        self.record.main.nodes.len()
    }
}

/// The results of a pair of engines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PairResult {
    /// The first engine of the pair.
    pub a: usize,
    /// The second.
    pub b: usize,
    /// Wins, draws and losses of `a` against `b`.
    pub tally: Tally,
}

impl PairResult {
    /// Counts a game of the pair with `red` (an engine index) as Red.
    pub fn count(&mut self, red: usize, result: GameResult) {
        let a_is_red = red == self.a;
        match (result, a_is_red) {
            (GameResult::RedWins, true) | (GameResult::BlackWins, false) => self.tally.wins += 1,
            (GameResult::RedWins, false) | (GameResult::BlackWins, true) => self.tally.losses += 1,
            (GameResult::Draw, _) => self.tally.draws += 1,
            (GameResult::Unknown, _) => {}
        }
    }
}

/// The standing of a match after each game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchStats {
    /// The games finished.
    pub finished: u32,
    /// The games scheduled.
    pub scheduled: u32,
    /// The games under way.
    pub running: u32,
    /// The results of each pair, in the order of [`MatchConfig::pairs`](crate::runner::MatchConfig::pairs).
    pub pairs: Vec<PairResult>,
    /// The SPRT of the first pair: its log-likelihood ratio and status.
    pub sprt: Option<(f64, SprtStatus)>,
}

/// Something that happened in a match, for the caller to show.
#[derive(Debug)]
#[non_exhaustive]
pub enum MatchEvent<'a> {
    /// A game started.
    GameStarted {
        /// Its number.
        number: u32,
        /// Red's and Black's engine names.
        names: [&'a str; 2],
        /// The opening's name.
        opening: &'a str,
    },
    /// A game finished.
    GameFinished {
        /// The game.
        game: &'a FinishedGame,
        /// The standing after it.
        stats: &'a MatchStats,
    },
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// Every game was played.
    Completed,
    /// The SPRT was decided (the games under way were played out).
    Sprt(SprtStatus),
    /// The caller asked to stop: the games under way were abandoned, and are not in the report.
    Interrupted,
}

/// The end of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// The standing at the end.
    pub stats: MatchStats,
    /// Why the match ended.
    pub stopped: StopReason,
    /// From the start of the first game to the end of the last.
    pub wall: Duration,
    /// The engines' time of every finished game (from `go` to best move).
    pub engine_time: Duration,
    /// The runner's own time per move: the median over every move of every finished game, and the PGN writing of
    /// each game spread over its moves.
    pub runner_per_move: Option<Duration>,
    /// The moves the engines played.
    pub moves: u64,
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The configuration asks for something impossible.
    #[error("{0}")]
    Config(String),
    /// An engine cannot be started, or refuses an option, before the first game.
    #[error("engine {name}: {error}")]
    Engine {
        /// The engine's name in the match.
        name: String,
        /// Why.
        #[source]
        error: Box<EngineError>,
    },
    /// The log file cannot be written.
    #[error("cannot write the log: {0}")]
    Log(#[source] io::Error),
}
