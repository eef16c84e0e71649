//! [`Dialect`]: the protocol an engine speaks and how it writes moves.

use core::{fmt, str::FromStr};

use xiangqi_board::Move;
use xiangqi_notation::{FairyUci, SyntaxError, Ucci};

/// The protocol an engine speaks, and with it how moves are written.
///
/// | dialect | handshake | moves | engines |
/// |---|---|---|---|
/// | [`Ucci`](Dialect::Ucci) | `ucci` → `ucciok` | `h2e2`, ranks 0–9 | ElephantEye, most Chinese engines |
/// | [`Uci`](Dialect::Uci) | `uci` → `uciok` | `h2e2`, ranks 0–9 | Pikafish |
/// | [`FairyUci`](Dialect::FairyUci) | `uci` → `uciok`, then `UCI_Variant xiangqi` | `h3e3`, ranks 1–10 | Fairy-Stockfish |
///
/// The UCCI protocol is xqbase's 中国象棋通用引擎协议 3.0; UCI is the chess protocol as Pikafish speaks it for
/// xiangqi (its `UCIEngine::square` writes ranks `0`–`9`), and as Fairy-Stockfish speaks it once told
/// `setoption name UCI_Variant value xiangqi` (its `UCI::square` counts ranks from 1).
///
/// The text form ([`Display`](fmt::Display), [`FromStr`]) is `ucci`, `uci` or `fairy`.
///
/// ```
/// use xiangqi::board::{Move, Square};
/// use xiangqi::engine::Dialect;
///
/// let mv = Move::new(Square::H9, Square::G7);
/// assert_eq!(Dialect::Ucci.write_move(mv), "h9g7");
/// assert_eq!(Dialect::FairyUci.write_move(mv), "h10g8");
/// assert_eq!(Dialect::FairyUci.read_move("h10g8")?, mv);
/// assert_eq!("fairy".parse::<Dialect>()?, Dialect::FairyUci);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// UCCI 3.0 (`ucci`): `position fen` of the last capture and the moves since, `banmoves`, `go time … increment
    /// … opptime …`, scores without a unit, `bestmove … [draw | resign]`, `nobestmove`.
    Ucci,
    /// UCI as Pikafish speaks it: ranks `0`–`9`, no variant option.
    Uci,
    /// UCI as Fairy-Stockfish speaks it: ranks `1`–`10`, after `setoption name UCI_Variant value xiangqi`.
    FairyUci,
}

impl Dialect {
    /// Every dialect, in the order of the table above.
    pub const ALL: [Dialect; 3] = [Dialect::Ucci, Dialect::Uci, Dialect::FairyUci];

    /// Whether the dialect is a form of UCI (the commands `uci`, `ucinewgame`, `setoption name … value …`).
    pub const fn is_uci(self) -> bool {
        !matches!(self, Dialect::Ucci)
    }

    /// The move as this dialect writes it.
    pub fn write_move(self, mv: Move) -> String {
        match self {
            Dialect::Ucci | Dialect::Uci => Ucci::from_move(mv).to_string(),
            Dialect::FairyUci => FairyUci::from_move(mv).to_string(),
        }
    }

    /// Reads a move as this dialect writes it; the move is not checked against a position.
    ///
    /// # Errors
    /// [`SyntaxError`] for a text that is no move of this dialect (a rank `10` in UCCI, a rank `0` in
    /// Fairy-Stockfish's UCI).
    pub fn read_move(self, text: &str) -> Result<Move, SyntaxError> {
        match self {
            Dialect::Ucci | Dialect::Uci => text.parse::<Ucci>().map(Move::from),
            Dialect::FairyUci => text.parse::<FairyUci>().map(Move::from),
        }
    }

    /// The name of the text form: `ucci`, `uci`, `fairy`.
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Ucci => "ucci",
            Dialect::Uci => "uci",
            Dialect::FairyUci => "fairy",
        }
    }
}

impl fmt::Display for Dialect {
    /// `ucci`, `uci` or `fairy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

xiangqi_board::parse_error! {
    /// The error of reading a [`Dialect`] name.
    pub struct ParseDialectError: "engine protocol", "`ucci`, `uci` or `fairy`"
}

impl FromStr for Dialect {
    type Err = ParseDialectError;

    /// Reads `ucci`, `uci` or `fairy`.
    fn from_str(text: &str) -> Result<Dialect, ParseDialectError> {
        Dialect::ALL.into_iter().find(|dialect| dialect.name() == text).ok_or(ParseDialectError::new(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Square;

    #[test]
    fn the_dialects_write_ranks_their_own_way() {
        let mv = Move::new(Square::A0, Square::A9);
        assert_eq!(Dialect::Ucci.write_move(mv), "a0a9");
        assert_eq!(Dialect::Uci.write_move(mv), "a0a9");
        assert_eq!(Dialect::FairyUci.write_move(mv), "a1a10");
        assert!(Dialect::FairyUci.read_move("a0a9").is_err());
        assert!(Dialect::Ucci.read_move("a1a10").is_err());
        for dialect in Dialect::ALL {
            assert_eq!(dialect.read_move(&dialect.write_move(mv)), Ok(mv));
            assert_eq!(dialect.to_string().parse(), Ok(dialect));
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_naming_it() {
        let err = "xboard".parse::<Dialect>().unwrap_err();
        assert_eq!(err.to_string(), "invalid engine protocol `xboard`: expected `ucci`, `uci` or `fairy`");
    }
}
