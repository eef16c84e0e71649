#!/usr/bin/env python3
"""Writes pathological record files of a given size, for timing the readers (docs/performance.md).

    python3 scripts/bench/pathological.py KIND MEGABYTES OUT

KIND is one of:
  long-comment      one PGN game whose comment is one line of MEGABYTES
  open-comment      one PGN game with a comment that is never closed
  huge-tag          one PGN game with a tag value of MEGABYTES
  nested            PGN games of 10^5 nested variations each (about 1 MB a game)
  long-movelist     one PGN game of legal moves, one line, MEGABYTES long
  dhtmlxq-movelist  one DhtmlXQ block whose movelist is MEGABYTES long
  dhtmlxq-open      a DhtmlXQ block that is never closed, with MEGABYTES of keys
"""
import sys

MB = 1 << 20


def fill(out, unit, size):
    """Writes `unit` repeatedly to `out` until `size` bytes were written; returns the count."""
    unit = unit.encode() if isinstance(unit, str) else unit
    times = max(size // len(unit), 1)
    chunk = unit * max(1, (1 << 20) // len(unit))
    per = len(chunk) // len(unit)
    done = 0
    while done + per <= times:
        out.write(chunk)
        done += per
    out.write(unit * (times - done))
    return times * len(unit)


def main():
    kind, megabytes, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    size = int(megabytes * MB)
    with open(path, "wb") as out:
        if kind == "long-comment":
            out.write(b'[Event "long comment"]\n1. h2e2 {')
            fill(out, "a comment ", size)
            out.write(b"} h9g7 *\n")
        elif kind == "open-comment":
            out.write(b'[Event "open comment"]\n1. h2e2 {')
            fill(out, "never closed ", size)
        elif kind == "huge-tag":
            out.write(b'[Event "')
            fill(out, "a tag value ", size)
            out.write(b'"]\n1. h2e2 h9g7 *\n')
        elif kind == "nested":
            depth = 100_000
            game = '[Event "nested"]\n1. h2e2 ' + "(1. b2e2 " * depth + ")" * depth + " *\n"
            fill(out, game, size)
        elif kind == "long-movelist":
            out.write(b'[Event "long movelist"]\n')
            fill(out, "h0g2 h9g7 g2h0 g7h9 ", size)
            out.write(b"*\n")
        elif kind == "dhtmlxq-movelist":
            out.write(b"<p>[DhtmlXQ][DhtmlXQ_movelist]")
            fill(out, "7967706267796270", size)  # h0g2 h9g7 g2h0 g7h9 in DhtmlXQ squares
            out.write(b"[/DhtmlXQ_movelist][/DhtmlXQ]</p>\n")
        elif kind == "dhtmlxq-open":
            out.write(b"<p>[DhtmlXQ][DhtmlXQ_movelist]7967[/DhtmlXQ_movelist]")
            fill(out, "[DhtmlXQ_title]x[/DhtmlXQ_title]", size)
        else:
            sys.exit(__doc__)


if __name__ == "__main__":
    main()
