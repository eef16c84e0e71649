//! The commands a client writes to an engine, in each dialect's words: `setoption`, `position`, `banmoves` and
//! `go`.

use core::{fmt::Write as _, time::Duration};

use xiangqi_board::{Color, IllegalMove, Move, Position, Setup};

use crate::{Dialect, Go, Limit};

/// The command that sets `name` to `value` in `dialect` (a button has an empty value): UCI `setoption name
/// NAME value VALUE`, UCCI `setoption NAME VALUE` (UCCI 3.0 §五 7).
pub(crate) fn setoption_command(dialect: Dialect, name: &str, value: &str) -> String {
    match (dialect.is_uci(), value.is_empty()) {
        (true, true) => format!("setoption name {name}"),
        (true, false) => format!("setoption name {name} value {value}"),
        (false, true) => format!("setoption {name}"),
        (false, false) => format!("setoption {name} {value}"),
    }
}

/// The game of the last `position` command. The next command of a game usually adds a move or two: only those
/// are played then.
#[derive(Clone, Debug)]
pub(crate) struct SentGame {
    start: Position,
    moves: Vec<Move>,
    /// The position after the last capture (UCCI's base; the start for UCI).
    base: Position,
    /// The index of the first move after the last capture.
    base_index: usize,
    /// The position reached.
    end: Position,
}

impl SentGame {
    /// The game from `start` with `moves` played, reusing `previous` when it is the same game with fewer moves.
    ///
    /// # Errors
    /// The index of the first move of `moves` that is not legal, and why.
    pub(crate) fn new(
        previous: Option<SentGame>,
        dialect: Dialect,
        start: &Position,
        moves: &[Move],
    ) -> Result<SentGame, (usize, IllegalMove)> {
        let same_start = |game: &SentGame| {
            game.start == *start
                && game.start.halfmoves() == start.halfmoves()
                && game.start.fullmoves() == start.fullmoves()
        };
        let mut game = match previous {
            Some(game) if same_start(&game) && moves.starts_with(&game.moves) => game,
            _ => SentGame {
                start: start.clone(),
                moves: Vec::new(),
                base: start.clone(),
                base_index: 0,
                end: start.clone(),
            },
        };
        for (index, &mv) in moves.iter().enumerate().skip(game.moves.len()) {
            let capture = game.end.is_capture(mv);
            game.end = game.end.play(mv).map_err(|illegal| (index, illegal))?;
            game.moves.push(mv);
            if capture && !dialect.is_uci() {
                game.base = game.end.clone();
                game.base_index = index + 1;
            }
        }
        Ok(game)
    }

    /// The position reached.
    pub(crate) fn end(&self) -> &Position {
        &self.end
    }

    /// The `position` command.
    ///
    /// UCI: `position startpos` or `position fen FEN`, then every move. UCCI (3.0 §四, §五 8): the FEN of the
    /// position after the last capture (or the start) and the moves since, so that the engine sees the moves
    /// that can still repeat a position; `startpos` when that is the start position.
    pub(crate) fn command(&self, dialect: Dialect) -> String {
        let mut out = String::with_capacity(100 + 6 * (self.moves.len() - self.base_index));
        out.push_str("position ");
        if self.base.to_setup() == Setup::default() {
            out.push_str("startpos");
        } else {
            let _ = write!(out, "fen {}", self.base);
        }
        if self.base_index < self.moves.len() {
            out.push_str(" moves");
            for &mv in &self.moves[self.base_index..] {
                out.push(' ');
                out.push_str(&dialect.write_move(mv));
            }
        }
        out
    }
}

/// The `position` command for a game from `start` with `moves` played, and the position reached (see
/// [`SentGame::command`]).
#[cfg(test)]
fn position_command(
    dialect: Dialect,
    start: &Position,
    moves: &[Move],
) -> Result<(String, Position), (usize, IllegalMove)> {
    let game = SentGame::new(None, dialect, start, moves)?;
    Ok((game.command(dialect), game.end))
}

/// The UCCI `banmoves` command (3.0 §五 9), or `None` when there are no moves to ban.
pub(crate) fn banmoves_command(dialect: Dialect, banned: &[Move]) -> Option<String> {
    if banned.is_empty() {
        return None;
    }
    let mut out = String::from("banmoves");
    for &mv in banned {
        out.push(' ');
        out.push_str(&dialect.write_move(mv));
    }
    Some(out)
}

/// Whole milliseconds, or whole seconds when the engine has no millisecond mode (UCCI before 2.3).
fn units(duration: Duration, millis: bool) -> u128 {
    if millis {
        duration.as_millis()
    } else {
        u128::from(duration.as_secs())
    }
}

/// The `go` command for an engine of `dialect` with `turn` to move. `millis` says whether a UCCI engine counts
/// time in milliseconds (`setoption usemillisec true` was sent); `searchmoves`, if not empty, restricts a UCI
/// search to those moves (UCI has no `banmoves`).
pub(crate) fn go_command(go: &Go, dialect: Dialect, turn: Color, millis: bool, searchmoves: &[Move]) -> String {
    let mut out = String::from("go");
    if go.ponder {
        out.push_str(" ponder");
    } else if go.draw_offered && !dialect.is_uci() {
        out.push_str(" draw");
    }
    // Writing to a String cannot fail.
    let _ = match go.limit {
        Limit::Depth(depth) => write!(out, " depth {depth}"),
        Limit::Nodes(nodes) => write!(out, " nodes {nodes}"),
        Limit::Infinite => write!(out, " infinite"),
        Limit::MoveTime(time) if dialect.is_uci() => write!(out, " movetime {}", time.as_millis()),
        Limit::MoveTime(time) => write!(out, " time {} movestogo 1", units(time, millis)),
        Limit::Clock(clock) if dialect.is_uci() => {
            let ms = |d: Duration| d.as_millis();
            let _ = write!(
                out,
                " wtime {} btime {} winc {} binc {}",
                ms(clock.time.red),
                ms(clock.time.black),
                ms(clock.increment.red),
                ms(clock.increment.black)
            );
            match clock.moves_to_go.get(turn) {
                Some(moves) => write!(out, " movestogo {moves}"),
                None => Ok(()),
            }
        }
        Limit::Clock(clock) => {
            let side = |prefix: &str, color: Color, out: &mut String| {
                let _ = write!(out, " {prefix}time {}", units(*clock.time.get(color), millis));
                let _ = match clock.moves_to_go.get(color) {
                    Some(moves) => write!(out, " {prefix}movestogo {moves}"),
                    None => write!(out, " {prefix}increment {}", units(*clock.increment.get(color), millis)),
                };
            };
            side("", turn, &mut out);
            side("opp", turn.other(), &mut out);
            Ok(())
        }
    };
    if dialect.is_uci() && !searchmoves.is_empty() {
        out.push_str(" searchmoves");
        for &mv in searchmoves {
            out.push(' ');
            out.push_str(&dialect.write_move(mv));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clock;
    use xiangqi_board::{ByColor, Square};

    #[test]
    fn setoption_is_written_per_dialect() {
        assert_eq!(setoption_command(Dialect::Uci, "Hash", "64"), "setoption name Hash value 64");
        assert_eq!(setoption_command(Dialect::FairyUci, "Clear Hash", ""), "setoption name Clear Hash");
        assert_eq!(setoption_command(Dialect::Ucci, "usemillisec", "true"), "setoption usemillisec true");
        assert_eq!(setoption_command(Dialect::Ucci, "newgame", ""), "setoption newgame");
    }

    #[test]
    fn ucci_positions_start_after_the_last_capture() {
        // The xqbase example (UCCI 3.0 §四): the cannon takes on move 2, and the FEN changes.
        let start = Position::new();
        let moves: Vec<Move> = ["h2e2", "h7e7", "e2e6", "d9e8"].iter().map(|m| m.parse().unwrap()).collect();
        assert_eq!(
            position_command(Dialect::Ucci, &start, &moves[..2]).map(|(text, _)| text),
            Ok("position startpos moves h2e2 h7e7".into())
        );
        assert_eq!(
            position_command(Dialect::Ucci, &start, &moves).map(|(text, _)| text),
            Ok("position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2 moves d9e8".into())
        );
        assert_eq!(
            position_command(Dialect::Ucci, &start, &moves[..3]).map(|(text, _)| text),
            Ok("position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2".into())
        );
        assert_eq!(
            position_command(Dialect::FairyUci, &start, &moves).map(|(text, _)| text),
            Ok("position startpos moves h3e3 h8e8 e3e7 d10e9".into())
        );
        let from_fen = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        assert_eq!(
            position_command(Dialect::Uci, &from_fen, &[]).map(|(text, _)| text),
            Ok("position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1".into())
        );
        let illegal = [Move::new(Square::H2, Square::H8)];
        assert_eq!(position_command(Dialect::Ucci, &start, &illegal).map(|_| ()).map_err(|(index, _)| index), Err(0));
        assert_eq!(banmoves_command(Dialect::Ucci, &moves[..1]), Some("banmoves h2e2".into()));
        // A longer game from the same start plays only its new moves; another start starts again.
        let game = SentGame::new(None, Dialect::Ucci, &start, &moves[..2]).unwrap();
        let longer = SentGame::new(Some(game), Dialect::Ucci, &start, &moves).unwrap();
        assert_eq!(longer.command(Dialect::Ucci), position_command(Dialect::Ucci, &start, &moves).unwrap().0);
        let other = SentGame::new(Some(longer), Dialect::Uci, &from_fen, &[]).unwrap();
        assert_eq!(other.command(Dialect::Uci), "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
        assert_eq!(banmoves_command(Dialect::Ucci, &[]), None);
    }

    fn clock() -> Clock {
        Clock {
            time: ByColor { red: Duration::from_millis(61_500), black: Duration::from_secs(59) },
            increment: ByColor { red: Duration::from_millis(500), black: Duration::from_millis(500) },
            moves_to_go: ByColor { red: None, black: None },
        }
    }

    #[test]
    fn plain_limits() {
        let go = |limit, dialect| go_command(&Go::new(limit), dialect, Color::Red, true, &[]);
        assert_eq!(go(Limit::Depth(8), Dialect::Ucci), "go depth 8");
        assert_eq!(go(Limit::Nodes(20_000), Dialect::FairyUci), "go nodes 20000");
        assert_eq!(go(Limit::Infinite, Dialect::Ucci), "go infinite");
        assert_eq!(go(Limit::MoveTime(Duration::from_millis(250)), Dialect::Uci), "go movetime 250");
        assert_eq!(go(Limit::MoveTime(Duration::from_millis(250)), Dialect::Ucci), "go time 250 movestogo 1");
    }

    #[test]
    fn clocks_in_each_dialects_words_and_units() {
        let go = Go::new(Limit::Clock(clock()));
        assert_eq!(
            go_command(&go, Dialect::Uci, Color::Black, true, &[]),
            "go wtime 61500 btime 59000 winc 500 binc 500"
        );
        assert_eq!(
            go_command(&go, Dialect::Ucci, Color::Black, true, &[]),
            "go time 59000 increment 500 opptime 61500 oppincrement 500"
        );
        assert_eq!(
            go_command(&go, Dialect::Ucci, Color::Red, false, &[]),
            "go time 61 increment 0 opptime 59 oppincrement 0"
        );
        let periods = Clock { moves_to_go: ByColor { red: Some(12), black: Some(13) }, ..clock() };
        let go = Go::new(Limit::Clock(periods));
        assert_eq!(
            go_command(&go, Dialect::FairyUci, Color::Red, true, &[]),
            "go wtime 61500 btime 59000 winc 500 binc 500 movestogo 12"
        );
        assert_eq!(
            go_command(&go, Dialect::Ucci, Color::Red, true, &[]),
            "go time 61500 movestogo 12 opptime 59000 oppmovestogo 13"
        );
    }

    #[test]
    fn ponder_draw_offers_and_search_moves() {
        let go = Go { limit: Limit::Depth(5), ponder: false, draw_offered: true };
        assert_eq!(go_command(&go, Dialect::Ucci, Color::Red, true, &[]), "go draw depth 5");
        assert_eq!(go_command(&go, Dialect::Uci, Color::Red, true, &[]), "go depth 5", "UCI has no draw offers");
        let go = Go { ponder: true, ..go };
        assert_eq!(go_command(&go, Dialect::Ucci, Color::Red, true, &[]), "go ponder depth 5");
        let moves = [Move::new(Square::H2, Square::E2), Move::new(Square::H9, Square::G7)];
        assert_eq!(
            go_command(&Go::new(Limit::Depth(5)), Dialect::FairyUci, Color::Red, true, &moves),
            "go depth 5 searchmoves h3e3 h10g8"
        );
        assert_eq!(go_command(&Go::new(Limit::Depth(5)), Dialect::Ucci, Color::Red, true, &moves), "go depth 5");
    }
}
