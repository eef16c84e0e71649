//! [`Referee`]: a [`History`] judged by a [`RuleBook`] after every move, with the arbiter's [`Procedure`].

use alloc::{format, string::String, vec, vec::Vec};

use xiangqi_board::{Move, Outcome, Position};

use crate::book::RuleBook;
use crate::citation::RuleRef;
use crate::classify::{ClassifyOptions, MoveClass};
use crate::history::History;
use crate::move_limit;
use crate::play_error::PlayError;
use crate::procedure::Procedure;
use crate::rules::judge;
use crate::ruling::Ruling;
use crate::termination::Termination;
use crate::verdict::Verdict;

/// A warning in force: its verdict, the ply at which it was given and the cycle that, played once more, makes it
/// final.
#[derive(Clone, Debug)]
struct Warning {
    verdict: Verdict,
    /// The number of plies played when the warning was given.
    given_at: usize,
    /// The moves of the last cycle before the warning.
    cycle: Vec<Move>,
}

/// A game under a rule set: records the moves and says after each what the rules say now — [`Ruling::Continue`],
/// a warning in force, or the final ruling (checkmate, stalemate, a repetition decided, the natural move limit).
///
/// ```
/// use xiangqi::adjudicator::{Referee, RuleBook, Ruling};
/// use xiangqi::board::{Color, Position};
///
/// // The red rook chases the unprotected black cannon from a5 to b5 and back (AXF 2008 棋例 §13).
/// let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
/// let cycle = ["a7b7", "a5b5", "b7a7", "b5a5"];
/// let mut game = Referee::new(start, RuleBook::Axf2008);
/// game.play("b5a5".parse()?)?;
/// for mv in cycle.iter().chain(&cycle) {
///     game.play(mv.parse()?)?;
/// }
/// // The third occurrence: Red is warned (第一章七(G)3).
/// assert_eq!(game.verdict().ruling, Ruling::MustChange(Color::Red));
/// assert_eq!(game.verdict().rule().unwrap().to_string(), "AXF 2008 棋例 §13");
/// // Red repeats the cycle once more and loses.
/// for mv in cycle {
///     game.play(mv.parse()?)?;
/// }
/// assert_eq!(game.verdict().ruling, Ruling::Loses(Color::Red));
/// assert!(game.is_over());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Referee {
    history: History,
    rules: RuleBook,
    options: ClassifyOptions,
    procedure: Procedure,
    warning: Option<Warning>,
    ruling: Option<Verdict>,
}

impl Referee {
    /// A game from `start` under `rules`, with the default [`ClassifyOptions`] and the arbiter's [`Procedure`].
    pub fn new(start: Position, rules: RuleBook) -> Referee {
        Referee::with_options(start, rules, ClassifyOptions::default())
    }

    /// A game with explicit classification options.
    pub fn with_options(start: Position, rules: RuleBook, options: ClassifyOptions) -> Referee {
        let ruling = end_of_game(&start, rules);
        Referee { history: History::new(start), rules, options, procedure: Procedure::Arbiter, warning: None, ruling }
    }

    /// The game with `procedure` for its repetition rulings.
    ///
    /// ```
    /// use xiangqi::adjudicator::{Referee, Procedure, RuleBook, Ruling};
    /// use xiangqi::board::{Color, Position};
    ///
    /// let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
    /// let mut game = Referee::new(start, RuleBook::Axf2008).with_procedure(Procedure::Immediate);
    /// for mv in "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5".split(' ') {
    ///     game.play(mv.parse()?)?;
    /// }
    /// assert_eq!(game.verdict().ruling, Ruling::Loses(Color::Red));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_procedure(mut self, procedure: Procedure) -> Referee {
        self.procedure = procedure;
        self
    }

    /// Plays a move and returns what the rules say now (as [`Referee::verdict`]).
    ///
    /// Once the ruling is final the game is over: a further legal move is still recorded in the history, but the
    /// final ruling stands and is returned again.
    ///
    /// # Errors
    /// [`PlayError`] if the move is illegal; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        self.history.push(mv)?;
        if self.ruling.is_none() {
            self.ruling = self.judge_move();
        }
        Ok(self.verdict())
    }

    /// After a move of a game not yet decided: the final ruling it leads to, if any; updates the warning.
    fn judge_move(&mut self) -> Option<Verdict> {
        if let Some(verdict) = end_of_game(self.history.current(), self.rules) {
            return Some(verdict);
        }
        if let Some(warning) = self.warning.take() {
            let played = self.history.len() - warning.given_at;
            if self.history.moves()[self.history.len() - 1] == warning.cycle[played - 1] {
                if played == warning.cycle.len() {
                    return Some(repeated_after_warning(warning.verdict));
                }
                // The cycle goes on as before the warning: the warning stands.
                self.warning = Some(warning);
                return None;
            }
            // A side changed: the warning lapses and the game goes on.
        }
        let table = self.rules.table();
        if let Some(repetition) = self.history.repetition(table.clauses.occurrences) {
            let window = self.history.classify_window(&repetition, &self.book_options());
            let verdict = judge(table, repetition, window);
            if verdict.ruling.is_final() {
                return Some(verdict);
            }
            if verdict.ruling.is_warning() {
                if self.procedure == Procedure::Immediate {
                    return Some(decided_at_once(verdict));
                }
                let given_at = self.history.len();
                let cycle = self.history.moves()[given_at - repetition.cycle_plies..].to_vec();
                self.warning = Some(Warning { verdict, given_at, cycle });
                return None;
            }
        }
        move_limit::ruling(&self.history, &table.move_limit, table.book)
    }

    /// What the rules say now: the final ruling if the game is over, else the warning in force, else
    /// [`Ruling::Continue`].
    pub fn verdict(&self) -> Verdict {
        match (&self.ruling, &self.warning) {
            (Some(verdict), _) => verdict.clone(),
            (None, Some(warning)) => warning.verdict.clone(),
            (None, None) => Verdict::continue_play(),
        }
    }

    /// Whether a final ruling has been reached ([`Ruling::is_final`]).
    pub fn is_over(&self) -> bool {
        self.ruling.is_some()
    }

    /// The recorded history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The rule set.
    pub fn rules(&self) -> RuleBook {
        self.rules
    }

    /// The repetition procedure.
    pub fn procedure(&self) -> Procedure {
        self.procedure
    }

    /// The classification of every move played so far, as the rule set reads it (see [`Referee::book_options`]).
    pub fn classify_all(&self) -> Vec<MoveClass> {
        self.history.classify_range(0, self.history.len(), &self.book_options())
    }

    /// The classification options the rule set's table asks for on top of the game's: material gain
    /// ([`RuleTable::material_gain`](crate::RuleTable::material_gain)) and the mate-threat depth
    /// ([`RuleTable::mate_threat_depth`](crate::RuleTable::mate_threat_depth); a game whose options turn mate
    /// threats off, depth 0, keeps them off).
    pub fn book_options(&self) -> ClassifyOptions {
        let table = self.rules.table();
        let depth = match self.options.mate_threat_depth {
            0 => 0,
            depth => depth.max(table.mate_threat_depth),
        };
        ClassifyOptions {
            material_gain: self.options.material_gain || table.material_gain,
            mate_threat_depth: depth,
            ..self.options
        }
    }
}

/// Checkmate or stalemate (困毙) in `pos`: the side to move loses, by the book's article.
fn end_of_game(pos: &Position, rules: RuleBook) -> Option<Verdict> {
    let table = rules.table();
    let loser = pos.turn();
    let (section, note, termination) = match pos.outcome()? {
        Outcome::Checkmate { .. } => {
            (table.game_end.checkmate, format!("checkmate: {} is mated", loser.name()), Termination::Checkmate)
        }
        Outcome::Stalemate { .. } => {
            let mut note = format!("stalemate, 困毙: {} has no legal move", loser.name());
            if !table.game_end.stalemate_note.is_empty() {
                note.push_str("; ");
                note.push_str(table.game_end.stalemate_note);
            }
            (table.game_end.stalemate, note, Termination::Stalemate)
        }
    };
    Some(Verdict {
        ruling: Ruling::Loses(loser),
        rules: vec![RuleRef { book: table.book, section }],
        note,
        evidence: None,
        termination: Some(termination),
    })
}

/// The final ruling of a warning whose cycle was repeated once more.
fn repeated_after_warning(warning: Verdict) -> Verdict {
    let note = match warning.ruling {
        Ruling::MustChange(side) => format!("{} repeated the cycle after the warning and loses", side.name()),
        _ => String::from("the cycle was repeated after the warning: the game is drawn"),
    };
    Verdict { ruling: warning.ruling.if_repeated(), note, ..warning }
}

/// The final ruling of a warning decided at the third occurrence ([`Procedure::Immediate`]).
fn decided_at_once(warning: Verdict) -> Verdict {
    let note = match warning.ruling {
        Ruling::MustChange(side) => format!("immediate procedure: {} loses at the third occurrence", side.name()),
        _ => String::from("immediate procedure: drawn at the third occurrence"),
    };
    Verdict { ruling: warning.ruling.if_repeated(), note, ..warning }
}

/// Plays `moves` from `start` under `rules` with the arbiter's procedure and returns what the rules say after
/// the last move, or the final ruling if one is reached before it (the remaining moves are then not played).
///
/// # Errors
/// [`PlayError`] naming the index of the first illegal move.
pub fn adjudicate(start: Position, rules: RuleBook, moves: &[Move]) -> Result<Verdict, PlayError> {
    adjudicate_with(Referee::new(start, rules), moves)
}

/// [`adjudicate`] with a game set up by the caller (classification options, [`Procedure`]).
///
/// ```
/// use xiangqi::adjudicator::{adjudicate_with, Referee, Procedure, RuleBook, Ruling};
/// use xiangqi::board::{Color, Move, Position};
///
/// let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
/// let moves: Vec<Move> =
///     "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5".split(' ').map(str::parse).collect::<Result<_, _>>()?;
/// let game = Referee::new(start, RuleBook::Axf2008).with_procedure(Procedure::Immediate);
/// assert_eq!(adjudicate_with(game, &moves)?.ruling, Ruling::Loses(Color::Red));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PlayError`] naming the first illegal move and its index in the game's history.
pub fn adjudicate_with(mut game: Referee, moves: &[Move]) -> Result<Verdict, PlayError> {
    for &mv in moves {
        if game.is_over() {
            break;
        }
        game.play(mv)?;
    }
    Ok(game.verdict())
}
