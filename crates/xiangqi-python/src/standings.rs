//! `xiangqi.standings`: an event (the tournament JSON of docs/tournament.md) ranked by the tournament crate's
//! `rank_event`, with the explanation of what separated each two neighbours.

use pyo3::prelude::*;
use pyo3::types::PyAny;
use xiangqi::tournament::{rank_event, Event, Preset, RankingSpec, Standings as Ranked};

use crate::errors::{name_error, raise, EventError, Place};

/// Ranked standings: `str()` is the table the command line's `standings` prints, with what separated each two
/// neighbours; `json()` the `standings --json` form; `rows` that form's rows as dicts.
#[pyclass(module = "xiangqi", frozen)]
pub(crate) struct Standings {
    inner: Ranked,
}

#[pymethods]
impl Standings {
    /// The event's name.
    #[getter]
    fn event(&self) -> String {
        self.inner.event.clone()
    }

    /// The ranking rules applied (`axf-rr`, `fide`, …).
    #[getter]
    fn ruleset(&self) -> String {
        self.inner.ruleset.clone()
    }

    /// The participants' ids, best first.
    #[getter]
    fn ids(&self) -> Vec<String> {
        self.inner.rows.iter().map(|row| row.id.clone()).collect()
    }

    /// The places (1 = first; tied participants share a place), in the order of `ids`.
    #[getter]
    fn places(&self) -> Vec<usize> {
        self.inner.rows.iter().map(|row| row.place).collect()
    }

    /// For each two neighbours, what separated them (`a above b: 积分 (score) 3 > 2`).
    #[getter]
    fn explanations(&self) -> Vec<String> {
        self.inner.explanations.iter().map(ToString::to_string).collect()
    }

    /// The standings as JSON (the `standings --json` form).
    fn json(&self, py: Python<'_>) -> PyResult<String> {
        serde_json::to_string(&self.inner)
            .map_err(|error| raise::<EventError>(py, error.to_string(), Place::kind("json")))
    }

    /// The rows of the JSON form, as dicts.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rows = serde_json::to_string(&self.inner.rows)
            .map_err(|error| raise::<EventError>(py, error.to_string(), Place::kind("json")))?;
        py.import("json")?.call_method1("loads", (rows,))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Standings {:?} {}: {}>", self.inner.event, self.inner.ruleset, self.ids().join(" "))
    }
}

/// Ranks `event` — its JSON text, or the same as a dict — as its `ranking` chooses, or by `preset` instead of
/// the event's preset (`axf-rr`, `axf-swiss`, `roc-rr`, `cxa-14.1`, `fide`, …). Raises `EventError` for an
/// event that cannot be read or ranked, `ParseError` for a preset that is none.
#[pyfunction]
#[pyo3(signature = (event, preset=None))]
pub(crate) fn standings(py: Python<'_>, event: &Bound<'_, PyAny>, preset: Option<&str>) -> PyResult<Standings> {
    let preset = preset.map(str::parse::<Preset>).transpose().map_err(|error| name_error(py, error))?;
    let text: String = match event.extract::<String>() {
        Ok(text) => text,
        Err(_) => py.import("json")?.call_method1("dumps", (event,))?.extract()?,
    };
    let event: Event = serde_json::from_str(&text)
        .map_err(|error| raise::<EventError>(py, format!("event: {error}"), Place::kind("bad_event")))?;
    let inner = rank_event(&event, &RankingSpec { preset, ..RankingSpec::default() })
        .map_err(|error| raise::<EventError>(py, format!("event: {error}"), Place::kind("unrankable")))?;
    Ok(Standings { inner })
}
