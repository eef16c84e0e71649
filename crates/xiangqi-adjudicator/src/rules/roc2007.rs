//! The ROC 2007 table: 中華民國象棋規則 (民國96年修訂), 第三章 棋例 — 棋例總綱 1–10 and 棋例細則 1–17 as
//! this project reads the noisy OCR copy of the book, the rulings of 棋例之判決 (A4, A9, A10, A11, B2, B3) and the
//! move limit of 第二章第四節.
//!
//! The ROC 2007 revision was made "以92年亞洲象棋規則為藍本" (on the AXF rules of 2003), and its 術語 define
//! 捉 the AXF way, so the table reads chases with the AXF definition. It differs from AXF 2008 where the ROC
//! text does: 細則14 (a king or pawn joined by **one** piece on every move is a draw, by two it loses — AXF 2008
//! §25 rules against a single joined piece too), 棋例之判決 A9 (a perpetual checker facing a perpetual chase
//! is ordered to change, not ruled lost), B3 (both sides breaking a prohibition is a draw, so a counter-chasing
//! rook excuses nothing but draws: no item outranks a counter-chase), and the move limit (perpetual checks and
//! chases count at most three cycles). The AXF-only items (rook held by a horse or a cannon, the controlling
//! rook) fall under 總綱3, 6 and 7.

use super::dsl::{
    moves, named, pair, Clauses, FacingKingsRule, GameEnd, MoveLimit, PairEntry, PairPattern, Pattern, PieceSpec,
    RuleEntry, RuleTable, Status, ANY, HORSE_OR_CANNON, KING_OR_PAWN, PAWN, ROOK,
};
use crate::book::RuleBook;
use crate::citation::Section;
use crate::classify::{ChaseDefinition, ChaseReasons as R, MoveFlags as F, CONTINUOUS_CHECKS};

use Status::{Allowed, Forbidden, PerpetualCheck};

const NO_CHECK: F = F::CHECK;
const NONE: F = F::empty();

/// The entry for one piece chased on every move.
const ONE_CHASES_ONE: RuleEntry = named(
    24,
    "總綱3",
    "一子長捉一子",
    "One piece chasing one piece on every move loses (細則8; uncrossed pawns excepted).",
    Pattern::Chase(ANY),
    Forbidden,
);

/// The catalogue entries, in the order they are tried.
pub(super) const ENTRIES: &[RuleEntry] = &[
    named(1, "總綱1", "長照", "Perpetual check, by one piece or by two in turn, loses whatever the circumstances (細則1).",
        moves(F::CHECK, NONE, NONE), PerpetualCheck),
    named(2, "總綱7", "長捉受牽制之子", "A piece that is pinned and cannot leave its line, or a lame horse, may not be perpetually chased, even by a piece of its own kind.",
        Pattern::Chase(PieceSpec { every_move: R::SAME_TYPE_PINNED.union(R::LAME_HORSE).union(R::PINNED_BY_HORSE), ..ANY }), Forbidden),
    named(4, "細則15", "阻擋或移走根子", "Cutting or blocking a piece's root on every move (with pawns or a cannon) is chasing the piece.",
        Pattern::Chase(PieceSpec { some_move: R::ROOT_CUT, ..ANY }), Forbidden),
    named(5, "細則14", "帥兵聯合兩子長捉", "A king or pawn joined by two pieces in chasing one piece on every move loses.",
        Pattern::Chase(PieceSpec { movers: KING_OR_PAWN, min_attackers: 2, ..ANY }), Forbidden),
    named(6, "總綱9", "帥兵聯合一子長捉", "A king or pawn joined by one horse or cannon in chasing one piece is a draw (細則14 說明).",
        Pattern::Chase(PieceSpec { movers: KING_OR_PAWN, max_attackers: 1, ..ANY }), Allowed),
    named(7, "總綱6", "傌炮長捉有根俥", "A horse or cannon may not perpetually chase a rook, protected or not (細則11).",
        Pattern::Chase(PieceSpec { attackers: HORSE_OR_CANNON, targets: ROOK, ..ANY }), Forbidden),
    named(8, "總綱6", "長捉假根子", "Perpetually chasing a piece whose root cannot take back (a fake root) loses.",
        Pattern::Chase(PieceSpec { some_move: R::FAKE_ROOT, ..ANY }), Forbidden),
    // 捉兼兌 after the items that name the pieces or the root (總綱6, 細則15), so that they are cited first.
    named(3, "總綱8", "捉兼兌", "A chase that is also an exchange offer, on one move or on every move, is still a chase.",
        Pattern::Chase(PieceSpec { some_flags: F::EXCHANGE, ..ANY }), Forbidden),
    named(9, "總綱3", "兩子長捉一子", "Two or more pieces chasing one piece in turn lose (細則9).",
        Pattern::Chase(PieceSpec { min_attackers: 2, ..ANY }), Forbidden),
    ONE_CHASES_ONE,
    named(10, "總綱2", "一照一殺", "One check and one mate threat in turn is a draw (細則5).",
        moves(F::CHECK.union(F::MATE_THREAT), F::CHECK.union(F::MATE_THREAT), NONE), Allowed),
    named(11, "總綱2", "一照一捉", "One check (or several) and one chase in turn is a draw (細則6).",
        moves(F::CHECK.union(F::CHASE), F::CHECK.union(F::CHASE), NONE), Allowed),
    named(12, "總綱2", "一照一閒", "One check and one idle move, or one threat to win by check, in turn is a draw (細則7).",
        moves(NONE, F::CHECK, NONE), Allowed),
    named(13, "總綱9", "帥長捉", "The king may perpetually attack (細則10a).",
        Pattern::Attack(PieceSpec { every_move: R::BY_KING, ..ANY }), Allowed),
    named(14, "總綱9", "兵長捉", "Pawns may perpetually attack (細則10b).",
        Pattern::Attack(PieceSpec { every_move: R::BY_PAWN, ..ANY }), Allowed),
    named(15, "總綱7", "長捉同類子", "Attacking a piece of one's own kind that can take back is an offer: a draw.",
        Pattern::Attack(PieceSpec { every_move: R::SAME_TYPE_OFFER, ..ANY }), Allowed),
    named(16, "總綱3", "長捉未渡河兵卒", "A pawn that has not crossed the river may be chased.",
        Pattern::Attack(PieceSpec { targets: PAWN, every_move: R::UNCROSSED_PAWN, ..ANY }), Allowed),
    named(17, "總綱6", "長捉真根子", "Perpetually attacking a truly protected piece is a draw.",
        Pattern::Attack(PieceSpec { some_move: R::PROTECTED, ..ANY }), Allowed),
    named(18, "總綱4", "一子分捉兩子", "One piece (or two) chasing two or more pieces in turn is a draw (細則12).",
        Pattern::AlternateChase(ANY), Allowed),
    named(19, "總綱2", "一捉一要抽吃", "One chase and one threat to win by check in turn is a draw.",
        moves(F::CHASE.union(F::THREAT_TO_WIN_BY_CHECK), F::CHASE.union(F::THREAT_TO_WIN_BY_CHECK), NO_CHECK), Allowed),
    named(20, "總綱2", "長殺", "Perpetual mate threats are a draw (細則4).", moves(F::MATE_THREAT, NONE, NO_CHECK), Allowed),
    named(21, "總綱10", "長要抽吃", "Perpetual threats to win by check are a draw.",
        moves(F::THREAT_TO_WIN_BY_CHECK, NONE, NO_CHECK), Allowed),
    named(22, "總綱10", "長攔", "Perpetual blocking is a draw.", moves(F::BLOCK, NONE, NO_CHECK), Allowed),
    named(23, "總綱10", "長兌、長獻", "Perpetual exchange offers and sacrifices are a draw.",
        moves(F::EXCHANGE.union(F::SACRIFICE), NONE, NO_CHECK), Allowed),
];

/// The items that rule on both sides together.
pub(super) const PAIRS: &[PairEntry] = &[
    pair(
        30,
        "細則2",
        "雙方長照",
        "Both sides checking perpetually (解照反照) is a draw.",
        PairPattern::BothPerpetualCheck,
        false,
    ),
    pair(
        31,
        "細則3",
        "二照一還照",
        "Two checks against one check back: the perpetual checker loses.",
        PairPattern::PerpetualCheckAgainstSomeChecks,
        false,
    ),
    pair(
        32,
        "總綱5",
        "二捉一還捉",
        "Two chases of one piece against one counter-chase: the two-chase side must change.",
        PairPattern::PerpetualChaseAgainstSomeChases,
        false,
    ),
    pair(
        33,
        "細則17",
        "互相長捉",
        "Both sides chasing each other perpetually is a draw (both break the same prohibition).",
        PairPattern::MutualChase,
        false,
    ),
];

/// The ROC 2007 rule table.
pub const ROC_2007: RuleTable = RuleTable {
    book: RuleBook::Roc2007,
    chase: ChaseDefinition::AXF_2008,
    entries: ENTRIES,
    general_chase: ONE_CHASES_ONE,
    general_allowed: RuleEntry {
        item: 0,
        ..named(
            0,
            "棋例之判決 B2",
            "閒著",
            "Moves no item forbids: a repetition without a violation is a draw (B2).",
            moves(NONE, NONE, NONE),
            Allowed,
        )
    },
    pairs: PAIRS,
    clauses: Clauses {
        occurrences: 3,
        perpetual_check_clause: Section::Item("棋例之判決 A4"),
        same_status_clause: Section::Item("棋例之判決 B2"),
        both_forbidden_clause: Section::Item("棋例之判決 B3"),
        forbidden_clause: Section::Item("棋例之判決 A10"),
        check_breaks_chase: false,
        check_against_chase: Some(Section::Item("棋例之判決 A9")),
        draw_at_once: None,
    },
    game_end: GameEnd {
        checkmate: Section::Item("棋例之判決 A1"),
        stalemate: Section::Item("棋例之判決 A2"),
        stalemate_note: "",
    },
    move_limit: MoveLimit { plies: 100, max_counted_checks: Some(10), max_counted_cycles: Some(3) },
    mutual_attack_chase: None,
    // 術語 殺著: "企圖下一著叫將或連續叫將，令對方無法解救" — the next check or continuous checks, with no bound.
    mate_threat_depth: CONTINUOUS_CHECKS,
    material_gain: false,
    facing_kings: FacingKingsRule {
        creator_loses: true,
        cite: Section::Item("棋例之判決 A11"),
        note: "{mover} to move captures the king and wins",
    },
};
