//! Reading XQF files (象棋演播室 XQStudio), versions 0x0A to 0x12, encrypted ones included, with the whole
//! variation tree and the comments; writing versions 0x0A and 0x12 ([`write`](fn@write)).
//!
//! # Layout
//! A 1024-byte header, then the move records from offset 0x400 (all numbers little-endian):
//!
//! | offset | content |
//! |---|---|
//! | 0x00 | `XQ` |
//! | 0x02 | version: 0x0A (XQF 1.0, never encrypted) to 0x12 |
//! | 0x03 | KeyMask |
//! | 0x08–0x0B | KeyOrA, KeyOrB, KeyOrC, KeyOrD |
//! | 0x0C–0x0F | KeysSum, KeyXY, KeyXYf, KeyXYt |
//! | 0x10–0x2F | the squares of the 32 pieces, Red's `车马相士帅士相马车炮炮兵兵兵兵兵` then Black's; a square is `X*10+Y` with X the file from Red's left (0–8) and Y the rank from Red's side (0–9); above 89 means the piece is not on the board |
//! | 0x32 | the side to move: 0 Red, 1 Black (read only for a game without a move) |
//! | 0x33 | result: 0 unknown, 1 Red wins, 2 Black wins, 3 (and 4) draw |
//! | 0x50, 0xD0, 0x110, 0x120, 0x130, 0x140, 0x150, 0x190, 0x1A0, 0x1D0, 0x1E0 | strings, each a length byte then GBK bytes: title, event, date, site, Red, Black, time control, Red's time, Black's time, annotator, author |
//!
//! Each move record is four bytes: `from + 0x18`, `to + 0x20`, a tag and a reserved byte, with squares as
//! above. The first record is a dummy that carries the comment on the whole game. In version 0x0A a four-byte
//! comment length follows every record (then the comment); the tag says "a next move follows" when `tag & 0xF0`
//! and "an alternative follows" when `tag & 0x0F`. From 0x0B on, `0x80` means a next move, `0x40` an
//! alternative, `0x20` a comment, and only then do the length and the comment follow. The tree is stored depth
//! first: a move's continuation comes before its alternatives. The side to move is not stored: it is the side
//! of the piece the first move moves (byte 0x32 for a game without a move).
//!
//! # Decryption (versions 0x0B and later)
//! With all arithmetic modulo 256 and `key(k, m) = (54·k² + 221)·m`:
//! - `XY = key(KeyXY, KeyXY)`, `XYf = key(KeyXYf, XY)`, `XYt = key(KeyXYt, XYf)`;
//! - the piece squares are stored plus `XY`; from version 0x0C the stored byte `i` also belongs to piece
//!   `(XY + 1 + i) mod 32`;
//! - from 0x400 on, byte `i` (counted from 0x400) is stored plus `C[i mod 32] & F[i mod 4]`, where `C` is the
//!   string `[(C) Copyright Mr. Dong Shiwei.]` and `F[j] = (H[j] & KeyMask) | KeyOr[j]` with `H` the four header
//!   bytes KeysSum, KeyXY, KeyXYf, KeyXYt **as stored** (not the derived keys);
//! - after that, a move's `from` byte is also stored plus `XYf` and its `to` byte plus `XYt`;
//! - a comment length is stored plus `(KeysSum·256 + KeyXY) mod 32000 + 767`, again with the stored header bytes.
//!
//! # Tags
//! The strings become the tags `Title`, `Event`, `Date`, `Site`, `Red`, `Black`, `TimeControl`, `RedTime`,
//! `BlackTime`, `Annotator` and `Author` (empty ones are left out). Strings and comments are GBK.
//!
//! # Errors
//! A file shorter than its header or its records, a length running past the end, a record tree that ends early,
//! two pieces on one square, an illegal start position, and every move that is off the board or not legal (in
//! the main line or a variation) are errors naming the byte offset (and, for a move, the ply). Nothing is
//! skipped or guessed.
//!
//! ```
//! # let bytes = include_bytes!("../../tests/fixtures/xqf/v12_encrypted.xqf");
//! let game = xiangqi::notation::xqf::read(bytes)?;
//! println!("{} plies, {} lines", game.main.nodes.len(), game.main.line_count());
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```

use xiangqi_board::{Board, Color, Move, Piece, Position, Setup, Square};

pub use super::xqf_write::{write, XqfKeys, XqfOptions, XqfVersion};

use crate::{
    encoding::{decode_as, TextEncoding},
    records::bytes::ByteCursor,
    records::game::clean_comment,
    records::lenient::Context,
    records::piece_order::PIECE_ORDER,
    records::tree::{RawMove, Record, Tree, TreeNode, ROOT},
    GameRecord, GameResult, Location, ReadOptions, RecordError, RecordErrorKind, Warning,
};

/// The size of the header; move records start here.
pub const HEADER_LEN: usize = 0x400;

/// The mask string of the move-section encryption.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The header strings: (offset of the length byte, longest value, tag name).
pub(super) const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 0x7f, "Title"),
    (0xd0, 0x3f, "Event"),
    (0x110, 0x0f, "Date"),
    (0x120, 0x0f, "Site"),
    (0x130, 0x0f, "Red"),
    (0x140, 0x0f, "Black"),
    (0x150, 0x3f, "TimeControl"),
    (0x190, 0x0f, "RedTime"),
    (0x1a0, 0x0f, "BlackTime"),
    (0x1d0, 0x0f, "Annotator"),
    (0x1e0, 0x0f, "Author"),
];

/// The keys of a file, derived from its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Keys {
    version: u8,
    /// Added to every piece square.
    pub(super) xy: u8,
    /// Added to the `from` byte of every move.
    pub(super) xyf: u8,
    /// Added to the `to` byte of every move.
    pub(super) xyt: u8,
    /// Added to every comment length.
    pub(super) comment_len: i32,
    /// Added to byte `i` of the move section: `stream[i % 32]`.
    pub(super) stream: [u8; 32],
}

fn derive(k: u8, m: u8) -> u8 {
    54u8.wrapping_mul(k).wrapping_mul(k).wrapping_add(221).wrapping_mul(m)
}

impl Keys {
    /// The keys of the header `header` (at least its first 16 bytes).
    pub(super) fn from_header(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= 0x0a {
            return Keys { version, xy: 0, xyf: 0, xyt: 0, comment_len: 0, stream: [0; 32] };
        }
        let mask = header[3];
        let or = [header[8], header[9], header[10], header[11]];
        let stored = [header[12], header[13], header[14], header[15]];
        let xy = derive(stored[1], stored[1]);
        let xyf = derive(stored[2], xy);
        let xyt = derive(stored[3], xyf);
        let comment_len = (i32::from(stored[0]) * 256 + i32::from(stored[1])) % 32000 + 767;
        let stream = core::array::from_fn(|i| COPYRIGHT[i] & ((stored[i % 4] & mask) | or[i % 4]));
        Keys { version, xy, xyf, xyt, comment_len, stream }
    }
}

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
