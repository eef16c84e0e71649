//! The natural move limit (自然限着): AXF 2008 第二章第八节 — "凡双方共走100步仍未有去子记录者 … 作为和局 …
//! 在限着内提和方'将军'最多只计十着，超过则为无效步，要扣除": after 100 plies without a capture the game is
//! drawn; of the checking moves of the side claiming the draw at most 10 count.
//!
//! Either side may claim, so the claim is counted for the side that gave fewer checks (the count most
//! favourable to a claim).
//!
//! The other books: ROC 2007 第二章第四節 has the same 100 plies and ten checks, and adds "任何限著…長照長捉，
//! 最多只計三個循環" — of a repeated cycle at most three cycles count ([`MoveLimit::max_counted_cycles`]); the
//! CXA sixty-move rule (CXA 象棋竞赛规则 四.2(四) 六十回合规则) is 120 plies; PRC 1956 has no move limit (`plies == 0`).
//!
//! Cycles beyond the third: a ply whose position occurs for the fifth time or later since the last capture
//! (same placement, same side to move) lies in the fourth or a later cycle through that position and is not
//! counted. A repetition that is neither a perpetual check nor a perpetual chase is a draw at its third
//! occurrence, so the cycles that go on that long are the 長照 and 長捉 the rule speaks of.

use alloc::{format, vec};

use xiangqi_board::Color;

use crate::book::RuleBook;
use crate::citation::{RuleRef, Section};
use crate::history::History;
use crate::rules::MoveLimit;
use crate::ruling::Ruling;
use crate::termination::Termination;
use crate::verdict::Verdict;

/// The plies since the last capture that count towards the limit for a claim by `claimant`. Checks made before
/// the history's start position are not known and count as no checks.
pub fn counted_plies(history: &History, limit: &MoveLimit, claimant: Color) -> usize {
    let plies =
        counted(history.plies_since_capture(), history.checks_since_capture(claimant), limit.max_counted_checks);
    match limit.max_counted_cycles {
        Some(cycles) if plies >= usize::from(limit.plies) => plies.saturating_sub(plies_beyond_cycles(history, cycles)),
        _ => plies,
    }
}

/// The plies since the last capture (within the recorded history) whose position occurs for more than
/// `cycles + 1` times: they lie beyond the first `cycles` cycles through that position.
fn plies_beyond_cycles(history: &History, cycles: u8) -> usize {
    let last = history.len();
    let first = last.saturating_sub(history.plies_since_capture()).max(1);
    (first..=last)
        .filter(|&ply| {
            let Some(pos) = history.position(ply) else { return false };
            let earlier = (first.saturating_sub(1)..ply)
                .rev()
                .skip(1)
                .step_by(2)
                .filter(|&p| history.position(p) == Some(pos))
                .count();
            earlier > usize::from(cycles)
        })
        .count()
}

/// `plies` less the claimant's checks beyond `max_checks`.
fn counted(plies: usize, checks: u16, max_checks: Option<u16>) -> usize {
    let excess = max_checks.map_or(0, |max| usize::from(checks.saturating_sub(max)));
    plies.saturating_sub(excess)
}

/// The plies that count for the more favourable claim, the larger of [`counted_plies`] for the two sides: what a
/// game's status shows as counted towards the limit.
pub fn claimable_plies(history: &History, limit: &MoveLimit) -> usize {
    Color::ALL.into_iter().map(|claimant| counted_plies(history, limit, claimant)).max().unwrap_or(0)
}

/// The draw by the move limit, if a claim by either side succeeds now.
pub fn ruling(history: &History, limit: &MoveLimit, book: RuleBook) -> Option<Verdict> {
    // No claim counts more plies than there are since the last capture.
    if limit.plies == 0 || history.plies_since_capture() < usize::from(limit.plies) {
        return None;
    }
    draw(claimable_plies(history, limit), limit, book)
}

/// The draw by the move limit when `counted` plies count for the better claim, if that reaches the limit.
pub(crate) fn draw(counted: usize, limit: &MoveLimit, book: RuleBook) -> Option<Verdict> {
    (limit.plies > 0 && counted >= usize::from(limit.plies)).then(|| Verdict {
        ruling: Ruling::Draw,
        rules: vec![RuleRef { book, section: Section::MoveLimit }],
        note: format!("natural move limit: {counted} counted plies without a capture"),
        evidence: None,
        termination: Some(Termination::MoveLimit),
    })
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn at_most_ten_checks_of_the_claimant_count() {
        assert_eq!(counted(100, 0, Some(10)), 100);
        assert_eq!(counted(100, 10, Some(10)), 100);
        assert_eq!(counted(100, 14, Some(10)), 96);
        assert_eq!(counted(104, 14, Some(10)), 100);
        assert_eq!(counted(100, 14, None), 100);
        assert_eq!(counted(3, 40, Some(10)), 0);
    }
}
