//! Reading and writing PGN game records in the xiangqi (xqbase) flavour.
//!
//! # Reading
//! [`Reader`] reads the games of a file or any byte stream one by one, holding only the game being read, in
//! the strict or the lenient mode ([`ReadOptions`]); [`read`] takes the bytes of a whole file in UTF-8, GBK or
//! Big5 (see [`encoding`]), [`read_str`] a text, and [`games`] iterates over the games of a text, so that a bad
//! game does not hide the others. To read the games of one large file on several threads,
//! [`Reader::next_text`] hands out each game's text unread and [`GameText::read`] reads it on any thread. A file
//! holds any number of games:
//!
//! ```text
//! [Game "Chinese Chess"]
//! [Event "…"] [Red "…"] [Black "…"] [Result "1-0"] [FEN "…"] [Format "Chinese"]
//!
//! {comment on the game}
//! 1. 炮二平五 马８进７ {comment} (2... 车9平8 {a variation}) 2. 马二进三 车９平８ 1-0
//! ```
//!
//! - **Tags** `[Name "value"]`: `\"` and `\\` are escapes; a value may hold `[`, `]` and even `"` as long as the
//!   tag ends with `"]`, and may go on over a line break (read as one space) unless the next line starts with
//!   `[`. `FEN` and `Format` are read into the [`GameRecord`]; `GameRecord` is dropped; all others are kept in
//!   [`GameRecord::tags`]. A `FEN` of the board alone (no side to move) takes the side from the first move, as the
//!   XQF and DhtmlXQ readers do: the side whose move it reads as (Red if both or neither).
//! - **Result**: the token `1-0`, `0-1`, `1/2-1/2` or `*` ends the game and is its result, unless it is `*`
//!   or missing and the `Result` tag says more. A `Result` tag whose value is not a result, or that contradicts
//!   the token, is kept in [`GameRecord::tags`] (and written back as it was) with a [`Warning`]
//!   ([`WarningKind::UnknownResult`], [`WarningKind::ResultContradicts`]); a `Result` tag that agrees is not
//!   kept (the writer writes [`GameRecord::result`]).
//! - **Moves** are read in the notation the `Format` tag names (`Chinese`, `WXF`, `ICCS`, and also `UCCI`,
//!   `fairy-uci` and `AXF`, in any case). Without a `Format` tag, or with an unknown one, each move is read in the
//!   notation its characters show ([`parse_any`]): ICCS/UCCI coordinates, any Chinese
//!   form, or WXF and its dialects (full-width `Ｃ２＝５` too).
//! - **Move numbers** (`1.`, `1...`, `1…`, `30.` for a game that starts at move 30) are skipped, and need not be
//!   right; the side to move comes from the position, so black-first move text without `...` reads correctly.
//! - **Comments** `{…}`: a comment before the first move of a line is the line's comment, any other belongs to
//!   the move before it; several in a row are joined with a line break. Leading and trailing white space is
//!   removed. (Chess PGN's `;` comments to the end of the line are not read: xiangqi records do not use them,
//!   and a comment holding `}` could not be written back.)
//! - **Variations** `( … )`, nested to [`MAX_VARIATION_DEPTH`]: each is an
//!   alternative to the move just before it. An empty `()` is ignored.
//! - **NAGs** (`$1`) and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (on the move or apart) are kept in
//!   [`Node::nags`] as numbers, and written back as `$n`.
//!
//! Quirks of real files that are accepted: no `[Game]` tag; no result tag or token (the game
//! then ends at the next tag or at the end of the file); moves run together with no space (`炮二平五马８进７`,
//! split by trying the shortest prefix, 4 to 6 characters, that reads as a legal move); black-first move text
//! without `...`; XQWizard's `3.          马８进７` padding; dates in any form (the tag is kept as written, and
//! [`Date`](crate::Date) reads the common forms); an advert block after the result that starts with a `===` line
//! (skipped up to the next line that starts with `[`); a tag value containing brackets. A `===` line where the
//! moves would continue also ends the game.
//!
//! # Errors
//! A move that is not legal, or that does not read in the position, is an error naming the game, the line, the
//! ply and the text — never skipped, never guessed (in the lenient mode it is left out with the rest of its
//! line, and a [`Warning`] says so). Unterminated comments, tags and variations are errors in both modes.
//!
//! # Writing
//! [`write()`] writes a game in UTF-8 text with the notation of [`PgnOptions`]: the `Game` tag, the other tags in
//! order, `Result`, `FEN` (unless the game starts from the start position at move 1), `Format`, then the game
//! comment and one line per move number, with comments, NAGs and variations inline, and the result. In a
//! comment `}` is written as `｝`; in a tag value `\` and `"` are escaped and line breaks become spaces.
//!
//! ```
//! use xiangqi::notation::{pgn, GameResult, MoveFormat};
//!
//! let text = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n\
//!             1. H2-E2 H9-G7 {屏风马} (1... H7-E7 2. H0-G2) 2. H0-G2 1-0\n";
//! let games = pgn::read_str(text)?;
//! let game = &games[0];
//! assert_eq!(game.tags.get("Red"), Some("许银川"));
//! assert_eq!(game.result, GameResult::RedWins);
//! assert_eq!(game.main.nodes.len(), 3);
//! assert_eq!(game.main.nodes[1].comment.as_deref(), Some("屏风马"));
//! assert_eq!(game.main.nodes[1].variations[0].nodes.len(), 2);
//!
//! let written = pgn::write(game, &pgn::PgnOptions::new(MoveFormat::Ucci))?;
//! assert!(written.contains("1. h2e2 h9g7 {屏风马} (1... h7e7 2. h0g2)\n2. h0g2\n1-0"));
//! assert_eq!(pgn::read_str(&written)?[0], *game);
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```

mod lex;
mod read;
mod split;
mod write;

// For the links of the documentation above.
#[cfg(doc)]
use crate::{encoding, format::parse_any, GameRecord, Node, ReadOptions, Warning, WarningKind, MAX_VARIATION_DEPTH};

pub use read::{games, read, read_str, GameText, Games, Reader};
pub use write::{write, PgnOptions};
