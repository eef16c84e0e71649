#!/usr/bin/env python3
"""The Python package beside its Python peers, side by side in one run: CPU time of this process, per call.

Three races:
  legal moves  `xiangqi.Position(fen).legal_moves()` vs `pyffish.legal_moves("xiangqi", fen, [])` on the same
               positions (every position of random games from the start, made before the clock starts). Ours takes all of them
               (default 10^5); pyffish, at milliseconds a call, takes the first `--peer-positions` of them
               (default 2,000), and its rate is per position all the same.
  XQF reading  every XQF file of $XIANGQI_TESTDATA/games/xqf (24 files), `list(xiangqi.read(path, lenient=True,
               threads=1))` vs `cchess.read_from_xqf(path)`, `--rounds` times over (lenient, as cchess passes
               over the undecodable moves of two of the files; one thread, as cchess has one); cchess, at about a
               second a file, reads them `--peer-rounds` times (default once).
  game over    "is the game over" after a 9-ply cycle (the shared rule case FSF-001: a cannon chases a rook,
               the third occurrence): `xiangqi.adjudicate(moves, fen, procedure="immediate").over` vs
               `pyffish.is_optional_game_end("xiangqi", fen, moves)` (its moves with ranks 1-10), both True.

What is timed is `time.process_time()` around each loop (the CPU time of the process, all its threads), so that a
machine shared with other work slows the figures less than wall time would. The package should be built
optimised for speed figures: `maturin develop --release` (a debug build is several times slower).

Usage:
    pip install pyffish==0.0.90 cchess==1.25.5 && (cd crates/xiangqi-python && maturin develop --release)
    XIANGQI_TESTDATA=/path/to/testdata python3 scripts/bench/python_peers.py [--positions N] [--peer-positions N]
        [--rounds N] [--peer-rounds N] [--cycles N] [--races legal,xqf,over]
"""

import argparse
import os
import pathlib
import random
import sys
import time

import xiangqi

# FSF-001 of the shared rule cases, written out so that the race needs no data: a red cannon chases the black
# rook on a7/b7; after the ninth ply the position occurs for the third time.
CYCLE_FEN = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
CYCLE_MOVES = ["c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2"]


def to_pyffish(move):
    """UCCI (ranks 0-9) to Fairy-Stockfish UCI (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def random_fens(count, seed=25):
    """`count` positions of random games from the start (every position of each game, up to 80 plies)."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        pos = xiangqi.Position()
        for _ in range(80):
            moves = pos.legal_moves()
            if not moves or len(fens) == count:
                break
            fens.append(pos.fen)
            pos = pos.play(rng.choice(moves), "ucci")
    return fens


def cpu(loop):
    """CPU seconds of `loop()`, and what it returned."""
    start = time.process_time()
    result = loop()
    return time.process_time() - start, result


def line(race, ours, theirs, unit, peer):
    """One race: both rates, and how many times faster ours is."""
    print(f"{race:<12} ours {unit(ours)}   {peer} {unit(theirs)}   ours/peer {theirs / ours:,.0f}x")


def per_call(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:9.2f} µs/call"
    return f"{seconds * 1e3:9.2f} ms/call"


def per_file(seconds):
    return per_call(seconds).replace("call", "file")


def legal_moves_race(args, pyffish):
    fens = random_fens(args.positions)
    ours, counts = cpu(lambda: [len(xiangqi.Position(fen).legal_moves()) for fen in fens])
    sample = fens[: args.peer_positions]
    theirs, their_counts = cpu(lambda: [len(pyffish.legal_moves("xiangqi", fen, [])) for fen in sample])
    assert counts[: len(sample)] == their_counts, "the move counts differ"
    print(f"legal moves: {len(fens):,} positions (ours), {len(sample):,} (pyffish), {sum(counts):,} moves (ours)")
    line("legal moves", ours / len(fens), theirs / len(sample), per_call, "pyffish")


def xqf_race(args, cchess):
    root = os.environ.get("XIANGQI_TESTDATA")
    if not root:
        print("XQF reading: skipped (XIANGQI_TESTDATA is not set)")
        return
    paths = sorted(p for p in pathlib.Path(root, "games", "xqf").rglob("*") if p.suffix.lower() == ".xqf")
    ours, games = cpu(
        lambda: [len(list(xiangqi.read(p, lenient=True, threads=1))) for _ in range(args.rounds) for p in paths]
    )
    theirs, _ = cpu(lambda: [cchess.read_from_xqf(str(p)) for _ in range(args.peer_rounds) for p in paths])
    print(f"XQF reading: {len(paths)} files x {args.rounds} rounds (ours), x {args.peer_rounds} (cchess)")
    line("XQF reading", ours / len(games), theirs / (len(paths) * args.peer_rounds), per_file, "cchess ")


def game_over_race(args, pyffish):
    theirs_moves = [to_pyffish(m) for m in CYCLE_MOVES]
    report = xiangqi.adjudicate(CYCLE_MOVES, CYCLE_FEN, procedure="immediate")
    assert report.over and report.ruling == "red_loses", report
    assert pyffish.is_optional_game_end("xiangqi", CYCLE_FEN, theirs_moves)[0]
    cycles, peer_cycles = args.cycles, max(args.cycles // 100, 10)
    ours, _ = cpu(
        lambda: [xiangqi.adjudicate(CYCLE_MOVES, CYCLE_FEN, procedure="immediate").over for _ in range(cycles)]
    )
    theirs, _ = cpu(
        lambda: [pyffish.is_optional_game_end("xiangqi", CYCLE_FEN, theirs_moves) for _ in range(peer_cycles)]
    )
    print(f"game over: a 9-ply cycle, {cycles:,} calls (ours), {peer_cycles:,} (pyffish)")
    line("game over", ours / cycles, theirs / peer_cycles, per_call, "pyffish")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--peer-positions", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--peer-rounds", type=int, default=1)
    parser.add_argument("--cycles", type=int, default=20_000)
    parser.add_argument("--races", default="legal,xqf,over", help="which races, of legal, xqf, over")
    args = parser.parse_args()
    try:
        import cchess
        import pyffish
    except ImportError as error:
        sys.exit(f"needs pyffish and cchess from PyPI: {error}")
    print(f"xiangqi {xiangqi.__version__}, CPU time of this process (time.process_time)")
    races = args.races.split(",")
    if "legal" in races:
        legal_moves_race(args, pyffish)
    if "xqf" in races:
        xqf_race(args, cchess)
    if "over" in races:
        game_over_race(args, pyffish)


if __name__ == "__main__":
    main()
