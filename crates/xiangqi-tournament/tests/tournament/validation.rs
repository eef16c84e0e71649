//! Bad events: every error names the field (as a JSON path) and the id.

use crate::common;

use common::*;
use xiangqi_tournament::*;

fn error(event: &Event) -> String {
    Tournament::new(event).expect_err("invalid event").to_string()
}

#[test]
fn ids_must_be_known_and_unique() {
    let mut e = event(&["A", "B"], "A>B");
    e.players.push(Entrant { id: "A".into(), name: "again".into() });
    assert_eq!(error(&e), "participant 3, id (players[2].id): duplicate id \"A\"");
    let mut e = event(&["A", "B"], "A>B");
    e.players[1].id.clear();
    assert_eq!(error(&e), "participant 2, id (players[1].id): empty id");
    let e = event(&["A", "B"], "A>B | A>Z");
    assert_eq!(error(&e), "round 2, game 1, black (rounds[1].games[0].black): unknown participant \"Z\"");
    let e = event(&["A", "B"], "A>A");
    assert_eq!(error(&e), "round 1, game 1, black (rounds[0].games[0].black): \"A\" is paired against itself");
    let mut e = event(&["A", "B"], "A=B");
    e.playoff = vec!["B".into(), "B".into()];
    assert_eq!(error(&e), "play-off place 2 (playoff[1]): duplicate id \"B\"");
}

#[test]
fn a_player_is_paired_once_per_round() {
    let e = event(&["A", "B", "C"], "A>B C>A");
    assert_eq!(error(&e), "round 1, game 2, black (rounds[0].games[1].black): \"A\" appears twice in round 1");
    let e = event(&["A", "B", "C"], "A>B bye:B");
    assert_eq!(error(&e), "round 1, bye 1, player (rounds[0].byes[0].player): \"B\" appears twice in round 1");
}

#[test]
fn team_boards_must_be_consistent() {
    let e = team_event(&["T1", "T2", "T3", "T4"], "T1:T2=W/D/D T3:T4=W/D");
    assert_eq!(
        error(&e),
        "round 1, match 2, boards (rounds[0].matches[1].boards): 2 boards, but this event has 3 boards per match"
    );
    let e = team_event(&["T1", "T2"], "T1:T2=WD/D");
    assert_eq!(
        error(&e),
        "round 1, match 1, board 1 (rounds[0].matches[0].boards[0]): 2 games, but this event plays 1 per pairing"
    );
    let e = team_event(&["T1", "T2"], "T1>T2");
    assert_eq!(
        error(&e),
        "round 1, games (rounds[0].games): single games are only for individual one-game events; use `matches`"
    );
    let mut e = team_event(&["T1", "T2", "T3"], "T1:T2=W/D");
    e.rounds[0].matches[0].boards[1].games[0].red = Some("T3".into());
    assert_eq!(
        error(&e),
        "round 1, match 1, board 2, game 1, red (rounds[0].matches[0].boards[1][0].red): \"T3\" is not a side of \
         this match"
    );
    let mut e = team_event(&["T1", "T2"], "T1:T2=W/D");
    e.rounds[0].matches[0].boards[0].games[0].red = Some("T2".into());
    e.rounds[0].matches[0].boards[0].games[0].black = Some("T2".into());
    assert_eq!(
        error(&e),
        "round 1, match 1, board 1, game 1, black (rounds[0].matches[0].boards[0][0].black): red and black are the \
         same side"
    );
    let e = individual_matches(team_event(&["A", "B"], "A:B=W"));
    assert_eq!(
        error(&Event { kind: EventKind::Team, ..e }),
        "round 1, match 1, games (rounds[0].matches[0].games): a team match lists its games by board in `boards`"
    );
}

#[test]
fn settings_and_withdrawals_are_checked() {
    let mut e = event(&["A", "B"], "A>B");
    e.games_per_match = 0;
    assert_eq!(error(&e), "games_per_match: must be between 1 and 16");
    let mut e = event(&["A", "B"], "A>B");
    e.scoring.draw_first_mover = Points::from_quarters(3);
    assert_eq!(error(&e), "scoring.draw_first_mover: 0.75 is not a whole or half point");
    let mut e = event(&["A", "B"], "A>B");
    e.withdrawals.push(Withdrawal { player: "A".into(), after_round: 2 });
    assert_eq!(
        error(&e),
        "withdrawal 1, after_round (withdrawals[0].after_round): round 2 does not exist (the event has 1 round)"
    );
    let mut e = event(&["A", "B", "C"], "A>B bye:C | A>C bye:B");
    e.withdrawals.push(Withdrawal { player: "B".into(), after_round: 1 });
    assert_eq!(error(&e), "round 2, bye 1 (rounds[1].byes[0]): \"B\" withdrew after round 1 but has a bye in round 2");
    let mut e = event(&["A", "B"], "A>B");
    e.withdrawals.push(Withdrawal { player: "Q".into(), after_round: 0 });
    assert_eq!(error(&e), "withdrawal 1, player (withdrawals[0].player): unknown participant \"Q\"");
}

#[test]
fn a_game_outside_a_match_names_both_players() {
    let mut e = event(&["A", "B"], "A>B");
    e.rounds[0].games[0].red = None;
    assert_eq!(error(&e), "round 1, game 1 (rounds[0].games[0]): a game outside a match needs `red` and `black`");
}
