//! The rule DSL: the types a book's table is written in, and the constant constructors the book files share.
//!
//! A [`RuleTable`] is data: the book's [`ChaseDefinition`] (which threats are 捉), its catalogue as an ordered
//! list of [`RuleEntry`]s (each a [`Pattern`] over one side's moves in a repetition window, with the item number
//! and whether the pattern is allowed or forbidden, [`Status`]), pair entries that name the item for a
//! combination of both sides ([`PairEntry`]), the repetition procedure ([`Clauses`]), the articles on the end of
//! the game ([`GameEnd`]), the natural move limit ([`MoveLimit`]) and the facing-kings rule
//! ([`FacingKingsRule`]). The types are `#[non_exhaustive]`: tables are written in this crate (`rules/*.rs`),
//! and read anywhere.

use xiangqi_board::Role;

use crate::book::RuleBook;
use crate::citation::{RuleRef, Section};
use crate::classify::{ChaseDefinition, ChaseReasons, MoveFlags};
use crate::cycle::{SideConduct, TargetFacts};

/// A set of roles, as a bit set over [`Role::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoleSet(u8);

impl RoleSet {
    /// Every role.
    pub const ANY: RoleSet = RoleSet(0x7f);

    /// The set of the given roles.
    pub const fn of(roles: &[Role]) -> RoleSet {
        let mut bits = 0;
        let mut i = 0;
        while i < roles.len() {
            bits |= 1 << roles[i] as u8;
            i += 1;
        }
        RoleSet(bits)
    }

    /// The bit set: bit [`Role::index`] for each role in the set.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every role of the bit set `roles` is in this set.
    pub const fn covers(self, roles: u8) -> bool {
        roles & !self.0 == 0
    }

    /// Whether `role` is in the set.
    pub const fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }
}

/// Conditions on the attacks on one piece over a side's moves (for [`Pattern::Chase`] and [`Pattern::Attack`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PieceSpec {
    /// The attacking pieces' roles must all be in this set.
    pub attackers: RoleSet,
    /// The target's role must be in this set.
    pub targets: RoleSet,
    /// On every move the attacks must have one of these reasons (empty: no condition).
    pub every_move: ChaseReasons,
    /// On some move the attacks must have one of these reasons (empty: no condition).
    pub some_move: ChaseReasons,
    /// No move's attacks may have any of these reasons.
    pub never: ChaseReasons,
    /// At least this many different pieces attack over the cycle.
    pub min_attackers: u8,
    /// At most this many different pieces attack over the cycle.
    pub max_attackers: u8,
    /// The moving pieces' roles must all be in this set.
    pub movers: RoleSet,
    /// Some move of the side has one of these flags (empty: no condition).
    pub some_flags: MoveFlags,
}

impl PieceSpec {
    /// Any attack on any piece.
    pub const ANY: PieceSpec = PieceSpec {
        attackers: RoleSet::ANY,
        targets: RoleSet::ANY,
        every_move: ChaseReasons::empty(),
        some_move: ChaseReasons::empty(),
        never: ChaseReasons::empty(),
        min_attackers: 1,
        max_attackers: 32,
        movers: RoleSet::ANY,
        some_flags: MoveFlags::empty(),
    };

    pub(super) fn matches(&self, facts: &TargetFacts, conduct: &SideConduct<'_>) -> bool {
        let attackers = facts.attacker_ids.count_ones();
        (self.some_flags.is_empty() || conduct.some.intersects(self.some_flags))
            && facts.target_roles != 0
            && self.targets.covers(facts.target_roles)
            && self.attackers.covers(facts.attacker_roles)
            && self.movers.covers(facts.mover_roles)
            && (self.every_move.is_empty() || facts.every_move.intersects(self.every_move))
            && (self.some_move.is_empty() || facts.some_move.intersects(self.some_move))
            && !facts.some_move.intersects(self.never)
            && attackers >= u32::from(self.min_attackers)
            && attackers <= u32::from(self.max_attackers)
    }
}

/// A pattern of one side's moves in a repetition window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pattern {
    /// Every move has at least one of `each` (if not empty); each flag of `some` occurs on some move; no move has
    /// a flag of `none`. [`MoveFlags::CHASE`] is read with the table's chase definition.
    Moves {
        /// Every move has one of these.
        each: MoveFlags,
        /// Each of these occurs at least once.
        some: MoveFlags,
        /// None of these occurs.
        none: MoveFlags,
    },
    /// The same piece is chased on every move (长捉), and the chases on it fit the spec.
    Chase(PieceSpec),
    /// Every move chases, but no piece is chased on every move (chasing two or more pieces in turn), and every
    /// chase fits the spec.
    AlternateChase(PieceSpec),
    /// 捉一不捉二 (PRC 1956 第八章一7): the same piece is newly attacked on every move, standing on two or more
    /// different squares, and chased on at least one of them; the attacks fit the spec.
    ChaseOnTwoSquares(PieceSpec),
    /// The same piece is newly attacked on every move without being chased every move, and the attacks on it
    /// fit the spec.
    Attack(PieceSpec),
}

/// Whether a pattern is allowed (允许着法) or forbidden (禁止着法).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// Allowed: if both sides' moves are allowed, the repetition is a draw.
    Allowed,
    /// Forbidden: the side must change (and loses if it repeats once more) unless the other side's moves are
    /// forbidden too.
    Forbidden,
    /// Perpetual check: forbidden, and outranking every other pattern (AXF 2008 第一章七(G)1).
    PerpetualCheck,
}

/// One item of a rule book's catalogue, as a table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RuleEntry {
    /// The item number in the book's catalogue (for books that name their items: the entry's ordinal); 0 for a
    /// table's general entries that cite only the procedure.
    pub item: u8,
    /// The citation of the item (`Section::Catalogue(item)` for AXF 2008, a named [`Section::Item`] otherwise).
    pub cite: Section,
    /// The item's Chinese name, e.g. `长捉` or `一照一闲`.
    pub name: &'static str,
    /// The item in one English sentence.
    pub summary: &'static str,
    /// The moves it rules on.
    pub pattern: Pattern,
    /// Allowed or forbidden.
    pub status: Status,
    /// A forbidden chase that stays forbidden even when the other side chases too (the chased side's
    /// counter-chases do not make the repetition mutual; AXF 2008 棋例 §10, §15).
    pub outranks_counter_chase: bool,
}

/// A combination of both sides' moves that an item names (for the citation of a draw or a loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PairPattern {
    /// Both sides check on every move.
    BothPerpetualCheck,
    /// One side checks on every move, the other on some of its moves.
    PerpetualCheckAgainstSomeChecks,
    /// Both sides threaten mate on every move.
    BothMateThreats,
    /// Both sides chase on every move, each chasing a piece of the other that chases back.
    MutualChase,
    /// One side threatens mate on every move (and never checks), the other blocks on every move with a piece
    /// other than the king (PRC 1956
    /// 长拦 图六: "红方要进车杀黑方，黑方一味用炮拦阻 … 只好作和").
    MateThreatAgainstBlocks,
    /// One side chases the same piece on every move, the other chases back on some of its moves but not on
    /// every one (ROC 2007 總綱5 二捉一還捉).
    PerpetualChaseAgainstSomeChases,
}

/// An item that rules on both sides together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PairEntry {
    /// The item number.
    pub item: u8,
    /// The citation of the item.
    pub cite: Section,
    /// The Chinese name.
    pub name: &'static str,
    /// The item in one English sentence.
    pub summary: &'static str,
    /// The combination.
    pub pattern: PairPattern,
    /// Whether the combination is a draw whatever the sides' own entries say (PRC 1956 长拦 against 长要杀);
    /// otherwise the pair item is only cited.
    pub draw: bool,
}

/// The clauses of a book's repetition procedure: when a ruling is given and what each combination of statuses
/// leads to.
///
/// Every ruling [`judge`](super::judge) gives is first a warning ([`Ruling::MustChange`](crate::Ruling::MustChange)
/// for the offender, or [`Ruling::DrawNextCycle`](crate::Ruling::DrawNextCycle)); [`Game`](crate::Game) makes it
/// final when the cycle is repeated once more (AXF 2008 第一章七(G) 1–3: "如再走一循环应立即判负",
/// "如再循环一次即判为和局", "犯禁方必须变着，若再循环一次即判负"). A book that draws at once
/// ([`Clauses::draw_at_once`]) gives [`Ruling::Draw`](crate::Ruling::Draw) straight away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Clauses {
    /// How many times a position must occur for the warning (AXF 2008: three).
    pub occurrences: u8,
    /// The clause for perpetual check (AXF 2008 第一章七(G)1: one more cycle loses).
    pub perpetual_check_clause: Section,
    /// The clause for both allowed (G2: draw).
    pub same_status_clause: Section,
    /// The clause for both forbidden (AXF 2008: G2 again; ROC 2007: 棋例之判決 B3 "雙方均同時觸犯同一禁例").
    pub both_forbidden_clause: Section,
    /// The clause for forbidden against allowed (G3: the offender must change; one more cycle loses).
    pub forbidden_clause: Section,
    /// Whether a checking move breaks a perpetual chase (AXF 2008 棋例 §7: one check one chase is a draw).
    pub check_breaks_chase: bool,
    /// The clause, if the book has one, cited when a perpetual checker faces a forbidden perpetual chase (ROC 2007
    /// 棋例之判決 A9: "長照者必須變著，不變判負" — the checker must change, as any offender does).
    pub check_against_chase: Option<Section>,
    /// The clause, if the book has one, by which a repetition with no offender (or offenders on both sides) is
    /// drawn at the third occurrence without a warning cycle (CXA 象棋竞赛规则 四.2(三): "循环反复已达三次，
    /// 符合不变作和 … 裁判员也有权判为和棋"); None: the arbiter first announces that one more cycle is a draw
    /// ([`Ruling::DrawNextCycle`](crate::Ruling::DrawNextCycle)).
    pub draw_at_once: Option<Section>,
}

/// What a book cites for the end of the game on the board: checkmate (将死) and stalemate (困毙), both a loss for
/// the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct GameEnd {
    /// The article for checkmate.
    pub checkmate: Section,
    /// The article for stalemate.
    pub stalemate: Section,
    /// A note when the book is silent on stalemate and the common rule is applied (empty otherwise).
    pub stalemate_note: &'static str,
}

/// The natural move limit (自然限着).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct MoveLimit {
    /// Plies without a capture after which the game is drawn; 0 for a book without a move limit (PRC 1956).
    pub plies: u16,
    /// For the side claiming the draw, at most this many of its checking moves count (None: all count).
    pub max_counted_checks: Option<u16>,
    /// Of a repeated cycle, at most this many cycles count (ROC 2007 第二章第四節三: "長照長捉，最多只計三個
    /// 循環"); None: every ply counts.
    pub max_counted_cycles: Option<u8>,
}

/// A rule book as data.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct RuleTable {
    /// The book.
    pub book: RuleBook,
    /// Which threats are chases.
    pub chase: ChaseDefinition,
    /// The catalogue entries, most specific first: the first entry that matches a side's moves rules on them.
    pub entries: &'static [RuleEntry],
    /// The entry for a perpetual chase no specific entry describes.
    pub general_chase: RuleEntry,
    /// The entry for moves no entry describes (allowed).
    pub general_allowed: RuleEntry,
    /// Items naming a combination of both sides, in order.
    pub pairs: &'static [PairEntry],
    /// The clauses of the repetition procedure.
    pub clauses: Clauses,
    /// The articles on checkmate and stalemate.
    pub game_end: GameEnd,
    /// The natural move limit.
    pub move_limit: MoveLimit,
    /// The chase definition used for both sides when both attack on every move under it (CXA 2011 第27条: a
    /// pawn's attacks are 捉 in a mutual 长打); None: always [`RuleTable::chase`].
    pub mutual_attack_chase: Option<ChaseDefinition>,
    /// Whether the book reads 捉 as material gain (CXA 2011 第24条 24.3): the classifier then marks the threats
    /// that win material ([`ChaseReasons::WINS_MATERIAL`]).
    pub material_gain: bool,
    /// How many of the mover's own checks a mate threat (杀) may take under the book
    /// ([`ClassifyOptions::mate_threat_depth`](crate::ClassifyOptions::mate_threat_depth)): 1 = mate with the
    /// next move (PRC 1956 第八章一2 "要杀就是在下一步要将死对方"); [`CONTINUOUS_CHECKS`](crate::CONTINUOUS_CHECKS) =
    /// continuous checks of any length (CXA 2020 第24条 24.10: mate "用一步或连续的将军"; ROC 2007 術語 殺著).
    pub mate_threat_depth: u8,
    /// What the book rules on facing kings ([`facing_kings_ruling`](super::facing_kings_ruling)).
    pub facing_kings: FacingKingsRule,
}

impl RuleTable {
    pub(crate) fn cite(&self, section: Section) -> RuleRef {
        RuleRef { book: self.book, section }
    }

    /// Every text the table holds for a verdict: its entries' names and the names of the sections it cites.
    pub(crate) fn texts(&'static self) -> impl Iterator<Item = &'static str> {
        let named = |section: Section| match section {
            Section::Item(name) => Some(name),
            _ => None,
        };
        let entries = self.entries.iter().chain([&self.general_chase, &self.general_allowed]);
        let entries = entries.flat_map(move |entry| [Some(entry.name), named(entry.cite)]);
        let pairs = self.pairs.iter().flat_map(move |pair| [Some(pair.name), named(pair.cite)]);
        let sections = self.clause_sections().map(named);
        entries.chain(pairs).chain(sections).flatten()
    }

    /// The sections the table cites besides its entries and pairs: the procedure clauses it has, the game-end
    /// articles (checkmate, stalemate) and the facing-kings item.
    pub(crate) fn clause_sections(&self) -> impl Iterator<Item = Section> {
        let clauses = &self.clauses;
        [
            Some(clauses.perpetual_check_clause),
            Some(clauses.same_status_clause),
            Some(clauses.both_forbidden_clause),
            Some(clauses.forbidden_clause),
            clauses.check_against_chase,
            clauses.draw_at_once,
            Some(self.game_end.checkmate),
            Some(self.game_end.stalemate),
            Some(self.facing_kings.cite),
        ]
        .into_iter()
        .flatten()
    }
}

/// What a book rules on facing kings (part of its [`RuleTable`]; ruled by
/// [`facing_kings_ruling`](super::facing_kings_ruling)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FacingKingsRule {
    /// True if the side that created the facing loses; false if its move is illegal and must be taken back
    /// ([`Ruling::MustChange`](crate::Ruling::MustChange)).
    pub creator_loses: bool,
    /// The item cited.
    pub cite: Section,
    /// How the book words it, for the verdict's note (`{mover}` and `{creator}` are replaced by the side to move
    /// and the side that created the facing).
    pub note: &'static str,
}

// The constructors and role sets the book files write their entries with.

/// The set of the given roles.
pub(super) const fn roles(list: &[Role]) -> RoleSet {
    RoleSet::of(list)
}

pub(super) const ROOK: RoleSet = roles(&[Role::Rook]);
pub(super) const CANNON: RoleSet = roles(&[Role::Cannon]);
pub(super) const HORSE: RoleSet = roles(&[Role::Horse]);
pub(super) const HORSE_OR_CANNON: RoleSet = roles(&[Role::Horse, Role::Cannon]);
pub(super) const PAWN: RoleSet = roles(&[Role::Pawn]);
pub(super) const KING_OR_PAWN: RoleSet = roles(&[Role::King, Role::Pawn]);
/// The pieces whose attacks may be chases in every book: rook, horse, cannon, advisor, elephant.
pub(super) const CHASERS: RoleSet = roles(&[Role::Rook, Role::Horse, Role::Cannon, Role::Advisor, Role::Elephant]);
pub(super) const ANY: PieceSpec = PieceSpec::ANY;

/// A [`Pattern::Moves`].
pub(super) const fn moves(each: MoveFlags, some: MoveFlags, none: MoveFlags) -> Pattern {
    Pattern::Moves { each, some, none }
}

/// An entry of a book that names its items: `cite` is the item as the book names it.
pub(super) const fn named(
    item: u8,
    cite: &'static str,
    name: &'static str,
    summary: &'static str,
    pattern: Pattern,
    status: Status,
) -> RuleEntry {
    RuleEntry { item, cite: Section::Item(cite), name, summary, pattern, status, outranks_counter_chase: false }
}

/// A pair entry of a book that names its items; `draw` as in [`PairEntry::draw`].
pub(super) const fn pair(
    item: u8,
    cite: &'static str,
    name: &'static str,
    summary: &'static str,
    pattern: PairPattern,
    draw: bool,
) -> PairEntry {
    PairEntry { item, cite: Section::Item(cite), name, summary, pattern, draw }
}
