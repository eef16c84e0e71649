//! Reading one block: its keys, the moves and variations, the comments, the start position.

use core::cell::Cell;
use std::borrow::Cow;

use xiangqi_board::{Board, Color, Move, Piece, Position, Setup, Square};

use super::keys::{branch_key, carries_moves, comment_key, TAGS};
use crate::{
    records::game::clean_comment,
    records::lenient::Context,
    records::piece_order::PIECE_ORDER,
    records::tree::{RawMove, Tree, TreeNode, ROOT},
    GameRecord, GameResult, Location, RecordError, RecordErrorKind, WarningKind,
};

/// Where `needle` (ASCII, starting with `[`) first occurs in `text`, ignoring ASCII case.
pub(super) fn find_ignore_case(text: &str, needle: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let needle = needle.as_bytes();
    let mut from = 0;
    while let Some(i) = bytes[from..].iter().position(|&b| b == needle[0]) {
        let at = from + i;
        if bytes.get(at..at + needle.len()).is_some_and(|window| window.eq_ignore_ascii_case(needle)) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The text of one block, and the line it starts on.
pub(super) struct Source<'a> {
    text: &'a str,
    line: usize,
    /// Whether the block is cut off at the end of the input (lenient reading keeps its complete pairs).
    pub(super) cut: bool,
    /// The last place located, as (byte, line), so that places located in order cost one pass over the block.
    last: Cell<(usize, usize)>,
}

impl<'a> Source<'a> {
    /// The block `text`, which starts on line `line`.
    pub(super) fn new(text: &'a str, line: usize) -> Source<'a> {
        Source { text, line, cut: false, last: Cell::new((0, line)) }
    }

    /// Where byte `at` of the block is.
    fn locate(&self, at: usize) -> Location {
        let at = at.min(self.text.len());
        let (mut from, mut line) = self.last.get();
        if at < from {
            (from, line) = (0, self.line);
        }
        line += self.text.as_bytes()[from..at].iter().filter(|&&b| b == b'\n').count();
        self.last.set((at, line));
        Location::Line(line)
    }

    fn error(&self, at: usize, kind: impl Into<RecordErrorKind>) -> RecordError {
        RecordError::new(self.locate(at), kind)
    }
}

/// One `[DhtmlXQ_key]value[/DhtmlXQ_key]` pair.
struct Entry<'a> {
    /// The key as written.
    key: &'a str,
    value: &'a str,
    /// The byte offset of the value in the block.
    at: usize,
}

/// The pairs of a block. A pair whose closing tag is missing (before the next key) is an error if its key
/// [carries moves](carries_moves), and is skipped with a warning otherwise.
fn entries<'a>(source: &Source<'a>, context: &mut Context) -> Result<Vec<Entry<'a>>, RecordError> {
    const KEY: &str = "[DhtmlXQ_";
    let text = source.text;
    let mut entries = Vec::new();
    let mut from = 0;
    while let Some(found) = find_ignore_case(&text[from..], KEY) {
        let key_start = from + found + KEY.len();
        let Some(key_len) = text[key_start..].find(']') else {
            if let Some(()) = cut_here(source, context, &text[key_start..], key_start) {
                break;
            }
            return Err(source.error(key_start, RecordErrorKind::Truncated("a [DhtmlXQ_ key without `]`")));
        };
        let key = &text[key_start..key_start + key_len];
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            let error = RecordErrorKind::BadKey(key.chars().take(40).collect());
            return Err(source.error(key_start, error));
        }
        let value_start = key_start + key_len + 1;
        let rest = &text[value_start..];
        let next_key = find_ignore_case(rest, KEY).unwrap_or(rest.len());
        let mut close_tag = format!("[/DhtmlXQ_{key}]");
        let mut close = find_ignore_case(&rest[..next_key], &close_tag);
        if close.is_none() && key.eq_ignore_ascii_case("blacktime") {
            // Pages of the dpxq forum close `blacktime` with `[/DhtmlXQ_time]`; the player shows the value up to it.
            close_tag = String::from("[/DhtmlXQ_time]");
            close = find_ignore_case(&rest[..next_key], &close_tag);
        }
        match close {
            Some(len) => {
                entries.push(Entry { key, value: &rest[..len], at: value_start });
                from = value_start + len + close_tag.len();
            }
            None if next_key == rest.len() && cut_here(source, context, key, key_start).is_some() => break,
            None if carries_moves(key) => {
                let error = RecordErrorKind::Truncated("a [DhtmlXQ_key] without its closing tag");
                return Err(source.error(key_start, error));
            }
            None => {
                context.warn(source.locate(key_start), WarningKind::SkippedKey(key.to_owned()));
                from = value_start + next_key;
            }
        }
    }
    Ok(entries)
}

/// In a block cut off at the end of the input, read leniently: the last pair, cut at `key_start` (its key as
/// written, or what is left of it), is left out with a warning, and `Some` ends the pairs there.
fn cut_here(source: &Source<'_>, context: &mut Context, key: &str, key_start: usize) -> Option<()> {
    if !(source.cut && context.options.is_lenient()) {
        return None;
    }
    let key: String = key.chars().take(40).collect();
    context.warn(source.locate(key_start), WarningKind::CutBlock(key));
    Some(())
}

/// A variation as its key gives it.
struct Branch<'a> {
    id: usize,
    parent: usize,
    step: usize,
    entry: Entry<'a>,
}

/// `\uXXXX` escapes (the DhtmlXQ players' encoding of characters outside Latin-1) decoded; surrogate pairs
/// are joined, and an escape that names no character is left as written.
fn unescape(value: &str) -> Cow<'_, str> {
    if !value.contains("\\u") {
        return Cow::Borrowed(value);
    }
    let hex = |s: &str| -> Option<u32> {
        let digits = s.get(..4)?;
        digits.bytes().all(|b| b.is_ascii_hexdigit()).then(|| u32::from_str_radix(digits, 16).ok())?
    };
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(unit) = hex(&rest[2..]) else {
            out.push_str("\\u");
            rest = &rest[2..];
            continue;
        };
        let pair = rest.get(6..8).filter(|s| *s == "\\u").and_then(|_| hex(&rest[8..]));
        match (unit, pair) {
            (0xd800..=0xdbff, Some(low @ 0xdc00..=0xdfff)) => {
                let code = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
                out.extend(char::from_u32(code));
                rest = &rest[12..];
            }
            _ => match char::from_u32(unit) {
                Some(ch) => {
                    out.push(ch);
                    rest = &rest[6..];
                }
                None => {
                    out.push_str(&rest[..6]);
                    rest = &rest[6..];
                }
            },
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The game of one block.
pub(super) fn read_block(source: &Source<'_>, context: &mut Context) -> Result<GameRecord, RecordError> {
    let mut game = GameRecord::new();
    let mut binit = None;
    let mut fen = None;
    let mut movelist = None;
    let mut branches = Vec::new();
    let mut comments = Vec::new();
    for entry in entries(source, context)? {
        let key = entry.key.to_ascii_lowercase();
        if key == "binit" {
            binit = Some(entry);
        } else if key == "fen" {
            fen = Some(entry);
        } else if key == "movelist" {
            movelist = Some(entry);
        } else if key == "result" {
            game.result = result(entry.value);
        } else if let Some((parent, step, id)) = branch_key(&key) {
            branches.push(Branch { id, parent, step, entry });
        } else if key.starts_with("move_") {
            let error = RecordErrorKind::Malformed("a variation key not move_<parent>_<step>_<id>");
            return Err(source.error(entry.at, error));
        } else if let Some((id, step)) = comment_key(&key) {
            comments.push((id, step, comment_text(&unescape(entry.value)), entry));
        } else {
            let name = TAGS.iter().find(|(k, _)| *k == key).map_or(entry.key, |(_, name)| name);
            game.tags.insert(name, unescape(entry.value));
        }
    }

    // The moves, as a tree; `paths` lists the tree nodes of each line by step.
    let mut tree = Tree::new(None);
    let mut paths: Vec<(usize, Vec<usize>)> = Vec::new(); // (id, nodes by step - 1)
    let mut main = Vec::new();
    match &movelist {
        Some(entry) if is_letter_coded(entry.value) => {
            add_coded_moves(&mut tree, entry, source)?;
            // The main line: the first child of each node.
            let mut node = ROOT;
            while let Some(&child) = tree.nodes[node].children.first() {
                main.push(child);
                node = child;
            }
        }
        Some(entry) => add_moves(&mut tree, &mut main, ROOT, entry, source)?,
        None => {}
    }
    paths.push((0, main));
    // Variations in any order: each pass adds those whose line is there, until none is left or none can be.
    branches.sort_by_key(|branch| branch.id);
    let mut waiting: Vec<&Branch<'_>> = branches.iter().collect();
    let mut added = Vec::new();
    while !waiting.is_empty() {
        let before = waiting.len();
        let mut later = Vec::new();
        for branch in waiting {
            let at = branch.entry.at;
            if branch.id == 0 || paths.iter().any(|(id, _)| *id == branch.id) {
                return Err(source.error(at, RecordErrorKind::Malformed("two variations with one number")));
            }
            let Some((_, parent_path)) = paths.iter().find(|(id, _)| *id == branch.parent) else {
                later.push(branch);
                continue;
            };
            if branch.step == 0 || branch.step > parent_path.len() {
                let error = RecordErrorKind::Malformed("a variation at a step its line does not reach");
                return Err(source.error(at, error));
            }
            let mut path = parent_path[..branch.step - 1].to_vec();
            let from = path.last().copied().unwrap_or(ROOT);
            add_moves(&mut tree, &mut path, from, &branch.entry, source)?;
            if path.len() < branch.step {
                return Err(source.error(at, RecordErrorKind::Malformed("an empty variation")));
            }
            paths.push((branch.id, path));
            added.push(branch);
        }
        if later.len() == before {
            let at = later[0].entry.at;
            return Err(source.error(at, RecordErrorKind::Malformed("a variation of a line that does not exist")));
        }
        waiting = later;
    }
    for (id, step, comment, entry) in comments {
        let place = paths.iter().find(|(line, _)| *line == id).and_then(|(_, path)| {
            let start = added.iter().find(|b| b.id == id).map_or(1, |b| b.step);
            if step == 0 && id == 0 {
                Some(&mut tree.nodes[ROOT].comment)
            } else if id != 0 && step + 1 == start {
                Some(&mut tree.nodes[path[start - 1]].before)
            } else if step >= start {
                path.get(step - 1).map(|&node| &mut tree.nodes[node].comment)
            } else {
                None
            }
        });
        match place {
            Some(place) => *place = comment,
            // A comment on a line or step the moves do not have (or that lenient reading left out).
            None if comment.is_some() => {
                context.warn(source.locate(entry.at), WarningKind::UnplacedComment(entry.key.to_owned()));
            }
            None => {}
        }
    }

    let setup = match (&fen, &binit) {
        (Some(entry), _) => {
            Setup::from_fen(entry.value.trim()).map_err(|e| source.error(entry.at, xiangqi_board::FenError::from(e)))?
        }
        (None, Some(entry)) => {
            let board = read_binit(entry.value).map_err(|kind| source.error(entry.at, kind))?;
            let turn = tree.first_mover(&board);
            Setup { board, turn, ..Setup::default() }
        }
        (None, None) => Setup::default(),
    };
    game.start = Position::from_setup(setup).map_err(|e| {
        let at = fen.as_ref().or(binit.as_ref()).map_or(0, |entry| entry.at);
        source.error(at, e)
    })?;
    let locate = |at: usize| source.locate(at);
    tree.prune(&game.start, &locate, context);
    game.main = tree.into_line(&game.start, &locate)?;
    Ok(game)
}

/// Reads the four-digit moves of `entry` into `tree` after node `from`, appending the new nodes to `path`.
fn add_moves(
    tree: &mut Tree,
    path: &mut Vec<usize>,
    mut from: usize,
    entry: &Entry<'_>,
    source: &Source<'_>,
) -> Result<(), RecordError> {
    let digits = characters(entry);
    if let Some(&(at, _)) = digits.iter().find(|(_, b)| !b.is_ascii_digit()) {
        let error = RecordErrorKind::Malformed("a move list with a character other than a digit");
        return Err(source.error(at, error));
    }
    if digits.len() % 4 != 0 {
        let end = entry.at + entry.value.len();
        let error = RecordErrorKind::Truncated("a move list whose length is not a multiple of 4");
        return Err(source.error(end, error));
    }
    for chunk in digits.chunks_exact(4) {
        let mv = raw_move(chunk);
        let node = TreeNode { mv, comment: None, before: None, at: chunk[0].0, children: Vec::new() };
        from = tree.push(from, node);
        path.push(from);
    }
    Ok(())
}

/// The characters of a value other than white space, with their offsets in the block.
fn characters(entry: &Entry<'_>) -> Vec<(usize, u8)> {
    let chars = entry.value.bytes().enumerate().filter(|(_, b)| !b.is_ascii_whitespace());
    chars.map(|(i, b)| (entry.at + i, b)).collect()
}

/// The move of four digits `x y x y` (with their offsets), which are known to be digits.
fn raw_move(digits: &[(usize, u8)]) -> RawMove {
    let d = |k: usize| digits[k].1 - b'0';
    let text: String = digits.iter().map(|&(_, b)| char::from(b)).collect();
    match (square(d(0), d(1)), square(d(2), d(3))) {
        (Some(a), Some(b)) => RawMove::Squares(Move::new(a, b), Some(text)),
        _ => RawMove::OffBoard(text),
    }
}

/// Whether a move list is in the old letter-coded form: a first record of 12 characters with a letter among
/// characters 4–7.
fn is_letter_coded(value: &str) -> bool {
    let first: Vec<u8> = value.bytes().filter(|b| !b.is_ascii_whitespace()).take(12).collect();
    first.len() == 12 && first[4..8].iter().any(u8::is_ascii_alphabetic)
}

/// Reads the old letter-coded move list into `tree`: records of 12 characters (white space between them is
/// ignored), characters 0–3 the move as four digits, 4–7 letters the players use for display, 8–11 an index.
/// Records are numbered from 0 in the order of the list. A record whose index is its own number continues the
/// record before it; a record with the index of an earlier record is an alternative to that record (it starts a
/// variation there), and the records after it continue the variation.
fn add_coded_moves(tree: &mut Tree, entry: &Entry<'_>, source: &Source<'_>) -> Result<(), RecordError> {
    let chars = characters(entry);
    if chars.len() % 12 != 0 {
        let error = RecordErrorKind::Truncated("a letter-coded move list whose length is not a multiple of 12");
        return Err(source.error(entry.at + entry.value.len(), error));
    }
    // For each record: its node, and the node it follows.
    let mut nodes: Vec<(usize, usize)> = Vec::with_capacity(chars.len() / 12);
    for (number, record) in chars.chunks_exact(12).enumerate() {
        let at = record[0].0;
        let digits = |range: core::ops::Range<usize>| -> Option<Vec<u8>> {
            record[range].iter().map(|&(_, b)| b.is_ascii_digit().then(|| b - b'0')).collect()
        };
        let (Some(_), Some(index)) = (digits(0..4), digits(8..12)) else {
            let error = RecordErrorKind::Malformed("a letter-coded move record without digits for its move and index");
            return Err(source.error(at, error));
        };
        let index = index.iter().fold(0usize, |n, &d| n * 10 + usize::from(d));
        let parent = if index == number {
            nodes.last().map_or(ROOT, |&(node, _)| node)
        } else if index < number {
            nodes[index].1
        } else {
            let error = RecordErrorKind::Malformed("a letter-coded move record whose index is after it");
            return Err(source.error(at, error));
        };
        let node = TreeNode { mv: raw_move(&record[..4]), comment: None, before: None, at, children: Vec::new() };
        let node = tree.push(parent, node);
        nodes.push((node, parent));
    }
    Ok(())
}

/// The square at `x` from the left and `y` from the top.
fn square(x: u8, y: u8) -> Option<Square> {
    (x <= 8 && y <= 9).then(|| Square::new(usize::from(9 - y) * 9 + usize::from(x))).flatten()
}

/// Reads a `binit`: empty is the start position; as in the DhtmlXQ players, any character that is not a digit
/// reads as 9 (so `nn` is a piece not on the board).
fn read_binit(value: &str) -> Result<Board, RecordErrorKind> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(Setup::default().board);
    }
    let digits: Vec<u8> = value.chars().map(|ch| ch.to_digit(10).map_or(9, |d| d as u8)).collect();
    if digits.len() != 64 {
        return Err(RecordErrorKind::Malformed("a binit that is not 64 characters"));
    }
    let mut board = Board::empty();
    let written: Vec<char> = value.chars().collect();
    for (piece, pair) in digits.chunks_exact(2).enumerate() {
        let (x, y) = (pair[0], pair[1]);
        if (x, y) == (9, 9) {
            continue;
        }
        let square = square(x, y).ok_or_else(|| RecordErrorKind::BinitOffBoard {
            piece: piece + 1,
            square: written[2 * piece..2 * piece + 2].iter().collect(),
        })?;
        let color = if piece < 16 { Color::Red } else { Color::Black };
        if board.set_piece_at(square, Piece::new(color, PIECE_ORDER[piece % 16])).is_some() {
            return Err(RecordErrorKind::SquareTaken(square));
        }
    }
    Ok(board)
}

fn result(value: &str) -> GameResult {
    let value = value.trim();
    if ["W", "w", "1-0"].contains(&value) || ["红胜", "紅勝", "红方胜", "紅方勝"].iter().any(|s| value.contains(s))
    {
        GameResult::RedWins
    } else if ["L", "l", "0-1"].contains(&value)
        || ["黑胜", "黑勝", "黑方胜", "黑方勝"].iter().any(|s| value.contains(s))
    {
        GameResult::BlackWins
    } else if ["D", "d", "1/2-1/2"].contains(&value) || value.contains('和') {
        GameResult::Draw
    } else {
        GameResult::Unknown
    }
}

/// A comment's text: `||` becomes a line break, then as every reader (see [`clean_comment`]).
fn comment_text(value: &str) -> Option<String> {
    clean_comment(&value.replace("||", "\n"))
}
