//! [`RulingReport`]: a book's ruling over a game — what the rules say at the end, where each ruling was reached,
//! and the moves left unplayed — as every front end prints it.

use alloc::{string::String, vec::Vec};
use core::fmt;

use xiangqi_board::{Move, Position, Setup};

use crate::book::RuleBook;
use crate::citation::{write_rules, RuleRef};
use crate::game::Game;
use crate::game_error::GameError;
use crate::play_error::PlayError;
use crate::procedure::Procedure;
use crate::rules::facing_kings_ruling;
use crate::ruling::Ruling;
use crate::verdict::Verdict;

/// A point of a game where the book's ruling changed to a warning or a final ruling.
///
/// `Display` is the line the `adjudicate` command prints for it:
/// `ply 8: red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChangePoint {
    /// The ply after which the ruling was given (from 1; 0 for a ruling of the start position).
    pub ply: usize,
    /// The position after that ply.
    pub fen: Setup,
    /// The ruling given.
    pub ruling: Ruling,
    /// The cited items, most specific first.
    pub rules: Vec<RuleRef>,
    /// The note for the arbiter.
    pub note: String,
    /// The moves of the repetition window by the side whose moves are forbidden (both sides' when both are);
    /// empty for a ruling that is no repetition.
    pub offending: Vec<Move>,
}

impl ChangePoint {
    fn new(ply: usize, fen: Setup, verdict: &Verdict) -> ChangePoint {
        let offending = verdict.evidence.as_ref().map_or_else(Vec::new, |evidence| {
            let forbidden = |side| evidence.sides.iter().any(|s| s.side == side && s.forbidden);
            evidence.moves.iter().filter(|class| forbidden(class.mover)).map(|class| class.mv).collect()
        });
        ChangePoint {
            ply,
            fen,
            ruling: verdict.ruling,
            rules: verdict.rules.clone(),
            note: verdict.note.clone(),
            offending,
        }
    }
}

impl fmt::Display for ChangePoint {
    /// `ply 8: red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.ruling)?;
        if !self.rules.is_empty() {
            f.write_str(" ")?;
            write_rules(f, &self.rules)?;
        }
        if !self.note.is_empty() {
            write!(f, " ({})", self.note)?;
        }
        Ok(())
    }
}

/// A book's ruling over a game: what the rules say after the last move played (the [`Verdict`]: the ruling word,
/// its citation and note, the evidence, the [`Termination`](crate::Termination)), the ply where that ruling was
/// reached, every point where the ruling changed, and the moves not played because the game was over (or, under
/// [`Procedure::Forbid`], because the first of them was refused).
///
/// The front ends print it as it is: `xiangqi adjudicate --json` and the `adjudicate` example write this object
/// (docs/json.md), the WASM package returns it.
///
/// ```
/// use xiangqi::adjudicator::{adjudicate, Procedure, RuleBook, Ruling};
/// use xiangqi::board::{Color, Move, Position};
///
/// let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
/// let moves: Vec<Move> = "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7"
///     .split(' ')
///     .map(str::parse)
///     .collect::<Result<_, _>>()?;
/// let report = adjudicate(start, RuleBook::Axf2008, Procedure::Arbiter, &moves)?;
/// assert_eq!(report.verdict.ruling, Ruling::Loses(Color::Red));
/// assert_eq!((report.ply, report.plies), (Some(12), 12));
/// assert_eq!(report.unplayed, ["b5a5".parse()?, "a7b7".parse()?]);
/// let points: Vec<String> = report.changes.iter().map(ToString::to_string).collect();
/// assert_eq!(points, [
///     "ply 8: red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)",
///     "ply 12: red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red repeated the cycle after the warning and loses)",
/// ]);
/// assert_eq!(report.changes[0].offending, ["b5a5".parse()?, "a5b5".parse()?, "b5a5".parse()?, "a5b5".parse()?]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RulingReport {
    /// The rule book.
    pub book: RuleBook,
    /// The procedure.
    pub procedure: Procedure,
    /// What the rules say after the last move played (its fields are the report's own in the `serde` form).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub verdict: Verdict,
    /// The ply at which the ruling in force was reached (from 1; 0 for the start position); None for
    /// [`Ruling::Continue`].
    pub ply: Option<usize>,
    /// The plies played.
    pub plies: usize,
    /// Every point where the ruling changed to a warning or a final ruling, in order (a ruling that stands over
    /// several plies is one point).
    pub changes: Vec<ChangePoint>,
    /// The moves given but not played: after a final ruling, or from a move that [`Procedure::Forbid`] refused.
    pub unplayed: Vec<Move>,
}

impl RulingReport {
    /// The report of a game so far, with `unplayed` the moves given after it that were not played.
    fn new(game: &Game, unplayed: Vec<Move>) -> RulingReport {
        let mut changes: Vec<ChangePoint> = Vec::new();
        let mut standing: Option<&Verdict> = None;
        let history = game.history();
        for ply in 0..=game.ply() {
            let (Some(verdict), Some(pos)) = (game.verdict_at(ply), history.position(ply)) else { break };
            if verdict.ruling == Ruling::Continue {
                standing = None;
                continue;
            }
            // The evidence differs from ply to ply; the ruling and its items tell a new point.
            if !standing.is_some_and(|old| old.ruling == verdict.ruling && old.rules == verdict.rules) {
                changes.push(ChangePoint::new(ply, pos.to_setup(), verdict));
            }
            standing = Some(verdict);
        }
        let verdict = game.verdict().clone();
        let ply = (verdict.ruling != Ruling::Continue).then(|| changes.last().map_or(0, |point| point.ply));
        RulingReport {
            book: game.book(),
            procedure: game.procedure(),
            verdict,
            ply,
            plies: game.ply(),
            changes,
            unplayed,
        }
    }

    /// The report on a setup whose kings face each other (which no [`Position`] holds), or None if they do not:
    /// the book's facing-kings ruling ([`facing_kings_ruling`]) at ply 0.
    pub fn facing_kings(setup: &Setup, book: RuleBook, procedure: Procedure) -> Option<RulingReport> {
        let verdict = facing_kings_ruling(book, setup)?;
        let point = ChangePoint::new(0, setup.clone(), &verdict);
        Some(RulingReport {
            book,
            procedure,
            verdict,
            ply: Some(0),
            plies: 0,
            changes: alloc::vec![point],
            unplayed: Vec::new(),
        })
    }
}

impl Game {
    /// The report on the game so far ([`RulingReport`]; nothing unplayed).
    pub fn report(&self) -> RulingReport {
        RulingReport::new(self, Vec::new())
    }

    /// Plays `moves` until the game is over (or, under [`Procedure::Forbid`], a move is refused) and reports:
    /// the moves from there on are the report's [`unplayed`](RulingReport::unplayed).
    ///
    /// # Errors
    /// [`PlayError`] for the first illegal move, with its index in the game; the moves before it stay played.
    pub fn adjudicate(&mut self, moves: &[Move]) -> Result<RulingReport, PlayError> {
        for (index, &mv) in moves.iter().enumerate() {
            match self.play(mv) {
                Ok(_) => {}
                Err(GameError::Illegal(error)) => return Err(error),
                Err(_) => return Ok(RulingReport::new(self, moves[index..].to_vec())),
            }
        }
        Ok(self.report())
    }
}

/// Plays `moves` from `start` under `book` and `procedure` and reports the book's ruling over the game
/// ([`RulingReport`]): the ruling after the last move, or the final ruling if one is reached before it (the
/// remaining moves are then not played).
///
/// # Errors
/// [`PlayError`] naming the index of the first illegal move.
pub fn adjudicate(
    start: Position,
    book: RuleBook,
    procedure: Procedure,
    moves: &[Move],
) -> Result<RulingReport, PlayError> {
    Game::new(start, book).with_procedure(procedure).adjudicate(moves)
}
