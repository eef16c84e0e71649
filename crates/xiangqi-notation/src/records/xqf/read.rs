//! Reading XQF files (the layout and the decryption are in the [module documentation](super)).

use xiangqi_board::{Board, Color, Move, Piece, Position, Setup, Square};

use super::header::{Keys, HEADER_LEN, STRINGS};
use crate::{
    encoding::{decode_as, TextEncoding},
    records::bytes::ByteCursor,
    records::game::clean_comment,
    records::lenient::Context,
    records::piece_order::PIECE_ORDER,
    records::tree::{RawMove, Record, Tree, TreeNode, ROOT},
    GameRecord, GameResult, Location, ReadOptions, RecordError, RecordErrorKind, Warning,
};

/// Reads an XQF file.
///
/// # Errors
/// A [`RecordError`] naming the byte offset: [`RecordErrorKind::NotThisFormat`] without the `XQ` magic,
/// [`RecordErrorKind::UnsupportedVersion`], [`RecordErrorKind::Truncated`] / [`RecordErrorKind::Malformed`]
/// for bytes that end early or do not fit, [`RecordErrorKind::SquareTaken`] and
/// [`RecordErrorKind::StartPosition`] for the stored position, [`RecordErrorKind::Move`] (with the ply) for a
/// move that is off the board or illegal, and [`RecordErrorKind::TooDeep`].
pub fn read(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read_with(bytes, ReadOptions::strict()).map(|(game, _)| game)
}

/// Reads an XQF file as `options` say: in the lenient mode a move record that cannot be played is left out with
/// its subtree, and reported in the warnings (in file order); see [`ReadOptions`].
///
/// # Errors
/// As [`read`]; in the lenient mode, a bad move is a warning instead.
pub fn read_with(bytes: &[u8], options: ReadOptions) -> Result<(GameRecord, Vec<Warning>), RecordError> {
    if bytes.get(..2) != Some(b"XQ") {
        return Err(RecordError::new(Location::Byte(0), RecordErrorKind::NotThisFormat("XQF")));
    }
    let header = bytes
        .get(..HEADER_LEN)
        .ok_or(RecordError::new(Location::Byte(bytes.len()), RecordErrorKind::Truncated("the 1024-byte header")))?;
    let version = header[2];
    if !(0x0a..=0x12).contains(&version) {
        return Err(RecordError::new(Location::Byte(2), RecordErrorKind::UnsupportedVersion(version)));
    }
    let keys = Keys::from_header(header);
    let board = read_board(header, &keys)?;

    // The move section, decrypted.
    let section: Vec<u8> =
        bytes[HEADER_LEN..].iter().enumerate().map(|(i, &byte)| byte.wrapping_sub(keys.stream[i % 32])).collect();
    let tree = read_tree(&section, &keys)?;

    // A game without a move takes the side from byte 0x32 (1: Black), as the writer stores it.
    let turn = match (tree.nodes[ROOT].children.is_empty(), header[0x32]) {
        (true, 1) => Color::Black,
        (true, _) => Color::Red,
        (false, _) => tree.first_mover(&board),
    };
    let setup = Setup { board, turn, ..Setup::default() };
    let start = Position::from_setup(setup).map_err(|err| RecordError::new(Location::Byte(0x10), err))?;
    let mut context = Context::new(options, 1);
    let mut tree = tree;
    tree.prune(&start, &Location::Byte, &mut context);
    let main = tree.into_line(&start, &Location::Byte)?;

    let mut game = GameRecord::from_position(start);
    game.main = main;
    game.result = match header[0x33] {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 | 4 => GameResult::Draw,
        _ => GameResult::Unknown,
    };
    for (offset, max, name) in STRINGS {
        let len = usize::from(header[offset]).min(max);
        let value = decode_as(&header[offset + 1..offset + 1 + len], TextEncoding::Gbk);
        let value = value.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if !value.is_empty() {
            game.tags.insert(name, value);
        }
    }
    Ok((game, context.warnings))
}

/// The stored start position (without the side to move).
fn read_board(header: &[u8], keys: &Keys) -> Result<Board, RecordError> {
    let mut squares = [0u8; 32];
    for (i, &stored) in header[0x10..0x30].iter().enumerate() {
        let piece = if keys.version >= 0x0c { (usize::from(keys.xy) + 1 + i) % 32 } else { i };
        squares[piece] = stored.wrapping_sub(keys.xy);
    }
    let mut board = Board::empty();
    for (piece, &number) in squares.iter().enumerate() {
        let Some(square) = square(number) else { continue };
        let color = if piece < 16 { Color::Red } else { Color::Black };
        if board.set_piece_at(square, Piece::new(color, PIECE_ORDER[piece % 16])).is_some() {
            return Err(RecordError::new(Location::Byte(0x10), RecordErrorKind::SquareTaken(square)));
        }
    }
    Ok(board)
}

/// The square numbered `X*10+Y`, if on the board.
fn square(number: u8) -> Option<Square> {
    if number > 89 {
        return None;
    }
    let (x, y) = (usize::from(number / 10), usize::from(number % 10));
    Square::new(y * 9 + x)
}

/// Reads one move record.
fn read_record(cursor: &mut ByteCursor<'_>, keys: &Keys) -> Result<Record, RecordError> {
    let at = cursor.offset();
    let bytes = cursor.take(4, "a move record")?;
    let from = bytes[0].wrapping_sub(0x18).wrapping_sub(keys.xyf);
    let to = bytes[1].wrapping_sub(0x20).wrapping_sub(keys.xyt);
    let tag = bytes[2];
    let (next, alternative, has_comment) = if keys.version <= 0x0a {
        (tag & 0xf0 != 0, tag & 0x0f != 0, true)
    } else {
        (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
    };
    let mut comment = None;
    if has_comment {
        let len_at = cursor.offset();
        let len = cursor.take(4, "a comment length")?;
        let len = i32::from_le_bytes([len[0], len[1], len[2], len[3]]).wrapping_sub(keys.comment_len);
        let len = usize::try_from(len).map_err(|_| {
            RecordError::new(Location::Byte(len_at), RecordErrorKind::Malformed("negative comment length"))
        })?;
        let text = decode_as(cursor.take(len, "a comment")?, TextEncoding::Gbk);
        comment = clean_comment(&text);
    }
    let mv = match (square(from), square(to)) {
        (Some(from), Some(to)) => RawMove::Squares(Move::new(from, to), None),
        _ => RawMove::OffBoard(format!("{from:02}-{to:02}")),
    };
    Ok(Record { node: TreeNode { mv, comment, before: None, at, children: Vec::new() }, next, alternative })
}

/// Reads the records into a tree.
fn read_tree(section: &[u8], keys: &Keys) -> Result<Tree, RecordError> {
    let mut cursor = ByteCursor::new(section, 0, HEADER_LEN);
    let root = read_record(&mut cursor, keys)?;
    Tree::read_depth_first(root, || read_record(&mut cursor, keys))
}
