//! The exceptions: `xiangqi.Error` and its subclasses, each carrying where the failure is (`ply`, `move`, `game`,
//! `line`, `byte`, `source`) and a stable `kind` word as attributes, and the conversions of the library's errors
//! into them. The message is the library's own `Display`, so Python says what the command line says.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{IntoPyObjectExt, PyTypeInfo};
use xiangqi::adjudicator::GameError;
use xiangqi::board::FenError;
use xiangqi::notation::{LineError, LineProblem, Location, RecordError as LibraryRecordError, RecordErrorKind};

pyo3::create_exception!(
    xiangqi,
    Error,
    PyValueError,
    "Any error of the library. Attributes (None where they do not apply): `kind` (a stable word), `ply` (from 1), \
     `move` (the text as given), `game` (from 1), `line`, `byte`, `source` (the input's name)."
);
pyo3::create_exception!(xiangqi, ParseError, Error, "A text that is not what it should be: a FEN, a name.");
pyo3::create_exception!(xiangqi, IllegalMove, Error, "A move text that names no legal move of the position.");
pyo3::create_exception!(xiangqi, GameOver, IllegalMove, "A move after the game ended (`ruling`, `rule`).");
pyo3::create_exception!(
    xiangqi,
    ForbiddenMove,
    IllegalMove,
    "A move refused under the forbid procedure: the warned side would repeat its cycle (`side`, `rule`)."
);
pyo3::create_exception!(xiangqi, RecordError, Error, "A game record that cannot be read or written.");
pyo3::create_exception!(xiangqi, EventError, Error, "A tournament event that cannot be read, ranked or paired.");
pyo3::create_exception!(
    xiangqi,
    TrfError,
    Error,
    "A TRF file that cannot be read (`line`, from 1), turned into an event, or paired by the Dutch system."
);

/// Where an error is: the attributes every exception of the module carries.
#[derive(Debug, Default)]
pub(crate) struct Place {
    pub(crate) kind: Option<&'static str>,
    pub(crate) ply: Option<usize>,
    pub(crate) mv: Option<String>,
    pub(crate) game: Option<usize>,
    pub(crate) line: Option<usize>,
    pub(crate) byte: Option<usize>,
    pub(crate) source: Option<String>,
    /// Further attributes of one exception class (`ruling`, `rule`, `side`).
    pub(crate) extra: Vec<(&'static str, Option<String>)>,
}

impl Place {
    /// A place with only a kind word.
    pub(crate) fn kind(kind: &'static str) -> Place {
        Place { kind: Some(kind), ..Place::default() }
    }
}

/// An exception of class `T` with `message` and the attributes of `place`.
pub(crate) fn raise<T: PyTypeInfo>(py: Python<'_>, message: impl Into<String>, place: Place) -> PyErr {
    let error = PyErr::new::<T, _>(message.into());
    let value = error.value(py);
    let attributes = [
        ("kind", place.kind.into_bound_py_any(py)),
        ("ply", place.ply.into_bound_py_any(py)),
        ("move", place.mv.into_bound_py_any(py)),
        ("game", place.game.into_bound_py_any(py)),
        ("line", place.line.into_bound_py_any(py)),
        ("byte", place.byte.into_bound_py_any(py)),
        ("source", place.source.into_bound_py_any(py)),
    ];
    let extra = place.extra.into_iter().map(|(name, value)| (name, value.into_bound_py_any(py)));
    for (name, object) in attributes.into_iter().chain(extra) {
        // Setting an attribute of a fresh exception object does not fail; if it did, the message still stands.
        if let Ok(object) = object {
            let _ = value.setattr(name, object);
        }
    }
    error
}

/// A bad FEN (`kind` `bad_fen`).
pub(crate) fn fen_error(py: Python<'_>, error: &FenError) -> PyErr {
    raise::<ParseError>(py, format!("bad FEN: {error}"), Place::kind("bad_fen"))
}

/// A name that is none of the accepted ones (a rule book, a procedure, a notation, a preset).
pub(crate) fn name_error(py: Python<'_>, error: impl core::fmt::Display) -> PyErr {
    raise::<ParseError>(py, error.to_string(), Place::kind("bad_name"))
}

/// A text of a line that cannot be played: `IllegalMove`, or `GameOver` when the game ended on the board.
pub(crate) fn line_error(py: Python<'_>, error: &LineError) -> PyErr {
    let place = Place {
        kind: Some(error.problem.kind_name()),
        ply: Some(error.ply),
        mv: Some(error.text.clone()),
        ..Place::default()
    };
    match error.problem {
        LineProblem::GameOver(_) => raise::<GameOver>(py, error.to_string(), place),
        _ => raise::<IllegalMove>(py, error.to_string(), place),
    }
}

/// A move a game refused: `IllegalMove`, `GameOver` or `ForbiddenMove`.
pub(crate) fn game_error(py: Python<'_>, error: &GameError) -> PyErr {
    let message = error.to_string();
    match error {
        GameError::Text { ply, text, error } => {
            let place = Place {
                kind: Some(error.kind_name()),
                ply: Some(*ply),
                mv: Some(text.to_string()),
                ..Place::default()
            };
            raise::<IllegalMove>(py, message, place)
        }
        GameError::Illegal(error) => {
            let place = Place {
                kind: Some("illegal_move"),
                ply: Some(error.index + 1),
                mv: Some(error.illegal.mv.to_string()),
                ..Place::default()
            };
            raise::<IllegalMove>(py, message, place)
        }
        GameError::Over { ply, ruling, rule } => {
            let extra = vec![("ruling", Some(ruling.to_string())), ("rule", rule.map(|rule| rule.to_string()))];
            raise::<GameOver>(
                py,
                message,
                Place { kind: Some("game_over"), ply: Some(*ply), extra, ..Place::default() },
            )
        }
        GameError::Forbidden { ply, mv, side, rule } => {
            let extra = vec![("side", Some(side.name().to_owned())), ("rule", rule.map(|rule| rule.to_string()))];
            let place =
                Place { kind: Some("forbidden"), ply: Some(*ply), mv: Some(mv.to_string()), extra, ..Place::default() };
            raise::<ForbiddenMove>(py, message, place)
        }
        _ => raise::<IllegalMove>(py, message, Place::kind("illegal_move")),
    }
}

/// A record that cannot be read or written, from the input named `source` (if any).
pub(crate) fn record_error(py: Python<'_>, error: &LibraryRecordError, source: Option<&str>) -> PyErr {
    let (line, byte) = match error.at {
        Location::Line(line) => (Some(line), None),
        Location::Byte(byte) => (None, Some(byte)),
        _ => (None, None),
    };
    let (ply, mv) = match &error.kind {
        RecordErrorKind::Move(mv) => (Some(mv.ply), Some(mv.text.clone())),
        _ => (None, None),
    };
    let message = match source {
        Some(source) => format!("{source}: {error}"),
        None => error.to_string(),
    };
    let place = Place {
        kind: Some(error.kind.kind_name()),
        ply,
        mv,
        game: Some(error.game),
        line,
        byte,
        source: source.map(str::to_owned),
        extra: Vec::new(),
    };
    raise::<RecordError>(py, message, place)
}
