//! One game of a match: the engines asked in turn, every move ruled by the referee, the clock kept, the scores
//! watched, the record written.

use core::time::Duration;
use std::time::Instant;

use xiangqi_board::{ByColor, Color, GameResult, Move};
use xiangqi_notation::GameRecord;

use crate::runner::adjudication::{Adjudged, ScoreWatch};
use crate::runner::record::{self, side_name};
use crate::runner::referee::{GameReferee, RulesSay};
use crate::runner::{
    Ending, FinishedGame, GameClock, GameSpec, GameTiming, MatchConfig, MatchLimit, Opening, Termination,
};
use crate::{Engine, EngineError, Go, Limit, LineErrorKind, Offer};

/// What a game needs besides its engines.
pub(crate) struct Table<'a> {
    pub(crate) config: &'a MatchConfig,
    pub(crate) spec: GameSpec,
    pub(crate) opening: &'a Opening,
    /// Red's and Black's engine names.
    pub(crate) names: [&'a str; 2],
}

/// How a game ended for the match.
pub(crate) enum Played {
    /// It was played out.
    Finished(Box<FinishedGame>),
    /// The match was stopped while it was under way.
    Abandoned,
}

/// A game being played.
struct Game<'a> {
    table: &'a Table<'a>,
    referee: GameReferee,
    record: GameRecord,
    moves: Vec<Move>,
    clock: Option<GameClock>,
    watch: ScoreWatch,
    /// The side that offered a draw with its last move.
    draw_offer: Option<Color>,
    timing: GameTiming,
    /// When the last best move arrived.
    last_arrival: Option<Instant>,
    began: Instant,
    /// The ending of a start position that is already over (mate or stalemate).
    over_at_start: Option<Ending>,
}

/// Plays the game of `table` with `engines` (Red's and Black's), checking `stop` before each move. `failed` is
/// set for an engine that crashed, hung or wrote a bad line: it must be replaced before the next game.
pub(crate) fn play(
    table: &Table<'_>,
    mut engines: ByColor<&mut Engine>,
    stop: &dyn Fn() -> bool,
    failed: &mut ByColor<bool>,
) -> Played {
    let mut game = Game::new(table);
    for color in Color::ALL {
        let engine = engines.get_mut(color);
        if let Err(err) = engine.new_game().and_then(|()| engine.is_ready(table.config.move_timeout)) {
            *failed.get_mut(color) = true;
            let ending = game.engine_failure(color, &err);
            return Played::Finished(Box::new(game.conclude(ending)));
        }
    }
    game.began = Instant::now();
    let mut next = game.play_opening();
    let ending = loop {
        if let Some(ending) = next.take() {
            break ending;
        }
        if stop() {
            return Played::Abandoned;
        }
        let side = game.referee.position().turn();
        next = game.ask(side, engines.get_mut(side)).unwrap_or_else(|err| {
            *failed.get_mut(side) = true;
            Some(game.engine_failure(side, &err))
        });
    };
    Played::Finished(Box::new(game.conclude(ending)))
}

/// A game that ends before it starts: `loser`'s engine could not be started (`reason`).
pub(crate) fn forfeit(table: &Table<'_>, loser: Color, reason: &str) -> FinishedGame {
    let game = Game::new(table);
    let ending = Ending {
        result: GameResult::win_for(loser.other()),
        termination: Termination::Crash,
        rule: None,
        reason: format!("{} could not be started: {reason}", side_name(loser, table.names)),
    };
    game.conclude(ending)
}

impl<'a> Game<'a> {
    fn new(table: &'a Table<'a>) -> Game<'a> {
        let config = table.config;
        let (referee, over_at_start) = GameReferee::new(table.opening.start.clone(), config.rules, config.procedure);
        let mut record = GameRecord::from_position(table.opening.start.clone());
        record::tags(&mut record, config, table.spec.number, table.names, &table.opening.name);
        let clock = match &config.limit {
            MatchLimit::TimeControl(control) => Some(GameClock::new(control)),
            _ => None,
        };
        Game {
            table,
            referee,
            record,
            moves: Vec::new(),
            clock,
            watch: ScoreWatch::default(),
            draw_offer: None,
            timing: GameTiming::default(),
            last_arrival: None,
            began: Instant::now(),
            over_at_start: over_at_start.map(ruled),
        }
    }

    /// Plays the opening's moves through the referee; the ending if the rules end the game there (or at its
    /// start).
    fn play_opening(&mut self) -> Option<Ending> {
        if let Some(ending) = self.over_at_start.take() {
            return Some(ending);
        }
        for &mv in &self.table.opening.moves {
            self.record.main.nodes.push(record::node(mv, None));
            self.moves.push(mv);
            match self.referee.play(mv) {
                Ok(RulesSay::Over(ending)) => return Some(ruled(ending)),
                Ok(_) => {}
                Err(illegal) => {
                    // The readers check every move of an opening: this cannot happen.
                    self.record.main.nodes.pop();
                    self.moves.pop();
                    return Some(Ending {
                        result: GameResult::Unknown,
                        termination: Termination::Adjudication,
                        rule: None,
                        reason: format!("the opening has an illegal move: {illegal}"),
                    });
                }
            }
        }
        None
    }

    /// Asks `side`'s engine for a move and plays it; the ending if the game is over.
    fn ask(&mut self, side: Color, engine: &mut Engine) -> Result<Option<Ending>, EngineError> {
        let config = self.table.config;
        if self.moves.len() >= config.max_plies as usize {
            return Ok(Some(Ending {
                result: GameResult::Draw,
                termination: Termination::Adjudication,
                rule: None,
                reason: format!("drawn at the runner's limit of {} plies (not a rule of the book)", config.max_plies),
            }));
        }
        let banned = self.referee.forbidden_moves();
        engine.set_position(&self.table.opening.start, &self.moves, &banned)?;
        let (limit, timeout) = match (&config.limit, &self.clock) {
            (MatchLimit::Depth(depth), _) => (Limit::Depth(*depth), config.move_timeout),
            (MatchLimit::Nodes(nodes), _) => (Limit::Nodes(*nodes), config.move_timeout),
            (MatchLimit::MoveTime(time), _) => (Limit::MoveTime(*time), *time + config.time_margin),
            (MatchLimit::TimeControl(_), Some(clock)) => {
                (Limit::Clock(clock.to_clock()), clock.remaining(side) + config.time_margin)
            }
            (MatchLimit::TimeControl(_), None) => (Limit::Infinite, config.move_timeout),
        };
        let go = Go { limit, ponder: false, draw_offered: self.draw_offer == Some(side.other()) };
        let result = engine.search(&go, timeout, |_| {})?;
        let started = result.arrived.checked_sub(result.elapsed).unwrap_or(result.arrived);
        if let Some(previous) = self.last_arrival {
            self.timing.per_move.push(started.saturating_duration_since(previous));
        }
        self.last_arrival = Some(result.arrived);
        self.timing.engine += result.elapsed;
        self.timing.searches += 1;
        if let Some(ending) = self.time_check(side, result.elapsed, result.stopped) {
            return Ok(Some(ending));
        }
        let names = self.table.names;
        let Some(best) = result.best else {
            let legal = self.referee.position().legal_moves().len();
            return Ok(Some(self.loss(
                side,
                Termination::NoMove,
                format!(
                    "{} answered without a move (nobestmove) in a position with {legal} legal moves",
                    side_name(side, names)
                ),
            )));
        };
        if best.offer == Some(Offer::Resign) {
            return Ok(Some(self.loss(side, Termination::Resignation, format!("{} resigned", side_name(side, names)))));
        }
        if best.offer == Some(Offer::Draw) && self.draw_offer == Some(side.other()) {
            return Ok(Some(Ending {
                result: GameResult::Draw,
                termination: Termination::DrawAgreement,
                rule: None,
                reason: format!(
                    "{} offered a draw and {} accepted",
                    side_name(side.other(), names),
                    side_name(side, names)
                ),
            }));
        }
        self.draw_offer = (best.offer == Some(Offer::Draw)).then_some(side);
        let number = self.referee.position().fullmoves().get();
        let said = match self.referee.play(best.mv) {
            Ok(said) => said,
            Err(refused) => {
                let reason = format!("{} played {refused}", side_name(side, names));
                return Ok(Some(self.loss(side, Termination::IllegalMove, reason)));
            }
        };
        let mut comment =
            config.move_comments.then(|| record::move_comment(result.info.score, result.info.depth, result.elapsed));
        if let RulesSay::Warning(text) = &said {
            let warning = format!("warning: {text}");
            comment = Some(comment.map_or_else(|| warning.clone(), |text| format!("{text}; {warning}")));
        }
        self.record.main.nodes.push(record::node(best.mv, comment));
        self.moves.push(best.mv);
        if let RulesSay::Over(ending) = said {
            return Ok(Some(ruled(ending)));
        }
        Ok(match self.watch.record(side, number, result.info.score, config.resign, config.draw) {
            Adjudged::Continue => None,
            Adjudged::Loses(loser) => {
                let reason =
                    format!("{} resigned by adjudication: both engines' scores agreed", side_name(loser, names));
                Some(self.loss(loser, Termination::Adjudication, reason))
            }
            Adjudged::Draw => Some(Ending {
                result: GameResult::Draw,
                termination: Termination::Adjudication,
                rule: None,
                reason: "drawn by adjudication: both engines' scores were level".into(),
            }),
        })
    }

    /// The loss on time, or for a search that had to be stopped, of `side`'s move that took `elapsed`.
    fn time_check(&mut self, side: Color, elapsed: Duration, stopped: bool) -> Option<Ending> {
        let config = self.table.config;
        let margin = config.time_margin;
        let names = self.table.names;
        let over = match (&config.limit, &mut self.clock) {
            (MatchLimit::TimeControl(_), Some(clock)) => clock.spend(side, elapsed, margin).err(),
            (MatchLimit::MoveTime(time), _) => (elapsed > *time + margin).then(|| elapsed - *time),
            _ if stopped => {
                let reason = format!(
                    "{} did not answer within {} ms and was stopped",
                    side_name(side, names),
                    config.move_timeout.as_millis()
                );
                return Some(self.loss(side, Termination::NoReply, reason));
            }
            _ => None,
        }?;
        let reason = format!(
            "{} lost on time: {} ms over its time (the margin is {} ms)",
            side_name(side, names),
            over.as_millis(),
            margin.as_millis()
        );
        Some(self.loss(side, Termination::TimeForfeit, reason))
    }

    /// The ending of an engine's failure.
    fn engine_failure(&mut self, side: Color, err: &EngineError) -> Ending {
        let names = self.table.names;
        let who = side_name(side, names);
        let timed = matches!(self.table.config.limit, MatchLimit::MoveTime(_) | MatchLimit::TimeControl(_));
        let (termination, reason) = match err {
            EngineError::Timeout { waiting_for, after, .. } if timed => (
                Termination::TimeForfeit,
                format!("{who} lost on time: no {waiting_for} after {} ms", after.as_millis()),
            ),
            EngineError::Timeout { waiting_for, after, .. } => {
                (Termination::NoReply, format!("{who} sent no {waiting_for} within {} ms", after.as_millis()))
            }
            EngineError::BadLine { error, text, .. } => {
                let what = if matches!(error.kind, LineErrorKind::IllegalMove(_)) {
                    "an illegal move"
                } else {
                    "a move that does not read"
                };
                (Termination::IllegalMove, format!("{who} sent {what}: `{text}`: {error}"))
            }
            other => (Termination::Crash, format!("{who}: {other}")),
        };
        self.loss(side, termination, reason)
    }

    fn loss(&self, side: Color, termination: Termination, reason: String) -> Ending {
        Ending { result: GameResult::win_for(side.other()), termination, rule: None, reason }
    }

    /// The finished game: the record completed and written as PGN.
    fn conclude(mut self, ending: Ending) -> FinishedGame {
        record::finish(&mut self.record, &ending);
        let began = Instant::now();
        let pgn =
            record::pgn_text(&self.record).unwrap_or_else(|err| format!("{{the record cannot be written: {err}}}\n"));
        self.timing.pgn = began.elapsed();
        self.timing.wall = self.began.elapsed();
        let table = self.table;
        FinishedGame {
            number: table.spec.number,
            pair: table.spec.pair,
            red: table.spec.red,
            black: table.spec.black,
            names: [table.names[0].to_owned(), table.names[1].to_owned()],
            opening: table.opening.name.clone(),
            record: self.record,
            ending,
            pgn,
            timing: self.timing,
        }
    }
}

/// The ending of a ruling: the verdict, its items and each side's conduct in the reason.
fn ruled(ending: crate::runner::referee::RulesEnding) -> Ending {
    Ending { result: ending.result, termination: ending.termination, rule: Some(ending.rule), reason: ending.comment }
}
