//! The shared perft suite (`$XIANGQI_TESTDATA/perft.txt`): published counts from Pikafish's px0, folium and
//! Fairy-Stockfish. Counts above `XIANGQI_PERFT_MAX_NODES` (default 200 million) are skipped to keep the test
//! run short; set it to 10000000000 to include the start position at depth 6.

use crate::common;

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn shared_perft_suite() {
    let dir = common::testdata();
    let text = std::fs::read_to_string(dir.join("perft.txt")).expect("perft.txt is readable");
    let cases = common::parse_perft_file(&text);
    assert_eq!(cases.len(), 14, "the suite has 14 positions");
    let max_nodes = std::env::var("XIANGQI_PERFT_MAX_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(200_000_000);
    let checked = common::check_perft_cases(&cases, max_nodes);
    eprintln!("checked {checked} perft counts of {} positions (max {max_nodes} nodes)", cases.len());
    assert!(checked >= 14 * 5, "every position is checked to depth 5");
}
