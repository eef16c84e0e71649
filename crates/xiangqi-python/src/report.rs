//! `xiangqi.adjudicate` and `xiangqi.Report`: a rule book's ruling over a whole game — the adjudicator's
//! `RulingReport`, as the command line's `adjudicate --json` prints it — and its `ChangePoint`s.

use pyo3::prelude::*;
use xiangqi::adjudicator::{adjudicate as adjudicate_moves, ChangePoint as LibraryChangePoint, RulingReport};
use xiangqi::board::{FenError, Move, Position as BoardPosition, Setup};

use crate::errors::{fen_error, game_error};
use crate::names;
use crate::position::{read_line, start_position, MoveTexts};

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// A point of a game where the book's ruling changed to a warning or a final ruling (the adjudicator's
/// `ChangePoint`); `str()` is the line the command line prints for it.
#[pyclass(module = "xiangqi", frozen)]
pub(crate) struct ChangePoint {
    inner: LibraryChangePoint,
}

#[pymethods]
impl ChangePoint {
    /// The ply after which the ruling was given (from 1; 0 for a ruling of the start position).
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply
    }

    /// The position after that ply (FEN).
    #[getter]
    fn fen(&self) -> String {
        self.inner.fen.to_string()
    }

    /// The ruling word: `red_must_change`, `black_must_change`, `draw_next_cycle`, `red_loses`, `black_loses`,
    /// `draw`.
    #[getter]
    fn ruling(&self) -> String {
        self.inner.ruling.to_string()
    }

    /// The cited items, most specific first (`AXF 2008 棋例 §13`).
    #[getter]
    fn rules(&self) -> Vec<String> {
        self.inner.rules.iter().map(ToString::to_string).collect()
    }

    /// The note for the arbiter.
    #[getter]
    fn note(&self) -> String {
        self.inner.note.clone()
    }

    /// The moves of the repetition window by the side whose moves are forbidden (UCCI).
    #[getter]
    fn offending(&self) -> Vec<String> {
        texts(&self.inner.offending)
    }

    /// The line the command line prints for this point.
    #[getter]
    fn text(&self) -> String {
        self.inner.to_string()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<ChangePoint {}>", self.inner)
    }
}

/// A rule book's ruling over a game: what the rules say after the last move played, where it was reached,
/// every change of ruling, and the moves not played because the game was over.
#[pyclass(module = "xiangqi", frozen, get_all)]
pub(crate) struct Report {
    /// The rule book: `axf`, `roc`, `prc1956` or `cxa`.
    book: String,
    /// The procedure: `arbiter`, `immediate` or `forbid`.
    procedure: String,
    /// The ruling word (`continue`, `red_must_change`, … `draw`), as the command line prints it.
    ruling: String,
    /// The deciding rule item (`AXF 2008 棋例 §13`), or None for `continue`.
    rule: Option<String>,
    /// The cited items, most specific first.
    rules: Vec<String>,
    /// The note for the arbiter.
    note: String,
    /// Why the game ends (`perpetual chase`, `checkmate`, …), or for a warning why it would; None for
    /// `continue`.
    termination: Option<String>,
    /// Whether the ruling is final (the game is over).
    over: bool,
    /// The ply at which the ruling in force was reached (0 for the start position), None for `continue`.
    ply: Option<usize>,
    /// The plies played.
    plies: usize,
    /// Every point where the ruling changed, in order.
    changes: Vec<Py<ChangePoint>>,
    /// The moves given but not played (UCCI).
    unplayed: Vec<String>,
    /// `WORD RULES (NOTE)`: the line the command line prints after `verdict: `.
    verdict: String,
}

impl Report {
    pub(crate) fn new(py: Python<'_>, report: &RulingReport) -> PyResult<Report> {
        let verdict = &report.verdict;
        Ok(Report {
            book: report.book.to_string(),
            procedure: report.procedure.to_string(),
            ruling: verdict.ruling.to_string(),
            rule: verdict.rule().map(|rule| rule.to_string()),
            rules: verdict.rules.iter().map(ToString::to_string).collect(),
            note: verdict.note.clone(),
            termination: verdict.termination.map(|termination| termination.to_string()),
            over: verdict.ruling.is_final(),
            ply: report.ply,
            plies: report.plies,
            changes: report
                .changes
                .iter()
                .map(|point| Py::new(py, ChangePoint { inner: point.clone() }))
                .collect::<PyResult<_>>()?,
            unplayed: texts(&report.unplayed),
            verdict: verdict.to_string(),
        })
    }
}

#[pymethods]
impl Report {
    fn __str__(&self) -> String {
        self.verdict.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Report {} {}: {}>", self.book, self.procedure, self.verdict)
    }
}

/// Plays `moves` (in any notation, a list or one string) from `fen` (None: the initial position) under
/// `ruleset` and `procedure`, and reports the book's ruling over the game; after a final ruling the remaining
/// moves are not played (`Report.unplayed`). A setup whose kings face each other is ruled as it stands.
#[pyfunction]
#[pyo3(signature = (moves, fen=None, ruleset="axf", procedure="arbiter", *, composed=false))]
pub(crate) fn adjudicate(
    py: Python<'_>,
    moves: MoveTexts,
    fen: Option<&str>,
    ruleset: &str,
    procedure: &str,
    composed: bool,
) -> PyResult<Report> {
    let (book, procedure) = (names::rule_book(py, ruleset)?, names::procedure(py, procedure)?);
    if let Some(fen) = fen {
        let setup = Setup::from_fen(fen).map_err(|error| fen_error(py, &FenError::from(error)))?;
        if let Some(report) = RulingReport::facing_kings(&setup, book, procedure) {
            return Report::new(py, &report);
        }
    }
    let start: BoardPosition = start_position(py, fen, composed)?;
    let line = read_line(py, &start, &moves, "any")?;
    let report =
        adjudicate_moves(start, book, procedure, line.moves()).map_err(|error| game_error(py, &error.into()))?;
    Report::new(py, &report)
}
