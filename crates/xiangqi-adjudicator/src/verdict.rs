//! [`Verdict`]: the ruling on a game, the rule items that decided it and the evidence.

use alloc::{string::String, vec::Vec};
use core::{fmt, str::FromStr};

use xiangqi_board::Color;

use crate::classify::MoveClass;
use crate::history::Repetition;

/// What the rules say now: a warning, a final ruling, or nothing.
///
/// A repetition is ruled in two steps, as the books' arbiters do (AXF 2008 第一章七(G)): when the position occurs
/// for the third time the arbiter gives a **warning** — the offender must change ([`Ruling::MustChange`]), or one
/// more cycle is a draw ([`Ruling::DrawNextCycle`]) — and the **final** ruling ([`Ruling::Loses`],
/// [`Ruling::Draw`]) comes when the cycle is repeated once more. Checkmate, stalemate (困毙) and the natural move
/// limit are final at once. [`Ruling::is_final`] tells the two apart; [`Ruling::if_repeated`] gives the final
/// ruling a warning turns into.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`], and the `serde` form) is one word: `continue`,
/// `red_must_change`, `black_must_change`, `draw_next_cycle`, `red_loses`, `black_loses`, `draw`.
///
/// ```
/// use xiangqi::adjudicator::Ruling;
/// use xiangqi::board::Color;
///
/// let warning: Ruling = "red_must_change".parse()?;
/// assert_eq!(warning, Ruling::MustChange(Color::Red));
/// assert!(!warning.is_final());
/// assert_eq!(warning.if_repeated(), Ruling::Loses(Color::Red));
/// assert!(warning.if_repeated().is_final());
/// assert_eq!(Ruling::DrawNextCycle.if_repeated().to_string(), "draw");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// No ruling: play goes on.
    Continue,
    /// A warning: the side's moves are forbidden (or it checks perpetually); it must change, and loses if it
    /// repeats the cycle once more.
    MustChange(Color),
    /// A warning: no side is to blame (both allowed, or both forbidden); one more cycle and the game is drawn.
    DrawNextCycle,
    /// Final: the side loses.
    Loses(Color),
    /// Final: the game is drawn.
    Draw,
}

impl Ruling {
    /// Whether the ruling ends the game ([`Ruling::Loses`], [`Ruling::Draw`]).
    pub const fn is_final(self) -> bool {
        matches!(self, Ruling::Loses(_) | Ruling::Draw)
    }

    /// Whether the ruling is a warning ([`Ruling::MustChange`], [`Ruling::DrawNextCycle`]).
    pub const fn is_warning(self) -> bool {
        matches!(self, Ruling::MustChange(_) | Ruling::DrawNextCycle)
    }

    /// The final ruling a warning becomes when the cycle is repeated once more: `MustChange(side)` →
    /// `Loses(side)`, `DrawNextCycle` → `Draw`; other rulings are returned as they are.
    pub const fn if_repeated(self) -> Ruling {
        match self {
            Ruling::MustChange(color) => Ruling::Loses(color),
            Ruling::DrawNextCycle => Ruling::Draw,
            other => other,
        }
    }

    /// The ruling with the colours exchanged.
    pub fn swap_colors(self) -> Ruling {
        match self {
            Ruling::Loses(color) => Ruling::Loses(color.other()),
            Ruling::MustChange(color) => Ruling::MustChange(color.other()),
            other => other,
        }
    }
}

impl fmt::Display for Ruling {
    /// `continue`, `red_must_change`, `black_must_change`, `draw_next_cycle`, `red_loses`, `black_loses`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Continue => f.write_str("continue"),
            Ruling::MustChange(color) => write!(f, "{}_must_change", color.name()),
            Ruling::DrawNextCycle => f.write_str("draw_next_cycle"),
            Ruling::Loses(color) => write!(f, "{}_loses", color.name()),
            Ruling::Draw => f.write_str("draw"),
        }
    }
}

/// The error of [`Ruling::from_str`]: the text is none of the seven words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruling {text:?} (expected continue, red_must_change, black_must_change, draw_next_cycle, red_loses, black_loses or draw)")]
pub struct ParseRulingError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Ruling {
    type Err = ParseRulingError;

    fn from_str(text: &str) -> Result<Ruling, ParseRulingError> {
        Ok(match text {
            "continue" => Ruling::Continue,
            "red_must_change" => Ruling::MustChange(Color::Red),
            "black_must_change" => Ruling::MustChange(Color::Black),
            "draw_next_cycle" => Ruling::DrawNextCycle,
            "red_loses" => Ruling::Loses(Color::Red),
            "black_loses" => Ruling::Loses(Color::Black),
            "draw" => Ruling::Draw,
            _ => return Err(ParseRulingError { text: text.into() }),
        })
    }
}

/// A rule book.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is the book's short name: `AXF 2008`,
/// `ROC 2007`, `PRC 1956`, `CXA 2011`.
///
/// ```
/// use xiangqi::adjudicator::RuleBook;
///
/// assert_eq!("ROC 2007".parse(), Ok(RuleBook::Roc2007));
/// assert_eq!(RuleBook::Cxa.to_string(), "CXA 2011");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleBook {
    /// The Asian Xiangqi Federation rules, 2008 (third revision): 亚洲象棋联合会 象棋比赛规例.
    Axf2008,
    /// The rules of the Republic of China (Taiwan), 2007 revision: 中華民國象棋規則 (民國96年修訂).
    Roc2007,
    /// The rules of the People's Republic of China, 1956: 中华人民共和国体育运动委员会 1956年审定 中国象棋规则.
    Prc1956,
    /// The Chinese Xiangqi Association competition rules (中国象棋竞赛规则, 2011, with the 2020 棋例 chapter).
    Cxa,
}

impl RuleBook {
    /// Every book, in declaration order.
    const ALL: [RuleBook; 4] = [RuleBook::Axf2008, RuleBook::Roc2007, RuleBook::Prc1956, RuleBook::Cxa];

    /// The short name: `AXF 2008`, `ROC 2007`, `PRC 1956`, `CXA 2011`.
    const fn name(self) -> &'static str {
        match self {
            RuleBook::Axf2008 => "AXF 2008",
            RuleBook::Roc2007 => "ROC 2007",
            RuleBook::Prc1956 => "PRC 1956",
            RuleBook::Cxa => "CXA 2011",
        }
    }

    /// How the book names its natural move limit, the text of [`Section::MoveLimit`].
    const fn move_limit_name(self) -> &'static str {
        match self {
            RuleBook::Axf2008 => "第二章第八节",
            RuleBook::Roc2007 => "第二章第四節 限著",
            RuleBook::Prc1956 => "限着",
            RuleBook::Cxa => "六十回合规则",
        }
    }
}

impl fmt::Display for RuleBook {
    /// `AXF 2008`, `ROC 2007`, `PRC 1956`, `CXA 2011`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`RuleBook::from_str`]: the text is none of the books' short names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule book {text:?} (expected AXF 2008, ROC 2007, PRC 1956 or CXA 2011)")]
pub struct ParseRuleBookError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for RuleBook {
    type Err = ParseRuleBookError;

    /// Reads a book's short name as [`Display`](fmt::Display) writes it: `AXF 2008`, `ROC 2007`, `PRC 1956`,
    /// `CXA 2011`.
    ///
    /// # Errors
    /// [`ParseRuleBookError`] for any other text.
    fn from_str(text: &str) -> Result<RuleBook, ParseRuleBookError> {
        RuleBook::ALL
            .into_iter()
            .find(|book| book.name() == text)
            .ok_or_else(|| ParseRuleBookError { text: text.into() })
    }
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
/// The text form ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is the book and the section as the
/// book numbers it: `AXF 2008 棋例 §13`, `ROC 2007 棋例之判決 A9`, `CXA 2011 六十回合规则`.
///
/// ```
/// use xiangqi::adjudicator::{RuleBook, RuleRef, Section};
///
/// let rule: RuleRef = "AXF 2008 棋例 §13".parse()?;
/// assert_eq!(rule, RuleRef { book: RuleBook::Axf2008, section: Section::Catalogue(13) });
/// assert_eq!("CXA 2011 六十回合规则".parse::<RuleRef>()?.section, Section::MoveLimit);
/// assert!("AXF 2008 第九章".parse::<RuleRef>().is_err(), "no table cites it");
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
        match self.section {
            Section::Catalogue(item) => write!(f, "{} 棋例 §{item}", self.book),
            Section::Procedure(clause) => write!(f, "{} 第一章七(G){clause}", self.book),
            Section::MoveLimit => write!(f, "{} {}", self.book, self.book.move_limit_name()),
            Section::Item(name) => write!(f, "{} {name}", self.book),
        }
    }
}

/// The error of [`RuleRef::from_str`]: the text names no book, or a section the rule tables do not cite.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule {text:?} (expected a book and a section as cited in a verdict, e.g. AXF 2008 棋例 §13)")]
pub struct ParseRuleRefError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for RuleRef {
    type Err = ParseRuleRefError;

    /// Reads a citation as [`Display`](fmt::Display) writes it. A [`Section::Item`] must be one the rule tables
    /// cite (the section's name is kept as the table's `&'static str`).
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
                    Section::Item(crate::rules::table_text(rest)?)
                };
                Some(RuleRef { book, section })
            })
            .ok_or_else(|| ParseRuleRefError { text: text.into() })
    }
}

/// How one side's moves in a repetition were judged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SideRuling {
    /// The side.
    pub side: Color,
    /// Whether its moves are forbidden (禁止着法) — a perpetual check or chase — or allowed (允许着法).
    pub forbidden: bool,
    /// Whether the side checked on every move (长将).
    pub perpetual_check: bool,
    /// The rule item that classed its moves.
    pub rule: RuleRef,
    /// The item's name, e.g. `长捉` or `一照一闲` (deserialising, one the rule tables name).
    pub name: &'static str,
}

/// The evidence behind a repetition ruling: the window and its classified moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Evidence {
    /// Where the repetition is.
    pub repetition: Repetition,
    /// The classified moves of the window, in order.
    pub moves: Vec<MoveClass>,
    /// How each side's moves were judged (Red, then Black).
    pub sides: [SideRuling; 2],
}

/// A ruling with the rule items that decided it and the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Verdict {
    /// What is decided.
    pub ruling: Ruling,
    /// The deciding rule items, most specific first (empty for [`Ruling::Continue`]).
    pub rules: Vec<RuleRef>,
    /// A note for the arbiter, e.g. "red must change; one more cycle and red loses".
    pub note: String,
    /// The repetition and its classified moves, for a repetition ruling.
    pub evidence: Option<Evidence>,
}

impl Verdict {
    /// No ruling.
    pub fn continue_play() -> Verdict {
        Verdict { ruling: Ruling::Continue, rules: Vec::new(), note: String::new(), evidence: None }
    }

    /// The deciding rule item, if any.
    pub fn rule(&self) -> Option<RuleRef> {
        self.rules.first().copied()
    }

    /// The rule text: the cited items joined by ` + `, then the note in parentheses.
    pub fn rule_text(&self) -> String {
        use fmt::Write;
        let mut text = String::new();
        for (i, rule) in self.rules.iter().enumerate() {
            if i > 0 {
                text.push_str(" + ");
            }
            let _ = write!(text, "{rule}");
        }
        if !self.note.is_empty() {
            let _ = write!(text, " ({})", self.note);
        }
        text
    }
}

impl fmt::Display for Verdict {
    /// `red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ruling)?;
        let text = self.rule_text();
        if !text.is_empty() {
            write!(f, " {text}")?;
        }
        Ok(())
    }
}
