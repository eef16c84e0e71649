//! [`Trf::to_event`] and [`Trf::from_event`]: a TRF file and the crate's [`Event`] model, both ways.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::check::score_after;
use super::entry::{RoundEntry, Side, TrfPlayer, TrfResult};
use super::file::Trf;
use super::point_values::PointValues;
use crate::kinds::{ByeKind, EventKind, System};
use crate::model::{Bye, Entrant, Event, Round, TournamentGame};
use crate::points::Points;
use crate::result::TournamentResult;
use crate::scoring::Scoring;

/// Why an event and a TRF file cannot be converted into each other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrfEventError {
    /// TRF files hold individual events; this one is a team event.
    #[error("a team event cannot be written as TRF (TRF holds individual events)")]
    TeamEvent,
    /// TRF files hold one game per pairing; this event has matches (两局制).
    #[error("round {round}: matches of several games cannot be written as TRF (one game a pairing)")]
    Matches {
        /// The round, from 1.
        round: usize,
    },
    /// A game without a player on one side.
    #[error("round {round}, game {game}: the game does not name both players")]
    MissingPlayer {
        /// The round, from 1.
        round: usize,
        /// The game, from 1.
        game: usize,
    },
    /// An id that is not a participant.
    #[error("round {round}: unknown participant {id:?}")]
    UnknownId {
        /// The round, from 1.
        round: usize,
        /// The id.
        id: String,
    },
    /// A participant with two games or byes in one round.
    #[error("round {round}: {id:?} is paired twice")]
    PairedTwice {
        /// The round, from 1.
        round: usize,
        /// The id.
        id: String,
    },
    /// A result TRF has no letter for.
    #[error("round {round}: the result {result} has no TRF letter")]
    Unrepresentable {
        /// The round, from 1.
        round: usize,
        /// The result.
        result: TournamentResult,
    },
    /// A point value that is not a multiple of a tenth, or differs where TRF has one value for both.
    #[error("scoring: {reason}")]
    Scoring {
        /// What cannot be written.
        reason: String,
    },
    /// A TRF point value that is not a multiple of half a point (the event model counts in quarters).
    #[error("{code}: {tenths} tenths of a point is not a multiple of half a point")]
    PointValue {
        /// The `BB?` code.
        code: &'static str,
        /// The value in tenths.
        tenths: u32,
    },
}

fn points_of_tenths(code: &'static str, tenths: u32) -> Result<Points, TrfEventError> {
    if tenths % 5 != 0 {
        return Err(TrfEventError::PointValue { code, tenths });
    }
    Ok(Points::from_half_points(i64::from(tenths / 5)))
}

fn tenths_of_points(field: &str, points: Points) -> Result<u32, TrfEventError> {
    let quarters = points.quarters();
    if quarters % 2 != 0 || quarters < 0 {
        return Err(TrfEventError::Scoring {
            reason: alloc::format!("{field} = {points} is not a multiple of half a point of 0 or more"),
        });
    }
    u32::try_from(quarters / 2 * 5)
        .map_err(|_| TrfEventError::Scoring { reason: alloc::format!("{field} = {points} is too large") })
}

/// The result of a game seen from the player with `colour` (or, without colours, from the lower start number).
fn game_result(mine: TrfResult, theirs: TrfResult) -> TournamentResult {
    match (mine, theirs) {
        (TrfResult::Win | TrfResult::UnratedWin, _) => TournamentResult::RedWins,
        (TrfResult::Loss | TrfResult::UnratedLoss, _) => TournamentResult::BlackWins,
        (TrfResult::ForfeitWin, _) => TournamentResult::RedWinsByForfeit,
        (TrfResult::ForfeitLoss, TrfResult::ForfeitWin) => TournamentResult::BlackWinsByForfeit,
        (TrfResult::ForfeitLoss, _) => TournamentResult::DoubleForfeit,
        _ => TournamentResult::Draw,
    }
}

fn bye_kind(entry: &RoundEntry) -> ByeKind {
    match entry.result {
        TrfResult::HalfPointBye | TrfResult::Draw | TrfResult::UnratedDraw => ByeKind::Half,
        TrfResult::PairingAllocatedBye | TrfResult::ForfeitWin | TrfResult::FullPointBye => ByeKind::Full,
        _ => ByeKind::Zero,
    }
}

impl Trf {
    /// The event this file describes: an individual Swiss event whose participants are the start numbers
    /// (`"1"`, `"2"`, …, with the names of the file), white as Red, the point values as its [`Scoring`] (a
    /// forfeit win and a full-point bye `F` as a win, a half-point bye as a draw, the pairing-allocated bye as
    /// [`Scoring::bye_full`], a double forfeit as a forfeit loss each), `U` and `F` as full byes, `H` as half
    /// byes, `Z` and absences as zero byes. The number of rounds, the initial colour and the forbidden pairs
    /// have no place in an [`Event`] and are left out.
    ///
    /// ```
    /// use xiangqi::tournament::trf::Trf;
    /// use xiangqi::tournament::{Points, TournamentResult};
    ///
    /// let text = "\
    /// 001    1      Alpha                                                              2.0          2 w 1
    /// 001    2      Beta                                                               0.0          1 b 0
    /// BBW  2.0
    /// BBD  1.0
    /// ";
    /// let event = Trf::parse(text)?.to_event()?;
    /// assert_eq!(event.players[1].name, "Beta");
    /// assert_eq!(event.scoring.win, Points::whole(2));
    /// let game = &event.rounds[0].games[0];
    /// assert_eq!((game.red.as_deref(), game.black.as_deref()), (Some("1"), Some("2")));
    /// assert_eq!(game.result, TournamentResult::RedWins);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TrfEventError::PointValue`] for a point value that is not a multiple of half a point.
    pub fn to_event(&self) -> Result<Event, TrfEventError> {
        let points = &self.points;
        let win = points_of_tenths("BBW", points.win)?;
        let draw = points_of_tenths("BBD", points.draw)?;
        let forfeit_loss = points_of_tenths("BBF", points.forfeit_loss)?;
        let scoring = Scoring {
            win,
            draw_first_mover: draw,
            draw_second_mover: draw,
            loss: points_of_tenths("BBL", points.loss)?,
            forfeit_win: win,
            forfeit_loss,
            double_forfeit: forfeit_loss,
            bye_full: points_of_tenths("BBU", points.pairing_allocated_bye)?,
            bye_half: draw,
            bye_zero: points_of_tenths("BBZ", points.zero_point_bye)?,
            ..Scoring::standard()
        };
        let by_id: BTreeMap<u32, &TrfPlayer> = self.players.iter().map(|player| (player.id, player)).collect();
        let round_count = self.players.iter().map(|player| player.rounds.len()).max().unwrap_or(0);
        let mut rounds = Vec::with_capacity(round_count);
        for index in 0..round_count {
            let mut round = Round::default();
            for player in &self.players {
                let Some(Some(entry)) = player.rounds.get(index) else { continue };
                let Some(opponent) = entry.opponent else {
                    round.byes.push(Bye { player: player.id.to_string(), kind: Some(bye_kind(entry)) });
                    continue;
                };
                let red = entry.colour.map_or(player.id < opponent, |colour| colour == Side::White);
                if !red {
                    continue;
                }
                let theirs = by_id
                    .get(&opponent)
                    .and_then(|them| them.rounds.get(index).copied().flatten())
                    .map_or(TrfResult::Blank, |entry| entry.result);
                round.games.push(TournamentGame::new(
                    &player.id.to_string(),
                    &opponent.to_string(),
                    game_result(entry.result, theirs),
                ));
            }
            rounds.push(round);
        }
        let players = self
            .players
            .iter()
            .map(|player| Entrant { id: player.id.to_string(), name: player.name.clone() })
            .collect();
        Ok(Event {
            name: self.name().unwrap_or_default().into(),
            kind: EventKind::Individual,
            system: System::Swiss,
            scoring,
            players,
            rounds,
            ..Event::default()
        })
    }

    /// The TRF file of an individual event of one game a pairing: start numbers in the order of
    /// [`Event::players`], the names (or the ids where there is none), Red as white, the scoring as the
    /// `BB?` point values, a full bye (or one of no kind) as the pairing-allocated bye `U`, a half bye as `H`,
    /// a zero bye as `Z`. A withdrawn player is marked absent (`0000 - -`) in each round after leaving in
    /// which they have no entry, and in the next round to be paired, so that a pairing leaves them out.
    ///
    /// ```
    /// use xiangqi::tournament::trf::Trf;
    /// use xiangqi::tournament::{Event, Round, TournamentGame, TournamentResult};
    ///
    /// let mut event = Event::with_players(["A", "B", "C"]);
    /// event.rounds.push(Round {
    ///     games: vec![TournamentGame::new("A", "B", TournamentResult::Draw)],
    ///     byes: vec![xiangqi::tournament::Bye { player: "C".into(), kind: None }],
    ///     ..Round::default()
    /// });
    /// let trf = Trf::from_event(&event)?;
    /// assert_eq!(trf.players[2].points, 20); // the bye, a win: 2 points
    /// assert_eq!(Trf::parse(&trf.to_string())?, trf);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TrfEventError`]: a team event or matches, a game without both players, an unknown id, a player
    /// paired twice in a round, a result TRF has no letter for (`0-0`, annulled), or a scoring TRF cannot
    /// say (a draw worth different points to the two sides, a forfeit win or half bye not worth a win or a
    /// draw, values not a multiple of half a point).
    pub fn from_event(event: &Event) -> Result<Trf, TrfEventError> {
        if event.kind == EventKind::Team {
            return Err(TrfEventError::TeamEvent);
        }
        let points = trf_points(&event.scoring)?;
        let numbers: BTreeMap<&str, u32> =
            event.players.iter().zip(1u32..).map(|(entrant, number)| (entrant.id.as_str(), number)).collect();
        let mut players: Vec<TrfPlayer> = event
            .players
            .iter()
            .zip(1u32..)
            .map(|(entrant, id)| TrfPlayer {
                id,
                name: if entrant.name.is_empty() { entrant.id.clone() } else { entrant.name.clone() },
                ..TrfPlayer::default()
            })
            .collect();
        let rounds = event.rounds.len();
        for (index, round) in event.rounds.iter().enumerate() {
            let round_number = index + 1;
            if !round.matches.is_empty() {
                return Err(TrfEventError::Matches { round: round_number });
            }
            let number = |id: &str| {
                numbers.get(id).copied().ok_or_else(|| TrfEventError::UnknownId { round: round_number, id: id.into() })
            };
            let place = |players: &mut [TrfPlayer], id: &str, entry: RoundEntry| {
                let number = number(id)?;
                let rounds = &mut players[number as usize - 1].rounds;
                if rounds.len() < index + 1 {
                    rounds.resize(index + 1, None);
                }
                if rounds[index].is_some() {
                    return Err(TrfEventError::PairedTwice { round: round_number, id: id.into() });
                }
                rounds[index] = Some(entry);
                Ok(())
            };
            for (game_index, game) in round.games.iter().enumerate() {
                let (Some(red), Some(black)) = (&game.red, &game.black) else {
                    return Err(TrfEventError::MissingPlayer { round: round_number, game: game_index + 1 });
                };
                let (red_result, black_result) = match game.result {
                    TournamentResult::RedWins => (TrfResult::Win, TrfResult::Loss),
                    TournamentResult::BlackWins => (TrfResult::Loss, TrfResult::Win),
                    TournamentResult::Draw => (TrfResult::Draw, TrfResult::Draw),
                    TournamentResult::RedWinsByForfeit => (TrfResult::ForfeitWin, TrfResult::ForfeitLoss),
                    TournamentResult::BlackWinsByForfeit => (TrfResult::ForfeitLoss, TrfResult::ForfeitWin),
                    TournamentResult::DoubleForfeit => (TrfResult::ForfeitLoss, TrfResult::ForfeitLoss),
                    result @ (TournamentResult::DoubleTimeout | TournamentResult::Annulled) => {
                        return Err(TrfEventError::Unrepresentable { round: round_number, result });
                    }
                };
                let (red_number, black_number) = (number(red)?, number(black)?);
                let entry = |opponent, colour, result| RoundEntry { opponent: Some(opponent), colour, result };
                place(&mut players, red, entry(black_number, Some(Side::White), red_result))?;
                place(&mut players, black, entry(red_number, Some(Side::Black), black_result))?;
            }
            for bye in &round.byes {
                let result = match bye.kind {
                    Some(ByeKind::Full) | None => TrfResult::PairingAllocatedBye,
                    Some(ByeKind::Half) => TrfResult::HalfPointBye,
                    Some(ByeKind::Zero) => TrfResult::ZeroPointBye,
                };
                place(&mut players, &bye.player, RoundEntry { opponent: None, colour: None, result })?;
            }
        }
        for withdrawal in &event.withdrawals {
            let Some(&number) = numbers.get(withdrawal.player.as_str()) else {
                return Err(TrfEventError::UnknownId { round: rounds, id: withdrawal.player.clone() });
            };
            let entries = &mut players[number as usize - 1].rounds;
            let from = usize::try_from(withdrawal.after_round).unwrap_or(usize::MAX);
            if from <= rounds {
                entries.resize(entries.len().max(rounds + 1), None);
                for entry in entries.iter_mut().skip(from) {
                    entry.get_or_insert(RoundEntry { opponent: None, colour: None, result: TrfResult::ForfeitLoss });
                }
            }
        }
        for player in &mut players {
            player.points = score_after(player, player.rounds.len(), &points);
        }
        Ok(Trf { other_lines: vec![alloc::format!("012 {}", event.name)], players, points, ..Trf::default() })
    }
}

fn trf_points(scoring: &Scoring) -> Result<PointValues, TrfEventError> {
    let same = |a: Points, b: Points, what: &str| {
        if a == b {
            Ok(())
        } else {
            Err(TrfEventError::Scoring { reason: alloc::format!("{what} ({a} and {b}): TRF has one value for both") })
        }
    };
    same(scoring.draw_first_mover, scoring.draw_second_mover, "a draw scores differently for the two sides")?;
    same(scoring.forfeit_win, scoring.win, "a forfeit win does not score as a win")?;
    same(scoring.bye_half, scoring.draw_first_mover, "a half bye does not score as a draw")?;
    same(scoring.double_forfeit, scoring.forfeit_loss, "a double forfeit does not score as a forfeit loss")?;
    Ok(PointValues {
        win: tenths_of_points("win", scoring.win)?,
        draw: tenths_of_points("draw", scoring.draw_first_mover)?,
        loss: tenths_of_points("loss", scoring.loss)?,
        zero_point_bye: tenths_of_points("bye_zero", scoring.bye_zero)?,
        forfeit_loss: tenths_of_points("forfeit_loss", scoring.forfeit_loss)?,
        pairing_allocated_bye: tenths_of_points("bye_full", scoring.bye_full)?,
    })
}
