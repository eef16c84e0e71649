//! The CXA table: 中国象棋竞赛规则 (Chinese Xiangqi Association, 2011; the 棋例 definitions numbered as in the 2020
//! text, 第24条 24.1–24.15), the piece values of 第25条, the principles of 第26条 (总则) and 第27条 (通则), and
//! the sixty-move rule (四.2(四) 六十回合规则).
//!
//! - 捉 (24.3) is material gain: a threat counts if the capture, with the exchange on the square played out,
//!   wins material by the values of 第25条 and does not allow an immediate mate
//!   ([`ChaseReasons::WINS_MATERIAL`](crate::ChaseReasons), `classify/material.rs`), or if the target has
//!   fewer roots than attackers (少根子, 24.15, [`ChaseReasons::OUTNUMBERED`](crate::ChaseReasons)). A threat to
//!   win material by checks (要抽吃) is 捉 too (24.3).
//! - 长捉 is "连续追捉一子或数子" (24.11): chasing one piece *or several* — every move a 捉, whatever its target.
//! - 长将, 长杀, 长捉 and their mixtures (一将一杀, 一将一捉, 一杀一捉 "等循环重复的攻击性着法") are forbidden
//!   (24.13); everything else, 兑 献 拦 跟 included, is 闲 and allowed (24.14).
//! - 第26条: unilateral 长将 always loses; both allowed or both forbidden → draw; forbidden against allowed → the
//!   offender changes or loses. No item outranks another (a chase against a mate threat is a draw).
//! - 第27条: the king's own attacks are 闲 (attacks uncovered by a king move are the uncovered piece's); a
//!   pawn's attacks are 闲 unless both sides attack on every move (a mutual 长打), when they are 捉
//!   ([`RuleTable::mutual_attack_chase`]).
//!
//! The article numbers 24.3, 24.4, 24.9–24.11, 24.13 and 24.15 are those of the 2020 text (pp. 31–32, as attached
//! to Fairy-Stockfish issue #55); 24.5–24.8, 24.12 and 24.14 are inferred from the order of its definitions.

use super::dsl::{
    moves, named, pair, Clauses, FacingKingsRule, GameEnd, MoveLimit, PairEntry, PairPattern, Pattern, PieceSpec,
    RuleEntry, RuleTable, Status, ANY,
};
use crate::book::RuleBook;
use crate::citation::Section;
use crate::classify::{ChaseDefinition, ChaseReasons as R, MoveFlags as F, CONTINUOUS_CHECKS};

use Status::{Allowed, Forbidden, PerpetualCheck};

const NONE: F = F::empty();
/// 捉 as a move kind: a chase or a threat to win material by check (24.3).
const CATCH: F = F::CHASE.union(F::THREAT_TO_WIN_BY_CHECK);
const CHECK_MATE: F = F::CHECK.union(F::MATE_THREAT);

/// The CXA 捉 (第24条 24.3, 24.15, 第27条): a capture that wins material (whole exchange, no immediate mate)
/// or a target with fewer roots than attackers; never the king's or a pawn's own attack, never a same-kind
/// exchange offer (兑 = 闲, 24.4), never an uncrossed pawn (no value, 第25条), never by a pinned attacker.
pub const CXA_CHASE: ChaseDefinition = ChaseDefinition {
    counts: R::WINS_MATERIAL.union(R::OUTNUMBERED),
    excludes: R::BY_KING.union(R::BY_PAWN).union(R::UNCROSSED_PAWN).union(R::SAME_TYPE_OFFER).union(R::ATTACKER_PINNED),
    chase_to_chase_is_idle: true,
};

/// [`CXA_CHASE`] with the pawns' attacks counted: the chase in a mutual 长打 (第27条).
pub const CXA_MUTUAL_CHASE: ChaseDefinition = ChaseDefinition {
    counts: CXA_CHASE.counts,
    excludes: R::BY_KING.union(R::UNCROSSED_PAWN).union(R::SAME_TYPE_OFFER).union(R::ATTACKER_PINNED),
    chase_to_chase_is_idle: true,
};

/// The catalogue entries, in the order they are tried.
pub(super) const ENTRIES: &[RuleEntry] = &[
    named(
        1,
        "第24条 24.9",
        "长将",
        "Checking on every move is forbidden, even with no other move available (第26条: never allowed one-sided).",
        moves(F::CHECK, NONE, NONE),
        PerpetualCheck,
    ),
    named(
        2,
        "第24条 24.10",
        "长杀",
        "Threatening mate on every move is forbidden.",
        moves(F::MATE_THREAT, NONE, F::CHECK),
        Forbidden,
    ),
    named(
        3,
        "第24条 24.11",
        "长捉",
        "Chasing on every move, one piece or several, is forbidden (a threat to win material by checks is a chase).",
        moves(CATCH, NONE, F::CHECK.union(F::MATE_THREAT)),
        Forbidden,
    ),
    named(
        4,
        "第24条 24.13",
        "一将一杀",
        "One check and one mate threat in turn is forbidden.",
        moves(CHECK_MATE, CHECK_MATE, NONE),
        Forbidden,
    ),
    named(
        5,
        "第24条 24.13",
        "一将一捉",
        "Checks mixed with chases (and mate threats), every move attacking, are forbidden.",
        moves(CHECK_MATE.union(CATCH), F::CHECK, NONE),
        Forbidden,
    ),
    named(
        6,
        "第24条 24.13",
        "一杀一捉",
        "Mate threats mixed with chases, every move attacking, are forbidden.",
        moves(F::MATE_THREAT.union(CATCH), F::MATE_THREAT, NONE),
        Forbidden,
    ),
    named(
        8,
        "第24条 24.14",
        "一将一闲",
        "Checks mixed with idle moves are allowed.",
        moves(NONE, F::CHECK, NONE),
        Allowed,
    ),
    named(
        9,
        "第27条",
        "将帅长捉",
        "The king's own attacks are idle (attacks it uncovers are the other piece's).",
        Pattern::Attack(PieceSpec { every_move: R::BY_KING, ..ANY }),
        Allowed,
    ),
    named(
        10,
        "第27条",
        "兵卒长捉",
        "A pawn's own attacks are idle unless both sides attack on every move (a mutual 长打).",
        Pattern::Attack(PieceSpec { every_move: R::BY_PAWN, ..ANY }),
        Allowed,
    ),
    named(
        11,
        "第24条 24.12",
        "长兑、长献、长拦、长跟",
        "Perpetual exchange offers, sacrifices, blocks and follows are idle: allowed.",
        moves(F::EXCHANGE.union(F::SACRIFICE).union(F::BLOCK).union(F::FOLLOW), NONE, F::CHECK),
        Allowed,
    ),
];

/// The items that rule on both sides together.
pub(super) const PAIRS: &[PairEntry] = &[pair(
    20,
    "第26条",
    "双方长将",
    "Both sides checking perpetually: both forbidden, a draw.",
    PairPattern::BothPerpetualCheck,
    false,
)];

/// The CXA rule table.
pub const CXA: RuleTable = RuleTable {
    book: RuleBook::Cxa,
    chase: CXA_CHASE,
    entries: ENTRIES,
    general_chase: named(
        3,
        "第24条 24.11",
        "长捉",
        "Chasing one piece on every move is forbidden.",
        Pattern::Chase(ANY),
        Forbidden,
    ),
    general_allowed: RuleEntry {
        item: 0,
        ..named(
            0,
            "第24条 24.14",
            "允许着法",
            "Moves that are not forbidden are allowed.",
            moves(NONE, NONE, NONE),
            Allowed,
        )
    },
    pairs: PAIRS,
    clauses: Clauses {
        occurrences: 3,
        perpetual_check_clause: Section::Item("第26条"),
        same_status_clause: Section::Item("第26条"),
        both_forbidden_clause: Section::Item("第26条"),
        forbidden_clause: Section::Item("第26条"),
        check_breaks_chase: false,
        check_against_chase: None,
        draw_at_once: Some(Section::Item("四.2(三)")),
    },
    game_end: GameEnd {
        checkmate: Section::Item("四.1(一)"),
        stalemate: Section::Item("四.1(三)"),
        stalemate_note: "",
    },
    move_limit: MoveLimit { plies: 120, max_counted_checks: None, max_counted_cycles: None },
    mutual_attack_chase: Some(CXA_MUTUAL_CHASE),
    // 第24条 24.10: 杀 is mate "用一步或连续的将军" — by a check or continuous checks, with no bound.
    mate_threat_depth: CONTINUOUS_CHECKS,
    material_gain: true,
    facing_kings: FacingKingsRule {
        creator_loses: true,
        cite: Section::Item("自杀"),
        note: "moving into facing kings is a self-kill (自杀): {creator} loses",
    },
};
