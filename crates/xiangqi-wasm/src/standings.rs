//! Standings of an event given as JSON (the format of the repository's `docs/tournament.md`).

use serde::Serialize;
use xiangqi::tournament::{rank, Event, Standings, Tournament};

use crate::input::InputError;

/// Ranked standings, as a table and as data.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranked {
    /// The table as the `standings` example prints it, with what separated each two neighbours.
    pub text: String,
    /// The standings as data (the `standings --json` form).
    pub standings: Standings,
}

/// Ranks the event `json` by `preset` (a preset name, or `None` for the event's own `ranking.preset`, else the
/// default for its kind).
///
/// # Errors
/// [`InputError::Event`] for JSON that is not an event, an inconsistent event or an unknown preset.
pub fn standings(json: &str, preset: Option<&str>) -> Result<Ranked, InputError> {
    let event: Event = serde_json::from_str(json).map_err(|e| InputError::Event(e.to_string()))?;
    let tournament = Tournament::new(&event).map_err(|e| InputError::Event(e.to_string()))?;
    let ruleset = event.ranking.ruleset(&tournament, preset).map_err(|e| InputError::Event(e.to_string()))?;
    let standings = rank(&tournament, &ruleset);
    Ok(Ranked { text: standings.to_string(), standings })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVENT: &str = r#"{"name": "Three", "kind": "individual", "system": "round_robin",
        "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}, {"id": "c", "name": "C"}],
        "rounds": [{"games": [{"red": "a", "black": "b", "result": "1-0"}]},
                   {"games": [{"red": "b", "black": "c", "result": "1-0"}]},
                   {"games": [{"red": "c", "black": "a", "result": "="}]}]}"#;

    #[test]
    fn ranks_an_event() {
        let ranked = standings(EVENT, None).unwrap();
        let json = serde_json::to_value(&ranked.standings).unwrap();
        let ids: Vec<&str> = json["rows"].as_array().unwrap().iter().map(|row| row["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert_eq!(json["ruleset"], "axf-rr");
        assert!(ranked.text.contains("a above b: 积分 (score) 3 > 2"), "{}", ranked.text);
    }

    #[test]
    fn bad_events_are_errors() {
        assert!(standings("{", None).unwrap_err().to_string().starts_with("event: "));
        assert!(standings(EVENT, Some("no-such-preset")).is_err());
    }
}
