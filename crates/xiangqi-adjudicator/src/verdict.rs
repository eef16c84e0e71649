//! [`Verdict`]: a ruling with the rule items that decided it, the reason the game ends and the evidence.

use alloc::{string::String, vec::Vec};
use core::fmt;

use xiangqi_board::Color;

use crate::citation::{write_rules, RuleRef};
use crate::classify::MoveClass;
use crate::history::Repetition;
use crate::ruling::Ruling;
use crate::termination::Termination;

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
    /// What the ruling is about: why the game ends, or for a warning why it ends if the cycle is played once
    /// more (None for [`Ruling::Continue`]).
    pub termination: Option<Termination>,
}

impl Verdict {
    /// No ruling.
    pub const fn continue_play() -> Verdict {
        Verdict { ruling: Ruling::Continue, rules: Vec::new(), note: String::new(), evidence: None, termination: None }
    }

    /// The deciding rule item, if any.
    pub fn rule(&self) -> Option<RuleRef> {
        self.rules.first().copied()
    }

    /// The rule text: the cited items joined by ` + `, then the note in parentheses.
    pub fn rule_text(&self) -> String {
        use fmt::Write;
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = write_rules(&mut text, &self.rules);
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
