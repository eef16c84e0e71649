//! PRC 1956 specifics: the 捉一不捉二 detector (one piece chased on two squares in turn), 长跟 and 长捉无根子 around
//! it, 长拦 against 长要杀 (图六), the forbidden check combinations and the absence of a move limit.

use crate::common;
use crate::lookahead::{classes, transforms};

use xiangqi_adjudicator::{MoveFlags, RuleBook, Ruling, Verdict};
use xiangqi_board::Color;

fn prc(id: &str) -> Verdict {
    common::CASES.iter().find(|c| c.id == id).expect("catalogue case").verdict(RuleBook::Prc1956)
}

fn side_names(v: &Verdict) -> [&'static str; 2] {
    let sides = &v.evidence.as_ref().expect("a repetition ruling").sides;
    [sides[0].name, sides[1].name]
}

#[test]
fn chasing_one_piece_on_two_squares_in_turn_is_forbidden() {
    // The black rook attacks the red cannon on two squares: unprotected on one (a chase), protected on the
    // other. AXF 2008 §12 allows it; 1956 第八章一7 does not.
    let v = prc("axf-12-rook-attacking-a-protected-cannon-is-a-draw");
    assert_eq!(v.ruling, Ruling::Loses(Color::Black));
    assert_eq!(v.rule().unwrap().to_string(), "PRC 1956 捉一不捉二");
    let evidence = v.evidence.as_ref().unwrap();
    let squares: std::collections::BTreeSet<_> = evidence
        .moves
        .iter()
        .filter(|m| m.mover == Color::Black)
        .flat_map(|m| m.new_attacks().filter(|t| t.target_piece.role == xiangqi_board::Role::Cannon).map(|t| t.target))
        .collect();
    assert_eq!(squares.len(), 2, "the cannon is attacked on two squares");
}

#[test]
fn protected_on_both_squares_is_following() {
    let v = prc("prc-follow-a-protected-cannon");
    assert_eq!(v.ruling, Ruling::Draw);
    assert_eq!(side_names(&v), ["允许着法", "长跟"]);
}

#[test]
fn unprotected_on_every_square_is_chasing_an_unprotected_piece() {
    let v = prc("axf-13-rook-chasing-an-unprotected-cannon-loses");
    assert_eq!(v.ruling, Ruling::Loses(Color::Red));
    assert_eq!(v.rule().unwrap().to_string(), "PRC 1956 长捉无根子");
}

#[test]
fn blocking_mate_threats_draws_but_mate_threats_against_king_moves_lose() {
    let blocked = prc("prc-block-against-mate-threats");
    assert_eq!(blocked.ruling, Ruling::Draw);
    assert_eq!(side_names(&blocked), ["长要杀", "长拦"]);
    assert_eq!(blocked.rule().unwrap().to_string(), "PRC 1956 长拦");
    let king_moves = prc("axf-04-perpetual-mate-threat-is-a-draw");
    assert_eq!(king_moves.ruling, Ruling::Loses(Color::Red));
    assert_eq!(king_moves.rule().unwrap().to_string(), "PRC 1956 长要杀");
}

#[test]
fn checks_combined_with_threats_are_forbidden() {
    for (id, item) in [
        ("axf-06-one-check-one-mate-threat-is-a-draw", "一将一要杀"),
        ("axf-07-one-check-one-chase-is-a-draw", "一将一捉"),
        ("axf-08-one-check-one-threat-to-win-by-check-is-a-draw", "一将一要抽吃"),
    ] {
        let v = common::CASES.iter().find(|c| c.id == id).expect("catalogue case").warning(RuleBook::Prc1956);
        assert_eq!(v.ruling, Ruling::MustChange(Color::Red), "{id}");
        assert_eq!(
            v.rule_text(),
            format!("PRC 1956 {item} + PRC 1956 第八章一 (red must change; one more cycle and red loses)")
        );
        assert_eq!(prc(id).ruling, Ruling::Loses(Color::Red), "{id}");
    }
    // 一将一闲 stays allowed.
    assert_eq!(prc("axf-08-one-check-one-idle-is-a-draw").rule().unwrap().to_string(), "PRC 1956 一将一闲");
}

#[test]
fn the_book_has_no_move_limit() {
    assert_eq!(RuleBook::Prc1956.table().move_limit.plies, 0);
}

/// Each book reads a move with its own 捉, whatever another book's reading: the red horse steps from f3 to g5 and
/// attacks the black rook f7, which the cannon f9 protects. AXF 2008 (棋例 §10: a horse may not chase a rook),
/// ROC 2007 (the same definition) and CXA (a rook is worth more than a horse, so the attack wins material: 第24条
/// 24.11) read a chase; PRC 1956, whose 捉 is an attack on an unprotected piece (第八章一3 长捉无根子), reads 跟:
/// following a protected piece (第六章二3). The move's own flags keep the AXF 2008 reading.
#[test]
fn each_book_reads_a_move_with_its_own_chase() {
    for (fen, line) in transforms("5c3/5k3/5r3/5N3/9/9/5N3/R4K3/6c2/9 w - - 0 1", "f3g5") {
        for book in RuleBook::ALL {
            let class = &classes(book, &fen, &line)[0];
            let expected = if book == RuleBook::Prc1956 { MoveFlags::FOLLOW } else { MoveFlags::CHASE };
            assert_eq!(class.flags_under(book.table().chase), expected, "{book} {fen}: {class}");
            assert_eq!(class.flags, MoveFlags::CHASE, "{book} {fen}: {class}");
        }
    }
}
