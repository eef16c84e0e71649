//! Adjudicates a repetition: classifies every move and prints the ruling the book gives.
//!
//! ```text
//! cargo run --example adjudicate -- [--ruleset axf|roc|prc1956|cxa] [--procedure arbiter|immediate|forbid]
//!                                   [--json] [--fen FEN] MOVE...
//! ```
//!
//! Moves are read in any notation: UCCI `h2e2` or ICCS `H2-E2` coordinates (ranks 0–9), Chinese `炮二平五`, WXF
//! `C2.5`, AXF `炮2=5`; they are played from `--fen` (default: the start position). One line per move, its ply
//! (from 1) and its classification, then, last, `verdict: WORD RULE`: WORD says what the rules say after
//! the last move — `continue`; a warning, `red_must_change`, `black_must_change` or `draw_next_cycle`; or a
//! final ruling, `red_loses`, `black_loses` or `draw` (checkmate, stalemate, a repetition decided, the natural
//! move limit) — and RULE cites the chosen book's items (e.g. `AXF 2008 棋例 §13`, `ROC 2007 棋例之判決 A9`,
//! `PRC 1956 长要杀`, `CXA 2011 第24条 24.10`) with a note. The rule sets: `axf` (AXF 2008, the default), `roc`
//! (ROC 2007), `prc1956` (PRC 1956), `cxa` (CXA 2011). With `--json` it prints the library's ruling report
//! instead (`RulingReport`, docs/json.md), the same object `xiangqi adjudicate --json` prints, and the notes on
//! stderr.
//!
//! A repetition is ruled by the arbiter's procedure: a warning when a position occurs for the third time, the
//! final ruling if the same cycle is played once more. `--procedure immediate` (or `--immediate`) decides at the
//! third occurrence, as online platforms and engine matches do; `--procedure forbid` refuses the move that would
//! repeat the cycle after the warning. Moves after a final ruling (or a refused move) are not played, with a
//! `note:` line naming them.
//!
//! With no moves it adjudicates an embedded sample game: a red rook chasing an unprotected black cannon back and
//! forth (AXF 2008 棋例 §13), up to the third occurrence.
//!
//! Composed positions (rule-book and problem diagrams) may put a pawn behind its start rank, or an advisor or an
//! elephant on a point it cannot reach; such a FEN is read with `Position::from_setup_composed` and a `note:`
//! line says so. A FEN whose kings face each other is not a position the board accepts; it is ruled by the
//! book's facing-kings item instead (`RulingReport::facing_kings`: AXF illegal move, ROC A11, PRC 1956 帅将对面,
//! CXA 自杀).
//!
//! A move that cannot be played is an error naming its ply and text (`ply 2, move `h2e2`: illegal move h2e2: no
//! piece on h2`; the library's line stage, `parse_line`, says it). `--help` prints the usage on stdout. Exit
//! codes: 0 on success (and for `--help`), 1 for an illegal move or a bad FEN or move text, 2 for a bad command
//! line or an unknown rule set (on stderr, with the usage). A closed stdout (`| head`) ends the output quietly.

// The tests compile the other examples into this one, each with its own copy of the `cli` module.
#![cfg_attr(test, allow(clippy::duplicate_mod))]

use std::process::ExitCode;

#[path = "cli.rs"]
mod cli;
use cli::{warn, Output, Stop};

use xiangqi::adjudicator::{Game, Procedure, RuleBook, RulingReport};
use xiangqi::board::{Position, Setup};
use xiangqi::notation::{parse_line, LineProblem, Notation};

/// The embedded sample: the cannon flees between a7 and a8, the rook follows on the b-file.
const SAMPLE_FEN: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const SAMPLE_MOVES: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";

const USAGE: &str =
    "usage: adjudicate [--ruleset axf|roc|prc1956|cxa] [--procedure arbiter|immediate|forbid] [--json] \
[--fen FEN] [--] MOVE...

Classifies every move played from FEN (default: the start position) and prints the verdict of the rule book.
Without moves or FEN: an embedded perpetual chase. MOVE is in any notation: UCCI h2e2, ICCS H2-E2, Chinese
炮二平五, WXF C2.5, AXF 炮2=5 (after `--` a move may begin with a dash, as WXF -P+1 does).
  --ruleset BOOK    axf (AXF 2008, the default), roc (ROC 2007), prc1956 (PRC 1956), cxa (CXA 2011)
  --procedure P     arbiter (a warning, then the final ruling: the default), immediate (the third occurrence
                    decides), forbid (the move that would repeat the warned cycle is refused)
  --immediate       the same as --procedure immediate
  --json            print the ruling report as JSON (as `xiangqi adjudicate --json` does)
  --fen FEN         the start position";

struct Args {
    book: RuleBook,
    procedure: Procedure,
    json: bool,
    fen: Option<String>,
    moves: Vec<String>,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, Stop> {
    let mut parsed =
        Args { book: RuleBook::Axf2008, procedure: Procedure::Arbiter, json: false, fen: None, moves: Vec::new() };
    let value = |name: &str, args: &mut dyn Iterator<Item = String>| {
        args.next().ok_or_else(|| Stop::usage(format!("{name} needs a value"), USAGE))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--" => {
                parsed.moves.extend(args.by_ref());
                break;
            }
            "--ruleset" => {
                let name = value("--ruleset", &mut args)?;
                parsed.book = name.parse().map_err(|err| Stop::usage(format!("--ruleset: {err}"), USAGE))?;
            }
            "--procedure" => {
                let name = value("--procedure", &mut args)?;
                parsed.procedure = name.parse().map_err(|err| Stop::usage(format!("--procedure: {err}"), USAGE))?;
            }
            "--immediate" => parsed.procedure = Procedure::Immediate,
            "--json" => parsed.json = true,
            "--fen" => parsed.fen = Some(value("--fen", &mut args)?),
            "-h" | "--help" => return Err(Stop::Help(USAGE.to_owned())),
            _ if arg.starts_with("--") => return Err(Stop::usage(format!("unknown option {arg}"), USAGE)),
            _ => {
                parsed.moves.push(arg);
                parsed.moves.extend(args.by_ref());
                break;
            }
        }
    }
    Ok(parsed)
}

/// What the example prints: the notes, then the classified moves and the verdict, or with `--json` the report.
#[derive(Debug, Default)]
struct Printed {
    notes: Vec<String>,
    lines: Vec<String>,
}

/// Why the example could not rule (exit code 1): the message, and with `--json` the error's JSON object.
#[derive(Debug, PartialEq, Eq)]
struct Failure {
    json: Option<String>,
    message: String,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { json: None, message }
    }
}

/// What the example prints for its arguments, or the error (exit code 1).
fn run(args: &Args) -> Result<Printed, Failure> {
    let mut printed = Printed::default();
    let sample = args.moves.is_empty() && args.fen.is_none();
    let start_fen = Position::new().to_string();
    let (fen, texts): (&str, Vec<String>) = match (sample, &args.fen) {
        (true, _) => (SAMPLE_FEN, SAMPLE_MOVES.split(' ').map(str::to_owned).collect()),
        (false, Some(fen)) => (fen, args.moves.clone()),
        (false, None) => (&start_fen, args.moves.clone()),
    };
    let setup = Setup::from_fen(fen).map_err(|err| format!("--fen: {err}"))?;
    if let Some(report) = RulingReport::facing_kings(&setup, args.book, args.procedure) {
        printed.lines.push(report_text(&report, args.json)?);
        return Ok(printed);
    }
    let (start, unusual) = Position::from_setup_composed(setup).map_err(|err| format!("--fen: {err}"))?;
    if !unusual.is_empty() {
        printed.notes.push(format!("composed position accepted ({unusual})"));
    }
    // The line stage reads the texts; one after the end of the game on the board is not played.
    let (line, board_end) = match parse_line(&start, &texts, Notation::Any) {
        Ok(line) => (line, None),
        Err(err) if matches!(err.problem, LineProblem::GameOver(_)) => (*err.read.clone(), Some(err)),
        Err(err) => {
            let json = args.json.then(|| serde_json::to_string(&err).map_err(|e| e.to_string())).transpose()?;
            return Err(Failure { json, message: err.to_string() });
        }
    };
    let mut game = Game::new(start, args.book).with_procedure(args.procedure);
    let report = game.adjudicate(line.moves()).map_err(|err| err.to_string())?;
    // The first move not played, and why: the game refuses it again.
    let stop = match report.unplayed.first() {
        Some(&mv) => game.play(mv).err().map(|err| (report.plies + 1, err.to_string())),
        None => board_end.map(|err| (err.ply, err.to_string())),
    };
    if let Some((ply, reason)) = stop {
        let rest: Vec<String> = texts[ply - 1..].iter().map(|text| format!("`{}`", text.escape_debug())).collect();
        printed.notes.push(format!("{reason}; not played: {}", rest.join(" ")));
    }
    if !args.json {
        let classes = game.classify_all();
        printed.lines.extend(classes.iter().enumerate().map(|(index, class)| format!("{} {class}", index + 1)));
    }
    printed.lines.push(report_text(&report, args.json)?);
    Ok(printed)
}

/// The last line: the verdict, or the report as JSON.
fn report_text(report: &RulingReport, json: bool) -> Result<String, String> {
    match json {
        true => serde_json::to_string(report).map_err(|err| err.to_string()),
        false => Ok(format!("verdict: {}", report.verdict)),
    }
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(stop) => return stop.exit(),
    };
    let mut out = Output::stdout();
    match run(&args) {
        Ok(printed) => {
            for note in &printed.notes {
                match args.json {
                    true => warn(&format!("note: {note}")),
                    false => out.line(&format!("note: {note}")),
                }
            }
            for line in &printed.lines {
                out.line(line);
            }
            ExitCode::SUCCESS
        }
        Err(failure) => {
            // With --json a bad move is its JSON object on stdout, and the message on stderr.
            if let Some(json) = &failure.json {
                out.line(json);
            }
            warn(&format!("error: {}", failure.message));
            ExitCode::FAILURE
        }
    }
}

// The other examples, compiled into this one's tests, so that one test binary checks every example's command
// line (examples/Cargo.toml builds no tests of their own).
#[cfg(test)]
#[allow(dead_code)]
#[path = "convert.rs"]
mod convert_example;
#[cfg(test)]
#[allow(dead_code)]
#[path = "lookahead.rs"]
mod lookahead_example;
#[cfg(test)]
#[allow(dead_code)]
#[path = "perft.rs"]
mod perft_example;
#[cfg(test)]
#[allow(dead_code)]
#[path = "standings.rs"]
mod standings_example;

#[cfg(test)]
mod tests {
    use super::{parse_args, run};

    /// What the example prints for a command line: its lines (the notes first), or the error.
    fn outcome(args: Vec<String>) -> Result<Vec<String>, String> {
        let printed = run(&parse_args(args.into_iter()).unwrap_or_else(|stop| panic!("{stop:?}")))
            .map_err(|failure| failure.message)?;
        Ok(printed.notes.iter().map(|note| format!("note: {note}")).chain(printed.lines).collect())
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    /// The last line (the verdict) for a command line.
    fn verdict(args: &str) -> String {
        let lines = outcome(words(args)).expect("a good command line");
        lines.last().cloned().unwrap_or_default()
    }

    fn with_fen(options: &str, fen: &str, moves: &str) -> Vec<String> {
        let mut args = words(options);
        args.extend(["--fen".to_owned(), fen.to_owned()]);
        args.extend(words(moves));
        outcome(args).expect("a good command line")
    }

    const SAMPLE_MORE: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";

    #[test]
    fn the_embedded_chase_is_a_warning_and_with_immediate_a_loss() {
        assert_eq!(
            verdict(""),
            "verdict: red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)"
        );
        assert_eq!(
            verdict("--immediate"),
            "verdict: red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (immediate procedure: red loses at the third occurrence)"
        );
        let cxa = verdict("--ruleset cxa");
        assert!(cxa.starts_with("verdict: red_must_change CXA 2011 第24条 24.11 + CXA 2011 第26条"), "{cxa}");
    }

    #[test]
    fn the_chase_repeated_after_the_warning_loses_and_later_moves_are_not_played() {
        let lines = with_fen("", super::SAMPLE_FEN, &format!("{SAMPLE_MORE} a7a8 b7b8"));
        assert_eq!(lines[0], "note: ply 14: the game is over (red_loses AXF 2008 棋例 §13); not played: `a7a8` `b7b8`");
        assert_eq!(lines.len(), 1 + 13 + 1);
        assert_eq!(
            lines[14],
            "verdict: red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red repeated the cycle after the warning and loses)"
        );
    }

    #[test]
    fn a_drawn_shuffle_warns_under_axf_and_draws_at_once_under_cxa() {
        let shuffle = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9";
        assert_eq!(
            verdict(shuffle),
            "verdict: draw_next_cycle AXF 2008 第一章七(G)2 (one more cycle and the game is drawn)"
        );
        assert_eq!(
            verdict(&format!("--immediate {shuffle}")),
            "verdict: draw AXF 2008 第一章七(G)2 (immediate procedure: drawn at the third occurrence)"
        );
        assert_eq!(
            verdict(&format!("{shuffle} h0g2 h9g7 g2h0 g7h9")),
            "verdict: draw AXF 2008 第一章七(G)2 (the cycle was repeated after the warning: the game is drawn)"
        );
        // A side that changes after the warning plays on.
        assert_eq!(verdict(&format!("{shuffle} h0g2 h9g7 g2e1")), "verdict: continue");
        assert_eq!(
            verdict(&format!("--ruleset cxa {shuffle}")),
            "verdict: draw CXA 2011 第26条 + CXA 2011 四.2(三) (the repetition is drawn at its third occurrence)"
        );
    }

    #[test]
    fn mate_and_stalemate_are_final_with_the_books_article() {
        let mate = with_fen("", "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a9");
        assert_eq!(mate.last().unwrap(), "verdict: black_loses AXF 2008 第三章第二节九 (checkmate: black is mated)");
        let stalemate = with_fen("--ruleset cxa --immediate", "3k5/9/2R6/9/9/9/9/9/9/4RK3 w - - 0 1", "c7c8");
        assert_eq!(
            stalemate.last().unwrap(),
            "verdict: black_loses CXA 2011 四.1(三) (stalemate, 困毙: black has no legal move)"
        );
    }

    #[test]
    fn with_json_the_report_is_printed_and_forbid_refuses_the_repeating_move() {
        let printed = run(&parse_args(words("--json --procedure forbid").into_iter()).unwrap()).unwrap();
        assert!(printed.notes.is_empty());
        let report: serde_json::Value = serde_json::from_str(&printed.lines[0]).unwrap();
        assert_eq!(printed.lines.len(), 1);
        assert_eq!(
            (&report["book"], &report["procedure"], &report["ruling"], &report["ply"], &report["plies"]),
            (&"axf".into(), &"forbid".into(), &"red_must_change".into(), &9.into(), &9.into())
        );
        // Warned, red may not complete the cycle once more: the move is refused and not played.
        let moves = format!("{} a7a8 b7b8 a8a7 b8b7", super::SAMPLE_MOVES);
        let lines = with_fen("--procedure forbid", super::SAMPLE_FEN, &moves);
        assert_eq!(
            lines[0],
            "note: ply 13: b8b7 is forbidden: red would repeat the cycle it was warned of (AXF 2008 棋例 §13); \
             not played: `b8b7`"
        );
        assert_eq!(lines.len(), 1 + 12 + 1);
    }

    #[test]
    fn a_composed_position_is_accepted_with_a_note() {
        let lines = with_fen("", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0");
        assert_eq!(lines[0], "note: composed position accepted (a pawn is on an unreachable square)");
        assert_eq!(lines.last().unwrap(), "verdict: continue");
    }

    #[test]
    fn moves_are_read_in_either_coordinate_form_and_any_notation() {
        let ucci = outcome(words("h2e2 h9g7")).unwrap();
        assert!(ucci[1].starts_with("2 h9g7 "), "{}", ucci[1]);
        assert_eq!(outcome(words("H2-E2 h9g7")).unwrap(), ucci);
        assert_eq!(outcome(words("炮二平五 马8进7")).unwrap(), ucci);
        assert_eq!(outcome(words("C2.5 H8+7")).unwrap(), ucci);
    }

    #[test]
    fn a_bad_move_is_named_by_its_ply_and_text_as_given() {
        let error = |args: Vec<String>| outcome(args).unwrap_err();
        assert_eq!(error(words("h2e2 h2e2")), "ply 2, move `h2e2`: illegal move h2e2: no piece on h2");
        assert_eq!(error(words("h2e2 h9g7 h2e9")), "ply 3, move `h2e9`: illegal move h2e9: no piece on h2");
        assert_eq!(error(words("-- -P+1")), "ply 1, move `-P+1`: no piece of the side to move fits it");
        let forms = "(moves are read in any notation: iccs H2-E2, ucci h2e2, fairy-uci h3e3, chinese 炮二平五, wxf \
                     C2.5, axf 炮2=5)";
        assert_eq!(error(vec!["h2e2".into(), "".into()]), format!("ply 2, move ``: the move text is empty {forms}"));
        let control = error(vec!["h2\u{7}e2".into()]);
        assert!(control.starts_with("ply 1, move `h2\\u{7}e2`: syntax error at byte "), "{control}");
        assert!(control.ends_with(forms), "{control}");
        assert!(!control.contains('\u{7}'), "{control}");
    }

    #[test]
    fn bad_input_is_an_error_with_its_exit_code() {
        let stop = |args: &str| parse_args(words(args).into_iter()).err().map(|stop| stop.code());
        assert_eq!(stop("--ruleset fide"), Some(2));
        assert_eq!(stop("--bogus"), Some(2));
        assert_eq!(stop("--fen"), Some(2));
        assert_eq!(stop("--help"), Some(0));
        assert_eq!(stop("h2e2"), None);
        assert_eq!(stop("--procedure lenient"), Some(2));
        assert_eq!(
            outcome(words("--fen nonsense")).unwrap_err(),
            "--fen: invalid FEN: unexpected character `o` in the board field at byte 1"
        );
    }

    /// The exit codes of `--help` and of the bad command line `bad` for an example's `parse_args` (`Stop::exit`
    /// prints the help on stdout and a usage error on stderr).
    macro_rules! exit_codes {
        ($parse:path, $bad:expr) => {{
            let help = $parse(words("--help").into_iter()).err().expect("--help stops the example");
            let bad = $parse(words($bad).into_iter()).err().expect("a bad command line stops the example");
            (help.code(), bad.code())
        }};
    }

    #[test]
    fn every_example_takes_help_with_0_and_a_bad_command_line_with_2() {
        assert_eq!(exit_codes!(parse_args, "--bogus"), (0, 2));
        assert_eq!(exit_codes!(super::convert_example::parse_args, "--bogus"), (0, 2));
        assert_eq!(exit_codes!(super::convert_example::parse_args, "--from iccs --to pgn h2e2"), (0, 2));
        assert_eq!(exit_codes!(super::perft_example::parse_args, "--bogus 3"), (0, 2));
        assert_eq!(exit_codes!(super::perft_example::parse_args, "three"), (0, 2));
        assert_eq!(exit_codes!(super::standings_example::parse_args, "--bogus"), (0, 2));
        assert_eq!(exit_codes!(super::lookahead_example::parse_args, "--bogus"), (0, 2));
    }

    #[test]
    fn the_convert_example_writes_iccs_as_h2_e2_and_ucci_as_h2e2() {
        use super::convert_example::{convert_moves, parse_args};
        let convert = |args: &str| {
            let args = parse_args(words(args).into_iter()).unwrap_or_else(|stop| panic!("{stop:?}"));
            let mut out = Vec::new();
            let result = convert_moves(&args, args.from.expect("--from"), &mut out);
            (out, result)
        };
        assert_eq!(convert("--from any --to iccs 炮二平五 h0g2"), (vec!["H2-E2".into(), "H0-G2".into()], Ok(())));
        assert_eq!(convert("--from iccs --to ucci H2-E2 h2e2"), (vec!["h2e2".into(), "h2e2".into()], Ok(())));
        assert_eq!(convert("--from chinese --to fairy-uci 炮二平五"), (vec!["h3e3".into()], Ok(())));
        let (out, error) = convert("--from ucci --to iccs h0g2 H2-E2");
        assert_eq!(out, ["H0-G2"]);
        assert_eq!(
            error,
            Err("ply 1, move `H2-E2`: syntax error at byte 2: expected a file a-i, found `-` (not a ucci move: ucci writes \
                 炮二平五 as h2e2)"
                .into())
        );
        let (_, error) = convert("--line --from any --to wxf h2e2 h2e2");
        assert_eq!(error, Err("ply 2, move `h2e2`: illegal move h2e2: no piece on h2".into()));
        let (_, error) = convert("--from wxf --to iccs -- -P+1");
        assert_eq!(error, Err("ply 1, move `-P+1`: no piece of the side to move fits it".into()));
        assert_eq!(exit_codes!(parse_args, "--to iccs-dash game.pgn"), (0, 2));
    }
}
