//! Adjudicates a repetition: classifies every move and prints the first ruling reached.
//!
//! ```text
//! cargo run --example adjudicate -- [--ruleset axf|roc|prc1956|cxa] [--immediate] [--fen FEN] MOVE...
//! ```
//!
//! Moves are ICCS coordinates with ranks 0–9 (`h2e2`), played from `--fen` (default: the start position). One
//! line per move with its classification, then, last, `verdict: WORD RULE`: WORD says what the rules say after
//! the last move — `continue`; a warning, `red_must_change`, `black_must_change` or `draw_next_cycle`; or a
//! final ruling, `red_loses`, `black_loses` or `draw` (checkmate, stalemate, a repetition decided, the natural
//! move limit) — and RULE cites the chosen book's items (e.g. `AXF 2008 棋例 §13`, `ROC 2007 棋例之判決 A9`,
//! `PRC 1956 长要杀`, `CXA 2011 第24条 24.10`) with a note. The rule sets: `axf` (AXF 2008, the default), `roc`
//! (ROC 2007), `prc1956` (PRC 1956), `cxa` (CXA 2011).
//!
//! A repetition is ruled by the arbiter's procedure: a warning when a position occurs for the third time, the
//! final ruling if the same cycle is played once more. `--immediate` decides at the third occurrence, as online
//! platforms and engine matches do. Moves after a final ruling are not played.
//!
//! With no moves it adjudicates an embedded sample game: a red rook chasing an unprotected black cannon back and
//! forth (AXF 2008 棋例 §13), up to the third occurrence.
//!
//! Composed positions (rule-book and problem diagrams) may put a pawn behind its start rank, or an advisor or an
//! elephant on a point it cannot reach; such a FEN is read with `Position::from_setup_relaxed` and a `note:` line
//! says so.
//!
//! A FEN whose kings face each other is not a position the board accepts; it is ruled by the book's facing-kings
//! item instead (`rules::facing_kings_ruling`: AXF illegal move, ROC A11, PRC 1956 帅将对面, CXA 自杀).
//!
//! Exit codes: 0 on success, 1 for an illegal move or a bad FEN or move text, 2 for a bad command line or an
//! unknown rule set.

use std::io::Write;
use std::process::ExitCode;

use xiangqi_adjudicator::{rules, rules::ParseRuleSetError, Procedure, Referee, RuleSet};
use xiangqi_board::{Move, Position, PositionErrorKinds, Setup};

/// The embedded sample: the cannon flees between a7 and a8, the rook follows on the b-file.
const SAMPLE_FEN: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const SAMPLE_MOVES: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";

const USAGE: &str = "usage: adjudicate [--ruleset axf|roc|prc1956|cxa] [--immediate] [--fen FEN] MOVE...";

/// The placement rules a composed position may break (`Position::from_setup_relaxed`).
const COMPOSED: PositionErrorKinds = PositionErrorKinds::INVALID_PAWN_SQUARE
    .union(PositionErrorKinds::INVALID_ADVISOR_SQUARE)
    .union(PositionErrorKinds::INVALID_ELEPHANT_SQUARE);

struct Args {
    rules: RuleSet,
    procedure: Procedure,
    fen: Option<String>,
    moves: Vec<String>,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, (u8, String)> {
    let mut rules = RuleSet::Axf2008;
    let mut procedure = Procedure::Arbiter;
    let mut fen = None;
    let mut moves = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--" => {
                moves.extend(args.by_ref());
                break;
            }
            "--ruleset" => {
                let name = args.next().ok_or((2, format!("--ruleset needs a value\n{USAGE}")))?;
                rules = name.parse().map_err(|e: ParseRuleSetError| (2, e.to_string()))?;
            }
            "--immediate" => procedure = Procedure::Immediate,
            "--fen" => fen = Some(args.next().ok_or((2, format!("--fen needs a value\n{USAGE}")))?),
            "-h" | "--help" => return Err((0, USAGE.to_owned())),
            _ if arg.starts_with("--") => return Err((2, format!("unknown option {arg}\n{USAGE}"))),
            _ => {
                moves.push(arg);
                moves.extend(args.by_ref());
                break;
            }
        }
    }
    Ok(Args { rules, procedure, fen, moves })
}

/// The lines the example prints for the command-line arguments `args` (without the program name).
fn run(args: impl Iterator<Item = String>) -> Result<Vec<String>, (u8, String)> {
    let mut args = parse_args(args)?;
    let mut out = Vec::new();
    if args.moves.is_empty() && args.fen.is_none() {
        args.fen = Some(SAMPLE_FEN.to_owned());
        args.moves = SAMPLE_MOVES.split(' ').map(str::to_owned).collect();
    }
    let start = match &args.fen {
        Some(fen) => {
            let setup = Setup::from_fen(fen).map_err(|e| (1, format!("bad FEN: {e}")))?;
            if let Some(verdict) = rules::facing_kings_ruling(args.rules, &setup) {
                out.push(format!("verdict: {verdict}"));
                return Ok(out);
            }
            composed_position(setup, &mut out)?
        }
        None => Position::new(),
    };
    let mut game = Referee::new(start, args.rules).with_procedure(args.procedure);
    for (index, text) in args.moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|_| (1, format!("move {} ({text}) is not an ICCS move", index + 1)))?;
        if game.is_over() {
            out.push(format!("note: the game is over; move {} ({text}) and the rest are not played", index + 1));
            break;
        }
        game.play(mv).map_err(|_| (1, format!("move {} ({text}) is illegal", index + 1)))?;
    }
    for (index, class) in game.classify_all().iter().enumerate() {
        out.push(format!("{} {class}", index + 1));
    }
    out.push(format!("verdict: {}", game.verdict()));
    Ok(out)
}

/// The position of a FEN; a composed position that breaks only the placement rules of [`COMPOSED`] is accepted
/// with a note.
fn composed_position(setup: Setup, out: &mut Vec<String>) -> Result<Position, (u8, String)> {
    match Position::from_setup(setup.clone()) {
        Ok(pos) => Ok(pos),
        Err(strict) => {
            let pos = Position::from_setup_relaxed(setup, COMPOSED).map_err(|e| (1, format!("bad FEN: {e}")))?;
            out.push(format!("note: composed position accepted ({})", strict.kinds));
            Ok(pos)
        }
    }
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1)) {
        Ok(lines) => {
            // A closed pipe (`| head`) ends the output quietly.
            let mut stdout = std::io::stdout().lock();
            for line in lines {
                if writeln!(stdout, "{line}").is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err((0, message)) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err((code, message)) => {
            eprintln!("error: {message}");
            ExitCode::from(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::run;

    /// The last line (the verdict) for a command line.
    fn verdict(args: &str) -> String {
        let lines = run(args.split_whitespace().map(str::to_owned)).expect("a good command line");
        lines.last().cloned().unwrap_or_default()
    }

    fn with_fen(options: &str, fen: &str, moves: &str) -> Vec<String> {
        let mut args: Vec<String> = options.split_whitespace().map(str::to_owned).collect();
        args.extend(["--fen".to_owned(), fen.to_owned()]);
        args.extend(moves.split_whitespace().map(str::to_owned));
        run(args.into_iter()).expect("a good command line")
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
        assert_eq!(lines[0], "note: the game is over; move 14 (a7a8) and the rest are not played");
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
    fn a_composed_position_is_accepted_with_a_note() {
        let lines = with_fen("", "4k4/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0");
        assert_eq!(lines[0], "note: composed position accepted (a pawn is on an unreachable square)");
        assert_eq!(lines.last().unwrap(), "verdict: continue");
    }

    #[test]
    fn bad_input_is_an_error_with_its_exit_code() {
        let error = |args: &str| run(args.split_whitespace().map(str::to_owned)).unwrap_err();
        assert_eq!(error("--ruleset fide").0, 2);
        assert_eq!(error("--bogus").0, 2);
        assert_eq!(error("h2e2 h9g7 h2e9"), (1, "move 3 (h2e9) is illegal".to_owned()));
        assert_eq!(error("h2e2 zz"), (1, "move 2 (zz) is not an ICCS move".to_owned()));
    }
}
