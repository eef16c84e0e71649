#!/usr/bin/env python3
"""Generate the CCBridge golden file of the notation crate from PyPI `cchess` (walker8088, 1.25.5).

For every game of the six CCBridge files of the shared test data (`$XIANGQI_TESTDATA/games/xqf/cchess-tests`:
two CBR, two CBL, two CBF; 135 games), the script writes what cchess reads: the board of the start position,
the number of root-to-leaf lines, the main-line plies, the number of moves in the whole tree, and two
fingerprints (64-bit FNV-1a of UTF-8 text) of

  tree:     the move tree in ICCS, each move followed by its alternatives in parentheses, e.g.
            `h2e2 h9g7 (h7e7 b0c2) h0g2` (an alternative is a line of its own, with its own alternatives);
  comments: the comments in the same order (the game's comment first), each cleaned as the crate stores
            comments (CR LF and CR as LF, NUL and white space trimmed, empty ones left out), joined by U+001F.

Only counts and fingerprints are written, never the games themselves: the test data is GPL-3 and must stay out
of the repository. The Rust test `tests/notation/ccbridge.rs` computes the same fingerprints from the crate's reader.

What cchess does that the test allows for:
  - its CBF reader reads neither comments nor tags (`comments` is null for CBF games);
  - its CBR reader returns no comment when the stored text has no terminating NUL (`comments` then counts on
    the crate having more, and the test checks only the comments cchess has: see `cchess_comments`);
  - it takes the side to move of a CBR from the first move, and writes `w` in the start FEN whatever the side,
    so only the board part of the FEN is compared.

Usage:  pip install cchess==1.25.5 && XIANGQI_TESTDATA=/path/to/testdata \\
        python3 scripts/golden/ccbridge_cchess.py > crates/xiangqi-notation/tests/data/ccbridge_cchess.json
"""

import json
import os
import sys
from importlib import metadata

import cchess

FILES = [
    "test.cbr",
    "test2.cbr",
    "1956年全国象棋锦标赛93局.CBL",
    "1989年龙化杯象棋名师邀请赛35局.CBL",
    "test.cbf",
    "test2.cbf",
]


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def clean(comment):
    if comment is None:
        return None
    text = comment
    while text != text.strip().strip("\0"):
        text = text.strip().strip("\0")
    return text.replace("\r\n", "\n").replace("\r", "\n") or None


def chain(move):
    """The move and its main continuation."""
    out = []
    while move is not None:
        out.append(move)
        move = move.next_move
    return out


def alternatives(move):
    """The alternatives to `move` when it is the main child of its parent (its siblings after it)."""
    siblings = move.siblings_all_list
    return siblings[1:] if siblings and siblings[0] is move else []


def walk(move, tokens, comments, counts):
    """Appends the line starting at `move`; returns its length."""
    nodes = chain(move)
    for node in nodes:
        tokens.append(str(node))
        counts["moves"] += 1
        comments.append(clean(node.annote))
        for alt in alternatives(node):
            counts["lines"] += 1
            tokens.append("(")
            walk(alt, tokens, comments, counts)
            tokens.append(")")
    return len(nodes)


def entry(name, index, game, kind):
    tokens, comments, counts = [], [clean(game.annote)], {"moves": 0, "lines": 1}
    plies = walk(game.first_move, tokens, comments, counts) if game.first_move is not None else 0
    tree = " ".join(tokens).replace("( ", "(").replace(" )", ")")
    kept = [c for c in comments if c is not None]
    return {
        "file": name,
        "game": index + 1,
        "board": game.init_board.to_fen().split()[0],
        "lines": counts["lines"],
        "plies": plies,
        "moves": counts["moves"],
        "tree": fnv1a(tree),
        "comments": None if kind == "cbf" else len(kept),
        "comments_fnv": None if kind == "cbf" else fnv1a("\x1f".join(kept)),
    }


def main():
    root = os.path.join(os.environ["XIANGQI_TESTDATA"], "games", "xqf", "cchess-tests")
    games = []
    for name in FILES:
        path = os.path.join(root, name)
        ext = name.rsplit(".", 1)[1].lower()
        if ext == "cbl":
            for i, game in enumerate(cchess.read_from_cbl(path)["games"]):
                games.append(entry(name, i, game, ext))
        elif ext == "cbr":
            games.append(entry(name, 0, cchess.read_from_cbr(path), ext))
        else:
            games.append(entry(name, 0, cchess.read_from_cbf(path), ext))
    out = {"generator": f"scripts/golden/ccbridge_cchess.py, cchess {metadata.version('cchess')}", "games": games}
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
