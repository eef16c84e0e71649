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

    let (code, _, stderr) = pair("trf", "012 Swiss\n", &[]);
    assert_eq!((code, stderr.as_str()), (1, "error: event.json: not an event file (a JSON object)\n"));

    let round_robin = r#"{"players": ["1", "2"]}"#;
    let (code, _, stderr) = pair("rr", round_robin, &[]);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("error: event.json: the event is a round robin"), "{stderr}");

    let (code, _, stderr) = pair("system", ROUND_TWO, &["--system", "monrad"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("invalid value 'monrad' for '--system <SYSTEM>'"), "{stderr}");
}
