//! `xiangqi play`: a game played one line at a time on stdin, every move ruled at once by the library's
//! [`Game`] (the same rulings `xiangqi adjudicate` gives for the same moves), one line of output for each line of
//! input.

use std::io::{BufRead, Write};

use serde::Serialize;
use xiangqi::{
    adjudicator::{Game, GameError, GameStatus, Procedure, RuleBook},
    board::{Move, Square},
    notation::{pgn, MoveFormat, MoveTextError, Tags},
};

use crate::{
    json_line,
    start::{self, Start},
    Exit, Fail,
};

const COMMANDS: &str = "a move in any notation, undo, redo, status, forbidden, legal [SQUARE], pgn, save, load JSON \
or quit";

/// Play a game on stdin, each move ruled at once
///
/// Reads commands from stdin, one a line, and prints one line after each: a move in any notation (UCCI `h2e2`,
/// ICCS `H2-E2`, Chinese `炮二平五`, WXF `C2.5`, AXF `炮2=5`); `undo` and `redo`; `status`; `forbidden` (the
/// moves the book forbids now: those that would repeat a cycle the side was warned of and lose; under
/// `--procedure forbid` they are refused); `legal [SQUARE]` (the board's legal moves, from SQUARE only if
/// given); `pgn` (the game so far as PGN, on one line); `save` (the game as JSON); `load JSON` (a saved game);
/// `quit`. Each line says the ply, the ruling (the word `xiangqi adjudicate` prints), the deciding rule item,
/// check, whether the game is over and the position (FEN). A line that cannot be done is an `error:` line and
/// changes nothing.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  printf 'h2e2\\nh9g7\\nstatus\\n' | xiangqi play --json\n\n\
Output lines:\n  ply 1: continue, fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n  \
ply 9: red_must_change (AXF 2008 棋例 §13), fen …\n  error: ply 2, move `h2e2`: illegal move h2e2: no piece on h2\n\
With --json each is one object: command, ply, fen, ruling, rule, over, in_check, legal_moves, outcome,\n\
move_limit_plies, cycle, error (null or the message), and moves (forbidden, legal), move (a move played,\n\
taken back or played again), pgn, game (save) where they apply.")]
pub(crate) struct PlayArgs {
    /// The rule book: axf (AXF 2008), roc (ROC 2007), prc1956 (PRC 1956), cxa (CXA).
    #[arg(long, default_value = "axf", value_name = "BOOK")]
    ruleset: RuleBook,
    /// The repetition procedure: arbiter (a warning at the third occurrence, the final ruling when the cycle is
    /// played once more), immediate (the third occurrence decides) or forbid (the arbiter's, but the move that
    /// would repeat the cycle after the warning is refused).
    #[arg(long, default_value = "arbiter", value_name = "PROCEDURE")]
    procedure: Procedure,
    /// The start position (default: the usual one); a composed position is accepted with a note on stderr.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// One JSON object a line instead of text.
    #[arg(long)]
    json: bool,
}

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
enum Command<'a> {
    Move(&'a str),
    Undo,
    Redo,
    Status,
    Forbidden,
    Legal(Option<&'a str>),
    Pgn,
    Save,
    Load(&'a str),
    Quit,
}

impl Command<'_> {
    /// Reads a line: a command word (and its argument), or else a move text (the whole line: the AXF shorthand
    /// `炮2 5` has a space).
    fn read(line: &str) -> Result<Command<'_>, String> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(w, r)| (w, r.trim()));
        let bare = |command: Command<'static>| match rest.is_empty() {
            true => Ok(command),
            false => Err(format!("{word} takes no argument (found `{}`)", rest.escape_debug())),
        };
        match word {
            "" => Err(format!("an empty line: expected {COMMANDS}")),
            "undo" => bare(Command::Undo),
            "redo" => bare(Command::Redo),
            "status" => bare(Command::Status),
            "forbidden" => bare(Command::Forbidden),
            "pgn" => bare(Command::Pgn),
            "save" => bare(Command::Save),
            "quit" => bare(Command::Quit),
            "legal" => Ok(Command::Legal((!rest.is_empty()).then_some(rest))),
            "load" if rest.is_empty() => Err("load needs the JSON of a saved game".to_owned()),
            "load" => Ok(Command::Load(rest)),
            _ => Ok(Command::Move(line)),
        }
    }

    /// The command's word in the JSON output.
    fn name(&self) -> &'static str {
        match self {
            Command::Move(_) => "move",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::Status => "status",
            Command::Forbidden => "forbidden",
            Command::Legal(_) => "legal",
            Command::Pgn => "pgn",
            Command::Save => "save",
            Command::Load(_) => "load",
            Command::Quit => "quit",
        }
    }
}

/// What a command gives besides the status.
#[derive(Debug, Default)]
struct Done {
    /// The move played, taken back or played again.
    mv: Option<Move>,
    /// The moves of `forbidden` and `legal`.
    moves: Option<Vec<Move>>,
    /// The PGN of `pgn`.
    pgn: Option<String>,
    /// The saved game of `save`.
    saved: bool,
}

/// A line of `--json` output.
#[derive(Debug, Serialize)]
struct Reply<'a> {
    command: &'static str,
    #[serde(flatten)]
    status: &'a GameStatus,
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [Move]>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Move>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pgn: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<&'a Game>,
}

/// Does `command` on `game`; the game is unchanged when it fails.
fn perform(game: &mut Game, command: &Command<'_>) -> Result<Done, String> {
    let mut done = Done::default();
    match *command {
        Command::Move(text) => {
            let ply = game.ply();
            game.play_text(text).map_err(|err| move_error(&err))?;
            done.mv = game.moves().get(ply).copied();
        }
        Command::Undo => done.mv = Some(game.undo().ok_or("nothing to undo: the game is at its start")?),
        Command::Redo => done.mv = Some(game.redo().ok_or("nothing to redo")?),
        Command::Status | Command::Quit => {}
        Command::Forbidden => done.moves = Some(game.forbidden_moves().to_vec()),
        Command::Legal(square) => {
            let from = square.map(|text| text.parse::<Square>().map_err(|err| format!("legal: {err}"))).transpose()?;
            let moves = game.position().legal_moves();
            done.moves = Some(moves.iter().copied().filter(|mv| from.is_none_or(|from| mv.from == from)).collect());
        }
        Command::Pgn => {
            let record = game.record(Tags::new());
            let text =
                pgn::write(&record, &pgn::PgnOptions::new(MoveFormat::Chinese)).map_err(|err| err.to_string())?;
            done.pgn = Some(text);
        }
        Command::Save => done.saved = true,
        Command::Load(json) => *game = serde_json::from_str(json).map_err(|err| format!("load: {err}"))?,
    }
    Ok(done)
}

/// The message for a move the game refused; a text that is no move at all is also told what a line may hold.
fn move_error(err: &GameError) -> String {
    match err {
        GameError::Text { error: MoveTextError::Syntax(_) | MoveTextError::Empty, .. } => {
            format!("{err} (a line is {COMMANDS})")
        }
        _ => err.to_string(),
    }
}

/// The text line for a command done: `ply 9: red_must_change (AXF 2008 棋例 §13), in check, game over, fen …`,
/// then the moves; the PGN or the saved game as they are.
fn text_line(game: &Game, status: &GameStatus, done: &Done) -> Result<String, Fail> {
    if let Some(pgn) = &done.pgn {
        return Ok(pgn.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    if done.saved {
        return json_line(game);
    }
    let mut line = format!("ply {}: {}", status.ply, status.ruling);
    if let Some(rule) = &status.rule {
        line.push_str(&format!(" ({rule})"));
    }
    if status.in_check {
        line.push_str(", in check");
    }
    if status.over {
        line.push_str(", game over");
    }
    line.push_str(&format!(", fen {}", status.fen));
    if let Some(moves) = &done.moves {
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        line.push_str(&format!(", moves: {}", if moves.is_empty() { "none".to_owned() } else { moves.join(" ") }));
    }
    Ok(line)
}

/// Does the command of a line of input (or reports why the line is none) and returns the output line, and
/// whether the command was `quit`.
fn reply(game: &mut Game, command: Result<Command<'_>, String>, json: bool) -> Result<(String, bool), Fail> {
    let quit = command.as_ref().is_ok_and(|command| *command == Command::Quit);
    let name = command.as_ref().map_or("error", Command::name);
    let result = command.and_then(|command| perform(game, &command));
    let status = game.status();
    let text = match (&result, json) {
        (Ok(done), true) => json_line(&Reply {
            command: name,
            status: &status,
            error: None,
            moves: done.moves.as_deref(),
            mv: done.mv,
            pgn: done.pgn.as_deref(),
            game: done.saved.then_some(&*game),
        })?,
        (Ok(done), false) => text_line(game, &status, done)?,
        (Err(error), true) => json_line(&Reply {
            command: name,
            status: &status,
            error: Some(error),
            moves: None,
            mv: None,
            pgn: None,
            game: None,
        })?,
        (Err(error), false) => format!("error: {error}"),
    };
    Ok((text, quit))
}

/// Runs `xiangqi play`.
pub(crate) fn run(args: &PlayArgs) -> Result<Exit, Fail> {
    let mut game = match &args.fen {
        None => Game::new(xiangqi::board::Position::new(), args.ruleset).with_procedure(args.procedure),
        Some(fen) => match start::read(fen, args.ruleset, args.procedure)? {
            Start::Position { pos, note } => {
                if let Some(note) = note {
                    warn_line!("note: {note}");
                }
                Game::new(pos, args.ruleset).with_procedure(args.procedure)
            }
            Start::FacingKings(report) => {
                return Err(Fail::Message(format!(
                    "--fen: the kings face each other, no game can be played from it: {}",
                    report.verdict
                )))
            }
        },
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).map_err(|err| Fail::Message(format!("stdin: {err}")))? == 0 {
            break;
        }
        number += 1;
        let command = match core::str::from_utf8(&bytes) {
            Ok(line) => Command::read(line),
            Err(err) => Err(format!("line {number} is not UTF-8: {err}")),
        };
        let (text, quit) = reply(&mut game, command, args.json)?;
        writeln!(stdout, "{text}")?;
        stdout.flush()?;
        if quit {
            break;
        }
    }
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::Command;

    #[test]
    fn a_line_is_a_command_or_a_move() {
        assert_eq!(Command::read("undo\n"), Ok(Command::Undo));
        assert_eq!(Command::read("  legal h2 "), Ok(Command::Legal(Some("h2"))));
        assert_eq!(Command::read("legal"), Ok(Command::Legal(None)));
        assert_eq!(Command::read("炮2 5"), Ok(Command::Move("炮2 5")));
        assert_eq!(Command::read("load {\"a\": 1}"), Ok(Command::Load("{\"a\": 1}")));
        assert_eq!(Command::read("undo 2"), Err("undo takes no argument (found `2`)".to_owned()));
        assert!(Command::read(" ").unwrap_err().starts_with("an empty line: expected a move in any notation"));
        assert_eq!(Command::read("load"), Err("load needs the JSON of a saved game".to_owned()));
    }
}
