//! The checked event: every id resolved, every pairing consistent. The only way in is [`Tournament::new`].

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use xiangqi_board::Color;

use crate::checked::{CheckedGame, CheckedPairing, CheckedResult, CheckedRound, PairingSide};
use crate::event_error::{EventError, FieldPath};
use crate::kinds::{EventKind, System};
use crate::model::{Event, Match, Round, TeamBoard, TournamentGame};
use crate::preset::Preset;
use crate::requests::{check_requests, PairingRequests};
use crate::result::TournamentResult;
use crate::scoring::Scoring;

/// A checked event, ready to be ranked with [`rank`](crate::rank).
///
/// ```
/// use xiangqi::tournament::{Event, Round, Tournament, TournamentGame, TournamentResult::*};
/// let mut event = Event::with_players(["A", "B"]);
/// event.rounds.push(Round { games: vec![TournamentGame::new("A", "B", Draw)], ..Round::default() });
/// let tournament = Tournament::new(&event)?;
/// assert_eq!(tournament.len(), 2);
///
/// event.rounds[0].games[0].black = Some("Z".into());
/// let error = Tournament::new(&event).unwrap_err();
/// assert_eq!(error.to_string(), "round 1, game 1, black (rounds[0].games[0].black): unknown participant \"Z\"");
/// # Ok::<_, xiangqi::tournament::EventError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    pub(crate) name: String,
    pub(crate) kind: EventKind,
    pub(crate) system: System,
    pub(crate) games_per_match: usize,
    pub(crate) cycles: usize,
    pub(crate) boards: usize,
    pub(crate) scoring: Scoring,
    pub(crate) ids: Vec<String>,
    /// Display names; empty where the event gives none.
    pub(crate) names: Vec<String>,
    pub(crate) rounds: Vec<CheckedRound>,
    /// (participant, rounds played before leaving)
    pub(crate) withdrawals: Vec<(usize, usize)>,
    pub(crate) playoff: Vec<usize>,
    /// The colour that moves first (Red, or Black in the PRC 1956 rules).
    pub(crate) first_mover: Color,
    /// Late entries, byes asked for, forbidden pairs: what the pairing of the coming rounds needs.
    pub(crate) requests: PairingRequests,
}

impl Tournament {
    /// Checks an event.
    ///
    /// # Errors
    ///
    /// An [`EventError`] naming the first bad field: an unknown or duplicate id, a participant paired twice in a
    /// round or against itself, a match with the wrong number of boards or games, colours that do not fit the
    /// match, scoring values that are not whole or half points, a withdrawal after a round that does not exist.
    pub fn new(event: &Event) -> Result<Tournament, EventError> {
        Checker::new(event)?.check()
    }

    /// The number of participants (players, or teams in a team event).
    #[must_use]
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the event has no participants.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The event name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Individual or team event.
    #[must_use]
    pub fn kind(&self) -> EventKind {
        self.kind
    }

    /// Round robin or Swiss.
    #[must_use]
    pub fn system(&self) -> System {
        self.system
    }

    /// Games per pairing on each board (1, or 2 for 两局制).
    #[must_use]
    pub fn games_per_match(&self) -> usize {
        self.games_per_match
    }

    /// The number of rounds.
    #[must_use]
    pub fn rounds(&self) -> usize {
        self.rounds.len()
    }

    /// Whether the primary score is match points (场分 / 大分) rather than game points: team events and
    /// two-game matches.
    #[must_use]
    pub fn scores_matches(&self) -> bool {
        self.kind == EventKind::Team || self.games_per_match > 1
    }

    /// Participant ids, in input order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.ids.iter().map(String::as_str)
    }

    /// The AXF preset for the event's kind and system: `axf-rr`, `axf-swiss`, `axf-team-rr` or `axf-team-swiss`;
    /// `cxa-14.2` for an individual round robin of two-game matches, which AXF 2008 第二章第四节 二 scores but
    /// 第五节 gives no order for. The preset of an event whose `ranking` names none.
    ///
    /// ```
    /// use xiangqi::tournament::{Event, Preset, System, Tournament};
    /// let swiss = Event { system: System::Swiss, ..Event::with_players(["A", "B"]) };
    /// assert_eq!(Tournament::new(&swiss)?.default_preset(), Preset::AxfIndividualSwiss);
    /// # Ok::<_, xiangqi::tournament::EventError>(())
    /// ```
    #[must_use]
    pub fn default_preset(&self) -> Preset {
        match (self.kind, self.system) {
            (EventKind::Individual, System::RoundRobin) if self.games_per_match > 1 => Preset::Cxa14_2,
            (EventKind::Individual, System::RoundRobin) => Preset::AxfIndividualRoundRobin,
            (EventKind::Individual, System::Swiss) => Preset::AxfIndividualSwiss,
            (EventKind::Team, System::RoundRobin) => Preset::AxfTeamRoundRobin,
            (EventKind::Team, System::Swiss) => Preset::AxfTeamSwiss,
        }
    }
}

/// Validation state: the event and its id index.
struct Checker<'a> {
    event: &'a Event,
    index: BTreeMap<&'a str, usize>,
}

impl<'a> Checker<'a> {
    fn new(event: &'a Event) -> Result<Checker<'a>, EventError> {
        let mut index = BTreeMap::new();
        for (i, entrant) in event.players.iter().enumerate() {
            let at = format!("players[{i}].id");
            if entrant.id.is_empty() {
                return Err(EventError::EmptyId { at });
            }
            if index.insert(entrant.id.as_str(), i).is_some() {
                return Err(EventError::DuplicateId { id: entrant.id.clone(), at });
            }
        }
        Ok(Checker { event, index })
    }

    fn lookup(&self, id: &str, at: impl FnOnce() -> FieldPath) -> Result<usize, EventError> {
        self.index.get(id).copied().ok_or_else(|| EventError::UnknownId { id: id.into(), at: at() })
    }

    fn check(&self) -> Result<Tournament, EventError> {
        let event = self.event;
        self.check_settings()?;
        let boards = self.board_count();
        let mut rounds = Vec::with_capacity(event.rounds.len());
        for (r, round) in event.rounds.iter().enumerate() {
            rounds.push(self.check_round(r, round, boards)?);
        }
        let withdrawals = self.check_withdrawals(&rounds)?;
        let requests = check_requests(event, &|id, at| self.lookup(id, || at), &rounds)?;
        let mut playoff = Vec::new();
        for (i, id) in event.playoff.iter().enumerate() {
            let p = self.lookup(id, || format!("playoff[{i}]"))?;
            if playoff.contains(&p) {
                return Err(EventError::DuplicateId { id: id.clone(), at: format!("playoff[{i}]") });
            }
            playoff.push(p);
        }
        Ok(Tournament {
            name: event.name.clone(),
            kind: event.kind,
            system: event.system,
            games_per_match: usize::from(event.games_per_match),
            cycles: usize::from(event.cycles),
            boards,
            scoring: event.scoring,
            ids: event.players.iter().map(|p| p.id.clone()).collect(),
            names: event.players.iter().map(|p| p.name.clone()).collect(),
            rounds,
            withdrawals,
            playoff,
            first_mover: event.first_mover,
            requests,
        })
    }

    fn check_settings(&self) -> Result<(), EventError> {
        let event = self.event;
        let invalid = |at: &str, reason: &str| EventError::InvalidSetting { at: at.into(), reason: reason.into() };
        if !(1..=16).contains(&event.games_per_match) {
            return Err(invalid("games_per_match", "must be between 1 and 16"));
        }
        if !(1..=16).contains(&event.cycles) {
            return Err(invalid("cycles", "must be between 1 and 16"));
        }
        for (field, value) in event.scoring.fields() {
            if !value.is_half_point_multiple() {
                return Err(EventError::InvalidSetting {
                    at: format!("scoring.{field}"),
                    reason: format!("{value} is not a whole or half point"),
                });
            }
            if value.quarters().unsigned_abs() > 1 << 20 {
                return Err(EventError::InvalidSetting {
                    at: format!("scoring.{field}"),
                    reason: format!("{value} is out of range"),
                });
            }
        }
        if event.rounds.len() > 10_000 {
            return Err(invalid("rounds", "more than 10000 rounds"));
        }
        Ok(())
    }

    /// Boards per team match: the `boards` setting, else the first match's board count; 1 in individual events.
    fn board_count(&self) -> usize {
        let event = self.event;
        if event.kind == EventKind::Individual {
            return 1;
        }
        if event.boards > 0 {
            return usize::from(event.boards);
        }
        let first = event.rounds.iter().flat_map(|r| r.matches.iter()).next();
        first.map_or(0, |m| m.boards.len())
    }

    fn check_round(&self, r: usize, round: &Round, boards: usize) -> Result<CheckedRound, EventError> {
        let event = self.event;
        let mut seen = alloc::vec![false; event.players.len()];
        let mut mark = |p: usize, at: &dyn Fn() -> FieldPath| {
            if core::mem::replace(&mut seen[p], true) {
                Err(EventError::PairedTwice { id: event.players[p].id.clone(), round: r + 1, at: at() })
            } else {
                Ok(())
            }
        };
        let mut checked = CheckedRound::default();
        if !round.games.is_empty() && (event.kind == EventKind::Team || event.games_per_match > 1) {
            return Err(EventError::WrongShape {
                at: format!("rounds[{r}].games"),
                reason: "single games are only for individual one-game events; use `matches`".into(),
            });
        }
        for (g, game) in round.games.iter().enumerate() {
            let at = |field: &str| format!("rounds[{r}].games[{g}]{field}");
            let red_id = game.red.as_deref().ok_or_else(|| EventError::WrongShape {
                at: at(""),
                reason: "a game outside a match needs `red` and `black`".into(),
            })?;
            let black_id = game.black.as_deref().ok_or_else(|| EventError::WrongShape {
                at: at(""),
                reason: "a game outside a match needs `red` and `black`".into(),
            })?;
            let red = self.lookup(red_id, || at(".red"))?;
            let black = self.lookup(black_id, || at(".black"))?;
            if red == black {
                return Err(EventError::SelfPairing { id: red_id.into(), at: at(".black") });
            }
            mark(red, &|| at(".red"))?;
            mark(black, &|| at(".black"))?;
            checked.pairings.push(CheckedPairing {
                sides: [red, black],
                boards: alloc::vec![alloc::vec![self.game(game, PairingSide::First)]],
            });
        }
        for (m, pairing) in round.matches.iter().enumerate() {
            let at = |field: &str| format!("rounds[{r}].matches[{m}]{field}");
            let first = self.lookup(&pairing.first, || at(".first"))?;
            let second = self.lookup(&pairing.second, || at(".second"))?;
            if first == second {
                return Err(EventError::SelfPairing { id: pairing.first.clone(), at: at(".second") });
            }
            mark(first, &|| at(".first"))?;
            mark(second, &|| at(".second"))?;
            let games = self.check_match(pairing, boards, &at)?;
            checked.pairings.push(CheckedPairing { sides: [first, second], boards: games });
        }
        for (b, bye) in round.byes.iter().enumerate() {
            let at = || format!("rounds[{r}].byes[{b}].player");
            let p = self.lookup(&bye.player, at)?;
            mark(p, &at)?;
            checked.byes.push((p, bye.kind));
        }
        Ok(checked)
    }

    fn check_match(
        &self,
        pairing: &Match,
        boards: usize,
        at: &dyn Fn(&str) -> FieldPath,
    ) -> Result<Vec<Vec<CheckedGame>>, EventError> {
        let event = self.event;
        let per_board = usize::from(event.games_per_match);
        let shape = |field: &str, reason: String| EventError::WrongShape { at: at(field), reason };
        let board_list: Vec<(FieldPath, &TeamBoard)>;
        let single;
        match event.kind {
            EventKind::Individual => {
                if !pairing.boards.is_empty() {
                    return Err(shape(".boards", "boards are only for team events; use `games`".into()));
                }
                single = TeamBoard { games: pairing.games.clone() };
                board_list = alloc::vec![(at(".games"), &single)];
            }
            EventKind::Team => {
                if !pairing.games.is_empty() {
                    return Err(shape(".games", "a team match lists its games by board in `boards`".into()));
                }
                if pairing.boards.len() != boards {
                    return Err(shape(
                        ".boards",
                        format!("{} boards, but this event has {boards} boards per match", pairing.boards.len()),
                    ));
                }
                board_list =
                    pairing.boards.iter().enumerate().map(|(b, board)| (at(&format!(".boards[{b}]")), board)).collect();
            }
        }
        let mut checked = Vec::with_capacity(board_list.len());
        for (b, (board_at, board)) in board_list.into_iter().enumerate() {
            if board.games.len() != per_board {
                return Err(EventError::WrongShape {
                    at: board_at,
                    reason: format!("{} games, but this event plays {per_board} per pairing", board.games.len()),
                });
            }
            let mut games = Vec::with_capacity(per_board);
            for (g, game) in board.games.iter().enumerate() {
                let game_at = || format!("{board_at}[{g}]");
                let red_side = self.red_side(pairing, game, b, g, &game_at)?;
                games.push(self.game(game, red_side));
            }
            checked.push(games);
        }
        Ok(checked)
    }

    /// Which side of the match had Red in this game: as named, or by the default rule (ROC 2007 附錄).
    fn red_side(
        &self,
        pairing: &Match,
        game: &TournamentGame,
        board: usize,
        game_number: usize,
        at: &dyn Fn() -> FieldPath,
    ) -> Result<PairingSide, EventError> {
        let side_of = |id: &str, field: &str| -> Result<PairingSide, EventError> {
            if id == pairing.first {
                Ok(PairingSide::First)
            } else if id == pairing.second {
                Ok(PairingSide::Second)
            } else {
                Err(EventError::WrongColours {
                    at: format!("{}.{field}", at()),
                    reason: format!("{id:?} is not a side of this match"),
                })
            }
        };
        let red = game.red.as_deref().map(|id| side_of(id, "red")).transpose()?;
        let black = game.black.as_deref().map(|id| side_of(id, "black")).transpose()?;
        match (red, black) {
            (Some(r), Some(b)) if r == b => Err(EventError::WrongColours {
                at: format!("{}.black", at()),
                reason: "red and black are the same side".into(),
            }),
            (Some(r), _) => Ok(r),
            (None, Some(b)) => Ok(b.other()),
            // Odd boards (board index 0, 2, …) give the first-listed side Red; colours swap each game.
            (None, None) => Ok(PairingSide::from_second((board + game_number) % 2 == 1)),
        }
    }

    /// A game relative to its pairing, given which side had Red.
    fn game(&self, game: &TournamentGame, red_side: PairingSide) -> CheckedGame {
        let black_side = red_side.other();
        let first_mover = match self.event.first_mover {
            Color::Red => red_side,
            Color::Black => black_side,
        };
        let result = match game.result {
            TournamentResult::RedWins => CheckedResult::Won { winner: red_side, forfeit: false },
            TournamentResult::BlackWins => CheckedResult::Won { winner: black_side, forfeit: false },
            TournamentResult::RedWinsByForfeit => CheckedResult::Won { winner: red_side, forfeit: true },
            TournamentResult::BlackWinsByForfeit => CheckedResult::Won { winner: black_side, forfeit: true },
            TournamentResult::Draw => CheckedResult::Draw,
            TournamentResult::DoubleForfeit => CheckedResult::Nobody { played: false },
            TournamentResult::DoubleTimeout => CheckedResult::Nobody { played: true },
            TournamentResult::Annulled => CheckedResult::Annulled,
        };
        let mut fouls = [0; 2];
        fouls[red_side] = game.red_fouls;
        fouls[black_side] = game.black_fouls;
        CheckedGame { first_mover, result, fouls }
    }

    fn check_withdrawals(&self, rounds: &[CheckedRound]) -> Result<Vec<(usize, usize)>, EventError> {
        let mut withdrawals: Vec<(usize, usize)> = Vec::new();
        for (w, withdrawal) in self.event.withdrawals.iter().enumerate() {
            let at = |field: &str| format!("withdrawals[{w}].{field}");
            let p = self.lookup(&withdrawal.player, || at("player"))?;
            if withdrawals.iter().any(|&(q, _)| q == p) {
                return Err(EventError::DuplicateId { id: withdrawal.player.clone(), at: at("player") });
            }
            let after = usize::try_from(withdrawal.after_round).unwrap_or(usize::MAX);
            if after > rounds.len() {
                return Err(EventError::InvalidSetting {
                    at: at("after_round"),
                    reason: match rounds.len() {
                        1 => format!("round {after} does not exist (the event has 1 round)"),
                        n => format!("round {after} does not exist (the event has {n} rounds)"),
                    },
                });
            }
            for (r, round) in rounds.iter().enumerate().skip(after) {
                if let Some(b) = round.byes.iter().position(|&(q, _)| q == p) {
                    return Err(EventError::ByeAfterWithdrawal {
                        id: withdrawal.player.clone(),
                        after_round: withdrawal.after_round,
                        round: r + 1,
                        at: format!("rounds[{r}].byes[{b}]"),
                    });
                }
            }
            withdrawals.push((p, after));
        }
        Ok(withdrawals)
    }
}
