//! [`ByteCursor`]: reading a binary record (XQF, CBR) piece by piece, with offsets in the file for errors.

use crate::{Location, RecordError, RecordErrorKind};

/// A cursor over `bytes`, which start at offset `base` in the file.
pub(crate) struct ByteCursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> ByteCursor<'a> {
    /// A cursor at `pos` in `bytes`, which start at offset `base` in the file.
    pub(crate) const fn new(bytes: &'a [u8], pos: usize, base: usize) -> ByteCursor<'a> {
        ByteCursor { bytes, pos, base }
    }

    /// The offset in the file of the next byte.
    pub(crate) const fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// The next `len` bytes.
    ///
    /// # Errors
    /// [`RecordErrorKind::Truncated`] with `what`, at the current offset, if fewer than `len` bytes are left.
    pub(crate) fn take(&mut self, len: usize, what: &'static str) -> Result<&'a [u8], RecordError> {
        let end = self.pos.checked_add(len).filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(RecordError::new(Location::Byte(self.offset()), RecordErrorKind::Truncated(what)))?;
        let bytes = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(bytes)
    }

    /// The next four bytes as a little-endian number.
    ///
    /// # Errors
    /// As [`take`](Self::take).
    pub(crate) fn u32(&mut self, what: &'static str) -> Result<u32, RecordError> {
        let bytes = self.take(4, what)?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }
}
