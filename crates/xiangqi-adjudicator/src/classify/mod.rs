//! Classification of a move: what it does, by the definitions of the rule books.
//!
//! [`classify`] looks at a position and a move and returns a [`MoveClass`]: [`MoveFlags`] (check, mate threat,
//! chase, exchange, sacrifice, block, follow, idle, threat to win by check) plus the detail the rule tables need —
//! every capture the mover could make after the move and before it ([`Threat`]s with their [`ChaseReasons`]),
//! with the identities of attacker and target. The flags follow the AXF 2008 definitions; a rule set may read the
//! threats differently through its own [`ChaseDefinition`] (see [`MoveClass::new_chases`]).
//!
//! Definitions used (citations in each module): 将/照 [`check`](MoveFlags::CHECK), 杀
//! [`MATE_THREAT`](MoveFlags::MATE_THREAT), 捉 [`CHASE`](MoveFlags::CHASE), 兑 [`EXCHANGE`](MoveFlags::EXCHANGE),
//! 献 [`SACRIFICE`](MoveFlags::SACRIFICE), 拦 [`BLOCK`](MoveFlags::BLOCK), 跟 [`FOLLOW`](MoveFlags::FOLLOW),
//! 闲 [`IDLE`](MoveFlags::IDLE), 要抽吃 [`THREAT_TO_WIN_BY_CHECK`](MoveFlags::THREAT_TO_WIN_BY_CHECK).

mod chase;
mod check;
mod exchange;
mod mate_search;
mod mate_threat;
mod material;
mod roots;
mod scan;
mod threat;
mod words;

use core::fmt;

use xiangqi_board::{attacks, Bitboard, Color, IllegalMove, Move, Piece, PinKind, Position};

use mate_threat::{pass, threats_of};

pub use chase::ChaseDefinition;
pub use mate_search::CONTINUOUS_CHECKS;
pub use threat::{ChaseReasons, Threat, ThreatList, MAX_THREATS};

use crate::identity::{IdBoard, PieceId};
use words::write_words;

bitflags::bitflags! {
    /// What a move does. Several flags may hold at once (a chase that is also an exchange offer, AXF 2008 棋例 §31).
    ///
    /// Its text form (`Display`, and with `serde` a JSON array of the same words) names each flag in
    /// [`MoveFlags::WORDS`]' order: `chase, threat_to_win_by_check`, `["chase","threat_to_win_by_check"]`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct MoveFlags: u16 {
        /// 将/照: the move attacks the opponent's king.
        const CHECK = 1 << 0;
        /// 杀: not a check, but the mover threatens to mate by a check or a run of checks next.
        const MATE_THREAT = 1 << 1;
        /// 捉: the move newly threatens to win an opponent piece (AXF 2008 definition, see
        /// [`ChaseDefinition::AXF_2008`]).
        const CHASE = 1 << 2;
        /// 兑: the moved piece offers an exchange with an enemy piece of the same kind.
        const EXCHANGE = 1 << 3;
        /// 献: the moved piece can be taken for nothing (or by a weaker piece).
        const SACRIFICE = 1 << 4;
        /// 拦: the move blocks the way of an enemy rook, cannon or horse.
        const BLOCK = 1 << 5;
        /// 跟: the moved piece newly attacks a truly protected enemy piece without chasing it.
        const FOLLOW = 1 << 6;
        /// 闲: none of the other kinds (check, mate threat, chase, exchange, sacrifice, block, follow, threat to
        /// win by check).
        const IDLE = 1 << 7;
        /// 要抽吃: not a check, but the mover threatens a check after which it wins material whatever the reply.
        const THREAT_TO_WIN_BY_CHECK = 1 << 8;
        /// The move captures a piece (it ends any repetition window).
        const CAPTURE = 1 << 9;
    }
}

/// How much work the classifier does for the look-ahead kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClassifyOptions {
    /// How many own checking moves a mate threat (杀) may take: 1 = mate with the next check, 2 = a check, any
    /// reply, then a mating check; [`CONTINUOUS_CHECKS`] = continuous checks of any length. 0 turns mate-threat
    /// detection off.
    pub mate_threat_depth: u8,
    /// Whether to look for threats to win material by check (要抽吃).
    pub threat_to_win_by_check: bool,
    /// Whether to mark the threats that win material by an exchange sequence ([`ChaseReasons::WINS_MATERIAL`],
    /// the CXA reading of 捉). Off by default; [`Game`](crate::Game) turns it on for a rule set that needs it.
    pub material_gain: bool,
}

impl Default for ClassifyOptions {
    /// Mate threats by the next check (depth 1), threats to win by check.
    fn default() -> ClassifyOptions {
        ClassifyOptions { mate_threat_depth: 1, threat_to_win_by_check: true, material_gain: false }
    }
}

/// The classification of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveClass {
    /// The move.
    pub mv: Move,
    /// The side that made it.
    pub mover: Color,
    /// The moved piece.
    pub piece: Piece,
    /// The moved piece's identity.
    pub piece_id: PieceId,
    /// The captured piece, if any.
    pub captured: Option<Piece>,
    /// What the move does.
    pub flags: MoveFlags,
    /// The squares of the pieces giving check after the move.
    pub checkers: Bitboard,
    /// Every capture the mover could make after the move, with the move-relative reasons filled in
    /// (`DISCOVERED`, `MOVED_SCREEN`, `ROOT_CUT`, `ALONG_PIN_LINE`).
    pub threats: ThreatList,
    /// Every capture the mover could make before the move (for "attacked after and not before").
    pub threats_before: ThreatList,
}

impl MoveClass {
    /// The threats after the move that are **new chases** under `definition`.
    ///
    /// A chase is new when its attacker did not chase that target before the move, and the target was not
    /// chased before at all or is no longer chased by the pieces that chased it ("attacked after and not
    /// before", followed by identity: a horse that leaves and a cannon that takes over renew the chase; a second
    /// attacker joining a standing chase does so only under a definition where chase to chase is not idle,
    /// [`ChaseDefinition::chase_to_chase_is_idle`]). A chase that only arises because the target's root changed
    /// (the attacker attacked it before, protected) is new too: always when the root is now pinned or otherwise
    /// unable to recapture (假根, AXF 2008 棋例 §29); when the root was cut or blocked off (ROC 2007 細則15), only
    /// if the move makes no fresh attack — otherwise the move is read as that attack.
    pub fn new_chases(&self, definition: ChaseDefinition) -> impl Iterator<Item = &Threat> + '_ {
        let before = self.threats_before.as_slice();
        let after = self.threats.as_slice();
        let pair = |t: &Threat| (t.attacker_id, t.target_id);
        let chased_by = move |list: &[Threat], t: &Threat| -> u32 {
            list.iter()
                .filter(|b| b.target_id == t.target_id && definition.is_chase(b))
                .fold(0, |set, b| set | b.attacker_id.bit())
        };
        let fresh = move |t: &Threat| {
            if !definition.is_chase(t) || before.iter().any(|b| pair(b) == pair(t) && definition.is_chase(b)) {
                return false;
            }
            if !definition.chase_to_chase_is_idle {
                return true;
            }
            let chasers_before = chased_by(before, t);
            chasers_before == 0 || chasers_before & chased_by(after, t) == 0
        };
        let root_only = move |t: &Threat| {
            !t.reasons.contains(ChaseReasons::FAKE_ROOT)
                && before.iter().any(|b| pair(b) == pair(t) && !b.reasons.contains(ChaseReasons::ATTACKER_PINNED))
        };
        let any_fresh_attack = after.iter().any(|t| fresh(t) && !root_only(t));
        after.iter().filter(move |t| fresh(t) && (!any_fresh_attack || !root_only(t)))
    }

    /// The new chases under the AXF 2008 definition (the ones behind [`MoveFlags::CHASE`]).
    pub fn chases(&self) -> impl Iterator<Item = &Threat> + '_ {
        self.new_chases(ChaseDefinition::AXF_2008)
    }

    /// The move's flags as a book with the chase definition `definition` reads them. The kinds that depend on
    /// which threats are chases are that book's own: [`MoveFlags::CHASE`] when the move makes a new chase by
    /// `definition`, [`MoveFlags::FOLLOW`] (跟) when it makes none but newly attacks a truly protected piece with
    /// the moved piece, [`MoveFlags::IDLE`] when no kind is named. Under [`ChaseDefinition::AXF_2008`] these are
    /// [`flags`](Self::flags).
    ///
    /// ```
    /// use xiangqi::adjudicator::{classify, ChaseDefinition, MoveFlags};
    /// use xiangqi::board::Position;
    ///
    /// // The red rook steps to the b-file and attacks the unprotected black cannon on b9.
    /// let pos = Position::from_fen("1c1k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
    /// let class = classify(&pos, "a0b0".parse()?)?;
    /// assert_eq!(class.flags_under(ChaseDefinition::AXF_2008), class.flags);
    /// assert_eq!(class.flags, MoveFlags::CHASE);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn flags_under(&self, definition: ChaseDefinition) -> MoveFlags {
        let mut flags = self.flags - MoveFlags::CHASE - MoveFlags::FOLLOW - MoveFlags::IDLE;
        if self.new_chases(definition).next().is_some() {
            flags |= MoveFlags::CHASE;
        } else if exchange::is_follow(&self.threats, &self.threats_before, self.mv) {
            flags |= MoveFlags::FOLLOW;
        }
        if !flags.intersects(MoveFlags::all() - MoveFlags::CAPTURE - MoveFlags::IDLE) {
            flags |= MoveFlags::IDLE;
        }
        flags
    }

    /// The set of target identities newly chased under `definition`, as a bit set over [`PieceId`]s.
    pub fn chased_ids(&self, definition: ChaseDefinition) -> u32 {
        self.new_chases(definition).fold(0, |set, t| set | t.target_id.bit())
    }

    /// The threats after the move whose attacker did not attack that target before it (new attacks of any kind).
    pub fn new_attacks(&self) -> impl Iterator<Item = &Threat> + '_ {
        let before = self.threats_before.as_slice();
        let existed = move |t: &Threat| {
            before.iter().any(|b| {
                b.attacker_id == t.attacker_id
                    && b.target_id == t.target_id
                    && !b.reasons.contains(ChaseReasons::ATTACKER_PINNED)
            })
        };
        self.threats.iter().filter(move |t| !existed(t))
    }

    /// Whether the move gives check.
    pub fn is_check(&self) -> bool {
        self.flags.contains(MoveFlags::CHECK)
    }
}

impl fmt::Display for MoveClass {
    /// `h2e2 red cannon: check, chase(e7 n unprotected)`: the move, the mover, the flags and each new chase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}:", self.mv, self.mover.name(), self.piece.role.name())?;
        if !self.flags.is_empty() {
            write!(f, " {}", self.flags)?;
        }
        for chase in self.chases() {
            write!(
                f,
                " [{}{}x{}{}",
                chase.attacker_piece.fen_char(),
                chase.attacker,
                chase.target_piece.fen_char(),
                chase.target
            )?;
            for name in chase.reasons.words() {
                write!(f, " {name}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl MoveFlags {
    /// Each flag with its word, in the order the text form lists them.
    pub const WORDS: [(MoveFlags, &'static str); 10] = [
        (MoveFlags::CAPTURE, "capture"),
        (MoveFlags::CHECK, "check"),
        (MoveFlags::MATE_THREAT, "mate_threat"),
        (MoveFlags::CHASE, "chase"),
        (MoveFlags::THREAT_TO_WIN_BY_CHECK, "threat_to_win_by_check"),
        (MoveFlags::EXCHANGE, "exchange"),
        (MoveFlags::SACRIFICE, "sacrifice"),
        (MoveFlags::BLOCK, "block"),
        (MoveFlags::FOLLOW, "follow"),
        (MoveFlags::IDLE, "idle"),
    ];

    /// The words of the flags set, in [`MoveFlags::WORDS`]' order.
    ///
    /// ```
    /// use xiangqi::adjudicator::MoveFlags;
    ///
    /// let flags = MoveFlags::CHASE | MoveFlags::CHECK;
    /// assert_eq!(flags.words().collect::<Vec<_>>(), ["check", "chase"]);
    /// assert_eq!(flags.to_string(), "check, chase");
    /// ```
    pub fn words(self) -> impl Iterator<Item = &'static str> {
        Self::WORDS.into_iter().filter(move |&(flag, _)| self.contains(flag)).map(|(_, word)| word)
    }
}

impl fmt::Display for MoveFlags {
    /// The words of the flags set, joined by `, `: `check, chase`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_words(f, self.words())
    }
}

/// The error of [`classify`]: the move is not legal in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("cannot classify: {0}")]
pub struct ClassifyError(#[from] pub IllegalMove);

/// Classifies `mv` played in `before`, with the default [`ClassifyOptions`]. Piece identities are numbered from
/// `before` (see [`IdBoard::new`]).
///
/// # Errors
/// [`ClassifyError`] if `mv` is not legal in `before`.
///
/// ```
/// use xiangqi::adjudicator::{classify, ChaseReasons, MoveFlags};
/// use xiangqi::board::Position;
///
/// // The red rook steps to the b-file and attacks the unprotected black cannon on b9.
/// let pos = Position::from_fen("1c1k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
/// let class = classify(&pos, "a0b0".parse()?)?;
/// assert!(class.flags.contains(MoveFlags::CHASE));
/// let chase = class.chases().next().unwrap();
/// assert_eq!(chase.target.to_string(), "b9");
/// assert!(chase.reasons.contains(ChaseReasons::UNPROTECTED));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn classify(before: &Position, mv: Move) -> Result<MoveClass, ClassifyError> {
    let after = before.play(mv)?;
    let ids = IdBoard::new(before.board());
    Ok(classify_played(before, mv, &after, &ids, None, &ClassifyOptions::default()))
}

/// Classifies a legal move `mv` from `before` to `after`; `ids` are the identities before the move. `earlier`,
/// when known, is the position after the mover's previous move and the opponent's reply that led to `before`.
pub(crate) fn classify_played(
    before: &Position,
    mv: Move,
    after: &Position,
    ids: &IdBoard,
    earlier: Option<(&Position, Move)>,
    options: &ClassifyOptions,
) -> MoveClass {
    let mover = before.turn();
    let piece = before.piece_at(mv.from).unwrap_or(xiangqi_board::Piece::new(mover, xiangqi_board::Role::King));
    let captured = before.captured(mv);
    let mut ids_after = ids.clone();
    ids_after.play(mv);

    let checkers = check::checkers(after);
    let mut flags = MoveFlags::empty();
    if captured.is_some() {
        flags |= MoveFlags::CAPTURE;
    }
    if checkers.any() {
        flags |= MoveFlags::CHECK;
    }
    // The threat lists are filled in place: a `ThreatList` is large, and moving it costs a copy.
    let mut class = MoveClass {
        mv,
        mover,
        piece,
        piece_id: ids.id_at(mv.from).unwrap_or(PieceId(0)),
        captured,
        flags,
        checkers,
        threats: ThreatList::default(),
        threats_before: ThreatList::default(),
    };
    let attackers_before = scan::attackers(before.board(), mover);
    let attackers = scan::attackers_after(after.board(), mover, mv, captured.is_some(), attackers_before);
    scan::scan(before.board(), mover, ids, attackers_before, None, &mut class.threats_before);
    // After its move the mover's king is not attacked, and the defender's is by the move's checkers.
    scan::scan(after.board(), mover, &ids_after, attackers, Some((Bitboard::EMPTY, checkers)), &mut class.threats);
    mark_move_relative(before, mv, &mut class.threats);
    if options.material_gain {
        material::mark_gains(before, &mut class.threats_before);
        if let Some(again) = mate_threat::pass(after) {
            material::mark_gains(&again, &mut class.threats);
        }
    }
    // The look-ahead runs on every move that is not a check, a chase or not: which threats are chases is each
    // book's own reading (PRC 1956's 捉 is narrower than AXF's), so no one book's chase may stand in for another's
    // mate threat or threat to win by check.
    let lookahead = options.mate_threat_depth > 0 || options.threat_to_win_by_check;
    if lookahead && !class.is_check() {
        class.flags |= lookahead_flags(
            before,
            after,
            (&ids_after, ids),
            (&class.threats, &class.threats_before),
            earlier,
            options,
        );
    }
    if exchange::is_exchange(&class.threats, mv) {
        class.flags |= MoveFlags::EXCHANGE;
    } else if exchange::is_sacrifice(after.board(), mv, mover, checkers) {
        class.flags |= MoveFlags::SACRIFICE;
    }
    // A piece that flees from an attack (attacked where it stood, not where it goes), or that moves to chase, does
    // not block by landing on a line it happens to cut: the move is the flight or the chase.
    // The flight is asked only of a move that blocks (the cheaper question first).
    let attacked = |pos: &Position, sq| pos.board().is_attacked(sq, mover.other(), pos.board().occupied());
    let fled = || attacked(before, mv.from) && !attacked(after, mv.to);
    let chases = class.chases().any(|t| t.attacker == mv.to);
    if !chases && exchange::is_block(before.board(), mv, mover) && !fled() {
        class.flags |= MoveFlags::BLOCK;
    }
    class.flags = class.flags_under(ChaseDefinition::AXF_2008);
    class
}

/// The look-ahead kinds of a move that gives no check: [`MoveFlags::MATE_THREAT`] or else
/// [`MoveFlags::THREAT_TO_WIN_BY_CHECK`], judged on `after` as if the mover were to move again, and credited only
/// when the move creates the threat: a threat whose carrier had it against the same target in the position the
/// mover moved in (`before`; when that was a check it had to answer, the position after its own previous move,
/// `earlier`) is not the move's. `ids_after` and `ids` are the identities after and before the move, and
/// `threats`, `threats_before` the scans of the mover's captures after and before it (the pieces they win outright
/// are the ones 要抽吃 does not count as won by a check: the scans are not made again).
fn lookahead_flags(
    before: &Position,
    after: &Position,
    (ids_after, ids): (&IdBoard, &IdBoard),
    (threats, threats_before): (&ThreatList, &ThreatList),
    earlier: Option<(&Position, Move)>,
    options: &ClassifyOptions,
) -> MoveFlags {
    let (reach, win_by_check) = (options.mate_threat_depth, options.threat_to_win_by_check);
    // The side to move in `after` is not in check (the move gives none), so the mover may move again.
    let mut again = after.clone();
    again.swap_turn_unchecked();
    let checks = again.checking_moves();
    if checks.is_empty() {
        return MoveFlags::empty();
    }
    let won = |threats: &ThreatList| Some(threats.targets_where(Threat::wins_outright));
    let now = threats_of(&again, &checks, ids_after, reach, win_by_check, won(threats));
    let mate = now.mate != 0;
    if !mate && !now.wins() {
        return MoveFlags::empty();
    }
    let flag = if mate { MoveFlags::MATE_THREAT } else { MoveFlags::THREAT_TO_WIN_BY_CHECK };
    // The threats of the kind found, in a position where the mover is to move: only that kind is looked for.
    let threats_of_kind = |pos: &Position, ids: &IdBoard, won_already| {
        let checks = pos.checking_moves();
        if mate {
            threats_of(pos, &checks, ids, reach, false, None)
        } else {
            threats_of(pos, &checks, ids, 0, true, won_already)
        }
    };
    let then = if !before.is_check() {
        threats_of_kind(before, ids, won(threats_before))
    } else if let Some((earlier, reply)) = earlier {
        // The mover answers a check: its threats stood as it left them after its previous move, before the
        // opponent's reply `reply`, which gave the check.
        let Some(standing) = pass(earlier) else { return flag };
        let mut ids_then = ids.clone();
        ids_then.unplay(reply);
        threats_of_kind(&standing, &ids_then, None)
    } else {
        return flag;
    };
    if now.stood(&then, mate) {
        MoveFlags::empty()
    } else {
        flag
    }
}

/// Fills in the reasons that depend on the move: discovered attacks, moved cannon screens, cut roots and the
/// moves of a rook along the line a cannon pins it to.
fn mark_move_relative(before: &Position, mv: Move, threats: &mut ThreatList) {
    let mover = before.turn();
    // Only a threat of the moved rook can be along its pin line: the pins are not looked up otherwise.
    let pinned_along_line = before.piece_at(mv.from).is_some_and(|p| p.role == xiangqi_board::Role::Rook)
        && threats.iter().any(|t| t.attacker == mv.to)
        && before.pins(mover).any(|pin| {
            pin.pinned == mv.from
                && pin.kind == PinKind::CannonScreen
                && (attacks::between(before.king_of(mover), pin.pinner).with(pin.pinner)).contains(mv.to)
        });
    for threat in threats.as_mut_slice() {
        if threat.attacker != mv.to {
            threat.reasons |= ChaseReasons::DISCOVERED;
        } else if pinned_along_line {
            threat.reasons |= ChaseReasons::ALONG_PIN_LINE;
        }
        if threat.attacker_piece.role == xiangqi_board::Role::Cannon {
            let line = attacks::between(threat.attacker, threat.target);
            if line.contains(mv.to) || line.contains(mv.from) {
                threat.reasons |= ChaseReasons::MOVED_SCREEN;
            }
        }
        if threat.reasons.intersects(ChaseReasons::UNPROTECTED | ChaseReasons::FAKE_ROOT) {
            let capturer = if threat.attacker == mv.to { mv.from } else { threat.attacker };
            let had_root = before.piece_at(threat.target).is_some_and(|t| t.color != mover)
                && roots::recaptures(before.board(), capturer, threat.target).1.any();
            if had_root {
                threat.reasons |= ChaseReasons::ROOT_CUT;
            }
        }
    }
}
