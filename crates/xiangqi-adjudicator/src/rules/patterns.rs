//! Which entry of a table rules on a side's moves: the patterns of the DSL ([`Pattern`], [`PairPattern`]) read
//! against a side's conduct over a repetition window ([`SideConduct`]).

use alloc::vec::Vec;
use core::cell::OnceCell;

use xiangqi_board::Role;

use super::dsl::{PairEntry, PairPattern, Pattern, RuleEntry, RuleTable};
use super::two_squares;
use crate::classify::MoveFlags;
use crate::cycle::{ids, SideConduct, TargetFacts};

impl RuleTable {
    /// The entry that rules on `conduct`: the first whose pattern matches, else the general chase entry for a
    /// perpetual chase and the general allowed entry for anything else.
    pub fn entry_for(&self, conduct: &SideConduct<'_>) -> &RuleEntry {
        let gathered = Gathered::new(conduct);
        self.entries
            .iter()
            .find(|entry| pattern_matches(&entry.pattern, &gathered))
            .unwrap_or(if conduct.perpetual_chase != 0 { &self.general_chase } else { &self.general_allowed })
    }

    /// The first pair entry that names the combination of both sides' moves.
    pub(super) fn pair_for(&self, red: &SideConduct<'_>, black: &SideConduct<'_>) -> Option<&PairEntry> {
        self.pairs.iter().find(|p| pair_matches(p.pattern, red, black))
    }
}

/// The facts about each piece a side's moves attack, gathered once for all the entries of a table that ask (most
/// entries are piece patterns, and they ask about the same pieces).
struct Gathered<'c, 'a> {
    conduct: &'c SideConduct<'a>,
    /// Each piece chased on every move, with the facts of the chases on it.
    chased: OnceCell<Vec<TargetFacts>>,
    /// Each piece newly attacked on every move but not chased on every move, with the facts of the attacks on it.
    attacked: OnceCell<Vec<TargetFacts>>,
    /// The facts of every new chase, on any piece.
    chases: OnceCell<TargetFacts>,
}

impl<'c, 'a> Gathered<'c, 'a> {
    fn new(conduct: &'c SideConduct<'a>) -> Self {
        Gathered { conduct, chased: OnceCell::new(), attacked: OnceCell::new(), chases: OnceCell::new() }
    }

    fn chased(&self) -> &[TargetFacts] {
        let conduct = self.conduct;
        self.chased.get_or_init(|| {
            ids(conduct.perpetual_chase)
                .map(|target| TargetFacts::gather(conduct, |i| conduct.chases_on(i, target).collect()))
                .collect()
        })
    }

    fn attacked(&self) -> &[TargetFacts] {
        let conduct = self.conduct;
        self.attacked.get_or_init(|| {
            ids(conduct.perpetual_attack & !conduct.perpetual_chase)
                .map(|target| TargetFacts::gather(conduct, |i| conduct.attacks_on(i, target).collect()))
                .collect()
        })
    }

    fn chases(&self) -> &TargetFacts {
        let conduct = self.conduct;
        self.chases.get_or_init(|| TargetFacts::gather(conduct, |i| conduct.new_chases(i).collect()))
    }
}

fn pattern_matches(pattern: &Pattern, gathered: &Gathered<'_, '_>) -> bool {
    let conduct = gathered.conduct;
    if conduct.is_empty() {
        return false;
    }
    match *pattern {
        Pattern::Moves { each, some, none } => {
            (each.is_empty() || conduct.flags.iter().all(|f| f.intersects(each)))
                && conduct.some.contains(some)
                && !conduct.some.intersects(none)
        }
        Pattern::Chase(spec) => gathered.chased().iter().any(|facts| spec.matches(facts, conduct)),
        Pattern::AlternateChase(spec) => {
            conduct.perpetual_chase == 0
                && conduct.every.contains(MoveFlags::CHASE)
                && !conduct.some.contains(MoveFlags::CHECK)
                && spec.matches(gathered.chases(), conduct)
        }
        Pattern::ChaseOnTwoSquares(spec) => two_squares::matches(&spec, conduct),
        Pattern::Attack(spec) => gathered.attacked().iter().any(|facts| spec.matches(facts, conduct)),
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
