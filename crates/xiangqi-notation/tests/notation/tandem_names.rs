//! `TandemNames::FileWhenUnique`: a piece sharing its file with others of its kind is named by its file when it
//! is the only one that can make the move (炮七进二), as about half of CCPD writes; otherwise as xqbase (前炮进二).

use crate::common;

use xiangqi_board::{Color, Move, Position};
use xiangqi_notation::{
    encoding,
    format::{parse_move, write_move},
    pgn, BlackDigits, MoveFormat, Script, TandemNames, WriteOptions,
};

const GOLDEN: &str = include_str!("../data/chinese_cchess.txt");

fn written(fen: &str, mv: &str, tandem: TandemNames) -> String {
    let pos = Position::from_fen(fen).unwrap();
    let options = WriteOptions::default().with_tandem(tandem).with_black_digits(BlackDigits::FullWidth);
    write_move(MoveFormat::Chinese, &pos, mv.parse().unwrap(), &options).unwrap()
}

#[test]
fn the_file_names_the_piece_when_only_it_can_move() {
    let file = TandemNames::FileWhenUnique;
    // Three red pawns on file 七 (c5 c6 c7, across the river): only the front one can step forward, any of them
    // sideways.
    let pawns = "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w";
    assert_eq!(written(pawns, "c7c8", TandemNames::Position), "前兵进一");
    assert_eq!(written(pawns, "c7c8", file), "兵七进一");
    assert_eq!(written(pawns, "c6b6", file), "中兵平八");
    assert_eq!(written(pawns, "c5d5", file), "后兵平六");
    // Black horses on b9 and b7 (file ２; b7 is the front one): each retreat fits one horse only, but 进１ and 进３
    // fit both (b9a7 and b7a5, b9c7 and b7c5).
    let horses = "1n2k4/9/1n7/9/9/9/9/9/9/3K5 b";
    assert_eq!(written(horses, "b7a9", TandemNames::Position), "前马退１");
    assert_eq!(written(horses, "b7a9", file), "马２退１");
    assert_eq!(written(horses, "b7c9", file), "马２退３");
    assert_eq!(written(horses, "b9a7", file), "后马进１");
    assert_eq!(written(horses, "b9c7", file), "后马进３");
    // Advisors and elephants are named by their file in either mode.
    let advisors = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w";
    assert_eq!(written(advisors, "d2e1", TandemNames::Position), "仕六退五");
    assert_eq!(written(advisors, "d0e1", TandemNames::FileWhenUnique), "仕六进五");
}

/// Every legal move of the golden positions: the file-named text, where written, reads back to the move; it is
/// written exactly where the xqbase text names a tandem piece (前/中/后/一…五) and the file form is unique.
#[test]
fn every_file_named_text_reads_back_to_its_move() {
    let (mut moves, mut renamed) = (0, 0);
    for (pos, golden) in common::golden_file(GOLDEN) {
        for (mv, _) in golden {
            let options = WriteOptions::default().with_tandem(TandemNames::FileWhenUnique);
            let file = write_move(MoveFormat::Chinese, &pos, mv, &options).unwrap();
            let xqbase = write_move(MoveFormat::Chinese, &pos, mv, &WriteOptions::default()).unwrap();
            assert_eq!(parse_move(MoveFormat::Chinese, &file, &pos).unwrap(), mv, "{pos} {file}");
            moves += 1;
            if file != xqbase {
                renamed += 1;
                assert!(xqbase.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']), "{pos} {xqbase} {file}");
                assert!(!file.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']), "{pos} {xqbase} {file}");
            } else if xqbase.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']) {
                // Kept by place: the file form names another move too (or another move only).
                let by_file = file_form(&pos, mv, &xqbase);
                assert_ne!(parse_move(MoveFormat::Chinese, &by_file, &pos).ok(), Some(mv), "{pos} {xqbase} {by_file}");
            }
        }
    }
    println!("{renamed} of {moves} moves named by their file instead of their place");
    assert!(renamed > 0);
}

/// The xqbase text `前炮进二` of `mv` with the piece's file instead of its place: `炮七进二`.
fn file_form(pos: &Position, mv: Move, xqbase: &str) -> String {
    let chars: Vec<char> = xqbase.chars().collect();
    let file = mv.from.file().index();
    let numeral = match pos.turn() {
        Color::Red => "九八七六五四三二一".chars().nth(file).unwrap(),
        Color::Black => char::from_digit(file as u32 + 1, 10).unwrap(),
    };
    [chars[1], numeral, chars[2], chars[3]].iter().collect()
}

#[test]
fn the_pgn_writer_takes_the_option() {
    let game = &pgn::read_str("[FEN \"3k5/9/9/9/9/2C6/9/2C6/9/4K4 w\"]\n1. c4c6 d9d8 *").unwrap()[0];
    let mut options = pgn::PgnOptions::new(MoveFormat::Chinese);
    assert!(pgn::write(game, &options).unwrap().contains("1. 前炮进二 将4进1"));
    options.moves = options.moves.with_tandem(TandemNames::FileWhenUnique);
    let text = pgn::write(game, &options).unwrap();
    assert!(text.contains("1. 炮七进二 将4进1"), "{text}");
    assert_eq!(&pgn::read_str(&text).unwrap()[0], game);
}

/// With `XIANGQI_TESTDATA`: each main-line move of the CCPD sample (`games/pgn-practical`) written in traditional
/// characters with full-width digits, against the record's own text. Records mix the two namings; the file form
/// where it is unique agrees with more of them.
#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn ccpd_texts_agree_more_with_the_file_form() {
    let root = common::testdata();
    let dir = root.join("games/pgn-practical");
    let base = WriteOptions::default().with_script(Script::Traditional).with_black_digits(BlackDigits::FullWidth);
    let normalize = |text: &str| text.replace('俥', "車").replace('傌', "馬").replace('砲', "炮");
    let (mut total, mut by_place, mut by_file) = (0usize, 0usize, 0usize);
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|path| path.extension().is_some_and(|e| e == "pgn"));
    assert_eq!(paths.len(), 3000);
    for path in paths {
        let bytes = std::fs::read(&path).unwrap();
        let Ok(games) = pgn::read(&bytes) else { continue };
        // The move texts of the record: four-character tokens after the tags (no variations in this sample).
        let (text, _) = encoding::decode(&bytes);
        let body = text.split_once("\n\n").map_or("", |(_, body)| body);
        let tokens: Vec<&str> =
            body.split_whitespace().filter(|t| t.chars().count() == 4 && !t.contains(['.', '-'])).collect();
        if tokens.len() != games[0].main.nodes.len() {
            continue;
        }
        let mut pos = games[0].start.clone();
        for (node, token) in games[0].main.nodes.iter().zip(tokens) {
            let place = write_move(MoveFormat::Chinese, &pos, node.mv, &base).unwrap();
            let file = write_move(MoveFormat::Chinese, &pos, node.mv, &base.with_tandem(TandemNames::FileWhenUnique));
            total += 1;
            by_place += usize::from(normalize(&place) == normalize(token));
            by_file += usize::from(normalize(&file.unwrap()) == normalize(token));
            pos = pos.play(node.mv).unwrap();
        }
    }
    let percent = |n: usize| 100.0 * n as f64 / total as f64;
    println!(
        "CCPD: {total} moves; the record's text equals ours for {by_place} ({:.2}%) with TandemNames::Position, \
         {by_file} ({:.2}%) with FileWhenUnique",
        percent(by_place),
        percent(by_file)
    );
    assert!(total > 240_000 && by_file > by_place && by_file * 1000 >= total * 999);
}
