//! `xiangqi.Position`: a position (FEN in and out, legal moves, play, check, mate and 困毙, the Zobrist key, an
//! SVG diagram), and the moves of every notation read and written in it (`parse`, `format`, `parse_line`).
//! Moves are UCCI strings (`h2e2`) on the Python side.

use pyo3::prelude::*;
use xiangqi::board::{svg, FenError, Move, Outcome, Position as BoardPosition, Setup, Square};
use xiangqi::notation::{format::write_move, split_move_texts, MoveLine, WriteOptions};

use crate::errors::{fen_error, line_error, raise, IllegalMove, ParseError, Place};
use crate::names;

/// Reads a start position: None is the initial position; `composed` also accepts the placements of composed
/// problems (a pawn, advisor or elephant on a square it cannot reach), as `Position::from_setup_composed` does.
pub(crate) fn start_position(py: Python<'_>, fen: Option<&str>, composed: bool) -> PyResult<BoardPosition> {
    let Some(fen) = fen else { return Ok(BoardPosition::new()) };
    let setup = Setup::from_fen(fen).map_err(|error| fen_error(py, &FenError::from(error)))?;
    let read = if composed {
        BoardPosition::from_setup_composed(setup).map(|(pos, _)| pos)
    } else {
        BoardPosition::from_setup(setup)
    };
    read.map_err(|error| fen_error(py, &FenError::from(error)))
}

/// The text of an outcome on the board: `checkmate` (将死) or `stalemate` (困毙).
pub(crate) fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Checkmate { .. } => "checkmate",
        Outcome::Stalemate { .. } => "stalemate",
    }
}

/// A move given as a UCCI string (`h2e2`), legal or not.
pub(crate) fn ucci_move(py: Python<'_>, text: &str) -> PyResult<Move> {
    text.parse().map_err(|error: xiangqi::board::ParseMoveError| {
        raise::<ParseError>(
            py,
            error.to_string(),
            Place { kind: Some("syntax"), mv: Some(text.into()), ..Place::default() },
        )
    })
}

/// The move texts of `moves`: a list of texts, or one string split as the command line splits it (at commas if
/// there is one, else at white space).
#[derive(FromPyObject)]
pub(crate) enum MoveTexts {
    /// One string.
    Text(String),
    /// A list (or any sequence) of texts.
    List(Vec<String>),
}

impl MoveTexts {
    pub(crate) fn texts(&self) -> Vec<&str> {
        match self {
            MoveTexts::Text(text) => split_move_texts(text).collect(),
            MoveTexts::List(texts) => texts.iter().map(String::as_str).collect(),
        }
    }
}

/// Reads `texts` in `notation` from `start` through the library's line stage; the error names the ply.
pub(crate) fn read_line(
    py: Python<'_>,
    start: &BoardPosition,
    texts: &MoveTexts,
    notation: &str,
) -> PyResult<MoveLine> {
    let notation = names::notation(py, notation)?;
    xiangqi::notation::parse_line(start, texts.texts(), notation).map_err(|error| line_error(py, &error))
}

/// Reads one move `text` in `notation` in `pos` through the line stage: the line of that one move, and the move.
fn read_one(py: Python<'_>, pos: &BoardPosition, text: &str, notation: &str) -> PyResult<(MoveLine, Move)> {
    let mut line = MoveLine::new(pos.clone());
    let mv = line.read(text, names::notation(py, notation)?).map_err(|error| line_error(py, &error))?;
    Ok((line, mv))
}

/// A xiangqi position: the placement, the side to move and the two FEN counters.
///
/// `Position()` is the initial position; `Position(fen)` reads a FEN (`composed=True` also accepts the
/// placements of composed problems). Positions are immutable: `play` returns a new one. Two positions are equal
/// when placement and side to move are (the counters are not compared, as the repetition rules compare them).
#[pyclass(module = "xiangqi", frozen, from_py_object)]
#[derive(Clone)]
pub(crate) struct Position {
    pub(crate) inner: BoardPosition,
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (fen=None, *, composed=false))]
    fn new(py: Python<'_>, fen: Option<&str>, composed: bool) -> PyResult<Position> {
        Ok(Position { inner: start_position(py, fen, composed)? })
    }

    /// The FEN.
    #[getter]
    fn fen(&self) -> String {
        self.inner.to_string()
    }

    /// The side to move: `red` or `black`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.inner.turn().name()
    }

    /// The Zobrist key of placement and side to move (64 bits, stable across platforms).
    #[getter]
    fn key(&self) -> u64 {
        self.inner.key()
    }

    /// The half-move clock of the FEN.
    #[getter]
    fn halfmoves(&self) -> u32 {
        self.inner.halfmoves()
    }

    /// The move number of the FEN.
    #[getter]
    fn fullmoves(&self) -> u32 {
        self.inner.fullmoves().get()
    }

    /// The legal moves, as UCCI strings.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves().iter().map(|mv| mv.to_string()).collect()
    }

    /// The number of legal moves.
    fn count_legal_moves(&self) -> usize {
        self.inner.count_legal_moves()
    }

    /// Whether `move` (a UCCI string) is legal here.
    fn is_legal(&self, py: Python<'_>, r#move: &str) -> PyResult<bool> {
        Ok(self.inner.is_legal(ucci_move(py, r#move)?))
    }

    /// Reads `move` in `notation` (default: any) and returns the position after it.
    #[pyo3(signature = (r#move, notation="any"))]
    fn play(&self, py: Python<'_>, r#move: &str, notation: &str) -> PyResult<Position> {
        let (line, _) = read_one(py, &self.inner, r#move, notation)?;
        Ok(Position { inner: line.end_position().clone() })
    }

    /// Reads `text` in `notation` (default: any) and returns the move as a UCCI string.
    #[pyo3(signature = (text, notation="any"))]
    fn parse_move(&self, py: Python<'_>, text: &str, notation: &str) -> PyResult<String> {
        let (_, mv) = read_one(py, &self.inner, text, notation)?;
        Ok(mv.to_string())
    }

    /// Writes the legal `move` (a UCCI string) in `notation`: `chinese` (default), `wxf`, `axf`, `iccs`, `ucci`
    /// or `fairy-uci`.
    #[pyo3(signature = (r#move, notation="chinese"))]
    fn format_move(&self, py: Python<'_>, r#move: &str, notation: &str) -> PyResult<String> {
        let format = names::move_format(py, notation)?;
        let mv = ucci_move(py, r#move)?;
        write_move(format, &self.inner, mv, &WriteOptions::default()).map_err(|error| {
            raise::<IllegalMove>(
                py,
                error.to_string(),
                Place { kind: Some("illegal_move"), mv: Some(r#move.into()), ..Place::default() },
            )
        })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// Whether the side to move is checkmated (将死).
    fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check (困毙, a loss in xiangqi).
    fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }

    /// `checkmate` or `stalemate` if the side to move has no legal move, else None.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.inner.outcome().map(outcome_word)
    }

    /// The winner of a checkmate or stalemate (`red` or `black`), else None.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.outcome().map(|outcome| outcome.winner().name())
    }

    /// The piece on `square` (`e0`) as its FEN letter (`K` red king, `c` black cannon), or None.
    fn piece_at(&self, py: Python<'_>, square: &str) -> PyResult<Option<char>> {
        let square: Square = square.parse().map_err(|error: xiangqi::board::ParseSquareError| {
            raise::<ParseError>(py, error.to_string(), Place::kind("bad_square"))
        })?;
        Ok(self.inner.piece_at(square).map(|piece| piece.fen_char()))
    }

    /// An SVG diagram of the board, with `arrows` (UCCI moves played one after another from here) drawn as
    /// numbered arrows.
    #[pyo3(signature = (arrows=None))]
    fn svg(&self, py: Python<'_>, arrows: Option<MoveTexts>) -> PyResult<String> {
        let line = match &arrows {
            Some(texts) => read_line(py, &self.inner, texts, "any")?,
            None => MoveLine::new(self.inner.clone()),
        };
        let drawn: Vec<svg::Arrow> = line
            .steps()
            .zip(1..)
            .map(|((before, mv), label)| svg::Arrow { mv, side: before.turn(), label: Some(label) })
            .collect();
        Ok(svg::render(self.inner.board(), &drawn))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position({:?})", self.inner.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Position>().is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.key()
    }
}

/// The position a line starts from: `position`, or the initial position.
fn start_of(position: Option<Position>) -> BoardPosition {
    position.map_or_else(BoardPosition::new, |pos| pos.inner)
}

/// Reads `texts` (a list of move texts, or one string split at commas or white space) in `notation` from
/// `position` (default: the initial position) and returns the moves as UCCI strings. Raises `IllegalMove`
/// naming the ply of the first text that cannot be played.
#[pyfunction]
#[pyo3(signature = (texts, position=None, notation="any"))]
pub(crate) fn parse_line(
    py: Python<'_>,
    texts: MoveTexts,
    position: Option<Position>,
    notation: &str,
) -> PyResult<Vec<String>> {
    let line = read_line(py, &start_of(position), &texts, notation)?;
    Ok(line.moves().iter().map(Move::to_string).collect())
}

/// Writes the UCCI `moves`, played one after another from `position` (default: the initial position), in
/// `notation` (default: chinese).
#[pyfunction]
#[pyo3(signature = (moves, position=None, notation="chinese"))]
pub(crate) fn format_line(
    py: Python<'_>,
    moves: MoveTexts,
    position: Option<Position>,
    notation: &str,
) -> PyResult<Vec<String>> {
    let format = names::move_format(py, notation)?;
    let line = read_line(py, &start_of(position), &moves, "ucci")?;
    line.steps()
        .map(|(before, mv)| {
            write_move(format, before, mv, &WriteOptions::default())
                .map_err(|error| raise::<IllegalMove>(py, error.to_string(), Place::kind("illegal_move")))
        })
        .collect()
}
