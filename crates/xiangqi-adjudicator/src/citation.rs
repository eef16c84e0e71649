//! [`RuleRef`]: a citation, a [`Section`] of a [`RuleBook`].
//!
//! Reading a citation back ([`RuleRef::from_str`](core::str::FromStr)) looks the section's name up in the rule
//! tables, so that impl lives with them (`rules/tables.rs`).

use core::fmt;

use crate::book::RuleBook;

xiangqi_board::parse_error! {
    /// The error of reading a [`RuleRef`]: the text names no book, or a section the rule tables do not cite.
    pub struct ParseRuleRefError: "rule",
        "a book and a section as a ruling cites them, such as `AXF 2008 棋例 §13`"
}

/// A section of a rule book. Its text form is part of a [`RuleRef`]'s, which names the book too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// An item of the rule-case catalogue (AXF 2008 第四章 棋例 1–35).
    Catalogue(u8),
    /// A clause of the repetition procedure (AXF 2008 第一章七(G) 1–3).
    Procedure(u8),
    /// The natural move limit (AXF 2008 第二章第八节 限着; ROC 2007 第二章第四節 限著; CXA 六十回合规则).
    MoveLimit,
    /// A named item of a book that does not number its items the AXF way, as the book names it: `總綱3`,
    /// `細則15`, `棋例之判決 A9` (ROC 2007), `长要杀`, `第八章一` (PRC 1956), `第24条 24.11` (CXA).
    Item(&'static str),
}

/// A citation: a section of a rule book.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`](core::str::FromStr) and the `serde` form) is the
/// book's name ([`RuleBook::name`]) and the section as the book numbers it: `AXF 2008 棋例 §13`,
/// `ROC 2007 棋例之判決 A9`, `CXA 2011 六十回合规则`.
///
/// ```
/// use xiangqi::adjudicator::{RuleBook, RuleRef, Section};
///
/// let rule: RuleRef = "AXF 2008 棋例 §13".parse()?;
/// assert_eq!(rule, RuleRef { book: RuleBook::Axf2008, section: Section::Catalogue(13) });
/// assert_eq!("CXA 2011 六十回合规则".parse::<RuleRef>()?.section, Section::MoveLimit);
/// let unknown = "AXF 2008 第九章".parse::<RuleRef>().unwrap_err();
/// assert_eq!(unknown.to_string(), "invalid rule `AXF 2008 第九章`: expected a book and a section as a ruling cites them, such as `AXF 2008 棋例 §13`");
/// # Ok::<_, xiangqi::adjudicator::ParseRuleRefError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleRef {
    /// The book.
    pub book: RuleBook,
    /// The section.
    pub section: Section,
}

impl fmt::Display for RuleRef {
    /// `AXF 2008 棋例 §15`, `AXF 2008 第一章七(G)3`, `AXF 2008 第二章第八节`, `ROC 2007 棋例之判決 A9`,
    /// `PRC 1956 长要杀`, `CXA 2011 第24条 24.10`, `CXA 2011 六十回合规则`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let book = self.book.name();
        match self.section {
            Section::Catalogue(item) => write!(f, "{book} 棋例 §{item}"),
            Section::Procedure(clause) => write!(f, "{book} 第一章七(G){clause}"),
            Section::MoveLimit => write!(f, "{book} {}", self.book.move_limit_name()),
            Section::Item(name) => write!(f, "{book} {name}"),
        }
    }
}

/// Writes `rules` joined by ` + `, as a ruling cites them.
pub(crate) fn write_rules(f: &mut dyn fmt::Write, rules: &[RuleRef]) -> fmt::Result {
    for (i, rule) in rules.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        write!(f, "{rule}")?;
    }
    Ok(())
}
