//! Adjudicates a repetition: classifies every move and prints the first ruling reached.
//!
//! ```text
//! cargo run --example adjudicate -- [--ruleset axf|roc|prc1956|cxa] [--fen FEN] MOVE...
//! ```
//!
//! Moves are ICCS coordinates with ranks 0–9 (`h2e2`), played from `--fen` (default: the start position). One
//! line per move with its classification, then `verdict: RULING RULE`, where RULING is `draw`, `red_loses`,
//! `black_loses`, `red_must_change`, `black_must_change` or `continue` and RULE cites the chosen book's items
//! (e.g. `AXF 2008 棋例 §13`, `ROC 2007 棋例之判決 A9`, `PRC 1956 长要杀`, `CXA 2011 第24条 24.10`). The rule
//! sets: `axf` (AXF 2008, the default), `roc` (ROC 2007), `prc1956` (PRC 1956), `cxa` (CXA 2011). With no
//! moves it adjudicates an embedded sample game: a red rook chasing an unprotected black cannon back and forth
//! (AXF 2008 棋例 §13).
//!
//! A FEN whose kings face each other is not a position the board accepts; it is ruled by the book's facing-kings
//! item instead (`rules::facing_kings_ruling`: AXF illegal move, ROC A11, PRC 1956 帅将对面, CXA 自杀).
//!
//! Exit codes: 0 on success, 1 for an illegal move or a bad FEN or move text, 2 for a bad command line or an
//! unknown rule set.

use std::process::ExitCode;

use xiangqi_adjudicator::{rules, rules::ParseRuleSetError, Game, RuleSet};
use xiangqi_board::{Move, Position, Setup};

/// The embedded sample: the cannon flees between a7 and a8, the rook follows on the b-file.
const SAMPLE_FEN: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";
const SAMPLE_MOVES: &str = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";

const USAGE: &str = "usage: adjudicate [--ruleset axf|roc|prc1956|cxa] [--fen FEN] MOVE...";

struct Args {
    rules: RuleSet,
    fen: Option<String>,
    moves: Vec<String>,
}

fn parse_args() -> Result<Args, (u8, String)> {
    let mut rules = RuleSet::Axf2008;
    let mut fen = None;
    let mut moves = Vec::new();
    let mut args = std::env::args().skip(1);
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
    Ok(Args { rules, fen, moves })
}

fn run() -> Result<(), (u8, String)> {
    let mut args = parse_args()?;
    if args.moves.is_empty() && args.fen.is_none() {
        args.fen = Some(SAMPLE_FEN.to_owned());
        args.moves = SAMPLE_MOVES.split(' ').map(str::to_owned).collect();
    }
    let start = match &args.fen {
        Some(fen) => {
            let setup = Setup::from_fen(fen).map_err(|e| (1, format!("bad FEN: {e}")))?;
            if let Some(verdict) = rules::facing_kings_ruling(args.rules, &setup) {
                println!("verdict: {verdict}");
                return Ok(());
            }
            Position::from_setup(setup).map_err(|e| (1, format!("bad FEN: {e}")))?
        }
        None => Position::new(),
    };
    let mut game = Game::new(start, args.rules);
    for (index, text) in args.moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|_| (1, format!("move {index} ({text}) is not an ICCS move")))?;
        game.play(mv).map_err(|e| (1, e.to_string()))?;
    }
    for (index, class) in game.classify_all().iter().enumerate() {
        println!("{} {class}", index + 1);
    }
    println!("verdict: {}", game.verdict());
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
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
