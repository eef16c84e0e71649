//! Writing a game as a DhtmlXQ block.

use core::fmt::Write as _;
use std::borrow::Cow;

use xiangqi_board::{Board, Color, Setup, Square};

use super::keys::{comment_key, TAGS};
use crate::{
    records::piece_order::PIECE_ORDER,
    records::walk::{walk, Check, Visit},
    GameRecord, GameResult, Line, Location, RecordError, RecordErrorKind,
};

/// A comment in DhtmlXQ form (see the [module documentation](self)).
fn escape_comment(comment: &str) -> String {
    let chars: Vec<char> = comment.chars().collect();
    let mut out = String::with_capacity(comment.len());
    for (i, &ch) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        match ch {
            // Two bars of the text would read as a line break: a space keeps every pair apart.
            '|' if next == Some('|') => out.push_str("| "),
            // Next to a bar, `||` would make a run of bars: the line break stays a line break.
            '\n' if prev != Some('|') && next != Some('|') => out.push_str("||"),
            _ => out.push(ch),
        }
    }
    escape_text(&out).into_owned()
}

/// A tag value or comment in DhtmlXQ form, written so that it reads back as it was: a backslash that the
/// readers would take for the start of a `\uXXXX` escape is written as the escape `\u005c` itself, and the `[`
/// of anything a reader would take for a tag (`[DhtmlXQ…` or `[/DhtmlXQ…`, in any case: a key's tags, or the
/// block's) as `\u005b`.
fn escape_text(value: &str) -> Cow<'_, str> {
    let escapes = |i: usize| match value.as_bytes()[i] {
        b'\\' => value[i + 1..]
            .strip_prefix('u')
            .is_some_and(|rest| rest.bytes().take(4).filter(u8::is_ascii_hexdigit).count() == 4),
        b'[' => {
            let rest = value[i + 1..].strip_prefix('/').unwrap_or(&value[i + 1..]);
            rest.get(..7).is_some_and(|name| name.eq_ignore_ascii_case("dhtmlxq"))
        }
        _ => false,
    };
    if !value.bytes().enumerate().any(|(i, _)| escapes(i)) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 8);
    for (i, ch) in value.char_indices() {
        match ch {
            '\\' if escapes(i) => out.push_str("\\u005c"),
            '[' if escapes(i) => out.push_str("\\u005b"),
            _ => out.push(ch),
        }
    }
    Cow::Owned(out)
}

/// Writes `game` as a `[DhtmlXQ]` block.
///
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (a game changed by hand), [`RecordErrorKind::TooDeep`], and
/// [`RecordErrorKind::Unrepresentable`] for a tag whose name is not letters, digits and `_`, names a key with
/// another meaning (`binit`, `movelist`, `comment…`, …). A value or comment holding text that reads as a tag
/// (`[DhtmlXQ_black]`, `[/DhtmlXQ]`) is written with its `[` escaped, and reads back as it was.
pub fn write(game: &GameRecord) -> Result<String, RecordError> {
    let unrepresentable = |what| RecordError::new(Location::None, RecordErrorKind::Unrepresentable(what));
    let mut out = String::from("[DhtmlXQ]\n");
    // Every value is either written by this module or escaped (`escape_text`), so none holds a tag.
    let pair = |out: &mut String, key: &str, value: &str| {
        let _ = writeln!(out, "[DhtmlXQ_{key}]{value}[/DhtmlXQ_{key}]");
    };
    for (name, value) in game.tags.iter() {
        let key = TAGS.iter().find(|(_, n)| *n == name).map_or(name, |(k, _)| k);
        let lower = key.to_ascii_lowercase();
        let structural = ["binit", "fen", "movelist", "result"].contains(&lower.as_str())
            || lower.starts_with("move_")
            || comment_key(&lower).is_some();
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || structural {
            return Err(unrepresentable("a tag name that is not a free DhtmlXQ key"));
        }
        pair(&mut out, key, &escape_text(value));
    }
    let result = match game.result {
        GameResult::RedWins => "红胜",
        GameResult::BlackWins => "黑胜",
        GameResult::Draw => "和棋",
        GameResult::Unknown => "未知",
    };
    pair(&mut out, "result", result);
    let setup = game.start.to_setup();
    if setup != Setup::default() {
        pair(&mut out, "binit", &write_binit(&setup.board));
        pair(&mut out, "fen", &setup.to_string());
    }

    // Every move must be legal (and the variations not too deep), as the readers require.
    walk(game, Check::Walk, &mut |_: Visit<'_>| Ok(()))?;
    // Lines, numbered depth first, with their comments.
    let mut lines = Writer { next_id: 1, movelists: Vec::new(), comments: Vec::new() };
    lines.line(&game.main, 0, 0, None);
    for (key, value) in &lines.movelists {
        pair(&mut out, key, value);
    }
    for (key, value) in &lines.comments {
        pair(&mut out, key, &escape_comment(value));
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

/// Collects the `movelist`/`move_…` and `comment…` pairs.
struct Writer {
    next_id: usize,
    movelists: Vec<(String, String)>,
    comments: Vec<(String, String)>,
}

impl Writer {
    /// Adds `line`, numbered `id`, after `before` moves from the start; `parent` is the number of the line it
    /// branches off (`None` for the main line). The depth was checked by [`walk`].
    fn line(&mut self, line: &Line, id: usize, before: usize, parent: Option<usize>) {
        let key = match parent {
            None => "movelist".to_owned(),
            Some(parent) => format!("move_{parent}_{}_{id}", before + 1),
        };
        let comment_key = |step: usize| if id == 0 { format!("comment{step}") } else { format!("comment{id}_{step}") };
        if let Some(comment) = &line.comment {
            self.comments.push((comment_key(before), comment.clone()));
        }
        let mut moves = String::with_capacity(line.nodes.len() * 4);
        for (i, node) in line.nodes.iter().enumerate() {
            push_square(&mut moves, node.mv.from);
            push_square(&mut moves, node.mv.to);
            if let Some(comment) = &node.comment {
                self.comments.push((comment_key(before + i + 1), comment.clone()));
            }
        }
        self.movelists.push((key, moves));
        for (i, node) in line.nodes.iter().enumerate() {
            for variation in &node.variations {
                let child = self.next_id;
                self.next_id += 1;
                self.line(variation, child, before + i, Some(id));
            }
        }
    }
}

/// Adds the two digits of `square`: its file index (0 for file `a`), then its row counted from Black's side (9 minus
/// its rank index).
fn push_square(out: &mut String, square: Square) {
    // A file index is below 9 and a rank index below 10: both are single digits.
    out.push(char::from(b'0' + square.file().index() as u8));
    out.push(char::from(b'0' + (9 - square.rank().index()) as u8));
}

/// The 64 digits of `board` in `binit` order.
fn write_binit(board: &Board) -> String {
    let mut slots = ["99"; 32].map(String::from);
    let mut used = [false; 32];
    for (square, piece) in board.pieces() {
        let side = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| PIECE_ORDER[i] == piece.role && !used[side + i]);
        if let Some(i) = free {
            used[side + i] = true;
            slots[side + i].clear();
            push_square(&mut slots[side + i], square);
        }
    }
    slots.concat()
}
