//! Properties over random events played round after round with the pairing itself: nobody meets twice, nobody
//! has two byes, the pairing is exactly the one a brute force over every pairing chooses by the documented
//! order (so the score differences are the smallest possible), and a third colour in a row only when both had it
//! twice.

use crate::play::{play_results, result_of};
use proptest::prelude::*;
use xiangqi_tournament::pairing::{pair_next_round, GroupOrder, PairingError, PairingRules, RoundPairing};
use xiangqi_tournament::{Color, Event, ForbiddenPair, Preset, System, Tournament, TournamentResult, Withdrawal};

/// What the brute force reads of the event: scores (2/1/0, a bye 2), colours, who may not meet (met before, or a
/// forbidden pair), byes, who is out (withdrawn).
struct History {
    score: Vec<i64>,
    colours: Vec<Vec<Color>>,
    met: Vec<Vec<bool>>,
    had_bye: Vec<bool>,
    out: Vec<bool>,
}

fn history(event: &Event) -> History {
    let n = event.players.len();
    let index = |id: &str| event.players.iter().position(|p| p.id == id).unwrap();
    let mut h = History {
        score: vec![0; n],
        colours: vec![Vec::new(); n],
        met: vec![vec![false; n]; n],
        had_bye: vec![false; n],
        out: vec![false; n],
    };
    for pair in &event.forbidden_pairs {
        let (a, b) = (index(&pair.players[0]), index(&pair.players[1]));
        h.met[a][b] = true;
        h.met[b][a] = true;
    }
    for withdrawal in &event.withdrawals {
        h.out[index(&withdrawal.player)] = true;
    }
    for round in &event.rounds {
        for game in &round.games {
            let (r, b) = (index(game.red.as_deref().unwrap()), index(game.black.as_deref().unwrap()));
            h.met[r][b] = true;
            h.met[b][r] = true;
            h.colours[r].push(Color::Red);
            h.colours[b].push(Color::Black);
            match game.result {
                TournamentResult::RedWins => h.score[r] += 2,
                TournamentResult::BlackWins => h.score[b] += 2,
                _ => {
                    h.score[r] += 1;
                    h.score[b] += 1;
                }
            }
        }
        for bye in &round.byes {
            let p = index(&bye.player);
            h.score[p] += 2;
            h.had_bye[p] = true;
        }
    }
    h
}

/// The last colour and how many times in a row.
fn streak(colours: &[Color]) -> Option<(Color, usize)> {
    let last = *colours.last()?;
    Some((last, colours.iter().rev().take_while(|&&c| c == last).count()))
}

/// 0: both alternate, 1: one repeats its colour, 2: one has it a third time in a row.
fn colour_fit(h: &History, a: usize, b: usize) -> u8 {
    match (streak(&h.colours[a]), streak(&h.colours[b])) {
        (Some((ca, na)), Some((cb, nb))) if ca == cb => 1 + u8::from(na >= 2 && nb >= 2),
        _ => 0,
    }
}

/// Every perfect matching of `players` without rematches.
fn matchings(h: &History, players: &[usize]) -> Vec<Vec<(usize, usize)>> {
    let Some((&first, rest)) = players.split_first() else { return vec![Vec::new()] };
    let mut all = Vec::new();
    for (i, &q) in rest.iter().enumerate() {
        if h.met[first][q] {
            continue;
        }
        let others: Vec<usize> = rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
        for mut m in matchings(h, &others) {
            m.push((first, q));
            all.push(m);
        }
    }
    all
}

/// A pairing: the pairs (each lower index first, sorted) and the bye.
type Pairing = (Vec<(usize, usize)>, Option<usize>);

/// The pairing the documented order chooses, found by trying every pairing.
fn brute_force(h: &History) -> Option<Pairing> {
    let n = h.score.len();
    let mut order: Vec<usize> = (0..n).filter(|&p| !h.out[p]).collect();
    order.sort_by_key(|&p| (core::cmp::Reverse(h.score[p]), p));
    let place = |p: usize| order.iter().position(|&q| q == p).unwrap();
    let mut bye = None;
    let mut rest = order.clone();
    if order.len() % 2 == 1 {
        let c = order.iter().rev().copied().filter(|&c| !h.had_bye[c]).find(|&c| {
            let others: Vec<usize> = order.iter().copied().filter(|&p| p != c).collect();
            !matchings(h, &others).is_empty()
        })?;
        bye = Some(c);
        rest.retain(|&p| p != c);
    }
    let diff = |a: usize, b: usize| (h.score[a] - h.score[b]).abs();
    let all = matchings(h, &rest);
    let largest = |m: &Vec<(usize, usize)>| m.iter().map(|&(a, b)| diff(a, b)).max().unwrap_or(0);
    let limit = all.iter().map(largest).min()?;
    let key = |m: &Vec<(usize, usize)>| {
        let partner = |p: usize| {
            m.iter().find_map(|&(a, b)| {
                if a == p {
                    Some(b)
                } else if b == p {
                    Some(a)
                } else {
                    None
                }
            })
        };
        let mut seen = vec![false; n];
        let mut keys = Vec::new();
        for &p in &rest {
            if seen[p] {
                continue;
            }
            let q = partner(p).unwrap();
            seen[p] = true;
            seen[q] = true;
            keys.push((diff(p, q), colour_fit(h, p, q), place(q)));
        }
        keys
    };
    let best = all.into_iter().filter(|m| largest(m) == limit).min_by_key(key)?;
    let mut pairs: Vec<(usize, usize)> = best.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    Some((pairs, bye))
}

fn rules() -> PairingRules {
    PairingRules { group_order: GroupOrder::PairingNumber, ..PairingRules::for_preset(Preset::AxfIndividualSwiss) }
}

/// Checks one pairing against the history, and against the brute force if `brute`.
fn check(event: &Event, h: &History, pairing: &RoundPairing, brute: bool) -> Result<(), TestCaseError> {
    let index = |id: &str| event.players.iter().position(|p| p.id == id).unwrap();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for t in &pairing.tables {
        let (r, b) = (index(&t.red), index(&t.black));
        prop_assert!(!h.met[r][b], "{} and {} meet twice or are a forbidden pair", t.red, t.black);
        prop_assert!(!h.out[r] && !h.out[b], "a withdrawn participant is paired");
        pairs.push((r.min(b), r.max(b)));
        // Colours: who had Red last takes Black against one who had Black last; a third in a row only when both
        // had the colour twice.
        let (sr, sb) = (streak(&h.colours[r]), streak(&h.colours[b]));
        if let (Some((cr, _)), Some((cb, _))) = (sr, sb) {
            if cr != cb {
                prop_assert!(cr == Color::Black && cb == Color::Red, "{} and {} do not alternate", t.red, t.black);
            }
        }
        for (p, colour, other) in [(r, Color::Red, b), (b, Color::Black, r)] {
            if matches!(streak(&h.colours[p]), Some((c, k)) if c == colour && k >= 2) {
                prop_assert!(matches!(streak(&h.colours[other]), Some((c, k)) if c == colour && k >= 2));
            }
        }
    }
    pairs.sort_unstable();
    let byes: Vec<usize> = pairing.byes.iter().map(|b| index(&b.player)).collect();
    for &b in &byes {
        prop_assert!(!h.had_bye[b], "{} has a second bye", event.players[b].id);
    }
    let mut named: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).chain(byes.iter().copied()).collect();
    let count = named.len();
    named.sort_unstable();
    named.dedup();
    prop_assert_eq!(named.len(), count, "a participant named twice");
    prop_assert_eq!(count, h.out.iter().filter(|&&out| !out).count(), "somebody left out");
    if brute {
        let expected = brute_force(h).expect("the brute force finds a pairing where the pairing did");
        prop_assert_eq!((pairs, byes.first().copied()), expected);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_events_are_paired_exactly(
        n in 2usize..=9,
        results in prop::collection::vec(0u8..3, 40),
        forbidden in prop::option::of((0usize..9, 0usize..9)),
        withdrawal in prop::option::of((0usize..9, 1usize..5)),
    ) {
        let ids: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let mut event = Event { system: System::Swiss, ..Event::with_players(ids.iter().map(String::as_str)) };
        if let Some((a, b)) = forbidden.filter(|&(a, b)| a < n && b < n && a != b) {
            event.forbidden_pairs.push(ForbiddenPair { players: vec![ids[a].clone(), ids[b].clone()], until_round: None });
        }
        let mut results = results.into_iter().cycle();
        for round in 0..n.min(6) {
            if let Some((p, _)) = withdrawal.filter(|&(p, after)| p < n && after == round) {
                event.withdrawals.push(Withdrawal { player: ids[p].clone(), after_round: u32::try_from(round).unwrap() });
            }
            let h = history(&event);
            let tournament = Tournament::new(&event).unwrap();
            match pair_next_round(&tournament, &rules()) {
                Ok(pairing) => {
                    check(&event, &h, &pairing, true)?;
                    play_results(&mut event, &pairing, (&mut results).map(result_of));
                }
                Err(PairingError::TooFewParticipants { .. }) => {
                    prop_assert!(h.out.iter().filter(|&&out| !out).count() < 2);
                    break;
                }
                Err(PairingError::NoPairing { .. } | PairingError::NoByeCandidate { .. }) => {
                    prop_assert_eq!(brute_force(&h), None);
                    break;
                }
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Larger events: the hard rules hold and everyone is paired. With at most n/2 − 2 rounds, everyone can still
    /// meet more than half of the others, so a pairing always exists (Dirac's theorem) and must be found.
    #[test]
    fn larger_events_keep_the_hard_rules(n in 10usize..=40, results in prop::collection::vec(0u8..3, 97)) {
        let ids: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let mut event = Event { system: System::Swiss, ..Event::with_players(ids.iter().map(String::as_str)) };
        let mut results = results.into_iter().cycle();
        for _ in 0..(n / 2 - 2).min(9) {
            let h = history(&event);
            let tournament = Tournament::new(&event).unwrap();
            let pairing = pair_next_round(&tournament, &rules()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            check(&event, &h, &pairing, false)?;
            play_results(&mut event, &pairing, (&mut results).map(result_of));
        }
    }
}
