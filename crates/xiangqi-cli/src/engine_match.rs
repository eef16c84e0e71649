//! `xiangqi match`: engines play each other, refereed by a rule book; and `xiangqi scripted-engine`, the
//! library's scripted engine, for the tests of engine tools. This module only presents what
//! `xiangqi::engine::runner` computes: the games, the PGN, the table.

use core::{ops::ControlFlow, time::Duration};
use std::{
    fs::File,
    io::{IsTerminal, Write},
    path::PathBuf,
};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use xiangqi::{
    adjudicator::{Procedure, RuleBook},
    engine::{
        runner::{
            read_openings, run_match, shuffle_openings, DrawRule, EngineSpec, FinishedGame, Format, MatchConfig,
            MatchEvent, MatchLimit, MatchReport, MatchStats, PairResult, ResignRule, Sprt, StopReason, TimeControl,
        },
        Dialect, EngineCommand,
    },
};

use crate::{json_line, run, Exit, Fail};

/// Play a match between engines, every move ruled by a rule book
///
/// Each --engine is `name=NAME,cmd=PATH` with any of `arg=A` (repeatable), `dir=DIR` (its working directory),
/// `env.VAR=VALUE`, `proto=ucci|uci|fairy` (otherwise found at the handshake) and `option.NAME=VALUE`; a `\,`
/// is a comma in a value. Every finished game is appended to --pgn at once (ICCS moves, `[Termination]` and a
/// comment naming the rule item that decided it); Ctrl-C abandons the games under way and keeps every finished
/// one.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  xiangqi match --engine name=eleeye,cmd=./eleeye,proto=ucci \
--engine name=fairy,cmd=/usr/games/fairy-stockfish \\\n    --nodes 20000 --games 20 --openings openings.pgn \
--concurrency 2 --procedure forbid --pgn match.pgn")]
pub(crate) struct MatchArgs {
    /// An engine: name=NAME,cmd=PATH[,arg=A][,dir=DIR][,env.VAR=VALUE][,proto=ucci|uci|fairy][,option.NAME=VALUE].
    #[arg(long = "engine", value_name = "SPEC", value_parser = parse_engine, required = true)]
    engines: Vec<EngineSpec>,
    /// Search each move to depth N.
    #[arg(long, value_name = "N", group = "limit")]
    depth: Option<u32>,
    /// Search each move for N nodes.
    #[arg(long, value_name = "N", group = "limit")]
    nodes: Option<u64>,
    /// Search each move for MS milliseconds (a move later than MS plus the margin loses on time).
    #[arg(long, value_name = "MS", group = "limit")]
    movetime: Option<u64>,
    /// A clock: MIN+INC (minutes, seconds of increment), MOVES/MIN+INC, or periods joined by `:` (25/60:10/15).
    #[arg(long, value_name = "TC", group = "limit")]
    tc: Option<TimeControl>,
    /// Games of each pair of engines.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Games from each opening, colours swapped from one to the next.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    per_opening: u32,
    /// Openings: a record file (PGN, XQF, DhtmlXQ, …: each game's main line) or a FEN/EPD list (*.fen, *.epd).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Shuffle the openings with this seed (the same seed, the same order).
    #[arg(long, value_name = "SEED")]
    shuffle: Option<u64>,
    /// The first engine plays each of the others (default: every engine plays every other).
    #[arg(long)]
    gauntlet: bool,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    concurrency: u16,
    /// The rule book: axf (AXF 2008), roc (ROC 2007), prc1956 (PRC 1956), cxa (CXA).
    #[arg(long, default_value = "axf", value_name = "BOOK")]
    ruleset: RuleBook,
    /// Repetitions: arbiter (a warning, then the ruling one cycle later), immediate (the ruling at the third
    /// occurrence), forbid (immediate, and the moves that would lose are banned: UCCI `banmoves`, UCI
    /// `searchmoves`).
    #[arg(long, default_value = "arbiter", value_name = "PROCEDURE")]
    procedure: Procedure,
    /// How late past its time a move may come, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    margin: u64,
    /// How long a depth or node search may take, in milliseconds, before the engine loses ("no reply").
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    timeout: u64,
    /// Resign for an engine when for MOVES moves of each engine it reports -CP or worse and its opponent CP or
    /// better.
    #[arg(long, value_name = "MOVES,CP", value_parser = parse_resign)]
    resign: Option<ResignRule>,
    /// Draw when from move AFTER both engines report |score| <= CP for MOVES moves each.
    #[arg(long, value_name = "AFTER,MOVES,CP", value_parser = parse_draw)]
    draw: Option<DrawRule>,
    /// Stop when the SPRT of two engines is decided: ELO0,ELO1,ALPHA,BETA.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<Sprt>,
    /// Draw a game by adjudication at this many plies.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_plies: u32,
    /// The Event tag.
    #[arg(long, value_name = "TEXT", default_value = "xiangqi engine match")]
    event: String,
    /// A comment after each move: the engine's score, depth and time (+0.25/8 0.123s).
    #[arg(long)]
    comments: bool,
    /// Write the games to this PGN file (created anew), each as soon as it finishes.
    #[arg(long, value_name = "OUT.pgn")]
    pgn: Option<PathBuf>,
    /// Log every line sent to and read from the engines to this file.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// One JSON object a finished game, then one for the summary.
    #[arg(long)]
    json: bool,
    /// No progress line on stderr (it is shown only when stderr is a terminal anyway).
    #[arg(short, long)]
    quiet: bool,
}

/// `xiangqi scripted-engine`: a test peer that follows a script and misbehaves on demand.
#[derive(Debug, clap::Args)]
pub(crate) struct ScriptedEngineArgs {
    /// The script (see the docs of `xiangqi::engine::scripted::Script`); none: the engine's own moves only.
    #[arg(value_name = "SCRIPT")]
    script: Option<PathBuf>,
}

/// Runs `xiangqi scripted-engine`.
pub(crate) fn scripted_engine(args: &ScriptedEngineArgs) -> std::process::ExitCode {
    xiangqi::engine::scripted::main(args.script.as_deref())
}

/// Splits `text` at the commas that are not escaped (`\,`), unescaping them.
fn split_fields(text: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\\' if chars.peek() == Some(&',') => {
                chars.next();
                field.push(',');
            }
            ',' => fields.push(core::mem::take(&mut field)),
            _ => field.push(ch),
        }
    }
    fields.push(field);
    fields
}

fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    let mut name = None;
    let mut command: Option<EngineCommand> = None;
    let mut args = Vec::new();
    let mut dir = None;
    let mut env = Vec::new();
    let mut dialect = None;
    let mut options = Vec::new();
    for field in split_fields(text) {
        let (key, value) = field.split_once('=').ok_or_else(|| format!("`{field}`: expected KEY=VALUE"))?;
        match key {
            "name" => name = Some(value.to_owned()),
            "cmd" => command = Some(EngineCommand::new(value)),
            "arg" => args.push(value.to_owned()),
            "dir" => dir = Some(value.to_owned()),
            "proto" => dialect = Some(value.parse::<Dialect>().map_err(|err| err.to_string())?),
            _ => {
                if let Some(option) = key.strip_prefix("option.") {
                    options.push((option.to_owned(), value.to_owned()));
                } else if let Some(var) = key.strip_prefix("env.") {
                    env.push((var.to_owned(), value.to_owned()));
                } else {
                    return Err(format!(
                        "unknown key `{key}` (expected name, cmd, arg, dir, env.VAR, proto or option.NAME)"
                    ));
                }
            }
        }
    }
    let mut command = command.ok_or("missing cmd=PATH")?;
    let name = name.unwrap_or_else(|| {
        command.program.file_name().map_or_else(|| "engine".into(), |file| file.to_string_lossy().into_owned())
    });
    for arg in args {
        command = command.arg(arg);
    }
    if let Some(dir) = dir {
        command = command.current_dir(dir);
    }
    for (var, value) in env {
        command = command.env(var, value);
    }
    if let Some(dialect) = dialect {
        command = command.dialect(dialect);
    }
    Ok(EngineSpec { name, command, options })
}

fn numbers<const N: usize>(text: &str, what: &str) -> Result<[i64; N], String> {
    let values: Vec<i64> = text
        .split(',')
        .map(|part| part.trim().parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("`{text}`: expected {what}"))?;
    values.try_into().map_err(|_| format!("`{text}`: expected {what}"))
}

fn parse_resign(text: &str) -> Result<ResignRule, String> {
    let [moves, score] = numbers::<2>(text, "MOVES,CP")?;
    let moves = u32::try_from(moves).ok().filter(|&moves| moves > 0).ok_or("MOVES must be 1 or more")?;
    Ok(ResignRule { moves, score: i32::try_from(score).map_err(|_| "CP is too large")? })
}

fn parse_draw(text: &str) -> Result<DrawRule, String> {
    let [after, moves, score] = numbers::<3>(text, "AFTER,MOVES,CP")?;
    let after = u32::try_from(after).map_err(|_| "AFTER must be 0 or more")?;
    let moves = u32::try_from(moves).ok().filter(|&moves| moves > 0).ok_or("MOVES must be 1 or more")?;
    Ok(DrawRule { after, moves, score: i32::try_from(score).map_err(|_| "CP is too large")? })
}

impl MatchArgs {
    fn config(&self) -> Result<MatchConfig, Fail> {
        let limit = match (self.depth, self.nodes, self.movetime, &self.tc) {
            (Some(depth), ..) => MatchLimit::Depth(depth),
            (_, Some(nodes), ..) => MatchLimit::Nodes(nodes),
            (_, _, Some(ms), _) => MatchLimit::MoveTime(Duration::from_millis(ms)),
            (_, _, _, Some(tc)) => MatchLimit::TimeControl(tc.clone()),
            _ => return Err(Fail::Usage("give a limit: --depth, --nodes, --movetime or --tc".into())),
        };
        let mut config = MatchConfig::new(self.engines.clone(), limit);
        config.format = if self.gauntlet { Format::Gauntlet } else { Format::RoundRobin };
        config.games = self.games;
        config.games_per_opening = self.per_opening;
        if let Some(path) = &self.openings {
            config.openings = read_openings(path).map_err(|err| Fail::Message(err.to_string()))?;
            if let Some(seed) = self.shuffle {
                shuffle_openings(&mut config.openings, seed);
            }
        }
        config.time_margin = Duration::from_millis(self.margin);
        config.move_timeout = Duration::from_millis(self.timeout);
        config.concurrency = usize::from(self.concurrency);
        config.rules = self.ruleset;
        config.procedure = self.procedure;
        config.resign = self.resign;
        config.draw = self.draw;
        config.sprt = self.sprt;
        config.max_plies = self.max_plies;
        config.event.clone_from(&self.event);
        config.move_comments = self.comments;
        config.log.clone_from(&self.log);
        Ok(config)
    }
}

/// A finished game as a JSON line.
#[derive(Serialize)]
struct GameLine<'a> {
    game: u32,
    red: &'a str,
    black: &'a str,
    result: &'a str,
    termination: &'a str,
    rule: Option<&'a str>,
    plies: usize,
    opening: &'a str,
    reason: &'a str,
}

/// A pair's results, for the table and the summary.
#[derive(Serialize)]
struct PairLine<'a> {
    a: &'a str,
    b: &'a str,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score: f64,
    elo: Option<f64>,
    elo_lower: Option<f64>,
    elo_upper: Option<f64>,
    los: f64,
}

#[derive(Serialize)]
struct SprtLine {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: f64,
    lower: f64,
    upper: f64,
    status: String,
}

#[derive(Serialize)]
struct Summary<'a> {
    summary: bool,
    finished: u32,
    scheduled: u32,
    stopped: &'static str,
    pairs: Vec<PairLine<'a>>,
    sprt: Option<SprtLine>,
    wall_ms: u128,
    engine_ms: u128,
    runner_us_per_move: Option<f64>,
    moves: u64,
}

/// A number for JSON: `None` for the infinite Elo of a clean score.
fn finite(value: f64) -> Option<f64> {
    value.is_finite().then_some((value * 10.0).round() / 10.0)
}

fn pair_line<'a>(pair: &PairResult, names: &'a [String]) -> PairLine<'a> {
    let tally = pair.tally;
    let elo = tally.elo();
    PairLine {
        a: &names[pair.a],
        b: &names[pair.b],
        games: tally.games(),
        wins: tally.wins,
        draws: tally.draws,
        losses: tally.losses,
        score: tally.points(),
        elo: elo.and_then(|elo| finite(elo.elo)),
        elo_lower: elo.and_then(|elo| finite(elo.lower)),
        elo_upper: elo.and_then(|elo| finite(elo.upper)),
        los: (tally.los() * 1000.0).round() / 1000.0,
    }
}

/// `+12.3`, `-inf`, `+inf`.
fn signed(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "+inf" } else { "-inf" }.into()
    } else {
        format!("{value:+.1}")
    }
}

fn pair_text(pair: &PairResult, names: &[String]) -> String {
    let tally = pair.tally;
    let games = tally.games();
    let percent = if games == 0 { 0.0 } else { 100.0 * tally.points() / f64::from(games) };
    let mut text = format!(
        "{} vs {}: {games} games, +{} ={} -{}, score {}/{games} ({percent:.1}%)",
        names[pair.a],
        names[pair.b],
        tally.wins,
        tally.draws,
        tally.losses,
        tally.points()
    );
    if let Some(elo) = tally.elo() {
        text.push_str(&format!(
            ", Elo {} [{}, {}] (95%), LOS {:.1}%",
            signed(elo.elo),
            signed(elo.lower),
            signed(elo.upper),
            100.0 * tally.los()
        ));
    }
    text
}

fn game_text(game: &FinishedGame) -> String {
    let rule = game.ending.rule.as_deref().map_or_else(String::new, |rule| format!(" ({rule})"));
    format!(
        "game {}: {} - {} {} {}{rule}, {} plies",
        game.number,
        game.names[0],
        game.names[1],
        game.ending.result,
        game.ending.termination,
        game.plies()
    )
}

fn progress(quiet: bool, scheduled: u64) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(scheduled), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} [{elapsed}, ETA {eta}]")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

fn progress_message(stats: &MatchStats, names: &[String]) -> String {
    let mut text = format!("({} running)", stats.running);
    if let Some(pair) = stats.pairs.first() {
        let tally = pair.tally;
        text.push_str(&format!(" {} +{} ={} -{}", names[pair.a], tally.wins, tally.draws, tally.losses));
    }
    if let Some((llr, _)) = stats.sprt {
        text.push_str(&format!(" LLR {llr:.2}"));
    }
    text
}

/// Runs `xiangqi match`.
pub(crate) fn run(args: &MatchArgs) -> Result<Exit, Fail> {
    let config = args.config()?;
    let names: Vec<String> = config.engines.iter().map(|engine| engine.name.clone()).collect();
    let mut pgn = match &args.pgn {
        Some(path) => Some(File::create(path).map_err(|err| Fail::Message(format!("{}: {err}", path.display())))?),
        None => None,
    };
    let mut stdout = std::io::stdout().lock();
    let bar = progress(args.quiet, u64::from(config.games) * config.pairs().len() as u64);
    let mut failure: Option<Fail> = None;
    let result = run_match(&config, &run::stopped, |event| {
        let MatchEvent::GameFinished { game, stats } = event else {
            return ControlFlow::Continue(());
        };
        bar.inc(1);
        bar.set_message(progress_message(stats, &names));
        let written = (|| -> Result<(), Fail> {
            if let Some(file) = &mut pgn {
                // One write of the whole game, so that a stop leaves no game half-written.
                file.write_all(format!("{}\n", game.pgn).as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(|err| Fail::Message(format!("cannot write the PGN: {err}")))?;
            }
            let line = if args.json {
                json_line(&GameLine {
                    game: game.number,
                    red: &game.names[0],
                    black: &game.names[1],
                    result: game.ending.result.as_pgn(),
                    termination: game.ending.termination.as_str(),
                    rule: game.ending.rule.as_deref(),
                    plies: game.plies(),
                    opening: &game.opening,
                    reason: &game.ending.reason,
                })?
            } else {
                game_text(game)
            };
            bar.suspend(|| writeln!(stdout, "{line}").and_then(|()| stdout.flush()))?;
            Ok(())
        })();
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    bar.finish_and_clear();
    if let Some(fail) = failure {
        return Err(fail);
    }
    let report = result.map_err(|err| Fail::Message(err.to_string()))?;
    print_summary(&mut stdout, args, &config, &names, &report)?;
    Ok(match report.stopped {
        StopReason::Interrupted => Exit::Interrupted,
        StopReason::Completed | StopReason::Sprt(_) => Exit::Ok,
    })
}

fn print_summary(
    out: &mut impl Write,
    args: &MatchArgs,
    config: &MatchConfig,
    names: &[String],
    report: &MatchReport,
) -> Result<(), Fail> {
    let stats = &report.stats;
    let stopped = match report.stopped {
        StopReason::Completed => "completed",
        StopReason::Sprt(_) => "sprt",
        StopReason::Interrupted => "interrupted",
    };
    let sprt = config.sprt.zip(stats.sprt).map(|(sprt, (llr, status))| {
        let (lower, upper) = sprt.bounds();
        SprtLine {
            elo0: sprt.elo0,
            elo1: sprt.elo1,
            alpha: sprt.alpha,
            beta: sprt.beta,
            llr: (llr * 1000.0).round() / 1000.0,
            lower: (lower * 1000.0).round() / 1000.0,
            upper: (upper * 1000.0).round() / 1000.0,
            status: status.to_string(),
        }
    });
    let runner_us = report.runner_per_move.map(|own| (own.as_secs_f64() * 1e7).round() / 10.0);
    if args.json {
        let summary = Summary {
            summary: true,
            finished: stats.finished,
            scheduled: stats.scheduled,
            stopped,
            pairs: stats.pairs.iter().map(|pair| pair_line(pair, names)).collect(),
            sprt,
            wall_ms: report.wall.as_millis(),
            engine_ms: report.engine_time.as_millis(),
            runner_us_per_move: runner_us,
            moves: report.moves,
        };
        writeln!(out, "{}", json_line(&summary)?)?;
    } else {
        for pair in &stats.pairs {
            writeln!(out, "{}", pair_text(pair, names))?;
        }
        if let Some(line) = &sprt {
            writeln!(
                out,
                "SPRT ({},{},{},{}): LLR {:.3} [{:.3}, {:.3}] {}",
                line.elo0, line.elo1, line.alpha, line.beta, line.llr, line.lower, line.upper, line.status
            )?;
        }
        let slots = report.wall.as_secs_f64() * config.concurrency.min(stats.scheduled as usize).max(1) as f64;
        let share = if slots > 0.0 { 100.0 * report.engine_time.as_secs_f64() / slots } else { 0.0 };
        let runner = runner_us.map_or_else(String::new, |us| format!(", runner {us} µs a move (median)"));
        writeln!(
            out,
            "{} of {} games ({stopped}) in {:.1} s; engines thinking {share:.1}% of the time{runner}",
            stats.finished,
            stats.scheduled,
            report.wall.as_secs_f64()
        )?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_read_every_key_and_escaped_commas() {
        let spec =
            parse_engine(r"name=Eye,cmd=/opt/eleeye,arg=-q,dir=/opt,env.LANG=C,proto=ucci,option.bookfiles=a\,b")
                .unwrap();
        assert_eq!(spec.name, "Eye");
        assert_eq!(spec.command.program, PathBuf::from("/opt/eleeye"));
        assert_eq!(spec.command.args, ["-q"]);
        assert_eq!(spec.command.current_dir, Some(PathBuf::from("/opt")));
        assert_eq!(spec.command.env, [("LANG".into(), "C".into())]);
        assert_eq!(spec.command.dialect, Some(Dialect::Ucci));
        assert_eq!(spec.options, [("bookfiles".to_owned(), "a,b".to_owned())]);
        assert_eq!(parse_engine("cmd=/usr/games/fairy-stockfish").unwrap().name, "fairy-stockfish");
        assert_eq!(parse_engine("name=x").unwrap_err(), "missing cmd=PATH");
        assert!(parse_engine("cmd=x,colour=red").unwrap_err().starts_with("unknown key `colour`"));
        assert!(parse_engine("cmd=x,proto=xboard").unwrap_err().contains("`ucci`, `uci` or `fairy`"));
    }

    #[test]
    fn adjudication_rules_read() {
        assert_eq!(parse_resign("3,600"), Ok(ResignRule { moves: 3, score: 600 }));
        assert!(parse_resign("0,600").is_err());
        assert_eq!(parse_draw("40,8,10"), Ok(DrawRule { after: 40, moves: 8, score: 10 }));
        assert!(parse_draw("40,8").is_err());
    }
}
