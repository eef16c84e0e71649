//! The rule books as tables over the classification.
//!
//! A book is a [`RuleTable`], data written in the rule DSL (`dsl.rs`: [`RuleEntry`], [`Pattern`],
//! [`PairEntry`], [`Clauses`], [`MoveLimit`] …); [`judge`] (`judge.rs`) applies any table to a repetition
//! window, reading each entry's pattern against a side's moves (`patterns.rs`). Adding a rule book is adding a
//! table (a sibling of `axf2008.rs`) and a [`RuleBook`](crate::RuleBook) variant (`tables.rs` maps one to the
//! other).
//!
//! The books: [`AXF_2008`] (`axf2008.rs`), [`ROC_2007`] (`roc2007.rs`), [`PRC_1956`] (`prc1956.rs`) and
//! [`CXA`] (`cxa.rs`). What a book needs beyond the AXF table is a field or a pattern of the DSL: 1956's
//! 捉一不捉二 ([`Pattern::ChaseOnTwoSquares`], `two_squares.rs`), ROC's 二捉一還捉
//! ([`PairPattern::PerpetualChaseAgainstSomeChases`]) and A9 ruling ([`Clauses::check_against_chase`]), CXA's
//! pawn chases in a mutual 长打 ([`RuleTable::mutual_attack_chase`]) and material gain
//! ([`RuleTable::material_gain`]). The facing-kings rulings act on a position, not a window:
//! [`facing_kings_ruling`] (`facing_kings.rs`).

mod axf2008;
mod cxa;
mod dsl;
mod facing_kings;
mod judge;
mod patterns;
mod prc1956;
mod roc2007;
mod tables;
mod two_squares;

pub use axf2008::AXF_2008;
pub use cxa::{CXA, CXA_CHASE, CXA_MUTUAL_CHASE};
pub use dsl::{
    Clauses, FacingKingsRule, GameEnd, MoveLimit, PairEntry, PairPattern, Pattern, PieceSpec, RoleSet, RuleEntry,
    RuleTable, Status,
};
pub use facing_kings::{facing_kings, facing_kings_ruling};
pub use judge::judge;
pub use prc1956::{PRC_1956, PRC_1956_CHASE};
pub use roc2007::ROC_2007;

#[cfg(feature = "serde")]
pub(crate) use tables::table_text;
