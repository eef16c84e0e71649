//! [`Ruling`]: what the rules say now, as one word.

use core::{fmt, str::FromStr};

use xiangqi_board::{Color, GameResult};

xiangqi_board::parse_error! {
    /// The error of [`Ruling::from_str`]: the text is none of the seven words.
    pub struct ParseRulingError: "ruling",
        "continue, red_must_change, black_must_change, draw_next_cycle, red_loses, black_loses or draw"
}

/// What the rules say now: a warning, a final ruling, or nothing.
///
/// A repetition is ruled in two steps, as the books' arbiters do (AXF 2008 第一章七(G)): when the position occurs
/// for the third time the arbiter gives a **warning** — the offender must change ([`Ruling::MustChange`]), or one
/// more cycle is a draw ([`Ruling::DrawNextCycle`]) — and the **final** ruling ([`Ruling::Loses`],
/// [`Ruling::Draw`]) comes when the cycle is repeated once more. Checkmate, stalemate (困毙) and the natural move
/// limit are final at once. [`Ruling::is_final`] tells the two apart; [`Ruling::if_repeated`] gives the final
/// ruling a warning turns into, and [`Ruling::game_result`] the result a final ruling gives the game.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`], and the `serde` form) is one word: `continue`,
/// `red_must_change`, `black_must_change`, `draw_next_cycle`, `red_loses`, `black_loses`, `draw`.
///
/// ```
/// use xiangqi::adjudicator::Ruling;
/// use xiangqi::board::{Color, GameResult};
///
/// let warning: Ruling = "red_must_change".parse()?;
/// assert_eq!(warning, Ruling::MustChange(Color::Red));
/// assert!(!warning.is_final());
/// assert_eq!(warning.game_result(), GameResult::Unknown);
/// assert_eq!(warning.if_repeated(), Ruling::Loses(Color::Red));
/// assert_eq!(warning.if_repeated().game_result(), GameResult::BlackWins);
/// assert_eq!(Ruling::DrawNextCycle.if_repeated().to_string(), "draw");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// No ruling: play goes on.
    Continue,
    /// A warning: the side's moves are forbidden (or it checks perpetually); it must change, and loses if it
    /// repeats the cycle once more.
    MustChange(Color),
    /// A warning: no side is to blame (both allowed, or both forbidden); one more cycle and the game is drawn.
    DrawNextCycle,
    /// Final: the side loses.
    Loses(Color),
    /// Final: the game is drawn.
    Draw,
}

impl Ruling {
    /// Whether the ruling ends the game ([`Ruling::Loses`], [`Ruling::Draw`]).
    pub const fn is_final(self) -> bool {
        matches!(self, Ruling::Loses(_) | Ruling::Draw)
    }

    /// Whether the ruling is a warning ([`Ruling::MustChange`], [`Ruling::DrawNextCycle`]).
    pub const fn is_warning(self) -> bool {
        matches!(self, Ruling::MustChange(_) | Ruling::DrawNextCycle)
    }

    /// The final ruling a warning becomes when the cycle is repeated once more: `MustChange(side)` →
    /// `Loses(side)`, `DrawNextCycle` → `Draw`; other rulings are returned as they are.
    pub const fn if_repeated(self) -> Ruling {
        match self {
            Ruling::MustChange(color) => Ruling::Loses(color),
            Ruling::DrawNextCycle => Ruling::Draw,
            other => other,
        }
    }

    /// The result of the game under this ruling: the other side wins for [`Ruling::Loses`], a draw for
    /// [`Ruling::Draw`], and [`GameResult::Unknown`] (PGN `*`, the game goes on) for a warning or
    /// [`Ruling::Continue`].
    pub const fn game_result(self) -> GameResult {
        match self {
            Ruling::Loses(loser) => GameResult::win_for(loser.other()),
            Ruling::Draw => GameResult::Draw,
            Ruling::Continue | Ruling::MustChange(_) | Ruling::DrawNextCycle => GameResult::Unknown,
        }
    }

    /// The ruling with the colours exchanged.
    pub fn swap_colors(self) -> Ruling {
        match self {
            Ruling::Loses(color) => Ruling::Loses(color.other()),
            Ruling::MustChange(color) => Ruling::MustChange(color.other()),
            other => other,
        }
    }
}

impl fmt::Display for Ruling {
    /// `continue`, `red_must_change`, `black_must_change`, `draw_next_cycle`, `red_loses`, `black_loses`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Continue => f.write_str("continue"),
            Ruling::MustChange(color) => write!(f, "{}_must_change", color.name()),
            Ruling::DrawNextCycle => f.write_str("draw_next_cycle"),
            Ruling::Loses(color) => write!(f, "{}_loses", color.name()),
            Ruling::Draw => f.write_str("draw"),
        }
    }
}

impl FromStr for Ruling {
    type Err = ParseRulingError;

    /// Reads one of the seven words [`Display`](fmt::Display) writes.
    ///
    /// # Errors
    /// [`ParseRulingError`] for any other text.
    fn from_str(text: &str) -> Result<Ruling, ParseRulingError> {
        Ok(match text {
            "continue" => Ruling::Continue,
            "red_must_change" => Ruling::MustChange(Color::Red),
            "black_must_change" => Ruling::MustChange(Color::Black),
            "draw_next_cycle" => Ruling::DrawNextCycle,
            "red_loses" => Ruling::Loses(Color::Red),
            "black_loses" => Ruling::Loses(Color::Black),
            "draw" => Ruling::Draw,
            _ => return Err(ParseRulingError::new(text)),
        })
    }
}
