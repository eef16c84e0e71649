//! Rule sets as tables over the classification.
//!
//! A [`RuleTable`] is data: the book's [`ChaseDefinition`] (which threats are 捉), its catalogue as an ordered
//! list of [`RuleEntry`]s (each a [`Pattern`] over one side's moves in a repetition window, with the item number
//! and whether the pattern is allowed or forbidden), pair entries that name the item for a combination of both
//! sides ([`PairEntry`]), the repetition procedure ([`Clauses`]) and the natural move limit ([`MoveLimit`]).
//! [`judge`] applies any table to a window; adding a rule book is adding a table (a sibling of `axf2008.rs`).
//!
//! The books: [`AXF_2008`] (`axf2008.rs`), [`ROC_2007`] (`roc2007.rs`), [`PRC_1956`] (`prc1956.rs`) and
//! [`CXA`] (`cxa.rs`). What a book needs beyond the AXF table is a field or a pattern here: 1956's 捉一不捉二
//! ([`Pattern::ChaseOnTwoSquares`], `two_squares.rs`), ROC's 二捉一還捉 ([`PairPattern::PerpetualChaseAgainstSomeChases`])
//! and A9 ruling ([`Clauses::check_against_chase`]), CXA's pawn chases in a mutual 长打
//! ([`RuleTable::mutual_attack_chase`]) and material gain ([`RuleTable::material_gain`]). The facing-kings
//! rulings act on a position, not a window: [`facing_kings_ruling`].

mod axf2008;
mod build;
mod cxa;
mod facing_kings;
mod prc1956;
mod roc2007;
mod two_squares;

use alloc::{format, string::String, vec::Vec};
use core::{fmt, str::FromStr};

use xiangqi_board::{Color, Role};

use crate::classify::{ChaseDefinition, ChaseReasons, MoveClass, MoveFlags};
use crate::cycle::{ids, SideConduct, TargetFacts};
use crate::history::Repetition;
use crate::verdict::{Evidence, RuleBook, RuleRef, Ruling, Section, SideRuling, Verdict};

pub use axf2008::AXF_2008;
pub use cxa::{CXA, CXA_CHASE, CXA_MUTUAL_CHASE};
pub use facing_kings::{facing_kings, facing_kings_ruling, FacingKingsRule};
pub use prc1956::{PRC_1956, PRC_1956_CHASE};
pub use roc2007::ROC_2007;

/// The rule books.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is `axf`, `roc`, `prc1956` or `cxa`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleSet {
    /// Asian Xiangqi Federation 2008 (third revision): 第四章 棋例 items 1–35, the procedure of 第一章七(G) and
    /// the natural move limit of 第二章第八节.
    #[default]
    Axf2008,
    /// Republic of China (Taiwan) 2007: 第三章 棋例 — 術語解釋, 棋例之判決 A1–A11 and B1–B4, 棋例總綱 1–10 and
    /// 棋例細則 1–17 — and the move limit of 第二章第四節 (perpetual checks and chases count at most three cycles).
    Roc2007,
    /// People's Republic of China 1956: the allowed repetitions of 第六章二 (长拦 长兑 长跟 一将一闲 解将还将
    /// 卒兵长捉 将帅长捉 车马循环反捉) and the forbidden moves of 第八章 (长将 长要杀 长捉无根子 一将一要杀 一将一捉
    /// 一将一要抽吃 捉一不捉二 帅将对面). The book has no natural move limit.
    Prc1956,
    /// The modern Chinese Xiangqi Association rules (2011, 棋例 definitions as numbered in 2020 第24条): 长将,
    /// 长杀, 长捉 and their mixtures forbidden, 捉 read as material gain by the piece values of 第25条, the
    /// principles of 第26条–第27条, and the sixty-move rule.
    Cxa,
}

impl RuleSet {
    /// Every rule set, AXF 2008 first.
    pub const ALL: [RuleSet; 4] = [RuleSet::Axf2008, RuleSet::Roc2007, RuleSet::Prc1956, RuleSet::Cxa];

    /// The table of the rule set.
    pub fn table(self) -> &'static RuleTable {
        match self {
            RuleSet::Axf2008 => &AXF_2008,
            RuleSet::Roc2007 => &ROC_2007,
            RuleSet::Prc1956 => &PRC_1956,
            RuleSet::Cxa => &CXA,
        }
    }
}

/// The error of parsing a [`RuleSet`] name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseRuleSetError {
    /// An unknown name.
    #[error("unknown rule set `{0}` (expected axf, roc, prc1956 or cxa)")]
    Unknown(String),
}

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    /// Reads `axf` (`axf2008`, `wxf`), `roc` (`roc2007`), `prc1956` (`1956`) or `cxa` (`cxa2011`, `cxa2020`),
    /// in any case.
    ///
    /// ```
    /// use xiangqi::adjudicator::RuleSet;
    ///
    /// assert_eq!("roc".parse(), Ok(RuleSet::Roc2007));
    /// assert_eq!("PRC1956".parse(), Ok(RuleSet::Prc1956));
    /// assert!("fide".parse::<RuleSet>().is_err());
    /// ```
    ///
    /// # Errors
    /// [`ParseRuleSetError::Unknown`] for any other name.
    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        match s.to_ascii_lowercase().as_str() {
            "axf" | "axf2008" | "wxf" => Ok(RuleSet::Axf2008),
            "roc" | "roc2007" => Ok(RuleSet::Roc2007),
            "prc1956" | "1956" => Ok(RuleSet::Prc1956),
            "cxa" | "cxa2011" | "cxa2020" => Ok(RuleSet::Cxa),
            _ => Err(ParseRuleSetError::Unknown(s.into())),
        }
    }
}

impl fmt::Display for RuleSet {
    /// `axf`, `roc`, `prc1956`, `cxa` (the names [`RuleSet::from_str`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleSet::Axf2008 => "axf",
            RuleSet::Roc2007 => "roc",
            RuleSet::Prc1956 => "prc1956",
            RuleSet::Cxa => "cxa",
        })
    }
}

/// A set of roles, as a bit set over [`Role::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoleSet(pub u8);

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

    fn matches(&self, facts: &TargetFacts, conduct: &SideConduct<'_>) -> bool {
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
/// Every ruling [`judge`] gives is first a warning ([`Ruling::MustChange`] for the offender, or
/// [`Ruling::DrawNextCycle`]); [`Referee`](crate::Referee) makes it final when the cycle is repeated once more (AXF 2008
/// 第一章七(G) 1–3: "如再走一循环应立即判负", "如再循环一次即判为和局", "犯禁方必须变着，若再循环一次即判负").
/// A book that draws at once ([`Clauses::draw_at_once`]) gives [`Ruling::Draw`] straight away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// ([`Ruling::DrawNextCycle`]).
    pub draw_at_once: Option<Section>,
}

/// What a book cites for the end of the game on the board: checkmate (将死) and stalemate (困毙), both a loss for
/// the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// next move (PRC 1956 第八章一2 "要杀就是在下一步要将死对方"), 2 = a check, the reply, then a mating check
    /// (CXA 2020 第24条 24.10: mate "by a check or continuous checks").
    pub mate_threat_depth: u8,
    /// What the book rules on facing kings ([`facing_kings_ruling`]).
    pub facing_kings: FacingKingsRule,
}

impl RuleTable {
    fn cite(&self, section: Section) -> RuleRef {
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
        let clauses = &self.clauses;
        let sections = [
            Some(clauses.perpetual_check_clause),
            Some(clauses.same_status_clause),
            Some(clauses.both_forbidden_clause),
            Some(clauses.forbidden_clause),
            clauses.check_against_chase,
            clauses.draw_at_once,
            Some(self.game_end.checkmate),
            Some(self.game_end.stalemate),
            Some(self.facing_kings.cite),
        ];
        let sections = sections.into_iter().flatten().map(named);
        entries.chain(pairs).chain(sections).flatten()
    }

    /// The entry that rules on `conduct`.
    pub fn entry_for(&self, conduct: &SideConduct<'_>) -> &RuleEntry {
        self.entries
            .iter()
            .find(|entry| pattern_matches(&entry.pattern, conduct))
            .unwrap_or(if conduct.perpetual_chase != 0 { &self.general_chase } else { &self.general_allowed })
    }
}

/// The rule tables' own copy of `text`, an entry's name or a named section (for reading a [`RuleRef`] or a
/// [`SideRuling`] back from its text), if a table holds it.
pub(crate) fn table_text(text: &str) -> Option<&'static str> {
    RuleSet::ALL.into_iter().flat_map(|rules| rules.table().texts()).find(|known| *known == text)
}

fn pattern_matches(pattern: &Pattern, conduct: &SideConduct<'_>) -> bool {
    if conduct.is_empty() {
        return false;
    }
    match *pattern {
        Pattern::Moves { each, some, none } => {
            (each.is_empty() || conduct.flags.iter().all(|f| f.intersects(each)))
                && conduct.some.contains(some)
                && !conduct.some.intersects(none)
        }
        Pattern::Chase(spec) => ids(conduct.perpetual_chase).any(|target| {
            let facts = TargetFacts::gather(conduct, |i| conduct.chases_on(i, target).collect());
            spec.matches(&facts, conduct)
        }),
        Pattern::AlternateChase(spec) => {
            conduct.perpetual_chase == 0
                && conduct.every.contains(MoveFlags::CHASE)
                && !conduct.some.contains(MoveFlags::CHECK)
                && spec.matches(&TargetFacts::gather(conduct, |i| conduct.new_chases(i).collect()), conduct)
        }
        Pattern::ChaseOnTwoSquares(spec) => two_squares::matches(&spec, conduct),
        Pattern::Attack(spec) => ids(conduct.perpetual_attack & !conduct.perpetual_chase).any(|target| {
            let facts = TargetFacts::gather(conduct, |i| conduct.attacks_on(i, target).collect());
            spec.matches(&facts, conduct)
        }),
    }
}

fn pair_matches(pattern: PairPattern, red: &SideConduct<'_>, black: &SideConduct<'_>) -> bool {
    let both = |f: &dyn Fn(&SideConduct<'_>, &SideConduct<'_>) -> bool| f(red, black) || f(black, red);
    match pattern {
        PairPattern::BothPerpetualCheck => red.is_perpetual_check() && black.is_perpetual_check(),
        PairPattern::PerpetualCheckAgainstSomeChecks => {
            both(&|a, b| a.is_perpetual_check() && !b.is_perpetual_check() && b.some.contains(MoveFlags::CHECK))
        }
        PairPattern::BothMateThreats => {
            red.every.contains(MoveFlags::MATE_THREAT) && black.every.contains(MoveFlags::MATE_THREAT)
        }
        PairPattern::MutualChase => {
            red.perpetual_chase != 0
                && black.perpetual_chase != 0
                && chases_a_chaser(red, black)
                && chases_a_chaser(black, red)
        }
        PairPattern::MateThreatAgainstBlocks => both(&|a, b| {
            a.every.contains(MoveFlags::MATE_THREAT)
                && !a.some.contains(MoveFlags::CHECK)
                && b.every.contains(MoveFlags::BLOCK)
                && !b.some.contains(MoveFlags::CHECK)
                && b.moves.iter().all(|m| m.piece.role != Role::King)
        }),
        PairPattern::PerpetualChaseAgainstSomeChases => both(&|a, b| {
            a.perpetual_chase != 0
                && !a.is_perpetual_check()
                && b.perpetual_chase == 0
                && b.some.contains(MoveFlags::CHASE)
                && !b.every.contains(MoveFlags::CHASE)
        }),
    }
}

/// Whether `a` perpetually chases a piece that itself takes part in `b`'s perpetual chase.
fn chases_a_chaser(a: &SideConduct<'_>, b: &SideConduct<'_>) -> bool {
    let b_chasers = ids(b.perpetual_chase).fold(0u32, |set, target| {
        (0..b.len()).fold(set, |set, i| b.chases_on(i, target).fold(set, |s, t| s | t.attacker_id.bit()))
    });
    a.perpetual_chase & b_chasers != 0
}

/// Judges a repetition window with a rule table: classifies each side's moves by the first matching entry,
/// then applies the procedure's clauses. The ruling is the warning given when the position occurs for the third
/// time ([`Ruling::MustChange`], [`Ruling::DrawNextCycle`]), or [`Ruling::Draw`] under a book that draws at once
/// ([`Clauses::draw_at_once`]); [`Referee`](crate::Referee) turns a warning into the final ruling.
pub fn judge(table: &RuleTable, repetition: Repetition, window: Vec<MoveClass>) -> Verdict {
    let check_breaks = table.clauses.check_breaks_chase;
    let definition = chase_definition(table, &window);
    let (red_entry, black_entry, pair, red_ruling, black_ruling, ruling, rules, note);
    {
        let red = SideConduct::new(Color::Red, &window, definition, check_breaks);
        let black = SideConduct::new(Color::Black, &window, definition, check_breaks);
        red_entry = *table.entry_for(&red);
        black_entry = *table.entry_for(&black);
        pair = table.pairs.iter().find(|p| pair_matches(p.pattern, &red, &black)).copied();
        let side_ruling = |side: Color, entry: &RuleEntry, conduct: &SideConduct<'_>| SideRuling {
            side,
            forbidden: entry.status != Status::Allowed,
            perpetual_check: conduct.is_perpetual_check(),
            rule: table.cite(entry.cite),
            name: entry.name,
        };
        red_ruling = side_ruling(Color::Red, &red_entry, &red);
        black_ruling = side_ruling(Color::Black, &black_entry, &black);
        (ruling, rules, note) = decide(table, &red_entry, &black_entry, pair.as_ref());
    }
    Verdict {
        ruling,
        rules,
        note,
        evidence: Some(Evidence { repetition, moves: window, sides: [red_ruling, black_ruling] }),
    }
}

/// The chase definition for a window: the table's, or its [`RuleTable::mutual_attack_chase`] when both sides
/// attack (check, mate threat, chase or threat to win by check) on every move under the latter (a mutual 长打).
fn chase_definition(table: &RuleTable, window: &[MoveClass]) -> ChaseDefinition {
    let Some(mutual) = table.mutual_attack_chase else { return table.chase };
    let attacking = MoveFlags::CHECK | MoveFlags::MATE_THREAT | MoveFlags::CHASE | MoveFlags::THREAT_TO_WIN_BY_CHECK;
    let attacks_every_move = |side: Color| {
        let conduct = SideConduct::new(side, window, mutual, table.clauses.check_breaks_chase);
        !conduct.is_empty() && conduct.flags.iter().all(|f| f.intersects(attacking))
    };
    if attacks_every_move(Color::Red) && attacks_every_move(Color::Black) {
        mutual
    } else {
        table.chase
    }
}

/// The procedure: the ruling, the cited rules and the note, from both sides' entries.
fn decide(
    table: &RuleTable,
    red: &RuleEntry,
    black: &RuleEntry,
    pair: Option<&PairEntry>,
) -> (Ruling, Vec<RuleRef>, String) {
    let clauses = table.clauses;
    let item = |entry: &RuleEntry| table.cite(entry.cite);
    let clause = |section: Section| table.cite(section);
    let pair_item = pair.map(|p| table.cite(p.cite));
    let offender_rules = |entry: &RuleEntry, clause_section: Section| {
        let mut rules = Vec::new();
        if entry.item != 0 {
            rules.push(item(entry));
        }
        if let Some(pair_item) = pair_item {
            if !rules.contains(&pair_item) {
                rules.push(pair_item);
            }
        }
        let cited = clause(clause_section);
        if !rules.contains(&cited) {
            rules.push(cited);
        }
        rules
    };
    // The offender's warning (AXF 2008 第一章七(G)1 and 3, ROC 2007 A4, A9, A10, PRC 1956 第八章一, CXA 第26条):
    // it must change, and loses if it repeats the cycle once more.
    let must_change = |side: Color, entry: &RuleEntry, clause_section: Section| {
        let note = format!("{} must change; one more cycle and {} loses", side.name(), side.name());
        (Ruling::MustChange(side), offender_rules(entry, clause_section), note)
    };
    let draw = |clause_section: Section| {
        let mut rules = Vec::new();
        if let Some(pair_item) = pair_item {
            rules.push(pair_item);
        }
        for entry in [red, black] {
            let cited = item(entry);
            if entry.item != 0 && !rules.contains(&cited) {
                rules.push(cited);
            }
        }
        for section in core::iter::once(clause_section).chain(clauses.draw_at_once) {
            let cited = clause(section);
            if !rules.contains(&cited) {
                rules.push(cited);
            }
        }
        match clauses.draw_at_once {
            Some(_) => (Ruling::Draw, rules, String::from("the repetition is drawn at its third occurrence")),
            None => (Ruling::DrawNextCycle, rules, String::from("one more cycle and the game is drawn")),
        }
    };
    let check = |entry: &RuleEntry| entry.status == Status::PerpetualCheck;
    let forbidden = |entry: &RuleEntry| entry.status != Status::Allowed;
    if pair.is_some_and(|p| p.draw) {
        return draw(clauses.same_status_clause);
    }
    let checker = match (check(red), check(black)) {
        (true, true) => return draw(clauses.both_forbidden_clause),
        (true, false) => Some((Color::Red, red, black)),
        (false, true) => Some((Color::Black, black, red)),
        (false, false) => None,
    };
    if let Some((side, entry, other)) = checker {
        return match clauses.check_against_chase {
            Some(a9) if forbidden(other) => must_change(side, entry, a9),
            _ => must_change(side, entry, clauses.perpetual_check_clause),
        };
    }
    match (forbidden(red), forbidden(black)) {
        (true, true) => match (red.outranks_counter_chase, black.outranks_counter_chase) {
            (true, false) => must_change(Color::Red, red, clauses.forbidden_clause),
            (false, true) => must_change(Color::Black, black, clauses.forbidden_clause),
            _ => draw(clauses.both_forbidden_clause),
        },
        (true, false) => must_change(Color::Red, red, clauses.forbidden_clause),
        (false, true) => must_change(Color::Black, black, clauses.forbidden_clause),
        (false, false) => draw(clauses.same_status_clause),
    }
}
