//! The XQF header: its size, where its strings are, and the keys of an encrypted file (the layout and the
//! decryption are in the [module documentation](super)).

/// The size of the header; move records start here.
pub const HEADER_LEN: usize = 0x400;

/// The mask string of the move-section encryption.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The header strings: (offset of the length byte, longest value, tag name).
pub(super) const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 0x7f, "Title"),
    (0xd0, 0x3f, "Event"),
    (0x110, 0x0f, "Date"),
    (0x120, 0x0f, "Site"),
    (0x130, 0x0f, "Red"),
    (0x140, 0x0f, "Black"),
    (0x150, 0x3f, "TimeControl"),
    (0x190, 0x0f, "RedTime"),
    (0x1a0, 0x0f, "BlackTime"),
    (0x1d0, 0x0f, "Annotator"),
    (0x1e0, 0x0f, "Author"),
];

/// The keys of a file, derived from its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Keys {
    pub(super) version: u8,
    /// Added to every piece square.
    pub(super) xy: u8,
    /// Added to the `from` byte of every move.
    pub(super) xyf: u8,
    /// Added to the `to` byte of every move.
    pub(super) xyt: u8,
    /// Added to every comment length.
    pub(super) comment_len: i32,
    /// Added to byte `i` of the move section: `stream[i % 32]`.
    pub(super) stream: [u8; 32],
}

fn derive(k: u8, m: u8) -> u8 {
    54u8.wrapping_mul(k).wrapping_mul(k).wrapping_add(221).wrapping_mul(m)
}

impl Keys {
    /// The keys of the header `header` (at least its first 16 bytes).
    pub(super) fn from_header(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= 0x0a {
            return Keys { version, xy: 0, xyf: 0, xyt: 0, comment_len: 0, stream: [0; 32] };
        }
        let mask = header[3];
        let or = [header[8], header[9], header[10], header[11]];
        let stored = [header[12], header[13], header[14], header[15]];
        let xy = derive(stored[1], stored[1]);
        let xyf = derive(stored[2], xy);
        let xyt = derive(stored[3], xyf);
        let comment_len = (i32::from(stored[0]) * 256 + i32::from(stored[1])) % 32000 + 767;
        let stream = core::array::from_fn(|i| COPYRIGHT[i] & ((stored[i % 4] & mask) | or[i % 4]));
        Keys { version, xy, xyf, xyt, comment_len, stream }
    }
}
