//! [`RoundState`]: what the pairing of one round knows of each player, from the rounds before it in a [`Trf`]:
//! scores, colour history and preference, floats, bye eligibility, who may not meet.

use alloc::collections::BTreeSet;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::error::DutchError;
use crate::trf::{PointValues, RoundEntry, Side, Trf};

/// A float in one round: down (scored more than the opponent, or an unplayed round worth more than a loss), up
/// (scored less), or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

/// One past round of a player.
#[derive(Clone, Copy, Debug)]
struct Past {
    opponent: Option<usize>,
    colour: Option<Side>,
    played: bool,
    paired: bool,
    points: u32,
}

/// A player as the pairing sees them.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    /// Start number.
    pub(crate) id: u32,
    /// The pairing number from 0, counting only the players who take part in the event.
    pub(crate) rank: usize,
    /// Score in tenths.
    pub(crate) score: u32,
    /// Games played over the board.
    pub(crate) played_games: usize,
    /// The colour preference.
    pub(crate) preference: Option<Side>,
    /// |whites − blacks|.
    pub(crate) imbalance: usize,
    /// The colour of the last two games when they had the same one.
    pub(crate) repeated: Option<Side>,
    /// A strong preference (imbalance one, not absolute).
    pub(crate) strong: bool,
    /// May receive the pairing-allocated bye.
    pub(crate) bye_eligible: bool,
    /// The floats of the last round and the one before.
    pub(crate) floats: [Float; 2],
    /// The colours of the games played, oldest first.
    pub(crate) colours: Vec<Side>,
}

impl Entrant {
    /// An absolute colour imbalance (more than one).
    pub(crate) fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// An absolute colour preference: an imbalance over one, or the same colour twice running.
    pub(crate) fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// Everything the pairing of a round needs.
pub(crate) struct RoundState {
    /// The players to pair, by start number.
    pub(crate) players: Vec<Entrant>,
    /// Rounds played before this one.
    pub(crate) played_rounds: u32,
    /// The event's rounds.
    pub(crate) rounds: u32,
    /// The point values.
    pub(crate) points: PointValues,
    /// The colour of the top player in round 1.
    pub(crate) initial_colour: Option<Side>,
    /// Pairs of indices into `players` that may not meet.
    pub(crate) forbidden: BTreeSet<(usize, usize)>,
}

const UNSUPPORTED_CODES: [(&str, &str); 5] = [
    ("XXA", "acceleration (XXA)"),
    ("250", "acceleration (250)"),
    ("240", "byes listed for later rounds (240)"),
    ("260", "forbidden pairs by round (260)"),
    ("299", "abnormal points (299)"),
];

fn points_of(entry: Option<&RoundEntry>, points: &PointValues) -> u32 {
    entry.map_or(points.zero_point_bye, |entry| crate::trf::entry_points(entry, points))
}

impl RoundState {
    /// The state before round `round` of the file.
    pub(crate) fn new(trf: &Trf, round: u32) -> Result<RoundState, DutchError> {
        if round == 0 {
            return Err(DutchError::RoundZero);
        }
        let rounds = trf.rounds.ok_or(DutchError::UnknownRoundCount)?;
        if round > rounds {
            return Err(DutchError::AfterLastRound { round, rounds });
        }
        if trf.pair_by_rank {
            return Err(DutchError::Unsupported("pairing by rank (XXC rank)".to_string()));
        }
        for line in &trf.other_lines {
            if let Some((_, what)) = UNSUPPORTED_CODES.iter().find(|(code, _)| line.starts_with(code)) {
                return Err(DutchError::Unsupported((*what).to_string()));
            }
        }
        let mut by_id: Vec<&crate::trf::TrfPlayer> = trf.players.iter().collect();
        by_id.sort_by_key(|player| player.id);
        for (expected, player) in (1u32..).zip(&by_id) {
            if player.id != expected {
                return Err(DutchError::MissingStartNumber { players: by_id.len(), missing: expected });
            }
        }
        let played = round as usize - 1;
        let points = trf.points;
        let history: Vec<Vec<Past>> = by_id
            .iter()
            .map(|player| {
                (1..=played as u32)
                    .map(|r| {
                        let entry = player.round(r);
                        Past {
                            opponent: entry.and_then(|e| e.opponent).map(|id| id as usize - 1),
                            colour: entry.and_then(|e| e.colour),
                            played: entry.is_some_and(RoundEntry::was_played),
                            paired: entry.is_some_and(RoundEntry::was_paired),
                            points: points_of(entry, &points),
                        }
                    })
                    .collect()
            })
            .collect();
        // score_before[p][k]: the score of player p after k rounds.
        let score_before: Vec<Vec<u32>> = history
            .iter()
            .map(|past| {
                core::iter::once(0)
                    .chain(past.iter().scan(0, |sum, round| {
                        *sum += round.points;
                        Some(*sum)
                    }))
                    .collect()
            })
            .collect();
        let mut players = Vec::new();
        let mut forbidden = BTreeSet::new();
        let mut index_of = alloc::vec![usize::MAX; by_id.len()];
        let mut rank = 0;
        for (p, player) in by_id.iter().enumerate() {
            let absent = player.round(round).is_some_and(|entry| !entry.was_paired());
            let valid = !absent || history[p].iter().any(|past| past.paired);
            if !valid {
                continue;
            }
            rank += 1;
            if absent {
                continue;
            }
            index_of[p] = players.len();
            players.push(entrant(player.id, rank - 1, &history, &score_before, p, &points));
        }
        for (p, past) in history.iter().enumerate() {
            for round in past {
                if let (true, Some(opponent)) = (round.played, round.opponent) {
                    let (a, b) = (index_of[p], index_of[opponent]);
                    if a != usize::MAX && b != usize::MAX {
                        forbidden.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
        for group in &trf.forbidden_pairs {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    let (a, b) = (index_of[a as usize - 1], index_of[b as usize - 1]);
                    if a != usize::MAX && b != usize::MAX && a != b {
                        forbidden.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
        Ok(RoundState {
            players,
            played_rounds: round - 1,
            rounds,
            points,
            initial_colour: trf.initial_colour.or_else(|| inferred_initial_colour(trf)),
            forbidden,
        })
    }

    /// Whether players `a` and `b` (indices) have met or may not meet.
    pub(crate) fn is_forbidden(&self, a: usize, b: usize) -> bool {
        self.forbidden.contains(&(a.min(b), a.max(b)))
    }
}

fn entrant(
    id: u32,
    rank: usize,
    history: &[Vec<Past>],
    score_before: &[Vec<u32>],
    p: usize,
    points: &PointValues,
) -> Entrant {
    let past = &history[p];
    let played = past.len();
    let colours: Vec<Side> = past.iter().filter(|r| r.played).filter_map(|r| r.colour).collect();
    let whites = colours.iter().filter(|&&c| c == Side::White).count();
    let blacks = colours.len() - whites;
    let lower = if whites > blacks { Side::Black } else { Side::White };
    let imbalance = whites.abs_diff(blacks);
    let last = colours.last().copied();
    let run = last.map_or(0, |last| colours.iter().rev().take_while(|&&c| c == last).count());
    let preference = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Side::other)
    } else if imbalance > 0 {
        Some(lower)
    } else {
        last.map(Side::other)
    };
    let repeated = if run > 1 { last } else { None };
    let absolute = imbalance > 1 || repeated.is_some();
    let bye_eligible = !past
        .iter()
        .any(|round| !round.played && (round.points >= points.win || (round.paired && round.opponent.is_none())));
    let float = |back: usize| {
        if played < back {
            return Float::None;
        }
        let round = &past[played - back];
        if !round.played {
            return if round.points > points.loss { Float::Down } else { Float::None };
        }
        let Some(opponent) = round.opponent else { return Float::None };
        let mine = score_before[p][played - back];
        let theirs = score_before[opponent][played - back];
        match mine.cmp(&theirs) {
            core::cmp::Ordering::Greater => Float::Down,
            core::cmp::Ordering::Less => Float::Up,
            core::cmp::Ordering::Equal => Float::None,
        }
    };
    Entrant {
        id,
        rank,
        score: score_before[p][played],
        played_games: colours.len(),
        preference,
        imbalance,
        repeated,
        strong: !absolute && imbalance > 0,
        bye_eligible,
        floats: [float(1), float(2)],
        colours,
    }
}

/// bbpPairings' inference of the initial colour: the colour of the first player (by start number) paired in
/// the first round in which anybody has a colour, reversed once for each player paired before them without one.
fn inferred_initial_colour(trf: &Trf) -> Option<Side> {
    let first = trf
        .players
        .iter()
        .filter_map(|player| player.rounds.iter().position(|e| e.as_ref().is_some_and(|e| e.colour.is_some())))
        .min()?;
    let mut by_id: Vec<&crate::trf::TrfPlayer> = trf.players.iter().collect();
    by_id.sort_by_key(|player| player.id);
    let mut passed = 0;
    for player in by_id {
        let paired = player.rounds.iter().take(first + 1).flatten().any(RoundEntry::was_paired);
        if !paired {
            continue;
        }
        if let Some(colour) = player.rounds.get(first).copied().flatten().and_then(|entry| entry.colour) {
            return Some(if passed % 2 == 1 { colour.other() } else { colour });
        }
        passed += 1;
    }
    None
}
