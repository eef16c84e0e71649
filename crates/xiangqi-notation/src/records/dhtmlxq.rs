//! Reading and writing DhtmlXQ (东萍 dpxq.com "UBB") records.
//!
//! # Format
//! A `[DhtmlXQ]` … `[/DhtmlXQ]` block, usually inside a web page, holds `[DhtmlXQ_key]value[/DhtmlXQ_key]`
//! pairs:
//! - `binit`: the start position as 64 digits, the 32 pieces in XQF order (Red's `车马相士帅士相马车炮炮兵×5`,
//!   then Black's), each as `x y` with x the file from the left (0–8) and y the rank **from the top** (0–9,
//!   so y = 9 − ICCS rank); `99` is a piece not on the board. Without `binit` the game starts from the start
//!   position. The side to move is not stored: it is the side of the piece the first move moves.
//! - `fen`: a FEN, which takes priority over `binit` (and gives the side to move).
//! - `movelist`: the main line, four digits per move, `x y` of the start square then of the end square.
//! - `move_<parent>_<step>_<id>`: variation `id` (from 1) branching off line `parent` (0 is the main line): its
//!   first move is the alternative to the move at `step` of that line (steps count plies from the start
//!   position, from 1), and its value lists the variation's moves from there on.
//! - `comment<step>` (main line) and `comment<id>_<step>` (variation `id`): the comment after the move at
//!   `step`; `comment0` is the comment on the whole game, and `comment<id>_<step − 1>` for a variation starting
//!   at `step` is the comment before its first move. `||` in a comment is a line break.
//! - `result`: `红胜`/`紅勝`/`W`/`1-0`, `黑胜`/`黑勝`/`L`/`0-1`, anything with `和` or `D`/`1/2-1/2`; anything else is
//!   unknown.
//! - every other key is a tag: `title` → `Title`, `event` → `Event`, `date` → `Date`, `place` → `Site`,
//!   `round` → `Round`, `red` → `Red`, `redteam` → `RedTeam`, `redtime` → `RedTime`, `black` → `Black`,
//!   `blackteam` → `BlackTeam`, `blacktime` → `BlackTime`, `open` → `Opening`, `author` → `Author`; other keys
//!   keep their name.
//!
//! The variation numbering (`step` is the ply of the variation's first move) follows the dpxq player as I
//! understand it; the shared test corpus has no DhtmlXQ variations to confirm it.
//!
//! # Writing
//! [`write()`] writes the block in that form: the tags, the result, `binit` and `fen` unless the game starts from
//! the start position with Red to move, the main line, the variations numbered depth first, and the comments
//! (a line break becomes `||`, except next to a `|`, where it stays a line break; a space follows every `|` that
//! another `|` follows, so that `||` is written `| |` and `|||` is written `| | |`).
//!
//! ```
//! use xiangqi_notation::{dhtmlxq, GameResult};
//!
//! let page = "<div>[DhtmlXQ][DhtmlXQ_red]Red player[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]\
//!             [DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1][/DhtmlXQ]</div>";
//! let games = dhtmlxq::read_str(page)?;
//! let game = &games[0];
//! assert_eq!(game.tags.get("Red"), Some("Red player"));
//! assert_eq!(game.result, GameResult::RedWins);
//! assert_eq!(game.main_moves().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(game.main.nodes[0].comment.as_deref(), Some("中炮"));
//! assert_eq!(game.main.nodes[1].variations[0].nodes[0].mv.to_string(), "b9c7");
//!
//! let text = dhtmlxq::write(game)?;
//! assert_eq!(dhtmlxq::read_str(&text)?[0], *game);
//! # Ok::<_, xiangqi_notation::RecordError>(())
//! ```

use core::fmt::Write as _;

use xiangqi_board::{Board, Color, Move, Piece, Position, Setup, Square};

use crate::{
    encoding,
    records::game::clean_comment,
    records::tree::{RawMove, Tree, TreeNode, ROOT},
    records::walk::{walk, Visit},
    Game, GameResult, Line, Location, RecordError, RecordErrorKind,
};

/// DhtmlXQ keys that are tags, with their PGN names.
const TAGS: [(&str, &str); 13] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blacktime", "BlackTime"),
    ("open", "Opening"),
    ("author", "Author"),
];

/// The roles of the 32 `binit` pieces, for each side (the XQF order).
const ROLES: [xiangqi_board::Role; 16] = {
    use xiangqi_board::Role::*;
    [Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook, Cannon, Cannon, Pawn, Pawn, Pawn, Pawn, Pawn]
};

/// Reads every DhtmlXQ block of `bytes` (a page or a bare block, in UTF-8, GBK or Big5: see
/// [`encoding`]).
///
/// # Errors
/// See [`read_str`].
pub fn read(bytes: &[u8]) -> Result<Vec<Game>, RecordError> {
    read_str(&encoding::decode(bytes).0)
}

/// Reads every DhtmlXQ block of `text`. A text with `[DhtmlXQ_…]` keys but no `[DhtmlXQ]` around them is read
/// as one block.
///
/// # Errors
/// A [`RecordError`] naming the game (the block, from 1) and the line: [`RecordErrorKind::NotThisFormat`] when
/// there is no block, [`RecordErrorKind::Truncated`] for a key or block that is not closed,
/// [`RecordErrorKind::Malformed`] for a bad `binit`, movelist or variation key, [`RecordErrorKind::Fen`],
/// [`RecordErrorKind::SquareTaken`], [`RecordErrorKind::StartPosition`], and [`RecordErrorKind::Move`] (with the
/// ply and the move's four digits as the text) for a move that is not legal.
pub fn read_str(text: &str) -> Result<Vec<Game>, RecordError> {
    const OPEN: &str = "[DhtmlXQ]";
    if !text.contains(OPEN) {
        if !text.contains("[DhtmlXQ_") {
            return Err(RecordError::new(Location::Line(1), RecordErrorKind::NotThisFormat("DhtmlXQ")));
        }
        let (entries, _) = entries(text, 0, false)?;
        return Ok(vec![read_block(text, 0, entries)?]);
    }
    let mut games = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(OPEN) {
        let start = from + found + OPEN.len();
        let number = games.len() + 1;
        let (entries, end) = entries(text, start, true).map_err(|e| e.in_game(number))?;
        games.push(read_block(text, start, entries).map_err(|e| e.in_game(number))?);
        from = end;
    }
    Ok(games)
}

/// The line (from 1) of byte `offset` of `text`.
fn line_at(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count()
}

/// One `[DhtmlXQ_key]value[/DhtmlXQ_key]` pair.
struct Entry<'a> {
    key: &'a str,
    value: &'a str,
    /// The byte offset of the value in the whole text.
    at: usize,
}

/// The pairs from byte `start` of `text` on. With `closed`, they end at the first `[/DhtmlXQ]` outside a value
/// (required), and the offset after it is returned; otherwise they run to the end of the text.
fn entries(text: &str, start: usize, closed: bool) -> Result<(Vec<Entry<'_>>, usize), RecordError> {
    const KEY: &str = "[DhtmlXQ_";
    const CLOSE: &str = "[/DhtmlXQ]";
    let error = |at: usize, kind| RecordError::new(Location::Line(line_at(text, at)), kind);
    let mut entries = Vec::new();
    let mut from = start;
    loop {
        let key = text[from..].find(KEY).map(|i| from + i);
        let close = if closed { text[from..].find(CLOSE).map(|i| from + i) } else { None };
        let key_start = match (key, close) {
            (_, Some(close)) if key.is_none_or(|key| close < key) => return Ok((entries, close + CLOSE.len())),
            (Some(key), _) => key + KEY.len(),
            (None, _) if closed => {
                return Err(error(start, RecordErrorKind::Truncated("a [DhtmlXQ] block without [/DhtmlXQ]")))
            }
            (None, _) => return Ok((entries, text.len())),
        };
        let Some(key_len) = text[key_start..].find(']') else {
            return Err(error(key_start, RecordErrorKind::Truncated("a [DhtmlXQ_ key without `]`")));
        };
        let key = &text[key_start..key_start + key_len];
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(error(key_start, RecordErrorKind::Malformed("a key that is not letters, digits and `_`")));
        }
        let value_start = key_start + key_len + 1;
        let close_tag = format!("[/DhtmlXQ_{key}]");
        let Some(value_len) = text[value_start..].find(&close_tag) else {
            return Err(error(key_start, RecordErrorKind::Truncated("a [DhtmlXQ_key] without its closing tag")));
        };
        entries.push(Entry { key, value: &text[value_start..value_start + value_len], at: value_start });
        from = value_start + value_len + close_tag.len();
    }
}

/// A variation as its key gives it.
struct Branch<'a> {
    id: usize,
    parent: usize,
    step: usize,
    entry: Entry<'a>,
}

/// What a comment key names: the line and the step.
fn comment_key(key: &str) -> Option<(usize, usize)> {
    let rest = key.strip_prefix("comment")?;
    match rest.split_once('_') {
        Some((line, step)) => Some((line.parse().ok()?, step.parse().ok()?)),
        None => Some((0, rest.parse().ok()?)),
    }
}

/// `move_<parent>_<step>_<id>`.
fn branch_key(key: &str) -> Option<(usize, usize, usize)> {
    let mut parts = key.strip_prefix("move_")?.split('_');
    let numbers = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    parts.next().is_none().then_some(numbers)
}

/// The game of one block: its `entries`, the block starting at byte `start` of `text`.
fn read_block(text: &str, start: usize, entries: Vec<Entry<'_>>) -> Result<Game, RecordError> {
    let line = |at: usize| Location::Line(line_at(text, at));
    let mut game = Game::new();
    let mut binit = None;
    let mut fen = None;
    let mut movelist = None;
    let mut branches = Vec::new();
    let mut comments = Vec::new();
    for entry in entries {
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
            return Err(RecordError::new(
                line(entry.at),
                RecordErrorKind::Malformed("a variation key not move_<parent>_<step>_<id>"),
            ));
        } else if let Some((id, step)) = comment_key(&key) {
            comments.push((id, step, comment_text(entry.value)));
        } else {
            let name = TAGS.iter().find(|(k, _)| *k == key).map_or(entry.key, |(_, name)| name);
            game.tags.insert(name, entry.value);
        }
    }

    // The moves, as a tree; `paths[id]` lists the tree nodes of line `id` by step.
    let mut tree = Tree::new(None);
    let mut paths: Vec<(usize, Vec<usize>)> = Vec::new(); // (id, nodes by step - 1)
    let mut main = Vec::new();
    if let Some(entry) = &movelist {
        add_moves(&mut tree, &mut main, ROOT, entry, text)?;
    }
    paths.push((0, main));
    branches.sort_by_key(|branch| branch.id);
    for branch in &branches {
        let at = line(branch.entry.at);
        if branch.id == 0 || paths.iter().any(|(id, _)| *id == branch.id) {
            return Err(RecordError::new(at, RecordErrorKind::Malformed("two variations with one number")));
        }
        let parent_path = paths
            .iter()
            .find(|(id, _)| *id == branch.parent)
            .map(|(_, path)| path)
            .ok_or(RecordError::new(at, RecordErrorKind::Malformed("a variation of a line that does not exist")))?;
        if branch.step == 0 || branch.step > parent_path.len() {
            return Err(RecordError::new(
                at,
                RecordErrorKind::Malformed("a variation at a step its line does not reach"),
            ));
        }
        let mut path = parent_path[..branch.step - 1].to_vec();
        let from = path.last().copied().unwrap_or(ROOT);
        add_moves(&mut tree, &mut path, from, &branch.entry, text)?;
        if path.len() < branch.step {
            return Err(RecordError::new(at, RecordErrorKind::Malformed("an empty variation")));
        }
        paths.push((branch.id, path));
    }
    for (id, step, comment) in comments {
        let Some((_, path)) = paths.iter().find(|(line, _)| *line == id) else { continue };
        let start = branches.iter().find(|b| b.id == id).map_or(1, |b| b.step);
        if step == 0 && id == 0 {
            tree.nodes[ROOT].comment = comment;
        } else if id != 0 && step + 1 == start {
            tree.nodes[path[start - 1]].before = comment;
        } else if step >= start {
            if let Some(&node) = path.get(step - 1) {
                tree.nodes[node].comment = comment;
            }
        }
    }

    let setup = match (&fen, &binit) {
        (Some(entry), _) => Setup::from_fen(entry.value.trim())
            .map_err(|e| RecordError::new(line(entry.at), xiangqi_board::FenError::from(e)))?,
        (None, Some(entry)) => {
            let board = read_binit(entry.value).map_err(|kind| RecordError::new(line(entry.at), kind))?;
            let turn = tree.first_mover(&board);
            Setup { board, turn, ..Setup::default() }
        }
        (None, None) => Setup::default(),
    };
    game.start = Position::from_setup(setup).map_err(|e| {
        let at = fen.as_ref().or(binit.as_ref()).map_or(start, |entry| entry.at);
        RecordError::new(line(at), e)
    })?;
    game.main = tree.into_line(&game.start, &|at| Location::Line(line_at(text, at)))?;
    Ok(game)
}

/// Reads the four-digit moves of `entry` into `tree` after node `from`, appending the new nodes to `path`.
fn add_moves(
    tree: &mut Tree,
    path: &mut Vec<usize>,
    mut from: usize,
    entry: &Entry<'_>,
    text: &str,
) -> Result<(), RecordError> {
    // The characters other than white space, with their offsets in `text`.
    let digits: Vec<(usize, u8)> = entry
        .value
        .bytes()
        .enumerate()
        .filter(|(_, b)| !b.is_ascii_whitespace())
        .map(|(i, b)| (entry.at + i, b))
        .collect();
    let error = |at: usize, kind| RecordError::new(Location::Line(line_at(text, at)), kind);
    if let Some(&(at, _)) = digits.iter().find(|(_, b)| !b.is_ascii_digit()) {
        return Err(error(at, RecordErrorKind::Malformed("a move list with a character other than a digit")));
    }
    if digits.len() % 4 != 0 {
        let end = entry.at + entry.value.len();
        return Err(error(end, RecordErrorKind::Truncated("a move list whose length is not a multiple of 4")));
    }
    for chunk in digits.chunks_exact(4) {
        let d = |k: usize| chunk[k].1 - b'0';
        let text4: String = chunk.iter().map(|&(_, b)| char::from(b)).collect();
        let mv = match (square(d(0), d(1)), square(d(2), d(3))) {
            (Some(a), Some(b)) => RawMove::Squares(Move::new(a, b), Some(text4)),
            _ => RawMove::OffBoard(text4),
        };
        let node = TreeNode { mv, comment: None, before: None, at: chunk[0].0, children: Vec::new() };
        from = tree.push(from, node);
        path.push(from);
    }
    Ok(())
}

/// The square at `x` from the left and `y` from the top.
fn square(x: u8, y: u8) -> Option<Square> {
    (x <= 8 && y <= 9).then(|| Square::new(usize::from(9 - y) * 9 + usize::from(x))).flatten()
}

fn read_binit(value: &str) -> Result<Board, RecordErrorKind> {
    let value = value.trim().as_bytes();
    if value.len() != 64 || !value.iter().all(u8::is_ascii_digit) {
        return Err(RecordErrorKind::Malformed("a binit that is not 64 digits"));
    }
    let mut board = Board::empty();
    for (piece, pair) in value.chunks_exact(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        if (x, y) == (9, 9) {
            continue;
        }
        let square = square(x, y).ok_or(RecordErrorKind::Malformed("a binit square off the board"))?;
        let color = if piece < 16 { Color::Red } else { Color::Black };
        if board.set_piece_at(square, Piece::new(color, ROLES[piece % 16])).is_some() {
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
    out
}

/// Writes `game` as a `[DhtmlXQ]` block.
///
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (a game changed by hand), [`RecordErrorKind::TooDeep`], and
/// [`RecordErrorKind::Unrepresentable`] for a tag whose name is not letters, digits and `_`, names a key with
/// another meaning (`binit`, `movelist`, `comment…`, …), or whose value contains its own closing tag.
pub fn write(game: &Game) -> Result<String, RecordError> {
    let unrepresentable = |what| RecordError::new(Location::None, RecordErrorKind::Unrepresentable(what));
    let mut out = String::from("[DhtmlXQ]\n");
    let pair = |out: &mut String, key: &str, value: &str| -> Result<(), RecordError> {
        if value.contains(&format!("[/DhtmlXQ_{key}]")) {
            return Err(unrepresentable("a value that contains its own closing tag"));
        }
        let _ = writeln!(out, "[DhtmlXQ_{key}]{value}[/DhtmlXQ_{key}]");
        Ok(())
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
        pair(&mut out, key, value)?;
    }
    let result = match game.result {
        GameResult::RedWins => "红胜",
        GameResult::BlackWins => "黑胜",
        GameResult::Draw => "和棋",
        GameResult::Unknown => "未知",
    };
    pair(&mut out, "result", result)?;
    let setup = game.start.to_setup();
    if setup != Setup::default() {
        pair(&mut out, "binit", &write_binit(&setup.board))?;
        pair(&mut out, "fen", &setup.to_string())?;
    }

    // Every move must be legal (and the variations not too deep), as the readers require.
    walk(game, &mut |_: Visit<'_>| Ok(()))?;
    // Lines, numbered depth first, with their comments.
    let mut lines = Writer { next_id: 1, movelists: Vec::new(), comments: Vec::new() };
    lines.line(&game.main, 0, 0, None);
    for (key, value) in &lines.movelists {
        pair(&mut out, key, value)?;
    }
    for (key, value) in &lines.comments {
        pair(&mut out, key, &escape_comment(value))?;
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
            for sq in [node.mv.from, node.mv.to] {
                let _ = write!(moves, "{}{}", sq.file().index(), 9 - sq.rank().index());
            }
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

/// The 64 digits of `board` in `binit` order.
fn write_binit(board: &Board) -> String {
    let mut slots = ["99"; 32].map(String::from);
    let mut used = [false; 32];
    for (square, piece) in board.pieces() {
        let side = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| ROLES[i] == piece.role && !used[side + i]);
        if let Some(i) = free {
            used[side + i] = true;
            slots[side + i] = format!("{}{}", square.file().index(), 9 - square.rank().index());
        }
    }
    slots.concat()
}
