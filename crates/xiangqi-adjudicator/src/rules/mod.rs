//! Rule sets as tables over the classification.
//!
//! A [`RuleTable`] is data: the book's [`ChaseDefinition`] (which threats are 捉), its catalogue as an ordered
//! list of [`RuleEntry`]s (each a [`Pattern`] over one side's moves in a repetition window, with the item number
//! and whether the pattern is allowed or forbidden), pair entries that name the item for a combination of both
//! sides ([`PairEntry`]), the repetition procedure ([`Procedure`]) and the natural move limit ([`MoveLimit`]).
//! [`judge`] applies any table to a window; adding a rule book is adding a table (a sibling of `axf2008.rs`).

mod axf2008;

use alloc::{format, string::String, vec::Vec};
use core::{fmt, str::FromStr};

use xiangqi_board::{Color, Role};

use crate::classify::{ChaseDefinition, ChaseReasons, MoveClass, MoveFlags};
use crate::cycle::{ids, SideConduct, TargetFacts};
use crate::history::Repetition;
use crate::verdict::{Evidence, RuleBook, RuleRef, Ruling, Section, SideRuling, Verdict};

pub use axf2008::AXF_2008;

/// The rule books.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum RuleSet {
    /// Asian Xiangqi Federation 2008 (third revision): 第四章 棋例 items 1–35, the procedure of 第一章七(G) and
    /// the natural move limit of 第二章第八节.
    #[default]
    Axf2008,
}

impl RuleSet {
    /// The table of the rule set.
    pub fn table(self) -> &'static RuleTable {
        match self {
            RuleSet::Axf2008 => &AXF_2008,
        }
    }
}

/// The error of parsing a [`RuleSet`] name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseRuleSetError {
    /// A rule book this crate knows of but does not implement yet.
    #[error("rule set `{0}` is not implemented yet (only `axf` is)")]
    NotImplemented(String),
    /// An unknown name.
    #[error("unknown rule set `{0}` (expected axf, roc, prc1956 or cxa)")]
    Unknown(String),
}

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    /// Reads `axf` (or `axf2008`); `roc`, `prc1956` and `cxa` are recognised but not implemented yet.
    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        match s.to_ascii_lowercase().as_str() {
            "axf" | "axf2008" | "wxf" => Ok(RuleSet::Axf2008),
            "roc" | "roc2007" | "prc1956" | "cxa" => Err(ParseRuleSetError::NotImplemented(s.into())),
            _ => Err(ParseRuleSetError::Unknown(s.into())),
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSet::Axf2008 => f.write_str("axf"),
        }
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
    /// The item number in the book's catalogue.
    pub item: u8,
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
}

/// An item that rules on both sides together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PairEntry {
    /// The item number.
    pub item: u8,
    /// The Chinese name.
    pub name: &'static str,
    /// The item in one English sentence.
    pub summary: &'static str,
    /// The combination.
    pub pattern: PairPattern,
}

/// The repetition procedure: when a ruling is given and what each combination of statuses leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Procedure {
    /// How many times a position must occur for a ruling (AXF 2008: three).
    pub occurrences: u8,
    /// The clause for perpetual check (AXF 2008 第一章七(G)1: one more cycle loses).
    pub perpetual_check_clause: u8,
    /// The clause for both allowed or both forbidden (G2: draw).
    pub same_status_clause: u8,
    /// The clause for forbidden against allowed (G3: the offender must change; one more cycle loses).
    pub forbidden_clause: u8,
    /// Whether a checking move breaks a perpetual chase (AXF 2008 棋例 §7: one check one chase is a draw).
    pub check_breaks_chase: bool,
}

/// The natural move limit (自然限着).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveLimit {
    /// Plies without a capture after which the game is drawn.
    pub plies: u16,
    /// For the side claiming the draw, at most this many of its checking moves count (None: all count).
    pub max_counted_checks: Option<u16>,
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
    /// The repetition procedure.
    pub procedure: Procedure,
    /// The natural move limit.
    pub move_limit: MoveLimit,
}

impl RuleTable {
    fn cite(&self, section: Section) -> RuleRef {
        RuleRef { book: self.book, section }
    }

    /// The entry that rules on `conduct`.
    pub fn entry_for(&self, conduct: &SideConduct<'_>) -> &RuleEntry {
        self.entries
            .iter()
            .find(|entry| pattern_matches(&entry.pattern, conduct))
            .unwrap_or(if conduct.perpetual_chase != 0 { &self.general_chase } else { &self.general_allowed })
    }
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
/// then applies the procedure.
pub fn judge(table: &RuleTable, repetition: Repetition, window: Vec<MoveClass>) -> Verdict {
    let check_breaks = table.procedure.check_breaks_chase;
    let (red_entry, black_entry, pair, red_ruling, black_ruling, ruling, rules, note);
    {
        let red = SideConduct::new(Color::Red, &window, table.chase, check_breaks);
        let black = SideConduct::new(Color::Black, &window, table.chase, check_breaks);
        red_entry = *table.entry_for(&red);
        black_entry = *table.entry_for(&black);
        pair = table.pairs.iter().find(|p| pair_matches(p.pattern, &red, &black)).copied();
        let side_ruling = |side: Color, entry: &RuleEntry, conduct: &SideConduct<'_>| SideRuling {
            side,
            forbidden: entry.status != Status::Allowed,
            perpetual_check: conduct.is_perpetual_check(),
            rule: table.cite(Section::Catalogue(entry.item)),
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

/// The procedure: the ruling, the cited rules and the note, from both sides' entries.
fn decide(
    table: &RuleTable,
    red: &RuleEntry,
    black: &RuleEntry,
    pair: Option<&PairEntry>,
) -> (Ruling, Vec<RuleRef>, String) {
    let procedure = table.procedure;
    let item = |entry: &RuleEntry| table.cite(Section::Catalogue(entry.item));
    let clause = |n: u8| table.cite(Section::Procedure(n));
    let pair_item = pair.map(|p| table.cite(Section::Catalogue(p.item)));
    let loses = |side: Color, entry: &RuleEntry, clause_number: u8| {
        let mut rules = Vec::new();
        if entry.item != 0 {
            rules.push(item(entry));
        }
        if let Some(pair_item) = pair_item {
            if !rules.contains(&pair_item) {
                rules.push(pair_item);
            }
        }
        rules.push(clause(clause_number));
        let note = format!("{} must change; one more cycle and {} loses", side.name(), side.name());
        (Ruling::Loses(side), rules, note)
    };
    let draw = |clause_number: u8| {
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
        rules.push(clause(clause_number));
        (Ruling::Draw, rules, String::from("one more cycle and the game is drawn"))
    };
    let check = |entry: &RuleEntry| entry.status == Status::PerpetualCheck;
    let forbidden = |entry: &RuleEntry| entry.status != Status::Allowed;
    match (check(red), check(black)) {
        (true, true) => return draw(procedure.same_status_clause),
        (true, false) => return loses(Color::Red, red, procedure.perpetual_check_clause),
        (false, true) => return loses(Color::Black, black, procedure.perpetual_check_clause),
        (false, false) => {}
    }
    match (forbidden(red), forbidden(black)) {
        (true, true) => match (red.outranks_counter_chase, black.outranks_counter_chase) {
            (true, false) => loses(Color::Red, red, procedure.forbidden_clause),
            (false, true) => loses(Color::Black, black, procedure.forbidden_clause),
            _ => draw(procedure.same_status_clause),
        },
        (true, false) => loses(Color::Red, red, procedure.forbidden_clause),
        (false, true) => loses(Color::Black, black, procedure.forbidden_clause),
        (false, false) => draw(procedure.same_status_clause),
    }
}
