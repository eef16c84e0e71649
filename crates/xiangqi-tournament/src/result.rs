//! [`TournamentResult`]: the scored result of one game, and its conversions from and to the board crate's
//! [`GameResult`].

use core::fmt;
use core::str::FromStr;

use xiangqi_board::GameResult;

/// The scored result of one [`TournamentGame`](crate::TournamentGame), seen from Red: over the board, by forfeit,
/// 0:0 or annulled.
///
/// `Display` writes the short code ([`TournamentResult::code`]) and `FromStr` reads it back; with `serde` the code
/// is the JSON form. `FromStr` also reads every token of a game record's [`GameResult`] but `*` (a draw is
/// written `=` here and `1/2-1/2` in records), and the draw as `1/2` and `½`:
///
/// | `GameResult` (records) | `TournamentResult` (events) |
/// |---|---|
/// | `1-0` | `1-0` |
/// | `0-1` | `0-1` |
/// | `1/2-1/2` | `=` (read from `1/2-1/2`, `½-½`, `1/2`, `½` too) |
/// | `*` | none: an unfinished game scores nothing yet |
/// | none | `+-`, `-+`, `--`, `0-0`, `annulled`: no game was played to its end |
///
/// The same holds for the values: `TryFrom` converts both ways where the table has a pair.
///
/// ```
/// use xiangqi::board::GameResult;
/// use xiangqi::tournament::TournamentResult;
///
/// assert_eq!(TournamentResult::Draw.to_string(), "=");
/// let draw = GameResult::Draw.to_string(); // "1/2-1/2"
/// assert_eq!(draw.parse(), Ok(TournamentResult::Draw));
/// assert_eq!(TournamentResult::try_from(GameResult::Draw), Ok(TournamentResult::Draw));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentResult {
    /// Red won over the board (`"1-0"`).
    RedWins,
    /// Black won over the board (`"0-1"`).
    BlackWins,
    /// Draw (`"="`, also read as `"1/2-1/2"`, `"1/2"`, `"½-½"` or `"½"`).
    Draw,
    /// Black forfeited (弃权): Red wins without play (`"+-"`).
    RedWinsByForfeit,
    /// Red forfeited: Black wins without play (`"-+"`).
    BlackWinsByForfeit,
    /// Both forfeited, 0:0 (AXF 2008 第二章第六节 一, both 30 minutes late; `"--"`).
    DoubleForfeit,
    /// Both ran out of time, 0:0 (`"0-0"`): "双方超时各计零分", as local event rules put it (the AXF 2008 and
    /// ROC 2007 rules have no such result). The game counts as played.
    DoubleTimeout,
    /// Annulled (注销): the game counts for nobody, as if it had not been scheduled (`"annulled"`).
    Annulled,
}

impl TournamentResult {
    /// Every result, in a fixed order.
    pub const ALL: [TournamentResult; 8] = [
        TournamentResult::RedWins,
        TournamentResult::BlackWins,
        TournamentResult::Draw,
        TournamentResult::RedWinsByForfeit,
        TournamentResult::BlackWinsByForfeit,
        TournamentResult::DoubleForfeit,
        TournamentResult::DoubleTimeout,
        TournamentResult::Annulled,
    ];

    /// The short code used in JSON: `1-0`, `0-1`, `=`, `+-`, `-+`, `--`, `0-0`, `annulled`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            TournamentResult::RedWins => "1-0",
            TournamentResult::BlackWins => "0-1",
            TournamentResult::Draw => "=",
            TournamentResult::RedWinsByForfeit => "+-",
            TournamentResult::BlackWinsByForfeit => "-+",
            TournamentResult::DoubleForfeit => "--",
            TournamentResult::DoubleTimeout => "0-0",
            TournamentResult::Annulled => "annulled",
        }
    }

    /// The same result seen from the other colour (Red's win becomes Black's win).
    #[must_use]
    pub const fn flipped(self) -> TournamentResult {
        match self {
            TournamentResult::RedWins => TournamentResult::BlackWins,
            TournamentResult::BlackWins => TournamentResult::RedWins,
            TournamentResult::RedWinsByForfeit => TournamentResult::BlackWinsByForfeit,
            TournamentResult::BlackWinsByForfeit => TournamentResult::RedWinsByForfeit,
            other => other,
        }
    }
}

impl fmt::Display for TournamentResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

xiangqi_board::parse_error! {
    /// A string that is not a tournament result code.
    pub struct ParseResultError:
        "tournament result",
        "one of 1-0, 0-1, =, +-, -+, --, 0-0, annulled (a draw also as 1/2-1/2, ½-½, 1/2 or ½)"
}

impl FromStr for TournamentResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<TournamentResult, ParseResultError> {
        match s {
            "1/2" | "½" => Ok(TournamentResult::Draw),
            _ => match TournamentResult::ALL.iter().find(|r| r.code() == s) {
                Some(&r) => Ok(r),
                None => GameResult::from_pgn(s)
                    .and_then(|result| TournamentResult::try_from(result).ok())
                    .ok_or(ParseResultError::new(s)),
            },
        }
    }
}

/// A game result that has no counterpart on the other side of a conversion between [`TournamentResult`] and the
/// record's [`GameResult`]: an unknown result (`*`) is no tournament result, and a forfeit, 0:0 or annulled game is
/// not the result of a game played to the end. It holds the code of the result that did not convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no matching result: `{0}` is not the result of a game played to its end")]
pub struct ResultConversionError(pub &'static str);

impl TryFrom<GameResult> for TournamentResult {
    type Error = ResultConversionError;

    /// The result a game record gives, as a tournament result (over the board); an unknown result (`*`) fails.
    ///
    /// ```
    /// use xiangqi::board::GameResult;
    /// use xiangqi::tournament::TournamentResult;
    ///
    /// assert_eq!(TournamentResult::try_from(GameResult::Draw), Ok(TournamentResult::Draw));
    /// assert!(TournamentResult::try_from(GameResult::Unknown).is_err());
    /// ```
    fn try_from(result: GameResult) -> Result<TournamentResult, ResultConversionError> {
        match result {
            GameResult::RedWins => Ok(TournamentResult::RedWins),
            GameResult::BlackWins => Ok(TournamentResult::BlackWins),
            GameResult::Draw => Ok(TournamentResult::Draw),
            GameResult::Unknown => Err(ResultConversionError(GameResult::Unknown.as_pgn())),
        }
    }
}

impl TryFrom<TournamentResult> for GameResult {
    type Error = ResultConversionError;

    /// A tournament result as a game record's result: a game played over the board converts; a forfeit, 0:0 or
    /// annulled game (no game played to its end) fails.
    ///
    /// ```
    /// use xiangqi::board::GameResult;
    /// use xiangqi::tournament::TournamentResult;
    ///
    /// assert_eq!(GameResult::try_from(TournamentResult::BlackWins), Ok(GameResult::BlackWins));
    /// assert!(GameResult::try_from(TournamentResult::RedWinsByForfeit).is_err());
    /// ```
    fn try_from(result: TournamentResult) -> Result<GameResult, ResultConversionError> {
        match result {
            TournamentResult::RedWins => Ok(GameResult::RedWins),
            TournamentResult::BlackWins => Ok(GameResult::BlackWins),
            TournamentResult::Draw => Ok(GameResult::Draw),
            other => Err(ResultConversionError(other.code())),
        }
    }
}

#[cfg(feature = "serde")]
xiangqi_board::string_serde! {
    TournamentResult => "a result code: 1-0, 0-1, =, +-, -+, --, 0-0 or annulled",
}
