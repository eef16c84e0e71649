//! [`Game`]: a [`History`] judged by a [`RuleSet`] after every move.

use alloc::vec::Vec;

use xiangqi_board::{Move, Position};

use crate::classify::{ClassifyOptions, MoveClass};
use crate::history::History;
use crate::rules::{judge, RuleSet};
use crate::verdict::{Ruling, Verdict};
use crate::{move_limit, PlayError};

/// A game under a rule set: records the moves and gives the first ruling reached — a position occurring for
/// the third time (the count comes from the rule set) or the natural move limit.
///
/// ```
/// use xiangqi_adjudicator::{Game, RuleSet, Ruling};
/// use xiangqi_board::{Color, Position};
///
/// // The red rook chases the unprotected black cannon from a5 to b5 and back (AXF 2008 棋例 §13).
/// let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
/// let mut game = Game::new(start, RuleSet::Axf2008);
/// for mv in ["b5a5", "a7b7", "a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7", "b5a5"] {
///     game.play(mv.parse()?)?;
/// }
/// let verdict = game.verdict();
/// assert_eq!(verdict.ruling, Ruling::Loses(Color::Red));
/// assert_eq!(verdict.rule().unwrap().to_string(), "AXF 2008 棋例 §13");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    history: History,
    rules: RuleSet,
    options: ClassifyOptions,
    ruling: Option<Verdict>,
}

impl Game {
    /// A game from `start` under `rules`, with the default [`ClassifyOptions`].
    pub fn new(start: Position, rules: RuleSet) -> Game {
        Game::with_options(start, rules, ClassifyOptions::default())
    }

    /// A game with explicit classification options.
    pub fn with_options(start: Position, rules: RuleSet, options: ClassifyOptions) -> Game {
        Game { history: History::new(start), rules, options, ruling: None }
    }

    /// Plays a move and returns the ruling it leads to ([`Ruling::Continue`] if none).
    ///
    /// # Errors
    /// [`PlayError`] if the move is illegal; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        self.history.push(mv)?;
        let verdict = self.judge_current();
        if self.ruling.is_none() && verdict.ruling != Ruling::Continue {
            self.ruling = Some(verdict.clone());
        }
        Ok(verdict)
    }

    /// The ruling on the current position: a repetition ruling, the move limit, or [`Ruling::Continue`].
    pub fn judge_current(&self) -> Verdict {
        let table = self.rules.table();
        if let Some(repetition) = self.history.repetition(table.procedure.occurrences) {
            let options =
                ClassifyOptions { material_gain: self.options.material_gain || table.material_gain, ..self.options };
            let window = self.history.classify_window(&repetition, &options);
            return judge(table, repetition, window);
        }
        move_limit::ruling(&self.history, &table.move_limit, table.book).unwrap_or_else(Verdict::continue_play)
    }

    /// The first ruling reached so far, or [`Ruling::Continue`].
    pub fn verdict(&self) -> Verdict {
        self.ruling.clone().unwrap_or_else(Verdict::continue_play)
    }

    /// The recorded history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The classification of every move played so far.
    pub fn classify_all(&self) -> Vec<MoveClass> {
        self.history.classify_range(0, self.history.len(), &self.options)
    }
}

/// Plays `moves` from `start` under `rules` and returns the first ruling reached (or [`Ruling::Continue`]).
///
/// # Errors
/// [`PlayError`] naming the index of the first illegal move.
pub fn adjudicate(start: Position, rules: RuleSet, moves: &[Move]) -> Result<Verdict, PlayError> {
    let mut game = Game::new(start, rules);
    for &mv in moves {
        if game.play(mv)?.ruling != Ruling::Continue {
            break;
        }
    }
    Ok(game.verdict())
}
