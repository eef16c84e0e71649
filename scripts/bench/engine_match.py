#!/usr/bin/env python3
"""Times `xiangqi match` the way docs/performance.md ("The engine-match runner") reports it.

    python3 scripts/bench/engine_match.py [--runs 5] [--bin target/release/xiangqi] [--nodes 20000]
                                          [--games 4] [--concurrency 1] [--scripted]

Plays ElephantEye ($XIANGQI_ELEEYE) against Fairy-Stockfish ($XIANGQI_FAIRY_STOCKFISH) at a fixed number of nodes
from the openings of scripts/bench/engine_match_openings.pgn (or, with --scripted, the scripted engine against
itself at depth 1: `target/release/xiangqi-scripted-engine`), --runs times, and reads the summary of `--json`:
the match's wall time, the engines' time (from each `go` written to its best move read) and the runner's own
median time a move. It prints each run and the medians of

- the engines' share of the time: engine time / (wall time × the games played at once);
- the runner's own time a move (from a best move read to the next `go` written, and the PGN writing).

The load average before the runs is printed: the machine is shared, and wall times depend on it.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bin", default="target/release/xiangqi")
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--scripted", action="store_true")
    args = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    if args.scripted:
        engine = os.path.join(os.path.dirname(args.bin), "xiangqi-scripted-engine")
        engines = [f"name=a,cmd={engine}", f"name=b,cmd={engine}"]
        limit = ["--depth", "1"]
    else:
        eleeye = os.environ.get("XIANGQI_ELEEYE")
        fairy = os.environ.get("XIANGQI_FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
        if not eleeye:
            sys.exit("set XIANGQI_ELEEYE to the ElephantEye binary (bash ../shared/engines/elephanteye/build.sh DIR)")
        engines = [f"name=eleeye,cmd={eleeye},proto=ucci,option.usebook=false", f"name=fairy,cmd={fairy}"]
        limit = ["--nodes", str(args.nodes), "--openings", os.path.join(here, "engine_match_openings.pgn")]
    command = [args.bin, "match", "--engine", engines[0], "--engine", engines[1], *limit, "--games", str(args.games),
               "--concurrency", str(args.concurrency), "--procedure", "immediate", "--json", "--quiet"]
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("$", " ".join(command))
    shares, runners = [], []
    for run in range(args.runs):
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        summary = json.loads(out.strip().splitlines()[-1])
        slots = min(args.concurrency, summary["finished"]) or 1
        share = 100.0 * summary["engine_ms"] / (summary["wall_ms"] * slots)
        shares.append(share)
        runners.append(summary["runner_us_per_move"])
        print(f"run {run + 1}: {summary['finished']} games, {summary['moves']} moves, wall {summary['wall_ms']} ms, "
              f"engines {summary['engine_ms']} ms ({share:.1f}%), runner {summary['runner_us_per_move']} µs a move")
    print(f"median: engines {statistics.median(shares):.1f}% of the time, runner {statistics.median(runners)} µs a move")


if __name__ == "__main__":
    main()
