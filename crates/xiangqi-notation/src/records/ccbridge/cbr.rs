//! The binary formats: CBR (one game) and CBL (a library of CBR records). The layout is in the
//! [module documentation](super).

use xiangqi_board::{Board, Color, Move, Piece, Position, PositionError, PositionErrorKinds, Role, Setup, Square};

use super::library::{CblEntries, Entry, Library};
use crate::{
    encoding::{decode_as, TextEncoding},
    records::bytes::ByteCursor,
    records::game::clean_comment,
    records::lenient::Context,
    records::tree::{RawMove, Record, Tree, TreeNode, ROOT},
    GameRecord, GameResult, Location, ReadOptions, RecordError, RecordErrorKind,
};

/// The first 16 bytes of a CBR record.
pub(super) const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The first 16 bytes of a CBL library.
pub(super) const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

/// Where the move records start in a CBR record.
const MOVES: usize = 2214;
/// The board: 90 bytes.
const BOARD: usize = 2120;
/// The header strings: (offset, size in bytes, tag name).
const STRINGS: [(usize, usize, &str); 13] = [
    (180, 128, "Title"),
    (692, 64, "Event"),
    (756, 64, "Round"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1012, 64, "TimeControl"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1204, 64, "RedTime"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
    (1428, 64, "BlackTime"),
    (1652, 64, "Annotator"),
];

/// The size of a CBL slot; each game starts on one.
const SLOT: usize = 4096;
/// Where the index of a CBL starts, and the size of an index entry.
const INDEX: usize = 66624;
const INDEX_ENTRY: usize = 276;

/// Reads a CBR file (one game).
///
/// # Errors
/// A [`RecordError`] naming the byte offset: [`RecordErrorKind::NotThisFormat`] without the magic,
/// [`RecordErrorKind::Malformed`] for a version other than 2 or an unknown piece code,
/// [`RecordErrorKind::Truncated`] for bytes that end inside the header or the moves,
/// [`RecordErrorKind::StartPosition`] for an illegal stored position, [`RecordErrorKind::Move`] (with the
/// ply) for a move that is off the board or illegal, and [`RecordErrorKind::TooDeep`].
pub fn read_cbr(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read_cbr_in(bytes, &mut Context::new(ReadOptions::strict(), 1))
}

/// Reads a CBR file as `context` says (a lenient context prunes the moves that cannot be played).
pub(super) fn read_cbr_in(bytes: &[u8], context: &mut Context) -> Result<GameRecord, RecordError> {
    if !bytes.starts_with(RECORD_MAGIC) {
        return Err(RecordError::new(Location::Byte(0), RecordErrorKind::NotThisFormat("CBR")));
    }
    match read_record(bytes, 0, context)? {
        Entry::Game(game) => Ok(*game),
        // Not a game: an empty board has no king.
        Entry::Heading(_) => {
            let error = PositionError { kinds: PositionErrorKinds::MISSING_KING };
            Err(RecordError::new(Location::Byte(BOARD), error))
        }
    }
}

/// Reads a CBL file (a library of games).
///
/// # Errors
/// [`RecordErrorKind::NotThisFormat`] without the magic, [`RecordErrorKind::Truncated`] for a file that ends
/// inside the header or the index, and the errors of [`read_cbr`] for the first game that has one, said of that
/// game (from 1) and with its offset in the library.
pub fn read_cbl(bytes: &[u8]) -> Result<Library, RecordError> {
    let (name, entries, _) = read_cbl_entries(bytes, ReadOptions::strict())?;
    Library::from_entries(name, entries)
}

/// The name of a CBL library and its records in file order, each read as `options` say (an error for a record
/// that cannot be read, said of its game), with the warnings of the records read.
pub(super) fn read_cbl_entries(bytes: &[u8], options: ReadOptions) -> Result<CblEntries, RecordError> {
    if !bytes.starts_with(LIBRARY_MAGIC) {
        return Err(RecordError::new(Location::Byte(0), RecordErrorKind::NotThisFormat("CBL")));
    }
    let header = bytes
        .get(..INDEX)
        .ok_or(RecordError::new(Location::Byte(bytes.len()), RecordErrorKind::Truncated("the library header")))?;
    let slots = u32::from_le_bytes([header[60], header[61], header[62], header[63]]);
    let first = usize::try_from(slots)
        .ok()
        .and_then(|slots| slots.checked_mul(INDEX_ENTRY))
        .and_then(|index| index.checked_add(INDEX))
        .filter(|&first| first <= bytes.len())
        .ok_or(RecordError::new(Location::Byte(bytes.len()), RecordErrorKind::Truncated("the library index")))?;
    let name = utf16_field(&header[64..576]);
    let mut entries = Vec::new();
    let mut warnings = Vec::new();
    let mut games = 0;
    for start in (first..bytes.len()).step_by(SLOT) {
        if bytes[start..].starts_with(RECORD_MAGIC) {
            let mut context = Context::new(options, games + 1);
            let entry = read_record(&bytes[start..], start, &mut context).map_err(|err| err.in_game(games + 1));
            if !matches!(entry, Ok(Entry::Heading(_))) {
                games += 1;
            }
            warnings.append(&mut context.warnings);
            entries.push(entry);
        }
    }
    Ok(((!name.is_empty()).then_some(name), entries, warnings))
}

/// Reads the CBR record `bytes` (its magic checked), which starts at `base` in the file.
fn read_record(bytes: &[u8], base: usize, context: &mut Context) -> Result<Entry, RecordError> {
    let at = |offset: usize| Location::Byte(base + offset);
    let header = bytes
        .get(..MOVES)
        .ok_or(RecordError::new(at(bytes.len()), RecordErrorKind::Truncated("the 2214-byte CBR header")))?;
    if header[19] != 2 {
        return Err(RecordError::new(at(19), RecordErrorKind::Malformed("a CBR version other than 2")));
    }
    let board = read_board(&header[BOARD..BOARD + 90]).map_err(|(offset, kind)| RecordError::new(at(offset), kind))?;
    let mut tree = read_tree(bytes, base)?;
    if board.occupied().is_empty() && tree.nodes.len() == 1 {
        return Ok(Entry::Heading(utf16_field(&header[STRINGS[0].0..STRINGS[0].0 + STRINGS[0].1])));
    }

    let stored = if header[2112] == 2 { Color::Black } else { Color::Red };
    let turn = if tree.nodes[ROOT].children.is_empty() { stored } else { tree.first_mover(&board) };
    let fullmoves = u16::from_le_bytes([header[2116], header[2117]]);
    let mut setup = Setup { board, turn, ..Setup::default() };
    if let Some(fullmoves) = core::num::NonZeroU32::new(u32::from(fullmoves)) {
        setup.fullmoves = fullmoves;
    }
    let start = Position::from_setup(setup).map_err(|err| RecordError::new(at(BOARD), err))?;
    tree.prune(&start, &Location::Byte, context);
    let main = tree.into_line(&start, &Location::Byte)?;

    let mut game = GameRecord::from_position(start);
    game.main = main;
    game.result = result_of(u32::from(header[2076]));
    for (offset, size, name) in STRINGS {
        let value = utf16_field(&header[offset..offset + size]);
        if !value.is_empty() {
            game.tags.insert(name, value);
        }
    }
    let ecco = &header[2036..2040];
    let ecco = &ecco[..ecco.iter().position(|&b| b == 0).unwrap_or(ecco.len())];
    if !ecco.is_empty() {
        game.tags.insert("ECCO", String::from_utf8_lossy(ecco).trim());
    }
    Ok(Entry::Game(Box::new(game)))
}

/// A fixed-size string field: UTF-16LE up to the first NUL, surrounding white space removed.
fn utf16_field(bytes: &[u8]) -> String {
    let end = bytes.chunks_exact(2).position(|unit| unit == [0, 0]).map_or(bytes.len() & !1, |unit| unit * 2);
    decode_as(&bytes[..end], TextEncoding::Utf16Le).trim().to_owned()
}

/// The 90 board bytes as a board; an error names the offset of a bad byte (from the record's start).
fn read_board(bytes: &[u8]) -> Result<Board, (usize, RecordErrorKind)> {
    let mut board = Board::empty();
    for (i, &code) in bytes.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let color = match code >> 4 {
            1 => Color::Red,
            2 => Color::Black,
            _ => return Err((BOARD + i, RecordErrorKind::Malformed("an unknown piece code on the board"))),
        };
        let role = match code & 0x0f {
            1 => Role::Rook,
            2 => Role::Horse,
            3 => Role::Elephant,
            4 => Role::Advisor,
            5 => Role::King,
            6 => Role::Cannon,
            7 => Role::Pawn,
            _ => return Err((BOARD + i, RecordErrorKind::Malformed("an unknown piece code on the board"))),
        };
        // `i` < 90, so the square exists.
        if let Some(square) = square(i) {
            board.set_piece_at(square, Piece::new(color, role));
        }
    }
    Ok(board)
}

/// The square numbered `i` as the board bytes are (0 = a9, 8 = i9, 81 = a0), if on the board.
fn square(i: usize) -> Option<Square> {
    if i >= 90 {
        return None;
    }
    let (row, file) = (i / 9, i % 9);
    Square::new((9 - row) * 9 + file)
}

/// Reads one move record.
fn read_move(cursor: &mut ByteCursor<'_>) -> Result<Record, RecordError> {
    let at = cursor.offset();
    let bytes = cursor.take(4, "a move record")?;
    let (flags, from, to) = (bytes[0], bytes[2], bytes[3]);
    let mut comment = None;
    if flags & 0x04 != 0 {
        let len = usize::try_from(cursor.u32("a comment length")?).unwrap_or(usize::MAX);
        let text = decode_as(cursor.take(len, "a comment")?, TextEncoding::Utf16Le);
        comment = clean_comment(&text);
    }
    let mv = match (square(usize::from(from)), square(usize::from(to))) {
        (Some(from), Some(to)) => RawMove::Squares(Move::new(from, to), None),
        _ => RawMove::OffBoard(format!("{from:02}-{to:02}")),
    };
    let node = TreeNode { mv, comment, before: None, at, children: Vec::new() };
    Ok(Record { node, next: flags & 0x01 == 0, alternative: flags & 0x02 != 0 })
}

/// Reads the move records into a tree.
fn read_tree(bytes: &[u8], base: usize) -> Result<Tree, RecordError> {
    let mut cursor = ByteCursor::new(bytes, MOVES, base);
    let root = read_move(&mut cursor)?;
    Tree::read_depth_first(root, || read_move(&mut cursor))
}

/// The result coded as both CBR and CBF store it.
pub(super) fn result_of(code: u32) -> GameResult {
    match code {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 | 4 => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}
