//! `xiangqi check`: reads every game of every record file and reports the bad ones.

use std::{collections::BTreeMap, path::PathBuf};

use serde::Serialize;
use xiangqi::notation::{
    collection::{CollectedGame, FileError, FileOutcome, Part},
    encoding::TextEncoding,
    GameRecord, GameResult, RecordError,
};

use crate::{
    collection::{self, CollectionArgs},
    read,
    run::Items,
    Exit, Fail,
};

/// Read every game of record files and report the bad ones
///
/// Reads every game of every record file (PGN in any encoding, XQF, DhtmlXQ pages and texts, CCBridge CBR, CBL
/// and CBF), variations included, and reports each game that cannot be read: file, game, line or byte, ply, the
/// move text and why. Ends with a summary: files, games, plies, rejected games by reason. With `--json` an
/// error is an object: `kind`, `game`, `line` or `byte`, `ply`, `move`, `in_variation` where they apply, and
/// `message`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  xiangqi check -j 2 --json games/ > report.jsonl")]
pub(crate) struct CheckArgs {
    /// Record files, and directories to search for them (recursively).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    #[command(flatten)]
    common: CollectionArgs,
}

/// One game's line of `--json` output (a file that gives no game at all is a line with `game` 0).
#[derive(Debug, Serialize)]
struct GameLine<'a> {
    file: &'a str,
    game: usize,
    plies: usize,
    lines: usize,
    status: &'static str,
    /// The text encoding the game was read in (`utf-8`, `gbk`, `big5`, …); null where the reader gives none (XQF,
    /// CCBridge) and for a file that gave no game.
    encoding: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorObject<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    red: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
}

/// The error of a `--json` line: the library's JSON form of the error (`kind`, where, `message`).
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum ErrorObject<'a> {
    Game(&'a RecordError),
    File(&'a FileError),
}

/// What one game of a file came to.
#[derive(Debug)]
struct GameReport {
    number: usize,
    plies: usize,
    lines: usize,
    /// The error, for a game that could not be read, with its reason for the summary (boxed: the reports of the
    /// games in hand are held in input order, and most have no error).
    error: Option<Box<(RecordError, &'static str)>>,
    warnings: Vec<String>,
    tags: [Option<String>; 3],
    result: Option<&'static str>,
    /// The text encoding the game was read in, where its format has one.
    encoding: Option<TextEncoding>,
}

impl GameReport {
    fn read(number: usize, game: &GameRecord, warnings: Vec<String>) -> GameReport {
        let tag = |name| game.tags.get(name).map(str::to_owned);
        GameReport {
            number,
            plies: game.main.nodes.len(),
            lines: game.main.line_count(),
            error: None,
            warnings,
            tags: [tag("Event"), tag("Red"), tag("Black")],
            result: (game.result != GameResult::Unknown).then(|| game.result.as_pgn()),
            encoding: None,
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

/// What the output needs of a game: the tags only with `--json`.
fn check_game(game: CollectedGame<'_>, json: bool) -> GameReport {
    let encoding = game.encoding;
    let mut report = match game.record {
        Ok(record) => {
            let warnings = game.warnings.iter().map(ToString::to_string).collect();
            let mut report = GameReport::read(game.number, &record, warnings);
            if !json {
                report.tags = [None, None, None];
            }
            report
        }
        Err(err) => GameReport {
            number: err.game,
            plies: read::plies_before(&err),
            lines: 0,
            error: Some(Box::new((err.clone(), read::reason(&err)))),
            warnings: Vec::new(),
            tags: [None, None, None],
            result: None,
            encoding: None,
        },
    };
    report.encoding = encoding;
    report
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
    fn count(&mut self, game: &GameReport) {
        self.games += 1;
        match game.error.as_deref() {
            Some((_, reason)) => *self.rejected.entry(reason).or_default() += 1,
            None => {
                self.plies += game.plies as u64;
                self.warned += u64::from(!game.warnings.is_empty());
            }
        }
    }

    fn rejected_games(&self) -> u64 {
        self.rejected.values().sum()
    }

    fn summary(&self) -> String {
        let mut text = format!(
            "files {} ({} unreadable, {} without a record passed over), games {} ({} rejected, {} with warnings), plies {}",
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

fn game_json(file: &str, game: &GameReport) -> Result<String, Fail> {
    let [event, red, black] = game.tags.clone();
    let line = GameLine {
        file,
        game: game.number,
        plies: game.plies,
        lines: game.lines,
        status: game.status(),
        encoding: game.encoding.map(|encoding| encoding.to_string()),
        error: game.error.as_deref().map(|(error, _)| ErrorObject::Game(error)),
        warnings: &game.warnings,
        event,
        red,
        black,
        result: game.result,
    };
    crate::json_line(&line)
}

fn file_error_line(file: &str, error: &FileError) -> Result<String, Fail> {
    let line = GameLine {
        file,
        game: 0,
        plies: 0,
        lines: 0,
        status: "error",
        encoding: None,
        error: Some(ErrorObject::File(error)),
        warnings: &[],
        event: None,
        red: None,
        black: None,
        result: None,
    };
    crate::json_line(&line)
}

/// The lines printed for a game.
fn game_lines(file: &str, game: &GameReport, json: bool) -> Result<Vec<String>, Fail> {
    if json {
        return Ok(vec![game_json(file, game)?]);
    }
    Ok(match game.error.as_deref() {
        Some((message, _)) => vec![format!("{file}: {message}")],
        None => game.warnings.iter().map(|warning| format!("{file}: warning: {warning}")).collect(),
    })
}

/// Runs `xiangqi check`.
pub(crate) fn run(args: &CheckArgs) -> Result<Exit, Fail> {
    let mut totals = Totals::default();
    let mut stdout = std::io::BufWriter::new(std::io::stdout());
    let check = |game: CollectedGame<'_>| check_game(game, args.common.json);
    collection::for_each(
        &args.paths,
        args.common.run,
        Items::Parallel,
        args.common.read,
        check,
        &mut stdout,
        |file, part| {
            let lines = match part {
                Part::Game(game) => {
                    totals.count(&game);
                    game_lines(file, &game, args.common.json)?
                }
                Part::End(end) => {
                    totals.files += 1;
                    match end {
                        FileOutcome::Read => Vec::new(),
                        FileOutcome::PassedOver => {
                            totals.passed_over += 1;
                            Vec::new()
                        }
                        FileOutcome::Failed(error) => {
                            totals.bad_files += 1;
                            vec![if args.common.json {
                                file_error_line(file, &error)?
                            } else {
                                format!("{file}: {error}")
                            }]
                        }
                    }
                }
            };
            Ok(lines)
        },
    )?;
    let summary = totals.summary();
    let failed = totals.bad_files > 0 || totals.rejected_games() > 0;
    args.common.finish(&mut stdout, &summary, failed)
}
