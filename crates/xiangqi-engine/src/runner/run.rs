//! [`run_match`]: the games of a match on `concurrency` threads, each with engines of its own, their results
//! counted on the caller's thread as they finish.

use core::{
    ops::ControlFlow,
    sync::atomic::{AtomicBool, AtomicUsize, Ordering},
    time::Duration,
};
use std::{
    fs::OpenOptions,
    io::{BufWriter, Write},
    sync::{mpsc, Arc, Mutex},
    thread,
    time::Instant,
};

use xiangqi_board::{ByColor, Color};

use crate::runner::game::{self, Played, Table};
use crate::runner::{
    schedule, EngineSpec, FinishedGame, GameSpec, MatchConfig, MatchError, MatchEvent, MatchReport, MatchStats,
    Opening, PairResult, SprtStatus, StopReason,
};
use crate::{Direction, Engine, EngineError};

/// How long an engine has to quit at the end of a match before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// The log shared by every engine of a match.
type Log = Arc<Mutex<BufWriter<std::fs::File>>>;

/// What a worker tells the match.
enum Message {
    Started { number: u32, names: [String; 2], opening: String },
    Finished(Box<FinishedGame>),
    Abandoned,
    Fatal(MatchError),
}

/// Plays the match of `config`, calling `on_event` on this thread as games start and finish (a `Break` stops the
/// match: the games under way are abandoned). `stop` is asked before every move (Ctrl-C): once it says yes, no
/// game starts and the games under way are abandoned, so that every game reported is a finished one.
///
/// Each engine is first started once to check that it starts and takes its options; then `concurrency` threads
/// each start the engines they need and keep them from game to game (an engine that crashed, hung or wrote a bad
/// line is replaced by a new process before its next game). Games start in the order of [`schedule`] and are
/// reported in the order they finish.
///
/// # Errors
/// [`MatchError::Config`] for a match that cannot be played as configured (fewer than two engines, two with
/// the same name, no games, an SPRT with more than two engines); [`MatchError::Engine`] for an engine that does not
/// start or refuses an option before the first game, or that can no longer be started by either side of a game;
/// [`MatchError::Log`] if the log file cannot be opened.
pub fn run_match(
    config: &MatchConfig,
    stop: &(dyn Fn() -> bool + Sync),
    mut on_event: impl FnMut(MatchEvent<'_>) -> ControlFlow<()>,
) -> Result<MatchReport, MatchError> {
    check(config)?;
    let log = match &config.log {
        Some(path) => Some(Arc::new(Mutex::new(BufWriter::new(
            OpenOptions::new().create(true).append(true).open(path).map_err(MatchError::Log)?,
        )))),
        None => None,
    };
    for spec in &config.engines {
        let engine = start_engine(spec, &log, &Arc::new(AtomicUsize::new(0)))
            .map_err(|error| MatchError::Engine { name: spec.name.clone(), error: Box::new(error) })?;
        engine.quit(QUIT_GRACE);
    }
    let games = schedule(config);
    let start_position = Opening::start_position();
    let shared = Shared {
        config,
        games: &games,
        start_position: &start_position,
        log: &log,
        next: AtomicUsize::new(0),
        no_new_games: AtomicBool::new(false),
        abort: AtomicBool::new(false),
        stop,
    };
    let mut stats = MatchStats {
        scheduled: u32::try_from(games.len()).unwrap_or(u32::MAX),
        pairs: config.pairs().into_iter().map(|(a, b)| PairResult { a, b, ..PairResult::default() }).collect(),
        ..MatchStats::default()
    };
    let mut report = Collect::default();
    let began = Instant::now();
    let mut fatal = None;
    let mut sprt_status = None;
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..config.concurrency.min(games.len()).max(1) {
            let sender = sender.clone();
            let shared = &shared;
            scope.spawn(move || worker(shared, &sender));
        }
        drop(sender);
        for message in receiver {
            match message {
                Message::Started { number, names, opening } => {
                    stats.running += 1;
                    let names = [names[0].as_str(), names[1].as_str()];
                    if on_event(MatchEvent::GameStarted { number, names, opening: &opening }).is_break() {
                        shared.abort.store(true, Ordering::SeqCst);
                    }
                }
                Message::Finished(game) => {
                    stats.running = stats.running.saturating_sub(1);
                    stats.finished += 1;
                    stats.pairs[game.pair].count(game.red, game.ending.result);
                    if let Some(sprt) = &config.sprt {
                        let tally = stats.pairs[0].tally;
                        let status = sprt.status(&tally);
                        stats.sprt = Some((sprt.llr(&tally), status));
                        if status != SprtStatus::Continue && sprt_status.is_none() {
                            sprt_status = Some(status);
                            shared.no_new_games.store(true, Ordering::SeqCst);
                        }
                    }
                    report.add(&game);
                    if on_event(MatchEvent::GameFinished { game: &game, stats: &stats }).is_break() {
                        shared.abort.store(true, Ordering::SeqCst);
                    }
                }
                Message::Abandoned => stats.running = stats.running.saturating_sub(1),
                Message::Fatal(error) => {
                    shared.abort.store(true, Ordering::SeqCst);
                    fatal.get_or_insert(error);
                }
            }
        }
    });
    if let Some(error) = fatal {
        return Err(error);
    }
    if let Some(log) = &log {
        let _ = log.lock().map(|mut log| log.flush());
    }
    let interrupted = stop() || shared.abort.load(Ordering::SeqCst);
    let stopped = match sprt_status {
        Some(status) => StopReason::Sprt(status),
        None if interrupted && stats.finished < stats.scheduled => StopReason::Interrupted,
        None => StopReason::Completed,
    };
    Ok(MatchReport {
        stats,
        stopped,
        wall: began.elapsed(),
        engine_time: report.engine,
        runner_per_move: report.median(),
        moves: report.moves,
    })
}

fn check(config: &MatchConfig) -> Result<(), MatchError> {
    let fail = |text: &str| Err(MatchError::Config(text.into()));
    if config.engines.len() < 2 {
        return fail("a match needs two engines or more");
    }
    for (i, spec) in config.engines.iter().enumerate() {
        if config.engines[..i].iter().any(|other| other.name == spec.name) {
            return Err(MatchError::Config(format!("two engines are called {}", spec.name)));
        }
    }
    if config.games == 0 {
        return fail("a match needs one game or more");
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return fail("an SPRT needs exactly two engines");
    }
    Ok(())
}

/// What the workers share.
struct Shared<'a> {
    config: &'a MatchConfig,
    games: &'a [GameSpec],
    start_position: &'a Opening,
    log: &'a Option<Log>,
    /// The index of the next game to start.
    next: AtomicUsize,
    /// No game starts any more (the SPRT is decided); the games under way are played out.
    no_new_games: AtomicBool,
    /// The games under way are abandoned (the caller's `Break`, a fatal error).
    abort: AtomicBool,
    stop: &'a (dyn Fn() -> bool + Sync),
}

impl Shared<'_> {
    fn stopping(&self) -> bool {
        (self.stop)() || self.abort.load(Ordering::SeqCst)
    }
}

/// Plays games until there are none left or the match stops; the engines are kept from game to game.
fn worker(shared: &Shared<'_>, sender: &mpsc::Sender<Message>) {
    let config = shared.config;
    let current = Arc::new(AtomicUsize::new(0));
    let mut pool: Vec<Option<Engine>> = config.engines.iter().map(|_| None).collect();
    let stopping = || shared.stopping();
    while !stopping() && !shared.no_new_games.load(Ordering::SeqCst) {
        let index = shared.next.fetch_add(1, Ordering::SeqCst);
        let Some(&spec) = shared.games.get(index) else { break };
        current.store(spec.number as usize, Ordering::SeqCst);
        let opening = spec.opening.map_or(shared.start_position, |index| &config.openings[index]);
        let names = [config.engines[spec.red].name.as_str(), config.engines[spec.black].name.as_str()];
        let table = Table { config, spec, opening, names };
        let _ = sender.send(Message::Started {
            number: spec.number,
            names: [names[0].to_owned(), names[1].to_owned()],
            opening: opening.name.clone(),
        });
        let mut take = |engine: usize| match pool[engine].take() {
            Some(running) => Ok(running),
            None => start_engine(&config.engines[engine], shared.log, &current).map_err(|err| err.to_string()),
        };
        let (red, black) = (take(spec.red), take(spec.black));
        let played = match (red, black) {
            (Ok(mut red), Ok(mut black)) => {
                let mut failed = ByColor { red: false, black: false };
                let played = game::play(&table, ByColor { red: &mut red, black: &mut black }, &stopping, &mut failed);
                if !failed.red {
                    pool[spec.red] = Some(red);
                }
                if !failed.black {
                    pool[spec.black] = Some(black);
                }
                played
            }
            (Err(reason), Ok(black)) => {
                pool[spec.black] = Some(black);
                Played::Finished(Box::new(game::forfeit(&table, Color::Red, &reason)))
            }
            (Ok(red), Err(reason)) => {
                pool[spec.red] = Some(red);
                Played::Finished(Box::new(game::forfeit(&table, Color::Black, &reason)))
            }
            (Err(reason), Err(_)) => {
                let error = EngineError::Handshake { engine: names[0].to_owned(), expected: "UCI or UCCI", reason };
                let _ = sender
                    .send(Message::Fatal(MatchError::Engine { name: names[0].to_owned(), error: Box::new(error) }));
                break;
            }
        };
        let message = match played {
            Played::Finished(game) => Message::Finished(game),
            Played::Abandoned => Message::Abandoned,
        };
        if sender.send(message).is_err() {
            break;
        }
    }
    for engine in pool.into_iter().flatten() {
        engine.quit(QUIT_GRACE);
    }
}

/// Starts the engine of `spec`, sets its options and waits for it to be ready; its lines go to `log`, marked
/// with the game number in `current`.
fn start_engine(spec: &EngineSpec, log: &Option<Log>, current: &Arc<AtomicUsize>) -> Result<Engine, EngineError> {
    let mut engine = Engine::start(&spec.command)?;
    if let Some(log) = log {
        let log = Arc::clone(log);
        let current = Arc::clone(current);
        let name = spec.name.clone();
        engine.set_log(move |direction, line| {
            let arrow = if direction == Direction::ToEngine { ">" } else { "<" };
            if let Ok(mut log) = log.lock() {
                let _ = writeln!(log, "game {} {name} {arrow} {line}", current.load(Ordering::Relaxed));
            }
        });
    }
    for (name, value) in &spec.options {
        engine.set_option(name, value)?;
    }
    engine.is_ready(spec.command.handshake_timeout)?;
    Ok(engine)
}

/// The timing of the finished games.
#[derive(Default)]
struct Collect {
    engine: Duration,
    per_move: Vec<Duration>,
    moves: u64,
}

impl Collect {
    fn add(&mut self, game: &FinishedGame) {
        self.engine += game.timing.engine;
        self.moves += u64::from(game.timing.searches);
        let moves = game.timing.per_move.len().max(1);
        let pgn_share = game.timing.pgn / u32::try_from(moves).unwrap_or(u32::MAX);
        self.per_move.extend(game.timing.per_move.iter().map(|&own| own + pgn_share));
    }

    fn median(&mut self) -> Option<Duration> {
        if self.per_move.is_empty() {
            return None;
        }
        self.per_move.sort_unstable();
        Some(self.per_move[self.per_move.len() / 2])
    }
}
