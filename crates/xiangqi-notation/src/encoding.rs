//! Text encodings of game records, and how the readers tell them apart.
//!
//! Chinese game records come in UTF-8, GBK (mainland software: XQWizard, XQStudio, most PGN files) and Big5
//! (Taiwan and Hong Kong collections). Files rarely say which, so [`decode`] decides:
//! 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) decides and is removed;
//! 2. otherwise, text that is valid UTF-8 is UTF-8;
//! 3. otherwise the bytes are decoded both as GBK and as Big5, and each reading scores one point per character
//!    that xiangqi records are full of (piece names, 进/進, 平, 退, full-width digits, 红/紅, 胜/勝, …) and loses
//!    ten per byte sequence the encoding cannot decode. The higher score wins; a tie goes to GBK.
//!
//! A wrong byte sequence never fails decoding: it becomes U+FFFD, and the reader then reports the move or tag that
//! contains it. GBK is decoded as the WHATWG `gbk` encoding (`encoding_rs`), which is GB18030's decoder and so
//! also reads the characters outside GBK proper.
//!
//! ```
//! use xiangqi_notation::encoding::{decode, TextEncoding};
//!
//! // 炮二平五 in GBK and in Big5.
//! let gbk = [0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5];
//! let big5 = [0xac, 0xb6, 0xa4, 0x47, 0xa5, 0xad, 0xa4, 0xad];
//! assert_eq!(decode(&gbk), ("炮二平五".into(), TextEncoding::Gbk));
//! assert_eq!(decode(&big5), ("炮二平五".into(), TextEncoding::Big5));
//! assert_eq!(decode("炮二平五".as_bytes()).1, TextEncoding::Utf8);
//! ```

use std::borrow::Cow;

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
    fn encoding(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => UTF_8,
            TextEncoding::Gbk => GBK,
            TextEncoding::Big5 => BIG5,
            TextEncoding::Utf16Le => UTF_16LE,
            TextEncoding::Utf16Be => UTF_16BE,
        }
    }
}

/// Characters that fill xiangqi records, in simplified and traditional forms, sorted for binary search.
const TELLING: &[char] = &{
    let mut chars = [
        '一', '七', '三', '九', '二', '五', '仕', '俥', '傌', '兵', '八', '六', '前', '包', '卒', '后', '和', '四',
        '士', '将', '將', '帅', '帥', '平', '後', '炮', '相', '砲', '紅', '红', '胜', '負', '负', '象', '車', '车',
        '退', '進', '进', '馬', '马', '黑', '勝', '１', '２', '３', '４', '５', '６', '７', '８', '９',
    ];
    // A const insertion sort, so the list above can stay readable.
    let mut i = 1;
    while i < chars.len() {
        let mut j = i;
        while j > 0 && (chars[j - 1] as u32) > (chars[j] as u32) {
            let t = chars[j];
            chars[j] = chars[j - 1];
            chars[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    chars
};

fn score(text: &str) -> i64 {
    text.chars()
        .map(|ch| {
            if ch == char::REPLACEMENT_CHARACTER {
                -10
            } else if !ch.is_ascii() && TELLING.binary_search(&ch).is_ok() {
                1
            } else {
                0
            }
        })
        .sum()
}

/// Chooses the encoding of `bytes` as the [module documentation](self) describes.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    decode(bytes).1
}

/// Decodes `bytes` in the encoding [detected](self) for them; the byte-order mark, if any, is removed.
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let which = if encoding == UTF_16LE {
            TextEncoding::Utf16Le
        } else if encoding == UTF_16BE {
            TextEncoding::Utf16Be
        } else {
            TextEncoding::Utf8
        };
        let rest = bytes.get(bom..).unwrap_or_default();
        return (encoding.decode_without_bom_handling(rest).0, which);
    }
    if let Ok(text) = core::str::from_utf8(bytes) {
        return (Cow::Borrowed(text), TextEncoding::Utf8);
    }
    let gbk = GBK.decode_without_bom_handling(bytes).0;
    let big5 = BIG5.decode_without_bom_handling(bytes).0;
    if score(&big5) > score(&gbk) {
        (big5, TextEncoding::Big5)
    } else {
        (gbk, TextEncoding::Gbk)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn telling_characters_are_sorted_and_distinct() {
        assert!(TELLING.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(TELLING.len(), 52);
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
        let text = "[Red \"許銀川\"]\n1. 俥一進一 馬８進７ 1-0";
        for encoding in [TextEncoding::Gbk, TextEncoding::Big5, TextEncoding::Utf8] {
            let bytes = encode(text, encoding);
            assert_eq!(decode(&bytes), (Cow::Borrowed(text), encoding), "{encoding:?}");
        }
    }
}
