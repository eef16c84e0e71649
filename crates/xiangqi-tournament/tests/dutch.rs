//! The FIDE Dutch system against bbpPairings: every tournament of tests/data/dutch (made by
//! scripts/golden/dutch_bbp.py with bbpPairings' generator) re-paired round by round from the rounds before
//! it, and compared with bbpPairings' own `-p` output for that round.

use std::fs;
use std::path::{Path, PathBuf};

use xiangqi_tournament::dutch::{self, DutchError};
use xiangqi_tournament::trf::Trf;

/// The golden tournaments: (seed, TRF text, the pairings text).
fn golden() -> Vec<(String, String, String)> {
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch");
    let mut seeds: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            (path.extension()? == "trf").then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    seeds.sort();
    seeds
        .into_iter()
        .map(|seed| {
            let trf = fs::read_to_string(dir.join(format!("{seed}.trf"))).unwrap();
            let pairs = fs::read_to_string(dir.join(format!("{seed}.pairs"))).unwrap();
            (seed, trf, pairs)
        })
        .collect()
}

/// The `-p` output of each round, from a `.pairs` file: `round R` lines, each followed by that output.
fn rounds_of(pairs: &str) -> Vec<(u32, String)> {
    let mut rounds: Vec<(u32, String)> = Vec::new();
    for line in pairs.lines() {
        if let Some(round) = line.strip_prefix("round ") {
            rounds.push((round.parse().unwrap(), String::new()));
        } else if let Some((_, text)) = rounds.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    rounds
}

/// Re-pairs every round of each of `golden` and compares it with bbpPairings' pairing of that round.
fn assert_paired_as_bbp_pairings(golden: &[(String, String, String)]) {
    let mut failures = Vec::new();
    let mut rounds_checked = 0;
    for (seed, text, pairs) in golden {
        let trf = Trf::parse(text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for (round, expected) in rounds_of(pairs) {
            rounds_checked += 1;
            let got = dutch::pair_round(&trf, round).map(|pairing| pairing.bbp_text());
            if got.as_deref() != Ok(expected.as_str()) {
                failures.push(format!("seed {seed} round {round}: expected\n{expected}got\n{got:?}"));
                break;
            }
        }
    }
    assert!(rounds_checked >= 5 * golden.len(), "{rounds_checked} rounds in {} tournaments", golden.len());
    let identical = golden.len() - failures.len();
    assert!(
        failures.is_empty(),
        "{identical} of {} tournaments identical ({rounds_checked} rounds checked); first failures:\n{}",
        golden.len(),
        failures.iter().take(3).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn a_sample_of_the_golden_tournaments_is_paired_as_bbp_pairings_pairs_it() {
    // Every 20th tournament (50, of every size), so that the README's test command stays fast; the whole set is
    // the ignored test below.
    let sample: Vec<_> = golden().into_iter().step_by(20).collect();
    assert_eq!(sample.len(), 50);
    assert_paired_as_bbp_pairings(&sample);
}

#[test]
#[ignore = "the whole golden set, 1,000 tournaments: about 2 minutes of CPU in the dev profile; .ci/run runs it"]
fn every_golden_tournament_is_paired_as_bbp_pairings_pairs_it() {
    let golden = golden();
    assert!(golden.len() >= 1000, "{} golden tournaments", golden.len());
    assert_paired_as_bbp_pairings(&golden);
}

#[test]
fn the_number_of_rounds_is_needed_and_bounds_the_round() {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/small.trf")).unwrap();
    let trf = Trf::parse(&text).unwrap();
    assert_eq!(dutch::pair_round(&trf, 0), Err(DutchError::RoundZero));
    assert_eq!(dutch::pair_round(&trf, 6), Err(DutchError::AfterLastRound { round: 6, rounds: 5 }));
    let mut without = trf.clone();
    without.rounds = None;
    assert_eq!(dutch::pair_round(&without, 3), Err(DutchError::UnknownRoundCount));
    let mut accelerated = trf.clone();
    accelerated.other_lines.push("XXA    1  1.0".into());
    assert_eq!(
        dutch::pair_round(&accelerated, 3).unwrap_err().to_string(),
        "acceleration (XXA) is not supported by this pairing"
    );
}

#[test]
fn a_trf_built_by_hand_is_checked_first() {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/small.trf")).unwrap();
    let mut trf = Trf::parse(&text).unwrap();
    trf.players[0].rounds[0].as_mut().unwrap().opponent = Some(42);
    assert_eq!(
        dutch::pair_round(&trf, 3).unwrap_err().to_string(),
        "the file is not valid: line 2: round 1: unknown player 42"
    );
}

#[test]
fn players_who_may_not_meet_make_no_valid_pairing() {
    // Two players who have met already, one round left: no pairing.
    let text = "\
001    1      A                                                                  1.0          2 w 1
001    2      B                                                                  0.0          1 b 0
XXR 2
";
    let trf = Trf::parse(text).unwrap();
    assert_eq!(dutch::pair_round(&trf, 2), Err(DutchError::NoValidPairing { round: 2 }));
    // Round 1 pairs them (B has the bye in neither round: two players, one pair).
    assert_eq!(dutch::pair_round(&trf, 1).unwrap().bbp_text(), "1\n1 2\n");
}
