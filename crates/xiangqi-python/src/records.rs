//! `xiangqi.Record`: one game of a record (tags, start, main line, result) as the notation crate's
//! `GameRecord` holds it, written back as PGN, DhtmlXQ or XQF, and replayed as a ruled game.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use xiangqi::adjudicator::Game as RuledGame;
use xiangqi::board::{GameResult, Move, Position as BoardPosition};
use xiangqi::notation::{dhtmlxq, pgn, xqf, GameRecord, Node, Tags};

use crate::errors::{game_error, raise, record_error, ParseError, Place};
use crate::names;
use crate::position::{read_line, start_position, MoveTexts, Position};
use crate::report::Report;

/// The tags of a Python dict (names and values as strings), in its order.
pub(crate) fn tags_of(tags: Option<&Bound<'_, PyDict>>) -> PyResult<Tags> {
    let mut read = Tags::new();
    if let Some(tags) = tags {
        for (name, value) in tags.iter() {
            read.insert(name.str()?.to_string(), value.str()?.to_string());
        }
    }
    Ok(read)
}

/// One game of a record: its tags, start position, main line and result (and, read from a file, where it came
/// from). `Record(moves, fen=None, tags=None, result="*")` builds one from moves in any notation.
#[pyclass(module = "xiangqi", frozen)]
pub(crate) struct Record {
    pub(crate) inner: GameRecord,
    /// The input it was read from, if it was read.
    source: Option<String>,
    /// Its number in that input (from 1).
    number: Option<usize>,
}

impl Record {
    pub(crate) fn new(inner: GameRecord) -> Record {
        Record { inner, source: None, number: None }
    }

    pub(crate) fn read(inner: GameRecord, source: String, number: usize) -> Record {
        Record { inner, source: Some(source), number: Some(number) }
    }

    fn write_error(&self, py: Python<'_>, error: &xiangqi::notation::RecordError) -> PyErr {
        record_error(py, error, self.source.as_deref())
    }

    /// The game replayed under a rule book.
    fn ruled(&self, py: Python<'_>, ruleset: &str, procedure: &str) -> PyResult<RuledGame> {
        let (book, procedure) = (names::rule_book(py, ruleset)?, names::procedure(py, procedure)?);
        Ok(RuledGame::new(self.inner.start.clone(), book).with_procedure(procedure))
    }
}

#[pymethods]
impl Record {
    #[new]
    #[pyo3(signature = (moves=None, fen=None, tags=None, result="*", *, composed=false))]
    fn py_new(
        py: Python<'_>,
        moves: Option<MoveTexts>,
        fen: Option<&str>,
        tags: Option<&Bound<'_, PyDict>>,
        result: &str,
        composed: bool,
    ) -> PyResult<Record> {
        let start = start_position(py, fen, composed)?;
        let line = match &moves {
            Some(texts) => read_line(py, &start, texts, "any")?.into_moves(),
            None => Vec::new(),
        };
        let result: GameResult = result.parse().map_err(|error: xiangqi::board::ParseGameResultError| {
            raise::<ParseError>(py, error.to_string(), Place::kind("bad_result"))
        })?;
        let mut record = GameRecord::from_position(start);
        record.tags = tags_of(tags)?;
        record.main.nodes = line.into_iter().map(Node::new).collect();
        record.result = result;
        Ok(Record::new(record))
    }

    /// The start position's FEN, or None for the initial position.
    #[getter]
    fn fen(&self) -> Option<String> {
        (self.inner.start != BoardPosition::new()).then(|| self.inner.start.to_string())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        Position { inner: self.inner.start.clone() }
    }

    /// The main line as UCCI strings.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.main_moves().map(|mv| mv.to_string()).collect()
    }

    /// The tags (`Event`, `Red`, `Date`, …) in record order; `Result`, `FEN` and `Format` are kept elsewhere.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags = PyDict::new(py);
        for (name, value) in self.inner.tags.iter() {
            tags.set_item(name, value)?;
        }
        Ok(tags)
    }

    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[getter]
    fn result(&self) -> &'static str {
        self.inner.result.as_pgn()
    }

    /// The name of the input it was read from (a path, or `<bytes>`), None for a record built here.
    #[getter]
    fn source(&self) -> Option<String> {
        self.source.clone()
    }

    /// Its number in the input (from 1), None for a record built here.
    #[getter]
    fn number(&self) -> Option<usize> {
        self.number
    }

    /// The number of lines: the main line and every variation.
    #[getter]
    fn line_count(&self) -> usize {
        self.inner.main.line_count()
    }

    /// The position after the main line.
    fn end_position(&self) -> Position {
        let moves: Vec<Move> = self.inner.main_moves().collect();
        let mut end = self.inner.start.clone();
        // The readers check every move: the main line is legal.
        for mv in moves {
            end.play_unchecked(mv);
        }
        Position { inner: end }
    }

    /// The main line written in `notation` (default: chinese).
    #[pyo3(signature = (notation="chinese"))]
    fn moves_in(&self, py: Python<'_>, notation: &str) -> PyResult<Vec<String>> {
        let moves: Vec<String> = self.moves();
        crate::position::format_line(
            py,
            MoveTexts::List(moves),
            Some(Position { inner: self.inner.start.clone() }),
            notation,
        )
    }

    /// The game as PGN, moves in `notation` (default: chinese; also wxf, axf, iccs, ucci, fairy-uci), with
    /// every variation and comment.
    #[pyo3(signature = (notation="chinese"))]
    fn to_pgn(&self, py: Python<'_>, notation: &str) -> PyResult<String> {
        let options = pgn::PgnOptions::new(names::move_format(py, notation)?);
        pgn::write(&self.inner, &options).map_err(|error| self.write_error(py, &error))
    }

    /// The game as a DhtmlXQ block.
    fn to_dhtmlxq(&self, py: Python<'_>) -> PyResult<String> {
        dhtmlxq::write(&self.inner).map_err(|error| self.write_error(py, &error))
    }

    /// The game as an XQF file (version 0x12, encrypted as XQStudio writes it).
    fn to_xqf<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes =
            xqf::write(&self.inner, &xqf::XqfOptions::default()).map_err(|error| self.write_error(py, &error))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The main line replayed as a `Game` under `ruleset` and `procedure`, until a final ruling.
    #[pyo3(signature = (ruleset="axf", procedure="arbiter"))]
    fn report(&self, py: Python<'_>, ruleset: &str, procedure: &str) -> PyResult<Report> {
        let moves: Vec<Move> = self.inner.main_moves().collect();
        let report =
            self.ruled(py, ruleset, procedure)?.adjudicate(&moves).map_err(|error| game_error(py, &error.into()))?;
        Report::new(py, &report)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Record>().is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __len__(&self) -> usize {
        self.inner.main.nodes.len()
    }

    fn __repr__(&self) -> String {
        let title = ["Title", "Event"].iter().find_map(|name| self.inner.tags.get(name)).unwrap_or("");
        format!("<Record {title:?} {} plies {}>", self.inner.main.nodes.len(), self.inner.result.as_pgn())
    }
}
