//! [`Ending`]: how a game of a match ended — its result, its termination, the rule item that decided it.

use core::fmt;

use xiangqi_board::GameResult;

/// Why a game ended: the value of the PGN `Termination` tag ([`Termination::as_str`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// The rule book ended the game — checkmate, stalemate (困毙), a repetition ruled, the natural move limit —
    /// for the adjudicator's reason; the ending cites the book's item.
    Rules(xiangqi_adjudicator::Termination),
    /// An engine exceeded its time by more than the margin.
    TimeForfeit,
    /// An engine sent a move that is not legal, or does not read.
    IllegalMove,
    /// An engine exited, could not be started, or closed its pipe.
    Crash,
    /// An engine did not answer a search without a clock in time.
    NoReply,
    /// An engine answered without a move (`nobestmove`) where it had legal moves.
    NoMove,
    /// An engine resigned (UCCI `bestmove … resign`).
    Resignation,
    /// One engine offered a draw and the other accepted (UCCI `draw`).
    DrawAgreement,
    /// The runner's score adjudication, or its limit on the length of a game.
    Adjudication,
}

impl Termination {
    /// The tag value: for an ending by the rules the adjudicator's words (`checkmate`, `stalemate`, `perpetual
    /// check`, `perpetual chase`, `forbidden repetition`, `repetition draw`, `move limit`, …); else `time
    /// forfeit`, `illegal move`, `engine crash`, `no reply`, `no move`, `resignation`, `draw agreement`,
    /// `adjudication`.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Rules(reason) => reason.name(),
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "engine crash",
            Termination::NoReply => "no reply",
            Termination::NoMove => "no move",
            Termination::Resignation => "resignation",
            Termination::DrawAgreement => "draw agreement",
            Termination::Adjudication => "adjudication",
        }
    }

    /// Whether the rules of the book decided the game (the ending then cites an item).
    pub const fn is_ruled(self) -> bool {
        matches!(self, Termination::Rules(_))
    }
}

impl fmt::Display for Termination {
    /// [`Termination::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// Why.
    pub termination: Termination,
    /// For an ending the rules decided, the cited items joined by ` + ` (`AXF 2008 棋例 §13 + AXF 2008
    /// 第一章七(G)3`); `None` for the others.
    pub rule: Option<String>,
    /// The whole reason, as the game's last comment in the PGN: the verdict and each side's conduct for a
    /// ruling; what the engine did, and the margin, for the others.
    pub reason: String,
}
