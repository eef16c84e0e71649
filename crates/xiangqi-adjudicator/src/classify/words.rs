//! The text form shared by the flag sets ([`MoveFlags`](super::MoveFlags), [`ChaseReasons`](super::ChaseReasons)):
//! the words of the flags set, joined by `, `.

use core::fmt;

/// Writes the words joined by `, ` (nothing for no flag).
pub(super) fn write_words(f: &mut fmt::Formatter<'_>, words: impl Iterator<Item = &'static str>) -> fmt::Result {
    for (index, word) in words.enumerate() {
        if index > 0 {
            f.write_str(", ")?;
        }
        f.write_str(word)?;
    }
    Ok(())
}
