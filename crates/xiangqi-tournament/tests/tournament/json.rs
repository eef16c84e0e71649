//! The JSON input and output formats (docs/tournament.md).

use xiangqi_tournament::*;

/// `value` serialises to exactly `json` and reads back equal.
fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug>(value: &T, json: &str) {
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
}

const SAMPLE: &str = include_str!("../../../../examples/data/standings-sample.json");

fn parse(text: &str) -> Result<Event, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

#[test]
fn the_sample_event_ranks_and_prints_json() {
    let event = parse(SAMPLE).unwrap();
    let tournament = Tournament::new(&event).unwrap();
    let rules = event.ranking.rules(tournament.default_preset());
    assert_eq!(rules.name, "axf-rr");
    let standings = rank(&tournament, &rules);
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
    let standings = rank_event(&event, &RankingSpec::default()).unwrap();
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
    let standings = rank(&Tournament::new(&event).unwrap(), &Preset::AxfTeamSwiss.rules());
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
            "invalid tournament result `2-0`: expected one of 1-0, 0-1, =, +-, -+, --, 0-0, annulled",
        ),
        (r#"{"players": [], "scoring": {"win": 2.5}}"#, "never a float"),
        (r#"{"players": [], "scoring": {"win": "2.3"}}"#, "invalid points `2.3`: expected a whole number"),
        (
            r#"{"players": [], "ranking": {"criteria": ["buchholz-cut9x"]}}"#,
            "invalid criterion `buchholz-cut9x`: expected",
        ),
        (r#"{"players": [], "kind": "pairs"}"#, "invalid event kind `pairs`: expected one of individual, team"),
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
    // A preset is a `Preset` in the file: a name that is none is bad data, refused where the file is read, with
    // the field, the line and the column.
    let error = parse(r#"{"players": [{"id": "A"}], "ranking": {"preset": "axf-team"}}"#).unwrap_err();
    assert_eq!(
        error,
        "ranking.preset: invalid preset `axf-team`: expected one of axf-rr, axf-swiss, axf-team-rr, axf-team-swiss, \
         axf-short-rr, axf-short-swiss, roc-rr, roc-swiss, roc-team-rr, roc-team-swiss, cxa-14.1, cxa-14.2, \
         cxa-14.3.1, cxa-14.3.2, fide at line 1 column 60"
    );
    let event = parse(r#"{"players": [{"id": "A"}], "ranking": {"preset": "CXA-14.1"}}"#).unwrap();
    assert_eq!(event.ranking.preset, Some(Preset::Cxa14_1), "read in any case");
    let error = parse(r#"{"players": [], "ranking": {"preset": 7}}"#).unwrap_err();
    assert!(error.starts_with("invalid type: integer `7`, expected a string"), "{error}");
    assert_eq!(parse(r#"{"players": [], "ranking": {}}"#).unwrap().ranking.preset, None);
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
        let standings = rank_event(&event, &RankingSpec::default()).unwrap();
        assert_eq!(standings.rows.len(), event.players.len());
        events += 1;
    }
    assert_eq!(events, 2);
    assert!(doc.contains(SAMPLE.trim()), "the documented full example is the sample file");
}

/// The exact JSON of every type, on a three-player round robin: A beats B, C has a bye (2 points), C and A draw,
/// and B leaves after round 1 (C scores its remaining game against B as a forfeit win under AXF 2008).
#[test]
fn every_type_round_trips_as_documented() {
    let event_json = concat!(
        r#"{"name":"","kind":"individual","system":"round_robin","games_per_match":1,"cycles":1,"first_mover":"red","#,
        r#""scoring":{"win":"2","draw_first_mover":"1","draw_second_mover":"1","loss":"0","forfeit_win":"2","#,
        r#""forfeit_loss":"0","double_forfeit":"0","bye_full":"2","bye_half":"1","bye_zero":"0","match_win":"2","#,
        r#""match_draw":"1","match_loss":"0"},"boards":0,"players":["A",{"id":"B","name":"张伟"},"C"],"#,
        r#""rounds":[{"games":[{"red":"A","black":"B","result":"1-0"}],"byes":[{"player":"C","kind":"full"}]},"#,
        r#"{"games":[{"red":"C","black":"A","result":"="}]}],"withdrawals":[{"player":"B","after_round":1}]}"#
    );
    let event = parse(event_json).unwrap();
    round_trip(&event, event_json);
    let tournament = Tournament::new(&event).unwrap();
    let rules = event.ranking.rules(tournament.default_preset());
    let policies = concat!(
        r#"{"default_bye":"zero","bye_opponent":"zero","forfeits":{"opponents":"counted","in_wins":true,"in_second_mover_counts":false},"#,
        r#""bye_counts_as_win":false,"tie_split":"restart","champion":"playoff","other_places":"shared","#,
        r#""withdrawal":{"count":"opponents","exact_half":"keep"},"appearances":"second_mover_games","lots_seed":0}"#
    );
    let criteria = concat!(
        r#"["score","sonneborn-berger","direct-encounter","wins","second-mover-wins","second-mover-games","#,
        r#""second-mover-in-mutual-game","fewer-fouls"]"#
    );
    round_trip(&rules, &format!(r#"{{"name":"axf-rr","criteria":{criteria},"policies":{policies}}}"#));
    let standings = rank(&tournament, &rules);
    let values = |score: &str, sb: &str, wins: u8, second_games: u8| {
        format!(
            concat!(
                r#"{{"score":"{}","sonneborn-berger":"{}","direct-encounter":null,"wins":{},"second-mover-wins":0,"#,
                r#""second-mover-games":{},"second-mover-in-mutual-game":null,"fewer-fouls":0}}"#
            ),
            score, sb, wins, second_games
        )
    };
    let rows = format!(
        concat!(
            r#"[{{"place":1,"shared":false,"id":"C","values":{}}},{{"place":2,"shared":false,"id":"A","values":{}}},"#,
            r#"{{"place":3,"shared":false,"id":"B","name":"张伟","values":{}}}]"#
        ),
        values("5", "1.5", 1, 0),
        values("3", "2.5", 1, 1),
        values("0", "0", 0, 1)
    );
    let explanations = concat!(
        r#"[{"above":"C","below":"A","reason":{"by":"criterion","criterion":"score","label":"积分","above":"5","#,
        r#""below":"3","group":3}},{"above":"A","below":"B","reason":{"by":"criterion","criterion":"score","#,
        r#""label":"积分","above":"3","below":"0","group":3}}]"#
    );
    round_trip(
        &standings,
        &format!(
            concat!(
                r#"{{"event":"","ruleset":"axf-rr","criteria":{},"policies":{},"rows":{},"explanations":{},"#,
                r#""withdrawals":[{{"id":"B","after_round":1,"played":1,"total":2,"annulled":false}}]}}"#
            ),
            criteria, policies, rows, explanations
        ),
    );
    round_trip(&Reason::Lots { above: 1, below: 2 }, r#"{"by":"lots","above":1,"below":2}"#);
    round_trip(&Reason::Playoff, r#"{"by":"playoff"}"#);
    round_trip(&Reason::Tied, r#"{"by":"tied"}"#);
    round_trip(&berger::round_robin(3)[0], r#"{"pairings":[{"red":2,"black":3}],"bye":1}"#);
    round_trip(&Preset::Cxa14_3_2, r#""cxa-14.3.2""#);
    for preset in Preset::ALL {
        round_trip(&preset, &format!("\"{preset}\""));
    }
    assert!(serde_json::from_str::<Preset>(r#""axf-team""#).unwrap_err().to_string().starts_with("invalid preset"));
    round_trip(&Points::from_half_points(11), r#""5.5""#);
    assert_eq!(serde_json::from_str::<Points>("2").unwrap(), Points::whole(2), "an integer is read too");
    round_trip(&Value::List(vec![Points::whole(3)]), r#"["3"]"#);
    round_trip(&Value::Count(2), "2");
    round_trip(&Value::NotApplicable, "null");
    round_trip(&TournamentResult::DoubleForfeit, r#""--""#);
    let overrides = concat!(
        r#"{"default_bye":null,"bye_opponent":null,"forfeit_opponents":null,"forfeit_in_wins":null,"#,
        r#""forfeit_in_second_mover_counts":null,"bye_counts_as_win":null,"tie_split":"continue","champion":null,"#,
        r#""other_places":null,"withdrawal_count":null,"withdrawal_exact_half":null,"appearances":null,"#,
        r#""lots_seed":null}"#
    );
    round_trip(&PolicyOverrides { tie_split: Some(TieSplit::Continue), ..PolicyOverrides::default() }, overrides);
}

/// A draw is `1/2-1/2` in a game record and `=` in an event: the conversions stated in docs/json.md. Every token
/// a record's result writes but `*` reads as the tournament result that `TryFrom` gives, and back.
#[test]
fn results_convert_between_records_and_events_as_documented() {
    for result in [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown] {
        let token = result.to_string();
        let read = token.parse::<TournamentResult>().ok();
        assert_eq!(read, TournamentResult::try_from(result).ok(), "{token}");
        if let Some(read) = read {
            assert_eq!(GameResult::try_from(read), Ok(result), "{token} converts back");
        }
    }
    let pairs: Vec<(String, String)> = TournamentResult::ALL
        .iter()
        .filter_map(|&r| GameResult::try_from(r).ok().map(|g| (g.to_string(), r.to_string())))
        .collect();
    let expected = [("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "=")];
    assert_eq!(pairs, expected.map(|(g, t)| (g.to_string(), t.to_string())));
    assert_eq!(
        "*".parse::<TournamentResult>().unwrap_err().to_string(),
        "invalid tournament result `*`: expected one of 1-0, 0-1, =, +-, -+, --, 0-0, annulled (a draw also as \
         1/2-1/2, ½-½, 1/2 or ½)"
    );
    assert_eq!(
        TournamentResult::try_from(GameResult::Unknown).unwrap_err().to_string(),
        "no matching result: `*` is not the result of a game played to its end"
    );
    assert_eq!(
        GameResult::try_from(TournamentResult::DoubleTimeout).unwrap_err().to_string(),
        "no matching result: `0-0` is not the result of a game played to its end"
    );
    // In JSON each type writes its own form.
    assert_eq!(serde_json::to_string(&GameResult::Draw).unwrap(), r#""1/2-1/2""#);
    assert_eq!(serde_json::to_string(&TournamentResult::Draw).unwrap(), r#""=""#);
    assert_eq!(serde_json::from_str::<TournamentResult>(r#""1/2-1/2""#).unwrap(), TournamentResult::Draw);
}

/// A bye without a kind is left to the ranking rules; it is written without `kind`.
#[test]
fn a_bye_kind_is_optional() {
    round_trip(&Bye { player: "C".into(), kind: None }, r#"{"player":"C"}"#);
    round_trip(&Bye { player: "C".into(), kind: Some(ByeKind::Zero) }, r#"{"player":"C","kind":"zero"}"#);
    let error = serde_json::from_str::<Bye>(r#"{"player":"C","kind":"double"}"#).unwrap_err().to_string();
    assert!(error.starts_with("invalid bye kind `double`: expected one of full, half, zero"), "{error}");
}
