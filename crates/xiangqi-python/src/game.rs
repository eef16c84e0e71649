//! `xiangqi.Game`: a game in progress under a rule book — the adjudicator's `Game`: a move ruled at once, its
//! `Status`, undo and redo, the moves the book forbids now, the report so far and the game as a record.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi::adjudicator::{Game as RuledGame, GameStatus};

use crate::errors::game_error;
use crate::names;
use crate::position::{outcome_word, start_position, ucci_move, Position};
use crate::records::{tags_of, Record};
use crate::report::Report;

/// What the rules say after a move (or at the start), with the facts of the position.
#[pyclass(module = "xiangqi", frozen, get_all)]
pub(crate) struct Status {
    /// The plies played (0 at the start).
    ply: usize,
    /// The current position (FEN).
    fen: String,
    /// The ruling word, as the command line prints it: `continue`, `red_must_change`, `black_must_change`,
    /// `draw_next_cycle` (warnings), `red_loses`, `black_loses`, `draw` (final).
    ruling: String,
    /// The deciding rule item (`AXF 2008 棋例 §13`), or None for `continue`.
    rule: Option<String>,
    /// Whether the game is over (the ruling is final).
    over: bool,
    /// Whether the side to move is in check.
    in_check: bool,
    /// The number of legal moves of the side to move.
    legal_moves: usize,
    /// `checkmate` (将死) or `stalemate` (困毙) on the board, else None.
    outcome: Option<&'static str>,
    /// The plies since the last capture that count towards the book's natural move limit.
    move_limit_plies: usize,
    /// How often the current position has occurred since the last capture, counting now (1: not repeated).
    occurrences: u8,
}

impl Status {
    fn new(status: &GameStatus) -> Status {
        Status {
            ply: status.ply,
            fen: status.fen.to_string(),
            ruling: status.ruling.to_string(),
            rule: status.rule.map(|rule| rule.to_string()),
            over: status.over,
            in_check: status.in_check,
            legal_moves: status.legal_moves,
            outcome: status.outcome.map(outcome_word),
            move_limit_plies: status.move_limit_plies,
            occurrences: status.cycle.map_or(1, |cycle| cycle.occurrences),
        }
    }
}

#[pymethods]
impl Status {
    fn __repr__(&self) -> String {
        match &self.rule {
            Some(rule) => format!("<Status ply {}: {} {rule}>", self.ply, self.ruling),
            None => format!("<Status ply {}: {}>", self.ply, self.ruling),
        }
    }
}

/// A game in progress under a rule book: each move is ruled at once.
///
/// `Game(fen=None, ruleset="axf", procedure="arbiter")`: the rule books `axf` (AXF 2008), `roc` (ROC 2007),
/// `prc1956` (PRC 1956), `cxa` (CXA 2011); the procedures `arbiter` (a warning at the third occurrence, the
/// final ruling when the cycle is played once more), `immediate` (decided at the third occurrence) and `forbid`
/// (the move that would repeat the warned cycle is refused).
#[pyclass(module = "xiangqi")]
pub(crate) struct Game {
    inner: RuledGame,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (fen=None, ruleset="axf", procedure="arbiter", *, composed=false))]
    fn new(py: Python<'_>, fen: Option<&str>, ruleset: &str, procedure: &str, composed: bool) -> PyResult<Game> {
        let start = start_position(py, fen, composed)?;
        let (book, procedure) = (names::rule_book(py, ruleset)?, names::procedure(py, procedure)?);
        Ok(Game { inner: RuledGame::new(start, book).with_procedure(procedure) })
    }

    /// Plays a move written in any notation (UCCI `h2e2`, ICCS `H2-E2`, Chinese `炮二平五`, WXF `C2.5`, AXF
    /// `炮2=5`) and returns the status after it. Raises `IllegalMove` (with `ply` and `move`), `GameOver` after
    /// a final ruling, `ForbiddenMove` under the forbid procedure; the game is then unchanged.
    fn play(&mut self, py: Python<'_>, r#move: &str) -> PyResult<Status> {
        let status = self.inner.play_text(r#move).map_err(|error| game_error(py, &error))?;
        Ok(Status::new(&status))
    }

    /// Takes the last move back and returns it (UCCI), or None at the start.
    fn undo(&mut self) -> Option<String> {
        self.inner.undo().map(|mv| mv.to_string())
    }

    /// Plays the move last taken back again and returns it, or None.
    fn redo(&mut self) -> Option<String> {
        self.inner.redo().map(|mv| mv.to_string())
    }

    /// The status now.
    fn status(&self) -> Status {
        Status::new(&self.inner.status())
    }

    /// The legal moves the book forbids now (UCCI): those with which the side to move would lose by
    /// repetition. These are the moves a UCCI engine is told with `banmoves`.
    fn forbidden_moves(&self) -> Vec<String> {
        self.inner.forbidden_moves().iter().map(|mv| mv.to_string()).collect()
    }

    /// Whether `move` (UCCI) is legal now and not forbidden by the book.
    fn is_allowed(&self, py: Python<'_>, r#move: &str) -> PyResult<bool> {
        let mv = ucci_move(py, r#move)?;
        Ok(!self.inner.is_over() && self.inner.position().is_legal(mv) && !self.inner.forbidden_moves().contains(&mv))
    }

    /// Whether a final ruling has been given.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The result (`1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on) and why the game ended
    /// (`checkmate`, `perpetual chase`, … or None).
    fn result(&self) -> (&'static str, Option<String>) {
        let (result, termination) = self.inner.result();
        (result.as_pgn(), termination.map(|termination| termination.to_string()))
    }

    /// The report of the game so far (as `xiangqi.adjudicate` gives it).
    fn report(&self, py: Python<'_>) -> PyResult<Report> {
        Report::new(py, &self.inner.report())
    }

    /// The game as a record (its moves, the result and, after a final ruling, the verdict as the last move's
    /// comment), with `tags` (a dict of PGN tags).
    #[pyo3(signature = (tags=None))]
    fn record(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<Record> {
        Ok(Record::new(self.inner.record(tags_of(tags)?)))
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        Position { inner: self.inner.position().clone() }
    }

    /// The moves played (UCCI).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves().iter().map(|mv| mv.to_string()).collect()
    }

    /// The plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// The rule book: `axf`, `roc`, `prc1956` or `cxa`.
    #[getter]
    fn ruleset(&self) -> String {
        self.inner.book().to_string()
    }

    /// The procedure: `arbiter`, `immediate` or `forbid`.
    #[getter]
    fn procedure(&self) -> String {
        self.inner.procedure().to_string()
    }

    fn __len__(&self) -> usize {
        self.inner.ply()
    }

    fn __repr__(&self) -> String {
        let status = self.inner.status();
        format!("<Game {} {} ply {}: {}>", self.inner.book(), self.inner.procedure(), status.ply, status.ruling)
    }
}
