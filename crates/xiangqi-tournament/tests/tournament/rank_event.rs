//! `rank_event`: an event file's own ranking choice, with a caller's preset and policy overrides on top.

use xiangqi_tournament::*;

/// The crate example's Berger-4 round robin: A beat B, B beat C, C beat A, all three on 4 points. Under `axf-rr`
/// the cycle is split by 后手胜局 (C first); then `restart` puts A above B (A beat B) and `continue` B above A.
const CYCLE: &str = r#"{"players": ["A", "B", "C", "D"], "rounds": [
    {"games": [{"red": "A", "black": "D", "result": "1-0"}, {"red": "B", "black": "C", "result": "1-0"}]},
    {"games": [{"red": "D", "black": "C", "result": "0-1"}, {"red": "A", "black": "B", "result": "1-0"}]},
    {"games": [{"red": "B", "black": "D", "result": "1-0"}, {"red": "C", "black": "A", "result": "1-0"}]}]"#;

fn event(ranking: &str) -> Event {
    let text = if ranking.is_empty() { format!("{CYCLE}}}") } else { format!("{CYCLE}, \"ranking\": {ranking}}}") };
    serde_json::from_str(&text).unwrap()
}

fn order(standings: &Standings) -> Vec<&str> {
    standings.rows.iter().map(|row| row.id.as_str()).collect()
}

/// A caller's choice of `--preset` and `--policy` settings.
fn choice(preset: Option<Preset>, settings: &[&str]) -> RankingSpec {
    let mut policies = PolicyOverrides::default();
    for setting in settings {
        policies.set(setting).unwrap();
    }
    RankingSpec { preset, criteria: None, policies }
}

#[test]
fn without_a_choice_the_event_gets_its_default_preset() {
    let event = event("");
    let standings = rank_event(&event, &RankingSpec::default()).unwrap();
    let tournament = Tournament::new(&event).unwrap();
    assert_eq!(standings, rank(&tournament, &Preset::AxfIndividualRoundRobin.rules()));
    assert_eq!(standings.ruleset, "axf-rr");
    assert_eq!(order(&standings), ["C", "A", "B", "D"]);
}

#[test]
fn the_file_chooses_and_the_caller_overrides() {
    let continued = event(r#"{"policies": {"tie_split": "continue"}}"#);
    assert_eq!(order(&rank_event(&continued, &RankingSpec::default()).unwrap()), ["C", "B", "A", "D"]);
    // The caller's override comes after the file's.
    let restarted = rank_event(&continued, &choice(None, &["tie_split=restart"])).unwrap();
    assert_eq!(order(&restarted), ["C", "A", "B", "D"]);
    assert_eq!(restarted.policies.tie_split, TieSplit::Restart);
    // A caller's preset keeps the file's overrides.
    let fide = rank_event(&continued, &choice(Some(Preset::FideStyle), &[])).unwrap();
    assert_eq!((fide.ruleset.as_str(), fide.policies.tie_split), ("fide", TieSplit::Continue));
    assert_eq!(fide.criteria, Preset::FideStyle.criteria());
}

#[test]
fn a_callers_preset_drops_the_files_custom_criteria() {
    let custom = event(r#"{"preset": "cxa-14.1", "criteria": ["score", "lots"], "policies": {"lots_seed": 5}}"#);
    let standings = rank_event(&custom, &RankingSpec::default()).unwrap();
    assert_eq!(standings.ruleset, "cxa-14.1 (custom criteria)");
    assert_eq!(standings.criteria, [Criterion::Score, Criterion::Lots]);
    assert_eq!(standings.policies.lots_seed, 5);
    let preset = rank_event(&custom, &choice(Some(Preset::AxfIndividualRoundRobin), &[])).unwrap();
    assert_eq!((preset.ruleset.as_str(), preset.policies.lots_seed), ("axf-rr", 5));
    assert_eq!(preset.criteria, Preset::AxfIndividualRoundRobin.criteria());
    assert_eq!(order(&preset), ["C", "A", "B", "D"]);
}

#[test]
fn a_swiss_event_scores_its_unmarked_byes_as_wins_unless_told() {
    let text = r#"{"system": "swiss", "players": ["A", "B", "C"], "rounds": [
        {"games": [{"red": "A", "black": "B", "result": "1-0"}], "byes": [{"player": "C"}]},
        {"games": [{"red": "C", "black": "A", "result": "="}], "byes": [{"player": "B", "kind": "half"}]}]}"#;
    let event: Event = serde_json::from_str(text).unwrap();
    let score = |standings: &Standings| -> Vec<String> {
        ["A", "B", "C"]
            .iter()
            .map(|id| standings.rows.iter().find(|row| row.id == *id).unwrap().values[0].1.to_string())
            .collect()
    };
    let swiss = rank_event(&event, &RankingSpec::default()).unwrap();
    assert_eq!((swiss.ruleset.as_str(), swiss.policies.default_bye), ("axf-swiss", ByeKind::Full));
    assert_eq!(score(&swiss), ["3", "1", "3"], "C: a bye as a win, then a draw; B: a half bye");
    let zero = rank_event(&event, &choice(None, &["default_bye=zero"])).unwrap();
    assert_eq!(score(&zero), ["3", "1", "1"], "the marked half bye stays");
}

#[test]
fn a_bad_event_is_its_event_error() {
    let mut event = event("");
    event.rounds[2].games[1].black = Some("Z".into());
    let error = rank_event(&event, &RankingSpec::default()).unwrap_err();
    assert_eq!(error, EventError::UnknownId { id: "Z".into(), at: "rounds[2].games[1].black".into() });
    assert_eq!(error.to_string(), "round 3, game 2, black (rounds[2].games[1].black): unknown participant \"Z\"");
}
