//! [`Termination`]: why a game ended (or, for a warning, why it would).

use core::{fmt, str::FromStr};

xiangqi_board::parse_error! {
    /// The error of [`Termination::from_str`]: the text names none of the reasons.
    pub struct ParseTerminationError: "termination",
        "checkmate, stalemate, perpetual check, perpetual mate threat, perpetual chase, forbidden repetition, \
         repetition draw, move limit or facing kings"
}

/// Why a game ends: what a [`Verdict`](crate::Verdict) rules on.
///
/// A final ruling ends the game for this reason; a warning names the reason the game ends if the cycle is played
/// once more. The text form ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is a few lower-case
/// words, written as a PGN `[Termination]` tag: `checkmate`, `stalemate`, `perpetual check`, `perpetual mate
/// threat`, `perpetual chase`, `forbidden repetition`, `repetition draw`, `move limit`, `facing kings`.
///
/// ```
/// use xiangqi::adjudicator::Termination;
///
/// assert_eq!(Termination::PerpetualChase.to_string(), "perpetual chase");
/// assert_eq!("move limit".parse(), Ok(Termination::MoveLimit));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move (将死); it loses.
    Checkmate,
    /// The side to move is not in check and has no legal move (困毙); it loses.
    Stalemate,
    /// A side checked on every move of a repetition (长将).
    PerpetualCheck,
    /// A side threatened mate on every move of a repetition (长杀), where the book forbids it (PRC 1956 长要杀,
    /// CXA 第24条 24.10).
    PerpetualMateThreat,
    /// A side chased on every move of a repetition (长捉), as the book's catalogue forbids it.
    PerpetualChase,
    /// A side repeated another forbidden combination (一将一捉, 一将一要杀 … under PRC 1956 and CXA).
    ForbiddenRepetition,
    /// A repetition with no offender, or offenders on both sides: a draw.
    RepetitionDraw,
    /// The natural move limit (自然限着): a draw.
    MoveLimit,
    /// The kings face each other on an open file (帅将对面): ruled on a setup, never reached by a legal move.
    FacingKings,
}

impl Termination {
    /// Every reason, in declaration order.
    const ALL: [Termination; 9] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::PerpetualCheck,
        Termination::PerpetualMateThreat,
        Termination::PerpetualChase,
        Termination::ForbiddenRepetition,
        Termination::RepetitionDraw,
        Termination::MoveLimit,
        Termination::FacingKings,
    ];

    /// The text form, e.g. `perpetual chase`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual check",
            Termination::PerpetualMateThreat => "perpetual mate threat",
            Termination::PerpetualChase => "perpetual chase",
            Termination::ForbiddenRepetition => "forbidden repetition",
            Termination::RepetitionDraw => "repetition draw",
            Termination::MoveLimit => "move limit",
            Termination::FacingKings => "facing kings",
        }
    }
}

impl fmt::Display for Termination {
    /// `checkmate`, `stalemate`, `perpetual check`, `perpetual mate threat`, `perpetual chase`, `forbidden
    /// repetition`, `repetition draw`, `move limit`, `facing kings`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Termination {
    type Err = ParseTerminationError;

    /// Reads the words [`Display`](fmt::Display) writes.
    ///
    /// # Errors
    /// [`ParseTerminationError`] for any other text.
    fn from_str(text: &str) -> Result<Termination, ParseTerminationError> {
        Termination::ALL.into_iter().find(|t| t.name() == text).ok_or_else(|| ParseTerminationError::new(text))
    }
}
