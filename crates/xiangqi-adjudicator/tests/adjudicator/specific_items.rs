//! Moves judged by what they change, and the most specific item cited: positions composed for this repository
//! from the rule books' texts, each ruled under the four books.

use xiangqi_adjudicator::{adjudicate, classify, Game, MoveFlags, Procedure, RuleBook, Verdict, CONTINUOUS_CHECKS};
use xiangqi_board::{Move, Position};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

/// `lead`, then `cycle` twice from `fen`, decided at the third occurrence.
fn rule(rules: RuleBook, fen: &str, lead: &str, cycle: &str) -> Verdict {
    let start = Position::from_fen(fen).expect("valid FEN");
    let cycle = moves(cycle);
    let all: Vec<Move> = moves(lead).into_iter().chain(cycle.iter().copied()).chain(cycle.iter().copied()).collect();
    adjudicate(start, rules, Procedure::Immediate, &all).expect("legal moves").verdict
}

/// The ruling word and the first cited item of each book.
fn rulings(fen: &str, lead: &str, cycle: &str) -> [String; 4] {
    RuleBook::ALL.map(|rules| {
        let verdict = rule(rules, fen, lead, cycle);
        format!("{} {}", verdict.ruling, verdict.rule().map(|r| r.to_string()).unwrap_or_default())
    })
}

/// AXF 2008 棋例 §29 "有根子被捉时，如其根受到牵制失去保护力者（统称假根），则不能长捉之": the black cannon is protected by
/// a horse that cannot leave the e-file (the kings would face each other); a red rook chasing it is ruled by §29,
/// not by §13 (车捉无根炮, a cannon without a root).
#[test]
fn a_fake_root_chase_cites_the_fake_root_item() {
    let ruled = rulings("4k4/2c6/4n4/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b8", "c8c6 b8b6 c6c8 b6b8");
    assert_eq!(
        ruled,
        [
            "red_loses AXF 2008 棋例 §29",
            "red_loses ROC 2007 總綱6",
            "red_loses PRC 1956 长捉无根子",
            "red_loses CXA 2011 第24条 24.11",
        ]
    );
}

/// AXF 2008 棋例 §15 "炮马不能分别长捉一车" decides a cannon and a horse chasing one rook in turn, even when one of the
/// horse moves also offers an exchange of horses (the red horse on e5 and the black one on c6 attack each other):
/// the exchange label does not pull the ruling to §31 (捉兼兑), nor ROC 2007's to 總綱8.
#[test]
fn an_exchange_label_does_not_outrank_the_cannon_and_horse_item() {
    let ruled = rulings("3n5/2R6/n3k4/p8/4N4/9/9/2c2K2C/9/9 w - - 0 1", "", "i2i1 a7c6 i1i2 c6a7");
    assert_eq!(
        &ruled[..3],
        ["black_loses AXF 2008 棋例 §15", "black_loses ROC 2007 總綱6", "black_loses PRC 1956 长捉无根子"]
    );
}

/// From chase to chase (从捉到捉为闲) is idle only under CXA. The black rook on the e-file cannot leave it (the red
/// cannon on e3 would check through the pawn on e5) and is attacked by that cannon all the time; the red horse
/// chases it on e7 and on e6 in turn. AXF 2008 棋例 §22 "车被炮牵制不能离线时 … 如以马或炮捉之，则不论车是否有根，均不
/// 能长捉": Red loses; so under ROC 2007 (總綱6, a horse chasing a rook) and PRC 1956 (长捉无根子). Under CXA the horse
/// adds a second attack to a rook already attacked: idle, a draw.
#[test]
fn a_second_attacker_on_a_pinned_rook_chases_except_under_cxa() {
    let ruled = rulings("4k4/9/4r4/9/4pN3/9/4C4/9/9/3K5 b - - 0 1", "", "e7e6 f5g7 e6e7 g7f5");
    assert_eq!(
        ruled,
        [
            "red_loses AXF 2008 棋例 §22",
            "red_loses ROC 2007 總綱6",
            "red_loses PRC 1956 长捉无根子",
            "draw CXA 2011 第24条 24.12",
        ]
    );
}

/// A threat counts for the move that creates or changes it. Red's horse on e5 stands in front of the rook on e2: a
/// horse move would uncover check and mate (Ng6), whatever else Red does. The rook on the a-file checks (a9) and
/// retreats (a7) in turn: the retreat leaves that standing threat as it was, so it is idle — 一将一闲 under every
/// book (PRC 1956 图九), not 一将一要杀 (PRC 1956) or 一将一杀 (CXA 24.13). The same holds with the colours swapped.
#[test]
fn a_standing_threat_is_not_the_moves_threat() {
    let fen = "4k4/9/R8/7n1/4N4/9/9/4R4/9/3K5 w - - 0 1";
    let cycle = "a7a9 e9e8 a9a7 e8e9";
    let expected =
        ["draw AXF 2008 棋例 §8", "draw ROC 2007 總綱2", "draw PRC 1956 一将一闲", "draw CXA 2011 第24条 24.14"];
    assert_eq!(rulings(fen, "", cycle), expected);
    let swapped = Position::from_fen(fen).unwrap().swap_colors().to_string();
    let rotated: Vec<String> = moves(cycle).iter().map(|m| m.rotate().to_string()).collect();
    assert_eq!(rulings(&swapped, "", &rotated.join(" ")), expected);
    // The retreat itself: no mate threat, no threat to win by check; the check before it is a check.
    let mut game = Game::new(Position::from_fen(fen).unwrap(), RuleBook::Prc1956);
    for mv in moves(cycle) {
        game.play(mv).unwrap();
    }
    let classes = game.classify_all();
    assert_eq!(classes[0].flags, MoveFlags::CHECK);
    assert_eq!(classes[2].flags, MoveFlags::IDLE);
}

/// CXA 2020 第24条 24.10: 杀 is a mate "by a check or continuous checks"; PRC 1956 第八章一2: 要杀 is a mate with the
/// next move. The red horse's move to b5 threatens 车一进八 (check, the black king forced up to e8), then a horse
/// mate on c7 or d6: a mate threat under the CXA table (continuous checks), an idle move under PRC 1956 (one).
#[test]
fn the_mate_threat_depth_is_the_books() {
    let fen = "4k4/9/5P3/9/9/9/N8/9/R8/3K5 w - - 0 1";
    let flags = |rules: RuleBook| {
        let mut game = Game::new(Position::from_fen(fen).unwrap(), rules);
        game.play("a3b5".parse().unwrap()).unwrap();
        game.classify_all()[0].flags
    };
    assert_eq!(RuleBook::Cxa.table().mate_threat_depth, CONTINUOUS_CHECKS);
    assert_eq!(RuleBook::Axf2008.table().mate_threat_depth, CONTINUOUS_CHECKS);
    assert_eq!(RuleBook::Roc2007.table().mate_threat_depth, CONTINUOUS_CHECKS);
    assert_eq!(RuleBook::Prc1956.table().mate_threat_depth, 1);
    assert_eq!(flags(RuleBook::Cxa), MoveFlags::MATE_THREAT);
    assert_eq!(flags(RuleBook::Prc1956), MoveFlags::IDLE);
}

/// 拦 only for a move that blocks (ROC 2007 術語 攔著, PRC 1956 长拦 "拦阻对方某一个子前进"): the cannon that steps
/// between the red rook and the horse it attacks blocks; the king that leaves the rook's check for a square the red
/// cannon could move to does not, nor does the rook of the `adjudicate` example's chase.
#[test]
fn only_a_move_that_interposes_blocks() {
    let block = |fen: &str, mv: &str| {
        let pos = Position::from_fen(fen).unwrap();
        classify(&pos, mv.parse().unwrap()).unwrap().flags.contains(MoveFlags::BLOCK)
    };
    assert!(block("4k4/2c6/R5n2/9/9/9/9/9/9/3K5 b - - 0 1", "c8c7"));
    assert!(!block("R3k4/8C/9/9/9/9/9/9/9/3K5 b - - 0 1", "e9e8"));
    assert!(!block("3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1", "b0b7"));
}

/// AXF 2008 棋例 §30 "两子或多子劫一子时，如该子为"真根子"，不作长捉论，双方不变，可成和局" names more than §12 "车可长捉
/// 有根炮": two red rooks stand on the c-file, the front one moves off and back, so that on every move one of them
/// newly attacks the black cannon c7, which the horse b9 truly protects. §30, the item of several attackers against
/// a true root, decides it rather than §12 (one rook against a protected cannon). Tried as given, mirrored and
/// with the colours swapped.
#[test]
fn two_rooks_against_a_truly_protected_cannon_cite_several_attackers_item() {
    for (fen, line) in crate::lookahead::transforms("1n2k4/9/2c6/9/9/9/9/2R6/2R6/3K5 w - - 0 1", "c2d2 e9e8 d2c2 e8e9")
    {
        let line: Vec<String> = line.iter().map(ToString::to_string).collect();
        assert_eq!(
            rulings(&fen, "", &line.join(" ")),
            ["draw AXF 2008 棋例 §30", "draw ROC 2007 總綱6", "draw PRC 1956 长跟", "draw CXA 2011 第26条",],
            "{fen}"
        );
    }
}
