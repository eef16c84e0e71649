//! The Python package `xiangqi` (built by maturin): the library's board, notations, records, rulings and
//! standings and pairings as Python classes and functions. Every answer is the library's: this crate converts values and
//! errors at the boundary and holds no rules of its own (docs/python.md).
//!
//! - `position.rs`: `Position`, moves read and written in every notation (`parse_line`, `format_line`).
//! - `records.rs`, `reading.rs`: `Record` (write PGN, DhtmlXQ, XQF) and `read` (the lazy `Games` iterator).
//! - `game.rs`, `report.rs`: `Game` and its `Status`; `adjudicate` and its `Report`.
//! - `standings.rs`: `standings`.
//! - `pairing.rs`: `pair` and its `Pairing` (积分编排); `Trf`, `pair_dutch` and its `DutchPairing`.
//! - `errors.rs`, `names.rs`: the exceptions, and the names of rule books, procedures and notations.
#![forbid(unsafe_code)]

mod errors;
mod game;
mod names;
mod pairing;
mod position;
mod reading;
mod records;
mod report;
mod standings;

use pyo3::prelude::*;

/// Xiangqi (Chinese chess) rules: positions, moves in every notation, game records, repetition rulings under
/// four rule books (AXF 2008, ROC 2007, PRC 1956, CXA 2011), standings, Swiss pairings (积分编排, FIDE Dutch). See docs/python.md.
#[pymodule(name = "xiangqi")]
mod module {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::errors::{Error, EventError, ForbiddenMove, GameOver, IllegalMove, ParseError, RecordError, TrfError};
    #[pymodule_export]
    use crate::game::{Game, Status};
    #[pymodule_export]
    use crate::pairing::{pair, pair_dutch, DutchPairing, Pairing, Trf};
    #[pymodule_export]
    use crate::position::{format_line, parse_line, Position};
    #[pymodule_export]
    use crate::reading::{read, Games};
    #[pymodule_export]
    use crate::records::Record;
    #[pymodule_export]
    use crate::report::{adjudicate, ChangePoint, Report};
    #[pymodule_export]
    use crate::standings::{standings, Standings};

    #[pymodule_init]
    fn init(module: &Bound<'_, PyModule>) -> PyResult<()> {
        module.add("__version__", env!("CARGO_PKG_VERSION"))?;
        module.add("RULESETS", ["axf", "roc", "prc1956", "cxa"])?;
        module.add("PROCEDURES", ["arbiter", "immediate", "forbid"])?;
        Ok(())
    }
}
