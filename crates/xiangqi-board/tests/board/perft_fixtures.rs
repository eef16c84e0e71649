//! Perft on positions written for this crate, each exercising one movement or legality rule, and on 520
//! positions made by random play. The counts come from Fairy-Stockfish (`scripts/golden/perft_fixtures_pyffish.py`
//! and `scripts/golden/perft_pyffish.py`), an independent implementation.

use crate::common;

#[test]
fn rule_fixtures_match_fairy_stockfish() {
    let cases = common::parse_perft_file(include_str!("../data/perft_fixtures.txt"));
    assert!(cases.len() >= 25);
    let checked = common::check_perft_cases(&cases, u64::MAX);
    assert!(checked >= 70);
}

#[test]
fn random_positions_match_fairy_stockfish() {
    let cases = common::parse_perft_file(include_str!("../data/perft_pyffish.txt"));
    assert!(cases.len() >= 500, "at least 500 golden positions");
    let checked = common::check_perft_cases(&cases, u64::MAX);
    assert_eq!(checked, cases.len() * 3);
}
