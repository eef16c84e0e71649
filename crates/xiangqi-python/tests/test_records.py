"""Records: reading the shared files (XQF and CBL against cchess), lazy iteration, errors with their place,
round trips through PGN, DhtmlXQ and XQF."""

import pytest

import xiangqi

# The two shared XQF files with undecodable move records (testdata README, "Known anomalies" 2 and 3): cchess
# drops those moves silently, a strict reader reports them.
BROKEN_XQF = {"WildHouse.xqf", "BadMoveTest3.xqf"}
# Two shared PGN files start from a FEN without a king (00108: Black's, 02963: Red's): pyffish replays them, a
# position cannot hold them, and the reader rejects them at the FEN tag.
KINGLESS_PGN = {"00108.pgn", "02963.pgn"}
EMPTY = "9/9/9/9/9/9/9/9/9/9"


def cchess_main_line(game):
    moves, move = [], game.first_move
    while move is not None:
        moves.append(str(move))
        move = move.next_move
    return moves


def test_read_bytes_and_write_back():
    games = list(xiangqi.read("[Event \"Test\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 1-0\n".encode()))
    assert len(games) == 1
    game = games[0]
    assert (game.fen, game.moves, game.result, game.tags) == (None, ["h2e2", "h9g7"], "1-0", {"Event": "Test"})
    assert (game.source, game.number, len(game)) == ("<bytes>", 1, 2)
    assert game.moves_in("chinese") == ["炮二平五", "马8进7"]
    assert game.end_position() == xiangqi.Position().play("h2e2").play("h9g7")
    for written in [game.to_pgn().encode(), game.to_pgn("wxf").encode(), game.to_dhtmlxq().encode(), game.to_xqf()]:
        assert list(xiangqi.read(written))[0].moves == game.moves


def test_a_record_built_here():
    record = xiangqi.Record("h2e2 h9g7", fen=None, tags={"Red": "A", "Black": "B"}, result="0-1")
    assert record.moves == ["h2e2", "h9g7"] and record.tags == {"Red": "A", "Black": "B"}
    assert record.source is None and record.number is None
    back = list(xiangqi.read(record.to_pgn().encode()))[0]
    assert back == record and back.result == "0-1"
    composed = xiangqi.Record(["b0b9"], fen="3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1")
    assert composed.fen == "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"
    with pytest.raises(xiangqi.IllegalMove) as caught:
        xiangqi.Record(["h2e2", "h2e2"])
    assert caught.value.ply == 2


def test_bad_records_raise_with_the_place():
    games = xiangqi.read(b"[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e2 h2e2 *\n\n[Event \"c\"]\n1. h0g2 *\n")
    assert next(games).tags == {"Event": "a"}
    with pytest.raises(xiangqi.RecordError) as caught:
        next(games)
    error = caught.value
    assert (error.game, error.line, error.ply, error.move, error.kind) == (2, 5, 2, "h2e2", "illegal_move")
    assert str(error) == "<bytes>: game 2, line 5: ply 2, move `h2e2`: illegal move h2e2: no piece on h2"
    # The iteration goes on after a bad game.
    assert next(games).moves == ["h0g2"]
    with pytest.raises(StopIteration):
        next(games)
    with pytest.raises(xiangqi.RecordError) as caught:
        list(xiangqi.read(b"<html>no game</html>"))
    assert caught.value.kind == "unreadable"
    with pytest.raises(FileNotFoundError):
        xiangqi.read("/no/such/file.pgn")


def test_lenient_reading_keeps_the_moves_before_a_bad_one():
    games = list(xiangqi.read(b"1. h2e2 h9g7 2. h2e2 *\n", lenient=True))
    assert games[0].moves == ["h2e2", "h9g7"]


def test_a_directory_in_name_order_on_any_number_of_threads(testdata):
    folder = testdata / "games" / "xqf" / "eleeye"
    one = [(g.source, g.number, g.moves) for g in xiangqi.read(folder, threads=1)]
    two = [(g.source, g.number, g.moves) for g in xiangqi.read(str(folder), threads=2)]
    assert one == two and len(one) == 24
    assert [source for source, _, _ in one] == sorted(source for source, _, _ in one)


def test_a_big_file_is_read_lazily(testdata):
    path = testdata / "games" / "wukong" / "selected_iccs" / "Hu_Ronghua_1391_UCI_games.pgn"
    games = xiangqi.read(path)
    first = [next(games) for _ in range(3)]
    assert [g.number for g in first] == [1, 2, 3]
    games.close()
    assert sum(1 for _ in xiangqi.read(path)) == 1391


def test_xqf_files_against_cchess(testdata, cchess):
    paths = sorted((testdata / "games" / "xqf").rglob("*"))
    paths = [p for p in paths if p.suffix.lower() == ".xqf"]
    assert len(paths) == 24
    for path in paths:
        if path.name in BROKEN_XQF:
            with pytest.raises(xiangqi.RecordError) as caught:
                list(xiangqi.read(path))
            assert caught.value.kind == "illegal_move" and caught.value.ply is not None and caught.value.byte
            continue
        (ours,) = list(xiangqi.read(path))
        theirs = cchess.read_from_xqf(str(path))
        assert ours.moves == cchess_main_line(theirs), path.name
        assert ours.start.fen.split()[0] == theirs.init_board.to_fen().split()[0], path.name


def test_cbl_libraries_against_cchess(testdata, cchess):
    folder = testdata / "games" / "xqf" / "cchess-tests"
    for path in sorted(folder.glob("*.CBL")):
        ours = list(xiangqi.read(path))
        # cchess reads a library's headings (an empty board, no move) as games; they hold no game.
        theirs = [g for g in cchess.read_from_cbl(str(path))["games"] if g.init_board.to_fen().split()[0] != EMPTY]
        assert len(ours) == len(theirs), path.name
        for game, their in zip(ours, theirs):
            assert game.moves == cchess_main_line(their), (path.name, game.number)


def test_every_shared_game_round_trips_through_pgn(testdata):
    """Every game of the shared PGN and XQF sets is replayed (its end position), written as PGN and read back
    equal; the broken XQF files and the kingless PGN files are the only errors."""
    games, errors = 0, []
    for folder in ["pgn-practical", "xqf"]:
        reading = xiangqi.read(testdata / "games" / folder)
        while True:
            try:
                game = next(reading)
            except StopIteration:
                break
            except xiangqi.RecordError as error:
                errors.append(error.source.rsplit("/", 1)[-1])
                continue
            game.end_position()
            (back,) = list(xiangqi.read(game.to_pgn().encode()))
            assert back == game, (game.source, game.number)
            games += 1
    assert sorted(errors) == sorted(BROKEN_XQF | KINGLESS_PGN)
    assert games > 3000


def test_python_runs_while_a_game_is_being_read(tmp_path):
    # A game of 120 MB keeps `next()` waiting on the reading thread until it is refused (over the 1 MiB limit);
    # while it waits the GIL is released, so another Python thread runs all the while (held, it would run for at
    # most one switch interval, 5 ms).
    import threading
    import time

    def count_for(seconds):
        end, count = time.perf_counter() + seconds, 0
        while time.perf_counter() < end:
            count += 1
        return count

    rate = count_for(0.05) / 0.05
    game = '[Event "Short"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 *\n\n'
    path = tmp_path / "long.pgn"
    with open(path, "w") as out:
        out.write('[Event "Long"]\n\n')
        line = "% an escaped line, part of no game\n"
        for _ in range(40):
            out.write(line * 100_000)
        out.write(game)
    games = xiangqi.read(path, threads=1)
    state = {"waiting": False, "count": 0, "error": None, "wait": 0.0}

    def wait_for_the_game():
        state["waiting"] = True
        start = time.perf_counter()
        try:
            next(games)
        except xiangqi.RecordError as error:
            state["error"] = error
        state["wait"] = time.perf_counter() - start
        state["waiting"] = False

    reader = threading.Thread(target=wait_for_the_game)
    reader.start()
    while not state["waiting"] and reader.is_alive():
        pass
    while state["waiting"]:
        state["count"] += 1
    reader.join()
    assert "longer than the limit" in str(state["error"]), state
    assert next(games).moves == ["h2e2", "h9g7"]
    assert state["wait"] > 0.05, f"the read took {state['wait']:.3f} s: too short to tell"
    # A tenth of the counting rate over the whole wait is far more than one switch interval's worth.
    assert state["count"] > 0.1 * rate * state["wait"], (state, rate)
