//! The names Python passes for the library's choices — a rule book (`axf`), a procedure (`arbiter`), a notation
//! (`any`, `chinese`, …) — read by the library's own `FromStr`, so that the accepted names and the message for
//! a wrong one are the command line's.

use core::str::FromStr;

use pyo3::prelude::*;
use xiangqi::adjudicator::{Procedure, RuleBook};
use xiangqi::notation::{MoveFormat, Notation};

use crate::errors::name_error;

/// Reads a name with `T`'s `FromStr`; a wrong name is a `ParseError`.
fn read<T: FromStr>(py: Python<'_>, name: &str) -> PyResult<T>
where
    T::Err: core::fmt::Display,
{
    name.parse().map_err(|error| name_error(py, error))
}

/// `axf`, `roc`, `prc1956`, `cxa` (or a book's name, `AXF 2008`).
pub(crate) fn rule_book(py: Python<'_>, name: &str) -> PyResult<RuleBook> {
    read(py, name)
}

/// `arbiter`, `immediate` or `forbid`.
pub(crate) fn procedure(py: Python<'_>, name: &str) -> PyResult<Procedure> {
    read(py, name)
}

/// `any`, `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or `axf`: the notation a move text is read in.
pub(crate) fn notation(py: Python<'_>, name: &str) -> PyResult<Notation> {
    read(py, name)
}

/// `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or `axf`: the notation a move is written in.
pub(crate) fn move_format(py: Python<'_>, name: &str) -> PyResult<MoveFormat> {
    read(py, name)
}
