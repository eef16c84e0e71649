//! Differential test of the WXF writers and reader against Fairy-Stockfish: `tests/data/wxf_pyffish.txt` holds
//! every legal move of 560 positions with the text pyffish 0.0.90 writes for it
//! (`get_san(…, NOTATION_XIANGQI_WXF)`), made by `scripts/golden/wxf_pyffish.py` (which explains how pyffish's
//! WXF differs from the official one).

use crate::common;

use xiangqi_board::{Bitboard, File, Move, Piece, Position, Role};
use xiangqi_notation::{
    format::{parse_move, write_move},
    MoveFormat, MoveTextError, WriteOptions, WxfDialect,
};

const GOLDEN: &str = include_str!("../data/wxf_pyffish.txt");

fn golden() -> Vec<(Position, Vec<(Move, &'static str)>)> {
    common::golden_file(GOLDEN)
}

fn write(pos: &Position, mv: Move, dialect: WxfDialect) -> String {
    write_move(MoveFormat::Wxf, pos, mv, &WriteOptions::default().with_wxf(dialect)).expect("a legal move")
}

#[test]
fn the_golden_file_is_large_and_lists_exactly_the_legal_moves() {
    let positions = golden();
    assert!(positions.len() >= 500, "{} positions", positions.len());
    for (pos, moves) in &positions {
        common::assert_lists_the_legal_moves(pos, moves);
    }
}

#[test]
fn the_fairy_stockfish_dialect_writes_what_pyffish_writes() {
    let mut compared = 0;
    for (pos, moves) in golden() {
        for (mv, san) in moves {
            assert_eq!(write(&pos, mv, WxfDialect::FairyStockfish), san, "{pos} {mv}");
            compared += 1;
        }
    }
    println!("{compared} moves equal to pyffish's");
    assert_eq!(compared, 11_968);
}

/// How many pawns of the side to move stand on `file`, and how many files hold two or more.
fn pawn_counts(pos: &Position, file: File) -> (u32, usize) {
    let pawns = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn));
    let on = |file: File| (pawns & Bitboard::file(file)).count();
    (on(file), File::ALL.into_iter().filter(|&f| on(f) >= 2).count())
}

/// The official prefix (the two characters before the operator) of the pawn pyffish names `index` on `file`,
/// by WXF rules I–IV.
fn official_prefix(index: usize, file: char, count: u32, two_files: bool) -> String {
    if two_files {
        return match index {
            1 => format!("{file}+"),
            _ if index == count as usize => format!("{file}-"),
            _ => format!("{file}{file}"),
        };
    }
    let marks: &[&str] = match count {
        3 => &["P+", "P=", "P-"],
        4 => &["++", "P+", "P-", "--"],
        _ => &["++", "P+", "P=", "P-", "--"],
    };
    marks[index - 1].replace('=', &file.to_string())
}

/// Official WXF differs from pyffish's only in the three documented ways: `=` for `.`, pawn indexes, and pairs
/// left unmarked where the file cannot fit the other piece.
#[test]
fn official_wxf_differs_from_pyffish_only_as_documented() {
    let (mut same, mut indexes, mut unmarked) = (0, 0, 0);
    for (pos, moves) in golden() {
        for (mv, san) in moves {
            let official = write(&pos, mv, WxfDialect::Official);
            let dotted = san.replace('=', ".");
            let rest_agrees = official[2..] == dotted[2..];
            let san_bytes = san.as_bytes();
            if official == dotted {
                same += 1;
            } else if san_bytes[0].is_ascii_digit() && san_bytes[1].is_ascii_digit() {
                // Pawn index on a file: a pawn among three or more, or on one of two tandem files.
                let file_char = char::from(san_bytes[1]);
                let file = File::from_number(file_char.to_digit(10).unwrap(), pos.turn()).unwrap();
                let (count, tandem_files) = pawn_counts(&pos, file);
                assert_eq!(pos.piece_at(mv.from).map(|p| p.role), Some(Role::Pawn), "{pos} {san}");
                assert!(count >= 3 || tandem_files >= 2, "{pos} {san}");
                let index = usize::from(san_bytes[0] - b'0');
                let expected = official_prefix(index, file_char, count, tandem_files >= 2);
                assert!(rest_agrees && official[..2] == expected, "{pos} {mv}: {official} for pyffish {san}");
                indexes += 1;
            } else {
                // A pair written by file where official WXF marks it.
                let role = pos.piece_at(mv.from).map(|p| p.role).unwrap();
                let pieces = pos.board().by_piece(Piece::new(pos.turn(), role));
                let pair = (pieces & Bitboard::file(mv.from.file())).count() == 2;
                let marked = matches!(official.as_bytes()[1], b'+' | b'-');
                assert!(pair && marked && rest_agrees && san_bytes[1].is_ascii_digit(), "{pos} {mv}: {official} {san}");
                unmarked += 1;
            }
        }
    }
    println!("same after = → .: {same}; pawn indexes: {indexes}; unmarked pairs: {unmarked}");
    assert_eq!((same, indexes, unmarked), (11_132, 601, 235));
}

/// Every pyffish text reads back to its move — except where Fairy-Stockfish's index collides with an official
/// WXF text (`11±n`/`33±n` with two tandem files and three pawns on that file), which the reader takes in the
/// official sense (see the `wxf` module); there the official reading must be what it gives.
#[test]
fn pyffish_texts_read_back() {
    let (mut read, mut official_sense) = (0, 0);
    for (pos, moves) in golden() {
        for (mv, san) in moves {
            let result = parse_move(MoveFormat::Wxf, san, &pos);
            if result == Ok(mv) {
                read += 1;
                continue;
            }
            let bytes = san.as_bytes();
            let file = File::from_number(u32::from(bytes[0].wrapping_sub(b'0')), pos.turn());
            let collides = bytes[0] == bytes[1]
                && matches!(bytes[2], b'+' | b'-')
                && file.is_some_and(|file| pawn_counts(&pos, file) == (3, 2));
            assert!(collides, "{pos} {mv} {san}: {result:?}");
            // The reading is the official one: the middle of the three pawns moves, or nothing legal fits.
            let file = file.unwrap();
            let pawns = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn)) & Bitboard::file(file);
            let mut ranks: Vec<usize> = pawns.into_iter().map(|sq| sq.rank().index()).collect();
            ranks.sort();
            match result {
                Ok(read) => assert_eq!(read.from.rank().index(), ranks[1], "{pos} {san}"),
                Err(err) => assert!(matches!(err, MoveTextError::NoLegalMove { .. }), "{pos} {san}: {err}"),
            }
            official_sense += 1;
        }
    }
    println!("{read} read back; {official_sense} read in the official sense");
    assert_eq!((read, official_sense), (11_968, 0));
}
