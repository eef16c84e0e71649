//! The illustrated rule catalogue: every catalogue position (`common::CASES`) ruled under the four books, with the
//! ruling and first cited item recorded for each book; every item of every book proven by at least one
//! position; the diagrams in `docs/diagrams/` and the generated tables of `docs/rule-catalogue.md` equal to what
//! this code produces (so they cannot drift from the positions).
//!
//! After a deliberate change, `XIANGQI_BLESS=1 cargo test -p xiangqi-adjudicator --test catalogue` rewrites the
//! diagrams and the generated part of the document; review the diff before committing.

#[path = "adjudicator/common.rs"]
mod common;

use core::fmt::Write as _;
use std::{env, fs, path::PathBuf};

use common::{moves, Case, CASES};
use xiangqi_adjudicator::rules::{facing_kings_ruling, RuleTable};
use xiangqi_adjudicator::{Game, RuleBook, Ruling, Section, Verdict};
use xiangqi_board::{svg, Color, Move, Position, Setup};

/// The rulings of each case under AXF 2008, ROC 2007, PRC 1956 and CXA: the ruling, then the first cited item.
const EXPECTED: &[(&str, [&str; 4])] = &[
    (
        "axf-01-perpetual-check-by-one-rook",
        ["red_loses 棋例 §1", "red_loses 總綱1", "red_loses 长将", "red_loses 第24条 24.9"],
    ),
    ("axf-02-mutual-perpetual-check-is-a-draw", ["draw 棋例 §2", "draw 細則2", "draw 解将还将", "draw 第26条"]),
    (
        "axf-03-two-checks-against-one-check-back",
        ["red_loses 棋例 §1", "red_loses 總綱1", "red_loses 长将", "red_loses 第24条 24.9"],
    ),
    (
        "axf-04-perpetual-mate-threat-is-a-draw",
        ["draw 棋例 §4", "draw 總綱2", "red_loses 长要杀", "red_loses 第24条 24.10"],
    ),
    (
        "axf-05-mate-threat-against-counter-threat-is-a-draw",
        ["draw 棋例 §5", "draw 總綱2", "draw 长要杀", "draw 第24条 24.10"],
    ),
    (
        "axf-06-one-check-one-mate-threat-is-a-draw",
        ["draw 棋例 §6", "draw 總綱2", "red_loses 一将一要杀", "red_loses 第24条 24.13"],
    ),
    (
        "axf-07-one-check-one-chase-is-a-draw",
        ["draw 棋例 §7", "draw 總綱2", "red_loses 一将一捉", "red_loses 第24条 24.13"],
    ),
    ("axf-08-one-check-one-idle-is-a-draw", ["draw 棋例 §8", "draw 總綱2", "draw 一将一闲", "draw 第24条 24.14"]),
    (
        "axf-08-one-check-one-threat-to-win-by-check-is-a-draw",
        ["draw 棋例 §8", "draw 總綱2", "red_loses 一将一要抽吃", "red_loses 第24条 24.13"],
    ),
    (
        "axf-09-one-chase-one-threat-to-win-by-check-is-a-draw",
        ["draw 棋例 §9", "draw 總綱2", "draw 第六章二", "black_loses 第24条 24.11"],
    ),
    (
        "axf-10-cannon-chasing-a-rook-loses",
        ["black_loses 棋例 §10", "black_loses 總綱6", "black_loses 长捉无根子", "black_loses 第24条 24.11"],
    ),
    (
        "axf-10-exception-rook-counter-chase-does-not-excuse",
        ["black_loses 棋例 §10", "black_loses 總綱6", "black_loses 长捉无根子", "draw 第24条 24.12"],
    ),
    (
        "axf-11-cannon-chasing-two-rooks-in-turn-is-a-draw",
        ["draw 棋例 §11", "draw 總綱4", "draw 第六章二", "draw 第26条"],
    ),
    (
        "axf-12-rook-attacking-a-protected-cannon-is-a-draw",
        ["draw 棋例 §12", "draw 總綱6", "black_loses 捉一不捉二", "draw 第26条"],
    ),
    (
        "axf-13-rook-chasing-an-unprotected-cannon-loses",
        ["red_loses 棋例 §13", "red_loses 總綱3", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    (
        "axf-14-rook-held-by-a-horse-may-not-be-chased",
        ["red_loses 棋例 §14", "draw 總綱7", "draw 长捉无根子", "draw 第24条 24.11"],
    ),
    (
        "axf-15-cannon-and-horse-chasing-one-rook-lose",
        ["black_loses 棋例 §15", "black_loses 總綱6", "black_loses 长捉无根子", "black_loses 第24条 24.11"],
    ),
    (
        "axf-15-exception-counter-chasing-rook-does-not-excuse",
        ["red_loses 棋例 §15", "draw 細則17", "draw 捉一不捉二", "draw 第24条 24.11"],
    ),
    (
        "axf-16-horse-chasing-a-rook-loses",
        ["red_loses 棋例 §16", "red_loses 總綱6", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    (
        "axf-17-rook-and-horse-chasing-each-other-is-a-draw",
        ["draw 棋例 §17", "draw 細則17", "draw 车马循环反捉", "draw 第24条 24.11"],
    ),
    (
        "axf-18-rook-chasing-a-horse-loses",
        ["red_loses 棋例 §18", "red_loses 總綱3", "red_loses 长捉无根子", "red_loses 第24条 24.13"],
    ),
    (
        "axf-18-exception-single-counter-chase-does-not-excuse",
        ["red_loses 棋例 §18", "red_loses 總綱3", "red_loses 长捉无根子", "draw 第24条 24.11"],
    ),
    ("axf-19-same-kind-offer-is-a-draw", ["draw 棋例 §19", "draw 總綱7", "draw 长兑", "draw 第24条 24.12"]),
    (
        "axf-19-exception-pinned-same-kind-may-not-be-chased",
        ["red_loses 棋例 §19", "red_loses 總綱7", "red_loses 长捉无根子", "red_loses 第24条 24.10"],
    ),
    (
        "axf-20-cannon-chasing-through-moved-screens-loses",
        ["red_loses 棋例 §20", "red_loses 細則15", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    (
        "axf-20-exception-uncrossed-pawn-may-be-attacked",
        ["draw 棋例 §20", "draw 總綱3", "red_loses 长捉无根子", "draw 第26条"],
    ),
    (
        "axf-21-cannon-chasing-a-rook-through-moved-screens-loses",
        ["black_loses 棋例 §21", "black_loses 總綱6", "red_loses 长要杀", "draw 第24条 24.10"],
    ),
    (
        "axf-22-pinned-rook-moving-along-its-line-does-not-chase",
        ["draw 棋例 §22", "draw 棋例之判決 B2", "draw 第六章二", "draw 第26条"],
    ),
    (
        "axf-22-pinned-rook-moving-along-its-line-does-not-chase-control",
        ["black_loses 棋例 §13", "black_loses 總綱3", "black_loses 长捉无根子", "black_loses 第24条 24.11"],
    ),
    (
        "axf-22-exception-held-rook-may-not-be-chased-by-a-horse",
        ["red_loses 棋例 §22", "red_loses 總綱6", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    ("axf-23-king-attacking-perpetually-is-a-draw", ["draw 棋例 §23", "draw 總綱9", "draw 将帅长捉", "draw 第27条"]),
    ("axf-24-pawn-attacking-perpetually-is-a-draw", ["draw 棋例 §24", "draw 總綱9", "draw 卒兵长捉", "draw 第27条"]),
    (
        "axf-25-king-joined-on-every-step-loses",
        ["red_loses 棋例 §25", "draw 總綱9", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    (
        "axf-25-pawn-joined-on-every-step-loses",
        ["red_loses 棋例 §25", "red_loses 細則14", "red_loses 长捉无根子", "draw 第24条 24.11"],
    ),
    (
        "axf-26-rook-chasing-a-crossed-pawn-loses",
        ["red_loses 棋例 §26", "red_loses 總綱3", "red_loses 长捉无根子", "red_loses 第24条 24.13"],
    ),
    (
        "axf-27-one-piece-chasing-two-in-turn-is-a-draw",
        ["draw 棋例 §27", "draw 總綱4", "draw 第六章二", "red_loses 第24条 24.11"],
    ),
    (
        "axf-28-two-pieces-chasing-one-in-turn-lose",
        ["black_loses 棋例 §28", "black_loses 總綱3", "black_loses 长捉无根子", "black_loses 第24条 24.11"],
    ),
    (
        "axf-29-chasing-a-falsely-protected-piece-loses",
        ["red_loses 棋例 §29", "red_loses 總綱6", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    (
        "axf-31-chase-with-exchange-offer-is-still-a-chase",
        ["black_loses 棋例 §31", "black_loses 總綱8", "black_loses 长捉无根子", "black_loses 第24条 24.11"],
    ),
    (
        "axf-32-chasing-the-controlling-rook-loses",
        ["red_loses 棋例 §32", "red_loses 總綱6", "red_loses 长捉无根子", "red_loses 第24条 24.11"],
    ),
    (
        "axf-33-perpetual-threat-to-win-by-check-is-a-draw",
        ["draw 棋例 §33", "draw 總綱10", "draw 第六章二", "black_loses 第24条 24.11"],
    ),
    ("axf-34-perpetual-block-is-a-draw", ["draw 棋例 §34", "draw 總綱10", "draw 长拦", "draw 第24条 24.12"]),
    ("axf-35-perpetual-exchange-offer-is-a-draw", ["draw 棋例 §35", "draw 總綱10", "draw 长兑", "draw 第24条 24.12"]),
    (
        "axf-30-several-attackers-against-a-true-root-is-a-draw",
        ["draw 棋例 §30", "draw 總綱6", "draw 长跟", "draw 第26条"],
    ),
    (
        "roc-a9-perpetual-check-against-perpetual-chase",
        ["red_loses 棋例 §1", "red_loses 總綱1", "red_loses 长将", "red_loses 第24条 24.9"],
    ),
    ("prc-follow-a-protected-cannon", ["draw 棋例 §12", "draw 總綱6", "draw 长跟", "draw 第24条 24.12"]),
    ("prc-block-against-mate-threats", ["draw 棋例 §4", "draw 總綱2", "draw 长拦", "red_loses 第24条 24.10"]),
    ("cxa-pawn-in-mutual-perpetual-attack", ["draw 棋例 §24", "draw 總綱9", "draw 卒兵长捉", "draw 第24条 24.11"]),
    (
        "cxa-fewer-roots-than-attackers",
        ["draw 第一章七(G)2", "draw 棋例之判決 B2", "draw 第六章二", "red_loses 第24条 24.11"],
    ),
];

/// Items whose proving case is chosen by hand (the automatic choice is the first case the item decides).
const PREFERRED: &[(RuleBook, &str, &str)] = &[
    (RuleBook::Prc1956, "长拦对长要杀", "prc-block-against-mate-threats"),
    (RuleBook::Prc1956, "长兑", "axf-35-perpetual-exchange-offer-is-a-draw"),
    (RuleBook::Prc1956, "长跟", "prc-follow-a-protected-cannon"),
    (RuleBook::Cxa, "长捉", "axf-27-one-piece-chasing-two-in-turn-is-a-draw"),
    (RuleBook::Cxa, "长兑、长献、长拦、长跟", "axf-35-perpetual-exchange-offer-is-a-draw"),
];

/// The parts of a book that are definitions rather than table entries (the chase definition, the piece values),
/// each with the case that shows it: book, citation, name, sentence, code, case.
const CONCEPTS: &[(RuleBook, &str, &str, &str, &str, &str)] = &[
    (RuleBook::Cxa, "第24条 24.3", "捉", "A move chases when it lets a piece win material by the values of 第25条 — directly, jointly, after the whole exchange on the square or by checks — unless the gain allows an immediate mate.", "`classify/material.rs` (`WINS_MATERIAL`), `rules/cxa.rs` `CXA_CHASE`", "axf-16-horse-chasing-a-rook-loses"),
    (RuleBook::Cxa, "第24条 24.15", "少根子", "A piece with fewer roots than attackers is chased even though it is protected.", "`classify/chase.rs` (`OUTNUMBERED`), `rules/cxa.rs` `CXA_CHASE`", "cxa-fewer-roots-than-attackers"),
    (RuleBook::Cxa, "第25条", "子力价值", "Rook 10, horse and cannon 5, advisor and elephant 2, crossed pawn 2, uncrossed pawn and king 0: attacking a piece of no value wins nothing.", "`classify/material.rs` `value`", "axf-20-exception-uncrossed-pawn-may-be-attacked"),
    (RuleBook::Cxa, "第27条", "互相长打", "When both sides attack on every move, a pawn's attacks are chases too.", "`rules/cxa.rs` `CXA_MUTUAL_CHASE`, `RuleTable::mutual_attack_chase`", "cxa-pawn-in-mutual-perpetual-attack"),
];

/// The facing-kings position: Red has just moved its king onto the open file, Black is to move.
const FACING_KINGS: &str = "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1";
/// The move-limit position: 90 plies without a capture already played.
const MOVE_LIMIT: &str = "4k4/9/9/9/r8/9/9/9/R8/3K5 w - 90 50";

fn short(verdict: &Verdict) -> String {
    match verdict.rule() {
        Some(rule) => {
            let text = rule.to_string();
            let item = text.splitn(3, ' ').nth(2).unwrap_or_default().to_owned();
            format!("{} {item}", verdict.ruling)
        }
        None => verdict.ruling.to_string(),
    }
}

fn verdicts(case: &Case) -> [Verdict; 4] {
    RuleBook::ALL.map(|rules| case.verdict(rules))
}

#[test]
fn every_case_is_ruled_as_recorded() {
    let mut failures = Vec::new();
    assert_eq!(EXPECTED.len(), CASES.len(), "one expectation per case");
    for (case, (id, expected)) in CASES.iter().zip(EXPECTED) {
        assert_eq!(case.id, *id, "EXPECTED follows CASES");
        for (verdict, (rules, expected)) in verdicts(case).iter().zip(RuleBook::ALL.iter().zip(expected)) {
            if short(verdict) != *expected {
                failures.push(format!("{id} under {rules}: expected {expected}, got {verdict}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// An item of a book: its citation, Chinese name, English sentence and the code that implements it.
struct Item {
    cite: String,
    name: &'static str,
    sentence: String,
    code: String,
    /// The case that proves it and its four verdicts, or a special row.
    proof: Proof,
}

enum Proof {
    Case(&'static Case),
    FacingKings,
    MoveLimit,
    Missing,
}

fn section_text(book: RuleBook, section: Section) -> String {
    let text = xiangqi_adjudicator::RuleRef { book: book.table().book, section }.to_string();
    text.splitn(3, ' ').nth(2).unwrap_or_default().to_owned()
}

fn file_of(book: RuleBook) -> &'static str {
    match book {
        RuleBook::Axf2008 => "rules/axf2008.rs",
        RuleBook::Roc2007 => "rules/roc2007.rs",
        RuleBook::Prc1956 => "rules/prc1956.rs",
        _ => "rules/cxa.rs",
    }
}

/// What each procedure clause says, in one sentence.
fn clause_sentence(book: RuleBook, section: Section) -> (&'static str, &'static str) {
    match (book, section) {
        (RuleBook::Axf2008, Section::Procedure(1)) => ("长将判负", "A side that checks on every move of the repetition loses if it repeats the cycle once more."),
        (RuleBook::Axf2008, Section::Procedure(2)) => ("不变作和", "Both sides allowed, or both forbidden: one more cycle and the game is drawn."),
        (RuleBook::Axf2008, Section::Procedure(3)) => ("犯禁方变着", "Forbidden against allowed: the offender must change; one more cycle and it loses."),
        (RuleBook::Roc2007, Section::Item("棋例之判決 A4")) => ("犯禁不變判負", "A side whose moves are forbidden is told to change after three cycles and loses if it repeats."),
        (RuleBook::Roc2007, Section::Item("棋例之判決 A9")) => ("一方長照一方長捉", "Perpetual check against perpetual chase: the checker must change, and loses if it does not."),
        (RuleBook::Roc2007, Section::Item("棋例之判決 A10")) => ("犯例方變著", "One side breaks a prohibition, the other does not: the offender must change or lose."),
        (RuleBook::Roc2007, Section::Item("棋例之判決 B2")) => ("雙方均無犯例", "No side breaks a prohibition: after three cycles the game is drawn."),
        (RuleBook::Roc2007, Section::Item("棋例之判決 B3")) => ("雙方同犯禁例", "Both sides break the same prohibition: after three cycles the game is drawn."),
        (RuleBook::Prc1956, Section::Item("第八章一")) => ("违例者作败棋论", "A side whose moves are on the forbidden list loses if it does not change."),
        (RuleBook::Prc1956, Section::Item("第六章二")) => ("不变作和", "Allowed moves on both sides (and, our reading, forbidden moves on both sides) are a draw."),
        (RuleBook::Cxa, Section::Item("四.2(三)")) => ("不变作和", "A repetition the rules do not forbid is drawn at its third occurrence, without a warning cycle."),
        (RuleBook::Cxa, Section::Item("第26条")) => ("棋例总则", "One-sided perpetual check loses; both allowed or both forbidden is a draw; forbidden against allowed: the offender changes or loses."),
        _ => ("", ""),
    }
}

fn items(book: RuleBook) -> Vec<Item> {
    let table: &RuleTable = book.table();
    let cases: Vec<(&'static Case, [Verdict; 4])> = CASES.iter().map(|c| (c, verdicts(c))).collect();
    let index = RuleBook::ALL.iter().position(|&r| r == book).unwrap_or(0);
    let names_side = |v: &Verdict, name: &str, cite: Section| {
        v.evidence.as_ref().is_some_and(|e| e.sides.iter().any(|s| s.name == name && s.rule.section == cite))
    };
    // Prefer a case whose verdict cites the item first (the item decided it), then any case where it rules a side.
    let decided_by = |name: &str, cite: Section| {
        cases
            .iter()
            .find(|(_, v)| names_side(&v[index], name, cite) && v[index].rule().is_some_and(|r| r.section == cite))
            .or_else(|| cases.iter().find(|(_, v)| names_side(&v[index], name, cite)))
    };
    let cited = |cite: Section| {
        cases
            .iter()
            .find(|(_, v)| v[index].rule().is_some_and(|r| r.section == cite))
            .or_else(|| cases.iter().find(|(_, v)| v[index].rules.iter().any(|r| r.section == cite)))
    };
    let preferred = |name: &str| {
        PREFERRED
            .iter()
            .find(|(b, n, _)| *b == book && *n == name)
            .and_then(|(_, _, id)| CASES.iter().find(|c| c.id == *id))
    };
    let mut out = Vec::new();
    let mut entries: Vec<_> = table.entries.iter().collect();
    if !entries.iter().any(|e| e.name == table.general_chase.name && e.cite == table.general_chase.cite) {
        entries.push(&table.general_chase);
    }
    let mut numbered: Vec<(u8, Item)> = Vec::new();
    for entry in entries.into_iter().filter(|e| e.item != 0) {
        let proof = match preferred(entry.name) {
            Some(case) => Proof::Case(case),
            None => decided_by(entry.name, entry.cite).map_or(Proof::Missing, |(c, _)| Proof::Case(c)),
        };
        numbered.push((
            entry.item,
            Item {
                cite: section_text(book, entry.cite),
                name: entry.name,
                sentence: entry.summary.to_owned(),
                code: format!("`{}` entry `{}`", file_of(book), entry.name),
                proof,
            },
        ));
    }
    for pair in table.pairs {
        let proof = match preferred(pair.name) {
            Some(case) => Proof::Case(case),
            None => cited(pair.cite).map_or(Proof::Missing, |(c, _)| Proof::Case(c)),
        };
        numbered.push((
            pair.item,
            Item {
                cite: section_text(book, pair.cite),
                name: pair.name,
                sentence: pair.summary.to_owned(),
                code: format!("`{}` pair `{}`", file_of(book), pair.name),
                proof,
            },
        ));
    }
    numbered.sort_by_key(|(item, _)| *item);
    out.extend(numbered.into_iter().map(|(_, item)| item));
    for &(_, cite, name, sentence, code, id) in CONCEPTS.iter().filter(|c| c.0 == book) {
        out.push(Item {
            cite: cite.to_owned(),
            name,
            sentence: sentence.to_owned(),
            code: code.to_owned(),
            proof: CASES.iter().find(|c| c.id == id).map_or(Proof::Missing, Proof::Case),
        });
    }
    let procedure = table.clauses;
    let mut clauses = vec![
        procedure.perpetual_check_clause,
        procedure.same_status_clause,
        procedure.both_forbidden_clause,
        procedure.forbidden_clause,
    ];
    clauses.extend(procedure.check_against_chase);
    clauses.extend(procedure.draw_at_once);
    let mut seen = Vec::new();
    for clause in clauses {
        if seen.contains(&clause) {
            continue;
        }
        seen.push(clause);
        let (name, sentence) = clause_sentence(book, clause);
        out.push(Item {
            cite: section_text(book, clause),
            name,
            sentence: sentence.to_owned(),
            code: format!("`{}` `Clauses`, `rules::decide`", file_of(book)),
            proof: cited(clause).map_or(Proof::Missing, |(c, _)| Proof::Case(c)),
        });
    }
    out.push(Item {
        cite: section_text(book, table.facing_kings.cite),
        name: "帅将对面",
        sentence: "The kings facing each other on an open file: see the four rulings side by side.".to_owned(),
        code: format!("`{}` `facing_kings`, `rules::facing_kings_ruling`", file_of(book)),
        proof: Proof::FacingKings,
    });
    out.push(Item {
        cite: section_text(book, Section::MoveLimit),
        name: "自然限着",
        sentence: match table.move_limit.plies {
            0 => "The book has no natural move limit.".to_owned(),
            plies => format!(
                "After {plies} plies without a capture the game is drawn{}{}.",
                table
                    .move_limit
                    .max_counted_checks
                    .map_or(String::new(), |c| format!("; at most {c} checks of the claimant count")),
                table
                    .move_limit
                    .max_counted_cycles
                    .map_or(String::new(), |c| format!("; perpetual checks and chases count at most {c} cycles")),
            ),
        },
        code: format!("`{}` `move_limit`, `move_limit::ruling`", file_of(book)),
        proof: Proof::MoveLimit,
    });
    out
}

#[test]
fn every_item_of_every_book_has_a_proving_position() {
    let mut missing = Vec::new();
    for book in RuleBook::ALL {
        for item in items(book) {
            if matches!(item.proof, Proof::Missing) {
                missing.push(format!("{book}: {} {}", item.cite, item.name));
            }
        }
    }
    assert!(missing.is_empty(), "items without a position:\n{}", missing.join("\n"));
}

fn docs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs")
}

fn bless() -> bool {
    env::var_os("XIANGQI_BLESS").is_some()
}

/// The moves of the game in the move-limit row: quiet, checkless moves that never repeat a position.
fn move_limit_game() -> (Position, Vec<Move>) {
    let start = Position::from_fen(MOVE_LIMIT).expect("valid FEN");
    let mut pos = start.clone();
    let mut seen = vec![pos.clone()];
    let mut played = Vec::new();
    while played.len() < 40 {
        let legal = pos.legal_moves();
        let next = (0..legal.len()).map(|i| legal[i]).find_map(|mv| {
            let after = pos.play(mv).ok()?;
            (!pos.is_capture(mv) && !after.is_check() && !seen.contains(&after)).then_some((mv, after))
        });
        let Some((mv, after)) = next else { break };
        played.push(mv);
        seen.push(after.clone());
        pos = after;
    }
    (start, played)
}

/// The ruling of each book in the move-limit game and the ply at which it comes.
fn move_limit_rulings() -> [(Verdict, usize); 4] {
    let (start, played) = move_limit_game();
    RuleBook::ALL.map(|rules| {
        let mut game = Game::new(start.clone(), rules);
        for (ply, &mv) in played.iter().enumerate() {
            game.play(mv).expect("legal");
            if game.verdict().ruling != Ruling::Continue {
                return (game.verdict().clone(), ply + 1);
            }
        }
        (Verdict::continue_play(), played.len())
    })
}

#[test]
fn move_limits_of_the_four_books() {
    let rulings = move_limit_rulings();
    // 90 plies before the start: AXF and ROC draw at 100, CXA at 120, PRC 1956 has no limit.
    assert_eq!(rulings[0].1, 10);
    assert_eq!(rulings[0].0.ruling, Ruling::Draw);
    assert_eq!(
        rulings[0].0.rule_text(),
        "AXF 2008 第二章第八节 (natural move limit: 100 counted plies without a capture)"
    );
    assert_eq!((rulings[1].0.ruling, rulings[1].1), (Ruling::Draw, 10));
    assert_eq!(rulings[1].0.rule().unwrap().to_string(), "ROC 2007 第二章第四節 限著");
    assert_eq!((rulings[2].0.ruling, rulings[2].1), (Ruling::Continue, 40));
    assert_eq!((rulings[3].0.ruling, rulings[3].1), (Ruling::Draw, 30));
    assert_eq!(rulings[3].0.rule().unwrap().to_string(), "CXA 2011 六十回合规则");
}

fn facing_setup() -> Setup {
    FACING_KINGS.parse().expect("valid setup")
}

/// The diagram of a case: the position where the cycle starts, the cycle's moves as numbered arrows (red for
/// Red, blue for Black). A move straight back along an arrow already drawn is not drawn again, so a shuttle
/// shows as one arrow per piece.
fn svg_of_case(case: &Case) -> String {
    let cycle = moves(case.cycle);
    let start = case.cycle_start();
    let mut turn = start.turn();
    let mut arrows: Vec<svg::Arrow> = Vec::new();
    for (i, &mv) in cycle.iter().enumerate() {
        if !arrows.iter().any(|a| a.mv.from == mv.to && a.mv.to == mv.from) {
            arrows.push(svg::Arrow { mv, side: turn, label: Some(i as u32 + 1) });
        }
        turn = turn.other();
    }
    svg::render(start.board(), &arrows)
}

/// Every diagram: its file name and content.
fn diagrams() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = CASES.iter().map(|c| (format!("{}.svg", c.id), svg_of_case(c))).collect();
    out.push(("facing-kings.svg".to_owned(), svg::render(&facing_setup().board, &[])));
    let limit = Position::from_fen(MOVE_LIMIT).expect("valid FEN");
    out.push(("move-limit.svg".to_owned(), svg::render(limit.board(), &[])));
    out
}

#[test]
fn diagrams_match_the_positions() {
    let dir = docs().join("diagrams");
    let mut stale = Vec::new();
    for (name, content) in diagrams() {
        let path = dir.join(&name);
        if bless() {
            fs::create_dir_all(&dir).expect("create docs/diagrams");
            fs::write(&path, &content).expect("write diagram");
        } else if fs::read_to_string(&path).ok().as_deref() != Some(content.as_str()) {
            stale.push(name);
        }
    }
    assert!(stale.is_empty(), "diagrams differ from the code (rerun with XIANGQI_BLESS=1): {stale:?}");
}

fn cell(verdict: &Verdict) -> String {
    let ruling = match verdict.ruling {
        Ruling::Continue => "continue".to_owned(),
        Ruling::Draw => "draw".to_owned(),
        Ruling::Loses(Color::Red) => "red loses".to_owned(),
        Ruling::Loses(Color::Black) => "black loses".to_owned(),
        Ruling::MustChange(side) => format!("{} must change", side.name()),
        Ruling::DrawNextCycle => "draw next cycle".to_owned(),
    };
    match verdict.rule() {
        Some(rule) => {
            let text = rule.to_string();
            format!("{ruling} ({})", text.splitn(3, ' ').nth(2).unwrap_or_default())
        }
        None => ruling,
    }
}

fn generated_tables() -> String {
    let mut out = String::new();
    let facing = RuleBook::ALL.map(|r| facing_kings_ruling(r, &facing_setup()).expect("the kings face each other"));
    let limits = move_limit_rulings();
    for book in RuleBook::ALL {
        let title = match book {
            RuleBook::Axf2008 => "AXF 2008 (亚洲象棋联合会 象棋比赛规例 第四章 棋例, 第一章七(G), 第二章第八节)",
            RuleBook::Roc2007 => "ROC 2007 (中華民國象棋規則 第三章 棋例: 總綱, 細則, 棋例之判決; 第二章第四節 限著)",
            RuleBook::Prc1956 => "PRC 1956 (中国象棋规则 第六章 和棋, 第八章 禁止着法)",
            _ => "CXA 2011 (中国象棋竞赛规则: 第24条 定义, 第26条 总则, 第27条 通则, 六十回合规则)",
        };
        let _ = writeln!(out, "### {title}\n");
        out.push_str("| item | 名称 | rule | AXF | ROC | 1956 | CXA | code | test | diagram |\n");
        out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
        for item in items(book) {
            let (verdict_cells, test, diagram) = match item.proof {
                Proof::Case(case) => (
                    verdicts(case).iter().map(cell).collect::<Vec<_>>(),
                    format!("`tests/catalogue.rs` `{}`", case.id),
                    case.id.to_owned(),
                ),
                Proof::FacingKings => (
                    facing.iter().map(cell).collect(),
                    "`tests/adjudicator/facing_kings.rs`; `tests/catalogue.rs` `facing-kings`".to_owned(),
                    "facing-kings".to_owned(),
                ),
                Proof::MoveLimit => (
                    limits.iter().map(|(v, ply)| format!("{} at ply {ply}", cell(v))).collect(),
                    "`tests/catalogue.rs` `move_limits_of_the_four_books`; `tests/adjudicator/move_limit.rs`"
                        .to_owned(),
                    "move-limit".to_owned(),
                ),
                Proof::Missing => (vec![String::from("—"); 4], "—".to_owned(), String::new()),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | <img src=\"diagrams/{diagram}.svg\" width=\"150\" alt=\"{diagram}\"> |",
                item.cite,
                item.name,
                item.sentence.replace('|', "\\|"),
                verdict_cells[0],
                verdict_cells[1],
                verdict_cells[2],
                verdict_cells[3],
                item.code,
                test,
            );
        }
        out.push('\n');
    }
    out
}

const BEGIN: &str = "<!-- BEGIN GENERATED CATALOGUE (tests/catalogue.rs) -->\n";
const END: &str = "<!-- END GENERATED CATALOGUE -->";

#[test]
fn catalogue_document_is_up_to_date() {
    let path = docs().join("rule-catalogue.md");
    let text = fs::read_to_string(&path).expect("docs/rule-catalogue.md");
    let (Some(begin), Some(end)) = (text.find(BEGIN), text.find(END)) else {
        panic!("docs/rule-catalogue.md lacks the generated-catalogue markers");
    };
    let current = &text[begin + BEGIN.len()..end];
    let generated = generated_tables();
    if bless() {
        let updated = format!("{}{BEGIN}{generated}{}", &text[..begin], &text[end..]);
        fs::write(&path, updated).expect("write docs/rule-catalogue.md");
    } else {
        assert!(current == generated, "the generated catalogue is stale (rerun with XIANGQI_BLESS=1)");
    }
}
