//! The shared repetition-rule cases (`$XIANGQI_TESTDATA/rule-cases.json`): every case with an `expected`
//! verdict must be ruled exactly so under AXF 2008; the disputed cases (`expected: null`) are printed.
//!
//! Move lists that end at the second occurrence of their final position are extended once by their last cycle
//! (`moves[-cycle_plies:]`), as `rule-cases.md` prescribes, to reach the third occurrence.

use std::{env, fs, path::PathBuf};

use serde_json::Value;
use xiangqi_adjudicator::{adjudicate, RuleSet, Ruling, Verdict};
use xiangqi_board::{Color, Move, Position, PositionErrorKinds, Setup};

struct Case {
    id: String,
    fen: String,
    moves: Vec<Move>,
    expected: Option<String>,
}

fn load() -> Option<Vec<Case>> {
    let Some(dir) = env::var_os("XIANGQI_TESTDATA") else {
        println!("skipped: XIANGQI_TESTDATA not set");
        return None;
    };
    let path = PathBuf::from(dir).join("rule-cases.json");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: Value = serde_json::from_str(&text).expect("rule-cases.json is JSON");
    let cases = json
        .as_array()
        .expect("an array of cases")
        .iter()
        .map(|case| {
            let mut moves: Vec<Move> = case["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("move string").parse().expect("ICCS move"))
                .collect();
            let occurrences = case["final_occurrences"].as_u64().unwrap_or(3);
            let cycle = case["cycle_plies"].as_u64().unwrap_or(0) as usize;
            if occurrences == 2 && cycle > 0 && cycle <= moves.len() {
                let tail = moves[moves.len() - cycle..].to_vec();
                moves.extend(tail);
            }
            Case {
                id: case["id"].as_str().expect("id").to_owned(),
                fen: case["fen"].as_str().expect("fen").to_owned(),
                moves,
                expected: case["expected"].as_str().map(str::to_owned),
            }
        })
        .collect();
    Some(cases)
}

/// Reads a case's FEN. A few shared cases put a pawn, advisor or elephant on a square no such piece can reach
/// (e.g. ORG-136: a black pawn behind its start rank); `Position::from_setup_relaxed` accepts those placements.
fn position(fen: &str) -> Position {
    let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"));
    let relaxed = PositionErrorKinds::INVALID_ADVISOR_SQUARE
        | PositionErrorKinds::INVALID_ELEPHANT_SQUARE
        | PositionErrorKinds::INVALID_PAWN_SQUARE;
    Position::from_setup_relaxed(setup, relaxed).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

fn rule(case: &Case, transform: fn(&Position) -> Position, mv: fn(Move) -> Move) -> Verdict {
    rule_under(case, RuleSet::Axf2008, transform, mv)
}

fn rule_under(case: &Case, rules: RuleSet, transform: fn(&Position) -> Position, mv: fn(Move) -> Move) -> Verdict {
    let start = position(&case.fen);
    let moves: Vec<Move> = case.moves.iter().map(|&m| mv(m)).collect();
    adjudicate(transform(&start), rules, &moves).unwrap_or_else(|e| panic!("{}: {e}", case.id))
}

fn describe(verdict: &Verdict) -> String {
    let mut text = format!("{verdict}\n");
    if let Some(evidence) = &verdict.evidence {
        for class in &evidence.moves {
            text.push_str(&format!("    {class}\n"));
        }
    }
    text
}

#[test]
fn every_case_with_a_verdict_is_ruled_as_expected() {
    let Some(cases) = load() else { return };
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let verdict = rule(case, Position::clone, |m| m);
        match &case.expected {
            Some(expected) => {
                checked += 1;
                if verdict.ruling.to_string() != *expected {
                    failures.push(format!("{} expected {expected}, got {}", case.id, describe(&verdict)));
                }
            }
            None => println!("disputed {}: {}", case.id, verdict),
        }
    }
    println!("{} of {checked} cases ruled as expected", checked - failures.len());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn mirrored_and_colour_swapped_cases_are_ruled_consistently() {
    let Some(cases) = load() else { return };
    let mut failures = Vec::new();
    for case in cases.iter().filter(|c| c.expected.is_some()) {
        let plain = rule(case, Position::clone, |m| m).ruling;
        let mirrored = rule(case, Position::flip_files, Move::flip_files).ruling;
        let swapped = rule(case, Position::swap_colors, Move::rotate).ruling;
        if mirrored != plain {
            failures.push(format!("{} mirrored: {mirrored} vs {plain}", case.id));
        }
        if swapped != plain.swap_colors() {
            failures.push(format!("{} colour-swapped: {swapped} vs {plain}", case.id));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    let _ = Color::Red;
}

#[test]
fn no_case_is_ruled_before_its_end_with_a_different_result() {
    // The cases end on their repetition; the verdict must come from the last position, not earlier.
    let Some(cases) = load() else { return };
    for case in &cases {
        let verdict = rule(case, Position::clone, |m| m);
        assert_ne!(verdict.ruling, Ruling::Continue, "{}: no ruling at all", case.id);
    }
}

/// Every case under the four rule sets, one line per case: the four verdicts and the deciding items.
#[test]
fn every_case_under_the_four_rule_sets() {
    let Some(cases) = load() else { return };
    let mut differ = [0usize; 4];
    for case in &cases {
        let verdicts: Vec<Verdict> = RuleSet::ALL.iter().map(|&r| rule_under(case, r, Position::clone, |m| m)).collect();
        for (i, v) in verdicts.iter().enumerate() {
            if v.ruling != verdicts[0].ruling {
                differ[i] += 1;
            }
        }
        let line: Vec<String> = RuleSet::ALL
            .iter()
            .zip(&verdicts)
            .map(|(r, v)| format!("{r}={} [{}]", v.ruling, v.rule().map(|x| x.to_string()).unwrap_or_default()))
            .collect();
        println!("{:8} {}", case.id, line.join("  "));
    }
    println!("rulings that differ from AXF: roc {}, prc1956 {}, cxa {}", differ[1], differ[2], differ[3]);
}
