#!/usr/bin/env python3
"""Generate the perft golden file for the board crate from Fairy-Stockfish (PyPI `pyffish`).

Positions are made by random play (fixed seed, so the output is reproducible) from the start position and from a
handful of positions written for this project (endgames, tandem pawns, cannon screens, facing-king files). For each
position the script records perft 1, 2 and 3, counted by recursion over `pyffish.legal_moves`.

Output format, one position per line (the same as the shared perft suite):

    FEN;D1 N1;D2 N2;D3 N3

Usage:  pip install pyffish==0.0.90 && python3 scripts/golden/perft_pyffish.py > crates/xiangqi-board/tests/data/perft_pyffish.txt
Runtime: about 5 ms per pyffish call, so roughly an hour for the default 520 positions.
"""

import random
import sys

import pyffish as sf

VARIANT = "xiangqi"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Positions written for this project (not taken from any other suite).
OWN_SEEDS = [
    START,
    # Tandem pawns and crossed pawns on both sides.
    "3akab2/9/4b4/2P1P1P2/2P3P2/2p3p2/2p1p1p2/4B4/9/2BAKA3 w - - 0 1",
    # Rooks and cannons on open files, kings on the same file with pieces between.
    "2bakab2/9/4c4/9/4R4/4r4/9/4C4/9/2BAKAB2 w - - 0 1",
    # Horses near both palaces, legs partly blocked.
    "3ak4/4a4/3N1n3/9/9/9/9/3n1N3/4A4/4KA3 w - - 0 1",
    # Cannon endgame with screens.
    "4k4/9/4c4/9/4P4/4p4/9/4C4/9/3K5 b - - 0 1",
    # Rook against horse and pawns, black to move.
    "3k5/4a4/4ba3/p3n3p/9/9/P7P/4B4/4A4/2R1KA3 b - - 0 1",
]

PLIES_MAX = 90


def perft(fen, moves, depth):
    legal = sf.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def random_position(rng, seed_fen):
    moves = []
    for _ in range(rng.randrange(0, PLIES_MAX)):
        legal = sf.legal_moves(VARIANT, seed_fen, moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    return sf.get_fen(VARIANT, seed_fen, moves)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 520
    rng = random.Random(20261130)
    seen = set()
    emitted = 0
    while emitted < count:
        seed = OWN_SEEDS[0] if emitted % 2 == 0 else rng.choice(OWN_SEEDS)
        fen = random_position(rng, seed)
        board_and_side = " ".join(fen.split()[:2])
        if board_and_side in seen or not sf.legal_moves(VARIANT, fen, []):
            continue
        seen.add(board_and_side)
        counts = [perft(fen, [], d) for d in (1, 2, 3)]
        print(f"{fen};D1 {counts[0]};D2 {counts[1]};D3 {counts[2]}", flush=True)
        emitted += 1


if __name__ == "__main__":
    main()
