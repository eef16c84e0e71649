//! CXA specifics: 捉 as material gain (whole exchanges, no value for uncrossed pawns), 少根子, chasing several
//! pieces, pawns in a mutual 长打, mixtures of checks, mate threats and chases, no outranking, the sixty-move rule.

use crate::common;

use xiangqi_adjudicator::rules::CXA_CHASE;
use xiangqi_adjudicator::{ChaseReasons, MoveFlags, RuleBook, Ruling, Verdict};
use xiangqi_board::{Color, Role};

fn cxa(id: &str) -> Verdict {
    common::CASES.iter().find(|c| c.id == id).expect("catalogue case").verdict(RuleBook::Cxa)
}

fn sides(v: &Verdict) -> [&'static str; 2] {
    let sides = &v.evidence.as_ref().expect("a repetition ruling").sides;
    [sides[0].name, sides[1].name]
}

#[test]
fn a_protected_piece_with_fewer_roots_than_attackers_is_chased() {
    let v = cxa("cxa-fewer-roots-than-attackers");
    assert_eq!(v.ruling, Ruling::Loses(Color::Red));
    assert_eq!(v.rule().unwrap().to_string(), "CXA 2011 第24条 24.11");
    let evidence = v.evidence.as_ref().unwrap();
    let horse_attacks: Vec<_> = evidence
        .moves
        .iter()
        .filter(|m| m.mover == Color::Red)
        .flat_map(|m| m.threats.iter().filter(|t| t.target_piece.role == Role::Horse).copied().collect::<Vec<_>>())
        .collect();
    assert!(horse_attacks.iter().all(|t| t.reasons.contains(ChaseReasons::PROTECTED)), "the horses have a root");
    // Every red move is a chase only because the horse it attacks has fewer roots than attackers: the exchange
    // itself would lose material (rook for horse, the pawn then taken back has no value).
    for m in evidence.moves.iter().filter(|m| m.mover == Color::Red) {
        let chases: Vec<_> = m.new_chases(CXA_CHASE).collect();
        assert!(!chases.is_empty());
        assert!(chases.iter().all(|t| t.reasons.contains(ChaseReasons::OUTNUMBERED)
            && !t.reasons.contains(ChaseReasons::WINS_MATERIAL)
            && t.attackers > t.roots));
    }
    // AXF 2008 §30: several attackers against a true root are no chase.
    let axf =
        common::CASES.iter().find(|c| c.id == "cxa-fewer-roots-than-attackers").unwrap().verdict(RuleBook::Axf2008);
    assert_eq!(axf.ruling, Ruling::Draw);
}

#[test]
fn chasing_several_pieces_is_a_perpetual_chase() {
    let v = cxa("axf-27-one-piece-chasing-two-in-turn-is-a-draw");
    assert_eq!(v.ruling, Ruling::Loses(Color::Red));
    assert_eq!(sides(&v)[0], "长捉");
}

#[test]
fn an_uncrossed_pawn_has_no_value() {
    let v = cxa("axf-20-exception-uncrossed-pawn-may-be-attacked");
    assert_eq!(v.ruling, Ruling::Draw);
    let evidence = v.evidence.as_ref().unwrap();
    assert!(evidence
        .moves
        .iter()
        .flat_map(|m| m.threats.iter())
        .filter(|t| t.target_piece.role == Role::Pawn && t.reasons.contains(ChaseReasons::UNCROSSED_PAWN))
        .all(|t| !t.reasons.contains(ChaseReasons::WINS_MATERIAL)));
}

#[test]
fn pawn_attacks_are_chases_in_a_mutual_perpetual_attack() {
    let v = cxa("cxa-pawn-in-mutual-perpetual-attack");
    assert_eq!(v.ruling, Ruling::Draw);
    assert_eq!(sides(&v), ["长捉", "长捉"]);
    let evidence = v.evidence.as_ref().unwrap();
    // Every red move is a pawn move whose only new attack is the pawn's own.
    for m in evidence.moves.iter().filter(|m| m.mover == Color::Red) {
        assert_eq!(m.piece.role, Role::Pawn);
        assert!(m.new_attacks().all(|t| t.reasons.contains(ChaseReasons::BY_PAWN)));
        assert!(!m.flags.intersects(MoveFlags::MATE_THREAT | MoveFlags::THREAT_TO_WIN_BY_CHECK | MoveFlags::CHECK));
    }
    // Under AXF 2008 the pawn's attacks stay allowed (§24) and the rook's alternate chase is §27: a draw too,
    // but by both sides' moves being allowed.
    let axf = common::CASES
        .iter()
        .find(|c| c.id == "cxa-pawn-in-mutual-perpetual-attack")
        .unwrap()
        .verdict(RuleBook::Axf2008);
    assert_eq!(axf.ruling, Ruling::Draw);
    let axf_sides = &axf.evidence.as_ref().unwrap().sides;
    assert!(!axf_sides[0].forbidden && !axf_sides[1].forbidden);
}

#[test]
fn a_chase_against_a_mate_threat_is_a_draw() {
    // AXF 2008 §21: the cannon side loses even though the rook side threatens mate; CXA 第26条: both forbidden.
    let v = cxa("axf-21-cannon-chasing-a-rook-through-moved-screens-loses");
    assert_eq!(v.ruling, Ruling::Draw);
    assert_eq!(sides(&v), ["长杀", "长捉"]);
}

#[test]
fn mate_threats_against_blocks_lose() {
    // CXA 2020 图7: "红方长杀，黑方长拦，红方变着，不变作负" (PRC 1956 图六 rules the same pattern a draw).
    let v = cxa("prc-block-against-mate-threats");
    assert_eq!(v.ruling, Ruling::Loses(Color::Red));
    assert_eq!(v.rule().unwrap().to_string(), "CXA 2011 第24条 24.10");
}

#[test]
fn checks_mixed_with_attacks_are_forbidden() {
    for id in ["axf-06-one-check-one-mate-threat-is-a-draw", "axf-07-one-check-one-chase-is-a-draw"] {
        let v = cxa(id);
        assert_eq!(v.ruling, Ruling::Loses(Color::Red), "{id}");
        assert_eq!(v.rule().unwrap().to_string(), "CXA 2011 第24条 24.13");
    }
    assert_eq!(cxa("axf-08-one-check-one-idle-is-a-draw").ruling, Ruling::Draw);
}

#[test]
fn the_move_limit_is_sixty_moves() {
    let limit = RuleBook::Cxa.table().move_limit;
    assert_eq!((limit.plies, limit.max_counted_checks), (120, None));
}
