//! Standings of an event given as JSON (the format of the repository's `docs/tournament.md`).

use serde::Serialize;
use xiangqi::tournament::{rank_event, Event, Preset, RankingSpec, Standings};

use crate::failure::Failure;

/// Ranked standings, as a table and as data.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranked {
    /// The table as the `standings` example prints it, with what separated each two neighbours.
    pub text: String,
    /// The standings as data (the `standings --json` form).
    pub standings: Standings,
}

/// Ranks the event `json` as its `ranking` chooses, by `preset` instead of the event's preset if given (a preset
/// name, read as `xiangqi standings --preset` reads it).
///
/// # Errors
/// [`Failure::Value`] for a preset name that is none; [`Failure::Event`] for JSON that is not an event
/// (a preset in the file that is none included) and an event that cannot be ranked.
pub fn standings(json: &str, preset: Option<&str>) -> Result<Ranked, Failure> {
    let preset = preset.map(str::parse::<Preset>).transpose().map_err(|e| Failure::Value(e.to_string()))?;
    let event: Event = serde_json::from_str(json).map_err(|e| Failure::Event(e.to_string()))?;
    let standings = rank_event(&event, &RankingSpec { preset, ..RankingSpec::default() })
        .map_err(|e| Failure::Event(e.to_string()))?;
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
        assert_eq!(standings(EVENT, Some("FIDE")).unwrap().standings.ruleset, "fide");
    }

    #[test]
    fn bad_events_are_errors() {
        assert!(standings("{", None).unwrap_err().to_string().starts_with("event: "));
        assert_eq!(
            standings(EVENT, Some("no-such-preset")).unwrap_err().to_string(),
            String::from(
                "invalid preset `no-such-preset`: expected one of axf-rr, axf-swiss, axf-team-rr, axf-team-swiss, \
                 axf-short-rr, axf-short-swiss, roc-rr, roc-swiss, roc-team-rr, roc-team-swiss, cxa-14.1, cxa-14.2, \
                 cxa-14.3.1, cxa-14.3.2, fide",
            )
        );
        let bad_preset = r#"{"players": ["a"], "ranking": {"preset": "axf-team"}}"#;
        let error = standings(bad_preset, None).unwrap_err().to_string();
        assert!(error.starts_with("event: ranking.preset: invalid preset `axf-team`: expected one of "), "{error}");
    }
}
