//! `xiangqi adjudicate`: replays games under a rule book and reports every point where the book rules. This is
//! the only module that calls the adjudicator: [`ruling_points`] and [`explain_moves`] hold every call.
//!
//! A ruling point is a ply where what the rules say changes to something other than "continue": a warning
//! (`red_must_change`, `black_must_change`, `draw_next_cycle`), or a final ruling (`red_loses`, `black_loses`,
//! `draw`), after which the game is over and its remaining moves are not judged. Under the arbiter's procedure (the
//! default) a repetition gives a warning at its third occurrence and the final ruling when the cycle is played
//! once more; with `--immediate` the third occurrence decides.

use std::{collections::BTreeMap, io::Write, path::PathBuf};

use serde::Serialize;
use xiangqi::{
    adjudicator::{rules, Game, GameError, Procedure, RuleBook, Ruling, Verdict},
    board::{Move, Position, Setup},
    notation::{
        collection::{CollectedGame, FileOutcome, Part},
        format,
        format::parse_any,
        MoveTextError,
    },
};

use crate::{
    collection::{self, CollectionArgs},
    json_line,
    run::Items,
    Exit, Fail,
};

/// Rule on repetitions: every ruling point of every game under a rule book
///
/// Replays every game of the record files (the main line) under a rule book and reports each point where the
/// book rules: the ply, the position (FEN), the ruling, the cited items and the offending side's moves. With
/// `--fen` the arguments are moves in any notation (UCCI `h2e2`, ICCS `H2-E2`, Chinese `炮二平五`, WXF `C2.5`,
/// AXF `炮2=5`) played from that position instead: each move is printed with its ply and classification, then
/// the verdict. Without `--fen`, arguments that are no files but moves are played from the start position.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  xiangqi adjudicate --ruleset cxa --json games/ > rulings.jsonl\n  \
xiangqi adjudicate --fen '3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w' b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7")]
pub(crate) struct AdjudicateArgs {
    /// The rule book: axf (AXF 2008), roc (ROC 2007), prc1956 (PRC 1956), cxa (CXA).
    #[arg(long, default_value = "axf", value_name = "BOOK")]
    ruleset: RuleBook,
    /// Decide a repetition at its third occurrence (online platforms, engine matches). By default the arbiter's
    /// procedure: a warning at the third occurrence, the final ruling when the cycle is played once more.
    #[arg(long)]
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

/// A point of a game where the book rules.
#[derive(Debug, Serialize)]
struct RulingPoint {
    /// The ply after which the ruling is given (1 is the first move).
    ply: usize,
    /// The position after that ply.
    fen: String,
    /// `draw`, `red_loses`, `black_must_change`, …
    ruling: String,
    /// The cited items, most specific first.
    rules: Vec<String>,
    /// The note for the arbiter (may be empty).
    note: String,
    /// The moves of the cycle by the side whose moves are forbidden (both sides' when both are).
    offending: Vec<String>,
}

impl RulingPoint {
    fn new(ply: usize, pos: &Position, verdict: &Verdict) -> RulingPoint {
        let offending = verdict.evidence.as_ref().map_or_else(Vec::new, |evidence| {
            let forbidden: Vec<_> = evidence.sides.iter().filter(|side| side.forbidden).map(|side| side.side).collect();
            evidence
                .moves
                .iter()
                .filter(|class| forbidden.contains(&class.mover))
                .map(|class| class.mv.to_string())
                .collect()
        });
        RulingPoint {
            ply,
            fen: pos.to_string(),
            ruling: verdict.ruling.to_string(),
            rules: verdict.rules.iter().map(ToString::to_string).collect(),
            note: verdict.note.clone(),
            offending,
        }
    }
}

/// Plays `moves` from `start` under `rules` and returns the ruling points: each ply whose verdict is not
/// "continue" and differs from the verdict of the ply before (a ruling that stands over several plies is one
/// point). A final ruling ends the game.
///
/// # Errors
/// [`GameError`] for an illegal move (never for a game the readers returned).
fn ruling_points(
    start: Position,
    moves: impl IntoIterator<Item = Move>,
    rules: RuleBook,
    procedure: Procedure,
) -> Result<Vec<RulingPoint>, GameError> {
    let mut game = Game::new(start, rules).with_procedure(procedure);
    let mut points = Vec::new();
    let mut standing: Option<Verdict> = None;
    for (index, mv) in moves.into_iter().enumerate() {
        game.play(mv)?;
        let verdict = game.verdict().clone();
        if verdict.ruling == Ruling::Continue {
            standing = None;
            continue;
        }
        // The evidence differs from ply to ply; the ruling and its items tell a new point.
        let same = standing.as_ref().is_some_and(|old| old.ruling == verdict.ruling && old.rules == verdict.rules);
        if !same {
            points.push(RulingPoint::new(index + 1, game.history().current(), &verdict));
        }
        standing = Some(verdict);
        if game.is_over() {
            break;
        }
    }
    Ok(points)
}

/// The moves mode (`--fen`, or moves without it): each move with its ply and classification, then the first
/// verdict (or the facing-kings ruling of the position).
fn explain_moves(fen: &str, texts: &[String], rules: RuleBook, procedure: Procedure) -> Result<Vec<String>, Fail> {
    let setup = Setup::from_fen(fen).map_err(|err| Fail::Message(format!("bad FEN: {err}")))?;
    if let Some(verdict) = rules::facing_kings_ruling(rules, &setup) {
        return Ok(vec![format!("verdict: {verdict}")]);
    }
    let start = Position::from_setup(setup).map_err(|err| Fail::Message(format!("bad FEN: {err}")))?;
    let mut game = Game::new(start, rules).with_procedure(procedure);
    for (index, text) in texts.iter().enumerate() {
        if game.is_over() {
            break;
        }
        let ply = index + 1;
        let mv = parse_any(text, game.history().current()).map_err(|err| Fail::Message(unplayable(ply, text, &err)))?;
        game.play(mv).map_err(|err| Fail::Message(format!("ply {ply}, move `{}`: {err}", text.escape_debug())))?;
    }
    let mut lines: Vec<String> =
        game.classify_all().iter().enumerate().map(|(index, class)| format!("{} {class}", index + 1)).collect();
    lines.push(format!("verdict: {}", game.verdict()));
    Ok(lines)
}

/// The message for a move text that cannot be played: its ply, the text as given (control characters escaped)
/// and why; for a text that is no move at all, also the forms moves are read in.
fn unplayable(ply: usize, text: &str, err: &MoveTextError) -> String {
    let mut message = format!("ply {ply}, move `{}`: {err}", text.escape_debug());
    if matches!(err, MoveTextError::Syntax(_) | MoveTextError::Empty) {
        message.push_str(&format!(" (moves are read in any notation: {})", format::any_forms()));
    }
    message
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
    Ruled { number: usize, plies: usize, points: Vec<RulingPoint> },
    Failed { number: usize, error: String },
}

fn adjudicate_game(read: CollectedGame<'_>, rules: RuleBook, procedure: Procedure) -> GameOutcome {
    let number = read.number;
    match read.record {
        Ok(game) => {
            let plies = game.main.nodes.len();
            match ruling_points(game.start.clone(), game.main_moves(), rules, procedure) {
                Ok(points) => GameOutcome::Ruled { number, plies, points },
                Err(err) => GameOutcome::Failed { number, error: err.to_string() },
            }
        }
        Err(err) => GameOutcome::Failed { number: err.game, error: err.to_string() },
    }
}

#[derive(Debug, Serialize)]
struct PointLine<'a> {
    file: &'a str,
    game: usize,
    #[serde(flatten)]
    point: &'a RulingPoint,
}

#[derive(Debug, Serialize)]
struct ErrorLine<'a> {
    file: &'a str,
    game: usize,
    error: &'a str,
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
        GameOutcome::Failed { number, error } => {
            totals.bad_games += 1;
            out.push(if as_json {
                json_line(&ErrorLine { file: name, game: *number, error })?
            } else {
                format!("{name}: {error}")
            });
        }
        GameOutcome::Ruled { number, plies, points } => {
            totals.plies += *plies as u64;
            for point in points {
                *totals.rulings.entry(point.ruling.clone()).or_default() += 1;
                if as_json {
                    out.push(json_line(&PointLine { file: name, game: *number, point })?);
                    continue;
                }
                let rules = point.rules.join(" + ");
                let note = if point.note.is_empty() { String::new() } else { format!(" ({})", point.note) };
                out.push(format!("{name}: game {number}, ply {}: {} {rules}{note}", point.ply, point.ruling));
                out.push(format!("  fen {}", point.fen));
                if !point.offending.is_empty() {
                    out.push(format!("  offending moves: {}", point.offending.join(" ")));
                }
            }
        }
    }
    Ok(out)
}

/// Runs `xiangqi adjudicate`.
pub(crate) fn run(args: &AdjudicateArgs) -> Result<Exit, Fail> {
    let mut stdout = std::io::BufWriter::new(std::io::stdout());
    let procedure = if args.immediate { Procedure::Immediate } else { Procedure::Arbiter };
    let start = Position::new().to_string();
    let fen = args.fen.as_deref().or_else(|| are_moves(&args.args).then_some(start.as_str()));
    if let Some(fen) = fen {
        for line in explain_moves(fen, &args.args, args.ruleset, procedure)? {
            writeln!(stdout, "{line}")?;
        }
        return Ok(Exit::Ok);
    }
    let paths: Vec<PathBuf> = args.args.iter().map(PathBuf::from).collect();
    let mut totals = Totals::default();
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
                    let error = error.to_string();
                    let error = error.as_str();
                    vec![if args.common.json {
                        json_line(&ErrorLine { file, game: 0, error })?
                    } else {
                        format!("{file}: {error}")
                    }]
                }
            };
            Ok(lines)
        },
    )?;
    let summary =
        format!("{} ({}, {})", totals.summary(), args.ruleset, if args.immediate { "immediate" } else { "arbiter" });
    let failed = totals.bad_files > 0 || totals.bad_games > 0;
    args.common.finish(&mut stdout, &summary, failed)
}
