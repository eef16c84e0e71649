//! Labels: a ruling in words, in Chinese and in English, for a page or a program to show — one table for every
//! [`Ruling`], every [`Termination`] and every rule item the four rule tables cite.
//!
//! [`Verdict::label`] puts them together: `红方长捉，须变着 · AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3` and
//! `Red: perpetual chase, must change · …`, with a label for each cited item (`AXF 2008 棋例 §13`: 车捉无根炮,
//! *a rook chasing an unprotected cannon*). The item labels name what the item is about, in the book's own
//! words where it has them (the items of PRC 1956 are their names); the citation itself stays the book's.
//!
//! ```
//! use xiangqi::adjudicator::{rule_label, Game, RuleBook};
//!
//! let mut game = Game::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1", RuleBook::Axf2008)?;
//! for mv in "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7".split(' ') {
//!     game.play_text(mv)?;
//! }
//! let label = game.verdict().label();
//! assert_eq!(label.zh, "红方长捉，须变着 · AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3");
//! assert_eq!(label.en, "Red: perpetual chase, must change · AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3");
//! assert_eq!(label.rules[0].zh, "车捉无根炮");
//! assert_eq!(rule_label("AXF 2008 第一章七(G)3".parse()?).unwrap().en, "the offender must change; one more cycle loses");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use alloc::{format, string::String, string::ToString, vec::Vec};

use xiangqi_board::Color;

use crate::citation::RuleRef;
use crate::ruling::Ruling;
use crate::termination::Termination;
use crate::verdict::Verdict;

/// A text in Chinese and in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Label {
    /// The Chinese text (simplified characters; the ROC 2007 items keep the book's traditional ones).
    pub zh: &'static str,
    /// The English text.
    pub en: &'static str,
}

/// A cited rule item with its label.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CitedLabel {
    /// The citation, e.g. `AXF 2008 棋例 §13`.
    pub rule: RuleRef,
    /// What the item is about, e.g. 车捉无根炮.
    pub zh: &'static str,
    /// The same in English, e.g. `a rook chasing an unprotected cannon`.
    pub en: &'static str,
}

/// A verdict in words: the ruling with its reason and the citations (`zh`, `en`), and each cited item's label.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VerdictLabel {
    /// `红方长捉，须变着 · AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3` (`对局继续` for no ruling).
    pub zh: String,
    /// `Red: perpetual chase, must change · AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3`.
    pub en: String,
    /// The cited items, in the verdict's order, each with its label.
    pub rules: Vec<CitedLabel>,
}

/// A side's name: 红方 / Red, 黑方 / Black.
pub const fn side_label(side: Color) -> Label {
    match side {
        Color::Red => Label { zh: "红方", en: "Red" },
        Color::Black => Label { zh: "黑方", en: "Black" },
    }
}

/// What a ruling says, without its reason: `红方须变着` / `Red must change`, `判和` / `drawn`.
pub const fn ruling_label(ruling: Ruling) -> Label {
    match ruling {
        Ruling::Continue => Label { zh: "对局继续", en: "play goes on" },
        Ruling::MustChange(Color::Red) => Label { zh: "红方须变着", en: "Red must change" },
        Ruling::MustChange(Color::Black) => Label { zh: "黑方须变着", en: "Black must change" },
        Ruling::DrawNextCycle => Label { zh: "再循环一次判和", en: "one more cycle is a draw" },
        Ruling::Loses(Color::Red) => Label { zh: "红方判负", en: "Red loses" },
        Ruling::Loses(Color::Black) => Label { zh: "黑方判负", en: "Black loses" },
        Ruling::Draw => Label { zh: "判和", en: "drawn" },
    }
}

/// Why a game ends, as a short noun: 长捉 / perpetual chase, 困毙 / stalemate.
pub const fn termination_label(termination: Termination) -> Label {
    match termination {
        Termination::Checkmate => Label { zh: "将死", en: "checkmate" },
        Termination::Stalemate => Label { zh: "困毙", en: "stalemate" },
        Termination::PerpetualCheck => Label { zh: "长将", en: "perpetual check" },
        Termination::PerpetualMateThreat => Label { zh: "长杀", en: "perpetual mate threat" },
        Termination::PerpetualChase => Label { zh: "长捉", en: "perpetual chase" },
        Termination::ForbiddenRepetition => Label { zh: "禁止着法循环", en: "forbidden repetition" },
        Termination::RepetitionDraw => Label { zh: "循环不变", en: "repetition" },
        Termination::MoveLimit => Label { zh: "自然限着", en: "natural move limit" },
        Termination::FacingKings => Label { zh: "将帅对面", en: "facing kings" },
    }
}

/// The label of a rule item, if the table below has it (every item the rule tables cite has one: tested).
pub fn rule_label(rule: RuleRef) -> Option<Label> {
    let text = rule.to_string();
    RULE_LABELS.iter().find(|(cited, _, _)| *cited == text).map(|&(_, zh, en)| Label { zh, en })
}

impl Verdict {
    /// The verdict in words, in Chinese and English, with a label for each cited item ([`rule_label`]; an item
    /// without one, which the tests rule out, is labelled by its citation).
    pub fn label(&self) -> VerdictLabel {
        let (zh, en) = sentence(self.ruling, self.termination);
        let rules: Vec<CitedLabel> = self
            .rules
            .iter()
            .map(|&rule| {
                let label = rule_label(rule).unwrap_or(Label { zh: "", en: "" });
                CitedLabel { rule, zh: label.zh, en: label.en }
            })
            .collect();
        if rules.is_empty() {
            return VerdictLabel { zh, en, rules };
        }
        let cited = self.rules.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ");
        VerdictLabel { zh: format!("{zh} · {cited}"), en: format!("{en} · {cited}"), rules }
    }
}

/// The ruling and its reason as one sentence in each language.
fn sentence(ruling: Ruling, termination: Option<Termination>) -> (String, String) {
    let said = ruling_label(ruling);
    let Some(reason) = termination.map(termination_label) else { return (said.zh.into(), capitalised(said.en)) };
    match ruling {
        Ruling::Continue => (said.zh.into(), capitalised(said.en)),
        Ruling::MustChange(side) => {
            let who = side_label(side);
            (format!("{}{}，须变着", who.zh, reason.zh), format!("{}: {}, must change", who.en, reason.en))
        }
        Ruling::Loses(side) => {
            let who = side_label(side);
            match termination {
                Some(Termination::Checkmate) => {
                    (format!("{}被将死，判负", who.zh), format!("{} is checkmated and loses", who.en))
                }
                Some(Termination::Stalemate) => {
                    (format!("{}困毙，判负", who.zh), format!("{} is stalemated (困毙) and loses", who.en))
                }
                _ => (format!("{}{}，判负", who.zh, reason.zh), format!("{}: {}, loses", who.en, reason.en)),
            }
        }
        Ruling::DrawNextCycle => {
            (format!("{}，{}", reason.zh, said.zh), format!("{}: {}", capitalised(reason.en), said.en))
        }
        Ruling::Draw => (format!("{}，{}", reason.zh, said.zh), format!("{}: {}", capitalised(reason.en), said.en)),
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// Every rule item the four tables cite: the citation as [`RuleRef`]'s `Display` writes it, the Chinese label,
/// the English label.
const RULE_LABELS: &[(&str, &str, &str)] = &[
    // AXF 2008: 第四章 棋例 items 1–35, the procedure 第一章七(G), the move limit, the game end, facing kings.
    ("AXF 2008 棋例 §1", "长将", "perpetual check"),
    ("AXF 2008 棋例 §2", "双方长将", "both sides checking perpetually"),
    ("AXF 2008 棋例 §3", "二将一还将", "two checks against one check back"),
    ("AXF 2008 棋例 §4", "长杀", "perpetual mate threats"),
    ("AXF 2008 棋例 §5", "解杀反杀", "a mate threat answered by a counter mate threat"),
    ("AXF 2008 棋例 §6", "一照一叫杀", "one check, one mate threat"),
    ("AXF 2008 棋例 §7", "一照一捉", "one check, one chase"),
    ("AXF 2008 棋例 §8", "一照一闲", "one check, one idle move"),
    ("AXF 2008 棋例 §9", "一捉一要抽吃", "one chase, one threat to win by check"),
    ("AXF 2008 棋例 §10", "炮捉车", "a cannon chasing a rook"),
    ("AXF 2008 棋例 §11", "炮轮捉两车", "a cannon chasing two rooks in turn"),
    ("AXF 2008 棋例 §12", "车捉有根炮", "a rook attacking a protected cannon"),
    ("AXF 2008 棋例 §13", "车捉无根炮", "a rook chasing an unprotected cannon"),
    ("AXF 2008 棋例 §14", "车被马牵制", "a rook held by a horse"),
    ("AXF 2008 棋例 §15", "炮马分捉一车", "a cannon and a horse chasing one rook in turn"),
    ("AXF 2008 棋例 §16", "马长捉车", "a horse chasing a rook"),
    ("AXF 2008 棋例 §17", "车马循环长捉", "a rook and a horse chasing each other"),
    ("AXF 2008 棋例 §18", "车长捉马", "a rook chasing a horse"),
    ("AXF 2008 棋例 §19", "捉同类子", "attacking a piece of the same kind"),
    ("AXF 2008 棋例 §20", "炮借炮台捉子，捉未过河兵卒", "a cannon chasing with moved screens; an uncrossed pawn"),
    ("AXF 2008 棋例 §21", "炮借炮台捉车", "a cannon chasing a rook with moved screens"),
    ("AXF 2008 棋例 §22", "车被炮牵制", "a rook held on a line by a cannon"),
    ("AXF 2008 棋例 §23", "将帅长捉", "the king attacking perpetually"),
    ("AXF 2008 棋例 §24", "兵卒长捉", "pawns attacking perpetually"),
    ("AXF 2008 棋例 §25", "将帅兵卒联合捉子", "a king or pawn joined by another piece in a chase"),
    ("AXF 2008 棋例 §26", "车捉过河兵", "a rook chasing a crossed pawn"),
    ("AXF 2008 棋例 §27", "一子轮捉两子", "one piece chasing two pieces in turn"),
    ("AXF 2008 棋例 §28", "多子轮捉一子", "several pieces chasing one piece in turn"),
    ("AXF 2008 棋例 §29", "捉假根子", "chasing a piece with a fake root"),
    ("AXF 2008 棋例 §30", "多子捉真根子", "several pieces attacking a truly protected piece"),
    ("AXF 2008 棋例 §31", "捉兼兑", "a chase that is also an exchange offer"),
    ("AXF 2008 棋例 §32", "车帅被车炮控制", "a rook and king held by a rook and cannon"),
    ("AXF 2008 棋例 §33", "长要抽吃", "perpetual threats to win by check"),
    ("AXF 2008 棋例 §34", "长拦", "perpetual blocking"),
    ("AXF 2008 棋例 §35", "长兑、长献", "perpetual exchange offers and sacrifices"),
    ("AXF 2008 第一章七(G)1", "长将者再走一循环判负", "perpetual check: one more cycle loses"),
    ("AXF 2008 第一章七(G)2", "双方不变作和", "no side to blame: one more cycle is a draw"),
    ("AXF 2008 第一章七(G)3", "犯禁方必须变着", "the offender must change; one more cycle loses"),
    ("AXF 2008 第二章第八节", "自然限着", "the natural move limit"),
    ("AXF 2008 第三章第二节九", "将死、困毙判负", "checkmate and stalemate lose"),
    ("AXF 2008 第三章第二节一", "将帅不准直接相对", "the kings may not face each other"),
    // ROC 2007: 第三章 棋例 (棋例之判決, 棋例總綱, 棋例細則) and the move limit of 第二章第四節.
    ("ROC 2007 總綱1", "長照", "perpetual check"),
    ("ROC 2007 總綱2", "一照一殺、一照一捉、一照一閒、長殺", "intermittent checks and mate threats (allowed)"),
    ("ROC 2007 總綱3", "長捉", "chasing one piece perpetually"),
    ("ROC 2007 總綱4", "一子分捉兩子", "one piece chasing two pieces in turn"),
    ("ROC 2007 總綱5", "二捉一還捉", "two chases against one counter-chase"),
    ("ROC 2007 總綱6", "長捉有根子", "chasing a protected piece"),
    ("ROC 2007 總綱7", "長捉同類子、受牽制之子", "chasing a piece of the same kind or a pinned piece"),
    ("ROC 2007 總綱8", "捉兼兌", "a chase that is also an exchange offer"),
    ("ROC 2007 總綱9", "帥兵長捉", "the king or pawns attacking perpetually"),
    ("ROC 2007 總綱10", "長要抽吃、長攔、長兌、長獻", "perpetual threats, blocks, offers and sacrifices"),
    ("ROC 2007 細則2", "雙方長照", "both sides checking perpetually"),
    ("ROC 2007 細則3", "二照一還照", "two checks against one check back"),
    ("ROC 2007 細則14", "帥兵聯合兩子長捉", "a king or pawn joined by two pieces in a chase"),
    ("ROC 2007 細則15", "阻擋或移走根子", "cutting or blocking a piece's root"),
    ("ROC 2007 細則17", "互相長捉", "both sides chasing each other"),
    ("ROC 2007 棋例之判決 A1", "將死判負", "checkmate loses"),
    ("ROC 2007 棋例之判決 A2", "困斃判負", "stalemate loses"),
    ("ROC 2007 棋例之判決 A4", "長照者判負", "the perpetual checker must change, or loses"),
    (
        "ROC 2007 棋例之判決 A9",
        "長照對長捉，長照者必須變著",
        "perpetual check against a perpetual chase: the checker must change",
    ),
    ("ROC 2007 棋例之判決 A10", "犯禁者必須變著", "the offender must change, or loses"),
    ("ROC 2007 棋例之判決 A11", "將帥對面", "the kings facing each other"),
    ("ROC 2007 棋例之判決 B2", "雙方均不犯禁，作和", "no side breaks a prohibition: a draw"),
    ("ROC 2007 棋例之判決 B3", "雙方同犯禁例，作和", "both sides break the same prohibition: a draw"),
    ("ROC 2007 第二章第四節 限著", "限著", "the natural move limit"),
    // PRC 1956: the allowed repetitions of 第六章二, the forbidden moves of 第八章, the game end of 第五章.
    ("PRC 1956 长将", "长将", "perpetual check"),
    ("PRC 1956 长要杀", "长要杀", "perpetual mate threats"),
    ("PRC 1956 长捉无根子", "长捉无根子", "chasing an unprotected piece"),
    ("PRC 1956 一将一要杀", "一将一要杀", "one check, one mate threat"),
    ("PRC 1956 一将一捉", "一将一捉", "one check, one chase"),
    ("PRC 1956 一将一要抽吃", "一将一要抽吃", "one check, one threat to win by check"),
    ("PRC 1956 捉一不捉二", "捉一不捉二", "a piece chased on two squares"),
    ("PRC 1956 帅将对面", "帅将对面", "the kings facing each other"),
    ("PRC 1956 长拦", "长拦", "perpetual blocking"),
    ("PRC 1956 长兑", "长兑", "perpetual exchange offers"),
    ("PRC 1956 长跟", "长跟", "following a protected piece"),
    ("PRC 1956 一将一闲", "一将一闲", "one check, one quiet move"),
    ("PRC 1956 解将还将", "解将还将", "answering check with check"),
    ("PRC 1956 卒兵长捉", "卒兵长捉", "pawns attacking perpetually"),
    ("PRC 1956 将帅长捉", "将帅长捉", "the king attacking perpetually"),
    ("PRC 1956 车马循环反捉", "车马循环反捉", "a rook and a horse chasing each other"),
    ("PRC 1956 第六章二", "允许着法", "the allowed repetitions: a draw"),
    ("PRC 1956 第八章一", "禁止着法，必须变着", "the forbidden moves: the offender must change"),
    ("PRC 1956 第五章", "将死、困毙判负", "checkmate and stalemate lose"),
    ("PRC 1956 限着", "限着", "the natural move limit"),
    // CXA 2011: 第24条 (2020 numbering) to 第27条, 四 (the end of a game), the sixty-move rule.
    ("CXA 2011 第24条 24.9", "长将", "perpetual check"),
    ("CXA 2011 第24条 24.10", "长杀", "perpetual mate threats"),
    ("CXA 2011 第24条 24.11", "长捉", "perpetual chase"),
    ("CXA 2011 第24条 24.12", "长兑、长献、长拦、长跟", "perpetual offers, sacrifices, blocks and follows (idle)"),
    ("CXA 2011 第24条 24.13", "一将一杀、一将一捉、一杀一捉", "checks, mate threats and chases mixed"),
    ("CXA 2011 第24条 24.14", "允许着法", "the allowed moves"),
    ("CXA 2011 第26条", "禁止着法，必须变着；双方同禁作和", "forbidden moves must change; both forbidden is a draw"),
    ("CXA 2011 第27条", "将帅、兵卒长捉", "the king's and pawns' attacks"),
    ("CXA 2011 四.1(一)", "将死判负", "checkmate loses"),
    ("CXA 2011 四.1(三)", "困毙判负", "stalemate loses"),
    ("CXA 2011 四.2(三)", "循环三次，不变作和", "repeated three times with no offender: a draw"),
    ("CXA 2011 自杀", "自杀", "self-kill: moving into facing kings"),
    ("CXA 2011 六十回合规则", "六十回合规则", "the sixty-move rule"),
];

#[cfg(test)]
mod tests {
    use alloc::vec;

    use super::*;
    use crate::book::RuleBook;
    use crate::citation::Section;
    use crate::rules::RuleTable;

    /// Every section a table can cite in a verdict: its entries (but those of item 0, which a verdict never
    /// cites: AXF 2008's general entries are `棋例 §0`), pair items, procedure clauses, game-end articles,
    /// facing-kings item and move limit.
    fn citations(table: &RuleTable) -> Vec<RuleRef> {
        let entries = table.entries.iter().chain([&table.general_chase, &table.general_allowed]);
        let entries = entries.filter(|e| e.item != 0).map(|e| e.cite);
        let pairs = table.pairs.iter().map(|p| p.cite);
        let others = table.clause_sections().chain([Section::MoveLimit]);
        entries.chain(pairs).chain(others).map(|section| table.cite(section)).collect()
    }

    #[test]
    fn every_cited_item_has_a_label() {
        let mut missing = Vec::new();
        for book in RuleBook::ALL {
            for rule in citations(book.table()) {
                match rule_label(rule) {
                    Some(label) => assert!(!label.zh.is_empty() && !label.en.is_empty(), "{rule}"),
                    None => missing.push(rule.to_string()),
                }
            }
        }
        assert!(missing.is_empty(), "rule items without a label: {missing:?}");
    }

    #[test]
    fn every_label_is_a_citation_read_back_once() {
        for (index, (cited, _, _)) in RULE_LABELS.iter().enumerate() {
            let rule: RuleRef = cited.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(rule.to_string(), *cited);
            assert!(RULE_LABELS[index + 1..].iter().all(|(other, _, _)| other != cited), "{cited} twice");
        }
    }

    fn verdict(ruling: Ruling, termination: Option<Termination>, rules: &[&str]) -> Verdict {
        let rules = rules.iter().map(|r| r.parse().unwrap()).collect();
        Verdict { ruling, rules, note: String::new(), evidence: None, termination }
    }

    #[test]
    fn sentences_for_every_kind_of_ruling() {
        let cases = [
            (verdict(Ruling::Continue, None, &[]), "对局继续", "Play goes on"),
            (
                verdict(
                    Ruling::MustChange(Color::Black),
                    Some(Termination::PerpetualCheck),
                    &["ROC 2007 總綱1", "ROC 2007 棋例之判決 A4"],
                ),
                "黑方长将，须变着 · ROC 2007 總綱1 + ROC 2007 棋例之判決 A4",
                "Black: perpetual check, must change · ROC 2007 總綱1 + ROC 2007 棋例之判決 A4",
            ),
            (
                verdict(
                    Ruling::DrawNextCycle,
                    Some(Termination::RepetitionDraw),
                    &["AXF 2008 棋例 §6", "AXF 2008 第一章七(G)2"],
                ),
                "循环不变，再循环一次判和 · AXF 2008 棋例 §6 + AXF 2008 第一章七(G)2",
                "Repetition: one more cycle is a draw · AXF 2008 棋例 §6 + AXF 2008 第一章七(G)2",
            ),
            (
                verdict(Ruling::Loses(Color::Black), Some(Termination::Checkmate), &["CXA 2011 四.1(一)"]),
                "黑方被将死，判负 · CXA 2011 四.1(一)",
                "Black is checkmated and loses · CXA 2011 四.1(一)",
            ),
            (
                verdict(Ruling::Loses(Color::Red), Some(Termination::Stalemate), &["PRC 1956 第五章"]),
                "红方困毙，判负 · PRC 1956 第五章",
                "Red is stalemated (困毙) and loses · PRC 1956 第五章",
            ),
            (
                verdict(Ruling::Loses(Color::Red), Some(Termination::PerpetualChase), &["AXF 2008 棋例 §13"]),
                "红方长捉，判负 · AXF 2008 棋例 §13",
                "Red: perpetual chase, loses · AXF 2008 棋例 §13",
            ),
            (
                verdict(Ruling::Draw, Some(Termination::MoveLimit), &["CXA 2011 六十回合规则"]),
                "自然限着，判和 · CXA 2011 六十回合规则",
                "Natural move limit: drawn · CXA 2011 六十回合规则",
            ),
        ];
        for (verdict, zh, en) in cases {
            let label = verdict.label();
            assert_eq!((label.zh.as_str(), label.en.as_str()), (zh, en));
            assert_eq!(label.rules.len(), verdict.rules.len());
        }
        let label =
            verdict(Ruling::Loses(Color::Red), Some(Termination::PerpetualChase), &["AXF 2008 棋例 §13"]).label();
        assert_eq!(
            label.rules,
            vec![CitedLabel {
                rule: "AXF 2008 棋例 §13".parse().unwrap(),
                zh: "车捉无根炮",
                en: "a rook chasing an unprotected cannon"
            }]
        );
    }

    #[test]
    fn every_ruling_and_termination_has_both_texts() {
        let rulings = [
            Ruling::Continue,
            Ruling::MustChange(Color::Red),
            Ruling::MustChange(Color::Black),
            Ruling::DrawNextCycle,
            Ruling::Loses(Color::Red),
            Ruling::Loses(Color::Black),
            Ruling::Draw,
        ];
        for ruling in rulings {
            let label = ruling_label(ruling);
            assert!(!label.zh.is_empty() && !label.en.is_empty(), "{ruling}");
        }
        for name in [
            "checkmate",
            "stalemate",
            "perpetual check",
            "perpetual mate threat",
            "perpetual chase",
            "forbidden repetition",
            "repetition draw",
            "move limit",
            "facing kings",
        ] {
            let termination: Termination = name.parse().unwrap();
            assert!(!termination_label(termination).zh.is_empty(), "{name}");
        }
    }
}
