//! Swiss pairing (积分编排): the next round of a Swiss event, from the same event model the standings use.
//!
//! # The rules
//!
//! * **Round 1** (AXF 2008 第三章第三节 一: "第一轮可拈筹规定，由1对2，3对4……依次编排，均由单号先走"): the
//!   participants in their order (the pairing numbers), 1–2, 3–4, …, the odd numbers with Red; with an odd
//!   number the last has the bye.
//! * **Later rounds** ("每轮均重新编排"): equal scores first, then neighbouring score groups, no two participants
//!   meeting twice and no [forbidden pair](crate::ForbiddenPair). Exactly: whenever a pairing without rematches
//!   exists it is found; the bye (odd numbers) goes to the lowest-placed participant without a bye; the largest
//!   score difference inside a pair is the smallest possible; and from the top down each participant meets the
//!   nearest opponent by score, then by colours, then by place (1–2, 3–4 inside a score group, a floated
//!   participant meeting the top of the next group).
//! * **Colours** ("第二轮赛，尽可能让上一轮执红子者，在此轮执黑子"): the side that had Red last takes Black; when
//!   both had the same colour, the one with more of it in a row changes, so a third colour in a row is only given
//!   when both had that colour twice; in choosing opponents, colours weigh after the score
//!   ([`ColourPreference`]). Team events: the team that moves first has Red on the odd boards (CXA 象棋竞赛规则
//!   第13条 先后走确定 13.3), see [`PairedTable::board`].
//! * **Order in a score group** ([`GroupOrder`]): the ranking's standings (the preset's tiebreaks), ties by
//!   pairing number; or the pairing number alone.
//!
//! Every choice and its policy: [docs/tournament.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/tournament.md).
//!
//! # Example
//!
//! Round 2 of four players: 1 and 3 won in round 1 with Red, so they meet, and 1, who had Red, now has Black.
//!
//! ```
//! use xiangqi::tournament::pairing::{pair_next_round, PairingRules};
//! use xiangqi::tournament::{Event, Preset, Round, System, Tournament, TournamentGame, TournamentResult::*};
//!
//! let mut event = Event { system: System::Swiss, ..Event::with_players(["1", "2", "3", "4"]) };
//! let games = vec![TournamentGame::new("1", "2", RedWins), TournamentGame::new("3", "4", RedWins)];
//! event.rounds.push(Round { games, ..Round::default() });
//! let tournament = Tournament::new(&event)?;
//! let pairing = pair_next_round(&tournament, &PairingRules::for_preset(Preset::AxfIndividualSwiss))?;
//! assert_eq!(pairing.pairs(), [("3", "1"), ("2", "4")]);
//! assert_eq!(pairing.tables[0].black_score.to_string(), "2");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod colours;
mod matching;
mod next_round;
mod pairing_error;
mod round_pairing;
mod rules;
mod search;
mod standing;

pub use next_round::{pair_event, pair_next_round, MAX_PARTICIPANTS};
pub use pairing_error::PairingError;
pub use round_pairing::{PairedBye, PairedTable, RoundPairing};
pub use rules::{
    ByeEligibility, ColourPreference, ForfeitMeeting, GroupOrder, PairingRules, PairingSpec, PairingSystem,
};
