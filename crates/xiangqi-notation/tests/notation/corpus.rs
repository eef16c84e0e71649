//! Every PGN, XQF and DhtmlXQ record of the shared corpus (`$XIANGQI_TESTDATA/games`, see its README) read and
//! replayed, with the corpus's known data errors rejected at the right ply. Ignored unless asked for
//! (`--include-ignored`), since they need `XIANGQI_TESTDATA`. Nothing of the corpus is copied into the
//! repository: the expected numbers below are the corpus README's and LICENSE-NOTE's, or come from its
//! `index.tsv`.

use crate::common;

use std::{
    collections::BTreeMap,
    fs,
    path::{Path, PathBuf},
};

use xiangqi_board::{Color, Position, PositionError, PositionErrorKinds};
use xiangqi_board::{IllegalMove, IllegalMoveReason};
use xiangqi_notation::{
    ccbridge, dhtmlxq,
    format::{parse_move, MoveFormat},
    pgn, xqf, GameRecord, GameResult, Location, MoveProblem, RecordError, RecordErrorKind,
};

/// The problem of the illegal move `mv`, for `reason`.
fn illegal(mv: &str, reason: IllegalMoveReason) -> MoveProblem {
    MoveProblem::Illegal(IllegalMove { mv: mv.parse().unwrap(), reason })
}

fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e.eq_ignore_ascii_case(extension)))
        .collect();
    files.sort();
    files
}

fn read(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn moves(game: &GameRecord) -> Vec<String> {
    game.main_moves().map(|mv| mv.to_string()).collect()
}

/// Counts per folder, printed at the end of each test.
#[derive(Default)]
struct Tally {
    games: usize,
    replayed: usize,
    rejected: usize,
    plies: usize,
}

impl Tally {
    fn ok(&mut self, game: &GameRecord) {
        self.games += 1;
        self.replayed += 1;
        self.plies += game.main.nodes.len();
    }

    fn rejected(&mut self) {
        self.games += 1;
        self.rejected += 1;
    }

    fn print(&self, folder: &str) {
        println!(
            "{folder}: {} games, {} replayed ({} main-line plies), {} rejected as expected",
            self.games, self.replayed, self.plies, self.rejected
        );
    }
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn pgn_practical() {
    let root = common::testdata();
    let dir = root.join("games/pgn-practical");
    let index = fs::read_to_string(dir.join("index.tsv")).unwrap();
    // Two files start from a FEN without a king (00108: Black's, 02963: Red's). pyffish replays them; a
    // `Position` cannot hold them, so the reader rejects them at the FEN tag. Not in the README's list.
    let kingless = |file: &str| -> Option<RecordError> {
        let missing = PositionError { kinds: PositionErrorKinds::MISSING_KING };
        let expected = RecordError { game: 1, at: Location::Line(12), kind: RecordErrorKind::Fen(missing.into()) };
        ["00108.pgn", "02963.pgn"].contains(&file).then_some(expected)
    };
    let mut tally = Tally::default();
    let mut first_sides = BTreeMap::new();
    for row in index.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let [file, _, _, _, first_side, plies, status, result_tag] = cols[..] else { panic!("bad row {row}") };
        let games = match (pgn::read(&read(&dir.join(file))), kingless(file)) {
            (Ok(games), None) => games,
            (Err(err), Some(expected)) => {
                assert_eq!(err, expected, "{file}");
                tally.rejected();
                continue;
            }
            (Ok(_), Some(_)) => panic!("{file}: a FEN without a king was accepted"),
            (Err(err), None) => panic!("{file}: {err}"),
        };
        assert_eq!(games.len(), 1, "{file}");
        let game = &games[0];
        assert_eq!(game.main.nodes.len(), plies.parse::<usize>().unwrap(), "{file}");
        assert_eq!(game.start.turn(), if first_side == "b" { Color::Black } else { Color::Red }, "{file}");
        assert_eq!(game.result, GameResult::from_pgn(result_tag).unwrap(), "{file}");
        assert_eq!(game.main.line_count(), 1, "{file}: the corpus has no variations");
        assert_eq!(status == "ok-no-moves", game.main.nodes.is_empty(), "{file}");
        *first_sides.entry(first_side).or_insert(0) += 1;
        tally.ok(game);
    }
    tally.print("pgn-practical");
    // 244,884 plies in all 3,000 files, less the 11 and 28 of the two rejected ones.
    assert_eq!((tally.games, tally.replayed, tally.rejected, tally.plies), (3000, 2998, 2, 244_884 - 11 - 28));
    assert_eq!(first_sides.get("b"), Some(&61));

    // Known anomalies 5 and 6: games without moves but with a result, and a tag value with brackets.
    for (file, result) in [("01253", GameResult::BlackWins), ("02254", GameResult::Draw), ("02297", GameResult::Draw)] {
        let game = &pgn::read(&read(&dir.join(format!("{file}.pgn")))).unwrap()[0];
        assert_eq!((game.main.nodes.len(), game.result), (0, result), "{file}");
    }
    let game = &pgn::read(&read(&dir.join("02968.pgn"))).unwrap()[0];
    assert_eq!(game.tags.get("Event"), Some("[局04]左橫車對右炮攻相(紅右肋車）"));
    // Anomaly 7: move numbers start at the FEN's full-move number.
    let game = &pgn::read(&read(&dir.join("00090.pgn"))).unwrap()[0];
    assert_eq!((game.start.fullmoves().get(), game.start.turn(), game.main.nodes.len()), (30, Color::Black, 49));
}

/// The game order of the three wukong PGN files, with each game's DhtmlXQ page (LICENSE-NOTE).
const WUKONG_PAGES: [&str; 15] =
    ["44", "45", "59", "65", "69", "73", "80", "85", "98", "116", "125", "130", "133", "138", "151"];
const WUKONG_PLIES: [usize; 15] = [127, 76, 104, 73, 120, 107, 43, 95, 99, 85, 81, 124, 125, 45, 74];

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn wukong_three_notations_and_dhtmlxq() {
    let root = common::testdata();
    let dir = root.join("games/wukong");
    let read_pgn =
        |name: &str| pgn::read(&read(&dir.join("games_pgn").join(name))).unwrap_or_else(|err| panic!("{name}: {err}"));
    let chinese = read_pgn("xqdb_traditional.pgn");
    let wxf = read_pgn("xqdb_international.pgn");
    let iccs = read_pgn("bulk_games_uci.pgn");
    let mut tally = Tally::default();
    for games in [&chinese, &wxf, &iccs] {
        assert_eq!(games.len(), 15);
        let plies: Vec<usize> = games.iter().map(|g| g.main.nodes.len()).collect();
        assert_eq!(plies, WUKONG_PLIES);
        for game in games.iter() {
            assert_eq!(game.result, GameResult::Unknown, "no result tag or token (anomaly 10)");
            tally.ok(game);
        }
    }
    // The three notations agree move for move, except known anomaly 1: game 2, ply 71.
    for (i, ((c, w), u)) in chinese.iter().zip(&wxf).zip(&iccs).enumerate() {
        assert_eq!(moves(c), moves(w), "game {}", i + 1);
        let (c, u) = (moves(c), moves(u));
        let differ: Vec<usize> = (0..c.len()).filter(|&ply| c[ply] != u[ply]).map(|ply| ply + 1).collect();
        if i == 1 {
            assert_eq!(differ, [71]);
            assert_eq!((c[70].as_str(), u[70].as_str()), ("e3e4", "e5e6"));
        } else {
            assert_eq!(differ, [0usize; 0], "game {}", i + 1);
        }
    }
    tally.print("wukong/games_pgn");

    // The DhtmlXQ pages equal the Chinese and WXF lines (and so carry game 2's e3e4).
    let mut pages = Tally::default();
    for (i, page) in WUKONG_PAGES.iter().enumerate() {
        let games = dhtmlxq::read(&read(&dir.join("games_html").join(format!("{page}.html"))))
            .unwrap_or_else(|err| panic!("{page}.html: {err}"));
        assert_eq!(games.len(), 1);
        assert_eq!(moves(&games[0]), moves(&chinese[i]), "{page}.html");
        assert_eq!(games[0].start, Position::new());
        pages.ok(&games[0]);
    }
    assert_eq!(files(&dir.join("games_html"), "html").len(), 15);
    pages.print("wukong/games_html");

    // The two big ICCS files.
    let mut big = Tally::default();
    for (name, count) in [("Hu_Ronghua_1391_UCI_games.pgn", 1391), ("Liu_Dahua_1125_UCI_games.pgn", 1125)] {
        let games =
            pgn::read(&read(&dir.join("selected_iccs").join(name))).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(games.len(), count, "{name}");
        games.iter().for_each(|game| big.ok(game));
    }
    big.print("wukong/selected_iccs");
    assert_eq!(big.plies, 221_678);
}

/// Reads an expected-move file of cchess-tests: the FEN, one Chinese move per line, the result.
fn expected_moves(path: &Path) -> (Position, Vec<String>) {
    let text = fs::read_to_string(path).unwrap();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut pos = Position::from_fen(lines.next().unwrap()).unwrap();
    let start = pos.clone();
    let mut moves = Vec::new();
    for line in lines {
        if ["红胜", "黑胜", "和棋"].contains(&line) {
            break;
        }
        let mv = parse_move(MoveFormat::Chinese, line, &pos).unwrap_or_else(|err| panic!("{line}: {err}"));
        pos = pos.play(mv).unwrap();
        moves.push(mv.to_string());
    }
    (start, moves)
}

fn expect_move_error(
    result: Result<GameRecord, RecordError>,
    ply: usize,
    in_variation: bool,
    text: &str,
    offset: usize,
) {
    let err = result.expect_err("a known defect must be rejected");
    let RecordErrorKind::Move(mv) = &err.kind else { panic!("{err}") };
    assert_eq!(
        (mv.ply, mv.in_variation, mv.text.as_str(), &mv.problem, err.at),
        (ply, in_variation, text, &illegal(text, IllegalMoveReason::NoPiece), Location::Byte(offset)),
        "{err}"
    );
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn xqf_folders() {
    let root = common::testdata();
    let dir = root.join("games/xqf");

    // cchess-tests (its LICENSE-NOTE's table): file, lines, main-line plies, result.
    let cchess = dir.join("cchess-tests");
    let table: [(&str, usize, usize, GameResult); 19] = [
        ("030-黄松轩先胜冯敬如.XQF", 2, 37, GameResult::RedWins),
        ("BadMoveTest1.xqf", 1, 43, GameResult::RedWins),
        ("BadMoveTest2.xqf", 2, 35, GameResult::RedWins),
        ("BadMoveTest4.xqf", 4, 9, GameResult::RedWins),
        ("EmptyTest.xqf", 1, 0, GameResult::BlackWins),
        ("NoMove.xqf", 1, 0, GameResult::Unknown),
        ("FiveGoatsTest.xqf", 349, 77, GameResult::Unknown),
        ("UnitTest.xqf", 3, 5, GameResult::Draw),
        ("game_test.xqf", 1, 58, GameResult::Unknown),
        ("game_varations.xqf", 6, 8, GameResult::Unknown),
        ("test_5_variations.xqf", 5, 6, GameResult::Unknown),
        ("pawn_move.xqf", 1, 14, GameResult::Unknown),
        ("save.xqf", 1, 2, GameResult::Unknown),
        ("test.xqf", 1, 110, GameResult::BlackWins),
        ("test1.xqf", 1, 110, GameResult::BlackWins),
        ("test2.xqf", 1, 12, GameResult::Unknown),
        ("ucci_test1.xqf", 1, 43, GameResult::RedWins),
        ("ucci_test2.xqf", 5, 7, GameResult::RedWins),
        ("ucci_test3.xqf", 2, 3, GameResult::RedWins),
    ];
    let mut tally = Tally::default();
    for (name, lines, plies, result) in table {
        let game = xqf::read(&read(&cchess.join(name))).unwrap_or_else(|err| panic!("{name}: {err}"));
        // Every line, variations included, replays: the reader checked each move.
        assert_eq!((game.main.line_count(), game.main.nodes.len(), game.result), (lines, plies, result), "{name}");
        tally.ok(&game);
    }
    // Starting positions stated in the note.
    for (name, fen) in [
        ("BadMoveTest4.xqf", "2b6/3ka4/2Pab4/5Np2/9/6P2/9/3A5/4A4/4K4 w"),
        ("pawn_move.xqf", "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w"),
        ("ucci_test1.xqf", "2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w"),
        ("ucci_test2.xqf", "4ka3/4aR3/4N1C1b/c1p1p4/9/9/2N1P1R2/5C3/r1rp5/5K3 w"),
        ("ucci_test3.xqf", "3k3r1/4a4/3a5/6N2/9/9/9/4C4/4p2c1/2BR1K3 w"),
    ] {
        let game = xqf::read(&read(&cchess.join(name))).unwrap();
        assert_eq!(game.start, Position::from_fen(fen).unwrap(), "{name}");
    }
    // Anomalies 2 and 3: records from an empty square. A strict reader stops at the first one, naming it.
    expect_move_error(xqf::read(&read(&cchess.join("BadMoveTest3.xqf"))), 10, false, "e1f0", 0x452);
    expect_move_error(xqf::read(&read(&cchess.join("WildHouse.xqf"))), 74, true, "e7f7", 0x119e);
    tally.rejected();
    tally.rejected();
    // The expected-move files.
    for (record, expected) in [("test1.xqf", "test1_move.txt"), ("ucci_test1.xqf", "ucci_test1_move.txt")] {
        let game = xqf::read(&read(&cchess.join(record))).unwrap();
        let (start, moves_) = expected_moves(&cchess.join(expected));
        assert_eq!((&game.start, moves(&game)), (&start, moves_), "{record}");
    }
    // Anomaly 9: test.xqf is XQFEXAMA.XQF.
    assert_eq!(
        xqf::read(&read(&cchess.join("test.xqf"))).unwrap(),
        xqf::read(&read(&dir.join("eleeye/XQFTOOLS/XQFEXAMA.XQF"))).unwrap()
    );
    assert_eq!(files(&cchess, "xqf").len(), 21);
    tally.print("xqf/cchess-tests (XQF)");

    // The PGN files of cchess-tests (GBK): plies and results from the note.
    let mut pgns = Tally::default();
    for (name, plies, result) in [
        ("test.pgn", 25, GameResult::Unknown),
        ("test2.pgn", 102, GameResult::Draw),
        ("endgame_test.pgn", 25, GameResult::Unknown),
        ("中炮对列炮黑先平士角炮.pgn", 23, GameResult::Unknown),
    ] {
        let games = pgn::read(&read(&cchess.join(name))).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(games.len(), 1, "{name}");
        assert_eq!((games[0].main.nodes.len(), games[0].result), (plies, result), "{name}");
        pgns.ok(&games[0]);
    }
    assert_eq!(files(&cchess, "pgn").len(), 4);
    pgns.print("xqf/cchess-tests (PGN)");
    println!("xqf/cchess-tests: CBF, CBR and CBL files not read (optional formats)");

    // eleeye: SAMPLE.XQF equals SAMPLE.PGN; the two examples; 20 engine games.
    let eleeye = dir.join("eleeye");
    let mut tally = Tally::default();
    let sample_xqf = xqf::read(&read(&eleeye.join("XQFTOOLS/SAMPLE.XQF"))).unwrap();
    let sample_pgn = &pgn::read(&read(&eleeye.join("XQFTOOLS/SAMPLE.PGN"))).unwrap()[0];
    assert_eq!(sample_xqf.start.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
    assert_eq!((sample_xqf.main.nodes.len(), sample_xqf.result), (75, GameResult::RedWins));
    assert_eq!(sample_xqf.main.moves().collect::<Vec<_>>(), sample_pgn.main.moves().collect::<Vec<_>>());
    assert_eq!(sample_xqf.start, sample_pgn.start);
    assert_eq!(sample_pgn.result, GameResult::RedWins);
    let commented = sample_pgn.main.nodes.iter().filter(|n| n.comment.is_some()).count();
    assert_eq!(commented, sample_xqf.main.nodes.iter().filter(|n| n.comment.is_some()).count());
    assert!(commented > 5, "SAMPLE has many comments");
    tally.ok(&sample_xqf);
    tally.ok(sample_pgn);
    let exam_a = xqf::read(&read(&eleeye.join("XQFTOOLS/XQFEXAMA.XQF"))).unwrap();
    assert_eq!((exam_a.main.nodes.len(), exam_a.main.line_count(), exam_a.result), (110, 1, GameResult::BlackWins));
    let exam_b = xqf::read(&read(&eleeye.join("XQFTOOLS/XQFEXAMB.XQF"))).unwrap();
    assert_eq!((exam_b.main.nodes.len(), exam_b.main.line_count(), exam_b.result), (87, 20, GameResult::Draw));
    assert_eq!(exam_b.start, Position::from_fen("4rk3/3P5/4bP3/9/9/9/8P/1p2p2C1/3p1p3/4K1RR1 w").unwrap());
    tally.ok(&exam_a);
    tally.ok(&exam_b);
    let ccgc = files(&eleeye.join("CCGC"), "pgn");
    assert_eq!(ccgc.len(), 20);
    let mut lengths = Vec::new();
    for path in &ccgc {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let games = pgn::read(&read(path)).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(games.len(), 1, "{name}: the advert block is not a game");
        let game = &games[0];
        let expected = if name.contains("先胜") {
            GameResult::RedWins
        } else if name.contains("先负") {
            GameResult::BlackWins
        } else {
            GameResult::Draw
        };
        assert_eq!(game.result, expected, "{name}");
        if let Some(outcome) = game.end_position().unwrap().outcome() {
            let winner = if outcome.winner() == Color::Red { GameResult::RedWins } else { GameResult::BlackWins };
            assert_eq!(winner, expected, "{name}: {outcome:?}");
        }
        lengths.push(game.main.nodes.len());
        tally.ok(game);
    }
    assert_eq!((lengths.iter().min(), lengths.iter().max()), (Some(&26), Some(&221)));
    tally.print("xqf/eleeye");
}

/// Every file under `dir`, recursively, sorted.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn streaming_reads_every_record_as_the_whole_file_readers() {
    let root = common::testdata();
    let mut counts = BTreeMap::new();
    let mut all = Tally::default();
    for path in walk(&root.join("games")) {
        let bytes = read(&path);
        let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        let streamed = match xiangqi_notation::read_any(&bytes[..], xiangqi_notation::ReadOptions::strict()) {
            Ok(reader) => {
                let format = reader.format();
                (format, reader.collect::<Vec<_>>())
            }
            Err(err) => {
                // Only the notes and the index hold no record.
                assert!(["md", "tsv", "txt"].contains(&extension.as_str()), "{}: {err}", path.display());
                assert_eq!(err.kind, RecordErrorKind::NoRecord, "{}", path.display());
                *counts.entry("no record").or_insert(0) += 1;
                continue;
            }
        };
        let whole: Vec<Result<GameRecord, RecordError>> = match (streamed.0, extension.as_str()) {
            (xiangqi_notation::RecordFormat::Pgn, "pgn") => {
                pgn::games(&xiangqi_notation::encoding::decode(&bytes).0).collect()
            }
            (xiangqi_notation::RecordFormat::Xqf, "xqf") => vec![xqf::read(&bytes)],
            (xiangqi_notation::RecordFormat::Dhtmlxq, "html") => {
                dhtmlxq::read(&bytes).map_or_else(|e| vec![Err(e)], |g| g.into_iter().map(Ok).collect())
            }
            (xiangqi_notation::RecordFormat::Ccbridge, "cbr" | "cbl" | "cbf") => ccbridge::read(&bytes)
                .map_or_else(|e| vec![Err(e)], |library| library.games.into_iter().map(Ok).collect()),
            (format, _) => panic!("{}: read as {format:?}", path.display()),
        };
        assert_eq!(streamed.1, whole, "{}", path.display());
        *counts.entry(extension.leak() as &str).or_insert(0) += streamed.1.len();
        for game in &streamed.1 {
            match game {
                Ok(game) => all.ok(game),
                Err(_) => all.rejected(),
            }
        }
    }
    println!("streamed games per extension: {counts:?}");
    all.print("games/ through read_any");
    assert_eq!(counts.get("pgn").copied(), Some(3000 + 45 + 2516 + 21 + 4));
    // The figures the crate README and docs/performance.md give: every game of the corpus in the four formats,
    // replayed but for the four data errors (two FENs without a king, two moves from an empty square).
    assert_eq!((all.games, all.replayed, all.rejected, all.plies), (5_758, 5_754, 4, 485_729));
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn lenient_xqf_keeps_the_good_lines_around_bad_records() {
    let root = common::testdata();
    let cchess = root.join("games/xqf/cchess-tests");
    // Anomalies 2 and 3: the lenient reader cuts the subtree of the record the strict reader rejects, and keeps
    // the rest of the tree.
    for name in ["WildHouse.xqf", "BadMoveTest3.xqf"] {
        let bytes = read(&cchess.join(name));
        let strict = xqf::read(&bytes).unwrap_err();
        let RecordErrorKind::Move(bad) = strict.kind else { panic!("{name}: {strict}") };
        let (game, warnings) = xqf::read_with(&bytes, xiangqi_notation::ReadOptions::lenient()).unwrap();
        println!(
            "{name}: {} lines, {} moves kept; {} warnings",
            game.main.line_count(),
            game.main.move_count(),
            warnings.len()
        );
        for warning in &warnings {
            println!("  {warning}");
        }
        assert_eq!(warnings.len(), 1, "{name}");
        assert_eq!((&warnings[0].at, &warnings[0].kind), (&strict.at, &xiangqi_notation::WarningKind::Pruned(bad)));
        assert!(game.main.move_count() > 0);
    }
}
