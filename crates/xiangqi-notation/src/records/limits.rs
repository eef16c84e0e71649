//! [`Limits`]: the largest game, comment and tag value the readers accept, so that no input costs more memory or
//! time than its size and these bounds allow.

use core::fmt;

/// The bounds the readers keep to, part of [`ReadOptions`](crate::ReadOptions). Each exceeded limit is an error
/// of its game ([`RecordErrorKind::TooLarge`](crate::RecordErrorKind::TooLarge), naming the game, the line and
/// the limit), and the streaming readers go on with the next game. The defaults ([`Limits::DEFAULT`]) are far
/// above real records (the largest game of the shared corpus, with 349 variations, is 120 KB) and keep a streaming
/// reader's memory within a few tens of MB whatever the input (the text of the largest game, and its
/// [`GameRecord`](crate::GameRecord): a megabyte of moves is some 200,000 nodes), in time linear in the input: a
/// web site that reads uploads can rely on them. Variations are nested to at most [`MAX_VARIATION_DEPTH`](crate::MAX_VARIATION_DEPTH)
/// ([`RecordErrorKind::TooDeep`](crate::RecordErrorKind::TooDeep)).
///
/// ```
/// use xiangqi::notation::{pgn, Limited, Limits, ReadOptions, RecordErrorKind};
///
/// let text = format!("[Event \"big\"]\n1. h2e2 {{{}}} *\n[Event \"next\"]\n1. h2e2 *\n", "x".repeat(100));
/// let limits = Limits { comment_bytes: 64, ..Limits::DEFAULT };
/// let mut reader = pgn::Reader::with_options(text.as_bytes(), ReadOptions::strict().with_limits(limits));
/// let error = reader.next().unwrap().unwrap_err();
/// assert_eq!(error.kind, RecordErrorKind::TooLarge { what: Limited::Comment, limit: 64 });
/// assert_eq!(error.to_string(), "game 1, line 2: a comment longer than the limit of 64 bytes");
/// assert!(reader.next().unwrap().is_ok(), "the next game is read");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The largest game, in bytes of the input: its text in PGN, its block in DhtmlXQ (default 1 MiB).
    pub game_bytes: usize,
    /// The largest comment, in bytes of UTF-8 (default 256 KiB).
    pub comment_bytes: usize,
    /// The largest tag value, in bytes of UTF-8 (default 64 KiB).
    pub tag_bytes: usize,
    /// The largest file of a format that is read whole (XQF, CCBridge; default 16 MiB).
    pub file_bytes: usize,
}

impl Limits {
    /// The defaults: games of 1 MiB, comments of 256 KiB, tag values of 64 KiB, whole files of 16 MiB.
    pub const DEFAULT: Limits =
        Limits { game_bytes: 1 << 20, comment_bytes: 256 << 10, tag_bytes: 64 << 10, file_bytes: 16 << 20 };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// What a [`Limits`] bound limits, as a [`RecordErrorKind::TooLarge`](crate::RecordErrorKind::TooLarge) names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limited {
    /// A game ([`Limits::game_bytes`]).
    Game,
    /// A comment ([`Limits::comment_bytes`]).
    Comment,
    /// A tag value ([`Limits::tag_bytes`]).
    Tag,
    /// A file read whole ([`Limits::file_bytes`]).
    File,
}

impl Limited {
    /// The stable word for it: `game`, `comment`, `tag` or `file`.
    pub const fn name(self) -> &'static str {
        match self {
            Limited::Game => "game",
            Limited::Comment => "comment",
            Limited::Tag => "tag",
            Limited::File => "file",
        }
    }
}

impl fmt::Display for Limited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limited::Game => "a game",
            Limited::Comment => "a comment",
            Limited::Tag => "a tag value",
            Limited::File => "a file",
        })
    }
}
