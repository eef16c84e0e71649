//! Text encodings of game records, and how the readers tell them apart.
//!
//! Chinese game records come in UTF-8, GBK (mainland software: XQWizard, XQStudio, most PGN files) and Big5
//! (Taiwan and Hong Kong collections). Files rarely say which, so [`decode`] decides:
//! 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) decides and is removed;
//! 2. otherwise, text that is valid UTF-8 is UTF-8;
//! 3. otherwise the bytes are read both as GBK and as Big5, and each reading scores one point per character
//!    that xiangqi records are full of (piece names, 进/進, 平, 退, full-width digits, 红/紅, 胜/勝, …). The higher
//!    score wins; a tie goes to GBK. (Both encodings write these characters as a lead byte 0x81–0xFE and a trail
//!    byte, so one pass over the bytes scores both readings, and the text is decoded once.)
//!
//! A wrong byte sequence never fails decoding: it becomes U+FFFD, and the reader then reports the move or tag that
//! contains it. GBK is decoded as the WHATWG `gbk` encoding (`encoding_rs`), which is GB18030's decoder and so
//! also reads the characters outside GBK proper.
//!
//! ```
//! use xiangqi::notation::encoding::{decode, TextEncoding};
//!
//! // 炮二平五 in GBK and in Big5.
//! let gbk = [0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5];
//! let big5 = [0xac, 0xb6, 0xa4, 0x47, 0xa5, 0xad, 0xa4, 0xad];
//! assert_eq!(decode(&gbk), ("炮二平五".into(), TextEncoding::Gbk));
//! assert_eq!(decode(&big5), ("炮二平五".into(), TextEncoding::Big5));
//! assert_eq!(decode("炮二平五".as_bytes()).1, TextEncoding::Utf8);
//! ```

use core::{fmt, str::FromStr};
use std::{borrow::Cow, sync::OnceLock};

use encoding_rs::{Encoding, BIG5, GBK, UTF_16BE, UTF_16LE, UTF_8};

/// The encoding a record was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (with or without a byte-order mark).
    Utf8,
    /// GBK (GB2312 and its extensions; decoded as GB18030).
    Gbk,
    /// Big5 (as the WHATWG Big5 encoding, which includes the Hong Kong extensions).
    Big5,
    /// UTF-16, little end first (recognised by its byte-order mark only).
    Utf16Le,
    /// UTF-16, big end first (recognised by its byte-order mark only).
    Utf16Be,
}

impl TextEncoding {
    /// All encodings, in declaration order.
    pub const ALL: [TextEncoding; 5] =
        [TextEncoding::Utf8, TextEncoding::Gbk, TextEncoding::Big5, TextEncoding::Utf16Le, TextEncoding::Utf16Be];

    /// The name used by `Display` and `FromStr`: `utf-8`, `gbk`, `big5`, `utf-16le`, `utf-16be` (reading ignores
    /// case and also takes the names without the hyphen, and `gb18030` or `cp936` for GBK, `cp950` for Big5).
    ///
    /// ```
    /// use xiangqi::notation::encoding::TextEncoding;
    ///
    /// assert_eq!(TextEncoding::Big5.to_string(), "big5");
    /// assert_eq!("UTF8".parse::<TextEncoding>(), Ok(TextEncoding::Utf8));
    /// assert_eq!("cp936".parse::<TextEncoding>(), Ok(TextEncoding::Gbk));
    /// assert_eq!(
    ///     "latin1".parse::<TextEncoding>().unwrap_err().to_string(),
    ///     "invalid encoding `latin1`: expected utf-8, gbk, big5, utf-16le or utf-16be"
    /// );
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Gbk => "gbk",
            TextEncoding::Big5 => "big5",
            TextEncoding::Utf16Le => "utf-16le",
            TextEncoding::Utf16Be => "utf-16be",
        }
    }

    /// Whether ASCII bytes stand for ASCII characters in it (every encoding but UTF-16).
    pub(crate) const fn is_ascii_compatible(self) -> bool {
        !matches!(self, TextEncoding::Utf16Le | TextEncoding::Utf16Be)
    }

    pub(crate) fn encoding(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => UTF_8,
            TextEncoding::Gbk => GBK,
            TextEncoding::Big5 => BIG5,
            TextEncoding::Utf16Le => UTF_16LE,
            TextEncoding::Utf16Be => UTF_16BE,
        }
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

xiangqi_board::parse_error! {
    /// The error of parsing a [`TextEncoding`] name.
    pub struct ParseTextEncodingError: "encoding", "utf-8, gbk, big5, utf-16le or utf-16be"
}

impl FromStr for TextEncoding {
    type Err = ParseTextEncodingError;

    fn from_str(name: &str) -> Result<TextEncoding, ParseTextEncodingError> {
        let lower = name.to_ascii_lowercase();
        let found = match lower.as_str() {
            "gb18030" | "cp936" | "gb2312" => Some(TextEncoding::Gbk),
            "cp950" => Some(TextEncoding::Big5),
            _ => TextEncoding::ALL.into_iter().find(|e| e.name() == lower || e.name().replace('-', "") == lower),
        };
        found.ok_or(ParseTextEncodingError::new(name))
    }
}

/// Characters that fill xiangqi records, in simplified and traditional forms.
const TELLING: [char; 52] = [
    '一', '七', '三', '九', '二', '五', '仕', '俥', '傌', '兵', '八', '六', '前', '包', '卒', '后', '和', '四', '士',
    '将', '將', '帅', '帥', '平', '後', '炮', '相', '砲', '紅', '红', '胜', '負', '负', '象', '車', '车', '退', '進',
    '进', '馬', '马', '黑', '勝', '１', '２', '３', '４', '５', '６', '７', '８', '９',
];

/// The two-byte codes of the [`TELLING`] characters in GBK and in Big5, sorted.
fn telling_codes() -> &'static (Vec<u16>, Vec<u16>) {
    static CODES: OnceLock<(Vec<u16>, Vec<u16>)> = OnceLock::new();
    CODES.get_or_init(|| {
        let codes = |encoding: &'static Encoding| {
            let mut codes: Vec<u16> = TELLING
                .iter()
                .filter_map(|ch| {
                    let mut buffer = [0; 4];
                    let (bytes, _, unmappable) = encoding.encode(ch.encode_utf8(&mut buffer));
                    match (&bytes[..], unmappable) {
                        ([lead, trail], false) => Some(u16::from_be_bytes([*lead, *trail])),
                        _ => None,
                    }
                })
                .collect();
            codes.sort_unstable();
            codes
        };
        (codes(GBK), codes(BIG5))
    })
}

/// The [`telling_codes`] as sets of one bit per two-byte code (8 KiB for each encoding, GBK first), so that a
/// byte pair is looked up at once.
fn telling_bits() -> &'static [[u64; 1024]; 2] {
    static BITS: OnceLock<Box<[[u64; 1024]; 2]>> = OnceLock::new();
    BITS.get_or_init(|| {
        let (gbk, big5) = telling_codes();
        let mut bits = Box::new([[0; 1024]; 2]);
        for (set, codes) in bits.iter_mut().zip([gbk, big5]) {
            for &code in codes {
                set[usize::from(code >> 6)] |= 1 << (code & 63);
            }
        }
        bits
    })
}

/// How many telling characters `bytes` holds read as GBK and as Big5. Both encodings write a non-ASCII
/// character as a lead byte 0x81–0xFE and one trail byte, so one pass over the pairs serves both.
fn scores(bytes: &[u8]) -> (usize, usize) {
    let [gbk, big5] = telling_bits();
    let has = |set: &[u64; 1024], code: u16| usize::from(set[usize::from(code >> 6)] >> (code & 63) & 1 == 1);
    let (mut gbk_score, mut big5_score) = (0, 0);
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] < 0x81 {
            i += 1;
            continue;
        }
        let code = u16::from_be_bytes([bytes[i], bytes[i + 1]]);
        gbk_score += has(gbk, code);
        big5_score += has(big5, code);
        i += 2;
    }
    (gbk_score, big5_score)
}

/// Chooses the encoding of `bytes` as the [module documentation](self) describes.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    decode(bytes).1
}

/// Decodes `bytes` in the encoding [detected](self) for them; the byte-order mark, if any, is removed.
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    let (encoding, bom) = detect_prefix(bytes, true);
    let rest = bytes.get(bom..).unwrap_or_default();
    match core::str::from_utf8(rest) {
        Ok(text) if encoding == TextEncoding::Utf8 => (Cow::Borrowed(text), encoding),
        _ => (decode_as(rest, encoding), encoding),
    }
}

/// Chooses the encoding of the first bytes of a longer input, as [`decode`] chooses it for a whole one: a
/// byte-order mark, else UTF-8 when the bytes are valid UTF-8 (a character cut off at the end is allowed unless
/// `complete`), else GBK or Big5 by score. Returns the encoding and the length of the byte-order mark.
pub(crate) fn detect_prefix(bytes: &[u8], complete: bool) -> (TextEncoding, usize) {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let which = if encoding == UTF_16LE {
            TextEncoding::Utf16Le
        } else if encoding == UTF_16BE {
            TextEncoding::Utf16Be
        } else {
            TextEncoding::Utf8
        };
        return (which, bom);
    }
    (detect_unmarked(bytes, complete), 0)
}

/// Chooses the encoding of bytes that do not start the input (so a byte-order mark cannot be among them), as
/// [`detect_prefix`] does after the mark: UTF-8 when the bytes are valid UTF-8 (a character cut off at the end is
/// allowed unless `complete`), else GBK or Big5 by score.
pub(crate) fn detect_unmarked(bytes: &[u8], complete: bool) -> TextEncoding {
    match core::str::from_utf8(bytes) {
        Ok(_) => return TextEncoding::Utf8,
        Err(err) if err.error_len().is_none() && !complete => return TextEncoding::Utf8,
        Err(_) => {}
    }
    let (gbk, big5) = scores(bytes);
    if big5 > gbk {
        TextEncoding::Big5
    } else {
        TextEncoding::Gbk
    }
}

/// Decodes `bytes` in a known ASCII-compatible encoding (no detection, no byte-order mark handling), and says
/// whether some were not valid in it (they become U+FFFD).
pub(crate) fn decode_checked(bytes: &[u8], encoding: TextEncoding) -> (Cow<'_, str>, bool) {
    if encoding == TextEncoding::Utf8 {
        if let Ok(text) = core::str::from_utf8(bytes) {
            return (Cow::Borrowed(text), false);
        }
    }
    let (text, malformed) = encoding.encoding().decode_without_bom_handling(bytes);
    (text, malformed)
}

/// Decodes `bytes` in a known encoding (no detection, no byte-order mark handling).
pub fn decode_as(bytes: &[u8], encoding: TextEncoding) -> Cow<'_, str> {
    encoding.encoding().decode_without_bom_handling(bytes).0
}

/// Encodes `text` in `encoding` for writing (characters the encoding lacks become HTML numeric references, as
/// the WHATWG encoders do; UTF-16 is written as UTF-8, as the WHATWG standard requires of encoders).
pub fn encode(text: &str, encoding: TextEncoding) -> Cow<'_, [u8]> {
    encoding.encoding().encode(text).0
}

/// Encodes `text` in `encoding`, or `None` if it holds a character the encoding lacks (for the binary writers,
/// whose fields cannot hold a numeric reference).
pub(crate) fn encode_exact(text: &str, encoding: TextEncoding) -> Option<Cow<'_, [u8]>> {
    let (bytes, _, unmappable) = encoding.encoding().encode(text);
    (!unmappable).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_telling_character_has_a_code_in_both_encodings() {
        let (gbk, big5) = telling_codes();
        assert_eq!(gbk.len(), TELLING.len());
        // Big5 lacks the simplified forms, and 俥 is a Hong Kong (HKSCS) character, which the WHATWG Big5 encoder
        // leaves out (its decoder reads it).
        let missing: String = TELLING.iter().filter(|ch| BIG5.encode(&ch.to_string()).2).collect();
        assert_eq!(missing, "俥将帅红负车进马");
        assert_eq!(big5.len(), TELLING.len() - 8);
        assert!(gbk.windows(2).chain(big5.windows(2)).all(|w| w[0] < w[1]), "distinct codes");
    }

    #[test]
    fn utf16_with_bom() {
        let mut bytes = vec![0xff, 0xfe];
        for unit in "炮二平五".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        assert_eq!(decode(&bytes), (Cow::Borrowed("炮二平五"), TextEncoding::Utf16Le));
    }

    #[test]
    fn round_trip_through_each_encoding() {
        let text = "[Red \"許銀川\"]\n1. 車一進一 馬８進７ 1-0";
        for encoding in [TextEncoding::Gbk, TextEncoding::Big5, TextEncoding::Utf8] {
            let bytes = encode(text, encoding);
            assert_eq!(decode(&bytes), (Cow::Borrowed(text), encoding), "{encoding:?}");
        }
    }
}
