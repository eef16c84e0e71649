//! Writing XQF files: version 0x0A (XQF 1.0, plain) and the encrypted 0x12, laid out as XQStudio and XQWizard
//! write them (the layout and the encryption are those the [module documentation](super) describes).

use xiangqi_board::{Color, Piece};

use super::header::{Keys, HEADER_LEN, STRINGS};
use crate::{
    encoding::{encode_exact, TextEncoding},
    records::piece_order::PIECE_ORDER,
    records::walk::{walk, Check, Visit},
    GameRecord, GameResult, Line, Location, Node, RecordError, RecordErrorKind,
};

/// The XQF version to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum XqfVersion {
    /// 0x0A, XQF 1.0: not encrypted; every move record carries a comment length.
    Plain,
    /// 0x12, the version XQStudio 1.2+ and XQWizard save: encrypted with the [`XqfKeys`].
    #[default]
    Encrypted,
}

/// The four key bytes and the mask of an encrypted file (header bytes 0x03, 0x08–0x0B, 0x0D–0x0F); the fifth
/// key, KeysSum (0x0C), is chosen so that the four key bytes 0x0C–0x0F add up to 0 modulo 256, as in every
/// encrypted file XQStudio and XQWizard write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XqfKeys {
    /// KeyMask (0x03).
    pub mask: u8,
    /// KeyOrA–KeyOrD (0x08–0x0B).
    pub or: [u8; 4],
    /// KeyXY, KeyXYf, KeyXYt (0x0D–0x0F).
    pub xy: [u8; 3],
}

impl XqfKeys {
    /// Keys derived from `seed` (any bytes): the same seed gives the same keys, so a writer that seeds with the
    /// game writes the same bytes for the same game.
    pub fn from_seed(seed: &[u8]) -> XqfKeys {
        // Two FNV-1a hashes of the seed; the mask keeps the bits 0xAA set, as the masks of real files mostly do.
        let hash = |basis: u64| {
            seed.iter().fold(basis, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)).to_le_bytes()
        };
        let (a, b) = (hash(0xcbf2_9ce4_8422_2325), hash(0x8422_2325_cbf2_9ce4));
        XqfKeys { mask: a[0] | 0xaa, or: [a[1], a[2], a[3], a[4]], xy: [a[5], a[6], b[0]] }
    }

    /// The 16 first bytes of the header these keys give (magic, version, keys; the product id is 0).
    fn header(self) -> [u8; 16] {
        let [xy, xyf, xyt] = self.xy;
        let sum = 0u8.wrapping_sub(xy).wrapping_sub(xyf).wrapping_sub(xyt);
        let [a, b, c, d] = self.or;
        [b'X', b'Q', 0x12, self.mask, 0, 0, 0, 0, a, b, c, d, sum, xy, xyf, xyt]
    }
}

/// How to write an XQF file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct XqfOptions {
    /// The version (default: the encrypted 0x12).
    pub version: XqfVersion,
    /// The keys of an encrypted file; `None` (the default) derives them from the game
    /// ([`XqfKeys::from_seed`]), so the same game is always written the same way.
    pub keys: Option<XqfKeys>,
    /// Cut a tag longer than its field (15 bytes of GBK for names, dates and places, 63 for the event and the
    /// time control, 127 for the title) after its last whole character, instead of failing (the default).
    pub truncate_tags: bool,
}

/// Writes `game` as an XQF file.
///
/// What is written: the start position, the whole variation tree with every comment (GBK, line breaks as CR LF),
/// the result (0x33), the side to move at 0x32 (read back for a game without a move), and the tags `Title`,
/// `Event`, `Date`, `Site`, `Red`, `Black`, `TimeControl`, `RedTime`, `BlackTime`, `Annotator` and `Author`. XQF has
/// no field for other tags and they are not written; the move counters of the start position are not stored.
/// As in the files of XQStudio and XQWizard (the 23 of the shared test data, from cchess and xqbase): the four key
/// bytes of an encrypted file add up to 0 modulo 256, its start record holds `XQ` where a move's squares would be
/// (squares 0 and 0 in version 0x0A), and the other header bytes are 0 (those files also store 0 for the move
/// number at 0x30 and the side at 0x32, and sometimes the kind of game at 0x40, which no reader needs). Pieces off
/// the board have the square number 0xFF.
///
/// ```
/// use xiangqi::notation::{pgn, xqf};
///
/// let game = &pgn::read_str("1. h2e2 {中炮} h9g7 (h7e7 {顺炮}) 2. h0g2 *")?[0];
/// for version in [xqf::XqfVersion::Plain, xqf::XqfVersion::Encrypted] {
///     let bytes = xqf::write(game, &xqf::XqfOptions { version, ..Default::default() })?;
///     assert_eq!(&xqf::read(&bytes)?, game);
/// }
/// # Ok::<_, xiangqi::notation::RecordError>(())
/// ```
///
/// # Errors
/// [`RecordErrorKind::Move`] for an illegal move (possible only in a game changed by hand),
/// [`RecordErrorKind::TooDeep`], and [`RecordErrorKind::Unrepresentable`] for a tag or comment with a
/// character GBK lacks, a tag longer than its field (unless [`XqfOptions::truncate_tags`]), a variation without a
/// move, or a comment before the first move of a variation (XQF stores comments after moves only).
pub fn write(game: &GameRecord, options: &XqfOptions) -> Result<Vec<u8>, RecordError> {
    check(game)?;
    let version = match options.version {
        XqfVersion::Plain => 0x0a,
        XqfVersion::Encrypted => 0x12,
    };
    let mut header = vec![0u8; HEADER_LEN];
    header[..2].copy_from_slice(b"XQ");
    header[2] = version;
    write_strings(game, options.truncate_tags, &mut header)?;
    header[0x32] = u8::from(game.start.turn() == Color::Black);
    header[0x33] = match game.result {
        GameResult::Unknown => 0,
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
    };
    if version == 0x12 {
        let keys = options.keys.unwrap_or_else(|| XqfKeys::from_seed(&seed(game, &header)));
        header[..16].copy_from_slice(&keys.header());
    }
    let keys = Keys::from_header(&header);
    write_pieces(game, &keys, version, &mut header);

    let mut section = Vec::new();
    let mut writer = Records { out: &mut section, keys: &keys, plain: version == 0x0a };
    writer.start(game.main.comment.as_deref(), !game.main.nodes.is_empty())?;
    writer.line(&game.main.nodes, false, false)?;
    for (i, byte) in section.iter_mut().enumerate() {
        *byte = byte.wrapping_add(keys.stream[i % 32]);
    }
    header.extend_from_slice(&section);
    Ok(header)
}

/// Checks every move (and what XQF cannot hold) before anything is written.
fn check(game: &GameRecord) -> Result<(), RecordError> {
    walk(game, Check::Walk, &mut |visit| match visit {
        Visit::Start { line, depth } if depth > 0 && line.nodes.is_empty() => {
            Err(unrepresentable("a variation without a move"))
        }
        Visit::Start { line, depth } if depth > 0 && line.comment.is_some() => {
            Err(unrepresentable("a comment before the first move of a variation"))
        }
        _ => Ok(()),
    })
}

fn unrepresentable(what: &'static str) -> RecordError {
    RecordError::new(Location::None, RecordErrorKind::Unrepresentable(what))
}

/// GBK bytes of `text`, or the error saying it cannot be.
fn gbk(text: &str) -> Result<Vec<u8>, RecordError> {
    encode_exact(text, TextEncoding::Gbk)
        .map(|bytes| bytes.into_owned())
        .ok_or_else(|| unrepresentable("a character GBK cannot encode"))
}

fn write_strings(game: &GameRecord, truncate: bool, header: &mut [u8]) -> Result<(), RecordError> {
    for (offset, max, name) in STRINGS {
        let Some(mut value) = game.tags.get(name).filter(|value| !value.is_empty()) else { continue };
        let mut bytes = gbk(value)?;
        while bytes.len() > max {
            if !truncate {
                return Err(unrepresentable("a tag longer than its XQF field"));
            }
            let last = value.char_indices().next_back().map_or(0, |(at, _)| at);
            value = &value[..last];
            bytes = gbk(value)?;
        }
        // `max` < 256, so the length fits its byte.
        header[offset] = bytes.len() as u8;
        header[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }
    Ok(())
}

/// The bytes the default keys are derived from: the header so far and the moves.
fn seed(game: &GameRecord, header: &[u8]) -> Vec<u8> {
    // The header so far (strings, side, result), the board and the moves: what the file holds.
    let mut seed = header.to_vec();
    seed.extend(game.start.to_string().split(' ').next().unwrap_or_default().bytes());
    let mut lines = vec![&game.main];
    while let Some(line) = lines.pop() {
        for node in &line.nodes {
            seed.extend([node.mv.from.index() as u8, node.mv.to.index() as u8]);
            lines.extend(&node.variations);
        }
    }
    seed
}

/// The XQF square number `X*10+Y` of a square.
fn number(square: xiangqi_board::Square) -> u8 {
    let (file, rank) = (square.index() % 9, square.index() / 9);
    // At most 8*10+9.
    (file * 10 + rank) as u8
}

fn write_pieces(game: &GameRecord, keys: &Keys, version: u8, header: &mut [u8]) {
    let mut numbers = [0xffu8; 32];
    for (square, piece) in game.start.board().pieces() {
        let Piece { color, role } = piece;
        let side = if color == Color::Red { 0 } else { 16 };
        // A legal position has no more pieces of a role than the slots hold.
        if let Some(slot) = (0..16).find(|&i| PIECE_ORDER[i] == role && numbers[side + i] == 0xff) {
            numbers[side + slot] = number(square);
        }
    }
    for i in 0..32 {
        let piece = if version >= 0x0c { (usize::from(keys.xy) + 1 + i) % 32 } else { i };
        header[0x10 + i] = numbers[piece].wrapping_add(keys.xy);
    }
}

/// The move records being written (before the section's stream encryption).
struct Records<'a> {
    out: &'a mut Vec<u8>,
    keys: &'a Keys,
    plain: bool,
}

impl Records<'_> {
    /// The start position's record.
    fn start(&mut self, comment: Option<&str>, next: bool) -> Result<(), RecordError> {
        // Squares 0 (plain) or the bytes `XQ` (encrypted), as XQStudio and XQWizard write it.
        let squares = if self.plain { [0x18, 0x20] } else { [b'X', b'Q'] };
        self.record(squares, next, false, comment)
    }

    fn record(
        &mut self,
        squares: [u8; 2],
        next: bool,
        alternative: bool,
        comment: Option<&str>,
    ) -> Result<(), RecordError> {
        let text = match comment {
            Some(comment) => gbk(&comment.replace('\n', "\r\n"))?,
            None => Vec::new(),
        };
        let tag = if self.plain {
            (if next { 0xf0 } else { 0 }) | (if alternative { 0x0f } else { 0 })
        } else {
            (if next { 0x80 } else { 0 })
                | (if alternative { 0x40 } else { 0 })
                | (if text.is_empty() { 0 } else { 0x20 })
        };
        self.out.extend([squares[0], squares[1], tag, 0]);
        if self.plain || !text.is_empty() {
            let len = i32::try_from(text.len()).map_err(|_| unrepresentable("a comment longer than 2 GB"))?;
            self.out.extend(len.wrapping_add(self.keys.comment_len).to_le_bytes());
            self.out.extend(text);
        }
        Ok(())
    }

    fn node(&mut self, node: &Node, next: bool, alternative: bool) -> Result<(), RecordError> {
        let from = number(node.mv.from).wrapping_add(0x18).wrapping_add(self.keys.xyf);
        let to = number(node.mv.to).wrapping_add(0x20).wrapping_add(self.keys.xyt);
        self.record([from, to], next, alternative, node.comment.as_deref())
    }

    /// Writes the line `nodes` depth first: its moves, then the alternatives of each move from the last to the
    /// first (a move's continuation comes before its alternatives). For a variation, `first_alternative` says
    /// whether another alternative follows it, and the alternatives to its first move are written by the
    /// caller.
    fn line(&mut self, nodes: &[Node], first_alternative: bool, variation: bool) -> Result<(), RecordError> {
        for (i, node) in nodes.iter().enumerate() {
            let alternative = if i == 0 && variation { first_alternative } else { !node.variations.is_empty() };
            self.node(node, i + 1 < nodes.len(), alternative)?;
        }
        for (i, node) in nodes.iter().enumerate().rev() {
            if i == 0 && variation {
                continue;
            }
            let alternatives = alternatives(node);
            for (k, line) in alternatives.iter().enumerate() {
                self.line(&line.nodes, k + 1 < alternatives.len(), true)?;
            }
        }
        Ok(())
    }
}

/// The alternatives to `node`: its variations, each followed by the alternatives to its first move (a variation
/// given to the first move of a variation is one more alternative to `node`).
fn alternatives(node: &Node) -> Vec<&Line> {
    let mut out = Vec::new();
    for line in &node.variations {
        out.push(line);
        if let Some(first) = line.nodes.first() {
            out.extend(alternatives(first));
        }
    }
    out
}
