//! Forum posts: a DhtmlXQ block cut off at the end of the page (the crawl ends inside a later key) is refused
//! strictly and read leniently up to its last complete pair, with a warning naming where it was cut.

use std::io::BufReader;

use xiangqi_notation::{dhtmlxq, read_any, ReadOptions, RecordErrorKind, WarningKind};

/// A post whose block ends inside `[DhtmlXQ_gametype]`, after its move list.
const CUT: &str = "<div>[DhtmlXQ]\n[DhtmlXQ_title]胡荣华 - 杨官璘[/DhtmlXQ_title]\n\
                   [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_firstnum]0[/DhtmlXQ_firstnum]\
                   [DhtmlXQ_gametype]";

#[test]
fn a_cut_block_is_refused_strictly() {
    let items: Vec<_> = dhtmlxq::Reader::new(CUT.as_bytes()).collect();
    assert_eq!(items.len(), 1);
    let error = items[0].as_ref().unwrap_err();
    assert_eq!(error.kind, RecordErrorKind::Truncated("a [DhtmlXQ] block without [/DhtmlXQ]"));
}

#[test]
fn a_cut_block_reads_its_complete_pairs_leniently_with_a_warning() {
    for capacity in [3, 8192] {
        let mut reader =
            dhtmlxq::Reader::with_options(BufReader::with_capacity(capacity, CUT.as_bytes()), ReadOptions::lenient());
        let game = reader.next().unwrap().unwrap();
        assert_eq!(game.main.nodes.len(), 2);
        assert_eq!(game.tags.get("Event"), None);
        assert!(reader.next().is_none());
        let warnings = reader.take_warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(warnings[0].kind, WarningKind::CutBlock("gametype".into()));
        assert_eq!(
            warnings[0].to_string(),
            "game 1, line 4: the block is cut off in `gametype` (no closing tag): read up to there, the rest left out"
        );
    }
    // Cut inside a key's name, and through read_any.
    let inside = &CUT[..CUT.len() - 5];
    let mut games = read_any(inside.as_bytes(), ReadOptions::lenient()).unwrap();
    assert_eq!(games.next().unwrap().unwrap().main.nodes.len(), 2);
    assert_eq!(games.take_warnings()[0].kind, WarningKind::CutBlock("game".into()));
}

#[test]
fn a_block_cut_inside_its_move_list_keeps_no_moves_but_says_so() {
    let cut = "[DhtmlXQ][DhtmlXQ_title]x[/DhtmlXQ_title][DhtmlXQ_movelist]774770";
    let mut reader = dhtmlxq::Reader::with_options(cut.as_bytes(), ReadOptions::lenient());
    let game = reader.next().unwrap().unwrap();
    assert!(game.main.nodes.is_empty());
    assert_eq!(reader.take_warnings()[0].kind, WarningKind::CutBlock("movelist".into()));
}
