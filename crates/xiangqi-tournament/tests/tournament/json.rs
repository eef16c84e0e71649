//! The JSON input and output formats (docs/tournament.md).

use xiangqi_tournament::*;

const SAMPLE: &str = include_str!("../../../../examples/data/standings-sample.json");

fn parse(text: &str) -> Result<Event, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

#[test]
fn the_sample_event_ranks_and_prints_json() {
    let event = parse(SAMPLE).unwrap();
    let tournament = Tournament::new(&event).unwrap();
    let ruleset = event.ranking.ruleset(&tournament, None).unwrap();
    assert_eq!(ruleset.name, "axf-rr");
    let standings = rank(&tournament, &ruleset);
    let order: Vec<&str> = standings.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(order, ["2", "1", "6", "3", "5", "4"]);
    assert_eq!(standings.explanations[3].to_string(), "3 above 5: 小分 (Sonneborn-Berger) 10.5 > 9");
    assert_eq!(
        standings.explanations[4].to_string(),
        "5 above 4: 两人对赛时执后手者 (second mover in the mutual game) 1 > 0"
    );
    // Values are keyed by criterion, in ranking order; points are strings, counts integers, n/a null.
    assert_eq!(
        serde_json::to_string(&standings.rows[0]).unwrap(),
        r#"{"place":1,"shared":false,"id":"2","name":"王芳","values":{"score":"7","sonneborn-berger":"14.5","direct-encounter":null,"wins":3,"second-mover-wins":1,"second-mover-games":2,"second-mover-in-mutual-game":null,"fewer-fouls":0}}"#
    );
    // 5 and 4 were separated in a tie of two after 3 left the tie of three: their head-to-head values are shown.
    let row = |id: &str| standings.rows.iter().find(|r| r.id == id).unwrap();
    assert_eq!(
        row("5").value(Criterion::DirectEncounter(EncounterMode::PairOnly)),
        Some(&Value::Points(Points::whole(1)))
    );
    assert_eq!(row("5").value(Criterion::SecondMoverInMutualGame), Some(&Value::Count(1)));
    assert_eq!(row("4").value(Criterion::SecondMoverInMutualGame), Some(&Value::Count(0)));
    let json: serde_json::Value = serde_json::to_value(&standings).unwrap();
    assert_eq!(json["criteria"][1], "sonneborn-berger");
    assert_eq!(json["explanations"][3]["reason"]["by"], "criterion");
    assert_eq!(json["explanations"][3]["reason"]["above"], "10.5");
    assert_eq!(json["explanations"][3]["reason"]["below"], "9");
    assert_eq!(json["policies"]["tie_split"], "restart");
}

#[test]
fn standings_round_trip() {
    let event = parse(SAMPLE).unwrap();
    let tournament = Tournament::new(&event).unwrap();
    let standings = rank(&tournament, &event.ranking.ruleset(&tournament, None).unwrap());
    let text = serde_json::to_string(&standings).unwrap();
    assert_eq!(serde_json::from_str::<Standings>(&text).unwrap(), standings);
    let list = r#"{"place":1,"shared":true,"id":"A","values":{"previous-rounds":["3","1.5"],"lots":2}}"#;
    let row: Row = serde_json::from_str(list).unwrap();
    assert_eq!(row.name, "");
    assert_eq!(
        row.values,
        [
            (Criterion::PreviousRounds, Value::List(vec![Points::whole(3), Points::from_half_points(3)])),
            (Criterion::Lots, Value::Count(2)),
        ]
    );
    assert_eq!(serde_json::to_string(&row).unwrap(), list, "no name: no `name` field");
    let twice = r#"{"place":1,"shared":false,"id":"A","values":{"wins":1,"wins":2}}"#;
    assert!(serde_json::from_str::<Row>(twice).unwrap_err().to_string().contains("criterion wins appears twice"));
}

#[test]
fn players_are_bare_ids_or_objects() {
    let event = parse(r#"{"players": ["A", {"id": "B", "name": "张伟"}, {"id": "C"}]}"#).unwrap();
    let expected = [
        Entrant { id: "A".into(), name: String::new() },
        Entrant { id: "B".into(), name: "张伟".into() },
        Entrant { id: "C".into(), name: String::new() },
    ];
    assert_eq!(event.players, expected);
    let text = serde_json::to_string(&event).unwrap();
    assert!(text.contains(r#""players":["A",{"id":"B","name":"张伟"},"C"]"#), "{text}");
    assert_eq!(parse(&text).unwrap(), event);
    let error = parse(r#"{"players": [7]}"#).unwrap_err();
    assert!(error.contains("a participant: an id string, or an object with `id` and optionally `name`"), "{error}");
    let error = parse(r#"{"players": [{"id": "A", "nmae": "x"}]}"#).unwrap_err();
    assert!(error.contains("unknown field `nmae`"), "{error}");
}

#[test]
fn string_forms_are_display_and_from_str() {
    for result in TournamentResult::ALL {
        let json = serde_json::to_string(&result).unwrap();
        assert_eq!(json, format!("\"{result}\""));
        assert_eq!(serde_json::from_str::<TournamentResult>(&json).unwrap(), result);
        assert_eq!(result.to_string().parse::<TournamentResult>(), Ok(result));
    }
    for draw in ["1/2-1/2", "1/2", "½-½", "½"] {
        assert_eq!(draw.parse::<TournamentResult>(), Ok(TournamentResult::Draw), "{draw}");
    }
    for criterion in Preset::ALL.iter().flat_map(|p| p.criteria()) {
        let json = serde_json::to_string(&criterion).unwrap();
        assert_eq!(json, format!("\"{criterion}\""));
        assert_eq!(serde_json::from_str::<Criterion>(&json).unwrap(), criterion);
    }
    macro_rules! same_as_display {
        ($($ty:ty),+) => {$(
            for value in <$ty>::ALL {
                let json = serde_json::to_string(&value).unwrap();
                assert_eq!(json, format!("\"{value}\""));
                assert_eq!(serde_json::from_str::<$ty>(&json).unwrap(), value);
                assert_eq!(value.to_string().parse::<$ty>(), Ok(value));
            }
        )+};
    }
    same_as_display!(EventKind, System, ByeKind, ByeOpponent, ForfeitOpponent, TieSplit, ChampionPolicy);
    same_as_display!(OtherPlaces, WithdrawalCount, ExactHalf, AppearanceCount);
    assert_eq!(serde_json::to_string(&ByeOpponent::LowestNonZero).unwrap(), r#""lowest_non_zero""#);
    assert_eq!(serde_json::to_string(&System::RoundRobin).unwrap(), r#""round_robin""#);
    let error = serde_json::from_str::<TieSplit>("3").unwrap_err().to_string();
    assert!(error.contains("expected tie_split policy, one of: `restart` `continue`"), "{error}");
    // The colour is the board crate's, with the same JSON form as before: "red" / "black".
    let event = parse(r#"{"players": ["A"], "first_mover": "black"}"#).unwrap();
    assert_eq!(event.first_mover, Color::Black);
    assert!(serde_json::to_string(&event).unwrap().contains(r#""first_mover":"black""#));
    assert_eq!(parse(r#"{"players": ["A"]}"#).unwrap().first_mover, Color::Red);
    assert_eq!(serde_json::to_string(&Color::Red).unwrap(), format!("\"{}\"", Color::Red));
}

#[test]
fn events_round_trip() {
    let event = parse(SAMPLE).unwrap();
    let text = serde_json::to_string(&event).unwrap();
    assert_eq!(parse(&text).unwrap(), event);
}

#[test]
fn team_boards_are_objects_or_arrays() {
    let text = r#"{
        "kind": "team", "system": "swiss", "games_per_match": 2,
        "teams": [{"id": "T1"}, {"id": "T2"}],
        "rounds": [{"matches": [{"first": "T1", "second": "T2", "boards": [
            [{"result": "1-0"}, {"result": "="}],
            [{"result": "0-1", "red_player": "x", "black_player": "y"}, {"result": "1-0", "red": "T2"}]
        ]}]}],
        "scoring": {"win": 3, "draw": "1.5", "match_win": 3}
    }"#;
    let event = parse(text).unwrap();
    assert_eq!(event.scoring.draw_second_mover, Points::from_half_points(3));
    assert_eq!(event.scoring.forfeit_win, Points::whole(3));
    let standings = rank(&Tournament::new(&event).unwrap(), &Preset::AxfTeamSwiss.ruleset());
    // Board 1: T1 (Red) wins game 1, game 2 is drawn: 大分 to T1. Board 2: T2 has Red in game 1 and loses
    // ("0-1"), then T2 (named Red) wins game 2: 3–3, the board is drawn. T1 wins the match on 大分.
    assert_eq!(standings.rows[0].id, "T1");
    assert_eq!(standings.rows[0].values[0].1, Value::Points(Points::whole(3)));
    assert_eq!(standings.rows[0].values[2].1, Value::Points(Points::from_half_points(15)), "局分 3 + 1.5 + 3 + 0");
    let single = parse(
        r#"{"kind": "team", "teams": [{"id": "A"}, {"id": "B"}],
        "rounds": [{"matches": [{"first": "A", "second": "B", "boards": [{"result": "1-0"}]}]}]}"#,
    )
    .unwrap();
    assert_eq!(single.rounds[0].matches[0].boards[0].games.len(), 1);
}

#[test]
fn errors_name_the_bad_field() {
    let cases = [
        (
            r#"{"players": [{"id": "A"}], "rounds": [{"games": [{"red": "A", "black": "B", "reslt": "1-0"}]}]}"#,
            "unknown field `reslt`",
        ),
        (
            r#"{"players": [{"id": "A"}, {"id": "B"}], "rounds": [{"games": [{"red": "A", "black": "B", "result": "2-0"}]}]}"#,
            "unknown result \"2-0\"",
        ),
        (r#"{"players": [], "scoring": {"win": 2.5}}"#, "never a float"),
        (r#"{"players": [], "scoring": {"win": "2.3"}}"#, "invalid points \"2.3\""),
        (r#"{"players": [], "ranking": {"criteria": ["buchholz-cut9x"]}}"#, "unknown criterion \"buchholz-cut9x\""),
        (r#"{"players": [], "kind": "pairs"}"#, "unknown event kind \"pairs\": expected one of individual, team"),
        (r#"{"rounds": []}"#, "missing field `players`"),
        (
            r#"{"players": [], "rounds": [{"matches": [{"first": "A", "second": "B", "boards": [3]}]}]}"#,
            "a board: a game object, or an array of game objects",
        ),
    ];
    for (text, message) in cases {
        let error = parse(text).unwrap_err();
        assert!(error.contains(message), "{text}: {error}");
    }
    let event = parse(r#"{"players": [{"id": "A"}], "ranking": {"preset": "axf-team"}}"#).unwrap();
    let error = event.ranking.ruleset(&Tournament::new(&event).unwrap(), None).unwrap_err();
    assert!(error.to_string().starts_with("unknown preset \"axf-team\""));
}

/// Every event in `docs/tournament.md` parses, checks and ranks.
#[test]
fn the_documented_examples_work() {
    let doc = include_str!("../../../../docs/tournament.md");
    let mut events = 0;
    for block in doc.split("```json").skip(1) {
        let block = block.split("```").next().unwrap();
        if !(block.contains("\"players\"") || block.contains("\"teams\"")) {
            continue;
        }
        let event = parse(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
        let tournament = Tournament::new(&event).unwrap();
        let ruleset = event.ranking.ruleset(&tournament, None).unwrap();
        let standings = rank(&tournament, &ruleset);
        assert_eq!(standings.rows.len(), event.players.len());
        events += 1;
    }
    assert_eq!(events, 2);
    assert!(doc.contains(SAMPLE.trim()), "the documented full example is the sample file");
}
