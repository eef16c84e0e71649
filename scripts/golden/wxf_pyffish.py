#!/usr/bin/env python3
"""Generate the WXF golden file of the notation crate from Fairy-Stockfish (PyPI `pyffish`).

For every position, the script lists every legal move with the WXF text pyffish writes for it
(`get_san(variant, fen, move, False, NOTATION_XIANGQI_WXF)`). The Rust test `tests/notation/wxf_pyffish.rs` compares the
crate's WXF writers and reader against these texts.

Positions (a fixed seed, so the output is reproducible):
  * random play from the start position;
  * random play from positions written for this project with tandem pieces (pawn stacks of 2-5 on one file,
    stacks on two files, paired rooks, horses and cannons, advisors and elephants sharing files);
  * random placements built to be rich in tandem pieces: pawns stacked on one or two files across the river,
    pairs of rooks, horses and cannons on one file, advisors and elephants on shared files.
Every placement is checked the way the board crate's `Position::from_setup` checks it (pieces on reachable
squares, no facing kings, the side not to move not in check), so the Rust side can load every FEN.

Output format, one position per line:

    FEN;ICCS SAN;ICCS SAN;...

ICCS moves use ranks 0-9 (pyffish's own UCI moves use ranks 1-10, `h3e3`; the script subtracts 1).

How pyffish's WXF differs from official WXF (wxf.org), which the Rust test takes into account:
  1. `=` instead of `.` for sideways moves (`C2=5` for `C2.5`).
  2. Pawn indexes: a pawn with two or more other pawns on its file, or on one of two files that hold tandem
     pawns, is written as its index on the file (1 = front) followed by the file: `25=6` (the middle of three
     pawns on file 5; official `P5.6`), `15+1` (official `P++1`), `14=5` (official `4+.5`).
  3. Tandem marks only where needed: a pair of pieces on one file gets `+`/`-` only if the other piece, moved by
     the same step, would stay on the board; otherwise pyffish writes the file (`H7-8` where official WXF writes
     `H+-8`). Official WXF always marks a pair. Advisors and elephants are written by file in both.
The crate's `WxfDialect::FairyStockfish` writer implements these three rules; the test checks it against every
string here, checks that the official writer differs from pyffish only in these three ways, and reads every
pyffish string back.

Usage:  pip install pyffish==0.0.90 && python3 scripts/golden/wxf_pyffish.py > crates/xiangqi-notation/tests/data/wxf_pyffish.txt
Runtime: about 5 ms per pyffish call; about eight minutes for the default 660 (560 after dropping positions without a legal move).
"""

import random
import sys

import pyffish as sf

VARIANT = "xiangqi"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Positions written for this project.
OWN_SEEDS = [
    # Three red pawns on file 5, two black pawns on file 3 (black's), rooks paired.
    "3k5/9/2R1P4/2R1P4/4P4/2p6/2p6/9/9/4K4 w - - 0 1",
    # Red pawns on two files (2 + 3), black horses paired on a file.
    "3k5/4n4/9/2P3P2/2P3P2/6P2/4n4/9/9/4K4 w - - 0 1",
    # Four black pawns on one file, red cannons paired.
    "5k3/9/9/9/9/3p5/3p5/3p4C/3p4C/4K4 b - - 0 1",
    # Five red pawns on one file.
    "3P5/3P1k3/3P5/3P5/3P5/9/9/9/9/4K4 w - - 0 1",
    # Advisors and elephants sharing files, rooks and horses paired.
    "2ba1k3/9/3a5/9/2b6/1RB4N1/9/1R1A3N1/9/2BAK4 w - - 0 1",
    # Black pawns on two files (2 + 2) and a lone pawn, black to move.
    "4k4/9/9/9/9/2p1p1p2/2p3p2/9/9/3K5 b - - 0 1",
]

RANDOM_PLAY_POSITIONS = 420
PLACEMENT_POSITIONS = 240
PLIES_MAX = 80


def iccs(uci):
    """Converts a pyffish UCI move (ranks 1-10) to ICCS (ranks 0-9)."""
    i = 1
    while uci[i].isdigit():
        i += 1
    return f"{uci[0]}{int(uci[1:i]) - 1}{uci[i]}{int(uci[i + 1:]) - 1}"


def random_play(rng, seed_fen):
    moves = []
    for _ in range(rng.randrange(0, PLIES_MAX)):
        legal = sf.legal_moves(VARIANT, seed_fen, moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    return sf.get_fen(VARIANT, seed_fen, moves)


# Squares as (file 0-8, rank 0-9) from Red's side.
def palace(red):
    ranks = range(0, 3) if red else range(7, 10)
    return [(f, r) for f in range(3, 6) for r in ranks]


def advisor_squares(red):
    base = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]
    return base if red else [(f, 9 - r) for f, r in base]


def elephant_squares(red):
    base = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
    return base if red else [(f, 9 - r) for f, r in base]


def pawn_squares(red):
    squares = []
    for f in range(9):
        for r in range(10):
            rel = r if red else 9 - r
            if rel >= 5 or (rel >= 3 and f % 2 == 0):
                squares.append((f, r))
    return squares


def to_fen(board, red_to_move):
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            piece = board.get((f, r))
            if piece is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" w" if red_to_move else " b") + " - - 0 1"


def kings_face(board):
    kings = {p: sq for sq, p in board.items() if p in "Kk"}
    (fr, rr), (fb, rb) = kings["K"], kings["k"]
    if fr != fb:
        return False
    return all((fr, r) not in board for r in range(rr + 1, rb))


def random_placement(rng):
    board = {}

    def put(piece, choices):
        free = [sq for sq in choices if sq not in board]
        if free:
            board[rng.choice(free)] = piece

    everywhere = [(f, r) for f in range(9) for r in range(10)]
    for red in (True, False):
        case = str.upper if red else str.lower
        put(case("k"), palace(red))
        for _ in range(rng.randrange(3)):
            put(case("a"), advisor_squares(red))
        for _ in range(rng.randrange(3)):
            put(case("b"), elephant_squares(red))
        for letter in "rnc":
            count = rng.choice([0, 1, 2, 2])
            if count == 2 and rng.random() < 0.6:
                # A pair on one file.
                f = rng.randrange(9)
                for _ in range(2):
                    put(case(letter), [(f, r) for r in range(10)])
            else:
                for _ in range(count):
                    put(case(letter), everywhere)
        # Pawns stacked across the river on one or two files, plus strays.
        crossed = [sq for sq in pawn_squares(red) if (sq[1] >= 5) == red]
        files = rng.sample(range(9), rng.choice([1, 2, 2]))
        pawns = rng.randrange(2, 6)
        for i in range(pawns):
            if rng.random() < 0.85:
                f = files[i % len(files)]
                put(case("p"), [sq for sq in crossed if sq[0] == f])
            else:
                put(case("p"), pawn_squares(red))
    return board


def placement_position(rng):
    while True:
        board = random_placement(rng)
        if kings_face(board):
            continue
        red_to_move = rng.random() < 0.5
        fen = to_fen(board, red_to_move)
        if sf.validate_fen(fen, VARIANT) != 1:
            continue
        # The side not to move must not be in check.
        if sf.gives_check(VARIANT, to_fen(board, not red_to_move), []):
            continue
        if not sf.legal_moves(VARIANT, fen, []):
            continue
        return fen


def line(fen):
    moves = sf.legal_moves(VARIANT, fen, [])
    texts = (sf.get_san(VARIANT, fen, m, False, sf.NOTATION_XIANGQI_WXF) for m in moves)
    return ";".join([fen] + [f"{iccs(m)} {t}" for m, t in zip(moves, texts)])


def main():
    rng = random.Random(20240917)
    seeds = [START] + OWN_SEEDS
    fens = []
    for i in range(RANDOM_PLAY_POSITIONS):
        fen = random_play(rng, seeds[i % len(seeds)])
        if sf.legal_moves(VARIANT, fen, []):
            fens.append(fen)
    for _ in range(PLACEMENT_POSITIONS):
        fens.append(placement_position(rng))
    print(f"# pyffish {'.'.join(map(str, sf.version()))} get_san NOTATION_XIANGQI_WXF; "
          f"generated by scripts/golden/wxf_pyffish.py; FEN;ICCS SAN;...")
    for fen in fens:
        print(line(fen))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
