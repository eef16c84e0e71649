//! Every adjudicator call of the runner, behind a small interface: play a move and hear what the rules say;
//! the forbidden moves for `banmoves`; the result, termination and cited item of an ending. It is written on the
//! adjudicator's [`Game`], whose [`Procedure`] decides when a repetition is ruled.

use xiangqi_adjudicator::{Game, GameError, Procedure, RuleBook, Verdict};
use xiangqi_board::{GameResult, Move, Position};

use crate::runner::Termination;

/// What the rules say after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RulesSay {
    /// Play on.
    Continue,
    /// Play on under a warning (the arbiter's procedure): the verdict's text, for a comment.
    Warning(String),
    /// The game is over.
    Over(RulesEnding),
}

/// A game ended by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RulesEnding {
    pub(crate) result: GameResult,
    pub(crate) termination: Termination,
    /// The cited items, joined by ` + `.
    pub(crate) rule: String,
    /// The verdict in full (ruling, items, note) and, for a repetition, each side's conduct.
    pub(crate) comment: String,
}

/// Why the rules did not take a move: the board's reason for an illegal move, or, under [`Procedure::Forbid`],
/// the game's for a move that would repeat a cycle the mover was warned of (an engine told the move with
/// `banmoves` played it all the same). Either way the mover loses by an illegal move; the text says which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refused(String);

impl core::fmt::Display for Refused {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A game under a rule book and procedure.
#[derive(Clone, Debug)]
pub(crate) struct GameReferee {
    game: Game,
}

impl GameReferee {
    /// A game from `start`; the ending if `start` is already over (mate, stalemate, the move limit reached).
    pub(crate) fn new(start: Position, book: RuleBook, procedure: Procedure) -> (GameReferee, Option<RulesEnding>) {
        let game = GameReferee { game: Game::new(start, book).with_procedure(procedure) };
        let ending = game.game.is_over().then(|| ending(game.game.verdict()));
        (game, ending)
    }

    /// The position reached.
    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    /// Plays `mv` and says what the rules say now.
    ///
    /// # Errors
    /// [`Refused`] for an illegal move, or a move the [`Procedure::Forbid`] refuses; nothing changes.
    pub(crate) fn play(&mut self, mv: Move) -> Result<RulesSay, Refused> {
        match self.game.play(mv) {
            Ok(status) if status.over => Ok(RulesSay::Over(ending(self.game.verdict()))),
            Ok(status) if status.ruling.is_warning() => Ok(RulesSay::Warning(self.game.verdict().to_string())),
            Ok(_) => Ok(RulesSay::Continue),
            Err(GameError::Illegal(err)) => Err(Refused(format!("an illegal move: {}", err.illegal))),
            Err(error @ GameError::Forbidden { .. }) => Err(Refused(format!("a move the rules forbid: {error}"))),
            Err(error) => Err(Refused(format!("a move the rules refuse: {error}"))),
        }
    }

    /// Under [`Procedure::Forbid`], the legal moves the book forbids now ([`Game::forbidden_moves`]): what a UCCI
    /// engine is told with `banmoves`. No moves under the other procedures, which rule such a move instead.
    pub(crate) fn forbidden_moves(&self) -> Vec<Move> {
        match self.game.procedure() {
            Procedure::Forbid => self.game.forbidden_moves().to_vec(),
            _ => Vec::new(),
        }
    }
}

/// The ending a final verdict gives.
fn ending(verdict: &Verdict) -> RulesEnding {
    let termination = verdict.termination.map_or(Termination::Adjudication, Termination::Rules);
    let rule = verdict.rules.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ");
    let mut comment = verdict.to_string();
    if let Some(evidence) = &verdict.evidence {
        let sides: Vec<String> = evidence
            .sides
            .iter()
            .map(|side| {
                let conduct = if side.forbidden { "forbidden" } else { "allowed" };
                format!("{}: {} ({conduct}, {})", side.side.name(), side.name, side.rule)
            })
            .collect();
        comment.push_str("; ");
        comment.push_str(&sides.join("; "));
    }
    RulesEnding { result: verdict.ruling.game_result(), termination, rule, comment }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|mv| mv.parse().unwrap()).collect()
    }

    /// The red rook chases the unprotected black cannon (AXF 2008 棋例 §13); the start position occurs for the
    /// third time after the eighth ply, a move of Black's.
    const CHASE: &str = "3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1";
    const CYCLE: &str = "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7";

    #[test]
    fn the_procedures_rule_a_perpetual_chase() {
        let start = Position::from_fen(CHASE).unwrap();
        let (mut immediate, none) = GameReferee::new(start.clone(), RuleBook::Axf2008, Procedure::Immediate);
        assert_eq!(none, None);
        let moves = moves(CYCLE);
        let (last, play) = moves.split_last().unwrap();
        for &mv in play {
            assert_eq!(immediate.play(mv), Ok(RulesSay::Continue));
        }
        let RulesSay::Over(ending) = immediate.play(*last).unwrap() else { panic!("over") };
        assert_eq!(ending.result, GameResult::BlackWins);
        assert_eq!(ending.termination, Termination::Rules(xiangqi_adjudicator::Termination::PerpetualChase));
        assert_eq!(ending.rule, "AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3");
        assert_eq!(
            ending.comment,
            "red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (immediate procedure: red loses at the third \
             occurrence); red: 车捉无根炮 (forbidden, AXF 2008 棋例 §13); black: 允许着法 (allowed, AXF 2008 棋例 §0)"
        );

        let (mut arbiter, _) = GameReferee::new(start, RuleBook::Axf2008, Procedure::Arbiter);
        for &mv in play {
            arbiter.play(mv).unwrap();
        }
        let RulesSay::Warning(text) = arbiter.play(*last).unwrap() else { panic!("a warning") };
        assert!(text.starts_with("red_must_change AXF 2008 棋例 §13"), "{text}");
    }

    #[test]
    fn forbid_bans_the_repetition_of_the_warned_cycle() {
        let start = Position::from_fen(CHASE).unwrap();
        let (mut forbid, _) = GameReferee::new(start, RuleBook::Axf2008, Procedure::Forbid);
        let cycle = moves(CYCLE);
        for &mv in cycle.iter().chain(&cycle[..2]) {
            assert_eq!(forbid.forbidden_moves(), Vec::<Move>::new(), "nothing is forbidden before the warning");
            forbid.play(mv).unwrap();
        }
        // Warned at ply 8, red may not play a5b5 at ply 11: black's b7a7 would complete the cycle once more.
        assert_eq!(forbid.forbidden_moves(), [cycle[2]]);
        let refused = forbid.play(cycle[2]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "a move the rules forbid: ply 11: a5b5 is forbidden: red would repeat the cycle it was warned of (AXF \
             2008 棋例 §13)"
        );
        assert_eq!(forbid.position(), &Position::from_fen("3k5/9/1c7/9/R8/9/9/9/9/4K4 w - - 0 6").unwrap());
        let (arbiter, _) = GameReferee::new(Position::new(), RuleBook::Axf2008, Procedure::Arbiter);
        assert!(arbiter.forbidden_moves().is_empty());
    }

    #[test]
    fn mate_and_a_start_that_is_over() {
        // The black king on d9 is checked by the rook on d8, which the rook on d0 protects.
        let mated = Position::from_fen("3k5/3R5/9/9/9/9/9/9/9/3RK4 b - - 0 1").unwrap();
        let (_, ending) = GameReferee::new(mated, RuleBook::Cxa, Procedure::Arbiter);
        let ending = ending.unwrap();
        assert_eq!(
            (ending.result, ending.termination),
            (GameResult::RedWins, Termination::Rules(xiangqi_adjudicator::Termination::Checkmate))
        );
        assert!(ending.rule.starts_with("CXA 2011 "), "{}", ending.rule);
    }
}
