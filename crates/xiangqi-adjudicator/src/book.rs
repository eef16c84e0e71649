//! [`RuleBook`]: the four rule books the crate rules by.

use core::{fmt, str::FromStr};

xiangqi_board::parse_error! {
    /// The error of [`RuleBook::from_str`]: the text names none of the books.
    pub struct ParseRuleBookError: "rule book", "axf, roc, prc1956 or cxa"
}

/// A rule book: which book's repetition rules, procedure and move limit a game is ruled by.
///
/// The text form ([`Display`](fmt::Display), [`FromStr`] and the `serde` form) is the short id `axf`, `roc`,
/// `prc1956` or `cxa` (the command line's `--ruleset`, the ids of the page's verdicts). A citation names the book
/// by its own name instead ([`RuleBook::name`]: `AXF 2008`, `ROC 2007`, `PRC 1956`, `CXA 2011`).
///
/// ```
/// use xiangqi::adjudicator::RuleBook;
///
/// assert_eq!(RuleBook::default(), RuleBook::Axf2008);
/// assert_eq!("roc".parse(), Ok(RuleBook::Roc2007));
/// assert_eq!("CXA 2011".parse(), Ok(RuleBook::Cxa), "the book's name reads too, in any case");
/// assert_eq!(RuleBook::Prc1956.to_string(), "prc1956");
/// assert_eq!(RuleBook::Cxa.name(), "CXA 2011");
/// assert_eq!("fide".parse::<RuleBook>().unwrap_err().to_string(), "invalid rule book `fide`: expected axf, roc, prc1956 or cxa");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleBook {
    /// The Asian Xiangqi Federation rules, 2008 (third revision): 亚洲象棋联合会 象棋比赛规例 — 第四章 棋例 items
    /// 1–35, the procedure of 第一章七(G) and the natural move limit of 第二章第八节.
    #[default]
    Axf2008,
    /// The rules of the Republic of China (Taiwan), 2007 revision: 中華民國象棋規則 (民國96年修訂) — 第三章 棋例
    /// (術語解釋, 棋例之判決 A1–A11 and B1–B4, 棋例總綱 1–10, 棋例細則 1–17) and the move limit of 第二章第四節
    /// (perpetual checks and chases count at most three cycles).
    Roc2007,
    /// The rules of the People's Republic of China, 1956: 中华人民共和国体育运动委员会 1956年审定 中国象棋规则 — the
    /// allowed repetitions of 第六章二 (长拦 长兑 长跟 一将一闲 解将还将 卒兵长捉 将帅长捉 车马循环反捉) and the
    /// forbidden moves of 第八章 (长将 长要杀 长捉无根子 一将一要杀 一将一捉 一将一要抽吃 捉一不捉二 帅将对面). The
    /// book has no natural move limit.
    Prc1956,
    /// The Chinese Xiangqi Association competition rules (中国象棋竞赛规则, 2011, with the 棋例 definitions as
    /// numbered in 2020 第24条): 长将, 长杀, 长捉 and their mixtures forbidden, 捉 read as material gain by the piece
    /// values of 第25条, the principles of 第26条–第27条, and the sixty-move rule.
    Cxa,
}

impl RuleBook {
    /// Every book, AXF 2008 first.
    pub const ALL: [RuleBook; 4] = [RuleBook::Axf2008, RuleBook::Roc2007, RuleBook::Prc1956, RuleBook::Cxa];

    /// The short id, the text form: `axf`, `roc`, `prc1956`, `cxa`.
    pub const fn id(self) -> &'static str {
        match self {
            RuleBook::Axf2008 => "axf",
            RuleBook::Roc2007 => "roc",
            RuleBook::Prc1956 => "prc1956",
            RuleBook::Cxa => "cxa",
        }
    }

    /// The book's own name, as a citation writes it: `AXF 2008`, `ROC 2007`, `PRC 1956`, `CXA 2011`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleBook::Axf2008 => "AXF 2008",
            RuleBook::Roc2007 => "ROC 2007",
            RuleBook::Prc1956 => "PRC 1956",
            RuleBook::Cxa => "CXA 2011",
        }
    }

    /// How the book names its natural move limit, the text of
    /// [`Section::MoveLimit`](crate::Section::MoveLimit).
    pub(crate) const fn move_limit_name(self) -> &'static str {
        match self {
            RuleBook::Axf2008 => "第二章第八节",
            RuleBook::Roc2007 => "第二章第四節 限著",
            RuleBook::Prc1956 => "限着",
            RuleBook::Cxa => "六十回合规则",
        }
    }
}

impl fmt::Display for RuleBook {
    /// `axf`, `roc`, `prc1956`, `cxa` (the ids [`RuleBook::from_str`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for RuleBook {
    type Err = ParseRuleBookError;

    /// Reads an id — `axf` (also `axf2008`, `wxf`), `roc` (`roc2007`), `prc1956` (`1956`), `cxa` (`cxa2011`,
    /// `cxa2020`) — or a book's name (`AXF 2008`), in any case.
    ///
    /// # Errors
    /// [`ParseRuleBookError`] for any other text.
    fn from_str(text: &str) -> Result<RuleBook, ParseRuleBookError> {
        let is = |names: &[&str]| names.iter().any(|name| same_id(text, name));
        if is(&["axf", "axf2008", "wxf"]) {
            Ok(RuleBook::Axf2008)
        } else if is(&["roc", "roc2007"]) {
            Ok(RuleBook::Roc2007)
        } else if is(&["prc1956", "1956"]) {
            Ok(RuleBook::Prc1956)
        } else if is(&["cxa", "cxa2011", "cxa2020"]) {
            Ok(RuleBook::Cxa)
        } else {
            Err(ParseRuleBookError::new(text))
        }
    }
}

/// Whether `text` is `id` but for ASCII case and spaces (`AXF 2008` is `axf2008`).
fn same_id(text: &str, id: &str) -> bool {
    let mut letters = text.chars().filter(|c| *c != ' ');
    id.chars().all(|wanted| letters.next().is_some_and(|c| c.eq_ignore_ascii_case(&wanted))) && letters.next().is_none()
}
