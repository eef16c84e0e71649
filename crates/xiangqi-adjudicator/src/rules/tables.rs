//! The four tables, and what is looked up across them: [`RuleBook::table`], and the tables' texts, by which a
//! citation ([`RuleRef`]) or a side's ruling is read back from its text (a named section is kept as the table's
//! own `&'static str`).

use core::str::FromStr;

use super::axf2008::AXF_2008;
use super::cxa::CXA;
use super::dsl::RuleTable;
use super::prc1956::PRC_1956;
use super::roc2007::ROC_2007;
use crate::book::RuleBook;
use crate::citation::{ParseRuleRefError, RuleRef, Section};

impl RuleBook {
    /// The book's table: its catalogue, procedure clauses, game-end articles and move limit.
    pub fn table(self) -> &'static RuleTable {
        match self {
            RuleBook::Axf2008 => &AXF_2008,
            RuleBook::Roc2007 => &ROC_2007,
            RuleBook::Prc1956 => &PRC_1956,
            RuleBook::Cxa => &CXA,
        }
    }
}

/// The rule tables' own copy of `text`, an entry's name or a named section (for reading a [`RuleRef`] or a
/// [`SideRuling`](crate::SideRuling) back from its text), if a table holds it.
pub(crate) fn table_text(text: &str) -> Option<&'static str> {
    RuleBook::ALL.into_iter().flat_map(|book| book.table().texts()).find(|known| *known == text)
}

impl FromStr for RuleRef {
    type Err = ParseRuleRefError;

    /// Reads a citation as [`Display`](core::fmt::Display) writes it. A [`Section::Item`] must be one the rule
    /// tables cite.
    ///
    /// # Errors
    /// [`ParseRuleRefError`] for an unknown book or section.
    fn from_str(text: &str) -> Result<RuleRef, ParseRuleRefError> {
        let number = |digits: &str| digits.bytes().all(|b| b.is_ascii_digit()).then(|| digits.parse().ok()).flatten();
        RuleBook::ALL
            .into_iter()
            .find_map(|book| {
                let rest = text.strip_prefix(book.name())?.strip_prefix(' ')?;
                let section = if let Some(item) = rest.strip_prefix("棋例 §").and_then(number) {
                    Section::Catalogue(item)
                } else if let Some(clause) = rest.strip_prefix("第一章七(G)").and_then(number) {
                    Section::Procedure(clause)
                } else if rest == book.move_limit_name() {
                    Section::MoveLimit
                } else {
                    Section::Item(table_text(rest)?)
                };
                Some(RuleRef { book, section })
            })
            .ok_or_else(|| ParseRuleRefError::new(text))
    }
}
