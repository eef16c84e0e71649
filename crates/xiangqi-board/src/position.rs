//! [`Position`]: a checked position with the side to move, the counters and the Zobrist key.

use core::{fmt, hash::Hash, num::NonZeroU32};

use bitflags::bitflags;

use crate::{
    attacks, zobrist, Bitboard, Board, ByColor, Color, IllegalMove, Move, ParseFenError, Piece, Role, Setup, Square,
};

bitflags! {
    /// The problems [`Position::from_setup`] found in a [`Setup`]; all of them are reported at once.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct PositionErrorKinds: u16 {
        /// A side has no king.
        const MISSING_KING = 1 << 0;
        /// A side has more than one king.
        const TOO_MANY_KINGS = 1 << 1;
        /// A king stands outside its own palace.
        const KING_OUTSIDE_PALACE = 1 << 2;
        /// An advisor stands on a square no advisor of its side can reach (outside the five points of the
        /// palace's diagonals).
        const INVALID_ADVISOR_SQUARE = 1 << 3;
        /// An elephant stands on a square no elephant of its side can reach (only seven points on its own side
        /// of the river).
        const INVALID_ELEPHANT_SQUARE = 1 << 4;
        /// A pawn stands where no pawn of its side can be: behind its starting rank, or on its own side of the
        /// river off the five starting files (an uncrossed pawn cannot move sideways).
        const INVALID_PAWN_SQUARE = 1 << 5;
        /// A side has more pieces of a role than the set holds (2 advisors, 2 elephants, 2 horses, 2 rooks,
        /// 2 cannons, 5 pawns).
        const TOO_MANY_PIECES = 1 << 6;
        /// The two kings face each other on a file with nothing between (对面/飞将).
        const FACING_KINGS = 1 << 7;
        /// The side that is not to move is in check (so the side to move could capture its king).
        const OPPOSITE_CHECK = 1 << 8;
    }
}

impl PositionErrorKinds {
    /// The placement rules a composed position (a problem, a rule-book diagram) may break and still play by the
    /// rules of movement: pawns behind their start rank or off their files, advisors and elephants on points they
    /// cannot reach (see [`Position::from_setup_composed`]).
    pub const COMPOSED: PositionErrorKinds = PositionErrorKinds::INVALID_PAWN_SQUARE
        .union(PositionErrorKinds::INVALID_ADVISOR_SQUARE)
        .union(PositionErrorKinds::INVALID_ELEPHANT_SQUARE);
}

impl fmt::Display for PositionErrorKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (PositionErrorKinds::MISSING_KING, "a side has no king"),
            (PositionErrorKinds::TOO_MANY_KINGS, "a side has more than one king"),
            (PositionErrorKinds::KING_OUTSIDE_PALACE, "a king is outside its palace"),
            (PositionErrorKinds::INVALID_ADVISOR_SQUARE, "an advisor is on an unreachable square"),
            (PositionErrorKinds::INVALID_ELEPHANT_SQUARE, "an elephant is on an unreachable square"),
            (PositionErrorKinds::INVALID_PAWN_SQUARE, "a pawn is on an unreachable square"),
            (PositionErrorKinds::TOO_MANY_PIECES, "a side has more pieces of a role than the set"),
            (PositionErrorKinds::FACING_KINGS, "the kings face each other"),
            (PositionErrorKinds::OPPOSITE_CHECK, "the side not to move is in check"),
        ];
        let mut first = true;
        for (kind, name) in names {
            if self.contains(kind) {
                if !first {
                    f.write_str("; ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// The error of [`Position::from_setup`]: every problem found in the setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal position: {kinds}")]
pub struct PositionError {
    /// The problems found.
    pub kinds: PositionErrorKinds,
}

/// The error of [`Position::from_fen`]: the text is not a FEN, or the FEN is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum FenError {
    /// The text could not be read as a FEN.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// The FEN describes an illegal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// How a game ended on the board. In xiangqi both checkmate and stalemate (困毙) lose for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is in check and has no legal move (将死).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check but has no legal move (困毙); it loses.
    Stalemate {
        /// The side that is not to move.
        winner: Color,
    },
}

impl Outcome {
    /// The winning side.
    pub const fn winner(self) -> Color {
        match self {
            Outcome::Checkmate { winner } | Outcome::Stalemate { winner } => winner,
        }
    }
}

impl fmt::Display for Outcome {
    /// `red wins by checkmate`, `black wins by stalemate`: the form [`Outcome::from_str`](core::str::FromStr)
    /// reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate { .. } => "stalemate",
        };
        write!(f, "{} wins by {how}", self.winner())
    }
}

crate::parse_error! {
    /// The error of parsing an [`Outcome`].
    pub struct ParseOutcomeError: "outcome", "`red` or `black`, then ` wins by checkmate` or ` wins by stalemate`"
}

impl core::str::FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// Reads the form `Display` writes.
    ///
    /// ```
    /// use xiangqi::board::{Color, Outcome};
    ///
    /// let outcome: Outcome = "black wins by stalemate".parse()?;
    /// assert_eq!(outcome, Outcome::Stalemate { winner: Color::Black });
    /// assert_eq!(outcome.to_string(), "black wins by stalemate");
    /// assert!("red wins".parse::<Outcome>().is_err());
    /// # Ok::<_, xiangqi::board::ParseOutcomeError>(())
    /// ```
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        let (winner, how) = s.split_once(" wins by ").ok_or(ParseOutcomeError::new(s))?;
        let winner: Color = winner.parse().map_err(|_| ParseOutcomeError::new(s))?;
        match how {
            "checkmate" => Ok(Outcome::Checkmate { winner }),
            "stalemate" => Ok(Outcome::Stalemate { winner }),
            _ => Err(ParseOutcomeError::new(s)),
        }
    }
}

/// The error of [`Position::swap_turn`]: the side to move is in check, so it may not pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("no null move: {turn} is in check")]
pub struct NullMoveError {
    /// The side to move, which is in check.
    pub turn: Color,
}

/// A legal position: placement, side to move, move counters and Zobrist key.
///
/// The fields are private; the ways in are [`Position::new`] (the start position), [`Position::from_setup`] and
/// [`Position::from_fen`], which check the placement, and [`Position::play`], which checks the move.
///
/// **Equality and hashing ignore the move counters**: two positions are equal when the placement and the side to
/// move are, which is what repetition rules compare. The Zobrist [`key`](Position::key) follows the same rule.
///
/// `Display` writes the FEN.
///
/// ```
/// use xiangqi::board::{Move, Position, Square};
///
/// let pos = Position::new();
/// let after = pos.play("h2e2".parse()?)?;
/// assert_eq!(after.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// assert!(pos.play(Move::new(Square::H2, Square::H8)).is_err()); // no jumping without a capture
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: NonZeroU32,
    pub(crate) key: u64,
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::new()
    }
}

impl PartialEq for Position {
    /// Compares placement and side to move; the move counters are ignored.
    fn eq(&self, other: &Position) -> bool {
        self.key == other.key && self.turn == other.turn && self.board == other.board
    }
}

impl Eq for Position {}

impl Hash for Position {
    /// Hashes the Zobrist key, which ignores the move counters.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

impl fmt::Display for Position {
    /// Writes the position as canonical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::fen::write_board(f, &self.board)?;
        write!(f, " {} - - {} {}", self.turn.fen_char(), self.halfmoves, self.fullmoves)
    }
}

/// The Zobrist key of a placement with a side to move, computed from scratch.
pub fn compute_key(board: &Board, turn: Color) -> u64 {
    board.pieces().fold(zobrist::turn_key(turn), |key, (sq, piece)| key ^ zobrist::piece_key(piece, sq))
}

fn advisor_squares(color: Color) -> Bitboard {
    [Square::D0, Square::F0, Square::E1, Square::D2, Square::F2]
        .into_iter()
        .map(|sq| if color.is_red() { sq } else { sq.flip_rank() })
        .collect()
}

fn elephant_squares(color: Color) -> Bitboard {
    [Square::C0, Square::G0, Square::A2, Square::E2, Square::I2, Square::C4, Square::G4]
        .into_iter()
        .map(|sq| if color.is_red() { sq } else { sq.flip_rank() })
        .collect()
}

fn pawn_squares(color: Color) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for sq in Square::ALL {
        let rank = sq.rank().relative_to(color).index();
        let starting_file = sq.file().index() % 2 == 0;
        if rank >= 5 || (rank >= 3 && starting_file) {
            squares.add(sq);
        }
    }
    squares
}

fn palace(color: Color) -> Bitboard {
    Square::ALL.into_iter().filter(|sq| sq.is_in_palace_of(color)).collect()
}

impl Position {
    /// The start position, Red to move.
    pub fn new() -> Position {
        let board = Board::new();
        let key = compute_key(&board, Color::Red);
        Position { board, turn: Color::Red, halfmoves: 0, fullmoves: NonZeroU32::MIN, key }
    }

    /// Checks a setup and makes it a position.
    ///
    /// Checked, with every problem reported in one [`PositionErrorKinds`] set:
    /// - each side has exactly one king, inside its own palace;
    /// - advisors, elephants and pawns stand only on squares a piece of their side can reach
    ///   (see the flags for the exact squares);
    /// - no side has more pieces of a role than the set holds;
    /// - the kings do not face each other on an open file;
    /// - the side not to move is not in check.
    ///
    /// Not checked: whether the position can arise in a game (for example an impossible double check, or a
    /// placement no sequence of moves reaches), and the move counters (any values are kept).
    ///
    /// # Errors
    /// [`PositionError`] with every problem found.
    ///
    /// ```
    /// use xiangqi::board::{Position, PositionErrorKinds, Setup};
    ///
    /// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse()?;
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.kinds, PositionErrorKinds::FACING_KINGS);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_relaxed(setup, PositionErrorKinds::empty())
    }

    /// Like [`Position::from_setup`], with the placement checks of `relaxed` loosened, for positions that break
    /// the placement rules but still play by the rules of movement (composed problems, some published rule-case
    /// diagrams):
    /// - [`INVALID_PAWN_SQUARE`](PositionErrorKinds::INVALID_PAWN_SQUARE): pawns may stand anywhere;
    /// - [`INVALID_ADVISOR_SQUARE`](PositionErrorKinds::INVALID_ADVISOR_SQUARE): advisors anywhere in their own
    ///   palace;
    /// - [`INVALID_ELEPHANT_SQUARE`](PositionErrorKinds::INVALID_ELEPHANT_SQUARE): elephants anywhere on their own
    ///   side of the river.
    ///
    /// Other kinds in `relaxed` are ignored: kings, piece counts, facing kings and the opposite check are always
    /// checked, because move generation relies on them.
    ///
    /// # Errors
    /// [`PositionError`] with every problem found.
    ///
    /// ```
    /// use xiangqi::board::{Position, PositionErrorKinds, Setup};
    ///
    /// // A black pawn behind its starting rank.
    /// let setup: Setup = "3k5/4p4/9/9/9/9/9/9/9/4K4 w".parse()?;
    /// assert!(Position::from_setup(setup.clone()).is_err());
    /// let pos = Position::from_setup_relaxed(setup, PositionErrorKinds::INVALID_PAWN_SQUARE)?;
    /// assert_eq!(pos.legal_moves().len(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup_relaxed(setup: Setup, relaxed: PositionErrorKinds) -> Result<Position, PositionError> {
        let kinds = Position::problems(&setup.board, setup.turn, relaxed);
        if !kinds.is_empty() {
            return Err(PositionError { kinds });
        }
        let key = compute_key(&setup.board, setup.turn);
        Ok(Position {
            board: setup.board,
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            key,
        })
    }

    /// Reads `setup` as a composed position: a legal position, or one that breaks only the placement rules of
    /// [`PositionErrorKinds::COMPOSED`] (read as [`Position::from_setup_relaxed`] reads it). Returns the position
    /// and the placement rules it breaks (none for a legal position), for a front end to say what is unusual.
    ///
    /// # Errors
    /// [`PositionError`] with the problems that remain when the composed placements are allowed.
    ///
    /// ```
    /// use xiangqi::board::{Position, PositionErrorKinds, Setup};
    ///
    /// // A black pawn behind its starting rank.
    /// let (pos, unusual) = Position::from_setup_composed("3k5/4p4/9/9/9/9/9/9/9/4K4 w".parse()?)?;
    /// assert_eq!(unusual, PositionErrorKinds::INVALID_PAWN_SQUARE);
    /// assert_eq!(unusual.to_string(), "a pawn is on an unreachable square");
    /// assert_eq!(pos.legal_moves().len(), 2);
    /// let (_, unusual) = Position::from_setup_composed(Setup::default())?;
    /// assert!(unusual.is_empty());
    /// let err = Position::from_setup_composed("3k5/4p4/9/9/9/9/9/9/9/9 w".parse()?).unwrap_err();
    /// assert_eq!(err.kinds, PositionErrorKinds::MISSING_KING);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup_composed(setup: Setup) -> Result<(Position, PositionErrorKinds), PositionError> {
        let unusual = Position::problems(&setup.board, setup.turn, PositionErrorKinds::empty());
        let pos = if unusual.is_empty() {
            Position::from_setup(setup)?
        } else {
            Position::from_setup_relaxed(setup, PositionErrorKinds::COMPOSED)?
        };
        // Only the composed placements are relaxed, and they passed: every other check found nothing.
        Ok((pos, unusual))
    }

    fn problems(board: &Board, turn: Color, relaxed: PositionErrorKinds) -> PositionErrorKinds {
        let mut kinds = PositionErrorKinds::empty();
        for color in Color::ALL {
            let ours = board.by_color(color);
            let kings = ours & board.by_role(Role::King);
            match kings.count() {
                0 => kinds |= PositionErrorKinds::MISSING_KING,
                1 => {}
                _ => kinds |= PositionErrorKinds::TOO_MANY_KINGS,
            }
            if (kings - palace(color)).any() {
                kinds |= PositionErrorKinds::KING_OUTSIDE_PALACE;
            }
            let own_side = color.fold(Bitboard::RED_SIDE, Bitboard::BLACK_SIDE);
            let misplaced = [
                (Role::Advisor, advisor_squares(color), palace(color), PositionErrorKinds::INVALID_ADVISOR_SQUARE),
                (Role::Elephant, elephant_squares(color), own_side, PositionErrorKinds::INVALID_ELEPHANT_SQUARE),
                (Role::Pawn, pawn_squares(color), Bitboard::FULL, PositionErrorKinds::INVALID_PAWN_SQUARE),
            ];
            for (role, strict, loose, kind) in misplaced {
                let allowed = if relaxed.contains(kind) { loose } else { strict };
                if ((ours & board.by_role(role)) - allowed).any() {
                    kinds |= kind;
                }
            }
            for role in Role::ALL.into_iter().skip(1) {
                if board.count(Piece::new(color, role)) > role.count_in_set() {
                    kinds |= PositionErrorKinds::TOO_MANY_PIECES;
                }
            }
        }
        if kinds.intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS) {
            return kinds;
        }
        let (Some(red_king), Some(black_king)) = (board.king_of(Color::Red), board.king_of(Color::Black)) else {
            return kinds;
        };
        let occupied = board.occupied();
        if red_king.file() == black_king.file() && (attacks::between(red_king, black_king) & occupied).is_empty() {
            kinds |= PositionErrorKinds::FACING_KINGS;
        }
        let waiting_king = if turn.is_red() { black_king } else { red_king };
        let checkers = board.attackers_to(waiting_king, turn, occupied) - board.by_role(Role::King);
        if checkers.any() {
            kinds |= PositionErrorKinds::OPPOSITE_CHECK;
        }
        kinds
    }

    /// Reads a FEN and checks the position (see [the `fen` module](crate::fen) and [`Position::from_setup`]).
    ///
    /// # Errors
    /// [`FenError::Parse`] if the text is not a FEN, [`FenError::Position`] if the position is illegal.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?)?)
    }

    /// The position as an unchecked [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board.clone(), turn: self.turn, halfmoves: self.halfmoves, fullmoves: self.fullmoves }
    }

    /// The placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture (the FEN half-move clock; only captures reset it).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number (starts at 1, grows after each Black move).
    #[inline]
    pub fn fullmoves(&self) -> NonZeroU32 {
        self.fullmoves
    }

    /// The Zobrist key of placement and side to move (counters ignored); see [the `zobrist` module](crate::zobrist).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_of(&self, color: Color) -> Square {
        // Every position built by this crate has both kings; the fallback is only reachable through
        // `play_unchecked` with an illegal move.
        self.board.king_of(color).unwrap_or(Square::E0)
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The piece a move would capture: whatever stands on its target square.
    #[inline]
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        self.board.piece_at(mv.to)
    }

    /// Whether `mv` captures something.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board.occupied().contains(mv.to)
    }

    /// The pieces of `attacker` that attack `sq` when the occupied squares are `occupied`; see
    /// [`Board::attackers_to`].
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.board.attackers_to(sq, attacker, occupied)
    }

    /// The opponent's pieces that give check to the side to move (including a facing king, which a checked
    /// position never has).
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(king) => self.board.attackers_to(king, self.turn.other(), self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        match self.board.king_of(self.turn) {
            Some(king) => self.board.is_attacked(king, self.turn.other(), self.board.occupied()),
            None => false,
        }
    }

    /// Plays a legal move and returns the new position.
    ///
    /// # Errors
    /// [`IllegalMove`] saying why, if `mv` is not legal here (see [`Position::validate_move`]); `self` is
    /// unchanged either way.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.validate_move(mv)?;
        let mut next = self.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    /// The same placement with the other side to move: a null move (a pass), as engines use it. The move counters
    /// advance as for a quiet move.
    ///
    /// # Errors
    /// [`NullMoveError`] if the side to move is in check: passing would leave the other side able to capture the
    /// king, which is not a legal position.
    ///
    /// ```
    /// use xiangqi::board::{Color, Position};
    ///
    /// let passed = Position::new().swap_turn()?;
    /// assert_eq!(passed.turn(), Color::Black);
    /// assert_eq!(passed.legal_moves().len(), 44);
    /// let checked = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KR4 b - - 0 1")?;
    /// assert!(checked.swap_turn().is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn swap_turn(&self) -> Result<Position, NullMoveError> {
        if self.is_check() {
            return Err(NullMoveError { turn: self.turn });
        }
        let mut next = self.clone();
        next.swap_turn_unchecked();
        Ok(next)
    }

    /// [`Position::swap_turn`] in place, without the test: for a caller that knows the side to move is not in
    /// check. In check the result is not a legal position (the side to move could take the king), but never
    /// undefined behaviour and never a panic, as with [`Position::play_unchecked`].
    pub fn swap_turn_unchecked(&mut self) {
        self.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.key ^= zobrist::side_key();
    }

    /// Plays a move without checking it, in place.
    ///
    /// For a legal move this is the same as [`Position::play`], only faster. For an illegal move the result is
    /// wrong (it may even lose a king), but never undefined behaviour and never a panic; a move from an empty
    /// square only passes the turn.
    pub fn play_unchecked(&mut self, mv: Move) {
        let mut key = self.key ^ zobrist::side_key();
        if let Some(piece) = self.board.piece_at(mv.from) {
            self.board.take(mv.from, piece);
            let captured = self.board.piece_at(mv.to);
            if let Some(captured) = captured {
                self.board.take(mv.to, captured);
                key ^= zobrist::piece_key(captured, mv.to);
            }
            self.board.put(mv.to, piece);
            key ^= zobrist::piece_key(piece, mv.from) ^ zobrist::piece_key(piece, mv.to);
            self.halfmoves = if captured.is_some() { 0 } else { self.halfmoves.saturating_add(1) };
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.key = key;
    }

    /// The end of the game on the board, if the side to move has no legal move: checkmate when in check,
    /// stalemate (困毙) otherwise. Both lose for the side to move. Repetition and move-limit rulings are the
    /// adjudicator's business.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_moves() {
            None
        } else if self.is_check() {
            Some(Outcome::Checkmate { winner: self.turn.other() })
        } else {
            Some(Outcome::Stalemate { winner: self.turn.other() })
        }
    }

    /// Whether the side to move is checkmated (将死): in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated (困毙): not in check, with no legal move. It loses.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The same position mirrored left to right (file `a` ↔ `i`); counters are kept.
    pub fn flip_files(&self) -> Position {
        let board = self.board.flip_files();
        let key = compute_key(&board, self.turn);
        Position { board, key, ..self.clone() }
    }

    /// The same position with the sides' names exchanged: the board turned half around, colours swapped, the
    /// other side to move; counters are kept. Every game fact holds with the colours exchanged.
    pub fn swap_colors(&self) -> Position {
        let board = self.board.swap_colors();
        let turn = self.turn.other();
        let key = compute_key(&board, turn);
        Position { board, turn, key, ..self.clone() }
    }

    /// The material of each side as piece counts by role, in [`Role::ALL`] order.
    pub fn material(&self) -> ByColor<[u8; 7]> {
        ByColor::new_with(|color| Role::ALL.map(|role| self.board.count(Piece::new(color, role)) as u8))
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;

    /// Reads a FEN and checks the position; the same as [`Position::from_fen`].
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
