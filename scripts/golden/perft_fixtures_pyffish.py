#!/usr/bin/env python3
"""Perft counts for the board crate's own rule fixtures, from Fairy-Stockfish (PyPI `pyffish`).

Each fixture is a position written for this project to exercise one movement or legality rule. The script prints
`NAME;FEN;D1 N1;D2 N2;D3 N3` lines (depth 3 only where it stays cheap) for
`crates/xiangqi-board/tests/data/perft_fixtures.txt`; `tests/board/perft_fixtures.rs` checks every count.

Usage:  python3 scripts/golden/perft_fixtures_pyffish.py > crates/xiangqi-board/tests/data/perft_fixtures.txt
"""

import pyffish as sf

VARIANT = "xiangqi"

FIXTURES = [
    # name, FEN, max depth
    ("palace-king-and-advisors", "3a1k3/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", 3),
    ("king-in-palace-corner", "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", 3),
    ("elephants-eyes-and-river", "4k4/9/9/9/9/2B3B2/3p5/9/9/3K5 w - - 0 1", 3),
    ("elephant-blocked-eye", "4k4/9/9/9/9/9/5n3/4B4/3N5/3K5 w - - 0 1", 3),
    ("horse-legs", "4k4/9/9/9/3PNP3/4p4/9/9/9/3K5 w - - 0 1", 3),
    ("horse-corner", "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1", 3),
    ("cannon-screens", "4k4/4a4/9/1c2P2r1/9/9/1C5C1/9/9/4K4 w - - 0 1", 3),
    ("cannon-two-screens", "4k4/9/9/4r4/4p4/4P4/4C4/9/9/3K5 w - - 0 1", 3),
    ("pawns-before-and-after-river", "4k4/9/9/P1P6/9/4P4/6P2/9/9/4K4 w - - 0 1", 3),
    ("black-pawns", "4k4/9/9/9/9/9/2p1p1p2/p7p/9/3K5 b - - 0 1", 3),
    ("flying-general-pin", "4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1", 3),
    ("flying-general-king-step", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 3),
    ("rook-pin", "4k4/4r4/9/9/9/9/9/4N4/9/4K4 w - - 0 1", 3),
    ("cannon-pin-two-pieces", "4k4/4c4/9/9/9/4N4/9/4B4/9/4K4 w - - 0 1", 3),
    ("cannon-screen-creation", "3k5/9/9/9/4c4/9/9/9/1R7/4K4 w - - 0 1", 3),
    ("horse-leg-pin", "3k5/9/9/9/9/9/9/9/5Rn2/4K4 w - - 0 1", 3),
    ("rook-check-evasion", "3k5/9/9/9/9/9/9/9/R8/r3K4 w - - 0 1", 3),
    ("cannon-check-evasion", "3k5/9/9/4c4/9/9/4R4/9/9/3AK4 w - - 0 1", 3),
    ("horse-check-evasion", "3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1", 3),
    ("double-check-rook-and-cannon", "3k5/9/9/4c4/9/4r4/9/9/2R6/4K4 w - - 0 1", 3),
    ("double-check-horse-and-rook", "3k5/9/9/9/9/9/5r3/4n4/9/5K3 w - - 0 1", 3),
    ("checkmate-no-moves", "R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1", 2),
    ("stalemate-no-moves", "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", 2),
    ("pawn-gives-check", "9/4k4/4P4/9/9/9/9/9/9/3K5 b - - 0 1", 3),
    ("start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 3),
]


def perft(fen, moves, depth):
    legal = sf.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def main():
    for name, fen, depth in FIXTURES:
        assert sf.validate_fen(fen, VARIANT) == 1, (name, fen)
        counts = [perft(fen, [], d) for d in range(1, depth + 1)]
        fields = ";".join(f"D{d} {n}" for d, n in enumerate(counts, 1))
        print(f"{name};{fen};{fields}", flush=True)


if __name__ == "__main__":
    main()
