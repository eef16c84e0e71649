//! Facing kings (帅将对面, 王見王): the kings on one file with nothing between them.
//!
//! The board crate never produces such a position by a legal move, and the books disagree on what it is:
//! - AXF 2008 第三章第二节一: "将与帅在同一条直线上不准直接相对" — the move is illegal; by 第三章第三节四(A) an
//!   illegal move is corrected and counts as a technical foul of the side that made it (no loss by itself);
//! - ROC 2007 棋例之判決 A11: "凡對局中，出現王見王的局面，輪到走棋的一方，用自己的帥(將)吃掉對方的將(帥)，即為
//!   勝局" — the side to move captures the king and wins;
//! - PRC 1956 第八章一8 帅将对面: forbidden, "违例者作败棋论" — the side that created it loses;
//! - CXA 2011: moving into facing kings is a self-kill (自杀), a loss.
//!
//! So it is ruled on a [`Setup`] (a placement and the side to move, which `Position` would refuse), not on a
//! repetition window: [`facing_kings_ruling`]. The side that created the facing is the side *not* to move.

use alloc::vec;

use xiangqi_board::{attacks, Board, Color, Setup};

use crate::book::RuleBook;
use crate::citation::RuleRef;
use crate::ruling::Ruling;
use crate::termination::Termination;
use crate::verdict::Verdict;

/// Whether the two kings on `board` stand on one file with nothing between them (false if a king is missing).
///
/// ```
/// use xiangqi::adjudicator::rules::facing_kings;
/// use xiangqi::board::Setup;
///
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse()?;
/// assert!(facing_kings(&setup.board));
/// let screened: Setup = "4k4/9/9/9/4p4/9/9/9/9/4K4 w".parse()?;
/// assert!(!facing_kings(&screened.board));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn facing_kings(board: &Board) -> bool {
    match (board.king_of(Color::Red), board.king_of(Color::Black)) {
        (Some(red), Some(black)) => attacks::king_file_attacks(red, board.occupied()).contains(black),
        _ => false,
    }
}

/// The ruling of `book` on a position whose kings face each other, or None if they do not.
///
/// The side to move in `setup` is the side that did *not* create the facing. Under AXF 2008 the creating move
/// is illegal ([`Ruling::MustChange`] for its maker, 第三章第二节一); under ROC 2007 (A11), PRC 1956 (帅将对面)
/// and CXA (自杀) its maker loses ([`Ruling::Loses`]). No evidence is attached: there is no repetition.
///
/// ```
/// use xiangqi::adjudicator::{rules::facing_kings_ruling, RuleBook, Ruling};
/// use xiangqi::board::{Color, Setup};
///
/// // Red has just moved its king onto the open e-file; Black is to move.
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 b".parse()?;
/// let roc = facing_kings_ruling(RuleBook::Roc2007, &setup).unwrap();
/// assert_eq!(roc.ruling, Ruling::Loses(Color::Red));
/// assert_eq!(roc.rule_text(), "ROC 2007 棋例之判決 A11 (black to move captures the king and wins)");
/// let axf = facing_kings_ruling(RuleBook::Axf2008, &setup).unwrap();
/// assert_eq!(axf.ruling, Ruling::MustChange(Color::Red));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn facing_kings_ruling(book: RuleBook, setup: &Setup) -> Option<Verdict> {
    if !facing_kings(&setup.board) {
        return None;
    }
    let rule = book.table().facing_kings;
    let creator = setup.turn.other();
    let ruling = if rule.creator_loses { Ruling::Loses(creator) } else { Ruling::MustChange(creator) };
    let note = rule.note.replace("{mover}", setup.turn.name()).replace("{creator}", creator.name());
    Some(Verdict {
        ruling,
        rules: vec![RuleRef { book, section: rule.cite }],
        note,
        evidence: None,
        termination: Some(Termination::FacingKings),
    })
}
