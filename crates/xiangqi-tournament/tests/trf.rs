//! TRF files: reading (exact values), errors with their lines, writing back, and the conversions with the event
//! model.

use std::fs;
use std::path::Path;

use xiangqi_tournament::trf::{PointValues, RoundEntry, Side, Trf, TrfErrorKind, TrfResult};
use xiangqi_tournament::{
    rank, Bye, ByeKind, Criterion, Event, Preset, Round, Tournament, TournamentGame, TournamentResult,
};

const SMALL: &str = include_str!("data/trf/small.trf");

fn entry(opponent: Option<u32>, colour: Option<Side>, result: TrfResult) -> Option<RoundEntry> {
    Some(RoundEntry { opponent, colour, result })
}

#[test]
fn reads_the_fields_and_rounds() {
    let trf = Trf::parse(SMALL).unwrap();
    assert_eq!(trf.name(), Some("Club evening"));
    assert_eq!(trf.other_lines, ["012 Club evening"]);
    assert_eq!(trf.rounds, Some(5));
    assert_eq!(trf.initial_colour, Some(Side::White));
    assert_eq!(trf.points, PointValues::xiangqi());
    assert_eq!(trf.players.len(), 5);
    let alpha = &trf.players[0];
    assert_eq!((alpha.id, alpha.name.as_str(), alpha.points, alpha.rating, alpha.rank), (1, "Alpha", 40, None, None));
    assert_eq!(
        alpha.rounds,
        [entry(Some(3), Some(Side::White), TrfResult::Win), entry(Some(2), Some(Side::Black), TrfResult::Win)]
    );
    let delta = &trf.players[3];
    assert_eq!(delta.rounds[1], entry(None, None, TrfResult::PairingAllocatedBye));
    assert!(delta.rounds[1].unwrap().is_pairing_allocated_bye());
    assert_eq!(trf.paired_rounds(), 2);
}

#[test]
fn writes_back_what_it_read() {
    let trf = Trf::parse(SMALL).unwrap();
    assert_eq!(trf.to_string(), SMALL);
    // CRLF line ends read the same.
    assert_eq!(Trf::parse(&SMALL.replace('\n', "\r\n")).unwrap(), trf);
}

#[test]
fn reads_the_trf_2026_point_line_and_bbp_codes() {
    let text = SMALL.replace("BBW  2.0\nBBD  1.0\n", "162  W 2.0    D 1.0\n");
    assert_eq!(Trf::parse(&text).unwrap().points, PointValues::xiangqi());
    let text = SMALL.replace("BBD  1.0\n", "BBD  1.0\nBBU  1.0\nBBL  0.0\n");
    // Delta's and Epsilon's byes are now worth a draw: their scores no longer add up.
    let error = Trf::parse(&text).unwrap_err();
    assert_eq!(error.line, 5);
    assert_eq!(error.kind, TrfErrorKind::InconsistentScore { id: 4, written: "3.0".into(), computed: "2.0".into() });
    let mut fixed = Trf::parse(SMALL).unwrap();
    fixed.points.pairing_allocated_bye = 10;
    fixed.players[3].points = 20;
    fixed.players[4].points = 20;
    let written = fixed.to_string();
    assert!(written.ends_with("BBW  2.0\nBBD  1.0\nBBU  1.0\n"), "{written}");
    assert_eq!(Trf::parse(&written).unwrap(), fixed);
}

/// Replaces the round entry `round` of player `id`'s line.
fn with_entry(text: &str, id: u32, round: usize, entry: &str) -> String {
    let prefix = format!("001 {id:>4}");
    text.lines()
        .map(|line| {
            if line.starts_with(&prefix) {
                let start = 91 + 10 * (round - 1);
                let mut chars: Vec<char> = line.chars().collect();
                chars.resize(chars.len().max(start + 8), ' ');
                chars.splice(start..start + 8, entry.chars());
                chars.into_iter().collect::<String>().trim_end().to_string()
            } else {
                line.to_string()
            }
        })
        .map(|line| line + "\n")
        .collect()
}

fn error_of(text: &str) -> (usize, String) {
    let error = Trf::parse(text).unwrap_err();
    (error.line, error.to_string())
}

#[test]
fn an_unknown_opponent_names_its_line() {
    let text = with_entry(SMALL, 3, 2, "   9 w =");
    assert_eq!(error_of(&text), (4, "line 4: round 2: unknown player 9".into()));
}

#[test]
fn a_player_paired_twice_names_the_second_line() {
    // Epsilon's round-1 bye becomes a game against Alpha, who already plays Gamma.
    let text = with_entry(SMALL, 5, 1, "   1 b 0");
    assert_eq!(error_of(&text), (6, "line 6: round 1: player 1 is paired twice (also on line 4)".into()));
}

#[test]
fn an_inconsistent_score_names_its_line() {
    let text = SMALL.replace(
        "Beta                                                               1.0",
        "Beta                                                               1.5",
    );
    assert_eq!(error_of(&text), (3, "line 3: player 2 has the score 1.5 but the results add up to 1.0".into()));
}

#[test]
fn lines_that_disagree_about_a_game() {
    let text = with_entry(SMALL, 2, 1, "   4 w =");
    assert_eq!(
        error_of(&text),
        (3, "line 3: round 1: the game against player 4 does not match line 5: the colours are not opposite".into())
    );
    let text = with_entry(SMALL, 4, 1, "   2 w 1").replace(
        "Delta                                                              3.0",
        "Delta                                                              4.0",
    );
    assert_eq!(
        error_of(&text),
        (3, "line 3: round 1: the game against player 4 does not match line 5: the results do not fit".into())
    );
}

#[test]
fn malformed_lines() {
    let cases = [
        (
            SMALL.replace("001    4      Delta", "001    1      Delta"),
            5,
            "start number 1 is used twice (first on line 2)",
        ),
        (SMALL.replace("001    2 ", "001    x "), 3, "columns 5-8 (start number): `x` is not a number from 1"),
        (with_entry(SMALL, 1, 1, "   3 x 1"), 2, "round 1: `   3 x 1` has a colour that is not `w`, `b` or `-`"),
        (with_entry(SMALL, 1, 1, "   3 w ?"), 2, "round 1: `   3 w ?` has an unknown result letter"),
        (with_entry(SMALL, 1, 1, "   1 w 1"), 2, "round 1: `   1 w 1` pairs the player against themselves"),
        (with_entry(SMALL, 5, 1, "0000 - 1"), 6, "round 1: `0000 - 1` has a game result but no opponent"),
        (SMALL.replace("XXR 5", "XXR five"), 7, "XXR: `five` is not a number of rounds (1 or more)"),
        (SMALL.replace("BBW  2.0", "BBW  two"), 9, "BBW: `two` is not points, such as `2.0`"),
        (SMALL.replace("XXR 5", "XXP 1 7"), 7, "unknown player 7"),
        (SMALL.replace("XXR 5", "013 Team A 1 2"), 7, "013 lines (team tournaments) are not supported"),
        (
            SMALL.replace(
                "001    1      Alpha                                                              4.0",
                "001    1      Alpha",
            ),
            2,
            "a player line needs at least 84 characters (up to the score), this one has 44",
        ),
    ];
    for (text, line, message) in cases {
        let error = Trf::parse(&text).unwrap_err();
        assert_eq!((error.line, error.kind.to_string()), (line, message.to_string()), "{text}");
    }
}

#[test]
fn converts_to_an_event_with_the_xiangqi_points() {
    let event = Trf::parse(SMALL).unwrap().to_event().unwrap();
    assert_eq!(event.name, "Club evening");
    let ids: Vec<&str> = event.players.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["1", "2", "3", "4", "5"]);
    assert_eq!(event.players[4].name, "Epsilon");
    assert_eq!(
        event.rounds[0].games,
        [
            TournamentGame::new("1", "3", TournamentResult::RedWins),
            TournamentGame::new("4", "2", TournamentResult::Draw),
        ]
    );
    assert_eq!(event.rounds[0].byes, [Bye { player: "5".into(), kind: Some(ByeKind::Full) }]);
    assert_eq!(
        event.rounds[1].games,
        [
            TournamentGame::new("2", "1", TournamentResult::BlackWins),
            TournamentGame::new("3", "5", TournamentResult::Draw),
        ]
    );
    // The standings of the event have the file's scores.
    let tournament = Tournament::new(&event).unwrap();
    let standings = rank(&tournament, &Preset::AxfIndividualSwiss.rules());
    let mut scores: Vec<(String, String)> =
        standings.rows.iter().map(|row| (row.id.clone(), row.value(Criterion::Score).unwrap().to_string())).collect();
    scores.sort();
    let expected = [("1", "4"), ("2", "1"), ("3", "1"), ("4", "3"), ("5", "3")];
    assert_eq!(scores, expected.map(|(id, score)| (id.to_string(), score.to_string())));
}

#[test]
fn an_event_converts_to_trf_and_back() {
    let mut event = Event::with_players(["A", "B", "C", "D"]);
    event.players[0].name = "张伟".into();
    event.rounds.push(Round {
        games: vec![TournamentGame::new("A", "B", TournamentResult::RedWinsByForfeit)],
        byes: vec![
            Bye { player: "C".into(), kind: Some(ByeKind::Half) },
            Bye { player: "D".into(), kind: Some(ByeKind::Zero) },
        ],
        ..Round::default()
    });
    event.rounds.push(Round {
        games: vec![
            TournamentGame::new("C", "A", TournamentResult::Draw),
            TournamentGame::new("B", "D", TournamentResult::BlackWins),
        ],
        ..Round::default()
    });
    let trf = Trf::from_event(&event).unwrap();
    let text = trf.to_string();
    let expected = "\
012 
001    1      张伟                                                                 3.0          2 w +     3 b =
001    2      B                                                                  0.0          1 b -     4 w 0
001    3      C                                                                  2.0       0000 - H     1 w =
001    4      D                                                                  2.0       0000 - Z     2 b 1
BBW  2.0
BBD  1.0
";
    assert_eq!(text, expected);
    assert_eq!(Trf::parse(&text).unwrap(), trf);
    let back = trf.to_event().unwrap();
    assert_eq!(back.rounds[0].games, [TournamentGame::new("1", "2", TournamentResult::RedWinsByForfeit)]);
    assert_eq!(
        back.rounds[1].games,
        [
            TournamentGame::new("2", "4", TournamentResult::BlackWins),
            TournamentGame::new("3", "1", TournamentResult::Draw),
        ]
    );
    assert_eq!(back.scoring, xiangqi_tournament::Scoring::standard());
}

#[test]
fn events_trf_cannot_hold_are_refused() {
    let mut event = Event::with_players(["A", "B"]);
    event.rounds.push(Round {
        games: vec![TournamentGame::new("A", "B", TournamentResult::DoubleTimeout)],
        ..Round::default()
    });
    assert_eq!(Trf::from_event(&event).unwrap_err().to_string(), "round 1: the result 0-0 has no TRF letter");
    event.rounds[0].games[0].result = TournamentResult::Draw;
    event.rounds[0].byes.push(Bye { player: "A".into(), kind: None });
    assert_eq!(Trf::from_event(&event).unwrap_err().to_string(), "round 1: \"A\" is paired twice");
    event.rounds[0].byes.clear();
    event.scoring = xiangqi_tournament::Scoring::cxa_asymmetric();
    assert!(Trf::from_event(&event).unwrap_err().to_string().starts_with("scoring: a draw scores differently"));
}

#[test]
fn withdrawn_players_are_marked_absent() {
    let mut event = Event::with_players(["A", "B", "C"]);
    event.rounds.push(Round {
        games: vec![TournamentGame::new("A", "B", TournamentResult::RedWins)],
        byes: vec![Bye { player: "C".into(), kind: None }],
        ..Round::default()
    });
    event.withdrawals.push(xiangqi_tournament::Withdrawal { player: "B".into(), after_round: 1 });
    let trf = Trf::from_event(&event).unwrap();
    assert_eq!(
        trf.players[1].rounds,
        [entry(Some(1), Some(Side::Black), TrfResult::Loss), entry(None, None, TrfResult::ForfeitLoss)]
    );
}
/// Every tournament bbpPairings generated for the Dutch tests reads, writes back to the same file and reads again.
#[test]
fn every_generated_tournament_round_trips() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch");
    let mut count = 0;
    for path in fs::read_dir(&dir).unwrap() {
        let path = path.unwrap().path();
        if path.extension().is_none_or(|e| e != "trf") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let trf = Trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let written = trf.to_string();
        let again = Trf::parse(&written).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(again, trf, "{}", path.display());
        assert_eq!(again.to_string(), written, "{}", path.display());
        let event = trf.to_event().unwrap();
        Tournament::new(&event).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        count += 1;
    }
    assert!(count >= 1000, "{count} tournaments in {}", dir.display());
}

#[test]
fn a_carriage_return_at_the_end_is_a_line_end() {
    // Found by the `trf` fuzz target: a last line ending in `\r` without `\n` kept the `\r`, which the file written
    // back then lost.
    let trf = Trf::parse("012 Cup\r").unwrap();
    assert_eq!(trf.other_lines, ["012 Cup"]);
    assert_eq!(trf.to_string(), "012 Cup\n");
    assert_eq!(Trf::parse(&trf.to_string()).unwrap(), trf);
}
