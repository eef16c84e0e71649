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
//! # let bytes = include_bytes!("../../../tests/fixtures/xqf/v12_encrypted.xqf");
//! let game = xiangqi::notation::xqf::read(bytes)?;
//! println!("{} plies, {} lines", game.main.nodes.len(), game.main.line_count());
//! # Ok::<_, xiangqi::notation::RecordError>(())
//! ```

mod header;
mod read;
mod write;

pub use header::HEADER_LEN;
pub use read::{read, read_with};
pub use write::{write, XqfKeys, XqfOptions, XqfVersion};
