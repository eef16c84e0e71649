//! Xiangqi repetition rulings: move classification, repetition cycles and the rule-case catalogues (棋例) of the
//! Asian Xiangqi Federation rules of 2008, the ROC (Taiwan) rules of 2007, the PRC rules of 1956 and the modern
//! Chinese Xiangqi Association rules — and a game in progress ruled after every move.
//!
//! When a position repeats, the rule books look at what each side did in the cycle: a side that checks on every
//! move (长将) or chases the same piece on every move (长捉) must change, and loses if it does not; most other
//! repetitions are draws. Which attacks count as a chase is the hard part, and the books settle it item by item
//! (AXF 2008 第四章 棋例, 35 items). This crate
//! - **classifies** every move ([`classify()`], [`MoveClass`]): check, mate threat, chase — with every threat's
//!   attacker, target, identities and [`ChaseReasons`] (unprotected, fake root, weaker attacker, moved screen,
//!   discovered, root cut, …) — exchange, sacrifice, block, follow, idle, threat to win by check;
//! - **records** a game ([`History`]) by Zobrist key and detects a position occurring for the third time with the
//!   same side to move;
//! - **judges** the cycle with a [`RuleBook`]'s table of items ([`rules::RuleTable`]), and returns a [`Verdict`]
//!   with the item that decided it, the [`Termination`] it rules on and the classified moves as evidence;
//! - **rules a game in progress** ([`Game`]): after every move a [`GameStatus`] — the [`Ruling`] in force with its
//!   citation, check, the legal moves, checkmate or 困毙, the plies counted towards the move limit, the cycle
//!   running — with take-back ([`Game::undo`], [`Game::redo`]), the moves the book forbids now
//!   ([`Game::forbidden_moves`]), the result ([`Game::result`]) and, with `serde`, save and restore. At the
//!   third occurrence the arbiter warns — the offender must change ([`Ruling::MustChange`]) or one more cycle is
//!   a draw ([`Ruling::DrawNextCycle`]) — and the final ruling ([`Ruling::Loses`], [`Ruling::Draw`]) comes when
//!   the same cycle is played once more; a side that changes plays on. [`Procedure::Immediate`] decides at the
//!   third occurrence (engine matches), [`Procedure::Forbid`] refuses the move that would repeat the warned
//!   cycle (online play). Checkmate, stalemate (困毙) and the natural move limit are final rulings too, each
//!   citing its book's article;
//! - **reports** a book's ruling over a whole game ([`adjudicate`], [`RulingReport`]): the ruling, where each
//!   ruling was reached, the offending moves and the moves left unplayed — what every front end prints.
//!
//! The examples use the paths of the facade crate [`xiangqi`](https://docs.rs/xiangqi), where this crate is
//! `xiangqi::adjudicator`; a program using `xiangqi-adjudicator` alone writes `xiangqi_adjudicator::` instead.
//!
//! # Example
//!
//! A red rook chases an unprotected black cannon back and forth (AXF 2008 棋例 §13). At the third occurrence
//! Red is told to change; if it plays the cycle once more, it loses:
//!
//! ```
//! use xiangqi::adjudicator::{Game, RuleBook, Ruling, Termination};
//! use xiangqi::board::{Color, GameResult, Position};
//!
//! let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
//! let mut game = Game::new(start, RuleBook::Axf2008);
//! for mv in "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7".split(' ') {
//!     game.play(mv.parse()?)?;
//! }
//! let verdict = game.verdict();
//! assert_eq!(verdict.ruling, Ruling::MustChange(Color::Red));
//! assert!(!verdict.ruling.is_final());
//! println!("{verdict}");
//! // red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)
//! assert_eq!(verdict.rule_text(), "AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)");
//!
//! // The evidence: every red move of the window chases the same cannon.
//! let evidence = verdict.evidence.as_ref().unwrap();
//! assert!(evidence.moves.iter().filter(|m| m.mover == Color::Red).all(|m| m.chases().count() == 1));
//!
//! // Red repeats the cycle once more: the final ruling.
//! for mv in "b5a5 a7b7 a5b5 b7a7".split(' ') {
//!     game.play(mv.parse()?)?;
//! }
//! assert_eq!(game.verdict().to_string(), "red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red repeated the cycle after the warning and loses)");
//! assert_eq!(game.result(), (GameResult::BlackWins, Some(Termination::PerpetualChase)));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rule books
//! Four tables over the same classification ([`rules`]): [`RuleBook::Axf2008`] (the default),
//! [`RuleBook::Roc2007`], [`RuleBook::Prc1956`] and [`RuleBook::Cxa`]. Each verdict cites its own book's items.
//! The same moves may be ruled differently: a check alternating with a mate threat is a draw under AXF 2008
//! (棋例 §6) and ROC 2007 (總綱2) but forbidden under PRC 1956 (一将一要杀) and CXA (第24条 24.13):
//!
//! ```
//! use xiangqi::adjudicator::{adjudicate, Procedure, RuleBook};
//! use xiangqi::board::{Move, Position};
//!
//! let start = Position::from_fen("4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1")?;
//! let cycle = "d4e4 e9f9 e4d4 f9e9";
//! let moves: Vec<Move> = cycle.split(' ').chain(cycle.split(' ')).map(str::parse).collect::<Result<_, _>>()?;
//! let rulings: Vec<String> = RuleBook::ALL
//!     .iter()
//!     .map(|&book| adjudicate(start.clone(), book, Procedure::Arbiter, &moves).map(|r| r.verdict.to_string()))
//!     .collect::<Result<_, _>>()?;
//! assert!(rulings[0].starts_with("draw_next_cycle AXF 2008 棋例 §6"));
//! assert!(rulings[1].starts_with("draw_next_cycle ROC 2007 總綱2"));
//! assert!(rulings[2].starts_with("red_must_change PRC 1956 一将一要杀"));
//! assert!(rulings[3].starts_with("red_must_change CXA 2011 第24条 24.13"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The facing-kings rulings act on a setup, not a repetition: [`rules::facing_kings_ruling`],
//! [`RulingReport::facing_kings`].
//!
//! # Feature flags
//! - `std` (default): links the standard library (the board's and the notation's `std`), and with it
//!   [`Game::record`], the game as the notation crate's `GameRecord`; the rest of the crate needs only `alloc`,
//!   and its errors implement `core::error::Error` either way. [`Game::play_text`] reads moves in any notation
//!   with the notation crate either way.
//! - `serde`: `Serialize` and `Deserialize` for [`Verdict`], [`RulingReport`], [`GameStatus`], [`MoveClass`] and
//!   the types they hold; the values with a text form ([`Ruling`], [`Procedure`], [`RuleBook`], [`RuleRef`],
//!   [`Termination`]) as that text (`red_must_change`, `immediate`, `axf`, `AXF 2008 棋例 §13`, `perpetual
//!   chase`); a [`Game`] as its start position, moves, book and procedure, restored by playing the moves again.
//!   Every JSON form of the workspace: [docs/json.md](https://github.com/xiangqi-rs/xiangqi/blob/main/docs/json.md).
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod book;
mod citation;
mod classify;
mod cycle;
mod game;
mod game_error;
mod history;
mod identity;
mod label;
pub mod move_limit;
mod play_error;
mod procedure;
#[cfg(feature = "std")]
mod record;
mod report;
pub mod rules;
mod ruling;
#[cfg(feature = "serde")]
mod serde_impls;
mod status;
mod termination;
mod verdict;

#[cfg(test)]
mod test_rng;

pub use book::{ParseRuleBookError, RuleBook};
pub use citation::{ParseRuleRefError, RuleRef, Section};
pub use classify::{
    classify, ChaseDefinition, ChaseReasons, ClassifyError, ClassifyOptions, MoveClass, MoveFlags, Threat, ThreatList,
    CONTINUOUS_CHECKS, MAX_THREATS,
};
pub use cycle::{SideConduct, TargetFacts};
pub use game::Game;
pub use game_error::GameError;
pub use history::{History, Repetition};
pub use identity::{IdBoard, PieceId};
pub use label::{rule_label, ruling_label, side_label, termination_label, CitedLabel, Label, VerdictLabel};
pub use play_error::PlayError;
pub use procedure::{ParseProcedureError, Procedure};
pub use report::{adjudicate, ChangePoint, RulingReport};
#[doc(no_inline)]
pub use rules::RuleTable;
pub use ruling::{ParseRulingError, Ruling};
pub use status::GameStatus;
pub use termination::{ParseTerminationError, Termination};
pub use verdict::{Evidence, SideRuling, Verdict};

/// The crate README's examples, run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
