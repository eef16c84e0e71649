//! The natural move limit (AXF 2008 第二章第八节): 100 plies without a capture draw the game; the claimant's
//! checks beyond 10 do not count.

use xiangqi_adjudicator::{Game, RuleBook, Ruling, Section};
use xiangqi_board::Position;

#[test]
fn the_hundredth_ply_without_a_capture_draws() {
    // The FEN's half-move clock says 98 plies have passed without a capture.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 98 80").unwrap();
    let mut game = Game::new(start, RuleBook::Axf2008);
    assert_eq!(game.play("a0a1".parse().unwrap()).unwrap().ruling, Ruling::Continue);
    assert_eq!(game.play("d9d8".parse().unwrap()).unwrap().ruling, Ruling::Draw);
    let verdict = game.verdict();
    assert_eq!(verdict.ruling, Ruling::Draw);
    assert_eq!(verdict.rules.len(), 1);
    assert_eq!(verdict.rules[0].section, Section::MoveLimit);
    assert_eq!(verdict.rule_text(), "AXF 2008 第二章第八节 (natural move limit: 100 counted plies without a capture)");
    assert_eq!(game.verdict().ruling, Ruling::Draw);
}

#[test]
fn a_capture_resets_the_count() {
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/p3A4/R3K4 w - - 99 80").unwrap();
    let mut game = Game::new(start, RuleBook::Axf2008);
    assert_eq!(game.play("a0a1".parse().unwrap()).unwrap().ruling, Ruling::Continue);
    assert_eq!(game.history().plies_since_capture(), 0);
}

#[test]
fn checking_moves_count_up_to_ten() {
    // Red checks on each of its five moves; up to ten checks of the claimant count, so the limit is reached.
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 90 80").unwrap();
    let mut game = Game::new(start, RuleBook::Axf2008);
    let moves = ["a0a9", "e9e8", "a9a8", "e8e7", "a8a7", "e7e8", "a7a8", "e8e9", "a8a9", "e9e8"];
    let mut last = None;
    for mv in moves {
        last = Some(game.play(mv.parse().unwrap()).unwrap());
    }
    assert_eq!(game.history().checks_since_capture(xiangqi_board::Color::Red), 5);
    let limit = &RuleBook::Axf2008.table().move_limit;
    let counted = xiangqi_adjudicator::move_limit::counted_plies(game.history(), limit, xiangqi_board::Color::Red);
    assert_eq!(counted, 100);
    assert_eq!(last.unwrap().ruling, Ruling::Draw);
}
