"""Rulings: a game in progress (status, undo and redo, forbidden moves, the three procedures), the report of a
whole game, the shared rule cases under the four books — against their expected verdicts, between the two
ways of ruling (move by move and whole), and against the command line where its binary is built."""

import os
import pathlib
import subprocess

import pytest

import xiangqi

CHASE = "3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1"
CYCLE = ["a7b7", "a5b5", "b7a7", "b5a5"]
ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_a_perpetual_chase_move_by_move():
    game = xiangqi.Game(CHASE)
    assert (game.ruleset, game.procedure) == ("axf", "arbiter")
    status = game.play("b5a5")
    assert (status.ply, status.ruling, status.rule, status.over) == (1, "continue", None, False)
    for move in CYCLE + CYCLE:
        status = game.play(move)
    assert (status.ply, status.ruling, status.rule) == (9, "red_must_change", "AXF 2008 棋例 §13")
    assert status.occurrences == 3 and status.legal_moves > 0
    for move in CYCLE[:3]:
        status = game.play(move)
    assert (status.ruling, status.over) == ("red_loses", True)
    assert game.result() == ("0-1", "perpetual chase")
    with pytest.raises(xiangqi.GameOver) as caught:
        game.play("b5a5")
    assert (caught.value.ply, caught.value.ruling, caught.value.rule) == (13, "red_loses", "AXF 2008 棋例 §13")
    assert isinstance(caught.value, xiangqi.IllegalMove)
    assert game.undo() == "b7a7"
    assert game.status().ruling == "red_must_change" and len(game) == 11
    assert game.redo() == "b7a7" and game.status().ruling == "red_loses"
    record = game.record({"Event": "chase"})
    assert record.result == "0-1" and record.moves == game.moves and record.tags == {"Event": "chase", "Termination": "perpetual chase"}


def test_illegal_moves_leave_the_game_unchanged():
    game = xiangqi.Game()
    game.play("炮二平五")
    with pytest.raises(xiangqi.IllegalMove) as caught:
        game.play("h2e2")
    assert (caught.value.ply, caught.value.move) == (2, "h2e2")
    assert str(caught.value) == "ply 2, move `h2e2`: illegal move h2e2: no piece on h2"
    assert game.moves == ["h2e2"] and game.position == xiangqi.Position().play("h2e2")
    with pytest.raises(xiangqi.ParseError):
        xiangqi.Game(ruleset="fide")
    with pytest.raises(xiangqi.ParseError):
        xiangqi.Game(procedure="lenient")


def test_the_forbid_procedure_refuses_the_repetition():
    game = xiangqi.Game(CHASE, procedure="forbid")
    for move in "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7".split():
        game.play(move)
    assert game.status().ruling == "red_must_change"
    assert game.forbidden_moves() == ["a5b5"]
    assert not game.is_allowed("a5b5") and game.is_allowed("a5a4")
    with pytest.raises(xiangqi.ForbiddenMove) as caught:
        game.play("a5b5")
    error = caught.value
    assert (error.ply, error.move, error.side, error.rule) == (11, "a5b5", "red", "AXF 2008 棋例 §13")
    assert game.play("a5a4").ruling == "continue"


def test_the_immediate_procedure_decides_at_the_third_occurrence():
    report = xiangqi.adjudicate(["b5a5"] + CYCLE + CYCLE, CHASE, procedure="immediate")
    assert (report.ruling, report.ply, report.over, report.procedure) == ("red_loses", 8, True, "immediate")


def test_the_report_of_a_whole_game():
    moves = "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7"
    report = xiangqi.adjudicate(moves, CHASE)
    assert (report.book, report.ruling, report.ply, report.plies) == ("axf", "red_loses", 12, 12)
    assert report.unplayed == ["b5a5", "a7b7"] and report.termination == "perpetual chase"
    assert [str(point) for point in report.changes] == [
        "ply 8: red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)",
        "ply 12: red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red repeated the cycle after the warning and loses)",
    ]
    assert report.changes[0].offending == ["b5a5", "a5b5", "b5a5", "a5b5"]
    assert str(report) == report.verdict
    assert report.verdict.startswith("red_loses AXF 2008 棋例 §13 + ")
    # The same game as a record, reported under a book.
    record = xiangqi.Record(moves, fen=CHASE)
    assert record.report().verdict == report.verdict


def test_the_books_differ():
    """A check alternating with a mate threat: allowed by AXF 2008 and ROC 2007, forbidden by PRC 1956 and CXA."""
    cycle = "d4e4 e9f9 e4d4 f9e9"
    rulings = [
        xiangqi.adjudicate(f"{cycle} {cycle}", "4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1", book).ruling
        for book in xiangqi.RULESETS
    ]
    assert rulings == ["draw_next_cycle", "draw_next_cycle", "red_must_change", "red_must_change"]


def test_facing_kings_are_ruled_before_any_move():
    report = xiangqi.adjudicate([], "4k4/9/9/9/9/9/9/9/9/4K4 w", "roc")
    assert report.verdict == "black_loses ROC 2007 棋例之判決 A11 (red to move captures the king and wins)"
    assert report.ply == 0


def test_shared_rule_cases_under_axf(rule_cases):
    """Every case with an expected verdict is ruled so under AXF 2008 at the third occurrence (the cases record
    the ruling there), and the arbiter's procedure warns at the same ply."""
    ruled = 0
    for case in rule_cases:
        if case["expected"] is None:
            continue
        immediate = xiangqi.adjudicate(case["moves"], case["fen"], "axf", "immediate", composed=True)
        assert immediate.ruling == case["expected"], case["id"]
        ruled += 1
    assert ruled == 158


@pytest.mark.parametrize("book", ["axf", "roc", "prc1956", "cxa"])
@pytest.mark.parametrize("procedure", ["arbiter", "immediate", "forbid"])
def test_move_by_move_equals_the_report(rule_cases, book, procedure):
    """A game played move by move says what the report of the whole game says, for every case, book and
    procedure (under forbid a refused move ends the game as the report's unplayed moves say)."""
    for case in rule_cases:
        report = xiangqi.adjudicate(case["moves"], case["fen"], book, procedure, composed=True)
        game = xiangqi.Game(case["fen"], book, procedure, composed=True)
        for move in case["moves"]:
            if game.is_over():
                break
            try:
                game.play(move)
            except xiangqi.ForbiddenMove:
                break
        assert (game.status().ruling, game.ply) == (report.ruling, report.plies), (case["id"], book)
        assert game.report().verdict == report.verdict


def cli():
    for profile in ["debug", "release"]:
        path = ROOT / "target" / profile / "xiangqi"
        if path.is_file() and os.access(path, os.X_OK):
            return path
    pytest.skip("the command-line binary is not built (cargo build -p xiangqi-cli): nothing to compare with")


@pytest.mark.parametrize("book", ["axf", "roc", "prc1956", "cxa"])
def test_rule_cases_as_the_command_line_rules_them(rule_cases, book):
    """`xiangqi adjudicate --fen FEN MOVES` prints `verdict: V` last: V is the report's verdict, for every case
    whose position the command line reads (it does not read composed placements)."""
    binary, compared = cli(), 0
    for case in rule_cases:
        try:
            xiangqi.Position(case["fen"])
        except xiangqi.ParseError:
            continue
        for procedure in ["arbiter", "immediate"]:
            flags = ["--immediate"] if procedure == "immediate" else []
            argv = [binary, "adjudicate", "--ruleset", book, *flags, "--fen", case["fen"], "--", *case["moves"]]
            out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
            verdict = out.strip().splitlines()[-1].removeprefix("verdict: ")
            report = xiangqi.adjudicate(case["moves"], case["fen"], book, procedure)
            assert verdict == report.verdict, (case["id"], book, procedure)
            compared += 1
    assert compared > 250
