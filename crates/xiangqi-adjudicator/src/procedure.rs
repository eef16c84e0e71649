//! [`Procedure`]: when a repetition is decided, and whether a forbidden move is refused.

use core::{fmt, str::FromStr};

xiangqi_board::parse_error! {
    /// The error of [`Procedure::from_str`]: the text names none of the procedures.
    pub struct ParseProcedureError: "procedure", "arbiter, immediate or forbid"
}

/// When a repetition is decided, and what happens to the move that would lose by it.
///
/// The books' arbiters warn first: at the third occurrence of a position the offender is told to change (or both
/// sides are told that one more cycle is a draw), and the final ruling comes only if the same cycle is played once
/// more (AXF 2008 第一章七(G), ROC 2007 棋例之判決 A4/A9/A10 and B2/B3, PRC 1956 "不肯变着", CXA
/// "应当变着而不变"). Engine matches often decide at once. Some online platforms refuse the move that would repeat
/// a forbidden cycle after the warning instead of scoring a loss (as a UCCI engine is told such moves with
/// `banmoves`).
///
/// The text form ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is `arbiter`, `immediate` or
/// `forbid`.
///
/// ```
/// use xiangqi::adjudicator::Procedure;
///
/// assert_eq!(Procedure::default(), Procedure::Arbiter);
/// assert_eq!("immediate".parse(), Ok(Procedure::Immediate));
/// assert_eq!(Procedure::Forbid.to_string(), "forbid");
/// assert_eq!("lenient".parse::<Procedure>().unwrap_err().to_string(), "invalid procedure `lenient`: expected arbiter, immediate or forbid");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Procedure {
    /// The arbiter's procedure (the default): a warning at the third occurrence, the final ruling when the cycle
    /// is repeated once more after it; a side that changes after the warning plays on.
    #[default]
    Arbiter,
    /// The final ruling at the third occurrence, without the warning cycle.
    Immediate,
    /// The arbiter's procedure, except that the move with which the warned side would repeat the cycle once
    /// more, and lose, is refused ([`GameError::Forbidden`](crate::GameError::Forbidden)): the offender has to
    /// change. The moves it refuses are [`Game::forbidden_moves`](crate::Game::forbidden_moves).
    Forbid,
}

impl Procedure {
    /// Every procedure, in declaration order.
    pub const ALL: [Procedure; 3] = [Procedure::Arbiter, Procedure::Immediate, Procedure::Forbid];

    const fn word(self) -> &'static str {
        match self {
            Procedure::Arbiter => "arbiter",
            Procedure::Immediate => "immediate",
            Procedure::Forbid => "forbid",
        }
    }
}

impl fmt::Display for Procedure {
    /// `arbiter`, `immediate` or `forbid`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Procedure {
    type Err = ParseProcedureError;

    /// Reads `arbiter`, `immediate` or `forbid`.
    ///
    /// # Errors
    /// [`ParseProcedureError`] for any other text.
    fn from_str(text: &str) -> Result<Procedure, ParseProcedureError> {
        Procedure::ALL.into_iter().find(|p| p.word() == text).ok_or_else(|| ParseProcedureError::new(text))
    }
}
