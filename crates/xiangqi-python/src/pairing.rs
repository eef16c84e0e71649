//! `xiangqi.pair`, `xiangqi.Trf` and `xiangqi.pair_dutch`: the next round of a Swiss event paired by the
//! tournament crate's `pair_event` (积分编排, docs/tournament.md §13), and a round of a TRF file paired by its
//! `dutch::pair_round` (FIDE Dutch as bbpPairings pairs it, §14). No pairing logic lives here.

use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict};
use xiangqi::tournament::dutch::{self, DutchError};
use xiangqi::tournament::pairing::{
    pair_event, ByeEligibility, ColourPreference, ForfeitMeeting, GroupOrder, PairingError, PairingSpec, PairingSystem,
    RoundPairing,
};
use xiangqi::tournament::trf::{Trf as LibraryTrf, TrfError as LibraryTrfError, TrfEventError};
use xiangqi::tournament::{ByeKind, Event, Preset};

use crate::errors::{name_error, raise, EventError, Place, TrfError};

/// The pairing of one round (积分编排): `round`, `tables` (dicts: `table`, `red`, `black`, `red_score`,
/// `black_score`, the scores before the round as text), `pairs` (the tables as `(red, black)` ids), `byes`
/// (dicts: `player`, `kind`, `requested`, `score`), `to_dict()` (the `pair --json` form); `str()` is the table
/// the command line's `pair` prints.
#[pyclass(module = "xiangqi", frozen)]
pub(crate) struct Pairing {
    inner: RoundPairing,
}

/// A value as a Python object through its JSON form (the form the command line's `--json` prints).
fn json_object<'py>(py: Python<'py>, json: serde_json::Result<String>) -> PyResult<Bound<'py, PyAny>> {
    let text = json.map_err(|error| raise::<EventError>(py, error.to_string(), Place::kind("json")))?;
    py.import("json")?.call_method1("loads", (text,))
}

#[pymethods]
impl Pairing {
    /// The round paired, from 1.
    #[getter]
    fn round(&self) -> usize {
        self.inner.round
    }

    /// The tables as `(red, black)` ids, best first.
    #[getter]
    fn pairs(&self) -> Vec<(String, String)> {
        self.inner.tables.iter().map(|table| (table.red.clone(), table.black.clone())).collect()
    }

    /// The tables as dicts: `table` (from 1), `red`, `black`, `red_score`, `black_score`.
    #[getter]
    fn tables<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_object(py, serde_json::to_string(&self.inner.tables))
    }

    /// The byes as dicts: `player`, `kind` (`full`, `half`, `zero`), `requested`, `score`; the pairing's first.
    #[getter]
    fn byes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_object(py, serde_json::to_string(&self.inner.byes))
    }

    /// Whether the tables are team matches (the red team has Red on the odd boards).
    #[getter]
    fn team(&self) -> bool {
        self.inner.team
    }

    /// The pairing as a dict: `round`, `tables`, `byes`, `team`, `boards`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_object(py, serde_json::to_string(&self.inner))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let mut text = format!("<Pairing round {}:", self.inner.round);
        for table in &self.inner.tables {
            text.push_str(&format!(" {}-{}", table.red, table.black));
        }
        for bye in &self.inner.byes {
            text.push_str(&format!(" bye {}", bye.player));
        }
        text.push('>');
        text
    }
}

/// The kind word of a pairing error.
fn pairing_kind(error: &PairingError) -> &'static str {
    match error {
        PairingError::Event(_) => "bad_event",
        PairingError::RoundRobin => "round_robin",
        PairingError::TooManyParticipants { .. } => "too_many_participants",
        PairingError::TooFewParticipants { .. } => "too_few_participants",
        PairingError::NoByeCandidate { .. } => "no_bye_candidate",
        PairingError::NoPairing { .. } => "no_pairing",
        _ => "unpairable",
    }
}

/// The event of `event`: its JSON text, or the same as a dict (the input of `standings`).
fn read_event(py: Python<'_>, event: &Bound<'_, PyAny>) -> PyResult<Event> {
    let text: String = match event.extract::<String>() {
        Ok(text) => text,
        Err(_) => py.import("json")?.call_method1("dumps", (event,))?.extract()?,
    };
    serde_json::from_str(&text)
        .map_err(|error| raise::<EventError>(py, format!("event: {error}"), Place::kind("bad_event")))
}

/// The pairing choice of `policies`: `preset`, `group_order`, `colours`, `bye_eligibility`, `forfeits`, `bye`,
/// and any other key a ranking policy override (`bye_opponent="lowest"`), as the command line's `--policy`.
fn pairing_spec(py: Python<'_>, policies: Option<&Bound<'_, PyDict>>) -> PyResult<PairingSpec> {
    let mut spec = PairingSpec::default();
    let Some(policies) = policies else {
        return Ok(spec);
    };
    for (key, value) in policies.iter() {
        let key: String = key.extract()?;
        let value: String = value.extract().map_err(|_| {
            raise::<crate::errors::ParseError>(
                py,
                format!("{key}: the value of a policy is a str"),
                Place::kind("bad_name"),
            )
        })?;
        match key.as_str() {
            "preset" => spec.ranking.preset = Some(value.parse::<Preset>().map_err(|error| name_error(py, error))?),
            "group_order" => {
                spec.group_order = Some(value.parse::<GroupOrder>().map_err(|error| name_error(py, error))?)
            }
            "colours" => spec.colours = Some(value.parse::<ColourPreference>().map_err(|error| name_error(py, error))?),
            "bye_eligibility" => {
                spec.bye_eligibility = Some(value.parse::<ByeEligibility>().map_err(|error| name_error(py, error))?)
            }
            "forfeits" => spec.forfeits = Some(value.parse::<ForfeitMeeting>().map_err(|error| name_error(py, error))?),
            "bye" => spec.bye = Some(value.parse::<ByeKind>().map_err(|error| name_error(py, error))?),
            _ => spec.ranking.policies.set(&format!("{key}={value}")).map_err(|error| name_error(py, error))?,
        }
    }
    Ok(spec)
}

/// Pairs the next round of the Swiss `event` — its JSON text, or the same as a dict, as `standings` takes it —
/// by `system` (`xiangqi`: 积分编排), with the policies as keywords. Raises `EventError` for an event that
/// cannot be read or paired, `ParseError` for a name or policy that is none.
#[pyfunction]
#[pyo3(signature = (event, system="xiangqi", **policies))]
pub(crate) fn pair(
    py: Python<'_>,
    event: &Bound<'_, PyAny>,
    system: &str,
    policies: Option<&Bound<'_, PyDict>>,
) -> PyResult<Pairing> {
    let PairingSystem::Xiangqi = system.parse::<PairingSystem>().map_err(|error| name_error(py, error))?;
    let spec = pairing_spec(py, policies)?;
    let event = read_event(py, event)?;
    let inner = pair_event(&event, &spec)
        .map_err(|error| raise::<EventError>(py, format!("event: {error}"), Place::kind(pairing_kind(&error))))?;
    Ok(Pairing { inner })
}

/// A TRF error with its line.
fn trf_error(py: Python<'_>, error: &LibraryTrfError) -> PyErr {
    raise::<TrfError>(
        py,
        error.to_string(),
        Place { kind: Some("bad_trf"), line: Some(error.line), ..Place::default() },
    )
}

/// A FIDE tournament report file (TRF-2016 and the lines bbpPairings reads): `Trf.parse(text)`, `str()` the
/// file written back, `to_event()` the event dict `standings` and `pair` take.
#[pyclass(module = "xiangqi", frozen)]
pub(crate) struct Trf {
    inner: LibraryTrf,
}

#[pymethods]
impl Trf {
    /// Reads a TRF file's text. Raises `TrfError` with the `line` (from 1) of the first problem.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Trf> {
        LibraryTrf::parse(text).map(|inner| Trf { inner }).map_err(|error| trf_error(py, &error))
    }

    /// The text of the `012` line (the event's name), if there is one.
    #[getter]
    fn name(&self) -> Option<String> {
        self.inner.name().map(str::to_owned)
    }

    /// The start numbers of the players, in the file's order.
    #[getter]
    fn players(&self) -> Vec<u32> {
        self.inner.players.iter().map(|player| player.id).collect()
    }

    /// The number of rounds somebody was paired in.
    #[getter]
    fn paired_rounds(&self) -> u32 {
        self.inner.paired_rounds()
    }

    /// The event as a dict (the tournament JSON of docs/tournament.md). Raises `TrfError` when the file holds
    /// what the event model has no place for.
    fn to_event<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let event = self
            .inner
            .to_event()
            .map_err(|error: TrfEventError| raise::<TrfError>(py, error.to_string(), Place::kind("not_an_event")))?;
        json_object(py, serde_json::to_string(&event))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Trf {:?}: {} players, {} rounds paired>",
            self.inner.name().unwrap_or(""),
            self.inner.players.len(),
            self.inner.paired_rounds()
        )
    }
}

/// A round paired by the Dutch system: `round`, `pairs` (`(white, black)` start numbers, in bbpPairings'
/// order), `bye` (the start number given the pairing's bye, or None); `bbp_text()` is bbpPairings' `-p` output.
#[pyclass(module = "xiangqi", frozen)]
pub(crate) struct DutchPairing {
    round: u32,
    inner: dutch::Pairing,
}

#[pymethods]
impl DutchPairing {
    /// The round paired, from 1.
    #[getter]
    fn round(&self) -> u32 {
        self.round
    }

    /// The pairs as `(white, black)` start numbers.
    #[getter]
    fn pairs(&self) -> Vec<(u32, u32)> {
        self.inner.pairs.clone()
    }

    /// The start number given the pairing's bye, if any.
    #[getter]
    fn bye(&self) -> Option<u32> {
        self.inner.bye
    }

    /// bbpPairings' `-p` form: the number of pairs (the bye counts), a `white black` line a pair, the bye `id 0`.
    fn bbp_text(&self) -> String {
        self.inner.bbp_text()
    }

    fn __repr__(&self) -> String {
        let mut text = format!("<DutchPairing round {}:", self.round);
        for (white, black) in &self.inner.pairs {
            text.push_str(&format!(" {white}-{black}"));
        }
        if let Some(bye) = self.inner.bye {
            text.push_str(&format!(" bye {bye}"));
        }
        text.push('>');
        text
    }
}

/// The kind word of a Dutch pairing error.
fn dutch_kind(error: &DutchError) -> &'static str {
    match error {
        DutchError::InvalidFile(_) => "bad_trf",
        DutchError::RoundZero => "round_zero",
        DutchError::UnknownRoundCount => "unknown_round_count",
        DutchError::AfterLastRound { .. } => "after_last_round",
        DutchError::MissingStartNumber { .. } => "missing_start_number",
        DutchError::Unsupported(_) => "unsupported",
        DutchError::NoValidPairing { .. } => "no_pairing",
        DutchError::TooLarge { .. } => "too_large",
        _ => "unpairable",
    }
}

/// Pairs round `round` of `trf` (default: the round after the last paired) by the FIDE Dutch system, as
/// bbpPairings does. Raises `TrfError` for a round that cannot be paired (`kind` says why).
#[pyfunction]
#[pyo3(signature = (trf, round=None))]
pub(crate) fn pair_dutch(py: Python<'_>, trf: &Trf, round: Option<i64>) -> PyResult<DutchPairing> {
    let round = match round {
        None => trf.inner.paired_rounds().saturating_add(1),
        Some(round) => u32::try_from(round).map_err(|_| {
            raise::<TrfError>(py, format!("round {round}: rounds count from 1"), Place::kind("round_zero"))
        })?,
    };
    let inner = dutch::pair_round(&trf.inner, round).map_err(|error| {
        let line = match &error {
            DutchError::InvalidFile(inner) => Some(inner.line),
            _ => None,
        };
        raise::<TrfError>(py, error.to_string(), Place { kind: Some(dutch_kind(&error)), line, ..Place::default() })
    })?;
    Ok(DutchPairing { round, inner })
}
