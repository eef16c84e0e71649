#!/usr/bin/env python3
"""Times the `xiangqi` command-line tool the way docs/performance.md reports it.

    python3 scripts/bench/cli_speed.py big  [--runs 3] [--bin target/release/xiangqi] [--file /tmp/big.pgn]
    python3 scripts/bench/cli_speed.py corpus [--runs 5] [--bin target/release/xiangqi] [--command adjudicate]

`big`: makes (once) a PGN file of 200 MB from the 15 games of the shared
`games/wukong/games_pgn/xqdb_traditional.pgn` repeated, then runs `check`, `convert --to pgn` and
`convert --to dhtmlxq` on it with `-j 1` and `-j 2` under `/usr/bin/time -v`.
`corpus`: runs `check` (or `--command adjudicate`) over all of `$XIANGQI_TESTDATA` with `-j 1` and `-j 2`, and, as the yardstick of what
two cores of the machine give this work, two `-j 1` processes at once, each on every other file of the corpus.
Its runs take a fraction of a second, so they are timed by the script's own clock (and `wait4` for CPU time and
memory) rather than by `/usr/bin/time`, whose wall time has a resolution of 10 ms.

Runs of the thread counts are interleaved; each row gives the medians of CPU time (user + system), wall time
and peak resident memory, and the rates they make. The load average before the runs is printed: on a shared
machine the wall times depend on it, the CPU times much less.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time


def timed(command):
    """Runs `command` under /usr/bin/time -v: (cpu seconds, wall seconds, peak RSS in MB, stdout)."""
    run = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True)
    err = run.stderr

    def field(name):
        return re.search(re.escape(name) + r": (.*)", err).group(1).strip()

    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    parts = [float(p) for p in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
    wall = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    rss = int(field("Maximum resident set size (kbytes)")) / 1024
    return cpu, wall, rss, run.stdout


def timed_at_once(commands):
    """Runs `commands` side by side: (cpu seconds of all, wall seconds until the last ends, largest peak RSS in MB)."""
    start = time.perf_counter()
    pids = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid for c in commands]
    cpu, rss = 0.0, 0.0
    for pid in pids:
        _, _, usage = os.wait4(pid, 0)
        cpu += usage.ru_utime + usage.ru_stime
        rss = max(rss, usage.ru_maxrss / 1024)
    return cpu, time.perf_counter() - start, rss


# The file name endings the tool takes when it searches a directory (crates/xiangqi-notation/src/collection/input.rs).
RECORD_EXTENSIONS = {"pgn", "xqf", "cbr", "cbl", "cbf", "dhtml", "dhtmlxq", "ubb", "html", "htm", "txt"}


def record_files(root):
    """The files `xiangqi check ROOT` reads, in its order (entries sorted by name, recursively)."""
    found = []
    for entry in sorted(os.listdir(root)):
        path = os.path.join(root, entry)
        if os.path.isdir(path):
            found += record_files(path)
        elif entry.rsplit(".", 1)[-1].lower() in RECORD_EXTENSIONS and "." in entry:
            found.append(path)
    return found


def make_big(path, testdata):
    if os.path.exists(path):
        return
    src = open(os.path.join(testdata, "games/wukong/games_pgn/xqdb_traditional.pgn"), "rb").read()
    src = src.rstrip() + b"\n\n"
    with open(path, "wb") as out:
        written = 0
        while written < 200_000_000:
            out.write(src)
            written += len(src)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["big", "corpus"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bin", default="target/release/xiangqi")
    parser.add_argument("--file", default="/tmp/xiangqi-big.pgn")
    parser.add_argument("--command", choices=["check", "adjudicate"], default="check", help="for corpus")
    args = parser.parse_args()
    testdata = os.environ.get("XIANGQI_TESTDATA")
    if not testdata:
        sys.exit("set XIANGQI_TESTDATA to the shared test data")
    print("load average before:", open("/proc/loadavg").read().split()[:3])
    if args.what == "big":
        make_big(args.file, testdata)
        size = os.path.getsize(args.file) / 1e6
        out = args.file + ".out"
        commands = {
            "check": ["check", "-q", args.file],
            "convert --to pgn": ["convert", "-q", "--to", "pgn", args.file, "-o", out],
            "convert --to dhtmlxq": ["convert", "-q", "--to", "dhtmlxq", args.file, "-o", out],
        }
        print(f"{size:.1f} MB")
        print("| command | threads | CPU (user + sys) | MB per CPU-second | wall | MB/s by the clock | peak RSS |")
        print("|---|---|---|---|---|---|---|")
        for name, command in commands.items():
            results = {1: [], 2: []}
            for _ in range(args.runs):
                for jobs in (1, 2):
                    results[jobs].append(timed([args.bin, *command, "-j", str(jobs)])[:3])
            for jobs, rows in results.items():
                cpu, wall, rss = (statistics.median(column) for column in zip(*rows))
                print(f"| `{name}` | {jobs} | {cpu:.2f} s | {size / cpu:.1f} | {wall:.2f} s | {size / wall:.1f} | "
                      f"{rss:.1f} MB |")
        os.remove(out)
    else:
        summary = subprocess.run([args.bin, args.command, testdata], capture_output=True, text=True).stdout
        summary = next(line for line in reversed(summary.splitlines()) if line.startswith("files "))
        print(summary)
        files = int(re.search(r"files (\d+)", summary).group(1))
        plies = int(re.search(r"plies (\d+)", summary).group(1))
        found = record_files(testdata)
        check = [args.bin, args.command, "-q", "-j", "1"]
        rows = {
            "`-j 1`": [[*check[:-1], "1", testdata]],
            "`-j 2`": [[*check[:-1], "2", testdata]],
            "two `-j 1` processes at once, every other file each": [[*check, *found[0::2]], [*check, *found[1::2]]],
        }
        results = {name: [] for name in rows}
        for _ in range(args.runs):
            for name, commands in rows.items():
                results[name].append(timed_at_once(commands))
        print("| run | CPU (user + sys), median (range) | wall, median (range) | files/s | plies/s | peak RSS |")
        print("|---|---|---|---|---|---|")
        for name, runs in results.items():
            cpus, walls = [r[0] for r in runs], [r[1] for r in runs]
            cpu, wall, rss = statistics.median(cpus), statistics.median(walls), statistics.median(r[2] for r in runs)
            print(f"| {name} | {cpu:.3f} s ({min(cpus):.3f}–{max(cpus):.3f}) | {wall:.3f} s "
                  f"({min(walls):.3f}–{max(walls):.3f}) | {files / wall:,.0f} | {plies / wall:,.0f} | {rss:.1f} MB |")
        one = statistics.median(r[1] for r in results["`-j 1`"])
        for name in list(rows)[1:]:
            print(f"{name}: {one / statistics.median(r[1] for r in results[name]):.2f}× the speed of `-j 1`")
    print("load average after:", open("/proc/loadavg").read().split()[:3])


if __name__ == "__main__":
    main()
