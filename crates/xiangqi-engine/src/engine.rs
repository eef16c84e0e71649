//! [`Engine`]: a running engine and the blocking requests a client makes of it — handshake, options, `isready`,
//! positions, searches, `stop`, `ponderhit`, `quit`.

use core::time::Duration;
use std::time::Instant;

use xiangqi_board::{Move, Position};

use crate::commands::{banmoves_command, go_command, setoption_command, SentGame};
use crate::process::{Process, Received};
use crate::{BestMove, Dialect, EngineCommand, EngineError, EngineLine, EngineOption, Go, Info, LineError, OptionKind};

/// How long the client waits for an engine to answer `uci` when it finds out the protocol itself, before it
/// tries `ucci` on the same process.
pub const DETECT_TIMEOUT: Duration = Duration::from_secs(2);

/// How long [`Engine::search`] waits for the best move after it has sent `stop` at the timeout.
pub const STOP_GRACE: Duration = Duration::from_secs(1);

/// The default of [`Engine::search_timeout`]: how long [`Engine::analyse`] lets a search run.
pub const SEARCH_TIMEOUT: Duration = Duration::from_secs(600);

/// Which way a line went, for [`Engine::set_log`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// A command the client wrote.
    ToEngine,
    /// A line the engine wrote.
    FromEngine,
}

/// A line the engine wrote that the client could not read and passed over (an `option` line that does not
/// read); see [`Engine::warnings`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line} `{text}`: {error}")]
pub struct EngineWarning {
    /// The number of the line among those the engine wrote (from 1).
    pub line: usize,
    /// The line.
    pub text: String,
    /// What is wrong with it.
    pub error: LineError,
}

/// The result of [`Engine::search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move, or `None` if the engine answered `nobestmove` (UCI: `bestmove (none)`).
    pub best: Option<BestMove>,
    /// The engine's last report of each field for its best line (multipv 1): the `info` lines merged, later
    /// values replacing earlier ones.
    pub info: Info,
    /// From the moment `go` was written to the moment the best move arrived.
    pub elapsed: Duration,
    /// When the best move arrived (read by the client's reader thread).
    pub arrived: Instant,
    /// Whether the client sent `stop` because the search ran past its timeout.
    pub stopped: bool,
}

/// The result of [`Engine::analyse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The last report of each line, best first (one line unless more were asked for and the engine offers
    /// `MultiPV`).
    pub lines: Vec<Info>,
    /// The best move, if the engine gave one.
    pub best: Option<BestMove>,
    /// How long the search took.
    pub elapsed: Duration,
}

/// What [`Engine::set_log`] keeps.
type LogFn = Box<dyn FnMut(Direction, &str) + Send>;

/// A running engine.
///
/// Every request blocks until the engine has answered or its time is up; the engine's output is read on a
/// thread of its own, so that a deadline is kept even when the engine writes nothing. An engine that fails — it
/// exits, misses a deadline, writes a best move that does not read or is not legal — gives a typed
/// [`EngineError`], never a panic; after a failed search it stays "searching", and refuses further requests, so
/// that a late answer cannot be taken for the answer to the next one: drop it and start another.
///
/// ```no_run
/// use std::time::Duration;
/// use xiangqi::board::Position;
/// use xiangqi::engine::{Engine, EngineCommand, Go, Limit};
///
/// let mut engine = Engine::start(&EngineCommand::new("/usr/games/fairy-stockfish"))?;
/// println!("{} speaks {}", engine.name(), engine.dialect());
/// engine.set_option("Hash", "64")?;
/// engine.new_game()?;
/// engine.set_position(&Position::new(), &["h2e2".parse()?], &[])?;
/// let result = engine.search(&Go::new(Limit::Depth(10)), Duration::from_secs(60), |_info| {})?;
/// println!("{:?} after {:?}", result.best, result.elapsed);
/// engine.quit(Duration::from_secs(1));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Engine {
    process: Process,
    /// The name used in messages: `id name`, or the program's file name.
    label: String,
    dialect: Dialect,
    ids: Vec<(String, String)>,
    options: Vec<EngineOption>,
    warnings: Vec<EngineWarning>,
    /// Whether a UCCI engine counts time in milliseconds.
    millis: bool,
    lines_read: usize,
    /// The position of the last `position` command (the best move and the pv are checked against it).
    position: Position,
    /// The game of the last `position` command.
    sent: Option<SentGame>,
    /// The moves a UCI search is restricted to (UCI has no `banmoves`).
    searchmoves: Vec<Move>,
    searching: bool,
    /// Whether `stop` was sent in the last search: the engine may answer it after its best move (UCCI engines
    /// answer `nobestmove` to a `stop` when idle), so the next position waits for `readyok` first.
    stop_sent: bool,
    /// When the last command that awaits an answer was written.
    asked_at: Instant,
    search_timeout: Duration,
    log: Option<LogFn>,
    quit: bool,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.label)
            .field("dialect", &self.dialect)
            .field("searching", &self.searching)
            .finish_non_exhaustive()
    }
}

/// What ended a handshake.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Greeting {
    Uci,
    Ucci,
}

impl Engine {
    /// Starts the engine of `command` and shakes hands with it.
    ///
    /// With [`EngineCommand::dialect`] given, the client sends that protocol's greeting. Otherwise it finds out:
    /// it sends `uci`, which Pikafish and Fairy-Stockfish answer with `uciok`; a UCCI engine may exit at a first
    /// command other than `ucci` (UCCI 3.0 §三 (1) allows it, and ElephantEye does), and is then started again
    /// and sent `ucci`; one that stays silent for [`DETECT_TIMEOUT`] is sent `ucci` on the same process. A UCI
    /// engine that offers the option `UCI_Variant` is taken for Fairy-Stockfish and told `setoption name
    /// UCI_Variant value xiangqi`; a UCCI engine that offers `usemillisec` is told `setoption usemillisec true`.
    /// The handshake ends with `isready` answered.
    ///
    /// # Errors
    /// [`EngineError::Start`] if the program cannot be started; [`EngineError::Handshake`],
    /// [`EngineError::Exited`] or [`EngineError::Timeout`] if it does not answer as an engine should within
    /// [`EngineCommand::handshake_timeout`]; [`EngineError::NoXiangqi`] for a Fairy-Stockfish without xiangqi.
    pub fn start(command: &EngineCommand) -> Result<Engine, EngineError> {
        let deadline = Instant::now() + command.handshake_timeout;
        let mut engine = Engine::spawn(command)?;
        let greeting = match command.dialect {
            Some(Dialect::Ucci) => engine.greet("ucci", deadline)?,
            Some(_) => engine.greet("uci", deadline)?,
            None => {
                let first = deadline.min(Instant::now() + DETECT_TIMEOUT);
                match engine.greet("uci", first) {
                    Ok(greeting) => greeting,
                    Err(EngineError::Exited { .. } | EngineError::Write { .. }) => {
                        engine = Engine::spawn(command)?;
                        engine.greet("ucci", deadline)?
                    }
                    Err(EngineError::Timeout { .. }) => {
                        engine.send("ucci")?;
                        engine.await_greeting(deadline).map_err(|err| engine.handshake_error(err))?
                    }
                    Err(err) => return Err(err),
                }
            }
        };
        engine.settle(greeting, command.dialect)?;
        engine.is_ready_until(deadline)?;
        Ok(engine)
    }

    fn spawn(command: &EngineCommand) -> Result<Engine, EngineError> {
        let process = Process::spawn(command)
            .map_err(|source| EngineError::Start { program: command.program.display().to_string(), source })?;
        Ok(Engine {
            process,
            label: command.label(),
            dialect: command.dialect.unwrap_or(Dialect::Uci),
            ids: Vec::new(),
            options: Vec::new(),
            warnings: Vec::new(),
            millis: false,
            lines_read: 0,
            position: Position::new(),
            sent: None,
            searchmoves: Vec::new(),
            searching: false,
            stop_sent: false,
            asked_at: Instant::now(),
            search_timeout: SEARCH_TIMEOUT,
            log: None,
            quit: false,
        })
    }

    /// Sends `hello` and reads the engine's ids and options up to `uciok` or `ucciok`.
    fn greet(&mut self, hello: &'static str, deadline: Instant) -> Result<Greeting, EngineError> {
        self.send(hello)?;
        self.await_greeting(deadline)
    }

    fn await_greeting(&mut self, deadline: Instant) -> Result<Greeting, EngineError> {
        loop {
            match self.read_line(deadline, "uciok or ucciok")?.0 {
                EngineLine::UciOk => return Ok(Greeting::Uci),
                EngineLine::UcciOk => return Ok(Greeting::Ucci),
                EngineLine::Id { field, value } => {
                    if field == "name" && !value.is_empty() {
                        self.label.clone_from(&value);
                    }
                    self.ids.push((field, value));
                }
                EngineLine::Option(option) => self.options.push(option),
                _ => {}
            }
        }
    }

    fn handshake_error(&self, err: EngineError) -> EngineError {
        match err {
            EngineError::Timeout { .. } => EngineError::Handshake {
                engine: self.label.clone(),
                expected: "UCI or UCCI",
                reason: "it answered neither `uci` nor `ucci`".into(),
            },
            other => other,
        }
    }

    /// Fixes the dialect after the greeting, and sends the settings that follow from it.
    fn settle(&mut self, greeting: Greeting, asked: Option<Dialect>) -> Result<(), EngineError> {
        let variant = self.option("UCI_Variant").cloned();
        self.dialect = match (greeting, asked) {
            (Greeting::Ucci, Some(dialect)) if dialect.is_uci() => {
                return Err(self.wrong_greeting("UCI", "it answered with `ucciok`"))
            }
            (Greeting::Uci, Some(Dialect::Ucci)) => return Err(self.wrong_greeting("UCCI", "it answered with `uciok`")),
            (Greeting::Ucci, _) => Dialect::Ucci,
            (Greeting::Uci, Some(Dialect::Uci)) => Dialect::Uci,
            (Greeting::Uci, asked) => match (&variant, asked) {
                (None, Some(Dialect::FairyUci)) => {
                    return Err(EngineError::NoXiangqi {
                        engine: self.label.clone(),
                        reason: "it has no option UCI_Variant".into(),
                    })
                }
                (None, _) => Dialect::Uci,
                (Some(_), _) => Dialect::FairyUci,
            },
        };
        if self.dialect == Dialect::FairyUci {
            if let Some(OptionKind::Combo { vars, .. }) = variant.as_ref().map(|option| &option.kind) {
                if !vars.is_empty() && !vars.iter().any(|var| var == "xiangqi") {
                    return Err(EngineError::NoXiangqi {
                        engine: self.label.clone(),
                        reason: "its UCI_Variant option has no value `xiangqi`".into(),
                    });
                }
            }
            self.send(&setoption_command(self.dialect, "UCI_Variant", "xiangqi"))?;
        }
        if self.dialect == Dialect::Ucci && self.option("usemillisec").is_some() {
            self.send(&setoption_command(self.dialect, "usemillisec", "true"))?;
            self.millis = true;
        }
        Ok(())
    }

    fn wrong_greeting(&self, expected: &'static str, reason: &str) -> EngineError {
        EngineError::Handshake { engine: self.label.clone(), expected, reason: reason.into() }
    }

    /// The dialect the client speaks to the engine.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The engine's name (`id name`), or the program's file name if it gave none.
    pub fn name(&self) -> &str {
        &self.label
    }

    /// The `id` lines of the handshake, as `(field, value)` pairs in order.
    pub fn ids(&self) -> &[(String, String)] {
        &self.ids
    }

    /// The options the engine offers, in its order.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The option called `name` (without regard to case).
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|option| option.is_named(name))
    }

    /// Whether a UCCI engine is told times in milliseconds (it offered `usemillisec`); otherwise in seconds.
    pub fn uses_milliseconds(&self) -> bool {
        self.millis
    }

    /// The lines the client passed over so far (`option` lines that do not read).
    pub fn warnings(&self) -> &[EngineWarning] {
        &self.warnings
    }

    /// Whether a search is under way (from [`Engine::go`] to its best move).
    pub fn is_searching(&self) -> bool {
        self.searching
    }

    /// The position of the last [`Engine::set_position`], which the engine's moves are checked against.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Calls `log` with every line written to or read from the engine from now on.
    pub fn set_log(&mut self, log: impl FnMut(Direction, &str) + Send + 'static) {
        self.log = Some(Box::new(log));
    }

    /// How long [`Engine::analyse`] lets a search run before it sends `stop` ([`SEARCH_TIMEOUT`] by default).
    pub fn search_timeout(&self) -> Duration {
        self.search_timeout
    }

    /// Sets [`Engine::search_timeout`].
    pub fn set_search_timeout(&mut self, timeout: Duration) {
        self.search_timeout = timeout;
    }

    /// Sets an option the engine offers (UCI `setoption name NAME value VALUE`, UCCI `setoption NAME VALUE`); a
    /// button takes an empty value.
    ///
    /// # Errors
    /// [`EngineError::UnknownOption`] for an option the engine did not offer, [`EngineError::OptionValue`] for a
    /// value it does not take (nothing is sent then); [`EngineError::State`] during a search;
    /// [`EngineError::Write`] if the engine has closed its input.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.idle("set an option")?;
        let option = self.option(name).ok_or_else(|| EngineError::UnknownOption {
            engine: self.label.clone(),
            name: name.into(),
            known: self.options.iter().map(|option| option.name.as_str()).collect::<Vec<_>>().join(", "),
        })?;
        option.check_value(value).map_err(|error| EngineError::OptionValue { engine: self.label.clone(), error })?;
        let command = setoption_command(self.dialect, &option.name.clone(), value);
        self.send(&command)
    }

    /// Asks `isready` and waits up to `timeout` for `readyok` (lines in between are passed over).
    ///
    /// # Errors
    /// [`EngineError::Timeout`] or [`EngineError::Exited`] if `readyok` does not come; [`EngineError::State`]
    /// during a search (its lines would be passed over).
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.is_ready_until(Instant::now() + timeout)
    }

    fn is_ready_until(&mut self, deadline: Instant) -> Result<(), EngineError> {
        self.idle("ask isready")?;
        self.send("isready")?;
        loop {
            if self.read_line(deadline, "readyok")?.0 == EngineLine::ReadyOk {
                self.stop_sent = false;
                return Ok(());
            }
        }
    }

    /// Tells the engine that a new game starts: UCI `ucinewgame`; UCCI `setoption newgame` if the engine offers
    /// that button (UCCI 3.0 §五 3 (18)), else nothing.
    ///
    /// # Errors
    /// [`EngineError::State`] during a search, [`EngineError::Write`] if the engine has closed its input.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.idle("start a new game")?;
        if self.dialect.is_uci() {
            self.send("ucinewgame")
        } else if self.option("newgame").is_some() {
            self.send(&setoption_command(self.dialect, "newgame", ""))
        } else {
            Ok(())
        }
    }

    /// Sets the position to search: the game from `start` with `moves` played, and the moves of the position
    /// reached that the engine must not play.
    ///
    /// UCI gets `position startpos` or `position fen …` and every move; UCCI gets the FEN of the position after
    /// the last capture and the moves since (UCCI 3.0 §四), so that it sees every position that may still repeat.
    /// The banned moves go to a UCCI engine as `banmoves` (3.0 §五 9); a UCI engine, which has no such command,
    /// has its next search restricted to the other legal moves (`go … searchmoves …`). When every legal move is
    /// banned nothing is banned: the engine must move. After a search in which `stop` was sent, it first waits
    /// for `readyok` (up to [`STOP_GRACE`]), so that a late answer to `stop` is not taken for the next search's.
    ///
    /// # Errors
    /// [`EngineError::IllegalGame`] for an illegal move in `moves` (nothing is sent); [`EngineError::State`]
    /// during a search; [`EngineError::Write`] if the engine has closed its input; [`EngineError::Timeout`] or
    /// [`EngineError::Exited`] if, after a stopped search, `readyok` does not come.
    pub fn set_position(&mut self, start: &Position, moves: &[Move], banned: &[Move]) -> Result<(), EngineError> {
        self.idle("set a position")?;
        if self.stop_sent {
            self.is_ready(STOP_GRACE)?;
        }
        let illegal = |(index, illegal)| EngineError::IllegalGame { engine: self.label.clone(), index, illegal };
        let game = SentGame::new(self.sent.take(), self.dialect, start, moves).map_err(illegal)?;
        let command = game.command(self.dialect);
        self.searchmoves.clear();
        let mut ban = None;
        if !banned.is_empty() {
            let legal = game.end().legal_moves();
            let allowed: Vec<Move> = legal.iter().copied().filter(|mv| !banned.contains(mv)).collect();
            let banned: Vec<Move> = legal.iter().copied().filter(|mv| banned.contains(mv)).collect();
            if !allowed.is_empty() && !banned.is_empty() {
                if self.dialect.is_uci() {
                    self.searchmoves = allowed;
                } else {
                    ban = banmoves_command(self.dialect, &banned);
                }
            }
        }
        self.position = game.end().clone();
        self.sent = Some(game);
        self.send(&command)?;
        if let Some(command) = ban {
            self.send(&command)?;
        }
        Ok(())
    }

    /// Starts a search of the position set last, and returns once `go` is written; read its lines with
    /// [`Engine::read`], or use [`Engine::search`], which does both.
    ///
    /// # Errors
    /// [`EngineError::State`] during a search; [`EngineError::Write`] if the engine has closed its input.
    pub fn go(&mut self, go: &Go) -> Result<(), EngineError> {
        self.idle("start a search")?;
        let command = go_command(go, self.dialect, self.position.turn(), self.millis, &self.searchmoves);
        self.send(&command)?;
        self.searching = true;
        Ok(())
    }

    /// Asks the engine to end its search now (`stop`); the best move still has to be read.
    ///
    /// # Errors
    /// [`EngineError::State`] if no search is under way; [`EngineError::Write`] if the engine has closed its
    /// input.
    pub fn stop(&mut self) -> Result<(), EngineError> {
        self.busy("stop")?;
        self.stop_sent = true;
        self.send_keeping_time("stop")
    }

    /// Tells the engine that the opponent played the move it ponders on (`ponderhit`; UCCI `ponderhit draw`
    /// with a draw offer).
    ///
    /// # Errors
    /// [`EngineError::State`] if no search is under way; [`EngineError::Write`] if the engine has closed its
    /// input.
    pub fn ponderhit(&mut self, draw_offered: bool) -> Result<(), EngineError> {
        self.busy("send ponderhit")?;
        let command = if draw_offered && !self.dialect.is_uci() { "ponderhit draw" } else { "ponderhit" };
        self.send_keeping_time(command)
    }

    /// Reads the next line of a search, waiting until `deadline`; a best move (or `nobestmove`) ends the
    /// search. Lines are checked against the position set last.
    ///
    /// # Errors
    /// [`EngineError::Timeout`] at the deadline, [`EngineError::Exited`] if the engine has gone,
    /// [`EngineError::BadLine`] for a best move that does not read or is not legal.
    pub fn read(&mut self, deadline: Instant) -> Result<(EngineLine, Instant), EngineError> {
        let (line, at) = self.read_line(deadline, "bestmove")?;
        if matches!(line, EngineLine::BestMove(_) | EngineLine::NoBestMove) {
            self.searching = false;
        }
        Ok((line, at))
    }

    /// Searches the position set last and waits for the best move, passing each `info` line to `on_info`.
    ///
    /// After `timeout` the client sends `stop` and waits [`STOP_GRACE`] more; a best move that comes then is
    /// returned with [`SearchResult::stopped`] set.
    ///
    /// # Errors
    /// [`EngineError::Timeout`] if no best move comes even after `stop`; [`EngineError::Exited`],
    /// [`EngineError::Write`] and [`EngineError::BadLine`] as for [`Engine::read`].
    pub fn search(
        &mut self,
        go: &Go,
        timeout: Duration,
        mut on_info: impl FnMut(&Info),
    ) -> Result<SearchResult, EngineError> {
        self.go(go)?;
        let started = self.asked_at;
        let mut deadline = started + timeout;
        let mut info = Info::default();
        let mut stopped = false;
        loop {
            match self.read(deadline) {
                Ok((EngineLine::Info(line), _)) => {
                    on_info(&line);
                    if line.multipv.is_none_or(|index| index == 1) {
                        info.merge(*line);
                    }
                }
                Ok((EngineLine::BestMove(best), at)) => {
                    let elapsed = at.saturating_duration_since(started);
                    return Ok(SearchResult { best: Some(best), info, elapsed, arrived: at, stopped });
                }
                Ok((EngineLine::NoBestMove, at)) => {
                    let elapsed = at.saturating_duration_since(started);
                    return Ok(SearchResult { best: None, info, elapsed, arrived: at, stopped });
                }
                Ok(_) => {}
                Err(EngineError::Timeout { .. }) if !stopped => {
                    self.stop_sent = true;
                    self.send_keeping_time("stop")?;
                    stopped = true;
                    deadline = Instant::now() + STOP_GRACE;
                }
                Err(EngineError::Timeout { engine, waiting_for, .. }) => {
                    return Err(EngineError::Timeout { engine, waiting_for, after: started.elapsed() })
                }
                Err(err) => return Err(err),
            }
        }
    }

    /// Analyses `pos` for database tools: searches it with `limit` (for at most [`Engine::search_timeout`]) and
    /// returns the last report of each of the `multipv` best lines. More than one line needs the UCI option
    /// `MultiPV`, which is set for the search and back to 1 after it; an engine without it gives one line.
    ///
    /// # Errors
    /// As [`Engine::set_option`], [`Engine::set_position`] and [`Engine::search`].
    pub fn analyse(&mut self, pos: &Position, limit: crate::Limit, multipv: u32) -> Result<Analysis, EngineError> {
        let multi = multipv > 1 && self.option("MultiPV").is_some();
        if multi {
            self.set_option("MultiPV", &multipv.to_string())?;
        }
        self.set_position(pos, &[], &[])?;
        let mut lines: Vec<Info> = Vec::new();
        let result = self.search(&Go::new(limit), self.search_timeout, |info| {
            let index = info.multipv.unwrap_or(1).max(1) as usize;
            if info.pv.is_empty() && info.score.is_none() {
                return;
            }
            if lines.len() < index {
                lines.resize_with(index, Info::default);
            }
            lines[index - 1] = info.clone();
        })?;
        if multi {
            self.set_option("MultiPV", "1")?;
        }
        lines.retain(|line| line.score.is_some() || !line.pv.is_empty());
        Ok(Analysis { lines, best: result.best, elapsed: result.elapsed })
    }

    /// Ends the engine: sends `quit`, waits up to `grace` for it to exit, and kills it if it has not. Returns
    /// how it exited, if that is known.
    pub fn quit(mut self, grace: Duration) -> Option<std::process::ExitStatus> {
        self.close(grace)
    }

    fn close(&mut self, grace: Duration) -> Option<std::process::ExitStatus> {
        self.quit = true;
        if self.process.exit_status(Duration::ZERO).is_none() {
            let _ = self.send_keeping_time("quit");
            self.process.close_input();
        }
        self.process.exit_status(grace).or_else(|| self.process.kill())
    }

    /// Whether the engine's process still runs.
    pub fn is_running(&mut self) -> bool {
        self.process.exit_status(Duration::ZERO).is_none()
    }

    fn idle(&self, request: &'static str) -> Result<(), EngineError> {
        if self.searching {
            return Err(EngineError::State { engine: self.label.clone(), state: "searching", request });
        }
        Ok(())
    }

    fn busy(&self, request: &'static str) -> Result<(), EngineError> {
        if !self.searching {
            return Err(EngineError::State { engine: self.label.clone(), state: "idle", request });
        }
        Ok(())
    }

    /// Writes a command that awaits an answer (the time of an answer is counted from the moment before it is
    /// written, so that an answer never seems to come before it).
    fn send(&mut self, command: &str) -> Result<(), EngineError> {
        self.asked_at = Instant::now();
        self.send_keeping_time(command)
    }

    /// Writes a command.
    fn send_keeping_time(&mut self, command: &str) -> Result<(), EngineError> {
        if let Some(log) = &mut self.log {
            log(Direction::ToEngine, command);
        }
        self.process.write_line(command).map_err(|source| EngineError::Write {
            engine: self.label.clone(),
            command: command.into(),
            source,
        })
    }

    /// The next line, read for the engine's dialect and the current position.
    fn read_line(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<(EngineLine, Instant), EngineError> {
        let (text, at) = match self.process.receive(deadline) {
            Received::Line(text, at) => (text, at),
            Received::Timeout => {
                return Err(EngineError::Timeout {
                    engine: self.label.clone(),
                    waiting_for,
                    after: self.asked_at.elapsed(),
                })
            }
            Received::Closed => {
                let status = self.process.exit_status(Duration::from_millis(200));
                return Err(EngineError::Exited {
                    engine: self.label.clone(),
                    status: status.map_or_else(|| "still running".into(), |status| status.to_string()),
                    waiting_for,
                    stderr: self.process.stderr_tail(),
                });
            }
        };
        self.lines_read += 1;
        if let Some(log) = &mut self.log {
            log(Direction::FromEngine, &text);
        }
        match EngineLine::parse(&text, self.dialect, &self.position) {
            Ok(line) => Ok((line, at)),
            Err(error) if text.trim_start().starts_with("option") => {
                self.warnings.push(EngineWarning { line: self.lines_read, text: text.clone(), error });
                Ok((EngineLine::Other(text), at))
            }
            Err(error) => {
                let mut cut = text;
                if cut.len() > 200 {
                    let end = (0..=200).rev().find(|&i| cut.is_char_boundary(i)).unwrap_or(0);
                    cut.truncate(end);
                }
                self.searching = true;
                Err(EngineError::BadLine { engine: self.label.clone(), line: self.lines_read, text: cut, error })
            }
        }
    }
}

impl Drop for Engine {
    /// Quits the engine as [`Engine::quit`] does, with a grace of 200 ms, unless it was quit already.
    fn drop(&mut self) {
        if !self.quit {
            self.close(Duration::from_millis(200));
        }
    }
}
