//! Reading and writing DhtmlXQ (东萍 dpxq.com "UBB") records.
//!
//! # Format
//! A `[DhtmlXQ]` … `[/DhtmlXQ]` block (or `[DhtmlXQiFrame]` … `[/DhtmlXQiFrame]`, the form of forum posts),
//! usually inside a web page, holds `[DhtmlXQ_key]value[/DhtmlXQ_key]` pairs; a page may hold several blocks,
//! each a game. Block tags and keys are read in any case (`[DHTMLXQ_MOVELIST]`), and `\uXXXX` escapes (the
//! players' encoding of characters outside Latin-1) are decoded in tags and comments (the writer writes a
//! backslash that would read as one as `\u005c`, and the `[` of text that would read as a tag as `\u005b`).
//! The keys, as the dpxq and ichinachess players read them:
//! - `binit`: the start position as 64 digits, the 32 pieces in XQF order (Red's `车马相士帅士相马车炮炮兵×5`,
//!   then Black's), each as `x y` with x the file from the left (0–8) and y the rank **from the top** (0–9,
//!   so y = 9 − ICCS rank); `99` is a piece not on the board, and so is any character that is not a digit, which
//!   the players read as 9 (`63nn69nn49…`). An empty `binit`, or none, is the start position. The side to move
//!   is not stored: it is the side of the piece the first move moves.
//! - `fen`: a FEN, which takes priority over `binit` (and gives the side to move).
//! - `movelist`: the main line, four digits per move, `x y` of the start square then of the end square. The
//!   old letter-coded form (`77479EZK0000 10222FXH0001 …`) is read too: records of 12 characters, characters
//!   0–3 the move, 4–7 display letters, 8–11 an index; records are numbered from 0, a record whose index is its
//!   own number continues the one before, and a record with an earlier record's index is an alternative to that
//!   record and starts a variation there (the records after it continue the variation).
//! - `move_<parent>_<step>_<id>`: variation `id` (from 1) branching off line `parent` (0 is the main line): its
//!   first move is the alternative to the move at `step` of that line (steps count plies from the start
//!   position, from 1), and its value lists the variation's moves from there on. Variations may come in any
//!   order, also before the line they branch from.
//! - `comment<step>` (main line) and `comment<id>_<step>` (variation `id`): the comment after the move at
//!   `step`; `comment0` is the comment on the whole game, and `comment<id>_<step − 1>` for a variation starting
//!   at `step` is the comment before its first move. `||` in a comment is a line break. A comment on a line or
//!   step the moves do not have is left out with a [`Warning`](crate::Warning)
//!   ([`WarningKind::UnplacedComment`](crate::WarningKind::UnplacedComment)).
//! - `result`: `红胜`/`紅勝`/`W`/`1-0`, `黑胜`/`黑勝`/`L`/`0-1`, anything with `和` or `D`/`1/2-1/2`; anything else is
//!   unknown.
//! - every other key is a tag: `title` → `Title`, `event` → `Event`, `date` → `Date`, `place` → `Site`,
//!   `round` → `Round`, `red` → `Red`, `redteam` → `RedTeam`, `redtime` → `RedTime`, `black` → `Black`,
//!   `blackteam` → `BlackTeam`, `blacktime` → `BlackTime`, `open` → `Opening`, `author` → `Author`; other keys
//!   keep their name.
//!
//! A pair whose closing tag is missing or names another key (`[DhtmlXQ_redtime]10[/DhtmlXQ_time]`, as the
//! ichinachess generator writes) is skipped with a [`Warning`](crate::Warning) when its key carries no moves;
//! for `binit`, `fen`, `movelist`, `move_…` and `comment…` it is an error. The one exception is `blacktime`
//! closed by `[/DhtmlXQ_time]`, as pages of the dpxq forum write it: its value is read up to that tag, as the dpxq
//! player shows it.
//!
//! A key with a character other than an ASCII letter, a digit or `_` is an error naming the key
//! ([`RecordErrorKind::BadKey`](crate::RecordErrorKind::BadKey)), and so is a `binit` that puts a piece off the
//! board, naming the piece and its square as written
//! ([`RecordErrorKind::BinitOffBoard`](crate::RecordErrorKind::BinitOffBoard)).
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
//! use xiangqi::notation::{dhtmlxq, GameResult};
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
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```

mod keys;
mod read;
mod stream;
mod write;

pub use stream::{read, read_str, Reader};
pub use write::write;
