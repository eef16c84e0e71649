//! Every adjudicator call of the runner, behind a small interface: play a move and hear what the rules say;
//! the forbidden moves for `banmoves`; the result, termination and cited item of an ending.
//!
//! It is written on the adjudicator's [`Referee`] today. The forbidden moves are found by trying each candidate
//! on a copy of the referee: a legal move after which the ruling would be a loss of the mover. A candidate is
//! a move that reaches a position already seen often enough to repeat (only a repetition can make a move lose
//! its mover).

use core::{fmt, str::FromStr};
use std::collections::HashMap;

use xiangqi_adjudicator::{Procedure as RefereeProcedure, Referee, RuleSet, Ruling, Verdict};
use xiangqi_board::{GameResult, IllegalMove, Move, Outcome, Position};

use crate::runner::Termination;

/// How the runner decides a repetition.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`]) is `arbiter`, `immediate` or `forbid`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Procedure {
    /// The books' arbiter: a warning at the third occurrence, the final ruling when the cycle is played once
    /// more (AXF 2008 第一章七(G)); the adjudicator's `Procedure::Arbiter`.
    #[default]
    Arbiter,
    /// The final ruling at the third occurrence; the adjudicator's `Procedure::Immediate`.
    Immediate,
    /// As [`Immediate`](Procedure::Immediate), and before each move the engine is told the moves that would
    /// lose by the rules — a UCCI engine with `banmoves`, a UCI engine by a `go … searchmoves` of the others — so
    /// that a forbidden cycle is refused before it is played (UCCI 3.0 §五 9). An engine that plays one all the
    /// same loses by the ruling.
    Forbid,
}

impl Procedure {
    /// Every procedure.
    pub const ALL: [Procedure; 3] = [Procedure::Arbiter, Procedure::Immediate, Procedure::Forbid];

    /// `arbiter`, `immediate` or `forbid`.
    pub const fn name(self) -> &'static str {
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
        f.write_str(self.name())
    }
}

xiangqi_board::parse_error! {
    /// The error of reading a [`Procedure`].
    pub struct ParseProcedureError: "procedure", "`arbiter`, `immediate` or `forbid`"
}

impl FromStr for Procedure {
    type Err = ParseProcedureError;

    fn from_str(text: &str) -> Result<Procedure, ParseProcedureError> {
        Procedure::ALL.into_iter().find(|procedure| procedure.name() == text).ok_or(ParseProcedureError::new(text))
    }
}

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

/// The move that takes `from` to `to` when their boards differ by one piece moved without a capture, if it is
/// legal in `from`.
fn reply_to(from: &Position, to: &Position) -> Option<Move> {
    if from.turn() == to.turn() {
        return None;
    }
    let (before, after) = (from.board().occupied(), to.board().occupied());
    let origin = (before & !after).single_square()?;
    let target = (after & !before).single_square()?;
    let mv = Move::new(origin, target);
    from.play(mv).is_ok_and(|next| next.key() == to.key()).then_some(mv)
}

/// A game under a rule book and procedure.
#[derive(Clone, Debug)]
pub(crate) struct GameReferee {
    referee: Referee,
    procedure: Procedure,
    /// The keys of the positions since the last capture, the current one last.
    keys: Vec<u64>,
    /// How often each of them occurs.
    counts: HashMap<u64, usize>,
    occurrences: usize,
}

impl GameReferee {
    /// A game from `start`; the ending if `start` is already over (mate or stalemate).
    pub(crate) fn new(start: Position, rules: RuleSet, procedure: Procedure) -> (GameReferee, Option<RulesEnding>) {
        let referee_procedure = match procedure {
            Procedure::Arbiter => RefereeProcedure::Arbiter,
            Procedure::Immediate | Procedure::Forbid => RefereeProcedure::Immediate,
        };
        let keys = vec![start.key()];
        let counts = HashMap::from([(start.key(), 1)]);
        let referee = Referee::new(start, rules).with_procedure(referee_procedure);
        let occurrences = usize::from(rules.table().clauses.occurrences);
        let game = GameReferee { referee, procedure, keys, counts, occurrences };
        let ending = game.referee.is_over().then(|| game.ending(&game.referee.verdict()));
        (game, ending)
    }

    /// The position reached.
    pub(crate) fn position(&self) -> &Position {
        self.referee.history().current()
    }

    /// Plays `mv` and says what the rules say now.
    ///
    /// # Errors
    /// The board's error for an illegal move; nothing changes.
    pub(crate) fn play(&mut self, mv: Move) -> Result<RulesSay, IllegalMove> {
        let capture = self.position().is_capture(mv);
        let verdict = self.referee.play(mv).map_err(|err| err.illegal)?;
        if capture {
            self.keys.clear();
            self.counts.clear();
        }
        let key = self.position().key();
        self.keys.push(key);
        *self.counts.entry(key).or_insert(0) += 1;
        Ok(if self.referee.is_over() {
            RulesSay::Over(self.ending(&verdict))
        } else if verdict.ruling.is_warning() {
            RulesSay::Warning(verdict.to_string())
        } else {
            RulesSay::Continue
        })
    }

    /// Under [`Procedure::Forbid`], the legal moves that would lose for the mover: those after which the ruling
    /// is already a loss of the mover, and those after which the opponent has a reply that completes a cycle
    /// ruled against the mover (a repetition is ruled at the move that brings the position back, which may be
    /// the opponent's). No moves under the other procedures.
    ///
    /// Only a position already seen `occurrences − 1` times since the last capture can make a repetition, so the
    /// candidates are the moves that reach such a position, or after which one reply does; only those are tried
    /// on a copy of the referee.
    pub(crate) fn forbidden_moves(&self) -> Vec<Move> {
        if self.procedure != Procedure::Forbid || self.referee.is_over() {
            return Vec::new();
        }
        let history = self.referee.history();
        let first = history.len() + 1 - self.keys.len();
        let mut repeating: Vec<&Position> = Vec::new();
        for (index, &key) in self.keys.iter().enumerate() {
            let seen = self.counts.get(&key).copied().unwrap_or(0);
            if seen + 1 >= self.occurrences && !repeating.iter().any(|pos| pos.key() == key) {
                repeating.extend(history.position(first + index));
            }
        }
        if repeating.is_empty() {
            return Vec::new();
        }
        let pos = self.position();
        let mover = pos.turn();
        let loses = |referee: &Referee, mv: Move| {
            let mut trial = referee.clone();
            trial.play(mv).is_ok_and(|verdict| verdict.ruling == Ruling::Loses(mover)).then_some(trial)
        };
        let mut forbidden = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let Ok(after) = pos.play(mv) else { continue };
            let direct = repeating.iter().any(|seen| seen.key() == after.key());
            let replies: Vec<Move> = repeating.iter().filter_map(|seen| reply_to(&after, seen)).collect();
            if !direct && replies.is_empty() {
                continue;
            }
            let mut trial = self.referee.clone();
            let Ok(verdict) = trial.play(mv) else { continue };
            let lost = verdict.ruling == Ruling::Loses(mover)
                || (!trial.is_over() && replies.iter().any(|&reply| loses(&trial, reply).is_some()));
            if lost {
                forbidden.push(mv);
            }
        }
        forbidden
    }

    /// The ending a final verdict gives.
    fn ending(&self, verdict: &Verdict) -> RulesEnding {
        let result = match verdict.ruling {
            Ruling::Loses(color) => GameResult::win_for(color.other()),
            Ruling::Draw => GameResult::Draw,
            _ => GameResult::Unknown,
        };
        let termination = match (&verdict.evidence, self.position().outcome(), verdict.ruling) {
            (_, Some(Outcome::Checkmate { .. }), _) => Termination::Checkmate,
            (_, Some(Outcome::Stalemate { .. }), _) => Termination::Stalemate,
            (Some(evidence), _, Ruling::Loses(color)) => {
                if evidence.sides.iter().any(|side| side.side == color && side.perpetual_check) {
                    Termination::PerpetualCheck
                } else {
                    Termination::ForbiddenRepetition
                }
            }
            (Some(_), _, _) => Termination::Repetition,
            (None, _, _) => Termination::MoveLimit,
        };
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
        RulesEnding { result, termination, rule, comment }
    }
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
        let (mut immediate, none) = GameReferee::new(start.clone(), RuleSet::Axf2008, Procedure::Immediate);
        assert_eq!(none, None);
        let moves = moves(CYCLE);
        let (last, play) = moves.split_last().unwrap();
        for &mv in play {
            assert_eq!(immediate.play(mv), Ok(RulesSay::Continue));
        }
        let RulesSay::Over(ending) = immediate.play(*last).unwrap() else { panic!("over") };
        assert_eq!(ending.result, GameResult::BlackWins);
        assert_eq!(ending.termination, Termination::ForbiddenRepetition);
        assert_eq!(ending.rule, "AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3");
        assert_eq!(
            ending.comment,
            "red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (immediate procedure: red loses at the third \
             occurrence); red: 车捉无根炮 (forbidden, AXF 2008 棋例 §13); black: 允许着法 (allowed, AXF 2008 棋例 §0)"
        );

        let (mut arbiter, _) = GameReferee::new(start, RuleSet::Axf2008, Procedure::Arbiter);
        for &mv in play {
            arbiter.play(mv).unwrap();
        }
        let RulesSay::Warning(text) = arbiter.play(*last).unwrap() else { panic!("a warning") };
        assert!(text.starts_with("red_must_change AXF 2008 棋例 §13"), "{text}");
    }

    #[test]
    fn forbid_bans_the_move_that_lets_the_opponent_complete_the_cycle() {
        let start = Position::from_fen(CHASE).unwrap();
        let (mut forbid, _) = GameReferee::new(start, RuleSet::Axf2008, Procedure::Forbid);
        let moves = moves(CYCLE);
        for &mv in &moves[..6] {
            assert_eq!(forbid.forbidden_moves(), Vec::<Move>::new(), "nothing repeats against the mover yet");
            forbid.play(mv).unwrap();
        }
        // Red's a5b5 would let Black's b7a7 bring the start position back a third time, with Red to blame.
        assert_eq!(forbid.forbidden_moves(), [moves[6]]);
        forbid.play(moves[6]).unwrap();
        assert_eq!(forbid.forbidden_moves(), Vec::<Move>::new(), "Black's b7a7 does not lose for Black");
        let RulesSay::Over(ending) = forbid.play(moves[7]).unwrap() else { panic!("the cycle is ruled") };
        assert_eq!(ending.result, GameResult::BlackWins);
        let (arbiter, _) = GameReferee::new(Position::new(), RuleSet::Axf2008, Procedure::Arbiter);
        assert!(arbiter.forbidden_moves().is_empty());
    }

    #[test]
    fn mate_stalemate_and_a_start_that_is_over() {
        // The black king on d9 is checked by the rook on d8, which the rook on d0 protects.
        let mated = Position::from_fen("3k5/3R5/9/9/9/9/9/9/9/3RK4 b - - 0 1").unwrap();
        let (_, ending) = GameReferee::new(mated, RuleSet::Cxa, Procedure::Arbiter);
        let ending = ending.unwrap();
        assert_eq!((ending.result, ending.termination), (GameResult::RedWins, Termination::Checkmate));
        assert!(ending.rule.starts_with("CXA 2011 "), "{}", ending.rule);
        assert_eq!("forbid".parse(), Ok(Procedure::Forbid));
        assert_eq!(
            "judge".parse::<Procedure>().unwrap_err().to_string(),
            "invalid procedure `judge`: expected `arbiter`, `immediate` or `forbid`"
        );
    }
}
