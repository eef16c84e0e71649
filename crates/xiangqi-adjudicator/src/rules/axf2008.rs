//! The AXF 2008 table: 亚洲象棋联合会 象棋比赛规例 (2008年8月第三次修订), 第四章 棋例 items 1–35, the
//! procedure of 第一章七(G) and the natural move limit of 第二章第八节.
//!
//! Every item of the catalogue is an explicit entry below (items 2, 3, 5 and 17 rule on both sides together and
//! are [`PairEntry`]s; items 19, 20 and 22 have an allowed and a forbidden half). The entries are tried in
//! order, most specific first; the first that matches a side's moves in the repetition window rules on them.

use xiangqi_board::Role;

use super::dsl::{
    moves, roles, Clauses, FacingKingsRule, GameEnd, MoveLimit, PairEntry, PairPattern, Pattern, PieceSpec, RuleEntry,
    RuleTable, Status, ANY, CANNON, HORSE, ROOK,
};
use crate::book::RuleBook;
use crate::citation::Section;
use crate::classify::{ChaseDefinition, ChaseReasons as R, MoveFlags as F, CONTINUOUS_CHECKS};

const fn entry(item: u8, name: &'static str, summary: &'static str, pattern: Pattern, status: Status) -> RuleEntry {
    RuleEntry { item, cite: Section::Catalogue(item), name, summary, pattern, status, outranks_counter_chase: false }
}

const fn outranking(entry: RuleEntry) -> RuleEntry {
    RuleEntry { outranks_counter_chase: true, ..entry }
}

use Status::{Allowed, Forbidden, PerpetualCheck};

/// The catalogue entries, in the order they are tried.
pub(super) const ENTRIES: &[RuleEntry] = &[
    // A check on every move is perpetual check (§1).
    entry(1, "长将", "Perpetual check, by one piece or several in turn, must be changed or loses.", moves(F::CHECK, F::empty(), F::empty()), PerpetualCheck),
    // Perpetual chases of one piece (forbidden), the most specific description first.
    outranking(entry(14, "车被马牵制", "A rook held by a horse (it cannot move) may not be chased by any piece, whether or not the horse is protected.",
        Pattern::Chase(PieceSpec { targets: ROOK, every_move: R::PINNED_BY_HORSE, ..ANY }), Forbidden)),
    entry(22, "车被炮牵制", "A rook held on a line by a cannon may not be chased (by a horse or cannon regardless of protection).",
        Pattern::Chase(PieceSpec { targets: ROOK, every_move: R::PINNED_BY_CANNON, ..ANY }), Forbidden),
    entry(32, "车帅被车炮控制", "When a side's rook and king are held by the other side's rook and cannon, it may not chase that rook with a horse or cannon.",
        Pattern::Chase(PieceSpec { attackers: roles(&[Role::Horse, Role::Cannon]), targets: ROOK, every_move: R::CONTROLLING_ROOK, ..ANY }), Forbidden),
    entry(19, "捉同类子（受牵制）", "A piece may not perpetually chase a piece of its own kind that is pinned (or a lame horse) and cannot take back.",
        Pattern::Chase(PieceSpec { every_move: R::SAME_TYPE_PINNED.union(R::LAME_HORSE), ..ANY }), Forbidden),
    entry(25, "将帅兵卒每步联合捉子", "A king or pawn joined by another piece in chasing one piece on every move loses.",
        Pattern::Chase(PieceSpec { movers: roles(&[Role::King, Role::Pawn]), ..ANY }), Forbidden),
    entry(21, "炮借炮台捉车", "A cannon may not perpetually attack a rook (protected or not) through screens that are moved, even if the rook stays.",
        Pattern::Chase(PieceSpec { attackers: CANNON, targets: ROOK, every_move: R::MOVED_SCREEN, ..ANY }), Forbidden),
    outranking(entry(15, "炮马分捉一车", "A cannon and a horse (or two horses) may not chase one rook in turn, protected or not, even if it counter-chases.",
        Pattern::Chase(PieceSpec { attackers: roles(&[Role::Horse, Role::Cannon]), targets: ROOK, min_attackers: 2, ..ANY }), Forbidden)),
    outranking(entry(10, "炮捉车", "One or two cannons may not perpetually chase a rook, even a protected rook or one that counter-chases on both moves.",
        Pattern::Chase(PieceSpec { attackers: CANNON, targets: ROOK, ..ANY }), Forbidden)),
    entry(16, "马长捉车", "A horse may not perpetually chase a rook that counter-chases only once.",
        Pattern::Chase(PieceSpec { attackers: HORSE, targets: ROOK, ..ANY }), Forbidden),
    // A chase with an exchange offer (§31) and a fake root (§29) after the items that name the pieces of a rook
    // chase (§15, §10, §16), before the items that name an unprotected target (§20, §13, §18, §26).
    entry(31, "捉兼兑", "A chase that is also an exchange offer (on one move or on every move) is still a chase.",
        Pattern::Chase(PieceSpec { some_flags: F::EXCHANGE, ..ANY }), Forbidden),
    entry(29, "捉假根子", "A protected piece whose root is pinned (a fake root) may not be perpetually chased.",
        Pattern::Chase(PieceSpec { some_move: R::FAKE_ROOT, ..ANY }), Forbidden),
    entry(20, "炮借炮台捉子", "A cannon may not chase an unprotected horse, advisor, elephant or crossed pawn by moving screens.",
        Pattern::Chase(PieceSpec { attackers: CANNON, targets: roles(&[Role::Horse, Role::Advisor, Role::Elephant, Role::Pawn]), every_move: R::MOVED_SCREEN, ..ANY }), Forbidden),
    entry(13, "车捉无根炮", "A rook may not chase an unprotected cannon, whatever the cannon does in return.",
        Pattern::Chase(PieceSpec { attackers: ROOK, targets: CANNON, ..ANY }), Forbidden),
    entry(18, "车长捉马", "A rook may not perpetually chase a horse that answers with only one counter-chase or check.",
        Pattern::Chase(PieceSpec { attackers: ROOK, targets: HORSE, ..ANY }), Forbidden),
    entry(26, "车捉过河兵", "A rook may not perpetually chase a crossed pawn.",
        Pattern::Chase(PieceSpec { attackers: ROOK, targets: roles(&[Role::Pawn]), ..ANY }), Forbidden),
    entry(28, "多子轮捉一子", "Two or more pieces chasing one piece in turn lose.",
        Pattern::Chase(PieceSpec { min_attackers: 2, ..ANY }), Forbidden),
    // Intermittent checks (allowed): checks mixed with other moves, no piece chased on every move.
    entry(6, "一照一叫杀", "One check and one mate threat in turn is a draw.", moves(F::CHECK.union(F::MATE_THREAT), F::CHECK.union(F::MATE_THREAT), F::empty()), Allowed),
    entry(7, "一照一捉", "One (or several) checks and one chase in turn is a draw.", moves(F::CHECK.union(F::CHASE), F::CHECK.union(F::CHASE), F::empty()), Allowed),
    entry(8, "一照一闲", "One check and one idle move (or one threat to win by check) in turn is a draw.", moves(F::empty(), F::CHECK, F::empty()), Allowed),
    // Perpetual attacks that are not chases (allowed).
    entry(23, "将帅长捉", "The king may perpetually attack (also joined by another piece on one move).",
        Pattern::Attack(PieceSpec { every_move: R::BY_KING, ..ANY }), Allowed),
    entry(24, "兵卒长捉", "Pawns may perpetually attack (also joined by a rook, horse or cannon on one move).",
        Pattern::Attack(PieceSpec { every_move: R::BY_PAWN, ..ANY }), Allowed),
    entry(19, "捉同类子（长献）", "Pieces of one kind attacking each other, both free to take, are a perpetual offer: a draw.",
        Pattern::Attack(PieceSpec { every_move: R::SAME_TYPE_OFFER, ..ANY }), Allowed),
    entry(22, "车被炮牵制（沿线移动）", "A rook held on a line by a cannon does not chase by moving along that line.",
        Pattern::Attack(PieceSpec { every_move: R::ALONG_PIN_LINE, ..ANY }), Allowed),
    entry(20, "捉未过河兵卒", "Perpetually attacking a pawn that has not crossed the river is allowed.",
        Pattern::Attack(PieceSpec { targets: roles(&[Role::Pawn]), every_move: R::UNCROSSED_PAWN, ..ANY }), Allowed),
    // §30 names more than §12 (several attackers, a root on every move): a rook pair on a truly protected cannon
    // cites §30 (AXF 2008 棋例 §30 两子劫一子 真根, over §12 车捉有根炮).
    entry(30, "多子捉真根子", "Several pieces attacking a truly protected piece do not chase it: a draw.",
        Pattern::Attack(PieceSpec { every_move: R::PROTECTED, min_attackers: 2, ..ANY }), Allowed),
    entry(12, "车捉有根炮", "A rook may perpetually attack a protected cannon, even one protected only every other move.",
        Pattern::Attack(PieceSpec { attackers: ROOK, targets: CANNON, some_move: R::PROTECTED, ..ANY }), Allowed),
    // Chasing pieces in turn (allowed).
    entry(11, "炮轮捉两车", "One or two cannons chasing two rooks in turn is a draw.",
        Pattern::AlternateChase(PieceSpec { attackers: CANNON, targets: ROOK, ..ANY }), Allowed),
    entry(27, "一子轮捉两子", "One piece chasing two or more pieces in turn, or two pieces chasing two or more, is a draw.",
        Pattern::AlternateChase(ANY), Allowed),
    // Other allowed perpetual moves.
    entry(9, "一捉一要抽吃", "One chase and one threat to win by check in turn is a draw.",
        moves(F::CHASE.union(F::THREAT_TO_WIN_BY_CHECK), F::CHASE.union(F::THREAT_TO_WIN_BY_CHECK), F::CHECK), Allowed),
    entry(4, "长杀", "Perpetual mate threats are a draw, even when the defender can only move the king.",
        moves(F::MATE_THREAT, F::empty(), F::CHECK), Allowed),
    entry(33, "长要抽吃", "Perpetual threats to win material by check are a draw.",
        moves(F::THREAT_TO_WIN_BY_CHECK, F::empty(), F::CHECK), Allowed),
    entry(34, "长拦", "Perpetual blocking is a draw.", moves(F::BLOCK, F::empty(), F::CHECK), Allowed),
    entry(35, "长兑、长献", "Perpetual exchange offers and sacrifices are a draw.",
        moves(F::EXCHANGE.union(F::SACRIFICE), F::empty(), F::CHECK), Allowed),
];

/// The items that rule on both sides together.
pub(super) const PAIRS: &[PairEntry] = &[
    PairEntry {
        item: 2,
        cite: Section::Catalogue(2),
        name: "双方长将",
        summary: "Both sides checking perpetually (解照反照) is a draw.",
        draw: false,
        pattern: PairPattern::BothPerpetualCheck,
    },
    PairEntry {
        item: 3,
        cite: Section::Catalogue(3),
        name: "二将一还将",
        summary: "Two checks against one check back: the perpetual checker loses.",
        draw: false,
        pattern: PairPattern::PerpetualCheckAgainstSomeChecks,
    },
    PairEntry {
        item: 5,
        cite: Section::Catalogue(5),
        name: "解杀反杀",
        summary: "A mate threat answered on every move by a counter mate threat is a draw.",
        draw: false,
        pattern: PairPattern::BothMateThreats,
    },
    PairEntry {
        item: 17,
        cite: Section::Catalogue(17),
        name: "车马循环长捉",
        summary: "A rook and a horse chasing each other in a cycle is a draw.",
        draw: false,
        pattern: PairPattern::MutualChase,
    },
];

/// The AXF 2008 rule table.
pub const AXF_2008: RuleTable = RuleTable {
    book: RuleBook::Axf2008,
    chase: ChaseDefinition::AXF_2008,
    entries: ENTRIES,
    general_chase: entry(
        0,
        "长捉",
        "Chasing the same piece on every move is forbidden (第一章七(G)3).",
        Pattern::Chase(ANY),
        Forbidden,
    ),
    general_allowed: entry(
        0,
        "允许着法",
        "Moves no item forbids are allowed (第一章七(G)2).",
        moves(F::empty(), F::empty(), F::empty()),
        Allowed,
    ),
    pairs: PAIRS,
    clauses: Clauses {
        occurrences: 3,
        perpetual_check_clause: Section::Procedure(1),
        same_status_clause: Section::Procedure(2),
        both_forbidden_clause: Section::Procedure(2),
        forbidden_clause: Section::Procedure(3),
        check_breaks_chase: false,
        check_against_chase: None,
        draw_at_once: None,
    },
    game_end: GameEnd {
        checkmate: Section::Item("第三章第二节九"),
        stalemate: Section::Item("第三章第二节九"),
        stalemate_note: "the book names no rule for 困毙; as in the other books, the side that cannot move loses",
    },
    move_limit: MoveLimit { plies: 100, max_counted_checks: Some(10), max_counted_cycles: None },
    mutual_attack_chase: None,
    // 棋例 does not define 杀; §4 (长杀: "一方步步催杀，另一方……抑或仅能走动将帅引避") speaks of a mate threat the
    // defender may parry by king steps alone, and is read with ROC 2007 術語 殺著: continuous checks of any length
    // (docs/rule-catalogue.md, *How far 杀 reaches*). A perpetual mate threat by continuous checks cites §4.
    mate_threat_depth: CONTINUOUS_CHECKS,
    material_gain: false,
    facing_kings: FacingKingsRule {
        creator_loses: false,
        cite: Section::Item("第三章第二节一"),
        note: "将与帅不准直接相对: the move is illegal; {creator} takes it back and is charged a technical foul (第三章第三节四(A))",
    },
};
