//! [`judge`]: a repetition window ruled by a table — each side's moves classed by the first matching entry, then
//! the book's procedure clauses applied to the two entries.

use alloc::{format, string::String, vec::Vec};

use xiangqi_board::Color;

use super::dsl::{PairEntry, Pattern, RuleEntry, RuleTable, Status};
use crate::citation::{RuleRef, Section};
use crate::classify::{ChaseDefinition, MoveClass, MoveFlags};
use crate::cycle::SideConduct;
use crate::history::Repetition;
use crate::ruling::Ruling;
use crate::termination::Termination;
use crate::verdict::{Evidence, SideRuling, Verdict};

/// Judges a repetition window with a rule table: classifies each side's moves by the first matching entry,
/// then applies the procedure's clauses. The ruling is the warning given when the position occurs for the third
/// time ([`Ruling::MustChange`], [`Ruling::DrawNextCycle`]), or [`Ruling::Draw`] under a book that draws at once
/// ([`Clauses::draw_at_once`](super::Clauses::draw_at_once)); [`Game`](crate::Game) turns a warning into the
/// final ruling. The verdict's [`termination`](Verdict::termination) names the offence (a perpetual check, chase,
/// mate threat or another forbidden combination) or [`Termination::RepetitionDraw`].
pub fn judge(table: &RuleTable, repetition: Repetition, window: Vec<MoveClass>) -> Verdict {
    let check_breaks = table.clauses.check_breaks_chase;
    let definition = chase_definition(table, &window);
    let (red_entry, black_entry, pair, red_ruling, black_ruling, ruling, rules, note, termination);
    {
        let red = SideConduct::new(Color::Red, &window, definition, check_breaks);
        let black = SideConduct::new(Color::Black, &window, definition, check_breaks);
        red_entry = *table.entry_for(&red);
        black_entry = *table.entry_for(&black);
        pair = table.pair_for(&red, &black).copied();
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
        termination = match ruling {
            Ruling::MustChange(Color::Red) | Ruling::Loses(Color::Red) => offense(&red_entry, &red),
            Ruling::MustChange(Color::Black) | Ruling::Loses(Color::Black) => offense(&black_entry, &black),
            Ruling::DrawNextCycle | Ruling::Draw | Ruling::Continue => Termination::RepetitionDraw,
        };
    }
    Verdict {
        ruling,
        rules,
        note,
        evidence: Some(Evidence { repetition, moves: window, sides: [red_ruling, black_ruling] }),
        termination: Some(termination),
    }
}

/// What the offender did, by the entry that ruled on its moves: a perpetual check, a perpetual chase (a chase
/// pattern, or the general chase entry), a perpetual mate threat, or another forbidden combination.
fn offense(entry: &RuleEntry, conduct: &SideConduct<'_>) -> Termination {
    let chase = matches!(entry.pattern, Pattern::Chase(_) | Pattern::AlternateChase(_) | Pattern::ChaseOnTwoSquares(_));
    if entry.status == Status::PerpetualCheck {
        Termination::PerpetualCheck
    } else if chase || conduct.perpetual_chase != 0 {
        Termination::PerpetualChase
    } else if conduct.every.contains(MoveFlags::MATE_THREAT) {
        Termination::PerpetualMateThreat
    } else {
        Termination::ForbiddenRepetition
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
