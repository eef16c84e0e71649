//! The PRC 1956 table: 中国象棋规则 (中华人民共和国体育运动委员会 1956年审定), the allowed repetitions of 第六章二
//! (1–8, 图六–图十三: "双方不走其他变着的时候，也算和棋") and the forbidden moves of 第八章一 (1–8, 图十四–图二十一:
//! "违例者作败棋论").
//!
//! The book's chase is 长捉无根子: only an attack on a piece "没有其他棋子保护" counts (a root that cannot legally
//! take back is no protection, our reading), the king's and the pawns' attacks are allowed (将帅长捉, 卒兵长捉) and
//! an exchange offer is 长兑. Checks combined with a mate threat, a chase or a threat to win by check are
//! forbidden (一将一要杀, 一将一捉, 一将一要抽吃), so are perpetual mate threats (长要杀) and chasing a piece on two
//! squares in turn (捉一不捉二, `two_squares.rs`). Our choices where the book is silent (see
//! [the rule catalogue](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/rule-catalogue.md)): both sides forbidden is a draw (as the book's own 解将还将 and 车马循环反捉), moves
//! in neither list are allowed (第九章5 leaves them to the arbiters), and there is no move limit.

use super::dsl::{
    moves, named, pair, Clauses, FacingKingsRule, GameEnd, MoveLimit, PairEntry, PairPattern, Pattern, PieceSpec,
    RuleEntry, RuleTable, Status, ANY, CHASERS,
};
use crate::book::RuleBook;
use crate::citation::Section;
use crate::classify::{ChaseDefinition, ChaseReasons as R, MoveFlags as F};

use Status::{Allowed, Forbidden, PerpetualCheck};

const NONE: F = F::empty();

/// 长捉无根子 (第八章一3): an attack on an unprotected piece (or one whose root cannot legally take back), never
/// by the king or a pawn (第六章二6, 7), never an exchange offer (长兑), never by a pinned attacker.
pub const PRC_1956_CHASE: ChaseDefinition = ChaseDefinition {
    counts: R::UNPROTECTED.union(R::FAKE_ROOT),
    excludes: R::BY_KING.union(R::BY_PAWN).union(R::SAME_TYPE_OFFER).union(R::ATTACKER_PINNED),
    chase_to_chase_is_idle: false,
};

/// The entry for one piece chased on every move.
const CHASE_UNPROTECTED: RuleEntry = named(
    3,
    "长捉无根子",
    "长捉无根子",
    "Chasing an unprotected piece on every move is forbidden (第八章一3, 图十六).",
    Pattern::Chase(ANY),
    Forbidden,
);

/// The catalogue entries, in the order they are tried.
pub(super) const ENTRIES: &[RuleEntry] = &[
    named(1, "长将", "长将", "Perpetual check is forbidden under any circumstances (第八章一1, 图十四).",
        moves(F::CHECK, NONE, NONE), PerpetualCheck),
    CHASE_UNPROTECTED,
    named(4, "一将一要杀", "一将一要杀", "One check and one mate threat in turn is forbidden (第八章一4, 图十七).",
        moves(F::CHECK.union(F::MATE_THREAT), F::CHECK.union(F::MATE_THREAT), NONE), Forbidden),
    named(5, "一将一捉", "一将一捉", "One check and one chase of an unprotected piece in turn equals a perpetual chase: forbidden (第八章一5, 图十八).",
        moves(F::CHECK.union(F::CHASE), F::CHECK.union(F::CHASE), NONE), Forbidden),
    named(6, "一将一要抽吃", "一将一要抽吃", "One check and one threat to win material by check in turn is forbidden (第八章一6, 图十九).",
        moves(F::CHECK.union(F::THREAT_TO_WIN_BY_CHECK), F::CHECK.union(F::THREAT_TO_WIN_BY_CHECK), NONE), Forbidden),
    named(7, "捉一不捉二", "捉一不捉二", "A piece may be chased on one square, not on two or more in turn (第八章一7, 图二十).",
        Pattern::ChaseOnTwoSquares(PieceSpec { attackers: CHASERS, never: R::SAME_TYPE_OFFER, ..ANY }), Forbidden),
    named(2, "长要杀", "长要杀", "Threatening mate on every move is forbidden (第八章一2, 图十五).",
        moves(F::MATE_THREAT, NONE, F::CHECK), Forbidden),
    named(14, "一将一闲", "一将一闲", "One check and one quiet move in turn is allowed (第六章二4, 图九).",
        moves(NONE, F::CHECK, NONE), Allowed),
    named(16, "将帅长捉", "将帅长捉", "The king may attack a piece perpetually (第六章二7, 图十二).",
        Pattern::Attack(PieceSpec { every_move: R::BY_KING, ..ANY }), Allowed),
    named(15, "卒兵长捉", "卒兵长捉", "Pawns may attack a piece perpetually, but not the king (第六章二6, 图十一).",
        Pattern::Attack(PieceSpec { every_move: R::BY_PAWN, ..ANY }), Allowed),
    named(12, "长兑", "长兑", "Offering an exchange on every move is allowed (第六章二2, 图七).",
        moves(F::EXCHANGE, NONE, F::CHECK), Allowed),
    named(13, "长跟", "长跟", "Following a piece that another piece protects is allowed (第六章二3, 图八).",
        Pattern::Attack(PieceSpec { every_move: R::PROTECTED, ..ANY }), Allowed),
    named(11, "长拦", "长拦", "Blocking an enemy piece on every move is allowed (第六章二1, 图六).",
        moves(F::BLOCK, NONE, F::CHECK), Allowed),
];

/// The items that rule on both sides together.
pub(super) const PAIRS: &[PairEntry] = &[
    pair(
        17,
        "解将还将",
        "解将还将",
        "Answering a check with a check, by both sides on every move, is allowed (第六章二5, 图十).",
        PairPattern::BothPerpetualCheck,
        false,
    ),
    pair(
        18,
        "车马循环反捉",
        "车马循环反捉",
        "A rook and a horse chasing each other in a cycle is allowed (第六章二8, 图十三).",
        PairPattern::MutualChase,
        false,
    ),
    pair(
        11,
        "长拦",
        "长拦对长要杀",
        "Blocking, on every move, a side that threatens mate on every move is allowed: a draw (第六章二1, 图六).",
        PairPattern::MateThreatAgainstBlocks,
        true,
    ),
];

/// The PRC 1956 rule table.
pub const PRC_1956: RuleTable = RuleTable {
    book: RuleBook::Prc1956,
    chase: PRC_1956_CHASE,
    entries: ENTRIES,
    general_chase: CHASE_UNPROTECTED,
    general_allowed: RuleEntry {
        item: 0,
        ..named(
            0,
            "第六章二",
            "允许着法",
            "Moves neither list names are allowed: the repetition is a draw (our reading of 第六章二 and 第九章5).",
            moves(NONE, NONE, NONE),
            Allowed,
        )
    },
    pairs: PAIRS,
    clauses: Clauses {
        occurrences: 3,
        perpetual_check_clause: Section::Item("第八章一"),
        same_status_clause: Section::Item("第六章二"),
        both_forbidden_clause: Section::Item("第六章二"),
        forbidden_clause: Section::Item("第八章一"),
        check_breaks_chase: false,
        check_against_chase: None,
        draw_at_once: None,
    },
    game_end: GameEnd {
        checkmate: Section::Item("第五章"), stalemate: Section::Item("第五章"), stalemate_note: ""
    },
    move_limit: MoveLimit { plies: 0, max_counted_checks: None, max_counted_cycles: None },
    mutual_attack_chase: None,
    // 第八章一2: 要杀 is mate with the next move.
    mate_threat_depth: 1,
    material_gain: false,
    facing_kings: FacingKingsRule {
        creator_loses: true,
        cite: Section::Item("帅将对面"),
        note: "the kings may not face each other (第八章一8): {creator} made the forbidden move and loses",
    },
};
