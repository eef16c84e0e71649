//! A compact notation for crosstables in tests.
//!
//! Rounds are separated by `|`, entries by spaces. The red player is written first:
//! `A>B` red wins, `A<B` black wins, `A=B` draw, `A+B` red wins by forfeit, `A-B` black wins by forfeit,
//! `A~B` double forfeit, `A!B` double timeout, `A?B` annulled. Byes: `bye:A` (full), `half:A`, `zero:A`, and `unmarked:A`, whose kind the
//! ranking rules choose.
//! Matches: `X:Y=W/D/L` — boards separated by `/`, each board a string of game letters from X's view (W win,
//! D draw, L loss, F X wins by forfeit, f X loses by forfeit, N double forfeit, T double timeout); colours
//! follow the default rule (X has Red on odd boards, colours swap each game).
#![allow(dead_code, unreachable_pub)]

use xiangqi_tournament::*;

pub fn event(players: &[&str], crosstable: &str) -> Event {
    let mut event = Event::with_players(players.iter().copied());
    for round in crosstable.split('|') {
        event.rounds.push(parse_round(round));
    }
    event
}

pub fn team_event(teams: &[&str], crosstable: &str) -> Event {
    Event { kind: EventKind::Team, ..event(teams, crosstable) }
}

pub fn two_game_event(players: &[&str], crosstable: &str) -> Event {
    Event { games_per_match: 2, ..event(players, crosstable) }
}

pub fn swiss(mut event: Event) -> Event {
    event.system = System::Swiss;
    event
}

fn parse_round(text: &str) -> Round {
    let mut round = Round::default();
    for token in text.split_whitespace() {
        let byes = ["bye", "half", "zero", "unmarked"];
        if let Some((kind, player)) = token.split_once(':').filter(|(k, _)| byes.contains(k)) {
            let kind = match kind {
                "bye" => Some(ByeKind::Full),
                "half" => Some(ByeKind::Half),
                "zero" => Some(ByeKind::Zero),
                _ => None,
            };
            round.byes.push(Bye { player: player.into(), kind });
        } else if let Some((pair, boards)) = token.split_once('=').filter(|(p, _)| p.contains(':')) {
            let (first, second) = pair.split_once(':').unwrap();
            round.matches.push(parse_match(first, second, boards));
        } else {
            let at = token.find(['>', '<', '=', '+', '-', '~', '!', '?']).expect(token);
            let result = match &token[at..=at] {
                ">" => TournamentResult::RedWins,
                "<" => TournamentResult::BlackWins,
                "=" => TournamentResult::Draw,
                "+" => TournamentResult::RedWinsByForfeit,
                "-" => TournamentResult::BlackWinsByForfeit,
                "~" => TournamentResult::DoubleForfeit,
                "!" => TournamentResult::DoubleTimeout,
                _ => TournamentResult::Annulled,
            };
            round.games.push(TournamentGame::new(&token[..at], &token[at + 1..], result));
        }
    }
    round
}

fn parse_match(first: &str, second: &str, boards: &str) -> Match {
    let boards: Vec<TeamBoard> = boards
        .split('/')
        .enumerate()
        .map(|(b, letters)| TeamBoard {
            games: letters
                .chars()
                .enumerate()
                .map(|(g, letter)| {
                    let first_is_red = (b + g) % 2 == 0;
                    let for_first = match letter {
                        'W' => TournamentResult::RedWins,
                        'D' => TournamentResult::Draw,
                        'L' => TournamentResult::BlackWins,
                        'F' => TournamentResult::RedWinsByForfeit,
                        'f' => TournamentResult::BlackWinsByForfeit,
                        'N' => TournamentResult::DoubleForfeit,
                        'T' => TournamentResult::DoubleTimeout,
                        other => panic!("bad game letter {other}"),
                    };
                    TournamentGame::result(if first_is_red { for_first } else { for_first.flipped() })
                })
                .collect(),
        })
        .collect();
    Match { first: first.into(), second: second.into(), games: Vec::new(), boards }
}

/// Converts a parsed team-style match into an individual match (games instead of boards).
pub fn individual_matches(mut event: Event) -> Event {
    for round in &mut event.rounds {
        for m in &mut round.matches {
            m.games = core::mem::take(&mut m.boards).into_iter().flat_map(|b| b.games).collect();
        }
    }
    event
}

pub fn standings(event: &Event, rules: &RankingRules) -> Standings {
    rank(&Tournament::new(event).expect("valid event"), rules)
}

pub fn order(standings: &Standings) -> Vec<&str> {
    standings.rows.iter().map(|r| r.id.as_str()).collect()
}

/// The ids with places, e.g. `["1 B", "2 C", "3= E", "3= F"]`.
pub fn places(standings: &Standings) -> Vec<String> {
    standings.rows.iter().map(|r| format!("{}{} {}", r.place, if r.shared { "=" } else { "" }, r.id)).collect()
}

pub fn value(standings: &Standings, id: &str, criterion: Criterion) -> Value {
    standings.rows.iter().find(|r| r.id == id).expect("id").value(criterion).expect("criterion in the rules").clone()
}

/// The values of one criterion for the given ids, displayed.
pub fn values(standings: &Standings, criterion: Criterion, ids: &[&str]) -> Vec<String> {
    ids.iter().map(|id| value(standings, id, criterion).to_string()).collect()
}

/// Ranking rules of the given criteria with default policies, except that every place may be shared.
pub fn rules(criteria: &[Criterion]) -> RankingRules {
    let policies = Policies { champion: ChampionPolicy::Shared, ..Policies::default() };
    RankingRules { name: "test".into(), criteria: criteria.to_vec(), policies }
}

pub fn why(standings: &Standings) -> Vec<String> {
    standings.explanations.iter().map(|e| e.to_string()).collect()
}

pub fn pts(text: &str) -> Value {
    Value::Points(text.parse().unwrap())
}
