#!/usr/bin/env python3
"""Golden FIDE Dutch pairings from bbpPairings, for crates/xiangqi-tournament/tests/dutch.rs.

For each seed, bbpPairings' random tournament generator (``--dutch -g CONFIG -o FILE.trf -s SEED``) makes a
whole tournament (7-150 players, 5-11 rounds, draws, forfeits, half-point byes, zero-point byes of retired
players; half of them with the xiangqi points 2/1/0, the others 1/0.5/0). Then every round R is re-paired by
bbpPairings from the rounds before it (``--dutch ROUND.trf -p``): ROUND.trf is the tournament cut before round
R, keeping in round R's column only the byes decided before the pairing (half-point and zero-point byes, an
absence), with ``XXR`` (the number of rounds) and ``XXC`` (the initial colour) written out.

Output, per seed, under crates/xiangqi-tournament/tests/data/dutch/:
  NNNN.trf    the generated tournament, as bbpPairings wrote it, with an XXR line added
  NNNN.pairs  for each round: a line ``round R``, then bbpPairings' ``-p`` output for that round

bbpPairings is built outside the repository (see docs/tournament.md, "FIDE Dutch and TRF"):
  python3 scripts/golden/dutch_bbp.py --bbp /work/ext/bbpPairings --count 1000
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "crates", "xiangqi-tournament", "tests", "data", "dutch")

# Columns of a TRF-2016 player line (0-based): the score, and the first round's 10-character column.
SCORE = slice(80, 84)
FIRST_ROUND = 91


def config_for(seed):
    """The generator configuration of one seed: sizes, rounds and rates drawn from the seed."""
    rng = random.Random(seed)
    players = rng.randint(7, 40) if rng.random() < 0.85 else rng.randint(41, 150)
    rounds = rng.randint(5, 11)
    lines = [
        f"PlayersNumber={players}",
        f"RoundsNumber={rounds}",
        f"DrawPercentage={rng.randint(0, 60)}",
    ]
    if rng.random() < 0.6:
        lines.append(f"ForfeitRate={rng.randint(4, 40)}")
    if rng.random() < 0.6:
        lines.append(f"RetiredRate={rng.randint(4, 30)}")
    if rng.random() < 0.6:
        lines.append(f"HalfPointByeRate={rng.randint(4, 30)}")
    if rng.random() < 0.5:
        lines += ["PointsForWin=2.0", "PointsForDraw=1.0"]
    return rounds, "\n".join(lines) + "\n"


def entry(line, index):
    """Round ``index`` (0-based) of a player line: (opponent, colour, result) or None when blank."""
    start = FIRST_ROUND + 10 * index
    text = line[start:start + 8].ljust(8)
    if not text.strip():
        return None
    return text[0:4], text[5], text[7]


def is_pre_pairing_bye(item):
    """A bye decided before the pairing: no opponent, and not the pairing-allocated bye (U)."""
    opponent, _colour, result = item
    return opponent.strip() in ("0000", "") and result.upper() not in ("U", "+", "-")


def points_of(item, points):
    _opponent, _colour, result = item
    result = result.upper()
    if result in ("1", "W", "+", "F"):
        return points["win"]
    if result == "U":
        return points["bye"]
    if result in ("=", "D", "H"):
        return points["draw"]
    return 0


def point_values(lines):
    points = {"win": 10, "draw": 5, "bye": None}
    for line in lines:
        if line.startswith("162"):
            fields = line[3:].split()
            for key, value in zip(fields[::2], fields[1::2]):
                tenths = round(float(value) * 10)
                if key == "W":
                    points["win"] = tenths
                elif key == "D":
                    points["draw"] = tenths
                elif key == "U":
                    points["bye"] = tenths
    if points["bye"] is None:
        points["bye"] = points["win"]
    return points


def initial_colour(players):
    """bbpPairings' inference: the round-1 colour of the highest player paired in round 1, reversed for each
    player passed over."""
    passed = 0
    for line in players:
        item = entry(line, 0)
        if item is None or (item[0].strip() in ("0000", "") and item[2].upper() not in ("U", "+")):
            continue
        if item[1] in "wb":
            colour = item[1]
            if passed % 2:
                colour = "b" if colour == "w" else "w"
            return "white1" if colour == "w" else "black1"
        passed += 1
    return "white1"


def cut_before(lines, round_number, total_rounds):
    """The tournament as it stood before round ``round_number`` was paired."""
    points = point_values(lines)
    players = [line for line in lines if line.startswith("001")]
    out = []
    for line in lines:
        if line.startswith("XXR") or line.startswith("XXC"):
            continue
        if not line.startswith("001"):
            out.append(line)
            continue
        kept = []
        for index in range(round_number):
            item = entry(line, index)
            if index == round_number - 1 and (item is None or not is_pre_pairing_bye(item)):
                break
            kept.append(item)
        while kept and kept[-1] is None:
            kept.pop()
        score = sum(points_of(item, points) for item in kept if item is not None)
        text = line[:FIRST_ROUND].ljust(FIRST_ROUND)
        text = text[:SCORE.start] + f"{score // 10}.{score % 10}".rjust(4) + text[SCORE.stop:]
        for item in kept:
            text += "          " if item is None else f"{item[0]} {item[1]} {item[2]}  "
        out.append(text.rstrip())
    out.append(f"XXR {total_rounds}")
    out.append(f"XXC {initial_colour(players)}")
    return "\n".join(out) + "\n"


def generate(bbp, seed, workdir):
    rounds, config = config_for(seed)
    config_path = os.path.join(workdir, "config.txt")
    with open(config_path, "w") as handle:
        handle.write(config)
    trf_path = os.path.join(workdir, "tournament.trf")
    done = subprocess.run([bbp, "--dutch", "-g", config_path, "-o", trf_path, "-s", str(seed)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None
    with open(trf_path, newline="") as handle:
        lines = [line for line in handle.read().replace("\r", "\n").split("\n") if line.strip()]
    lines.append(f"XXR {rounds}")
    pairs = []
    for round_number in range(1, rounds + 1):
        cut_path = os.path.join(workdir, "round.trf")
        with open(cut_path, "w") as handle:
            handle.write(cut_before(lines, round_number, rounds))
        out_path = os.path.join(workdir, "pairs.txt")
        done = subprocess.run([bbp, "--dutch", cut_path, "-p", out_path], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"seed {seed} round {round_number}: bbpPairings failed: {done.stderr.strip()}")
        with open(out_path) as handle:
            pairs.append(f"round {round_number}\n" + handle.read().replace("\r", ""))
    return "\n".join(lines) + "\n", "".join(pairs)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bbp", default="/work/ext/bbpPairings", help="the bbpPairings binary")
    parser.add_argument("--count", type=int, default=1000, help="tournaments to write")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    written = 0
    seed = args.first_seed
    with tempfile.TemporaryDirectory() as workdir:
        while written < args.count:
            made = generate(args.bbp, seed, workdir)
            if made is not None:
                trf, pairs = made
                with open(os.path.join(args.out, f"{seed:04}.trf"), "w") as handle:
                    handle.write(trf)
                with open(os.path.join(args.out, f"{seed:04}.pairs"), "w") as handle:
                    handle.write(pairs)
                written += 1
            seed += 1
    print(f"{written} tournaments, seeds {args.first_seed}..{seed - 1}, in {args.out}")


if __name__ == "__main__":
    main()
