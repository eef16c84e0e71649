//! [`Script`]: what the scripted engine does — its greeting, its options, and its reply to each `go`.

use core::{fmt, str::FromStr, time::Duration};
use std::path::PathBuf;

/// The protocols the scripted engine answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Greets {
    /// `uci` and `ucci` alike (the default).
    #[default]
    Any,
    /// `ucci` only: like ElephantEye, it exits when the first command is anything else.
    Ucci,
    /// `uci` only, as Pikafish (ranks 0–9): it prints `Unknown command` for `ucci`.
    Uci,
    /// `uci` only, as Fairy-Stockfish: it offers `UCI_Variant` and writes ranks 1–10.
    Fairy,
}

/// What the scripted engine does at the greeting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AtStart {
    /// Answers it (the default).
    #[default]
    Answer,
    /// Exits at once with status 3.
    Crash,
    /// Reads everything and answers nothing.
    Silent,
}

/// The reply to one `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Lines printed before anything else (`say …` lines of the script before this `go`).
    pub say: Vec<String>,
    /// The move: `None` for the engine's own choice (see [`run`](crate::scripted::run)), or the text to write.
    pub mv: Option<String>,
    /// The evaluation reported (centipawns; 0 by default).
    pub score: i32,
    /// A mate score instead (`mate=N`).
    pub mate: Option<i32>,
    /// The depth reported (1 by default).
    pub depth: u32,
    /// The principal variation to report, as written; by default the move alone.
    pub pv: Option<Vec<String>>,
    /// How long to wait before answering (the engine reads nothing meanwhile).
    pub sleep: Duration,
    /// What else to do.
    pub action: Action,
}

/// A misbehaviour or addition of a [`Reply`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Action {
    /// Answer with the move (the default).
    #[default]
    Move,
    /// Add ` resign` to the best move.
    Resign,
    /// Add ` draw` to the best move (an offer, or the acceptance of `go draw`).
    Draw,
    /// Answer `nobestmove` (UCI: `bestmove (none)`).
    NoMove,
    /// Play a move that is not legal (from an empty square).
    Illegal,
    /// Write `bestmove` with a text that is no move.
    Malformed,
    /// Write a line of garbage before the best move.
    Garbage,
    /// Exit at once with status 3, writing nothing.
    Crash,
    /// Answer nothing, read nothing: the client must kill it.
    Hang,
    /// Exit with status 0 without answering.
    Exit,
}

/// A script of the scripted engine.
///
/// One directive a line; `#` starts a comment:
///
/// ```text
/// greets ucci|uci|fairy|any     which greeting it answers (default any)
/// name TEXT                     its `id name` (default: Scripted)
/// option TEXT                   an `option` line it offers (TEXT after the word option)
/// start crash|silent            misbehave at the greeting
/// readyok-delay MS              answer every `isready` MS milliseconds late
/// quit ignore                   stay alive after `quit` (the client must kill it)
/// log PATH                      append every line it reads to PATH
/// say TEXT                      print TEXT before the reply to the next go
/// go [WORD]...                  the reply to the next go; after the last, the engine's own choice
/// ```
///
/// The words of a `go` line: `move=MOVE` (the text to write), `score=N`, `mate=N`, `depth=N`, `sleep=MS`,
/// `pv=M,M,…` (the principal variation as written), and one of `resign`, `draw`, `nomove`, `illegal`,
/// `malformed`, `garbage`, `crash`, `hang`, `exit`.
///
/// ```
/// use xiangqi::engine::scripted::{Action, Script};
///
/// let script: Script = "greets ucci\ngo move=h2e2 score=30\nsay info string thinking\ngo hang\n".parse()?;
/// assert_eq!(script.replies.len(), 2);
/// assert_eq!(script.replies[0].mv.as_deref(), Some("h2e2"));
/// assert_eq!(script.replies[1].say, ["info string thinking"]);
/// assert_eq!(script.replies[1].action, Action::Hang);
/// # Ok::<_, xiangqi::engine::scripted::ScriptError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// Which greeting it answers.
    pub greets: Greets,
    /// Its `id name`.
    pub name: String,
    /// The `option` lines it offers (after the word `option`).
    pub options: Vec<String>,
    /// What it does at the greeting.
    pub start: AtStart,
    /// How late it answers `isready`.
    pub readyok_delay: Duration,
    /// Whether it ignores `quit`.
    pub ignore_quit: bool,
    /// Where it logs the lines it reads.
    pub log: Option<PathBuf>,
    /// The replies to the first `go`s, in order.
    pub replies: Vec<Reply>,
    /// Lines to print after the last scripted reply is used (`say` lines at the end of the script).
    pub say_after: Vec<String>,
}

impl Default for Script {
    fn default() -> Script {
        Script {
            greets: Greets::Any,
            name: "Scripted".into(),
            options: Vec::new(),
            start: AtStart::Answer,
            readyok_delay: Duration::ZERO,
            ignore_quit: false,
            log: None,
            replies: Vec::new(),
            say_after: Vec::new(),
        }
    }
}

/// A line of a script that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("script line {line}: {problem}")]
pub struct ScriptError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

impl FromStr for Script {
    type Err = ScriptError;

    /// Reads a script (see [`Script`]).
    fn from_str(text: &str) -> Result<Script, ScriptError> {
        let mut script = Script::default();
        let mut say = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let fail = |problem: String| ScriptError { line: index + 1, problem };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let rest = rest.trim();
            match word {
                "greets" => {
                    script.greets = match rest {
                        "any" => Greets::Any,
                        "ucci" => Greets::Ucci,
                        "uci" => Greets::Uci,
                        "fairy" => Greets::Fairy,
                        _ => return Err(fail(format!("unknown greeting `{rest}` (expected ucci, uci, fairy or any)"))),
                    }
                }
                "name" => script.name = rest.into(),
                "option" => script.options.push(rest.into()),
                "start" => {
                    script.start = match rest {
                        "crash" => AtStart::Crash,
                        "silent" => AtStart::Silent,
                        _ => return Err(fail(format!("unknown start `{rest}` (expected crash or silent)"))),
                    }
                }
                "readyok-delay" => script.readyok_delay = millis(rest).map_err(fail)?,
                "quit" if rest == "ignore" => script.ignore_quit = true,
                "log" => script.log = Some(PathBuf::from(rest)),
                "say" => say.push(rest.to_owned()),
                "go" => {
                    let mut reply = read_reply(rest).map_err(fail)?;
                    reply.say = core::mem::take(&mut say);
                    script.replies.push(reply);
                }
                _ => return Err(fail(format!("unknown directive `{word}`"))),
            }
        }
        script.say_after = say;
        Ok(script)
    }
}

fn millis(text: &str) -> Result<Duration, String> {
    text.parse().map(Duration::from_millis).map_err(|_| format!("`{text}` is not a number of milliseconds"))
}

fn number<T: FromStr>(key: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("`{text}` is not a number for {key}"))
}

fn read_reply(words: &str) -> Result<Reply, String> {
    let mut reply = Reply { depth: 1, ..Reply::default() };
    for word in words.split_whitespace() {
        let action = match word.split_once('=') {
            Some(("move", value)) => {
                reply.mv = Some(value.into());
                continue;
            }
            Some(("score", value)) => {
                reply.score = number("score", value)?;
                continue;
            }
            Some(("mate", value)) => {
                reply.mate = Some(number("mate", value)?);
                continue;
            }
            Some(("depth", value)) => {
                reply.depth = number("depth", value)?;
                continue;
            }
            Some(("sleep", value)) => {
                reply.sleep = millis(value)?;
                continue;
            }
            Some(("pv", value)) => {
                reply.pv = Some(value.split(',').map(String::from).collect());
                continue;
            }
            Some((key, _)) => return Err(format!("unknown key `{key}`")),
            None => match word {
                "resign" => Action::Resign,
                "draw" => Action::Draw,
                "nomove" => Action::NoMove,
                "illegal" => Action::Illegal,
                "malformed" => Action::Malformed,
                "garbage" => Action::Garbage,
                "crash" => Action::Crash,
                "hang" => Action::Hang,
                "exit" => Action::Exit,
                other => return Err(format!("unknown word `{other}`")),
            },
        };
        if reply.action != Action::Move {
            return Err(format!("two actions: `{}` and `{word}`", reply.action));
        }
        reply.action = action;
    }
    Ok(reply)
}

impl fmt::Display for Action {
    /// The word of a script for the action (`move` for the default).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Move => "move",
            Action::Resign => "resign",
            Action::Draw => "draw",
            Action::NoMove => "nomove",
            Action::Illegal => "illegal",
            Action::Malformed => "malformed",
            Action::Garbage => "garbage",
            Action::Crash => "crash",
            Action::Hang => "hang",
            Action::Exit => "exit",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_directive_is_read() {
        let text = "# a test\ngreets fairy\nname Tester 2\noption name Hash type spin default 1 min 1 max 8\n\
                    start silent\nreadyok-delay 250\nquit ignore\nlog /tmp/x.log\nsay one\nsay two\n\
                    go move=h3e3 score=-40 depth=7 sleep=20 pv=h3e3,h10g8 draw\ngo mate=3\nsay tail\n";
        let script: Script = text.parse().unwrap();
        assert_eq!(script.greets, Greets::Fairy);
        assert_eq!(script.name, "Tester 2");
        assert_eq!(script.options, ["name Hash type spin default 1 min 1 max 8"]);
        assert_eq!(script.start, AtStart::Silent);
        assert_eq!(script.readyok_delay, Duration::from_millis(250));
        assert!(script.ignore_quit);
        assert_eq!(script.log, Some(PathBuf::from("/tmp/x.log")));
        assert_eq!(
            script.replies[0],
            Reply {
                say: vec!["one".into(), "two".into()],
                mv: Some("h3e3".into()),
                score: -40,
                mate: None,
                depth: 7,
                pv: Some(vec!["h3e3".into(), "h10g8".into()]),
                sleep: Duration::from_millis(20),
                action: Action::Draw,
            }
        );
        assert_eq!(script.replies[1].mate, Some(3));
        assert_eq!(script.say_after, ["tail"]);
    }

    #[test]
    fn bad_lines_are_named() {
        let err = "go\ngo sleep=soon".parse::<Script>().unwrap_err();
        assert_eq!(err.to_string(), "script line 2: `soon` is not a number of milliseconds");
        assert_eq!("go crash hang".parse::<Script>().unwrap_err().problem, "two actions: `crash` and `hang`");
        assert_eq!("greets xboard".parse::<Script>().unwrap_err().line, 1);
        assert_eq!("dance".parse::<Script>().unwrap_err().problem, "unknown directive `dance`");
        assert_eq!("go colour=red".parse::<Script>().unwrap_err().problem, "unknown key `colour`");
    }
}
