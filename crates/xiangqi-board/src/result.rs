//! [`GameResult`]: how a game ended, as records and result lists write it.

use core::{fmt, str::FromStr};

use crate::{Color, Outcome};

/// The result of a game: a win for either side, a draw, or not known (unfinished, or not recorded).
///
/// This is the one result type of the workspace: game records keep it (the notation crate), and a tournament
/// result converts from and to it (`TournamentResult` in the tournament crate, which adds forfeits and annulled
/// games). `Display` writes the PGN token and `FromStr` reads it back; with `serde` the token is the JSON form.
///
/// | value | token | how records write it |
/// |---|---|---|
/// | [`RedWins`](GameResult::RedWins) | `1-0` | DhtmlXQ `红胜` (also `W`), XQF byte 0x33 = 1 |
/// | [`BlackWins`](GameResult::BlackWins) | `0-1` | DhtmlXQ `黑胜` (also `L`), XQF 2 |
/// | [`Draw`](GameResult::Draw) | `1/2-1/2` | DhtmlXQ `和棋` (also `D`), XQF 3 (and 4) |
/// | [`Unknown`](GameResult::Unknown) | `*` | DhtmlXQ `未知`, XQF 0 |
///
/// ```
/// use xiangqi::board::{Color, GameResult};
///
/// assert_eq!("1/2-1/2".parse(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::BlackWins.to_string(), "0-1");
/// assert_eq!(GameResult::BlackWins.winner(), Some(Color::Black));
/// assert_eq!(GameResult::win_for(Color::Red), GameResult::RedWins);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red won (`1-0`).
    RedWins,
    /// Black won (`0-1`).
    BlackWins,
    /// A draw (`1/2-1/2`).
    Draw,
    /// Unknown or unfinished (`*`), also when a record gives no result.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*` (the `Display` form).
    pub const fn as_pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a PGN result token (`1-0`, `0-1`, `1/2-1/2`, `*`; `½-½` is accepted for a draw); `None` for anything
    /// else. `FromStr` does the same with a typed error.
    pub fn from_pgn(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The win for `color`.
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if the game has one.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unknown => None,
        }
    }

    /// Whether the game has a result (it is not [`Unknown`](GameResult::Unknown)).
    pub const fn is_known(self) -> bool {
        !matches!(self, GameResult::Unknown)
    }
}

impl fmt::Display for GameResult {
    /// Writes the PGN token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_pgn())
    }
}

crate::parse_error! {
    /// The error of parsing a [`GameResult`] token.
    pub struct ParseGameResultError: "game result", "`1-0`, `0-1`, `1/2-1/2` or `*`"
}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    /// Reads a PGN token, as [`GameResult::from_pgn`].
    fn from_str(s: &str) -> Result<GameResult, ParseGameResultError> {
        GameResult::from_pgn(s).ok_or(ParseGameResultError::new(s))
    }
}

impl From<Outcome> for GameResult {
    /// A position's outcome (checkmate or stalemate) as a game result: the winner's win.
    fn from(outcome: Outcome) -> GameResult {
        GameResult::win_for(outcome.winner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn tokens_round_trip() {
        for result in [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown] {
            assert_eq!(result.to_string().parse(), Ok(result));
        }
        assert_eq!("½-½".parse(), Ok(GameResult::Draw));
        assert_eq!("1-1".parse::<GameResult>(), Err(ParseGameResultError::new("1-1")));
        assert_eq!("".parse::<GameResult>(), Err(ParseGameResultError::new("")));
    }

    #[test]
    fn outcome_gives_the_winners_win() {
        assert_eq!(GameResult::from(Outcome::Checkmate { winner: Color::Black }), GameResult::BlackWins);
        assert_eq!(GameResult::from(Outcome::Stalemate { winner: Color::Red }), GameResult::RedWins);
        assert_eq!(GameResult::Draw.winner(), None);
        assert!(!GameResult::Unknown.is_known());
    }
}
