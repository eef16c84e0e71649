//! `xiangqi adjudicate`: replays games under a rule book and prints the library's ruling report of each
//! (`RulingReport`: the ruling after the last move, every point where it changed, the moves not played).
//!
//! A change point is a ply where what the rules say changes to something other than "continue": a warning
//! (`red_must_change`, `black_must_change`, `draw_next_cycle`), or a final ruling (`red_loses`, `black_loses`,
//! `draw`), after which the game is over and its remaining moves are not played. Under the arbiter's procedure
//! (the default) a repetition gives a warning at its third occurrence and the final ruling when the cycle is played
//! once more; `--procedure immediate` decides at the third occurrence; `--procedure forbid` refuses the move that
//! would repeat the cycle after the warning.

use std::{collections::BTreeMap, io::Write, path::PathBuf};

use serde::Serialize;
use xiangqi::{
    adjudicator::{Game, Procedure, RuleBook, RulingReport},
    board::{Move, Position},
    notation::{
        collection::{CollectedGame, FileOutcome, Part},
        format::parse_any,
        parse_line, LineProblem, Notation, RecordError,
    },
};

use crate::{
    collection::{self, CollectionArgs},
    json_line,
    run::Items,
    start::{self, Start},
    Exit, Fail,
};

/// Rule on repetitions: the ruling report of every game under a rule book
///
/// Replays every game of the record files (the main line) under a rule book and reports each point where the
/// book rules: the ply, the position (FEN), the ruling, the cited items and the offending side's moves. With
/// `--fen` the arguments are moves in any notation (UCCI `h2e2`, ICCS `H2-E2`, Chinese `炮二平五`, WXF `C2.5`,
/// AXF `炮2=5`) played from that position instead (a composed position is accepted with a note): each move is
/// printed with its ply and classification, then the verdict. Without `--fen`, arguments that are no files but
/// moves are played from the start position.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  xiangqi adjudicate --ruleset cxa --json games/ > rulings.jsonl\n  \
xiangqi adjudicate --fen '3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w' b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7")]
pub(crate) struct AdjudicateArgs {
    /// The rule book: axf (AXF 2008), roc (ROC 2007), prc1956 (PRC 1956), cxa (CXA).
    #[arg(long, default_value = "axf", value_name = "BOOK")]
    ruleset: RuleBook,
    /// The repetition procedure: arbiter (a warning at the third occurrence, the final ruling when the cycle is
    /// played once more), immediate (the third occurrence decides: online platforms, engine matches) or forbid
    /// (the arbiter's, but the move that would repeat the cycle after the warning is refused).
    #[arg(long, default_value = "arbiter", value_name = "PROCEDURE")]
    procedure: Procedure,
    /// The same as `--procedure immediate`.
    #[arg(long, conflicts_with = "procedure")]
    immediate: bool,
    /// Adjudicate MOVES played from this position instead of files.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Record files and directories; or moves in any notation (h2e2, H2-E2, 炮二平五, C2.5, 炮2=5), from --fen or
    /// the start position (`--` before a move that begins with a dash, as WXF -P+1 does).
    #[arg(value_name = "FILE|MOVE", required_unless_present = "fen")]
    args: Vec<String>,
    #[command(flatten)]
    common: CollectionArgs,
}

impl AdjudicateArgs {
    fn procedure(&self) -> Procedure {
        if self.immediate {
            Procedure::Immediate
        } else {
            self.procedure
        }
    }
}

/// Why the moves of `report.unplayed` were not played, as the game says when the first of them is tried: the
/// game is over (`ply 14: the game is over (red_loses …)`) or the move is forbidden.
fn unplayed_reason(game: &mut Game, report: &RulingReport) -> Option<String> {
    let first = *report.unplayed.first()?;
    Some(match game.play(first) {
        Err(err) => err.to_string(),
        // Not reached: the game refused the move once, and nothing changed since.
        Ok(_) => format!("ply {}: not played", report.plies + 1),
    })
}

/// The moves mode (`--fen`, or moves without it): the notes (a composed position, moves not played), each move
/// with its ply and classification, then the verdict; with `--json` the ruling report (the notes on stderr).
fn explain_moves(args: &AdjudicateArgs, fen: &str, out: &mut dyn Write) -> Result<Exit, Fail> {
    let json = args.common.json;
    let (start, mut notes) = match start::read(fen, args.ruleset, args.procedure())? {
        Start::Position { pos, note } => (pos, note.into_iter().collect::<Vec<_>>()),
        Start::FacingKings(report) => return print_report(out, &report, &[], &[], json),
    };
    // A text after the end of the game on the board (checkmate, stalemate) is not played, as a move after a
    // final ruling is not.
    let (line, board_end) = match parse_line(&start, &args.args, Notation::Any) {
        Ok(line) => (line, None),
        Err(err) if matches!(err.problem, LineProblem::GameOver(_)) => (*err.read.clone(), Some(err)),
        Err(err) => {
            if json {
                writeln!(out, "{}", json_line(&err)?)?;
                out.flush()?;
            }
            return Err(Fail::Message(err.to_string()));
        }
    };
    let mut game = Game::new(start, args.ruleset).with_procedure(args.procedure());
    let report = game.adjudicate(line.moves()).map_err(|err| Fail::Message(err.to_string()))?;
    let stop = match unplayed_reason(&mut game, &report) {
        Some(reason) => Some((report.plies + 1, reason)),
        None => board_end.map(|err| (err.ply, err.to_string())),
    };
    if let Some((ply, reason)) = stop {
        let texts: Vec<String> = args.args[ply - 1..].iter().map(|text| format!("`{}`", text.escape_debug())).collect();
        notes.push(format!("{reason}; not played: {}", texts.join(" ")));
    }
    let classes: Vec<String> =
        game.classify_all().iter().enumerate().map(|(index, class)| format!("{} {class}", index + 1)).collect();
    print_report(out, &report, &notes, &classes, json)
}

/// Prints the moves mode's output: the notes, the classified moves and the verdict, or with `json` the report
/// (the notes on stderr).
fn print_report(
    out: &mut dyn Write,
    report: &RulingReport,
    notes: &[String],
    classes: &[String],
    json: bool,
) -> Result<Exit, Fail> {
    if json {
        for note in notes {
            warn_line!("note: {note}");
        }
        writeln!(out, "{}", json_line(report)?)?;
    } else {
        for note in notes {
            writeln!(out, "note: {note}")?;
        }
        for class in classes {
            writeln!(out, "{class}")?;
        }
        writeln!(out, "verdict: {}", report.verdict)?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// Whether the arguments, given without `--fen`, are moves from the start position rather than files: none of
/// them is a path that exists, and the first reads as a move of the start position.
fn are_moves(args: &[String]) -> bool {
    let start = Position::new();
    args.iter().all(|arg| !std::path::Path::new(arg).exists())
        && args.first().is_some_and(|first| parse_any(first, &start).is_ok())
}

// ---------------------------------------------------------------------------------------------------------------
// The command over files: reading, parallel work, output.

/// One game's outcome.
#[derive(Debug)]
enum GameOutcome {
    /// The report, and why its unplayed moves were not played.
    Ruled { number: usize, report: Box<RulingReport>, unplayed: Option<String> },
    /// The game could not be read.
    Unreadable(Box<RecordError>),
    /// A move of the game could not be played (never for a game the readers returned: they replay every move).
    Unplayable { number: usize, error: String },
}

fn adjudicate_game(read: CollectedGame<'_>, book: RuleBook, procedure: Procedure) -> GameOutcome {
    let number = read.number;
    let record = match read.record {
        Ok(record) => record,
        Err(err) => return GameOutcome::Unreadable(Box::new(err)),
    };
    let moves: Vec<Move> = record.main_moves().collect();
    let mut game = Game::new(record.start.clone(), book).with_procedure(procedure);
    match game.adjudicate(&moves) {
        Ok(report) => {
            let unplayed = unplayed_reason(&mut game, &report);
            GameOutcome::Ruled { number, report: Box::new(report), unplayed }
        }
        Err(err) => GameOutcome::Unplayable { number, error: err.to_string() },
    }
}

/// A game's line of `--json` output: the ruling report with the file and the game.
#[derive(Debug, Serialize)]
struct ReportLine<'a> {
    file: &'a str,
    game: usize,
    #[serde(flatten)]
    report: &'a RulingReport,
}

/// A line of `--json` output for a game or a file that could not be read: `error` is the library's error object
/// (`kind`, where, `message`), or for a game that cannot be played a message.
#[derive(Debug, Serialize)]
struct ErrorLine<'a, E: Serialize> {
    file: &'a str,
    game: usize,
    error: E,
}

/// The counts of the summary.
#[derive(Debug, Default)]
struct Totals {
    files: u64,
    bad_files: u64,
    games: u64,
    bad_games: u64,
    plies: u64,
    rulings: BTreeMap<String, u64>,
}

impl Totals {
    fn summary(&self) -> String {
        let points: u64 = self.rulings.values().sum();
        let mut text = format!(
            "files {} ({} unreadable), games {} ({} unreadable), plies {}, ruling points {points}",
            self.files, self.bad_files, self.games, self.bad_games, self.plies
        );
        if !self.rulings.is_empty() {
            let counts: Vec<String> = self.rulings.iter().map(|(ruling, n)| format!("{ruling} {n}")).collect();
            text.push_str(&format!(": {}", counts.join(", ")));
        }
        text
    }
}

/// The lines printed for a game, counted into `totals`.
fn game_lines(name: &str, game: &GameOutcome, as_json: bool, totals: &mut Totals) -> Result<Vec<String>, Fail> {
    totals.games += 1;
    let mut out = Vec::new();
    match game {
        GameOutcome::Unreadable(error) => {
            totals.bad_games += 1;
            out.push(match as_json {
                true => json_line(&ErrorLine { file: name, game: error.game, error })?,
                false => format!("{name}: {error}"),
            });
        }
        GameOutcome::Unplayable { number, error } => {
            totals.bad_games += 1;
            out.push(match as_json {
                true => json_line(&ErrorLine { file: name, game: *number, error })?,
                false => format!("{name}: game {number}: {error}"),
            });
        }
        GameOutcome::Ruled { number, report, unplayed } => {
            totals.plies += (report.plies + report.unplayed.len()) as u64;
            for point in &report.changes {
                *totals.rulings.entry(point.ruling.to_string()).or_default() += 1;
            }
            if as_json {
                out.push(json_line(&ReportLine { file: name, game: *number, report })?);
                return Ok(out);
            }
            for point in &report.changes {
                out.push(format!("{name}: game {number}, {point}"));
                out.push(format!("  fen {}", point.fen));
                if !point.offending.is_empty() {
                    let moves: Vec<String> = point.offending.iter().map(ToString::to_string).collect();
                    out.push(format!("  offending moves: {}", moves.join(" ")));
                }
            }
            if let Some(reason) = unplayed {
                let count = report.unplayed.len();
                let moves = if count == 1 { "move" } else { "moves" };
                out.push(format!("{name}: game {number}, {reason}; {count} {moves} of the record not played"));
            }
        }
    }
    Ok(out)
}

/// Runs `xiangqi adjudicate`.
pub(crate) fn run(args: &AdjudicateArgs) -> Result<Exit, Fail> {
    let mut stdout = std::io::BufWriter::new(std::io::stdout());
    let start = Position::new().to_string();
    let fen = args.fen.as_deref().or_else(|| are_moves(&args.args).then_some(start.as_str()));
    if let Some(fen) = fen {
        return explain_moves(args, fen, &mut stdout);
    }
    let paths: Vec<PathBuf> = args.args.iter().map(PathBuf::from).collect();
    let mut totals = Totals::default();
    let procedure = args.procedure();
    let adjudicate = |game: CollectedGame<'_>| adjudicate_game(game, args.ruleset, procedure);
    collection::for_each(
        &paths,
        args.common.run,
        Items::Parallel,
        args.common.read,
        adjudicate,
        &mut stdout,
        |file, part| {
            let lines = match part {
                Part::Game(game) => game_lines(file, &game, args.common.json, &mut totals)?,
                Part::End(FileOutcome::Read | FileOutcome::PassedOver) => {
                    totals.files += 1;
                    Vec::new()
                }
                Part::End(FileOutcome::Failed(error)) => {
                    totals.files += 1;
                    totals.bad_files += 1;
                    vec![match args.common.json {
                        true => json_line(&ErrorLine { file, game: 0, error: &error })?,
                        false => format!("{file}: {error}"),
                    }]
                }
            };
            Ok(lines)
        },
    )?;
    let summary = format!("{} ({}, {procedure})", totals.summary(), args.ruleset);
    let failed = totals.bad_files > 0 || totals.bad_games > 0;
    args.common.finish(&mut stdout, &summary, failed)
}
