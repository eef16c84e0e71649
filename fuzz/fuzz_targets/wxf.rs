//! WXF and AXF letter notation: never a panic on any input; whatever parses writes back (official WXF and each
//! AXF style) to a text that parses to the same value; a text that names a move in one of a few positions rich
//! in tandem pieces writes back, in every dialect, to a text that names the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::Position;
use xiangqi_notation::{format::parse_any, Axf, AxfStyle, Script, Wxf, WxfDialect};

const POSITIONS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "3k5/2P6/2P3P2/2P3P2/9/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b",
    "5k3/9/4C4/9/9/9/9/9/4C4/3K5 w",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let positions = POSITIONS.map(|fen| fen.parse::<Position>().expect("fixture FEN"));
    for pos in &positions {
        let _ = parse_any(text, pos);
    }
    let Ok(wxf) = text.parse::<Wxf>() else { return };
    assert_eq!(wxf.to_string().parse::<Wxf>(), Ok(wxf), "{text:?} → {wxf}");
    let axf: Axf = text.parse().expect("the AXF reader is the WXF reader");
    for style in [AxfStyle::Equals, AxfStyle::Dot, AxfStyle::Letters] {
        for script in [Script::Simplified, Script::Traditional] {
            let written = axf.to_string_with(style, script);
            assert_eq!(written.parse::<Axf>().map(|again| again.to_wxf()), Ok(wxf), "{text:?} → {written:?}");
        }
    }
    for pos in &positions {
        if let Ok(mv) = wxf.to_move(pos) {
            assert_eq!(axf.to_move(pos), Ok(mv));
            for dialect in [WxfDialect::Official, WxfDialect::XqWizard] {
                let written = Wxf::from_move_in(pos, mv, dialect).expect("a legal move is written");
                let read: Wxf = written.to_string_in(dialect).parse().expect("written WXF parses");
                assert_eq!(read.to_move(pos), Ok(mv), "{text:?} → {written}");
            }
        }
    }
});
