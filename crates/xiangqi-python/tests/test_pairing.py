"""Pairing: `pair` (积分编排, the tournament crate's `pair_event`), `Trf` and `pair_dutch` (the FIDE Dutch system
as bbpPairings pairs it), with the exact rounds of the command line's tests and of the Dutch golden file."""

import json
import pathlib
import re

import pytest

import xiangqi

DUTCH = pathlib.Path(__file__).resolve().parents[2] / "xiangqi-tournament" / "tests" / "data" / "dutch"

# The 5-player event of crates/xiangqi-cli/tests/pair.rs: round 1 played, 1–2 won by Red, 3–4 won by Black, the
# bye to 5.
ROUND_TWO = {
    "system": "swiss",
    "players": ["1", "2", "3", "4", "5"],
    "rounds": [
        {
            "games": [{"red": "1", "black": "2", "result": "1-0"}, {"red": "3", "black": "4", "result": "0-1"}],
            "byes": [{"player": "5"}],
        }
    ],
}


def test_pairing_pairs_round_two_as_the_command_line_does():
    # 2 points: 4, 1, 5; 0 points: 2, 3. The bye to 3 (the lowest without one); 4–1 (1 had Red, takes Black),
    # then 2 (who had Black) Red against 5.
    pairing = xiangqi.pair(ROUND_TWO, system="xiangqi")
    assert pairing.round == 2
    assert pairing.pairs == [("4", "1"), ("2", "5")]
    assert pairing.tables == [
        {"table": 1, "red": "4", "black": "1", "red_score": "2", "black_score": "2"},
        {"table": 2, "red": "2", "black": "5", "red_score": "0", "black_score": "2"},
    ]
    assert pairing.byes == [{"player": "3", "kind": "full", "requested": False, "score": "0"}]
    assert pairing.team is False
    assert repr(pairing) == "<Pairing round 2: 4-1 2-5 bye 3>"
    assert str(pairing) == (
        "round 2\ntable red score black score\n    1 4       2 1     2\n    2 2       0 5     2\nbye: 3 (0, full)\n"
    )
    assert pairing.to_dict() == {
        "round": 2,
        "tables": pairing.tables,
        "byes": pairing.byes,
        "team": False,
        "boards": 1,
    }


def test_pairing_takes_the_event_as_text_and_the_policies_as_keywords():
    pairing = xiangqi.pair(json.dumps(ROUND_TWO), group_order="pairing_number", colours="alternate")
    # By pairing number: 1, 4, 5 at 2 points, then 2, 3: the bye to 3; 1 meets 4 (the nearer of 4 and 5).
    assert pairing.pairs == [("4", "1"), ("2", "5")]
    assert pairing.byes[0]["player"] == "3"
    # A half-point bye: what the pairing's bye scores; a ranking policy override passes through.
    half = xiangqi.pair(ROUND_TWO, bye="half", bye_opponent="lowest", preset="axf-swiss")
    assert half.byes == [{"player": "3", "kind": "half", "requested": False, "score": "0"}]


def test_pairing_refuses_bad_input_with_the_package_exceptions():
    with pytest.raises(xiangqi.EventError) as error:
        xiangqi.pair({"players": ["1", "2"]})
    assert error.value.kind == "round_robin"
    assert str(error.value).startswith("event: the event is a round robin")
    unknown = {"system": "swiss", "players": ["1", "2"], "forbidden_pairs": [{"players": ["1", "9"]}]}
    with pytest.raises(xiangqi.EventError) as error:
        xiangqi.pair(unknown)
    assert error.value.kind == "bad_event"
    assert str(error.value) == (
        'event: forbidden pair 1, participant 2 (forbidden_pairs[0].players[1]): unknown participant "9"'
    )
    with pytest.raises(xiangqi.EventError) as error:
        xiangqi.pair("{not json")
    assert error.value.kind == "bad_event"
    with pytest.raises(xiangqi.ParseError) as error:
        xiangqi.pair(ROUND_TWO, system="monrad")
    assert (error.value.kind, str(error.value)) == ("bad_name", "invalid pairing system `monrad`: expected one of xiangqi")
    with pytest.raises(xiangqi.ParseError) as error:
        xiangqi.pair(ROUND_TWO, colours="sometimes")
    assert str(error.value) == "invalid colours policy `sometimes`: expected one of alternate, ignore"
    with pytest.raises(xiangqi.ParseError):
        xiangqi.pair(ROUND_TWO, no_such_policy="x")
    with pytest.raises(xiangqi.ParseError):
        xiangqi.pair(ROUND_TWO, bye=1)


def bbp_rounds():
    """The `-p` text bbpPairings gave for each round of the golden tournament 0001."""
    text = (DUTCH / "0001.pairs").read_text(encoding="utf-8")
    return [block for block in re.split(r"^round \d+\n", text, flags=re.M) if block]


def test_pair_dutch_repairs_the_golden_tournament_round_by_round():
    trf = xiangqi.Trf.parse((DUTCH / "0001.trf").read_text(encoding="utf-8"))
    assert repr(trf) == '<Trf "AutoTest Tournament 1": 11 players, 7 rounds paired>'
    assert (trf.name, trf.players, trf.paired_rounds) == ("AutoTest Tournament 1", list(range(1, 12)), 7)
    rounds = bbp_rounds()
    assert len(rounds) == 7
    for number, expected in enumerate(rounds, start=1):
        assert xiangqi.pair_dutch(trf, round=number).bbp_text() == expected, f"round {number}"
    first = xiangqi.pair_dutch(trf, 1)
    assert (first.round, first.pairs, first.bye) == (1, [(6, 1), (2, 7), (8, 3), (4, 9), (10, 5)], 11)
    assert repr(first) == "<DutchPairing round 1: 6-1 2-7 8-3 4-9 10-5 bye 11>"
    assert rounds[1] == "6\n1 4\n5 2\n3 11\n9 6\n7 8\n10 0\n"


def test_trf_writes_back_what_it_reads_and_gives_the_event():
    trf = xiangqi.Trf.parse((DUTCH / "0001.trf").read_text(encoding="utf-8"))
    again = xiangqi.Trf.parse(str(trf))
    assert str(again) == str(trf)
    event = trf.to_event()
    assert (event["name"], event["system"], len(event["players"]), len(event["rounds"])) == (
        "AutoTest Tournament 1",
        "swiss",
        11,
        7,
    )
    # The event pairs by 积分编排 too: round 8, five tables and the bye for the eleven.
    pairing = xiangqi.pair(event)
    assert (pairing.round, len(pairing.pairs), len(pairing.byes)) == (8, 5, 1)


def test_trf_errors_carry_the_line():
    with pytest.raises(xiangqi.TrfError) as error:
        xiangqi.Trf.parse("012 Swiss\n001 x\n")
    assert isinstance(error.value, xiangqi.Error)
    assert (error.value.line, error.value.kind) == (2, "bad_trf")
    assert str(error.value) == "line 2: a player line needs at least 84 characters (up to the score), this one has 5"
    trf = xiangqi.Trf.parse((DUTCH / "0001.trf").read_text(encoding="utf-8"))
    with pytest.raises(xiangqi.TrfError) as error:
        xiangqi.pair_dutch(trf)
    assert (error.value.kind, str(error.value)) == ("after_last_round", "round 8 is after the last round (7)")
    for round in (0, -1):
        with pytest.raises(xiangqi.TrfError) as error:
            xiangqi.pair_dutch(trf, round)
        assert error.value.kind == "round_zero"


def test_pairing_gives_the_worked_example_of_tournament_md():
    # docs/tournament.md §13, "Worked example: 7 players, 5 rounds": rounds 1 and 2 as the page shows them.
    event = {"system": "swiss", "ranking": {"preset": "axf-swiss"}, "players": [str(n) for n in range(1, 8)]}
    first = xiangqi.pair(event)
    assert str(first) == (
        "round 1\ntable red score black score\n    1 1       0 2     0\n    2 3       0 4     0\n"
        "    3 5       0 6     0\nbye: 7 (0, full)\n"
    )
    # 1 beats 2, 3–4 drawn, 6 beats 5 with Black.
    games = [
        {"red": "1", "black": "2", "result": "1-0"},
        {"red": "3", "black": "4", "result": "1/2-1/2"},
        {"red": "5", "black": "6", "result": "0-1"},
    ]
    event["rounds"] = [{"games": games, "byes": [{"player": "7"}]}]
    second = xiangqi.pair(event)
    assert second.pairs == [("6", "1"), ("4", "7"), ("2", "3")]
    assert [(t["red_score"], t["black_score"]) for t in second.tables] == [("2", "2"), ("1", "2"), ("0", "1")]
    assert repr(second) == "<Pairing round 2: 6-1 4-7 2-3 bye 5>"


def test_pairing_lists_a_bye_asked_for():
    # 2 asks for a half-point bye in round 2: 1, 3, 4, 5 are paired, no pairing bye; 4–1, then 5 Red against 3
    # (who had Red in round 1).
    event = dict(ROUND_TWO, bye_requests=[{"player": "2", "round": 2, "kind": "half"}])
    pairing = xiangqi.pair(event)
    assert pairing.pairs == [("4", "1"), ("5", "3")]
    assert pairing.byes == [{"player": "2", "kind": "half", "requested": True, "score": "0"}]
    assert repr(pairing) == "<Pairing round 2: 4-1 5-3 bye 2>"
