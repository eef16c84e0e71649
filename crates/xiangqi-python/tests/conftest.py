"""Shared fixtures: the shared test data ($XIANGQI_TESTDATA) and the peers (pyffish, cchess), each skipped
visibly, with the reason, when it is not there."""

import json
import os
import pathlib

import pytest


def _testdata():
    root = os.environ.get("XIANGQI_TESTDATA")
    if not root:
        pytest.skip("XIANGQI_TESTDATA is not set: this test reads the shared test data")
    path = pathlib.Path(root)
    if not path.is_dir():
        pytest.skip(f"XIANGQI_TESTDATA={root} is not a directory")
    return path


@pytest.fixture
def testdata():
    return _testdata()


@pytest.fixture
def rule_cases():
    """The shared rule cases, each move list extended to the third occurrence as rule-cases.md prescribes."""
    cases = json.loads((_testdata() / "rule-cases.json").read_text(encoding="utf-8"))
    for case in cases:
        moves, cycle = case["moves"], case.get("cycle_plies") or 0
        if case.get("final_occurrences") == 2 and 0 < cycle <= len(moves):
            case["moves"] = moves + moves[-cycle:]
    return cases


@pytest.fixture
def pyffish():
    return pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")


@pytest.fixture
def cchess():
    return pytest.importorskip("cchess", reason="cchess is not installed")
