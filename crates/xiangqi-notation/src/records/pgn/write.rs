//! The PGN writer: a [`GameRecord`] as PGN text, moves in any notation.

use core::fmt::Write as _;

use xiangqi_board::{Color, Setup};

use crate::{
    format::write_move,
    records::tree::check_move,
    records::walk::{illegal, walk, Check, Visit},
    GameRecord, Location, MoveFormat, MoveProblem, RecordError, RecordErrorKind, WriteOptions,
};

/// Writes `game` as PGN text, moves in the notation of `options`.
///
/// A PGN tag value is one line: a line break in a value (DhtmlXQ, XQF and CCBridge values may hold them) is
/// written as a space.
///
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (a game changed by hand), [`RecordErrorKind::TooDeep`], and
/// [`RecordErrorKind::Unrepresentable`] for a tag name with white space, `"` or `]`.
pub fn write(game: &GameRecord, options: &PgnOptions) -> Result<String, RecordError> {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\r', '\n'], " ");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag("Game", "Chinese Chess");
    for (name, value) in game.tags.iter() {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '"' || c == ']') {
            return Err(RecordError::new(
                Location::None,
                RecordErrorKind::Unrepresentable("a tag name with white space, `\"` or `]`"),
            ));
        }
        if !DERIVED_TAGS.contains(&name) {
            tag(name, value);
        }
    }
    // A Result tag that was read but does not say the game's result is written as read (see `read`).
    tag("Result", game.tags.get("Result").unwrap_or(game.result.as_pgn()));
    let setup = game.start.to_setup();
    if setup != Setup::default() {
        tag("FEN", &setup.to_string());
    }
    tag("Format", format_tag(options.format));
    out.push('\n');

    let mut text = MoveText { out: &mut out, need_number: true, depth: 0, line_start: true, after_open: false };
    walk(game, Check::Visitor, &mut |visit| {
        match visit {
            Visit::Start { line, depth, .. } => {
                if depth > 0 {
                    text.word("(", false);
                    text.after_open = true;
                }
                text.depth = depth;
                if let Some(comment) = &line.comment {
                    text.comment(comment);
                }
                text.need_number = true;
            }
            Visit::Move { node, pos, ply } => {
                let number = pos.fullmoves();
                if pos.turn() == Color::Red {
                    text.word(&format!("{number}."), true);
                } else if text.need_number {
                    text.word(&format!("{number}..."), false);
                }
                // `write_move` fails on an illegal move: the error then says why, as the walk's own check would.
                let mv = write_move(options.format, pos, node.mv, &options.moves).map_err(|err| {
                    let problem = check_move(pos, node.mv).err().unwrap_or(MoveProblem::Notation(err));
                    illegal(node, ply, text.depth, problem)
                })?;
                text.word(&mv, false);
                for nag in &node.nags {
                    text.word(&format!("${nag}"), false);
                }
                text.need_number = false;
                if let Some(comment) = &node.comment {
                    text.comment(comment);
                }
            }
            Visit::End { depth } => {
                if depth > 0 {
                    text.out.push(')');
                    text.depth = depth - 1;
                    text.need_number = true;
                }
            }
        }
        Ok(())
    })?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(game.result.as_pgn());
    out.push('\n');
    Ok(out)
}

/// The move text being written.
struct MoveText<'a> {
    out: &'a mut String,
    /// Whether a Black move needs its number (`12...`): after a comment or a variation, or first in a line.
    need_number: bool,
    /// How many variations are open.
    depth: usize,
    /// Whether nothing has been written on the current line.
    line_start: bool,
    /// Whether the last thing written is `(`.
    after_open: bool,
}

impl MoveText<'_> {
    /// Writes `word` after a space; a Red move number of the main line starts a new line instead.
    fn word(&mut self, word: &str, red_number: bool) {
        if red_number && self.depth == 0 && !self.line_start {
            self.out.push('\n');
        } else if !self.line_start && !self.after_open {
            self.out.push(' ');
        }
        self.out.push_str(word);
        self.line_start = false;
        self.after_open = false;
    }

    fn comment(&mut self, comment: &str) {
        self.word(&format!("{{{}}}", comment.replace('}', "｝")), false);
        self.need_number = true;
    }
}

/// How [`write()`] writes moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PgnOptions {
    /// The move notation (also written in the `Format` tag).
    pub format: MoveFormat,
    /// How moves are written in that notation.
    pub moves: WriteOptions,
}

impl PgnOptions {
    /// Moves in `format` with the default [`WriteOptions`].
    pub const fn new(format: MoveFormat) -> PgnOptions {
        PgnOptions { format, moves: WriteOptions::new() }
    }
}

impl Default for PgnOptions {
    /// Chinese notation, xqbase style (the default of the xqbase PGN specification).
    fn default() -> PgnOptions {
        PgnOptions::new(MoveFormat::Chinese)
    }
}

/// The `Format` tag value of each notation.
const fn format_tag(format: MoveFormat) -> &'static str {
    match format {
        MoveFormat::Chinese => "Chinese",
        MoveFormat::Wxf => "WXF",
        MoveFormat::Iccs => "ICCS",
        MoveFormat::Ucci => "UCCI",
        MoveFormat::FairyUci => "fairy-uci",
        MoveFormat::Axf => "AXF",
    }
}

/// Tags that [`GameRecord`] keeps elsewhere: written by [`write()`] from the game, never from [`GameRecord::tags`].
const DERIVED_TAGS: [&str; 4] = ["Game", "Result", "FEN", "Format"];
