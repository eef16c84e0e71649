#!/usr/bin/env python3
"""FIDE Dutch pairing speed of bbpPairings on the rounds that benches/pairing_dutch.rs pairs: CPU time, median.

Usage:
    python3 scripts/bench/pairing_peers.py [--bbp PATH] [--runs N]

For each benchmark tournament (crates/xiangqi-tournament/benches/data/dutch-150.trf and dutch-500.trf: 150 and
500 players, made by bbpPairings' generator), the file is cut before round 9 as scripts/golden/dutch_bbp.py cuts
it, and `bbpPairings --dutch ROUND.trf -p OUT` is run N times (default 5). What is timed is the CPU time (user +
system) of its process, read with wait4(), so that a shared machine slows the figures less than wall time would;
the median is printed, with the wall time beside it. bbpPairings reads the file and writes the pairing as well
as pairing it; its start-up is a few milliseconds. Our figure is criterion's (`cargo bench -p xiangqi-tournament
--bench pairing_dutch`), which times the pairing alone on a parsed file.

Needs bbpPairings built outside the repository (docs/tournament.md, "FIDE Dutch and TRF"); --bbp or
$BBP_PAIRINGS, default /work/ext/bbpPairings.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import dutch_bbp  # noqa: E402  (the same cut as the golden set)

DATA = os.path.join(HERE, "..", "..", "crates", "xiangqi-tournament", "benches", "data")


def cpu_time(command):
    """(CPU seconds, wall seconds) of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed: {process.stderr.read().decode().strip()}")
    return usage.ru_utime + usage.ru_stime, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bbp", default=os.environ.get("BBP_PAIRINGS", "/work/ext/bbpPairings"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--round", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        for players in (150, 500):
            with open(os.path.join(DATA, f"dutch-{players}.trf")) as handle:
                lines = [line for line in handle.read().split("\n") if line.strip()]
            rounds = next(int(line[3:]) for line in lines if line.startswith("XXR"))
            cut = os.path.join(workdir, "round.trf")
            with open(cut, "w") as handle:
                handle.write(dutch_bbp.cut_before(lines, args.round, rounds))
            out = os.path.join(workdir, "pairs.txt")
            runs = [cpu_time([args.bbp, "--dutch", cut, "-p", out]) for _ in range(args.runs)]
            cpu = statistics.median(run[0] for run in runs)
            wall = statistics.median(run[1] for run in runs)
            print(f"bbpPairings, {players} players, round {args.round}: CPU {cpu * 1000:.1f} ms "
                  f"(wall {wall * 1000:.1f} ms), median of {args.runs}")


if __name__ == "__main__":
    main()
