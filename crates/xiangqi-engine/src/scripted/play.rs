//! [`run`]: the scripted engine's loop — it reads commands, keeps the position, and answers each `go` as the
//! script says.

use std::{
    fs::OpenOptions,
    io::{self, BufRead, Write},
    thread,
};

use xiangqi_board::{Move, Position, Role, Square};

use crate::scripted::script::{Action, AtStart, Greets, Reply, Script};
use crate::Dialect;

/// How a run of the scripted engine ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// It was told `quit`.
    Quit,
    /// Its input ended.
    InputClosed,
    /// The script says to crash: the program exits with status 3.
    Crash,
    /// The script says to hang: the program stops reading and answering, and waits to be killed.
    Hang,
    /// The script says to exit: the program exits with status 0.
    Exit,
}

/// Runs the scripted engine: reads commands from `input`, answers on `output` as `script` says.
///
/// It answers `uci` and `ucci` as [`Script::greets`] allows, keeps the position of each `position` command
/// (in the dialect of its greeting), and the moves of `banmoves` and `go … searchmoves`. Each `go` is answered
/// by the next reply of the script; once they are used up, by the engine's own choice: the capture of the most
/// valuable piece if there is one, else a legal move picked by the position's key (so the same position always
/// gets the same move), never a banned one. `stop` when idle is answered with `nobestmove` in UCCI (3.0 §三 (6)).
///
/// # Errors
/// An error of reading `input` or writing `output` (a closed pipe).
pub fn run(script: &Script, input: impl BufRead, mut output: impl Write) -> io::Result<Ending> {
    let mut state = State { dialect: Dialect::Uci, position: Position::new(), banned: Vec::new(), replies: 0 };
    let mut greeted = false;
    for line in input.lines() {
        let line = line?;
        log(script, &line);
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { continue };
        if !greeted {
            match script.start {
                AtStart::Crash => return Ok(Ending::Crash),
                AtStart::Silent => continue,
                AtStart::Answer => {}
            }
        }
        match command {
            "uci" if script.greets != Greets::Ucci => {
                state.dialect = if script.greets == Greets::Fairy { Dialect::FairyUci } else { Dialect::Uci };
                greet(script, &mut output, "uciok", state.dialect)?;
                greeted = true;
            }
            "ucci" if matches!(script.greets, Greets::Ucci | Greets::Any) => {
                state.dialect = Dialect::Ucci;
                greet(script, &mut output, "ucciok", state.dialect)?;
                greeted = true;
            }
            _ if !greeted && script.greets == Greets::Ucci => return Ok(Ending::Exit),
            "isready" => {
                thread::sleep(script.readyok_delay);
                writeln!(output, "readyok")?;
            }
            "position" => {
                if let Err(problem) = state.set_position(&words.collect::<Vec<_>>()) {
                    writeln!(output, "info string {problem}")?;
                }
                state.banned.clear();
            }
            "banmoves" => state.banned = words.filter_map(|word| state.dialect.read_move(word).ok()).collect(),
            "go" => {
                let words: Vec<&str> = words.collect();
                if let Some(at) = words.iter().position(|&word| word == "searchmoves") {
                    let allowed: Vec<Move> =
                        words[at + 1..].iter().filter_map(|word| state.dialect.read_move(word).ok()).collect();
                    state.banned =
                        state.position.legal_moves().iter().copied().filter(|mv| !allowed.contains(mv)).collect();
                }
                let reply = script.replies.get(state.replies).cloned().unwrap_or_else(|| Reply {
                    say: if state.replies == script.replies.len() { script.say_after.clone() } else { Vec::new() },
                    depth: 1,
                    ..Reply::default()
                });
                state.replies += 1;
                if let Some(ending) = state.answer(&reply, &mut output)? {
                    output.flush()?;
                    return Ok(ending);
                }
            }
            "stop" if state.dialect == Dialect::Ucci => writeln!(output, "nobestmove")?,
            "quit" if !script.ignore_quit => return Ok(Ending::Quit),
            "ucci" => writeln!(output, "Unknown command: '{line}'. Type help for more information.")?,
            _ => {}
        }
        output.flush()?;
    }
    Ok(if script.ignore_quit { Ending::Hang } else { Ending::InputClosed })
}

fn log(script: &Script, line: &str) {
    if let Some(path) = &script.log {
        if let Ok(mut file) = OpenOptions::new().create(true).append(true).open(path) {
            let _ = writeln!(file, "{line}");
        }
    }
}

fn greet(script: &Script, out: &mut impl Write, ok: &str, dialect: Dialect) -> io::Result<()> {
    writeln!(out, "id name {}", script.name)?;
    writeln!(out, "id author the xiangqi-engine tests")?;
    let name = if dialect.is_uci() { "name " } else { "" };
    if dialect == Dialect::FairyUci {
        writeln!(out, "option name UCI_Variant type combo default chess var chess var xiangqi")?;
    }
    if dialect == Dialect::Ucci {
        writeln!(out, "option usemillisec type check default true")?;
        writeln!(out, "option newgame type button")?;
    } else {
        writeln!(out, "option {name}MultiPV type spin default 1 min 1 max 8")?;
    }
    for option in &script.options {
        writeln!(out, "option {option}")?;
    }
    writeln!(out, "{ok}")
}

struct State {
    dialect: Dialect,
    position: Position,
    banned: Vec<Move>,
    /// How many replies were given.
    replies: usize,
}

impl State {
    /// `startpos [moves …]` or `fen FEN… [moves …]`.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&word| word == "moves").unwrap_or(words.len());
        let mut pos = match words.first() {
            Some(&"startpos") => Position::new(),
            Some(&"fen") => {
                Position::from_fen(&words[1..moves_at].join(" ")).map_err(|err| format!("bad fen: {err}"))?
            }
            _ => return Err("bad position command".into()),
        };
        for word in words.iter().skip(moves_at + 1) {
            let mv = self.dialect.read_move(word).map_err(|err| format!("bad move {word}: {err}"))?;
            pos = pos.play(mv).map_err(|err| format!("bad move {word}: {err}"))?;
        }
        self.position = pos;
        Ok(())
    }

    /// The engine's own move: the capture of the most valuable piece, else one picked by the position's key.
    fn choose(&self) -> Option<Move> {
        let moves: Vec<Move> =
            self.position.legal_moves().iter().copied().filter(|mv| !self.banned.contains(mv)).collect();
        let value = |mv: &Move| self.position.captured(*mv).map_or(0, |piece| role_value(piece.role));
        let best = moves.iter().copied().max_by_key(|mv| value(mv)).filter(|mv| value(mv) > 0);
        best.or_else(|| (!moves.is_empty()).then(|| moves[(self.position.key() % moves.len() as u64) as usize]))
    }

    /// Writes the answer to a `go`; returns how the run ends if the reply ends it.
    fn answer(&self, reply: &Reply, out: &mut impl Write) -> io::Result<Option<Ending>> {
        for line in &reply.say {
            writeln!(out, "{line}")?;
        }
        match reply.action {
            Action::Crash => return Ok(Some(Ending::Crash)),
            Action::Hang => return Ok(Some(Ending::Hang)),
            Action::Exit => return Ok(Some(Ending::Exit)),
            _ => {}
        }
        out.flush()?;
        thread::sleep(reply.sleep);
        if reply.action == Action::Garbage {
            writeln!(out, "\u{1}#@!% garbage ¤ {}", "x".repeat(40))?;
        }
        let mv = match (&reply.mv, reply.action) {
            (_, Action::NoMove) => None,
            (_, Action::Malformed) => Some("zz99".to_owned()),
            (_, Action::Illegal) => Some(self.illegal_move()),
            (Some(text), _) => Some(text.clone()),
            (None, _) => self.choose().map(|mv| self.dialect.write_move(mv)),
        };
        let Some(mv) = mv else {
            writeln!(out, "info depth 0 score {}", self.score_text(reply))?;
            writeln!(out, "{}", if self.dialect == Dialect::Ucci { "nobestmove" } else { "bestmove (none)" })?;
            return Ok(None);
        };
        let pv = reply.pv.as_ref().map_or_else(|| mv.clone(), |pv| pv.join(" "));
        writeln!(out, "info depth {} score {} nodes 1 time 0 pv {pv}", reply.depth, self.score_text(reply))?;
        let suffix = match reply.action {
            Action::Resign => " resign",
            Action::Draw => " draw",
            _ => "",
        };
        writeln!(out, "bestmove {mv}{suffix}")?;
        Ok(None)
    }

    fn score_text(&self, reply: &Reply) -> String {
        match (reply.mate, self.dialect) {
            (Some(mate), _) => format!("mate {mate}"),
            (None, Dialect::Ucci) => reply.score.to_string(),
            (None, _) => format!("cp {}", reply.score),
        }
    }

    /// A move from an empty square to the next square: never legal.
    fn illegal_move(&self) -> String {
        let board = self.position.board();
        let from = (0..90).filter_map(Square::new).find(|&sq| board.piece_at(sq).is_none()).unwrap_or(Square::A0);
        let to = Square::new((from.index() + 1) % 90).unwrap_or(Square::A1);
        self.dialect.write_move(Move::new(from, to))
    }
}

fn role_value(role: Role) -> u32 {
    match role {
        Role::King => 100,
        Role::Rook => 9,
        Role::Cannon | Role::Horse => 4,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(script: &str, input: &str) -> (String, Ending) {
        let script: Script = script.parse().unwrap();
        let mut out = Vec::new();
        let ending = run(&script, input.as_bytes(), &mut out).unwrap();
        (String::from_utf8(out).unwrap(), ending)
    }

    #[test]
    fn it_greets_and_plays_its_script_then_its_own_moves() {
        let (out, ending) = talk(
            "go move=h2e2 score=12 depth=3",
            "ucci\nisready\nposition startpos\ngo depth 1\nposition startpos moves h2e2\ngo depth 1\nquit\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[..2], ["id name Scripted", "id author the xiangqi-engine tests"]);
        assert!(lines.contains(&"ucciok") && lines.contains(&"readyok"));
        assert!(lines.contains(&"info depth 3 score 12 nodes 1 time 0 pv h2e2"));
        assert!(lines.contains(&"bestmove h2e2"));
        assert!(lines.last().unwrap().starts_with("bestmove "));
        assert_eq!(ending, Ending::Quit);
    }

    #[test]
    fn a_ucci_only_engine_exits_at_uci_and_a_uci_one_refuses_ucci() {
        assert_eq!(talk("greets ucci", "uci\n"), (String::new(), Ending::Exit));
        let (out, ending) = talk("greets uci", "ucci\nuci\n");
        assert!(out.starts_with("Unknown command: 'ucci'"));
        assert!(out.ends_with("uciok\n"));
        assert_eq!(ending, Ending::InputClosed);
    }

    #[test]
    fn fairy_moves_have_ranks_from_one_and_banned_moves_are_avoided() {
        let (out, _) = talk(
            "greets fairy\ngo\n",
            "uci\nposition fen 4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\ngo depth 1 searchmoves a1a2\n",
        );
        assert!(out.contains("option name UCI_Variant"));
        assert!(out.ends_with("bestmove a1a2\n"), "{out}");
        let (out, _) = talk("", "ucci\nposition fen 4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\nbanmoves a0a1\ngo depth 1\n");
        assert!(!out.ends_with("bestmove a0a1\n"), "{out}");
    }

    #[test]
    fn misbehaviour_on_demand() {
        let input = "uci\nposition startpos\ngo\ngo\ngo\ngo\ngo\n";
        let (out, ending) = talk("go illegal\ngo malformed\ngo nomove\ngo resign\ngo crash\n", input);
        let best: Vec<&str> = out.lines().filter(|line| line.starts_with("bestmove")).collect();
        assert_eq!(best[..3], ["bestmove a1b1", "bestmove zz99", "bestmove (none)"]);
        assert!(best[3].ends_with(" resign"));
        assert_eq!(ending, Ending::Crash);
        let (out, ending) = talk("say info pv a0a9\ngo garbage\ngo hang", input);
        assert!(out.contains("info pv a0a9\n") && out.contains("garbage"));
        assert_eq!(ending, Ending::Hang);
    }
}
