//! Differential test of the Chinese writer and reader against PyPI `cchess` 1.25.5: `tests/data/chinese_cchess.txt`
//! holds every legal move of 300 positions with the text cchess writes for it, made by
//! `scripts/golden/chinese_cchess.py` (which explains where cchess departs from the xqbase rules).

use crate::common;

use xiangqi_board::{Bitboard, File, Move, Piece, Position, Role};
use xiangqi_notation::{
    format::{parse_move, write_move},
    BlackDigits, MoveFormat, MoveTextError, WriteOptions,
};

const GOLDEN: &str = include_str!("../data/chinese_cchess.txt");

fn golden() -> Vec<(Position, Vec<(Move, &'static str)>)> {
    common::golden_file(GOLDEN)
}

/// Whether the moving piece is a pawn among four or more on its file, or on one of two tandem files: the two
/// configurations where cchess does not follow xqbase.
fn cchess_departs(pos: &Position, mv: Move) -> bool {
    let pawns = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn));
    let on = |file: File| (pawns & Bitboard::file(file)).count();
    pawns.contains(mv.from) && (on(mv.from.file()) >= 4 || File::ALL.into_iter().filter(|&f| on(f) >= 2).count() >= 2)
}

#[test]
fn the_chinese_writer_agrees_with_cchess_except_where_cchess_departs_from_xqbase() {
    let options = WriteOptions::default().with_black_digits(BlackDigits::FullWidth);
    let positions = golden();
    assert_eq!(positions.len(), 300);
    let (mut agree, mut departs, mut ambiguous) = (0, 0, 0);
    for (pos, moves) in &positions {
        common::assert_lists_the_legal_moves(pos, moves);
        for &(mv, text) in moves {
            let written = write_move(MoveFormat::Chinese, pos, mv, &options).expect("legal");
            if written == text {
                agree += 1;
                assert_eq!(parse_move(MoveFormat::Chinese, text, pos), Ok(mv));
                continue;
            }
            assert!(cchess_departs(pos, mv), "{pos} {mv}: we write {written}, cchess {text}");
            departs += 1;
            match parse_move(MoveFormat::Chinese, text, pos) {
                Ok(read) => assert_eq!(read, mv, "{pos} {text}"),
                Err(MoveTextError::Ambiguous { candidates, .. }) => {
                    assert!(candidates.contains(&mv), "{pos} {text}");
                    ambiguous += 1;
                }
                Err(err) => panic!("{pos} {text}: {err}"),
            }
        }
    }
    println!("agree: {agree}; cchess departs from xqbase: {departs} (of which ambiguous: {ambiguous})");
    assert_eq!((agree, departs, ambiguous), (5094, 168, 28));
}
