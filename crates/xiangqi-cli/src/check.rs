//! `xiangqi check`: reads every game of every record file and reports the bad ones.

use std::{collections::BTreeMap, io::Write, path::PathBuf};

use serde::Serialize;
use xiangqi::notation::{Game, GameResult};

use crate::{
    files::{self, Input},
    read::{self, FileError},
    run::{self, RunOptions},
    Exit, Fail,
};

/// Read every game of record files and report the bad ones
///
/// Reads every game of every record file (PGN in any encoding, XQF, DhtmlXQ pages and texts), variations
/// included, and reports each game that cannot be read: file, game, line or byte, ply, the move text and why.
/// Ends with a summary: files, games, plies, rejected games by reason.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  xiangqi check -j 2 --json games/ > report.jsonl")]
pub(crate) struct CheckArgs {
    /// Record files, and directories to search for them (recursively).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// One JSON object per game on stdout, one a line (the summary goes to stderr).
    #[arg(long)]
    json: bool,
    /// Exit with 0 even when some records could not be read.
    #[arg(long)]
    allow_errors: bool,
    #[command(flatten)]
    run: RunOptions,
}

/// One game's line of `--json` output (a file that gives no game at all is a line with `game` 0).
#[derive(Debug, Serialize)]
struct GameLine<'a> {
    file: &'a str,
    game: usize,
    plies: usize,
    lines: usize,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    red: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
}

/// What one game of a file came to.
#[derive(Debug)]
struct GameReport {
    number: usize,
    plies: usize,
    lines: usize,
    /// The error, for a game that could not be read, with its reason for the summary.
    error: Option<(String, &'static str)>,
    warnings: Vec<String>,
    tags: [Option<String>; 3],
    result: Option<&'static str>,
}

impl GameReport {
    fn read(number: usize, game: &Game, warnings: Vec<String>) -> GameReport {
        let tag = |name| game.tags.get(name).map(str::to_owned);
        GameReport {
            number,
            plies: game.main.nodes.len(),
            lines: game.main.line_count(),
            error: None,
            warnings,
            tags: [tag("Event"), tag("Red"), tag("Black")],
            result: (game.result != GameResult::Unknown).then(|| game.result.as_pgn()),
        }
    }

    fn status(&self) -> &'static str {
        match (&self.error, self.warnings.is_empty()) {
            (Some(_), _) => "error",
            (None, false) => "warning",
            (None, true) => "ok",
        }
    }
}

/// What one file came to.
#[derive(Debug)]
struct FileReport {
    name: String,
    /// The games; `Err` when the file gave none (and why), `Ok(None)` for a file passed over.
    games: Result<Option<Vec<GameReport>>, String>,
}

/// Reads the file, keeping what the output needs of each game: everything with `--json`, else the bad games.
fn check_file(input: &Input, keep_all: bool, totals: &mut Totals) -> FileReport {
    let mut games = Vec::new();
    let result = read::read_games(&input.path, &mut |number, result| {
        totals.games += 1;
        match result {
            Ok(read) => {
                let report = GameReport::read(number, &read.game, read.warnings);
                totals.plies += report.plies as u64;
                if !report.warnings.is_empty() {
                    totals.warned += 1;
                }
                if keep_all || !report.warnings.is_empty() {
                    games.push(report);
                }
            }
            Err(err) => {
                let reason = read::reason(&err);
                *totals.rejected.entry(reason).or_default() += 1;
                games.push(GameReport {
                    number: err.game,
                    plies: read::plies_before(&err),
                    lines: 0,
                    error: Some((err.to_string(), reason)),
                    warnings: Vec::new(),
                    tags: [None, None, None],
                    result: None,
                });
            }
        }
        !run::stopped()
    });
    let games = match result {
        Ok(_) => Ok(Some(games)),
        Err(FileError::NoRecord) if input.found && read::may_hold_no_record(&input.path) => Ok(None),
        Err(err) => Err(err.to_string()),
    };
    FileReport { name: input.name.clone(), games }
}

/// The counts of the summary.
#[derive(Debug, Default)]
struct Totals {
    files: u64,
    passed_over: u64,
    bad_files: u64,
    games: u64,
    plies: u64,
    warned: u64,
    /// Rejected games by reason.
    rejected: BTreeMap<&'static str, u64>,
}

impl Totals {
    fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.plies += other.plies;
        self.warned += other.warned;
        for (reason, count) in &other.rejected {
            *self.rejected.entry(reason).or_default() += count;
        }
    }

    fn rejected_games(&self) -> u64 {
        self.rejected.values().sum()
    }

    fn summary(&self) -> String {
        let mut text = format!(
            "files {} ({} unreadable, {} without a record passed over), games {} ({} rejected, {} read leniently), plies {}",
            self.files,
            self.bad_files,
            self.passed_over,
            self.games,
            self.rejected_games(),
            self.warned,
            self.plies
        );
        if !self.rejected.is_empty() {
            let reasons: Vec<String> = self.rejected.iter().map(|(reason, n)| format!("{reason} {n}")).collect();
            text.push_str(&format!("\nrejected: {}", reasons.join(", ")));
        }
        text
    }
}

fn json_line(file: &str, game: &GameReport) -> Result<String, Fail> {
    let [event, red, black] = game.tags.clone();
    let error = match &game.error {
        Some((message, _)) => Some(message.clone()),
        None if !game.warnings.is_empty() => Some(game.warnings.join("; ")),
        None => None,
    };
    let line = GameLine {
        file,
        game: game.number,
        plies: game.plies,
        lines: game.lines,
        status: game.status(),
        error,
        event,
        red,
        black,
        result: game.result,
    };
    serde_json::to_string(&line).map_err(|err| Fail::Message(err.to_string()))
}

fn file_error_line(file: &str, error: &str) -> Result<String, Fail> {
    let line = GameLine {
        file,
        game: 0,
        plies: 0,
        lines: 0,
        status: "error",
        error: Some(error.to_owned()),
        event: None,
        red: None,
        black: None,
        result: None,
    };
    serde_json::to_string(&line).map_err(|err| Fail::Message(err.to_string()))
}

/// The lines printed for one file.
fn lines(report: &FileReport, json: bool) -> Result<Vec<String>, Fail> {
    let games = match &report.games {
        Ok(None) => return Ok(Vec::new()),
        Ok(Some(games)) => games,
        Err(error) if json => return Ok(vec![file_error_line(&report.name, error)?]),
        Err(error) => return Ok(vec![format!("{}: {error}", report.name)]),
    };
    let mut out = Vec::new();
    for game in games {
        if json {
            out.push(json_line(&report.name, game)?);
        } else if let Some((message, _)) = &game.error {
            out.push(format!("{}: {message}", report.name));
        } else {
            for warning in &game.warnings {
                out.push(format!("{}: game {}: warning: {warning}", report.name, game.number));
            }
        }
    }
    Ok(out)
}

/// Runs `xiangqi check`.
pub(crate) fn run(args: &CheckArgs) -> Result<Exit, Fail> {
    let items = files::collect(&args.paths);
    let bar = run::progress(items.len(), args.run.quiet);
    let mut totals = Totals::default();
    let mut stdout = std::io::stdout().lock();
    let mut failure = None;
    let work = |item: &files::Item| match item {
        Ok(input) => {
            let mut file_totals = Totals::default();
            let report = check_file(input, args.json, &mut file_totals);
            (report, file_totals)
        }
        Err((name, error)) => (FileReport { name: name.clone(), games: Err(error.clone()) }, Totals::default()),
    };
    run::in_order(&items, args.run.jobs, work, |(report, file_totals)| {
        totals.files += 1;
        match &report.games {
            Ok(None) => totals.passed_over += 1,
            Ok(Some(_)) => {}
            Err(_) => totals.bad_files += 1,
        }
        totals.add(&file_totals);
        bar.inc(1);
        bar.set_message(format!("{} games, {} plies", totals.games, totals.plies));
        let written = lines(&report, args.json)
            .and_then(|lines| lines.iter().try_for_each(|line| writeln!(stdout, "{line}")).map_err(Fail::from));
        match written {
            Ok(()) => true,
            Err(fail) => {
                failure = Some(fail);
                false
            }
        }
    })
    .map_err(|err| Fail::Message(format!("cannot start the threads: {err}")))?;
    bar.finish_and_clear();
    if let Some(fail) = failure {
        return Err(fail);
    }
    stdout.flush()?;
    let summary = totals.summary();
    if args.json {
        if !args.run.quiet {
            eprintln!("{summary}");
        }
    } else {
        writeln!(stdout, "{summary}")?;
    }
    if run::stopped() {
        return Ok(Exit::Interrupted);
    }
    let failed = totals.bad_files > 0 || totals.rejected_games() > 0;
    Ok(if failed && !args.allow_errors { Exit::SomeFailed } else { Exit::Ok })
}
