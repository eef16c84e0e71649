//! `xiangqi pair`: the binary on event files written by each test, exit codes and output checked exactly.

use std::{path::PathBuf, process::Command};

/// Writes `contents` to a file of its own in the temporary folder and runs `xiangqi pair ARGS FILE` there.
fn pair(name: &str, contents: &str, args: &[&str]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("xiangqi-pair-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join("event.json");
    std::fs::write(&file, contents).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("pair")
        .args(args)
        .arg("event.json")
        .current_dir(&dir)
        .output()
        .expect("the binary runs");
    std::fs::remove_dir_all(&dir).unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap(), text(output.stdout), text(output.stderr))
}

const ROUND_TWO: &str = r#"{
  "system": "swiss",
  "players": ["1", "2", "3", "4", "5"],
  "rounds": [{"games": [{"red": "1", "black": "2", "result": "1-0"}, {"red": "3", "black": "4", "result": "0-1"}],
              "byes": [{"player": "5"}]}]
}"#;

#[test]
fn pair_prints_the_next_round() {
    // After round 1: 2 points 4 (won with Black), 1, 5 (the bye, no 胜局); 0 points 2, 3 (2 above by 后手赛局).
    // The bye to 3, the lowest without one; 4–1 (who had Red takes Black), then 2 (who had Black) Red against 5.
    let (code, stdout, stderr) = pair("text", ROUND_TWO, &["--system", "xiangqi"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        stdout,
        "round 2\ntable red score black score\n    1 4       2 1     2\n    2 2       0 5     2\nbye: 3 (0, full)\n"
    );
}

#[test]
fn pair_json_has_the_tables_and_byes() {
    let (code, stdout, _) = pair("json", ROUND_TWO, &["--json", "--group-order", "pairing_number"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    // By pairing number: 1, 4, 5 at 2 points, then 2, 3: the bye to 3; 1 meets 4 (the nearer of 4 and 5).
    assert_eq!(json["round"], 2);
    assert_eq!(json["tables"][0]["red"], "4");
    assert_eq!(json["tables"][0]["black"], "1");
    assert_eq!(json["tables"][0]["red_score"], "2");
    assert_eq!(json["byes"][0]["player"], "3");
    assert_eq!(json["byes"][0]["kind"], "full");
    assert_eq!(json["byes"][0]["requested"], false);
}

#[test]
fn pair_refuses_bad_input_and_says_where() {
    let unknown = r#"{"system": "swiss", "players": ["1", "2"], "forbidden_pairs": [{"players": ["1", "9"]}]}"#;
    let (code, stdout, stderr) = pair("unknown", unknown, &[]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert_eq!(
        stderr,
        "error: event.json: forbidden pair 1, participant 2 (forbidden_pairs[0].players[1]): unknown participant \"9\"\n"
    );

    // Not a JSON object: read as TRF, whose reader names the line.
    let (code, stdout, stderr) = pair("trf", "012 Swiss\n001 x\n", &[]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.starts_with("error: event.json: line 2"), "{stderr}");

    let round_robin = r#"{"players": ["1", "2"]}"#;
    let (code, _, stderr) = pair("rr", round_robin, &[]);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("error: event.json: the event is a round robin"), "{stderr}");

    let (code, _, stderr) = pair("system", ROUND_TWO, &["--system", "monrad"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("invalid value 'monrad' for '--system <SYSTEM>'"), "{stderr}");
}

/// The first golden tournament of the Dutch tests (made by bbpPairings: `scripts/golden/dutch_bbp.py`).
const DUTCH_TRF: &str = include_str!("../../xiangqi-tournament/tests/data/dutch/0001.trf");
const DUTCH_PAIRS: &str = include_str!("../../xiangqi-tournament/tests/data/dutch/0001.pairs");

/// The `-p` lines bbpPairings gave for round `round` of [`DUTCH_PAIRS`].
fn bbp_round(round: u32) -> String {
    let heading = format!("round {round}\n");
    let start = DUTCH_PAIRS.find(&heading).expect("the round is in the golden file") + heading.len();
    let rest = &DUTCH_PAIRS[start..];
    rest[..rest.find("round ").unwrap_or(rest.len())].to_owned()
}

#[test]
fn pair_dutch_repairs_a_bbppairings_tournament_round_by_round() {
    let rounds = DUTCH_PAIRS.matches("round ").count();
    assert!(rounds >= 5, "the golden tournament has {rounds} rounds");
    for round in 1..=u32::try_from(rounds).unwrap() {
        let text = round.to_string();
        let (code, stdout, stderr) =
            pair("dutch", DUTCH_TRF, &["--system", "dutch", "--pairs", "--round", &text, "--trf-in"]);
        assert_eq!((code, stderr.as_str()), (0, ""), "round {round}");
        assert_eq!(stdout, bbp_round(round), "round {round}");
    }
}

#[test]
fn pair_writes_the_trf_with_the_new_round() {
    let dir = std::env::temp_dir().join(format!("xiangqi-pair-{}-trf-out", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("event.json"), ROUND_TWO).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["pair", "--pairs", "--trf", "next.trf", "event.json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    // The same round as pair_prints_the_next_round, as start numbers: 4–1, 2–5, the bye to 3.
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "3\n4 1\n2 5\n3 0\n");
    let written = std::fs::read_to_string(dir.join("next.trf")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let trf = xiangqi::tournament::trf::Trf::parse(&written).expect("the written TRF reads back");
    // Round 1 as played (1–2 won by Red, 3–4 won by Black, the bye to 5), and the same round 2 from it.
    let entry = |id: u32| *trf.player(id).unwrap().round(1).unwrap();
    assert_eq!((entry(1).opponent, entry(4).opponent, entry(5).opponent), (Some(2), Some(3), None));
    assert_eq!(trf.player(4).unwrap().points, 20);
    assert_eq!(
        xiangqi::tournament::pairing::pair_event(&trf.to_event().unwrap(), &Default::default()).unwrap().round,
        2
    );
}
