//! Threats: a capture one side could make ([`Threat`]), with the kinds of threat it is ([`ChaseReasons`]), and the
//! bounded list of them a move's classification holds ([`ThreatList`]). The scan that finds them is in
//! `scan.rs`; which of them a book counts as a chase (捉) is [`ChaseDefinition`](super::ChaseDefinition).

use xiangqi_board::{Bitboard, Color, Piece, Role, Square};

use core::fmt;

use super::words::write_words;
use crate::identity::PieceId;

bitflags::bitflags! {
    /// What kind of threat a capture is: why it is (or is not) a chase. Several reasons may hold at once.
    ///
    /// Its text form (`Display`, and with `serde` a JSON array of the same words) names each reason in
    /// [`ChaseReasons::WORDS`]' order: `unprotected, discovered`, `["unprotected","discovered"]`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct ChaseReasons: u32 {
        /// No piece of the target's side attacks the target's square once the capturer stands there (无根子).
        const UNPROTECTED = 1 << 0;
        /// Protectors exist, but none can legally recapture: the root is pinned, would face the other king, or
        /// the capture gives a check the recapture does not answer (假根, AXF 2008 棋例 §29).
        const FAKE_ROOT = 1 << 1;
        /// The target has at least one protector that can legally recapture (真根).
        const PROTECTED = 1 << 2;
        /// A weaker piece attacks a stronger one: a horse or cannon attacks a rook, an advisor or elephant
        /// attacks a rook, horse or cannon (AXF 2008 棋例 §10, §15, §16); protection does not help.
        const STRONGER_TARGET = 1 << 3;
        /// Same kind of piece, and the target can capture the attacker back (an offer, 献; AXF 2008 棋例 §19).
        const SAME_TYPE_OFFER = 1 << 4;
        /// Same kind of piece, and the target cannot legally capture back because it is pinned (AXF 2008 棋例 §19).
        const SAME_TYPE_PINNED = 1 << 5;
        /// Horse against horse, and the target horse's leg is blocked so it cannot capture back (蹩脚马, AXF 2008 棋例 §19).
        const LAME_HORSE = 1 << 6;
        /// The target is a rook standing on the leg of an enemy horse that would otherwise check its king: it
        /// cannot move (AXF 2008 棋例 §14).
        const PINNED_BY_HORSE = 1 << 7;
        /// The target is a rook pinned to its king by an enemy cannon (AXF 2008 棋例 §22).
        const PINNED_BY_CANNON = 1 << 8;
        /// The attacker is not the moved piece: the move uncovered the attack (discovered attack).
        const DISCOVERED = 1 << 9;
        /// The attacker is a cannon whose screen the move put in place or changed (AXF 2008 棋例 §20, §21).
        const MOVED_SCREEN = 1 << 10;
        /// The target could be legally recaptured before the move and cannot now: its root was cut, blocked or
        /// pinned by the move (ROC 2007 細則15).
        const ROOT_CUT = 1 << 11;
        /// The capture itself gives check, so the defender must answer the check instead of recapturing (a
        /// threat to win material by a discovered check).
        const CAPTURE_GIVES_CHECK = 1 << 12;
        /// The attacker is the king (AXF 2008 棋例 §23: the king's own attacks are not chases).
        const BY_KING = 1 << 13;
        /// The attacker is a pawn (AXF 2008 棋例 §24: a pawn's own attacks are not chases).
        const BY_PAWN = 1 << 14;
        /// The target is a pawn that has not crossed the river (AXF 2008 棋例 §20: may be chased).
        const UNCROSSED_PAWN = 1 << 15;
        /// The attacker is the moved rook, pinned to its king by a cannon, moving along the pin line (AXF 2008
        /// 棋例 §22: "车在该线移动不作为捉子论").
        const ALONG_PIN_LINE = 1 << 16;
        /// The attacking side's own rook is held on a line together with its king by the target rook (with a
        /// cannon behind it); the attacker chases the controlling rook (AXF 2008 棋例 §32).
        const CONTROLLING_ROOK = 1 << 17;
        /// More of the attacker's pieces can capture the target than the target has legal recaptures (少根子,
        /// CXA 2020 §24.15); AXF 2008 棋例 §30 does not count it.
        const OUTNUMBERED = 1 << 18;
        /// The attacker may not make the capture: it is pinned to its own king. Such an attack is recorded (AXF
        /// 2008 棋例 §22 names the attacks of a pinned rook) but is never a threat to win the target.
        const ATTACKER_PINNED = 1 << 19;
        /// Capturing wins material by the piece values of CXA 2011 第25条, counting the whole exchange on the
        /// square, and the gain does not allow an immediate mate (CXA 2020 第24条 24.3; `classify/material.rs`).
        /// Marked only when a rule set asks for it ([`ClassifyOptions::material_gain`](super::ClassifyOptions)).
        const WINS_MATERIAL = 1 << 20;
    }
}

/// One capture a side could make: the attacker, the target and the kinds of threat it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Threat {
    /// The attacking piece's square.
    pub attacker: Square,
    /// The attacking piece.
    pub attacker_piece: Piece,
    /// The attacking piece's identity.
    pub attacker_id: PieceId,
    /// The attacked piece's square.
    pub target: Square,
    /// The attacked piece.
    pub target_piece: Piece,
    /// The attacked piece's identity (follow it through a cycle with this).
    pub target_id: PieceId,
    /// Why the threat counts, or why it does not.
    pub reasons: ChaseReasons,
    /// How many pieces of the attacker's side can legally capture the target.
    pub attackers: u8,
    /// How many of the target's protectors can legally recapture (its true roots).
    pub roots: u8,
}

impl Threat {
    /// Whether the capture wins the target outright under the AXF 2008 reading, the one 要抽吃 is judged by: an
    /// unprotected or falsely protected target, or one stronger than its attacker; never by the king or a pawn,
    /// on an uncrossed pawn, or a same-kind offer ([`scan::winning_targets`](super::scan::winning_targets)
    /// answers the same without a scan).
    pub(crate) fn wins_outright(&self) -> bool {
        self.reasons.intersects(ChaseReasons::UNPROTECTED | ChaseReasons::FAKE_ROOT | ChaseReasons::STRONGER_TARGET)
            && !self.reasons.intersects(
                ChaseReasons::BY_KING
                    | ChaseReasons::BY_PAWN
                    | ChaseReasons::UNCROSSED_PAWN
                    | ChaseReasons::SAME_TYPE_OFFER,
            )
    }
}

/// The capacity of a [`ThreatList`].
pub const MAX_THREATS: usize = 40;

/// A short list of threats, kept inline (no allocation); threats beyond [`MAX_THREATS`] are dropped.
#[derive(Clone, Copy)]
pub struct ThreatList {
    len: u8,
    items: [Threat; MAX_THREATS],
}

const EMPTY_THREAT: Threat = Threat {
    attacker: Square::A0,
    attacker_piece: Piece::new(Color::Red, Role::King),
    attacker_id: PieceId(0),
    target: Square::A0,
    target_piece: Piece::new(Color::Red, Role::King),
    target_id: PieceId(0),
    reasons: ChaseReasons::empty(),
    attackers: 0,
    roots: 0,
};

impl Default for ThreatList {
    fn default() -> ThreatList {
        ThreatList { len: 0, items: [EMPTY_THREAT; MAX_THREATS] }
    }
}

impl core::fmt::Debug for ThreatList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for ThreatList {
    fn eq(&self, other: &ThreatList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for ThreatList {}

impl ThreatList {
    /// The threats as a slice.
    pub fn as_slice(&self) -> &[Threat] {
        &self.items[..self.len as usize]
    }

    /// Iterates over the threats.
    pub fn iter(&self) -> core::slice::Iter<'_, Threat> {
        self.as_slice().iter()
    }

    /// The number of threats.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn is_full(&self) -> bool {
        self.len as usize >= MAX_THREATS
    }

    pub(crate) fn push(&mut self, threat: Threat) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = threat;
            self.len += 1;
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [Threat] {
        &mut self.items[..self.len as usize]
    }

    /// The squares of the targets of the threats that satisfy `counts`.
    pub fn targets_where(&self, mut counts: impl FnMut(&Threat) -> bool) -> Bitboard {
        self.iter().filter(|t| counts(t)).map(|t| Bitboard::from_square(t.target)).fold(Bitboard::EMPTY, |a, b| a | b)
    }
}

impl<'a> IntoIterator for &'a ThreatList {
    type Item = &'a Threat;
    type IntoIter = core::slice::Iter<'a, Threat>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl ChaseReasons {
    /// Each reason with its word, in the order the text form lists them.
    pub const WORDS: [(ChaseReasons, &'static str); 21] = [
        (ChaseReasons::UNPROTECTED, "unprotected"),
        (ChaseReasons::FAKE_ROOT, "fake_root"),
        (ChaseReasons::PROTECTED, "protected"),
        (ChaseReasons::STRONGER_TARGET, "stronger_target"),
        (ChaseReasons::SAME_TYPE_OFFER, "same_type_offer"),
        (ChaseReasons::SAME_TYPE_PINNED, "same_type_pinned"),
        (ChaseReasons::LAME_HORSE, "lame_horse"),
        (ChaseReasons::PINNED_BY_HORSE, "pinned_by_horse"),
        (ChaseReasons::PINNED_BY_CANNON, "pinned_by_cannon"),
        (ChaseReasons::DISCOVERED, "discovered"),
        (ChaseReasons::MOVED_SCREEN, "moved_screen"),
        (ChaseReasons::ROOT_CUT, "root_cut"),
        (ChaseReasons::CAPTURE_GIVES_CHECK, "capture_gives_check"),
        (ChaseReasons::BY_KING, "by_king"),
        (ChaseReasons::BY_PAWN, "by_pawn"),
        (ChaseReasons::UNCROSSED_PAWN, "uncrossed_pawn"),
        (ChaseReasons::ALONG_PIN_LINE, "along_pin_line"),
        (ChaseReasons::CONTROLLING_ROOK, "controlling_rook"),
        (ChaseReasons::OUTNUMBERED, "outnumbered"),
        (ChaseReasons::ATTACKER_PINNED, "attacker_pinned"),
        (ChaseReasons::WINS_MATERIAL, "wins_material"),
    ];

    /// The words of the reasons set, in [`ChaseReasons::WORDS`]' order.
    pub fn words(self) -> impl Iterator<Item = &'static str> {
        Self::WORDS.into_iter().filter(move |&(reason, _)| self.contains(reason)).map(|(_, word)| word)
    }
}

impl fmt::Display for ChaseReasons {
    /// The words of the reasons set, joined by `, `: `unprotected, discovered`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(f, self.words())
    }
}
