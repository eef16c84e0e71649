//! Berger tables: against a closed form for 3–30 players, and against the ROC 2007
//! appendix (transcribed below) for 3–12.

use std::collections::BTreeSet;
use xiangqi_tournament::berger::*;

/// The closed form of the Berger table: with N = n rounded up to even and M = N − 1, in round r players i < j < N meet
/// iff i + j ≡ r + 1 (mod M), the lower number Red iff j − i is odd; N meets the i with 2i ≡ r + 1 (mod M),
/// N Red in even rounds.
fn closed_form(n: u32, round: u32) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let last = n + n % 2;
    let m = last - 1;
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for i in 1..last {
        for j in i + 1..last {
            if (i + j) % m == (round + 1) % m {
                pairs.insert(if (j - i) % 2 == 1 { (i, j) } else { (j, i) });
            }
        }
        if (2 * i) % m == (round + 1) % m {
            if last > n {
                bye = Some(i);
            } else {
                pairs.insert(if round % 2 == 0 { (last, i) } else { (i, last) });
            }
        }
    }
    (pairs, bye)
}

fn as_set(round: &TableRound) -> BTreeSet<(u32, u32)> {
    round.pairings.iter().map(|p| (p.red, p.black)).collect()
}

#[test]
fn tables_match_the_closed_form_for_3_to_30_players() {
    for n in 3..=30 {
        let table = round_robin(n);
        let rounds = n - 1 + n % 2;
        assert_eq!(table.len(), rounds as usize, "n = {n}");
        let mut met = BTreeSet::new();
        for (r, round) in table.iter().enumerate() {
            let (pairs, bye) = closed_form(n, r as u32 + 1);
            assert_eq!(as_set(round), pairs, "n = {n}, round {}", r + 1);
            assert_eq!(round.bye, bye, "n = {n}, round {}", r + 1);
            for p in &round.pairings {
                assert!(met.insert((p.red.min(p.black), p.red.max(p.black))), "n = {n}: {p:?} twice");
            }
        }
        assert_eq!(met.len() as u32, n * (n - 1) / 2, "n = {n}: everyone meets everyone once");
    }
}

/// The ROC 2007 appendix (循環賽對局秩序表), transcribed from an OCR copy. Two OCR slips are corrected:
/// "2-1日" is 2-10 (10 players, round 3) and "們一5" is 11-5 (12 players, round 4). Odd counts use the next
/// even table, the last number being the bye ("對到最末號者輪空").
const ROC_APPENDIX: [(u32, &str); 5] = [
    (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
    (6, "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1"),
    (8, "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | 3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1"),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | 10-7 8-6 9-5 1-4 2-3 | \
         3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | 4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | \
         5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | 2-12 3-1 4-11 5-10 6-9 7-8 | \
         12-8 9-7 10-6 11-5 1-4 2-3 | 3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 | \
         4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | 5-12 6-4 7-3 8-2 9-1 10-11 | \
         12-11 1-10 2-9 3-8 4-7 5-6 | 6-12 7-5 8-4 9-3 10-2 11-1",
    ),
];

fn parse_round(text: &str) -> Vec<TablePairing> {
    text.split_whitespace()
        .map(|pair| {
            let (red, black) = pair.split_once('-').unwrap();
            TablePairing { red: red.parse().unwrap(), black: black.parse().unwrap() }
        })
        .collect()
}

#[test]
fn tables_equal_the_roc_appendix_for_3_to_12_players() {
    for (even, text) in ROC_APPENDIX {
        let appendix: Vec<Vec<TablePairing>> = text.split('|').map(parse_round).collect();
        // Even count: identical, board order included.
        let table = round_robin(even);
        assert_eq!(table.iter().map(|r| r.pairings.clone()).collect::<Vec<_>>(), appendix, "{even} players");
        // Odd count: the same pairings without the last number, who is the bye's opponent.
        let odd = round_robin(even - 1);
        for (round, expected) in odd.iter().zip(&appendix) {
            let without_last: Vec<TablePairing> =
                expected.iter().copied().filter(|p| p.red != even && p.black != even).collect();
            let bye = expected.iter().find(|p| p.red == even || p.black == even).map(|p| p.red + p.black - even);
            assert_eq!(round.pairings, without_last, "{} players", even - 1);
            assert_eq!(round.bye, bye, "{} players", even - 1);
        }
    }
    // For 5 players the byes fall on 1, 4, 2, 5, 3.
    assert_eq!(round_robin(5).iter().map(|r| r.bye.unwrap()).collect::<Vec<_>>(), [1, 4, 2, 5, 3]);
}

#[test]
fn double_round_robin_reverses_colours() {
    let single = round_robin(6);
    let double = double_round_robin(6, false);
    assert_eq!(double.len(), 10);
    for (first, second) in single.iter().zip(&double[5..]) {
        assert_eq!(second.pairings, first.pairings.iter().map(|p| p.swapped()).collect::<Vec<_>>());
    }
    let swapped = double_round_robin(6, true);
    assert_eq!(swapped[3], single[4]);
    assert_eq!(swapped[4], single[3]);
    assert_eq!(swapped[5].pairings, single[0].pairings.iter().map(|p| p.swapped()).collect::<Vec<_>>());
    assert!(round_robin(1).is_empty() && double_round_robin(0, true).is_empty());
}

#[test]
fn two_game_team_and_swiss_colours() {
    let p = TablePairing { red: 3, black: 8 };
    assert_eq!(two_game_colours(p), [p, TablePairing { red: 8, black: 3 }]);
    assert_eq!(team_board_colours(1, 2, 1), TablePairing { red: 1, black: 2 });
    assert_eq!(team_board_colours(1, 2, 2), TablePairing { red: 2, black: 1 });
    assert_eq!(team_board_colours(1, 2, 3), TablePairing { red: 1, black: 2 });
    let first = swiss_first_round(5);
    assert_eq!(first.pairings, [TablePairing { red: 1, black: 2 }, TablePairing { red: 3, black: 4 }]);
    assert_eq!(first.bye, Some(5));
    assert_eq!(swiss_first_round(4).bye, None);
}
