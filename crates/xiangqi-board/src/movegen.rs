//! Legal move generation.
//!
//! # How it works
//! Moves are generated per piece as a target set (a [`Bitboard`]), then made legal in one of three ways:
//! 1. **In check** (any number of checkers): every pseudo-legal move is tested by recomputing the attacks on the
//!    king with the move's occupancy change. Double checks need no special case; in xiangqi one move can answer
//!    two checks (blocking a rook also gives the cannon behind it a second screen).
//! 2. **Pinned pieces** — pieces of the side to move whose departure could expose the king: the only piece
//!    between the king and an enemy rook or king (flying general), either of the two pieces between the king
//!    and an enemy cannon, and a piece on the leg of an enemy horse that would attack the king. Each of their
//!    moves is tested as in 1.
//! 3. **Every other piece**: all targets are legal except the empty squares between the king and an enemy cannon
//!    with nothing else between, where the arriving piece would become the cannon's screen. These are removed
//!    with one mask, so bulk counting needs only a population count.
//!
//! King moves are always tested, with the king removed from its old square (so it cannot hide behind itself
//! from a rook or be its own cannon screen) and the flying-general rule applied on the file.

use core::ops::ControlFlow;

use crate::{
    attacks::{
        between, cannon_attacks, horse_leg, horse_reach, horse_sources, king_attacks, lines, move_targets,
        pawn_sources, slider_attacks,
    },
    Bitboard, Color, Move, MoveList, Piece, Position, Role, Square,
};

/// Receives generated moves; generation stops when [`Sink::add`] breaks.
trait Sink {
    /// What a stopped generation returns.
    type Break;
    /// Whether the sink takes the moves of unpinned pawns in bulk ([`Sink::add_shifted`]) rather than per piece.
    const BULK_PAWNS: bool;
    /// Whether the sink only asks if there is a move: a piece whose moves are tested one by one is then handed
    /// over with its first legal move only.
    const FIRST_MOVE_ONLY: bool = false;
    /// Moves of the piece `piece` from `from` to each square of `targets` (possibly none).
    fn add(&mut self, piece: Piece, from: Square, targets: Bitboard) -> ControlFlow<Self::Break>;
    /// Moves to each square of `targets` from the square `delta` indexes before it (pawn moves in bulk).
    fn add_shifted(&mut self, targets: Bitboard, delta: i32);
}

impl Sink for MoveList {
    type Break = core::convert::Infallible;
    const BULK_PAWNS: bool = true;

    #[inline]
    fn add(&mut self, _piece: Piece, from: Square, targets: Bitboard) -> ControlFlow<Self::Break> {
        for to in targets {
            self.push(Move::new(from, to));
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn add_shifted(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            if let Some(from) = Square::new((to.index() as i32 - delta) as usize) {
                self.push(Move::new(from, to));
            }
        }
    }
}

struct Counter(usize);

impl Sink for Counter {
    type Break = core::convert::Infallible;
    const BULK_PAWNS: bool = true;

    #[inline]
    fn add(&mut self, _piece: Piece, _from: Square, targets: Bitboard) -> ControlFlow<Self::Break> {
        self.0 += targets.count() as usize;
        ControlFlow::Continue(())
    }

    #[inline]
    fn add_shifted(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += targets.count() as usize;
    }
}

/// Whether there is a legal move: stops at the first.
struct AnyMove;

impl Sink for AnyMove {
    type Break = ();
    const BULK_PAWNS: bool = false;
    const FIRST_MOVE_ONLY: bool = true;

    #[inline]
    fn add(&mut self, _piece: Piece, _from: Square, targets: Bitboard) -> ControlFlow<()> {
        if targets.any() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline]
    fn add_shifted(&mut self, _targets: Bitboard, _delta: i32) {}
}

/// The sink of [`Position::for_each_legal_move`]: the caller's listener, one call per piece.
struct Listener<F>(F);

impl<B, F: FnMut(PieceMoves) -> ControlFlow<B>> Sink for Listener<F> {
    type Break = B;
    const BULK_PAWNS: bool = false;

    #[inline]
    fn add(&mut self, piece: Piece, from: Square, to: Bitboard) -> ControlFlow<B> {
        if to.is_empty() {
            return ControlFlow::Continue(());
        }
        (self.0)(PieceMoves { piece, from, to })
    }

    #[inline]
    fn add_shifted(&mut self, _targets: Bitboard, _delta: i32) {}
}

/// The legal moves of one piece, as [`Position::for_each_legal_move`] reports them: the piece, its square and
/// the set of squares it may move to (never empty). Iterating gives the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Its square.
    pub from: Square,
    /// Where it may move.
    pub to: Bitboard,
}

impl PieceMoves {
    /// The number of moves.
    #[inline]
    pub const fn len(&self) -> usize {
        self.to.count() as usize
    }

    /// Whether there is no move (never the case for a set reported by [`Position::for_each_legal_move`]).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter { from: self.from, to: self.to.into_iter() }
    }
}

/// The moves of a [`PieceMoves`], in square order of the target.
#[derive(Clone, Debug)]
pub struct PieceMovesIter {
    from: Square,
    to: crate::Squares,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.to.next().map(|to| Move::new(self.from, to))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.to.size_hint()
    }
}

impl ExactSizeIterator for PieceMovesIter {}
impl core::iter::FusedIterator for PieceMovesIter {}

/// How an enemy piece pins a piece to its king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinKind {
    /// The pinned piece is the only piece between its king and an enemy rook, or the enemy king on the same file
    /// (the flying-general rule).
    Line,
    /// The pinned piece is one of the two pieces between its king and an enemy cannon: if it leaves the line, the
    /// other piece becomes the cannon's screen.
    CannonScreen,
    /// The pinned piece stands on the leg of an enemy horse that would otherwise attack the king.
    HorseLeg,
}

/// A piece that may not leave its square (or may move only along a line) without exposing its king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pin {
    /// The pinned piece's square.
    pub pinned: Square,
    /// The square of the enemy piece that pins it.
    pub pinner: Square,
    /// How it is pinned.
    pub kind: PinKind,
}

/// What threatens a side's king: the enemy pieces giving check, the enemy pieces that pin a piece to it, and
/// the squares next to it that an enemy cannon covers with no screen yet.
struct KingSafety {
    checkers: Bitboard,
    line_pinners: Bitboard,
    screen_pinners: Bitboard,
    leg_pinners: Bitboard,
    /// Empty squares between the king and an enemy cannon with nothing else between.
    unscreened: Bitboard,
}

const FILE_A: Bitboard = Bitboard::file(crate::File::A);
const FILE_I: Bitboard = Bitboard::file(crate::File::I);

/// Runs the body once for each role but the king, with `role` bound to a constant (rooks first: they have the
/// most moves).
macro_rules! for_each_role {
    (|$role:ident| $body:block) => {{
        {
            const $role: Role = Role::Rook;
            $body
        }
        {
            const $role: Role = Role::Cannon;
            $body
        }
        {
            const $role: Role = Role::Horse;
            $body
        }
        {
            const $role: Role = Role::Advisor;
            $body
        }
        {
            const $role: Role = Role::Elephant;
            $body
        }
        {
            const $role: Role = Role::Pawn;
            $body
        }
    }};
}

/// Emits the moves of pieces one by one, testing those of pinned pieces (or all, in check).
struct PerPiece<'a> {
    position: &'a Position,
    king: Square,
    /// Pieces whose every move is tested.
    tested: Bitboard,
    /// Targets allowed without a test.
    allowed: Bitboard,
    /// Targets allowed at all (the caller's mask, without own pieces).
    to_mask: Bitboard,
    /// In check, the squares a move other than the king's must leave or reach ([`Position::check_answers`]);
    /// all squares otherwise.
    answers: Bitboard,
}

impl PerPiece<'_> {
    #[inline(always)]
    fn emit<S: Sink>(
        &self,
        sink: &mut S,
        piece: Piece,
        pieces: Bitboard,
        targets: impl Fn(Square) -> Bitboard,
    ) -> ControlFlow<S::Break> {
        for from in pieces {
            let targets = targets(from);
            let moves = if self.tested.contains(from) {
                // All squares for a piece on an answer square, the answers for the others.
                let leaves_answer = Bitboard(((self.answers.0 >> from as u32) & 1).wrapping_neg());
                let mut legal = Bitboard::EMPTY;
                for to in targets & self.to_mask & (self.answers | leaves_answer) {
                    if self.position.king_safe_after(from, to, self.king) {
                        legal.add(to);
                        if S::FIRST_MOVE_ONLY {
                            break;
                        }
                    }
                }
                legal
            } else {
                targets & self.allowed
            };
            sink.add(piece, from, moves)?;
        }
        ControlFlow::Continue(())
    }
}

impl Position {
    /// The enemy pieces that attack `color`'s king on `king` under `occupied`, counting only enemy pieces in
    /// `theirs`; `lines` are the rook and cannon reach from the king under `occupied`.
    #[inline]
    fn king_attackers(
        &self,
        king: Square,
        color: Color,
        occupied: Bitboard,
        theirs: Bitboard,
        (rook_lines, cannon_lines): (Bitboard, Bitboard),
    ) -> Bitboard {
        let board = &self.board;
        (rook_lines & (board.by_role(Role::Rook) | board.by_role(Role::King))
            | cannon_lines & board.by_role(Role::Cannon)
            | horse_sources(king, occupied) & board.by_role(Role::Horse)
            | pawn_sources(color.other(), king) & board.by_role(Role::Pawn))
            & theirs
    }

    /// Whether the side to move's king, on `king` after moving a piece from `from` to `to`, is safe.
    #[inline]
    fn king_safe_after(&self, from: Square, to: Square, king: Square) -> bool {
        let occupied = self.board.occupied().without(from).with(to);
        let theirs = self.board.by_color(self.turn.other()).without(to);
        let lines = slider_attacks(king, occupied);
        self.king_attackers(king, self.turn, occupied, theirs, lines).is_empty()
    }

    /// Checkers, pinners and unscreened squares of `color`'s king on `king`. When the king is in check only the
    /// checkers are computed: every move is tested then.
    #[inline]
    fn king_safety(&self, color: Color, king: Square) -> KingSafety {
        let board = &self.board;
        let occupied = board.occupied();
        let ours = board.by_color(color);
        let theirs = board.by_color(color.other());
        let (rook_lines, cannon_lines) = slider_attacks(king, occupied);
        let mut found = KingSafety {
            checkers: self.king_attackers(king, color, occupied, theirs, (rook_lines, cannon_lines)),
            line_pinners: Bitboard::EMPTY,
            screen_pinners: Bitboard::EMPTY,
            leg_pinners: Bitboard::EMPTY,
            unscreened: Bitboard::EMPTY,
        };
        if found.checkers.any() {
            return found;
        }
        let rooks_and_king = theirs & (board.by_role(Role::Rook) | board.by_role(Role::King));
        let cannons = theirs & board.by_role(Role::Cannon);
        let first = rook_lines & occupied;
        // An enemy rook or king right behind the first piece pins it.
        found.line_pinners = cannon_lines & rooks_and_king;
        for cannon in first & cannons {
            found.unscreened |= between(king, cannon);
        }
        // An enemy cannon behind two pieces pins both.
        if (lines(king) & (cannons - first - cannon_lines)).any() {
            found.screen_pinners = cannon_attacks(king, occupied - first) & cannons;
        }
        for horse in horse_reach(king) & theirs & board.by_role(Role::Horse) {
            if let Some(leg) = horse_leg(horse, king) {
                if ours.contains(leg) {
                    found.leg_pinners.add(horse);
                }
            }
        }
        found
    }

    /// The pieces of `color` pinned to its king, each with its pinner.
    ///
    /// A piece is pinned when moving it off its square (or off its line) would expose its own king: see
    /// [`PinKind`]. A pinned rook may still move along the line it is pinned on; legal move generation handles
    /// that, this list only names the pins. While the king is in check no pins are reported.
    ///
    /// ```
    /// use xiangqi::board::{Color, Pin, PinKind, Position, Square};
    ///
    /// // The red horse on e2 is the only piece between the red king and the black rook on e9.
    /// let pos = Position::from_fen("3kr4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1")?;
    /// let pins: Vec<Pin> = pos.pins(Color::Red).collect();
    /// assert_eq!(pins, [Pin { pinned: Square::E2, pinner: Square::E9, kind: PinKind::Line }]);
    /// // Without the rook, the horse is free.
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1")?;
    /// assert_eq!(pos.pins(Color::Red).count(), 0);
    /// # Ok::<_, xiangqi::board::FenError>(())
    /// ```
    pub fn pins(&self, color: Color) -> impl Iterator<Item = Pin> + '_ {
        let king = self.king_of(color);
        let found = self.king_safety(color, king);
        let ours = self.board.by_color(color);
        let on_line = move |kind| {
            move |pinner| (between(king, pinner) & ours).into_iter().map(move |pinned| Pin { pinned, pinner, kind })
        };
        let legs = found.leg_pinners.into_iter().filter_map(move |pinner| {
            horse_leg(pinner, king).map(|pinned| Pin { pinned, pinner, kind: PinKind::HorseLeg })
        });
        found
            .line_pinners
            .into_iter()
            .flat_map(on_line(PinKind::Line))
            .chain(found.screen_pinners.into_iter().flat_map(on_line(PinKind::CannonScreen)))
            .chain(legs)
    }

    /// The squares of the pieces of `color` that are pinned to their king (see [`Position::pins`]).
    pub fn pinned(&self, color: Color) -> Bitboard {
        let king = self.king_of(color);
        self.pinned_by(color, king, &self.king_safety(color, king))
    }

    #[inline]
    fn pinned_by(&self, color: Color, king: Square, found: &KingSafety) -> Bitboard {
        let ours = self.board.by_color(color);
        let mut pinned = Bitboard::EMPTY;
        for pinner in found.line_pinners | found.screen_pinners {
            pinned |= between(king, pinner) & ours;
        }
        for pinner in found.leg_pinners {
            if let Some(leg) = horse_leg(pinner, king) {
                pinned.add(leg);
            }
        }
        pinned
    }

    /// The moves of the unpinned pawns `pawns`, in three bulk sets (forward, left, right) each with the index
    /// distance between origin and target.
    #[inline]
    fn pawn_pushes(&self, pawns: Bitboard, allowed: Bitboard) -> [(Bitboard, i32); 3] {
        let (forward, crossed) = match self.turn {
            Color::Red => (Bitboard(pawns.0 << 9), pawns & Bitboard::BLACK_SIDE),
            Color::Black => (Bitboard(pawns.0 >> 9), pawns - Bitboard::BLACK_SIDE),
        };
        let forward_delta = if self.turn.is_red() { 9 } else { -9 };
        [
            (forward & allowed, forward_delta),
            (Bitboard((crossed - FILE_A).0 >> 1) & allowed, -1),
            (Bitboard((crossed - FILE_I).0 << 1) & allowed, 1),
        ]
    }

    /// The squares a move of a piece other than the king must leave or reach to answer the checks of `checkers`
    /// on the king on `king`: the checkers, the squares between a checking slider (or king) and the king, and the
    /// legs of checking horses. Whether a piece checks depends only on the occupancy of those squares (a pawn's
    /// check on none), so a move that touches none of them leaves every check standing.
    #[inline]
    fn check_answers(king: Square, checkers: Bitboard) -> Bitboard {
        let mut answers = checkers;
        for checker in checkers {
            answers |= between(king, checker);
            if let Some(leg) = horse_leg(checker, king) {
                answers.add(leg);
            }
        }
        answers
    }

    fn generate<S: Sink>(&self, from_mask: Bitboard, to_mask: Bitboard, sink: &mut S) -> ControlFlow<S::Break> {
        let us = self.turn;
        let board = &self.board;
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let to_mask = to_mask - ours;

        let Some(king) = board.king_of(us) else {
            // Only reachable through `play_unchecked` with an illegal move: no king, no safety to keep.
            for role in Role::ALL {
                let piece = Piece::new(us, role);
                for from in board.by_piece(piece) & from_mask {
                    sink.add(piece, from, move_targets(piece, from, occupied) & to_mask)?;
                }
            }
            return ControlFlow::Continue(());
        };

        let safety = self.king_safety(us, king);
        let (tested, allowed, answers) = if safety.checkers.any() {
            (Bitboard::FULL, to_mask, Position::check_answers(king, safety.checkers))
        } else {
            (self.pinned_by(us, king, &safety), to_mask - safety.unscreened, Bitboard::FULL)
        };

        if from_mask.contains(king) {
            let mut legal = Bitboard::EMPTY;
            for to in king_attacks(king) & to_mask {
                if self.king_safe_after(king, to, to) {
                    legal.add(to);
                    if S::FIRST_MOVE_ONLY {
                        break;
                    }
                }
            }
            sink.add(Piece::new(us, Role::King), king, legal)?;
        }

        let mut per_piece_pawns = board.by_role(Role::Pawn) & ours & from_mask;
        if S::BULK_PAWNS {
            let bulk_pawns = per_piece_pawns - tested;
            per_piece_pawns &= tested;
            if bulk_pawns.any() {
                for (targets, delta) in self.pawn_pushes(bulk_pawns, allowed) {
                    sink.add_shifted(targets, delta);
                }
            }
        }

        let per_piece = PerPiece { position: self, king, tested, allowed, to_mask, answers };
        // One call per role with the role a constant, so that `move_targets` inlines to that role's lookup.
        for_each_role!(|ROLE| {
            let piece = Piece::new(us, ROLE);
            let pieces = if ROLE == Role::Pawn { per_piece_pawns } else { board.by_role(ROLE) & ours & from_mask };
            per_piece.emit(sink, piece, pieces, |from| move_targets(piece, from, occupied))?;
        });
        ControlFlow::Continue(())
    }

    /// Calls `listener` with the legal moves of each piece of the side to move that stands on a square of `from`,
    /// restricted to the targets in `to`, one call per piece with at least one such move (the king first, then
    /// the pieces role by role). The listener stops the generation by returning [`ControlFlow::Break`], whose
    /// value is returned.
    ///
    /// Every other move query of the crate ([`Position::legal_moves`], [`Position::has_legal_moves`], …) is
    /// written on the same generator; the listener is the way to get its per-piece target sets without a list.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use xiangqi::board::{Bitboard, Position, Role};
    ///
    /// let pos = Position::new();
    /// // The cannons' moves, counted per piece.
    /// let mut cannon_moves = 0;
    /// let _ = pos.for_each_legal_move(Bitboard::FULL, Bitboard::FULL, |moves| {
    ///     if moves.piece.role == Role::Cannon {
    ///         cannon_moves += moves.len();
    ///     }
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(cannon_moves, 24);
    /// // The first piece with a move, then stop.
    /// let first = pos.for_each_legal_move(Bitboard::FULL, Bitboard::FULL, ControlFlow::Break);
    /// assert_eq!(first.break_value().map(|moves| moves.piece.role), Some(Role::King));
    /// ```
    #[inline]
    pub fn for_each_legal_move<B>(
        &self,
        from: Bitboard,
        to: Bitboard,
        listener: impl FnMut(PieceMoves) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.generate(from, to, &mut Listener(listener))
    }

    /// All legal moves of the side to move.
    ///
    /// ```
    /// use xiangqi::board::Position;
    ///
    /// assert_eq!(Position::new().legal_moves().len(), 44);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_filtered(Bitboard::FULL, Bitboard::FULL)
    }

    /// The legal moves of the side to move that start on a square of `from` and end on a square of `to`.
    ///
    /// `legal_moves_filtered(Bitboard::FULL, Bitboard::from_square(sq))` are the legal captures onto `sq` when an
    /// enemy piece stands there; see also [`Position::legal_captures_to`].
    pub fn legal_moves_filtered(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        let ControlFlow::Continue(()) = self.generate(from, to, &mut moves);
        moves
    }

    /// The legal moves of the side to move that capture on `sq` (empty if `sq` holds no enemy piece).
    ///
    /// ```
    /// use xiangqi::board::{Position, Square};
    ///
    /// let pos = Position::new();
    /// // The red cannon on b2 can capture the horse on b9 over the cannon on b7.
    /// let captures = pos.legal_captures_to(Square::B9);
    /// assert_eq!(captures.len(), 1);
    /// assert_eq!(captures[0].from, Square::B2);
    /// ```
    pub fn legal_captures_to(&self, sq: Square) -> MoveList {
        let theirs = self.board.by_color(self.turn.other());
        self.legal_moves_filtered(Bitboard::FULL, Bitboard::from_square(sq) & theirs)
    }

    /// The number of legal moves, without listing them (bulk counting).
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        let ControlFlow::Continue(()) = self.generate(Bitboard::FULL, Bitboard::FULL, &mut counter);
        counter.0
    }

    /// Whether the side to move has any legal move; the generation stops at the first one (the king's steps are
    /// looked at first, and in check only the moves that can answer it are tested).
    pub fn has_legal_moves(&self) -> bool {
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut AnyMove).is_break()
    }

    /// The pseudo-legal moves of the side to move: every move allowed by the pieces' movement rules, including
    /// moves that leave or put the own king in check or facing the other king.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let board = &self.board;
        let ours = board.by_color(self.turn);
        let occupied = board.occupied();
        let mut moves = MoveList::new();
        for role in Role::ALL {
            let piece = Piece::new(self.turn, role);
            for from in board.by_piece(piece) {
                let ControlFlow::Continue(()) = moves.add(piece, from, move_targets(piece, from, occupied) - ours);
            }
        }
        moves
    }

    /// Whether the king of the side to move would be safe (not attacked, not facing the other king) after `mv`,
    /// whether or not `mv` is otherwise legal. This is the test legal move generation applies.
    pub fn leaves_king_safe(&self, mv: Move) -> bool {
        let king = self.king_of(self.turn);
        let king_after = if mv.from == king { mv.to } else { king };
        self.king_safe_after(mv.from, mv.to, king_after)
    }
}
