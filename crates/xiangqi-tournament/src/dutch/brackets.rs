//! The pairing of one round bracket by bracket (C.04.3 as bbpPairings applies it): one matching over all the
//! players, whose weights are refined bracket by bracket and pair by pair until each bracket's pairs are
//! fixed: the moved-down players to pair and their opponents, then the exchanges between S1 and S2, then each
//! S1 player's opponent.

use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;

use super::matching::Matching;
use super::state::RoundState;
use super::weights::{bye_search_weight, edge_weight, ByeContext, Layout};
use super::wide::Wide;

/// The pairs found, as indices into the state's players (each pair once), and the unpaired player.
pub(crate) struct Pairs {
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) bye: Option<usize>,
}

/// The players of the round sorted by score, then pairing number: the matching's vertices.
pub(crate) fn sorted_players(state: &RoundState) -> Vec<usize> {
    let mut order: Vec<usize> = (0..state.players.len()).collect();
    order.sort_by(|&a, &b| {
        let (p, q) = (&state.players[a], &state.players[b]);
        q.score.cmp(&p.score).then(p.rank.cmp(&q.rank))
    });
    order
}

/// Pairs the round. `None` when no pairing meets the absolute criteria.
pub(crate) fn pair_brackets<const N: usize>(state: &RoundState, layout: &Layout) -> Option<Pairs> {
    let sorted = sorted_players(state);
    let n = sorted.len();
    if n == 0 {
        return Some(Pairs { pairs: Vec::new(), bye: None });
    }
    let score = |vertex: usize| state.players[sorted[vertex]].score;
    let top_score = score(0);
    let mut matching = Matching::<N>::new(n);
    let mut bye = ByeContext { score: 0, single_downfloater_is_bye: false, unplayed_rank: BTreeMap::new() };
    for lower in 0..n {
        for higher in 0..lower {
            let pair = (sorted[higher], sorted[lower]);
            let weight = if n % 2 == 1 {
                bye_search_weight(state, layout, pair, top_score)
            } else {
                edge_weight(state, layout, &bye, pair, false, false)
            };
            matching.set_weight(lower, higher, weight);
        }
    }
    matching.solve();
    let mut unmatched = (0..n).filter(|&v| matching.mate(v).is_none());
    let first_unmatched = unmatched.next();
    if unmatched.next().is_some() || first_unmatched.is_some_and(|v| !state.players[sorted[v]].bye_eligible) {
        return None;
    }
    if n % 2 == 1 {
        let bye_vertex = first_unmatched?;
        bye.score = score(bye_vertex);
        bye.single_downfloater_is_bye = bye.score >= top_score
            && (0..n)
                .take_while(|&v| score(v) >= top_score)
                .all(|v| matching.mate(v).is_none_or(|m| score(m) >= top_score));
        let mut played: Vec<usize> =
            (0..n).filter(|&v| score(v) == bye.score).map(|v| state.players[sorted[v]].played_games).collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, games) in (0u64..).zip(played) {
            bye.unplayed_rank.insert(games, rank);
        }
        for lower in 0..n {
            for higher in 0..lower {
                let weight = edge_weight(state, layout, &bye, (sorted[higher], sorted[lower]), false, false);
                matching.set_weight(lower, higher, weight);
            }
        }
    }
    let finalised = layout.finalised::<N>();
    let mut partner: Vec<Option<usize>> = vec![None; n];
    // The bracket: moved-down players first, then the residents (and, while it is paired, the next group),
    // as vertices.
    let mut bracket: Vec<usize> = (0..n).take_while(|&v| score(v) >= top_score).collect();
    let mut next_group = bracket.len();
    let mut matched = vec![false; n];
    let mut moved_down = 0;
    let mut group_start_vertex = 0;
    while bracket.len() > 1 || next_group < n {
        let bracket_end = bracket.len();
        let next_group_vertex = group_start_vertex + (bracket_end - moved_down);
        let group_of_next = next_group;
        if next_group < n {
            let group_score = score(next_group);
            while next_group < n && score(next_group) >= group_score {
                bracket.push(next_group);
                next_group += 1;
            }
        }
        let mut base: Vec<Vec<Wide<N>>> = vec![Vec::new(); bracket.len()];
        for larger in moved_down..bracket.len() {
            for smaller in 0..larger {
                let weight = edge_weight(
                    state,
                    layout,
                    &bye,
                    (sorted[bracket[smaller]], sorted[bracket[larger]]),
                    larger < bracket_end,
                    larger >= bracket_end,
                );
                matching.set_weight(bracket[larger], bracket[smaller], weight);
                base[larger].push(weight);
            }
        }
        let in_residents = |m: Option<usize>| m.is_some_and(|m| m >= group_start_vertex && m < next_group_vertex);
        matching.solve();

        // The moved-down players to pair in this bracket.
        let mut group_score = 0;
        let mut remaining = 0;
        let mut remaining_matched = 0;
        for p in 0..moved_down {
            let vertex = bracket[p];
            if p == 0 || score(vertex) < group_score {
                group_score = score(vertex);
                remaining = 0;
                remaining_matched = 0;
                for &other in bracket[p..moved_down].iter().take_while(|&&v| score(v) >= group_score) {
                    remaining += 1;
                    if in_residents(matching.mate(other)) {
                        remaining_matched += 1;
                    }
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                matched[vertex] = true;
                continue;
            }
            remaining -= 1;
            if !in_residents(matching.mate(vertex)) {
                for opponent in moved_down..bracket_end {
                    let weight = base[opponent][p];
                    if !weight.is_zero() {
                        matching.set_weight(vertex, bracket[opponent], weight.or_low(1));
                    }
                }
                matching.solve();
            }
            if in_residents(matching.mate(vertex)) {
                matched[vertex] = true;
                remaining_matched -= 1;
                let residents = (bracket_end - moved_down) as u64;
                for opponent in moved_down..bracket_end {
                    let weight = base[opponent][p];
                    if !weight.is_zero() {
                        matching.set_weight(
                            vertex,
                            bracket[opponent],
                            weight.or_low(residents).add(&Wide::from_u64(1)),
                        );
                    }
                }
            }
        }

        // Their opponents: the highest resident that still allows the rest.
        for p in 0..moved_down {
            let vertex = bracket[p];
            if !matched[vertex] {
                continue;
            }
            let candidates: Vec<(usize, Wide<N>)> = (moved_down..bracket_end)
                .rev()
                .filter(|&opponent| !matched[bracket[opponent]])
                .map(|opponent| (bracket[opponent], base[opponent][p]))
                .collect();
            let addends = Addends { first: bracket.len() as u64, count_absent: false };
            let mate = prefer_the_highest(&mut matching, vertex, &candidates, addends, finalised)?;
            matched[mate] = true;
        }

        // The remainder: residents not paired with moved-down players; S1 is its first `pairs` players.
        let mut remainder: Vec<usize> = Vec::new();
        let mut pairs = 0;
        for (p, &vertex) in bracket.iter().enumerate().take(bracket_end).skip(moved_down) {
            let mate = matching.mate(vertex);
            if mate.is_some_and(|m| m < group_start_vertex) {
                continue;
            }
            remainder.push(p);
            if mate.is_some_and(|m| m < vertex) {
                pairs += 1;
            }
        }
        let with_order = |base: &Vec<Vec<Wide<N>>>, smaller: usize, larger: usize, smaller_index: usize| {
            let weight = base[larger][smaller];
            if weight.is_zero() {
                return weight;
            }
            let exchanged = Wide::<N>::from_u64(u64::from(smaller_index < pairs)).shl(2 * layout.group_bits);
            let addend = exchanged.sub(&Wide::from_u64(smaller_index as u64)).shl(1);
            weight.add(&addend)
        };
        for (j, &opponent) in remainder.iter().enumerate() {
            for (i, &player) in remainder[..j].iter().enumerate() {
                let weight = with_order(&base, player, opponent, i);
                matching.set_weight(bracket[player], bracket[opponent], weight);
            }
        }
        matching.solve();
        let forward = |matching: &Matching<N>, vertex: usize| {
            matching.mate(vertex).is_some_and(|m| m > vertex && m < next_group_vertex)
        };
        let exchanges = remainder[..pairs].iter().filter(|&&p| !forward(&matching, bracket[p])).count();

        // Exchanges: the lowest S1 players that can go to S2.
        let mut left = exchanges;
        let mut index = pairs;
        while index > 0 && left > 0 {
            index -= 1;
            let player = remainder[index];
            let vertex = bracket[player];
            if forward(&matching, vertex) {
                for &opponent in &remainder[index + 1..] {
                    let weight = with_order(&base, player, opponent, index);
                    if !weight.is_zero() {
                        matching.set_weight(vertex, bracket[opponent], weight.sub(&Wide::from_u64(1)));
                    }
                }
                matching.solve();
            }
            let exchange = !forward(&matching, vertex);
            left -= usize::from(exchange);
            for &opponent in &remainder[index + 1..] {
                if exchange {
                    base[opponent][player] = Wide::ZERO;
                }
                let weight = with_order(&base, player, opponent, index);
                matching.set_weight(vertex, bracket[opponent], weight);
            }
        }

        // Exchanges: the highest S2 players that can go to S1.
        let mut left = exchanges;
        for index in pairs..remainder.len() {
            if left <= 1 {
                break;
            }
            let player = remainder[index];
            let vertex = bracket[player];
            let already = forward(&matching, vertex);
            if !already {
                for &opponent in &remainder[index + 1..] {
                    let weight = with_order(&base, player, opponent, index);
                    if !weight.is_zero() {
                        matching.set_weight(vertex, bracket[opponent], weight.add(&Wide::from_u64(1)));
                    }
                }
                matching.solve();
            }
            if forward(&matching, vertex) {
                left -= 1;
                for &opponent in &remainder[..index] {
                    base[player][opponent] = Wide::ZERO;
                    matching.set_weight(vertex, bracket[opponent], Wide::ZERO);
                }
                for opponent in bracket_end..bracket.len() {
                    base[opponent][player] = Wide::ZERO;
                    matching.set_weight(vertex, bracket[opponent], Wide::ZERO);
                }
            }
            if !already {
                for &opponent in &remainder[index + 1..] {
                    let weight = with_order(&base, player, opponent, index);
                    matching.set_weight(vertex, bracket[opponent], weight);
                }
            }
        }

        // S1 and S2 are settled: only S1–S2 edges stay, at their base weights.
        for (i, &player) in remainder.iter().enumerate() {
            let vertex = bracket[player];
            for &opponent in &remainder[i + 1..] {
                let opponent_vertex = bracket[opponent];
                if !forward(&matching, vertex) || forward(&matching, opponent_vertex) {
                    base[opponent][player] = Wide::ZERO;
                }
                matching.set_weight(vertex, opponent_vertex, base[opponent][player]);
            }
        }

        // Each S1 player's opponent: the highest S2 player that still allows the rest.
        for &player in &remainder {
            let vertex = bracket[player];
            if !forward(&matching, vertex) {
                continue;
            }
            let candidates: Vec<(usize, Wide<N>)> = remainder
                .iter()
                .rev()
                .filter(|&&opponent| opponent > player && !matched[bracket[opponent]])
                .map(|&opponent| (bracket[opponent], base[opponent][player]))
                .collect();
            let addends = Addends { first: 0, count_absent: true };
            let mate = prefer_the_highest(&mut matching, vertex, &candidates, addends, finalised)?;
            matched[vertex] = true;
            matched[mate] = true;
        }

        // The next bracket: this bracket's unpaired players, then the next score group.
        let mut next_bracket = Vec::new();
        moved_down = 0;
        let next_score = (group_of_next < n).then(|| score(group_of_next));
        bye.single_downfloater_is_bye = n % 2 == 1 && next_score.is_some_and(|s| bye.score >= s);
        for (p, &vertex) in bracket.iter().enumerate() {
            if p < bracket_end && matched[vertex] {
                let mate = matching.mate(vertex)?;
                partner[vertex] = Some(mate);
                partner[mate] = Some(vertex);
            } else {
                next_bracket.push(vertex);
                if p < bracket_end {
                    moved_down += 1;
                }
                if bye.single_downfloater_is_bye
                    && next_score.is_some_and(|s| matching.mate(vertex).map_or(score(vertex), score) < s)
                {
                    bye.single_downfloater_is_bye = false;
                }
            }
        }
        bracket = next_bracket;
        group_start_vertex = next_group_vertex;
    }
    let mut pairs = Vec::new();
    let mut bye_player = None;
    for vertex in 0..n {
        match partner[vertex] {
            Some(mate) if vertex < mate => pairs.push((sorted[vertex], sorted[mate])),
            Some(_) => {}
            None => bye_player = Some(sorted[vertex]),
        }
    }
    Some(Pairs { pairs, bye: bye_player })
}

/// The low-bit bonus of each candidate opponent: from `first`, one more for each candidate after it (each
/// absent edge counted too when `count_absent`).
struct Addends {
    first: u64,
    count_absent: bool,
}

/// Chooses `vertex`'s opponent among `candidates` (lowest-ranked first, with their base weights): each edge
/// gets a bonus one larger than the candidate before it, so that among equally good pairings the highest
/// candidate wins; then fixes the pair. `None` if `vertex` is left unmatched.
fn prefer_the_highest<const N: usize>(
    matching: &mut Matching<N>,
    vertex: usize,
    candidates: &[(usize, Wide<N>)],
    addends: Addends,
    finalised: Wide<N>,
) -> Option<usize> {
    let mut addend = addends.first;
    for &(opponent, weight) in candidates {
        if !weight.is_zero() {
            matching.set_weight(vertex, opponent, weight.add(&Wide::from_u64(addend)));
            addend += u64::from(!addends.count_absent);
        }
        addend += u64::from(addends.count_absent);
    }
    matching.solve();
    let mate = matching.mate(vertex)?;
    finalise(matching, vertex, mate, finalised);
    Some(mate)
}

/// Fixes the pair `a`–`b`: their edge above every other, their other edges gone.
fn finalise<const N: usize>(matching: &mut Matching<N>, a: usize, b: usize, weight: Wide<N>) {
    for x in 0..matching.len() {
        if x != a {
            matching.set_weight(a, x, if x == b { weight } else { Wide::ZERO });
        }
        if x != b {
            matching.set_weight(b, x, if x == a { weight } else { Wide::ZERO });
        }
    }
}
