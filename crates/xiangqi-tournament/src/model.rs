//! The event as written down: players or teams, rounds, games and results, not yet checked.
//!
//! These types have public fields and may describe an impossible event (unknown ids, a player paired twice in a
//! round, …). [`Tournament::new`](crate::Tournament::new) checks them. With the `serde` feature they are also the
//! JSON input format documented in [docs/tournament.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/tournament.md).

use alloc::string::String;
use alloc::vec::Vec;

use xiangqi_board::Color;

use crate::kinds::{ByeKind, EventKind, System};
use crate::ranking_spec::RankingSpec;
use crate::result::TournamentResult;
use crate::scoring::Scoring;

/// A participant: a player in an individual event, a team in a team event.
///
/// In JSON a bare id (`"A"`) or an object (`{"id": "A", "name": "张伟"}`, the name optional); an entrant without a
/// name is written as its bare id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    /// Unique id, used in the rounds.
    pub id: String,
    /// Display name; empty when the event gives none (the standings then show the id only).
    pub name: String,
}

/// One game of a tournament: who had Red and Black, the [`TournamentResult`] and the technical fouls. In an
/// individual one-game event a game is a whole pairing; inside a [`Match`] it is one game of it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct TournamentGame {
    /// Who had Red: a participant id. Inside a [`Match`] it may be left out, and the default colours of the
    /// ROC 2007 appendix apply (see [`Match`]).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub red: Option<String>,
    /// Who had Black (optional inside a [`Match`]).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub black: Option<String>,
    /// The result, seen from Red.
    pub result: TournamentResult,
    /// Technical fouls (技术犯规) of the Red player in this game.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub red_fouls: u32,
    /// Technical fouls of the Black player in this game.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub black_fouls: u32,
    /// Name of the Red player on a team board (for display only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub red_player: Option<String>,
    /// Name of the Black player on a team board (for display only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub black_player: Option<String>,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl TournamentGame {
    /// A game between two named participants, without fouls.
    #[must_use]
    pub fn new(red: &str, black: &str, result: TournamentResult) -> TournamentGame {
        TournamentGame { red: Some(red.into()), black: Some(black.into()), ..TournamentGame::result(result) }
    }

    /// A game inside a [`Match`] whose colours follow the default rule.
    #[must_use]
    pub fn result(result: TournamentResult) -> TournamentGame {
        TournamentGame {
            red: None,
            black: None,
            result,
            red_fouls: 0,
            black_fouls: 0,
            red_player: None,
            black_player: None,
        }
    }
}

/// The games played on one board (台) of a team match: one game, or two in a two-game match (两局制).
///
/// In JSON a team board is either a game object or an array of game objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamBoard {
    /// The games, in playing order.
    pub games: Vec<TournamentGame>,
}

/// A pairing that is more than one game: a two-game individual match (两局制), or a team match.
///
/// Default colours (ROC 2007 appendix, 循環賽對局秩序表 notes), used where a game names no colours: the first-listed
/// participant has Red in game 1 and the colours swap in game 2; in a team match the first-listed team has Red
/// on odd boards (第一台, 第三台, …).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Match {
    /// The first-listed participant (号次在前者).
    pub first: String,
    /// The second-listed participant.
    pub second: String,
    /// An individual match: its games in order.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub games: Vec<TournamentGame>,
    /// A team match: its boards in order (board 1 first).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub boards: Vec<TeamBoard>,
}

/// A bye (轮空) given to a participant in a round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Bye {
    /// The participant id.
    pub player: String,
    /// What the bye scores; `None` (in JSON: no `kind`) leaves it to the ranking rules
    /// ([`Policies::default_bye`](crate::Policies::default_bye): nothing in the round-robin presets, a win in the
    /// Swiss presets).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub kind: Option<ByeKind>,
}

/// One round (轮).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Round {
    /// Single games (individual one-game events).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub games: Vec<TournamentGame>,
    /// Matches (two-game individual events and team events).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub matches: Vec<Match>,
    /// Byes.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub byes: Vec<Bye>,
}

/// A participant who left the event (中途退出).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Withdrawal {
    /// The participant id.
    pub player: String,
    /// The number of rounds before leaving: rounds `1..=after_round` stand as recorded, later ones are handled by
    /// the withdrawal rule (see [`WithdrawalPolicy`](crate::WithdrawalPolicy)).
    pub after_round: u32,
}

/// A participant who joins a Swiss event late (迟到报名): listed among the players, unpaired before `round`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct LateEntry {
    /// The participant id.
    pub player: String,
    /// The first round the participant plays, counted from 1 (rounds before it are not played: no points).
    pub round: u32,
}

/// A bye asked for in advance (a round the participant will not play), which the pairing of that round gives
/// instead of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ByeRequest {
    /// The participant id.
    pub player: String,
    /// The round, counted from 1.
    pub round: u32,
    /// What the bye scores (usually [`ByeKind::Half`] or [`ByeKind::Zero`]).
    pub kind: ByeKind,
}

/// Participants who must not be paired with each other: two, or a whole team or federation (every two of them),
/// as the WXF championships keep a federation's players apart in round 1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ForbiddenPair {
    /// The participant ids, two or more.
    pub players: Vec<String>,
    /// The last round they are kept apart in, counted from 1; `None` (in JSON: no `until_round`): every round.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub until_round: Option<u32>,
}

/// An event, as written down. Check it with [`Tournament::new`](crate::Tournament::new).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Event {
    /// Event name.
    #[cfg_attr(feature = "serde", serde(default))]
    pub name: String,
    /// Individual or team event.
    #[cfg_attr(feature = "serde", serde(default))]
    pub kind: EventKind,
    /// Round robin or Swiss.
    #[cfg_attr(feature = "serde", serde(default))]
    pub system: System,
    /// Games per pairing on each board: 1, or 2 for a two-game match (两局制).
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    pub games_per_match: u8,
    /// Number of round-robin cycles (2 for a double round robin); used by the withdrawal rule.
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    pub cycles: u8,
    /// The colour that moves first: Red in modern rules, Black in the PRC 1956 rules. 后手 (second mover) is
    /// always the other one.
    #[cfg_attr(feature = "serde", serde(default = "red"))]
    pub first_mover: Color,
    /// Points for results.
    #[cfg_attr(feature = "serde", serde(default))]
    pub scoring: Scoring,
    /// Boards per team match (team events; 0 = take it from the first match).
    #[cfg_attr(feature = "serde", serde(default))]
    pub boards: u8,
    /// The participants: players, or teams in a team event. In JSON each is a bare id or an object (see
    /// [`Entrant`]), and the key `teams` is accepted too.
    #[cfg_attr(feature = "serde", serde(alias = "teams"))]
    pub players: Vec<Entrant>,
    /// The rounds, in order.
    #[cfg_attr(feature = "serde", serde(default))]
    pub rounds: Vec<Round>,
    /// Withdrawals.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub withdrawals: Vec<Withdrawal>,
    /// Late entries (Swiss events): participants unpaired before a given round.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub late_entries: Vec<LateEntry>,
    /// Byes asked for in advance, given by the pairing of their round.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub bye_requests: Vec<ByeRequest>,
    /// Pairs the pairing must not make.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub forbidden_pairs: Vec<ForbiddenPair>,
    /// The order of a play-off for first place (ids, winner first), used by
    /// [`ChampionPolicy::Playoff`](crate::ChampionPolicy::Playoff).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub playoff: Vec<String>,
    /// The ranking to apply (preset, criteria, policy overrides).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_default"))]
    pub ranking: RankingSpec,
}

#[cfg(feature = "serde")]
fn is_default(spec: &RankingSpec) -> bool {
    *spec == RankingSpec::default()
}

#[cfg(feature = "serde")]
fn one() -> u8 {
    1
}

#[cfg(feature = "serde")]
fn red() -> Color {
    Color::Red
}

impl Default for Event {
    fn default() -> Event {
        Event {
            name: String::new(),
            kind: EventKind::Individual,
            system: System::RoundRobin,
            games_per_match: 1,
            cycles: 1,
            first_mover: Color::Red,
            scoring: Scoring::default(),
            boards: 0,
            players: Vec::new(),
            rounds: Vec::new(),
            withdrawals: Vec::new(),
            late_entries: Vec::new(),
            bye_requests: Vec::new(),
            forbidden_pairs: Vec::new(),
            playoff: Vec::new(),
            ranking: RankingSpec::default(),
        }
    }
}

impl Event {
    /// An empty individual round robin with the given player ids (and no names).
    #[must_use]
    pub fn with_players<'a>(ids: impl IntoIterator<Item = &'a str>) -> Event {
        let players = ids.into_iter().map(|id| Entrant { id: id.into(), name: String::new() }).collect();
        Event { players, ..Event::default() }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Entrant, TeamBoard, TournamentGame};
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt;
    use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
    use serde::de::{self, Deserialize, MapAccess, SeqAccess, Visitor};

    /// The object form of an [`Entrant`].
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct EntrantObject {
        id: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
    }

    /// An entrant without a name is its bare id; with a name, an object.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl serde::Serialize for Entrant {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            if self.name.is_empty() {
                serializer.serialize_str(&self.id)
            } else {
                EntrantObject { id: self.id.clone(), name: self.name.clone() }.serialize(serializer)
            }
        }
    }

    /// A bare id (`"A"`) or an object (`{"id": "A", "name": "…"}`).
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> serde::Deserialize<'de> for Entrant {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Entrant, D::Error> {
            struct EntrantVisitor;
            impl<'de> Visitor<'de> for EntrantVisitor {
                type Value = Entrant;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a participant: an id string, or an object with `id` and optionally `name`")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Entrant, E> {
                    Ok(Entrant { id: v.into(), name: String::new() })
                }
                fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entrant, A::Error> {
                    let EntrantObject { id, name } = EntrantObject::deserialize(MapAccessDeserializer::new(map))?;
                    Ok(Entrant { id, name })
                }
            }
            deserializer.deserialize_any(EntrantVisitor)
        }
    }

    /// A board of one game is that game's object; of several, an array of them.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl serde::Serialize for TeamBoard {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self.games.as_slice() {
                [single] => single.serialize(serializer),
                games => games.serialize(serializer),
            }
        }
    }

    /// A board is a game object or an array of game objects.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> serde::Deserialize<'de> for TeamBoard {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TeamBoard, D::Error> {
            struct BoardVisitor;
            impl<'de> Visitor<'de> for BoardVisitor {
                type Value = TeamBoard;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a board: a game object, or an array of game objects")
                }
                fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<TeamBoard, A::Error> {
                    let game = TournamentGame::deserialize(MapAccessDeserializer::new(map))?;
                    Ok(TeamBoard { games: alloc::vec![game] })
                }
                fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<TeamBoard, A::Error> {
                    let games = Vec::<TournamentGame>::deserialize(SeqAccessDeserializer::new(seq))?;
                    Ok(TeamBoard { games })
                }
            }
            deserializer.deserialize_any(BoardVisitor)
        }
    }
}
