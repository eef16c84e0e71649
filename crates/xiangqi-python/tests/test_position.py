"""Positions and moves: FEN, legal moves (against pyffish over random games), notations (WXF against pyffish,
Chinese against cchess), errors with their ply and move."""

import random
import re

import pytest

import xiangqi

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def random_positions(count, seed, plies=60):
    """`count` positions reached by random play from the start (by our own move lists), with at least one
    legal move."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        pos = xiangqi.Position()
        for _ in range(rng.randrange(plies)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves), "ucci")
        if pos.legal_moves():
            positions.append(pos)
    return positions


def to_pyffish(move):
    """UCCI (ranks 0-9) to Fairy-Stockfish UCI (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def from_pyffish(move):
    a, r1, b, r2 = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def test_start_position():
    pos = xiangqi.Position()
    assert pos.fen == START and str(pos) == START
    assert pos == xiangqi.Position(START)
    assert hash(pos) == hash(xiangqi.Position(START)) == pos.key
    assert pos.turn == "red" and (pos.halfmoves, pos.fullmoves) == (0, 1)
    assert len(pos.legal_moves()) == pos.count_legal_moves() == 44
    assert pos.outcome is None and pos.winner is None and not pos.is_check()
    assert pos.piece_at("e0") == "K" and pos.piece_at("h7") == "c" and pos.piece_at("e4") is None


def test_play_in_every_notation():
    pos = xiangqi.Position()
    after = pos.play("炮二平五")
    assert after.fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert pos.fen == START, "positions are immutable"
    for text in ["h2e2", "H2-E2", "C2.5", "炮2=5", "炮二平五"]:
        assert pos.parse_move(text) == "h2e2", text
        assert pos.play(text) == after
    assert pos.format_move("h2e2", "wxf") == "C2.5"
    assert pos.format_move("h2e2") == "炮二平五"
    assert pos.format_move("h2e2", "iccs") == "H2-E2"
    assert xiangqi.parse_line("炮二平五 马８进７ N2+3") == ["h2e2", "h9g7", "h0g2"]
    assert xiangqi.format_line(["h2e2", "h9g7"], notation="wxf") == ["C2.5", "H8+7"]


def test_a_position_is_a_dict_key():
    seen = {xiangqi.Position(): "start"}
    assert seen[xiangqi.Position().play("h2e2").play("h7e7").play("e2h2").play("e7h7")] == "start"


def test_illegal_moves_name_the_ply_and_move():
    with pytest.raises(xiangqi.IllegalMove) as caught:
        xiangqi.parse_line(["h2e2", "h9g7", "h2e2"])
    error = caught.value
    assert (error.ply, error.move, error.kind) == (3, "h2e2", "illegal_move")
    assert str(error) == "ply 3, move `h2e2`: illegal move h2e2: no piece on h2"
    assert isinstance(error, xiangqi.Error) and isinstance(error, ValueError)
    with pytest.raises(xiangqi.IllegalMove) as caught:
        xiangqi.Position().play("zz")
    assert caught.value.kind == "move_syntax" and caught.value.ply == 1


def test_bad_fens_and_names():
    with pytest.raises(xiangqi.ParseError) as caught:
        xiangqi.Position("rnbakabnr/9/1c5c1 w")
    assert caught.value.kind == "bad_fen" and str(caught.value).startswith("bad FEN: ")
    with pytest.raises(xiangqi.ParseError, match="expected any, iccs, ucci, fairy-uci, chinese, wxf or axf"):
        xiangqi.Position().play("h2e2", "klingon")
    # A black pawn behind its start rank: only a composed position.
    composed = "3k5/4p4/9/9/9/9/9/9/9/4K4 w"
    with pytest.raises(xiangqi.ParseError):
        xiangqi.Position(composed)
    assert len(xiangqi.Position(composed, composed=True).legal_moves()) == 2


def test_mate_and_stalemate():
    # The rook on a8 holds rank 8; the other one mates on rank 9.
    mated = xiangqi.Position("3k5/R8/9/9/9/9/9/9/9/1R2K4 w").play("b0b9")
    assert mated.is_check() and mated.is_checkmate() and mated.outcome == "checkmate" and mated.winner == "red"
    with pytest.raises(xiangqi.GameOver) as caught:
        xiangqi.parse_line(["b0b9", "d9e9"], xiangqi.Position("3k5/R8/9/9/9/9/9/9/9/1R2K4 w"))
    assert caught.value.ply == 2


def test_svg():
    picture = xiangqi.Position().svg(["h2e2", "h9g7"])
    assert picture.startswith("<svg") and picture.count("marker-end") == 2
    with pytest.raises(xiangqi.IllegalMove):
        xiangqi.Position().svg(["h2e3"])


def test_legal_moves_equal_pyffish_over_random_games(pyffish):
    for pos in random_positions(200, seed=25):
        theirs = sorted(from_pyffish(m) for m in pyffish.legal_moves("xiangqi", pos.fen, []))
        assert sorted(pos.legal_moves()) == theirs, pos.fen


def test_wxf_against_pyffish(pyffish):
    """pyffish writes `=` for sideways moves, pawn indexes for three or more pawns on a file, and tandem marks
    only on collision: every text it writes reads back as its move, and where none of those applies (a
    piece letter and its file in ours, no pawn index in its) our official WXF is its text with `.` for `=`."""
    compared = 0
    for pos in random_positions(60, seed=2025):
        for move in pos.legal_moves():
            theirs = pyffish.get_san("xiangqi", pos.fen, to_pyffish(move), False, pyffish.NOTATION_XIANGQI_WXF)
            assert pos.parse_move(theirs, "wxf") == move, (pos.fen, move, theirs)
            ours = pos.format_move(move, "wxf")
            if not (ours[0].isalpha() and ours[1].isdigit()) or theirs[0].isdigit():
                continue
            assert ours == theirs.replace("=", "."), (pos.fen, move)
            compared += 1
    assert compared > 1000


def test_chinese_against_cchess(cchess):
    """cchess writes Black's numbers full-width and gets some moves of pawns sharing a file wrong: those are
    left out; every other move is written as cchess writes it and read back from its text."""
    half = str.maketrans("１２３４５６７８９", "123456789")
    compared = 0
    for pos in random_positions(60, seed=1956):
        for move in pos.legal_moves():
            piece = pos.piece_at(move[:2])
            same_file = [pos.piece_at(f"{move[0]}{rank}") for rank in range(10)]
            if piece in "Pp" and same_file.count(piece) > 1:
                continue
            theirs = cchess.ChessBoard(pos.fen).move_iccs(move).to_text()
            assert pos.format_move(move) == theirs.translate(half), (pos.fen, move)
            assert pos.parse_move(theirs, "chinese") == move
            compared += 1
    assert compared > 1000
