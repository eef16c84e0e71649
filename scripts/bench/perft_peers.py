#!/usr/bin/env python3
"""Perft speed of this library beside Fairy-Stockfish on the same machine, median of several runs.

Usage:  python3 scripts/bench/perft_peers.py [DEPTH] [RUNS]      (defaults: 5 and 5)

Needs the release build of the perft example (`cargo build --release --example perft`) and, for the peer, the
Debian package `fairy-stockfish` (`apt-get install fairy-stockfish`, version 11.1 here). Pikafish is not packaged
anywhere this machine can reach; its figure in docs/performance.md is the one given in the issue, measured on a
machine of the same kind.
"""

import re
import shutil
import statistics
import subprocess
import sys
import time

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def ours(depth):
    out = subprocess.run(
        ["target/release/examples/perft", str(depth)], capture_output=True, text=True, check=True
    ).stdout
    nodes, seconds = re.search(r"nodes (\d+) time ([\d.]+)", out).groups()
    return int(nodes), float(seconds)


def fairy_stockfish(depth):
    engine = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    commands = f"uci\nsetoption name UCI_Variant value xiangqi\nposition fen {START}\nisready\n"
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(commands)
    proc.stdin.flush()
    for line in proc.stdout:
        if line.strip() == "readyok":
            break
    began = time.perf_counter()
    proc.stdin.write(f"go perft {depth}\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("Nodes searched"):
            seconds = time.perf_counter() - began
            nodes = int(line.split(":")[1])
            break
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return nodes, seconds


def report(name, runner, depth, runs):
    results = [runner(depth) for _ in range(runs)]
    nodes = results[0][0]
    assert all(n == nodes for n, _ in results), results
    seconds = statistics.median(s for _, s in results)
    print(f"{name:16} perft {depth}: {nodes} nodes, median {seconds:.3f} s of {runs}, {nodes / seconds / 1e6:.1f} Mnps")


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    report("xiangqi-board", ours, depth, runs)
    report("Fairy-Stockfish", fairy_stockfish, depth, runs)


if __name__ == "__main__":
    main()
