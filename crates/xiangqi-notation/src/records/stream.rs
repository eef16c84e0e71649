//! Text decoded from a byte stream as it is read, in the encoding detected on the stream's first bytes.
//!
//! The encoding is chosen as [`encoding::decode`](crate::encoding::decode) chooses it for a whole file, from the
//! first [`DECIDE_LEN`] bytes after the ASCII prefix (ASCII reads the same in every candidate encoding, so an
//! English header does not decide). From then on each chunk is decoded as it arrives; nothing but the undecided
//! prefix is held.

use std::io::{self, BufRead};

use encoding_rs::Decoder;

use crate::{
    encoding::{detect_prefix, detect_unmarked, TextEncoding},
    Location, RecordError, RecordErrorKind,
};

/// How many bytes after the ASCII prefix decide the encoding (fewer at the end of the input).
pub(crate) const DECIDE_LEN: usize = 64 * 1024;

/// A byte stream being decoded into text.
pub(crate) struct TextStream<R> {
    reader: R,
    /// Bytes read but not decoded yet: the undecided prefix.
    pending: Vec<u8>,
    /// Whether the start of the input (where a byte-order mark may be) has been looked at.
    started: bool,
    decoder: Option<(Decoder, TextEncoding)>,
    done: bool,
}

impl<R: BufRead> TextStream<R> {
    /// A stream decoded in `encoding`, or in the encoding detected on its first bytes when `None`.
    pub(crate) fn new(reader: R, encoding: Option<TextEncoding>) -> TextStream<R> {
        let decoder = encoding.map(|encoding| (encoding.encoding().new_decoder_with_bom_removal(), encoding));
        TextStream { reader, pending: Vec::new(), started: false, decoder, done: false }
    }

    /// The encoding, once chosen.
    pub(crate) fn encoding(&self) -> Option<TextEncoding> {
        self.decoder.as_ref().map(|(_, encoding)| *encoding)
    }

    /// Appends the next decoded text to `out`. Returns `false` when the input is exhausted (then nothing more
    /// will be appended).
    ///
    /// # Errors
    /// An error of the reader (reads interrupted by a signal are retried).
    pub(crate) fn fill(&mut self, out: &mut String) -> io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        let chunk = loop {
            match self.reader.fill_buf() {
                Ok(chunk) => break chunk,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        };
        let end = chunk.is_empty();
        if let Some((decoder, _)) = &mut self.decoder {
            let len = chunk.len();
            decode(decoder, chunk, end, out);
            self.reader.consume(len);
            self.done = end;
            return Ok(!end);
        }
        // Undecided: ASCII passes through; the rest waits until enough is there to decide.
        let len = chunk.len();
        if self.pending.is_empty() && self.started {
            let ascii = chunk.iter().position(|b| !b.is_ascii()).unwrap_or(len);
            out.push_str(core::str::from_utf8(&chunk[..ascii]).expect("ASCII is UTF-8"));
            self.pending.extend_from_slice(&chunk[ascii..]);
        } else {
            self.pending.extend_from_slice(chunk);
        }
        self.reader.consume(len);
        if !self.started {
            // A byte-order mark needs up to three bytes.
            if self.pending.len() < 3 && !end {
                return Ok(true);
            }
            self.started = true;
            let (encoding, bom) = detect_prefix(&self.pending, end);
            if bom > 0 {
                self.pending.drain(..bom);
                self.decide(encoding, end, out);
                return Ok(!end);
            }
            // No mark: pass the ASCII prefix through, as for any later chunk.
            let ascii = self.pending.iter().position(|b| !b.is_ascii()).unwrap_or(self.pending.len());
            out.push_str(core::str::from_utf8(&self.pending[..ascii]).expect("ASCII is UTF-8"));
            self.pending.drain(..ascii);
        }
        if self.pending.len() >= DECIDE_LEN || end {
            // The start of the input has been looked at: bytes FE FF or FF FE here are no byte-order mark.
            let encoding = detect_unmarked(&self.pending, end);
            self.decide(encoding, end, out);
        }
        self.done = end;
        Ok(!end)
    }

    /// Chooses `encoding` and decodes the pending bytes in it.
    fn decide(&mut self, encoding: TextEncoding, end: bool, out: &mut String) {
        let mut decoder = encoding.encoding().new_decoder_without_bom_handling();
        let pending = core::mem::take(&mut self.pending);
        decode(&mut decoder, &pending, end, out);
        self.decoder = Some((decoder, encoding));
        self.done = end;
    }
}

/// The decoded text of a stream that a streaming reader has not consumed yet: a buffer, the read position in it
/// and the line of that position. The text before the read position is dropped when more is read.
pub(crate) struct Window<R> {
    stream: TextStream<R>,
    /// Decoded text; the part before `pos` is consumed.
    pub(crate) text: String,
    pub(crate) pos: usize,
    /// The line (from 1) of `pos`.
    pub(crate) line: usize,
    /// Whether the input is exhausted (all of it is in `text`).
    pub(crate) end: bool,
}

impl<R: BufRead> Window<R> {
    pub(crate) fn new(reader: R, encoding: Option<TextEncoding>) -> Window<R> {
        Window { stream: TextStream::new(reader, encoding), text: String::new(), pos: 0, line: 1, end: false }
    }

    /// The encoding of the stream, once chosen.
    pub(crate) fn encoding(&self) -> Option<TextEncoding> {
        self.stream.encoding()
    }

    /// Consumes the text up to `to`, counting its lines.
    pub(crate) fn advance(&mut self, to: usize) {
        self.line += count_lines(&self.text[self.pos..to]);
        self.pos = to;
    }

    /// Drops the consumed text and appends more of the stream: at least as much as the window holds unconsumed
    /// (so that a caller that scans the unconsumed text again after each call scans each byte a bounded number
    /// of times: the window grows geometrically), or up to the end. Returns how many bytes were dropped (offsets
    /// into `text` that the caller keeps move down by that much).
    ///
    /// # Errors
    /// The reader's error, as a [`RecordError`] of game `game` at the current line.
    pub(crate) fn read_more(&mut self, game: usize) -> Result<usize, RecordError> {
        let dropped = self.pos;
        if dropped > 0 {
            self.text.drain(..dropped);
            self.pos = 0;
        }
        let target = self.text.len() * 2;
        loop {
            match self.stream.fill(&mut self.text) {
                Ok(more) => self.end = !more,
                Err(err) => {
                    let error = RecordError::new(Location::Line(self.line), RecordErrorKind::Io(err.kind()));
                    return Err(error.in_game(game));
                }
            }
            if self.end || self.text.len() >= target {
                return Ok(dropped);
            }
        }
    }
}

/// The bytes of a stream that a streaming reader has not consumed yet, in an ASCII-compatible encoding: as read,
/// less a UTF-8 byte-order mark, or transcoded to UTF-8 when the stream is UTF-16 (marked, or chosen). The bytes
/// before the read position are dropped when more is read.
pub(crate) struct ByteWindow<R> {
    reader: R,
    /// Bytes; the part before `pos` is consumed.
    pub(crate) bytes: Vec<u8>,
    pub(crate) pos: usize,
    /// The line (from 1) of `pos`.
    pub(crate) line: usize,
    /// Whether the input is exhausted (all of it is in `bytes`).
    pub(crate) end: bool,
    /// The encoding chosen for the whole stream, if any.
    forced: Option<TextEncoding>,
    /// Whether the start of the stream (where a byte-order mark may be) has been looked at.
    started: bool,
    /// The decoder of a UTF-16 stream, with its encoding.
    transcoder: Option<(Decoder, TextEncoding)>,
}

impl<R: BufRead> ByteWindow<R> {
    /// A window on `reader`, whose text is in `forced` if given.
    pub(crate) fn new(reader: R, forced: Option<TextEncoding>) -> ByteWindow<R> {
        let transcoder = forced
            .filter(|encoding| !encoding.is_ascii_compatible())
            .map(|encoding| (encoding.encoding().new_decoder_with_bom_removal(), encoding));
        ByteWindow { reader, bytes: Vec::new(), pos: 0, line: 1, end: false, forced, started: false, transcoder }
    }

    /// The encoding of the whole stream when it has one (chosen, or UTF-16 by its byte-order mark): then every
    /// game is in it.
    pub(crate) fn stream_encoding(&self) -> Option<TextEncoding> {
        self.transcoder.as_ref().map(|(_, encoding)| *encoding).or(self.forced)
    }

    /// Consumes the bytes up to `to`, counting their lines.
    pub(crate) fn advance(&mut self, to: usize) {
        self.line += self.bytes[self.pos..to].iter().filter(|&&b| b == b'\n').count();
        self.pos = to;
    }

    /// Drops the consumed bytes and appends the next piece of the stream; returns how many bytes were dropped.
    ///
    /// # Errors
    /// The reader's error, as a [`RecordError`] of game `game` at the current line.
    pub(crate) fn read_more(&mut self, game: usize) -> Result<usize, RecordError> {
        let dropped = self.pos;
        if dropped > 0 {
            self.bytes.drain(..dropped);
            self.pos = 0;
        }
        let io = |err: io::Error, line| RecordError::new(Location::Line(line), RecordErrorKind::Io(err.kind()));
        let chunk = loop {
            match self.reader.fill_buf() {
                Ok(chunk) => break chunk,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(io(err, self.line).in_game(game)),
            }
        };
        // At most a mebibyte at a time, so that a reader that gives all its bytes at once is not copied whole.
        let len = chunk.len().min(1 << 20);
        let chunk = &chunk[..len];
        self.end = len == 0;
        match &mut self.transcoder {
            Some((decoder, _)) => {
                let mut text = String::new();
                decode(decoder, chunk, self.end, &mut text);
                self.bytes.extend_from_slice(text.as_bytes());
            }
            None => self.bytes.extend_from_slice(chunk),
        }
        self.reader.consume(len);
        if !self.started && self.transcoder.is_none() {
            // A byte-order mark needs up to three bytes.
            if self.bytes.len() < 3 && !self.end {
                return Ok(dropped);
            }
            self.started = true;
            self.look_at_the_start();
        }
        Ok(dropped)
    }

    /// At the start of the stream: drops a UTF-8 byte-order mark (unless another encoding was chosen), or
    /// transcodes the stream from UTF-16 after its mark.
    fn look_at_the_start(&mut self) {
        let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(&self.bytes) else { return };
        if encoding == encoding_rs::UTF_8 {
            if matches!(self.forced, None | Some(TextEncoding::Utf8)) {
                self.bytes.drain(..bom);
            }
            return;
        }
        if self.forced.is_some() {
            return;
        }
        let which = if encoding == encoding_rs::UTF_16LE { TextEncoding::Utf16Le } else { TextEncoding::Utf16Be };
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let mut text = String::new();
        decode(&mut decoder, &self.bytes[bom..], self.end, &mut text);
        self.bytes = text.into_bytes();
        self.transcoder = Some((decoder, which));
    }
}

/// The number of line breaks in `text`.
pub(crate) fn count_lines(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count()
}

/// Decodes all of `bytes` onto `out` (malformed sequences become U+FFFD).
fn decode(decoder: &mut Decoder, mut bytes: &[u8], last: bool, out: &mut String) {
    loop {
        let room = decoder.max_utf8_buffer_length(bytes.len()).unwrap_or(bytes.len() * 3 + 16);
        out.reserve(room);
        let (result, read, _) = decoder.decode_to_string(bytes, out, last);
        bytes = &bytes[read..];
        if result == encoding_rs::CoderResult::InputEmpty {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::encode;

    /// Decodes `bytes` read `chunk` bytes at a time.
    fn read_all(bytes: &[u8], chunk: usize) -> (String, Option<TextEncoding>) {
        let reader = io::BufReader::with_capacity(chunk, bytes);
        let mut stream = TextStream::new(reader, None);
        let mut out = String::new();
        while stream.fill(&mut out).unwrap() {}
        (out, stream.encoding())
    }

    #[test]
    fn each_encoding_in_small_chunks() {
        let text = "[Event \"ascii first\"]\n[Red \"許銀川\"]\n1. 車一進一 馬８進７ 1-0\n";
        for encoding in [TextEncoding::Gbk, TextEncoding::Big5, TextEncoding::Utf8] {
            let bytes = encode(text, encoding);
            for chunk in [1, 2, 3, 7, 4096] {
                assert_eq!(read_all(&bytes, chunk), (text.to_owned(), Some(encoding)), "{encoding:?} {chunk}");
            }
        }
    }

    #[test]
    fn byte_order_marks() {
        let mut utf8 = vec![0xef, 0xbb, 0xbf];
        utf8.extend_from_slice("炮二平五".as_bytes());
        assert_eq!(read_all(&utf8, 1), ("炮二平五".to_owned(), Some(TextEncoding::Utf8)));
        let mut utf16 = vec![0xfe, 0xff];
        for unit in "[A \"炮\"]".encode_utf16() {
            utf16.extend_from_slice(&unit.to_be_bytes());
        }
        assert_eq!(read_all(&utf16, 3), ("[A \"炮\"]".to_owned(), Some(TextEncoding::Utf16Be)));
    }

    #[test]
    fn ascii_only_and_empty() {
        assert_eq!(read_all(b"1. h2e2 *", 2), ("1. h2e2 *".to_owned(), Some(TextEncoding::Utf8)));
        assert_eq!(read_all(b"", 2), (String::new(), Some(TextEncoding::Utf8)));
    }

    #[test]
    fn the_first_chunk_decides_and_later_bad_bytes_become_replacements() {
        // UTF-8 decided on a long prefix; a GBK byte pair far later is not UTF-8.
        let mut bytes = "炮".repeat(DECIDE_LEN).into_bytes();
        bytes.extend_from_slice(&[0xc5, 0xda]);
        let (text, encoding) = read_all(&bytes, 8192);
        assert_eq!(encoding, Some(TextEncoding::Utf8));
        assert!(text.ends_with("炮\u{fffd}\u{fffd}"), "{:?}", &text[text.len() - 9..]);
    }
}
