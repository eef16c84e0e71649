#!/usr/bin/env python3
"""Perft speed of this library beside Pikafish and Fairy-Stockfish on the same machine: CPU time, median of runs.

Usage:
    python3 scripts/bench/perft_peers.py [--runs N] [--peers pikafish,fairy] start DEPTH
    python3 scripts/bench/perft_peers.py [--runs N] [--peers pikafish,fairy] suite DEPTH

`start` times perft DEPTH from the start position. `suite` times perft DEPTH from each of the first twelve
positions after the start in the perft suite, $XIANGQI_TESTDATA/perft.txt (px0-2 ... px0-11, fsf-1, fsf-2), and
checks every node count against the suite's.

What is timed is the CPU time (user + system) of the engine's process, read with wait4(), so that a machine shared
with other work slows the figures less than wall time would. A peer's start-up (Pikafish allocates its hash table
and tries to load its network) is subtracted: the same process with `go perft 1` instead is timed as well, and its
median is taken off. Ours starts in about a millisecond; nothing is subtracted.

Needs:
- ours: `cargo build --release --example perft` (target/release/examples/perft).
- Pikafish: the binary named by $PIKAFISH (default `pikafish` on the PATH). Pikafish is not packaged; build it
  for perft alone from its public source (github.com/official-pikafish/Pikafish), outside this repository:
      git clone https://github.com/official-pikafish/Pikafish /tmp/pikafish && cd /tmp/pikafish/src
      : > pikafish.nnue          # an empty network file: the Makefile then downloads nothing
      # perft needs no network, but Engine::perft() first calls verify_network(), which exits without one:
      # delete that one call in src/engine.cpp (the line `verify_network();` at the top of Engine::perft).
      make -j2 build ARCH=x86-64 COMP=gcc   # x86-64 baseline, the same instruction set as our release build
      export PIKAFISH=/tmp/pikafish/src/pikafish
- Fairy-Stockfish: the Debian package `fairy-stockfish` (`apt-get install fairy-stockfish`), or $FAIRY_STOCKFISH.
"""

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
OURS = "target/release/examples/perft"
SUITE_SIZE = 12


def run_reaped(argv, stdin_text):
    """Runs argv with stdin_text as its input; returns (stdout, CPU seconds of the process, read by wait4())."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(stdin_text)
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited with {proc.returncode}")
    return out, usage.ru_utime + usage.ru_stime


def ours(fen, depth):
    out, seconds = run_reaped([OURS, "--fen", fen, str(depth)], "")
    return int(out.split("nodes ")[-1].split()[0]), seconds


def uci_perft(engine, setup, fen, depth):
    commands = f"{setup}position fen {fen}\ngo perft {depth}\nquit\n"
    out, seconds = run_reaped([engine], commands)
    nodes = [line for line in out.splitlines() if line.startswith("Nodes searched")]
    if not nodes:
        raise RuntimeError(f"{engine} printed no node count")
    return int(nodes[-1].split(":")[1]), seconds


def pikafish(fen, depth):
    return uci_perft(os.environ.get("PIKAFISH") or shutil.which("pikafish") or "pikafish", "", fen, depth)


def fairy_stockfish(fen, depth):
    engine = os.environ.get("FAIRY_STOCKFISH") or shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    return uci_perft(engine, "uci\nsetoption name UCI_Variant value xiangqi\n", fen, depth)


def median_seconds(runner, fen, depth, runs, startup):
    results = [runner(fen, depth) for _ in range(runs)]
    nodes = results[0][0]
    assert all(n == nodes for n, _ in results), results
    return nodes, max(statistics.median(s for _, s in results) - startup, 1e-9)


def suite_positions():
    root = os.environ.get("XIANGQI_TESTDATA")
    if not root:
        sys.exit("suite needs XIANGQI_TESTDATA (the folder holding perft.txt)")
    positions = []
    for line in pathlib.Path(root, "perft.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fen, *counts = line.split(";")
        counts = dict(c.split() for c in counts)
        if fen != START:
            positions.append((fen, counts))
    return positions[:SUITE_SIZE]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["start", "suite"])
    parser.add_argument("depth", type=int)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--peers", default="pikafish", help="comma-separated: pikafish, fairy")
    args = parser.parse_args()
    peers = {"pikafish": ("Pikafish", pikafish), "fairy": ("Fairy-Stockfish", fairy_stockfish)}
    programs = [("xiangqi-board", ours, False)] + [(*peers[p], True) for p in args.peers.split(",") if p]

    if args.what == "start":
        positions = [(START, {})]
    else:
        positions = suite_positions()
    totals = {}
    for name, runner, subtract in programs:
        startup = median_seconds(runner, START, 1, args.runs, 0.0)[1] if subtract else 0.0
        total_nodes, total_seconds = 0, 0.0
        for fen, counts in positions:
            nodes, seconds = median_seconds(runner, fen, args.depth, args.runs, startup)
            expected = counts.get(f"D{args.depth}")
            if expected is not None and int(expected) != nodes:
                sys.exit(f"{name}: perft {args.depth} of {fen} is {nodes}, the suite says {expected}")
            total_nodes += nodes
            total_seconds += seconds
        totals[name] = total_seconds
        print(
            f"{name:16} {args.what} perft {args.depth}: {total_nodes} nodes, {total_seconds:.3f} s CPU "
            f"(sum of medians of {args.runs}, start-up {startup:.3f} s subtracted), {total_nodes / total_seconds / 1e6:.1f} Mnps"
        )
    for name, seconds in totals.items():
        if name != "xiangqi-board":
            print(f"xiangqi-board is {seconds / totals['xiangqi-board']:.2f}x {name}")


if __name__ == "__main__":
    main()
