//! Chases (捉): which threats a rule book counts as a chase ([`ChaseDefinition`]). ROC 2007 術語 捉著: "a move
//! attacking any piece other than the king, intending to capture it next"; AXF 2008 棋例 decides case by case
//! when such an attack is a real chase. The threats themselves are found by the scan (`scan.rs`).

use super::threat::{ChaseReasons, Threat};

/// Which threats a rule book counts as a chase (捉): a threat counts if it has at least one of the reasons in
/// `counts` and none of those in `excludes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseDefinition {
    /// A threat needs at least one of these reasons.
    pub counts: ChaseReasons,
    /// A threat with any of these reasons is not a chase.
    pub excludes: ChaseReasons,
    /// Whether a new attacker joining a standing chase of the same target makes no new chase (CXA 细则
    /// "从捉到捉为闲": only a move from not chasing to chasing is 捉). The AXF 2008, ROC 2007 and PRC 1956 books
    /// have no such rule: a second attacker against a piece already attacked is judged by their items (AXF 2008
    /// 棋例 §22: a pinned rook "如以马或炮捉之 … 均不能长捉").
    pub chase_to_chase_is_idle: bool,
}

impl ChaseDefinition {
    /// The AXF 2008 chase (the same as the Fairy-Stockfish and Pikafish reading): an attack on an unprotected or
    /// falsely protected piece (§29), on a rook by a weaker piece (§10, §15, §16), or on a rook held by a horse
    /// (§14); never by the king or a pawn (§23–§25), never on an uncrossed pawn (§20), never an offer of a
    /// same-kind piece that can take back (§19), never by a rook moving along the line a cannon pins it to (§22).
    pub const AXF_2008: ChaseDefinition = ChaseDefinition {
        counts: ChaseReasons::UNPROTECTED
            .union(ChaseReasons::FAKE_ROOT)
            .union(ChaseReasons::STRONGER_TARGET)
            .union(ChaseReasons::PINNED_BY_HORSE),
        excludes: ChaseReasons::BY_KING
            .union(ChaseReasons::BY_PAWN)
            .union(ChaseReasons::UNCROSSED_PAWN)
            .union(ChaseReasons::SAME_TYPE_OFFER)
            .union(ChaseReasons::ALONG_PIN_LINE)
            .union(ChaseReasons::ATTACKER_PINNED),
        chase_to_chase_is_idle: false,
    };

    /// Whether `threat` is a chase under this definition.
    #[inline]
    pub fn is_chase(&self, threat: &Threat) -> bool {
        threat.reasons.intersects(self.counts) && !threat.reasons.intersects(self.excludes)
    }
}
