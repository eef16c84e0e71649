//! Each participant's record: what it scored in every round, and the counts the criteria need.
//!
//! Scoring layers (AXF 2008 第二章第四节 一–四; ROC 2007 第五節; CXA 2011 13.1–13.2): every game gives game points (局分, 小分 in a two-game
//! match); a pairing of several games (a team match, or a two-game match) gives match points (场分, 大分) to the
//! side with more game points, in a two-game team match to the side with more 大分 and then more 小分.

use alloc::vec::Vec;

use crate::checked::{CheckedGame, CheckedPairing, CheckedResult, CheckedRound, PairingSide};
use crate::kinds::{ByeKind, EventKind};
use crate::points::Points;
use crate::scoring::Scoring;
use crate::tournament::Tournament;

/// A pairing's result for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchResult {
    Win,
    Draw,
    /// A loss, or a 0:0 that nobody won.
    Loss,
}

/// One round of a participant: a pairing or a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Round index, from 0.
    pub(crate) round: usize,
    /// `None` for a bye.
    pub(crate) opponent: Option<usize>,
    /// Index of the pairing in its round (`None` for a bye).
    pub(crate) pairing: Option<usize>,
    pub(crate) bye: Option<ByeKind>,
    pub(crate) result: MatchResult,
    /// Whether any game of the pairing was played over the board.
    pub(crate) played: bool,
    /// Points towards the primary score (game points, or match points).
    pub(crate) primary: Points,
    pub(crate) game_points: Points,
}

impl Entry {
    /// Whether the entry is a forfeit (a pairing with no game played over the board).
    pub(crate) fn is_forfeit(&self) -> bool {
        self.opponent.is_some() && !self.played
    }
}

/// Game-level counts, split into games played over the board and games decided by forfeit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PlayedAndForfeit {
    pub(crate) played: u32,
    pub(crate) forfeit: u32,
}

impl PlayedAndForfeit {
    fn add(&mut self, forfeit: bool) {
        if forfeit {
            self.forfeit += 1;
        } else {
            self.played += 1;
        }
    }

    /// The count, with or without the forfeits.
    pub(crate) fn total(self, with_forfeits: bool) -> u32 {
        self.played + if with_forfeits { self.forfeit } else { 0 }
    }
}

/// A participant's record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) primary: Points,
    pub(crate) game_points: Points,
    pub(crate) entries: Vec<Entry>,
    pub(crate) game_wins: PlayedAndForfeit,
    pub(crate) match_wins: PlayedAndForfeit,
    pub(crate) full_byes: u32,
    pub(crate) second_mover_games: PlayedAndForfeit,
    pub(crate) second_mover_wins: PlayedAndForfeit,
    pub(crate) second_listed_matches: u32,
    pub(crate) fouls: u64,
}

/// Points of one side for one game.
pub(crate) fn game_points(scoring: &Scoring, game: &CheckedGame, side: PairingSide) -> Points {
    match game.result {
        CheckedResult::Won { winner, forfeit: false } => {
            if winner == side {
                scoring.win
            } else {
                scoring.loss
            }
        }
        CheckedResult::Won { winner, forfeit: true } => {
            if winner == side {
                scoring.forfeit_win
            } else {
                scoring.forfeit_loss
            }
        }
        CheckedResult::Draw => {
            if game.first_mover == side {
                scoring.draw_first_mover
            } else {
                scoring.draw_second_mover
            }
        }
        CheckedResult::Nobody { .. } => scoring.double_forfeit,
        CheckedResult::Annulled => Points::ZERO,
    }
}

/// The result of comparing two point totals, for the first.
fn compare(a: Points, b: Points) -> MatchResult {
    match a.cmp(&b) {
        core::cmp::Ordering::Greater => MatchResult::Win,
        core::cmp::Ordering::Equal => MatchResult::Draw,
        core::cmp::Ordering::Less => MatchResult::Loss,
    }
}

fn flip(result: MatchResult) -> MatchResult {
    match result {
        MatchResult::Win => MatchResult::Loss,
        MatchResult::Loss => MatchResult::Win,
        MatchResult::Draw => MatchResult::Draw,
    }
}

/// The per-side totals of one pairing, or `None` when every game was annulled.
struct PairingScore {
    game_points: [Points; 2],
    result: [MatchResult; 2],
    played: bool,
}

fn score_pairing(tournament: &Tournament, pairing: &CheckedPairing) -> Option<PairingScore> {
    let scoring = &tournament.scoring;
    let counted = || pairing.boards.iter().flatten().filter(|g| g.result != CheckedResult::Annulled);
    counted().next()?;
    let played = counted().any(|g| g.result.played());
    let nobody_won = counted().all(|g| matches!(g.result, CheckedResult::Nobody { .. }));
    let side_points =
        |games: &[CheckedGame], side: PairingSide| games.iter().map(|g| game_points(scoring, g, side)).sum::<Points>();
    let mut game_points = [Points::ZERO; 2];
    let mut big_points = [Points::ZERO; 2];
    for board in &pairing.boards {
        let board_points = PairingSide::BOTH.map(|side| side_points(board, side));
        game_points[0] += board_points[0];
        game_points[1] += board_points[1];
        let board_result = compare(board_points[0], board_points[1]);
        big_points[0] += match_points(scoring, board_result);
        big_points[1] += match_points(scoring, flip(board_result));
    }
    let result = if nobody_won {
        MatchResult::Loss
    } else if !tournament.scores_matches() {
        // A one-game pairing: the game's result, whatever the (possibly asymmetric, CXA 13.3) points.
        match counted().map(|g| g.result).next() {
            Some(CheckedResult::Won { winner: PairingSide::First, .. }) => MatchResult::Win,
            Some(CheckedResult::Won { .. }) => MatchResult::Loss,
            _ => MatchResult::Draw,
        }
    } else if tournament.kind == EventKind::Team && tournament.games_per_match > 1 {
        // 团体两局制: 大分 first, then 小分 (AXF 2008 第二章第四节 四).
        match compare(big_points[0], big_points[1]) {
            MatchResult::Draw => compare(game_points[0], game_points[1]),
            decided => decided,
        }
    } else {
        compare(game_points[0], game_points[1])
    };
    let second = if nobody_won { MatchResult::Loss } else { flip(result) };
    Some(PairingScore { game_points, result: [result, second], played })
}

pub(crate) fn match_points(scoring: &Scoring, result: MatchResult) -> Points {
    match result {
        MatchResult::Win => scoring.match_win,
        MatchResult::Draw => scoring.match_draw,
        MatchResult::Loss => scoring.match_loss,
    }
}

/// Every participant's record, from the rounds after withdrawals; a bye that names no kind is a `default_bye`.
pub(crate) fn records(tournament: &Tournament, rounds: &[CheckedRound], default_bye: ByeKind) -> Vec<Record> {
    let mut records = alloc::vec![Record::default(); tournament.len()];
    let scoring = &tournament.scoring;
    let by_matches = tournament.scores_matches();
    let games_per_pairing = tournament.boards.max(1) * tournament.games_per_match;
    for (r, round) in rounds.iter().enumerate() {
        for (index, pairing) in round.pairings.iter().enumerate() {
            let Some(score) = score_pairing(tournament, pairing) else { continue };
            for side in PairingSide::BOTH {
                let record = &mut records[pairing.sides[side]];
                let result = score.result[side];
                let primary = if by_matches { match_points(scoring, result) } else { score.game_points[side] };
                record.entries.push(Entry {
                    round: r,
                    opponent: Some(pairing.sides[side.other()]),
                    pairing: Some(index),
                    bye: None,
                    result,
                    played: score.played,
                    primary,
                    game_points: score.game_points[side],
                });
                record.primary += primary;
                record.game_points += score.game_points[side];
                if result == MatchResult::Win {
                    record.match_wins.add(!score.played);
                }
                if side == PairingSide::Second {
                    record.second_listed_matches += 1;
                }
                for game in pairing.boards.iter().flatten().filter(|g| g.result != CheckedResult::Annulled) {
                    count_game(record, game, side);
                }
            }
        }
        for &(player, kind) in &round.byes {
            let kind = kind.unwrap_or(default_bye);
            let record = &mut records[player];
            let (per_game, result) = match kind {
                ByeKind::Full => (scoring.bye_full, MatchResult::Win),
                ByeKind::Half => (scoring.bye_half, MatchResult::Draw),
                ByeKind::Zero => (scoring.bye_zero, MatchResult::Loss),
            };
            let game_points = per_game * i64::try_from(games_per_pairing).unwrap_or(1);
            let primary = if by_matches { match_points(scoring, result) } else { game_points };
            record.entries.push(Entry {
                round: r,
                opponent: None,
                pairing: None,
                bye: Some(kind),
                result,
                played: false,
                primary,
                game_points,
            });
            record.primary += primary;
            record.game_points += game_points;
            if kind == ByeKind::Full {
                record.full_byes += 1;
            }
        }
    }
    records
}

fn count_game(record: &mut Record, game: &CheckedGame, side: PairingSide) {
    let forfeit = !game.result.played();
    let second_mover = game.first_mover != side;
    record.fouls += u64::from(game.fouls[side]);
    let won = matches!(game.result, CheckedResult::Won { winner, .. } if winner == side);
    if won {
        record.game_wins.add(forfeit);
    }
    if second_mover && !matches!(game.result, CheckedResult::Nobody { played: false }) {
        record.second_mover_games.add(forfeit);
        if won {
            record.second_mover_wins.add(forfeit);
        }
    }
}
