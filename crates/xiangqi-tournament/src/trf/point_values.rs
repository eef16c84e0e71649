//! [`PointValues`]: what each kind of result scores, in tenths of a point, as the `BBW`…`BBU` lines (or
//! TRF-2026's `162` line) set it.

use core::fmt;

/// The points of each kind of result, in tenths of a point (bbpPairings' `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`,
/// `BBU` lines). The defaults are chess's 1/½/0 with a pairing-allocated bye worth a win; a xiangqi event
/// writes `BBW 2.0` and `BBD 1.0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointValues {
    /// A win (`BBW`), also a forfeit win and a full-point bye.
    pub win: u32,
    /// A draw (`BBD`), also a half-point bye.
    pub draw: u32,
    /// A loss over the board (`BBL`).
    pub loss: u32,
    /// A zero-point bye or an absence (`BBZ`).
    pub zero_point_bye: u32,
    /// A loss by forfeit (`BBF`).
    pub forfeit_loss: u32,
    /// The pairing-allocated bye (`BBU`; a win's points unless set).
    pub pairing_allocated_bye: u32,
}

impl Default for PointValues {
    fn default() -> PointValues {
        PointValues { win: 10, draw: 5, loss: 0, zero_point_bye: 0, forfeit_loss: 0, pairing_allocated_bye: 10 }
    }
}

impl PointValues {
    /// The xiangqi points: win 2, draw 1, loss 0, the pairing-allocated bye a win.
    #[must_use]
    pub const fn xiangqi() -> PointValues {
        PointValues { win: 20, draw: 10, loss: 0, zero_point_bye: 0, forfeit_loss: 0, pairing_allocated_bye: 20 }
    }

    /// The `BB?` lines that differ from the defaults, as `(code, tenths)`, in the order `BBW BBD BBL BBZ BBF
    /// BBU`; `BBU` only when it differs from the win.
    pub(crate) fn non_default_lines(&self) -> impl Iterator<Item = (&'static str, u32)> {
        let defaults = PointValues::default();
        [
            ("BBW", self.win, defaults.win),
            ("BBD", self.draw, defaults.draw),
            ("BBL", self.loss, defaults.loss),
            ("BBZ", self.zero_point_bye, defaults.zero_point_bye),
            ("BBF", self.forfeit_loss, defaults.forfeit_loss),
            ("BBU", self.pairing_allocated_bye, self.win),
        ]
        .into_iter()
        .filter(|&(_, value, default)| value != default)
        .map(|(code, value, _)| (code, value))
    }
}

/// Tenths of a point written as TRF writes them: `2.0`, `10.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tenths(pub(crate) u32);

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = alloc::format!("{}.{}", self.0 / 10, self.0 % 10);
        f.pad(&text)
    }
}

impl Tenths {
    /// Reads `7`, `7.0`, `7.5` or `.5` (at most one decimal); `None` for anything else.
    pub(crate) fn parse(text: &str) -> Option<Tenths> {
        let (whole, tenth) = match text.split_once('.') {
            Some((whole, tenth)) => (whole, tenth),
            None => (text, "0"),
        };
        if whole.is_empty() && tenth.is_empty() {
            return None;
        }
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(tenth) || tenth.len() != 1 || whole.len() > 4 {
            return None;
        }
        let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        Some(Tenths(whole * 10 + tenth.parse::<u32>().ok()?))
    }
}
