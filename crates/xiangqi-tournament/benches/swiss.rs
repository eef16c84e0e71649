//! Benchmarks of the tournament crate.
#![allow(missing_docs)] // criterion_group! generates an undocumented function
//!
//! Ranks a 1,000-player, 13-round Swiss event with every criterion (target: at most 20 ms).

use criterion::{criterion_group, criterion_main, Criterion as Bench};
use xiangqi_tournament::{
    rank, Basis, ByeKind, Criterion, EncounterMode, Event, Policies, RankingRules, Round, System, Tournament,
    TournamentGame, TournamentResult, Trim,
};

#[path = "support/random.rs"]
mod random;

use random::Random;

/// A Swiss event: each round pairs neighbours in the current standings, avoiding rematches where it can.
fn swiss_event(players: usize, rounds: usize) -> Event {
    let ids: Vec<String> = (1..=players).map(|i| format!("P{i:04}")).collect();
    let mut event = Event::with_players(ids.iter().map(String::as_str));
    event.system = System::Swiss;
    let mut random = Random(7);
    let mut score = vec![0u32; players];
    let mut reds = vec![0u32; players];
    let mut met = std::collections::HashSet::new();
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..players).collect();
        order.sort_by_key(|&p| (core::cmp::Reverse(score[p]), p));
        let mut round = Round::default();
        if players % 2 == 1 {
            let bye = order.pop().unwrap_or(0);
            score[bye] += 2;
            round.byes.push(xiangqi_tournament::Bye { player: ids[bye].clone(), kind: Some(ByeKind::Full) });
        }
        while let Some(a) = order.first().copied() {
            order.remove(0);
            let k = order.iter().position(|&b| !met.contains(&(a.min(b), a.max(b)))).unwrap_or(0);
            let b = order.remove(k);
            met.insert((a.min(b), a.max(b)));
            let (red, black) = if reds[a] <= reds[b] { (a, b) } else { (b, a) };
            reds[red] += 1;
            let result = match random.next() % 100 {
                0..=41 => TournamentResult::RedWins,
                42..=69 => TournamentResult::Draw,
                70..=97 => TournamentResult::BlackWins,
                98 => TournamentResult::RedWinsByForfeit,
                _ => TournamentResult::BlackWinsByForfeit,
            };
            match result {
                TournamentResult::RedWins | TournamentResult::RedWinsByForfeit => score[red] += 2,
                TournamentResult::BlackWins | TournamentResult::BlackWinsByForfeit => score[black] += 2,
                _ => {
                    score[red] += 1;
                    score[black] += 1;
                }
            }
            let mut game = TournamentGame::new(&ids[red], &ids[black], result);
            game.red_fouls = u32::from(random.next() % 50 == 0);
            round.games.push(game);
        }
        event.rounds.push(round);
    }
    event
}

/// Every individual criterion.
fn all_criteria() -> RankingRules {
    let criteria = vec![
        Criterion::Score,
        Criterion::Buchholz { basis: Basis::Score, trim: Trim::None },
        Criterion::Buchholz { basis: Basis::Score, trim: Trim::Cut(1) },
        Criterion::Buchholz { basis: Basis::Score, trim: Trim::Median(1) },
        Criterion::Buchholz { basis: Basis::GamePoints, trim: Trim::None },
        Criterion::SonnebornBerger,
        Criterion::OpponentsBuchholz,
        Criterion::Progressive,
        Criterion::DirectEncounter(EncounterMode::PairOnly),
        Criterion::DirectEncounter(EncounterMode::MiniTable),
        Criterion::DirectEncounter(EncounterMode::Fide),
        Criterion::GamePoints,
        Criterion::Wins,
        Criterion::MatchWins,
        Criterion::SecondMoverWins,
        Criterion::SecondMoverGames,
        Criterion::SecondMoverAppearances,
        Criterion::SecondMoverInMutualGame,
        Criterion::FewerFouls,
        Criterion::BoardPoints(1),
        Criterion::PreviousRounds,
        Criterion::ProgressiveDropRounds,
        Criterion::Lots,
    ];
    RankingRules { name: "all".into(), criteria, policies: Policies::default() }
}

fn bench(c: &mut Bench) {
    let event = swiss_event(1000, 13);
    let tournament = Tournament::new(&event).expect("valid event");
    let rules = all_criteria();
    let standings = rank(&tournament, &rules);
    assert_eq!(standings.rows.len(), 1000);
    c.bench_function("swiss 1000 players 13 rounds, every criterion", |b| b.iter(|| rank(&tournament, &rules)));
    c.bench_function("swiss 1000 players 13 rounds, check the event", |b| b.iter(|| Tournament::new(&event)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
