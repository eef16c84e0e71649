//! Properties over random events: standings are a permutation, a won game never lowers a score, and
//! relabelling the players changes nothing but the labels (lots excepted).

use proptest::prelude::*;
use std::collections::BTreeMap;
use xiangqi_tournament::*;

const RESULTS: [TournamentResult; 8] = TournamentResult::ALL;

/// Random rounds: each pairs a shuffled list of players two by two; an odd one out gets a bye.
fn events() -> impl Strategy<Value = Event> {
    (2usize..10, 1usize..7, any::<bool>())
        .prop_flat_map(|(n, rounds, swiss)| {
            let round = (
                Just((0..n).collect::<Vec<_>>()).prop_shuffle(),
                proptest::collection::vec(0usize..8, n / 2),
                0usize..3,
            );
            (Just(n), Just(swiss), proptest::collection::vec(round, rounds))
        })
        .prop_map(|(n, swiss, rounds)| {
            let ids: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
            let mut event = Event::with_players(ids.iter().map(String::as_str));
            event.system = if swiss { System::Swiss } else { System::RoundRobin };
            for (order, results, bye) in rounds {
                let mut round = Round::default();
                for (pair, &result) in order.chunks(2).zip(&results) {
                    let mut game = TournamentGame::new(&ids[pair[0]], &ids[pair[1]], RESULTS[result]);
                    game.black_fouls = u32::from(result == 2);
                    round.games.push(game);
                }
                if n % 2 == 1 {
                    let kind = [ByeKind::Full, ByeKind::Half, ByeKind::Zero][bye];
                    round.byes.push(Bye { player: ids[order[n - 1]].clone(), kind: Some(kind) });
                }
                event.rounds.push(round);
            }
            event
        })
}

fn score(standings: &Standings, id: &str) -> Points {
    match standings.rows.iter().find(|r| r.id == id).unwrap().values[0].1 {
        Value::Points(points) => points,
        ref other => panic!("score is {other:?}"),
    }
}

/// The standings as places holding sets of ids.
fn blocks(standings: &Standings, rename: impl Fn(&str) -> String) -> BTreeMap<usize, Vec<String>> {
    let mut blocks: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for row in &standings.rows {
        blocks.entry(row.place).or_default().push(rename(&row.id));
    }
    blocks.values_mut().for_each(|ids| ids.sort());
    blocks
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn standings_are_a_permutation_of_the_players(event in events(), withdraw in 0u32..4) {
        let mut event = event;
        if withdraw as usize <= event.rounds.len() {
            event.withdrawals.push(Withdrawal { player: "P0".into(), after_round: withdraw });
            for round in event.rounds.iter_mut().skip(withdraw as usize) {
                round.byes.retain(|bye| bye.player != "P0");
            }
        }
        let tournament = Tournament::new(&event).unwrap();
        for preset in Preset::ALL {
            let standings = rank(&tournament, &preset.rules());
            let mut ids: Vec<&str> = standings.rows.iter().map(|r| r.id.as_str()).collect();
            ids.sort_unstable();
            let mut expected: Vec<&str> = event.players.iter().map(|p| p.id.as_str()).collect();
            expected.sort_unstable();
            prop_assert_eq!(ids, expected);
            prop_assert_eq!(standings.explanations.len(), standings.rows.len() - 1);
            for (k, row) in standings.rows.iter().enumerate() {
                prop_assert!(row.place <= k + 1);
            }
        }
    }

    #[test]
    fn a_won_game_never_lowers_the_winners_score(event in events(), winner in 0usize..10, loser in 0usize..10) {
        let n = event.players.len();
        let (winner, loser) = (winner % n, loser % n);
        prop_assume!(winner != loser);
        let (w, l) = (event.players[winner].id.clone(), event.players[loser].id.clone());
        let rules = Preset::AxfIndividualSwiss.rules();
        let before = rank(&Tournament::new(&event).unwrap(), &rules);
        for result in [TournamentResult::RedWins, TournamentResult::RedWinsByForfeit] {
            let mut more = event.clone();
            more.rounds.push(Round { games: vec![TournamentGame::new(&w, &l, result)], ..Round::default() });
            let after = rank(&Tournament::new(&more).unwrap(), &rules);
            prop_assert!(score(&after, &w) > score(&before, &w), "{:?} -> {:?}", score(&before, &w), score(&after, &w));
            prop_assert_eq!(score(&after, &l), score(&before, &l));
        }
    }

    #[test]
    fn relabelling_players_changes_nothing(event in events(), shift in 1usize..9) {
        let n = event.players.len();
        let rename = |id: &str| format!("Q{}", (id[1..].parse::<usize>().unwrap() + shift) % n);
        let unname = |id: &str| format!("P{}", (id[1..].parse::<usize>().unwrap() + n - shift % n) % n);
        let mut relabelled = event.clone();
        for p in &mut relabelled.players {
            p.id = rename(&p.id);
        }
        relabelled.players.rotate_left(shift % n);
        for round in &mut relabelled.rounds {
            for game in &mut round.games {
                game.red = game.red.as_deref().map(rename);
                game.black = game.black.as_deref().map(rename);
            }
            for bye in &mut round.byes {
                bye.player = rename(&bye.player);
            }
        }
        for preset in Preset::ALL {
            let mut rules = preset.rules();
            rules.criteria.retain(|&c| c != Criterion::Lots);
            rules.policies.champion = ChampionPolicy::Shared;
            let original = rank(&Tournament::new(&event).unwrap(), &rules);
            let other = rank(&Tournament::new(&relabelled).unwrap(), &rules);
            prop_assert_eq!(blocks(&original, |id: &str| id.to_string()), blocks(&other, unname), "{}", preset);
        }
    }
}
