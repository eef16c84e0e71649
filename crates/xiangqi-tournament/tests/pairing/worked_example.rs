//! The worked example of docs/tournament.md: a 7-player xiangqi Swiss over 5 rounds under `axf-swiss`, every
//! round worked by hand from the rules (the standings order by 对手分, 胜局, 后手胜局, 后手赛局), and the
//! document shows exactly what the code prints.

use crate::play::{byes, next, play};
use xiangqi_tournament::{Event, System};

/// A round: the expected tables as (red, black), the expected bye, the results played.
type ExpectedRound = (&'static [(&'static str, &'static str)], &'static str, &'static str);

const ROUNDS: [ExpectedRound; 5] = [
    // Round 1: 1–2, 3–4, 5–6, odd numbers with Red; 7, the last number, has the bye.
    (&[("1", "2"), ("3", "4"), ("5", "6")], "7", "> = <"),
    // After round 1: 2 points 6 1 7 (对手分 all 0; 胜局 puts 7 last; 后手胜局 6 before 1), 1 point 4 3 (后手赛局),
    // 0 points 2 5 (后手赛局). Bye to 5, the lowest without one. The largest difference can be 1: 6–1, then 7
    // meets the top of the 1-point group, 4, and 3 meets 2. Who had Red takes Black.
    (&[("6", "1"), ("4", "7"), ("2", "3")], "5", "= > <"),
    // After round 2: 3 points 6 4 (对手分 5; 后手胜局) 3 1 (对手分 3; 后手胜局), 2 points 7 5, 0 points 2. Bye
    // to 2. Every pair can have equal scores; 6 prefers 3 to 4 because both 6 and 4 had Red last.
    (&[("3", "6"), ("1", "4"), ("7", "5")], "2", "> = <"),
    // After round 3: 5 points 3; 4 points 4 (对手分 11) 1 (9) 5 (5); 3 points 6; 2 points 2 (9) 7 (8). The bye
    // goes to 6: 7 and 2 have had one. 3 must meet a 4-point player; 3–5 would fit the colours better but
    // leaves 4 with nobody within one point (4 met 1), so 3–1, then 4–5 and 7–2.
    (&[("1", "3"), ("4", "5"), ("7", "2")], "6", "= > >"),
    // After round 4: 6 points 4 (对手分 19) 3 (18); 5 points 1 6; 4 points 5 7; 2 points 2. Everyone below 1 has
    // had a bye, so 1 has it. Only two pairings of the rest avoid rematches: 4–6 3–7 5–2 (largest difference
    // 2) and 4–2 3–5 6–7 (4): the first. 5 has Red: it had Black twice in a row, 2 once.
    (&[("6", "4"), ("3", "7"), ("5", "2")], "1", "= = ="),
];

fn event() -> Event {
    Event {
        name: "7-player Swiss".into(),
        system: System::Swiss,
        ..Event::with_players(["1", "2", "3", "4", "5", "6", "7"])
    }
}

#[test]
fn every_round_is_paired_as_worked_by_hand() {
    let mut event = event();
    for (r, (tables, bye, results)) in ROUNDS.into_iter().enumerate() {
        let pairing = next(&event);
        assert_eq!(pairing.round, r + 1);
        assert_eq!(pairing.pairs(), tables, "round {}", r + 1);
        assert_eq!(byes(&pairing), [bye], "round {}", r + 1);
        play(&mut event, &pairing, results);
    }
}

#[test]
fn the_document_shows_what_the_code_prints() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/tournament.md")).unwrap();
    let mut event = event();
    for (_, _, results) in ROUNDS {
        let pairing = next(&event);
        let text = pairing.to_string();
        assert!(doc.contains(&text), "docs/tournament.md lacks round {}:\n{text}", pairing.round);
        play(&mut event, &pairing, results);
    }
}
