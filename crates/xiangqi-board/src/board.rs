//! [`Board`]: where the pieces stand, and nothing else.

use core::fmt;

use crate::{attacks, Bitboard, ByColor, Color, File, Piece, Rank, Role, Square};

/// Piece placement: a square-indexed array plus one bitboard per role and per colour, kept in step.
///
/// A `Board` may hold any placement, legal or not; [`Position`](crate::Position) adds the rules.
///
/// `Display` draws a text diagram with rank 9 at the top. The plain form uses FEN letters; the alternate form
/// (`{:#}`) uses Chinese characters (Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒) and full-width spacing:
///
/// ```
/// use xiangqi::board::Board;
///
/// let board = Board::new();
/// let diagram = board.to_string();
/// assert!(diagram.starts_with("9 r n b a k a b n r\n"));
/// assert!(diagram.ends_with("  a b c d e f g h i\n"));
/// assert!(format!("{board:#}").contains("車馬象士將士象馬車"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// 0 for an empty square, else `Piece::index() + 1`.
    squares: [u8; 90],
    by_role: [Bitboard; 7],
    by_color: [Bitboard; 2],
}

const CODE_TO_PIECE: [Option<Piece>; 15] = {
    let mut table = [None; 15];
    let mut i = 0;
    while i < 14 {
        table[i + 1] = Piece::from_index(i);
        i += 1;
    }
    table
};

impl Default for Board {
    /// The start position.
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The start position.
    pub fn new() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
        ];
        for (file, role) in File::ALL.into_iter().zip(back) {
            board.set_piece_at(Square::from_coords(file, Rank::Zero), Piece::new(Color::Red, role));
            board.set_piece_at(Square::from_coords(file, Rank::Nine), Piece::new(Color::Black, role));
        }
        for file in [File::B, File::H] {
            board.set_piece_at(Square::from_coords(file, Rank::Two), Piece::new(Color::Red, Role::Cannon));
            board.set_piece_at(Square::from_coords(file, Rank::Seven), Piece::new(Color::Black, Role::Cannon));
        }
        for file in [File::A, File::C, File::E, File::G, File::I] {
            board.set_piece_at(Square::from_coords(file, Rank::Three), Piece::new(Color::Red, Role::Pawn));
            board.set_piece_at(Square::from_coords(file, Rank::Six), Piece::new(Color::Black, Role::Pawn));
        }
        board
    }

    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board { squares: [0; 90], by_role: [Bitboard::EMPTY; 7], by_color: [Bitboard::EMPTY; 2] }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        CODE_TO_PIECE[self.squares[sq.index()] as usize]
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|piece| piece.role)
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        self.piece_at(sq).map(|piece| piece.color)
    }

    /// Puts `piece` on `sq`, replacing whatever stood there; returns the replaced piece.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove_piece_at(sq);
        self.put(sq, piece);
        old
    }

    /// Empties `sq`; returns the piece that stood there.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece);
        Some(piece)
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.squares[sq.index()] = piece.index() as u8 + 1;
        self.by_role[piece.role.index()].toggle(sq);
        self.by_color[piece.color.index()].toggle(sq);
    }

    /// Removes `piece`, which stands on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square, piece: Piece) {
        self.squares[sq.index()] = 0;
        self.by_role[piece.role.index()].toggle(sq);
        self.by_color[piece.color.index()].toggle(sq);
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// The square of `color`'s king, if it has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role(Role::King) & self.by_color(color)).single_square()
    }

    /// The pieces of each colour, as bitboards.
    pub fn by_colors(&self) -> ByColor<Bitboard> {
        ByColor::new_with(|color| self.by_color(color))
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().into_iter().filter_map(move |sq| self.piece_at(sq).map(|piece| (sq, piece)))
    }

    /// The number of pieces of `piece` on the board.
    pub fn count(&self, piece: Piece) -> u32 {
        self.by_piece(piece).count()
    }

    /// The pieces of `attacker` that attack `sq` when the occupied squares are `occupied`.
    ///
    /// Only pieces still in `occupied` count, so removing a square from `occupied` both opens lines through it and
    /// removes the piece standing there as an attacker. Every role counts with its capture rule: the king by its
    /// palace steps and, on a file, by the flying-general rule when `sq` holds the other king; the cannon by
    /// jumping a screen; the horse and elephant only with a free leg or eye; the pawn by its forward and (after the
    /// river) sideways steps.
    ///
    /// ```
    /// use xiangqi::board::{Bitboard, Board, Color, Square};
    ///
    /// let board = Board::new();
    /// // Black's cannon on h7 hits h0 over the red cannon on h2.
    /// let attackers = board.attackers_to(Square::H0, Color::Black, board.occupied());
    /// assert_eq!(attackers, Bitboard::from_square(Square::H7));
    /// ```
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker) & occupied;
        let (rook_lines, cannon_lines) = attacks::slider_attacks(sq, occupied);
        let mut found = rook_lines & self.by_role(Role::Rook)
            | cannon_lines & self.by_role(Role::Cannon)
            | attacks::horse_sources(sq, occupied) & self.by_role(Role::Horse)
            | attacks::pawn_sources(attacker, sq) & self.by_role(Role::Pawn)
            | attacks::advisor_attacks(sq) & self.by_role(Role::Advisor)
            | attacks::king_attacks(sq) & self.by_role(Role::King)
            | attacks::elephant_attacks(sq, occupied) & self.by_role(Role::Elephant);
        if self.piece_at(sq) == Some(Piece::new(attacker.other(), Role::King)) {
            found |= attacks::king_file_attacks(sq, occupied) & self.by_role(Role::King);
        }
        found & them
    }

    /// Whether a piece of `attacker` attacks `sq` under `occupied`: the same as
    /// `self.attackers_to(sq, attacker, occupied).any()`, but it stops at the first attacker found and looks a
    /// role up only when a piece of it stands where it could attack `sq` on an empty board.
    ///
    /// ```
    /// use xiangqi::board::{Board, Color, Square};
    ///
    /// let board = Board::new();
    /// assert!(board.is_attacked(Square::H0, Color::Black, board.occupied())); // the cannon on h7
    /// assert!(!board.is_attacked(Square::E4, Color::Black, board.occupied()));
    /// ```
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.is_attacked_ignoring(sq, attacker, occupied, Bitboard::EMPTY)
    }

    /// [`Board::is_attacked`] not counting the pieces on `ignored` as attackers (they still block and screen
    /// while they are in `occupied`): `(self.attackers_to(sq, attacker, occupied) - ignored).any()`. Useful for a
    /// piece about to be captured, which still stands on the board.
    #[inline(always)]
    pub fn is_attacked_ignoring(&self, sq: Square, attacker: Color, occupied: Bitboard, ignored: Bitboard) -> bool {
        let them = (self.by_color(attacker) & occupied) - ignored;
        let steppers = attacks::pawn_sources(attacker, sq) & self.by_role(Role::Pawn)
            | attacks::advisor_attacks(sq) & self.by_role(Role::Advisor)
            | attacks::king_attacks(sq) & self.by_role(Role::King);
        if (steppers & them).any() {
            return true;
        }
        let rooks = self.by_role(Role::Rook) & them;
        let cannons = self.by_role(Role::Cannon) & them;
        let kings = self.by_role(Role::King) & them;
        if ((rooks | cannons | kings) & attacks::lines(sq)).any() {
            let (rook_lines, cannon_lines) = attacks::slider_attacks(sq, occupied);
            if (rook_lines & rooks | cannon_lines & cannons).any() {
                return true;
            }
            if (kings & attacks::lines(sq)).any()
                && self.piece_at(sq) == Some(Piece::new(attacker.other(), Role::King))
                && (attacks::king_file_attacks(sq, occupied) & kings).any()
            {
                return true;
            }
        }
        let horses = self.by_role(Role::Horse) & them;
        if (horses & attacks::horse_reach(sq)).any() && (attacks::horse_sources(sq, occupied) & horses).any() {
            return true;
        }
        let elephants = self.by_role(Role::Elephant) & them;
        (elephants & attacks::elephant_attacks(sq, Bitboard::EMPTY)).any()
            && (attacks::elephant_attacks(sq, occupied) & elephants).any()
    }

    /// Whether the king of `color`, standing on `king` under `occupied`, is attacked by a piece of the other side
    /// outside `ignored` or faces the other king on an open file (whether or not that king is in `ignored`). `king` is the king's square on this board, or
    /// the square a king move takes it to (the board still listing it on its old square, which `occupied`
    /// should not hold): the flying-general rule is then applied on `king`'s file. This is the test of a move's
    /// safety for its own king, asked of a board before the move.
    ///
    /// ```
    /// use xiangqi::board::{Bitboard, Color, Setup, Square};
    ///
    /// let board = "3k5/9/9/9/9/9/9/9/9/4K4 w".parse::<Setup>()?.board;
    /// // The red king may not step to d0 (it would face the black king) but may step to e1.
    /// let occupied = |to| board.occupied().without(Square::E0).with(to);
    /// assert!(board.is_king_attacked(Color::Red, Square::D0, occupied(Square::D0), Bitboard::EMPTY));
    /// assert!(!board.is_king_attacked(Color::Red, Square::E1, occupied(Square::E1), Bitboard::EMPTY));
    /// # Ok::<_, xiangqi::board::ParseFenError>(())
    /// ```
    #[inline]
    pub fn is_king_attacked(&self, color: Color, king: Square, occupied: Bitboard, ignored: Bitboard) -> bool {
        let them = color.other();
        if self.is_attacked_ignoring(king, them, occupied, ignored) {
            return true;
        }
        self.king_of(color) != Some(king)
            && self
                .king_of(them)
                .is_some_and(|their_king| attacks::king_file_attacks(king, occupied).contains(their_king))
    }

    /// The board mirrored left to right (file `a` ↔ `i`).
    pub fn flip_files(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.pieces() {
            board.put(sq.flip_file(), piece);
        }
        board
    }

    /// The board turned half around with the colours exchanged: what Black's pieces did, Red's pieces now do from
    /// the other end. A position and its colour-swapped twin are the same game with the sides' names exchanged.
    pub fn swap_colors(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.pieces() {
            board.put(sq.rotate(), Piece::new(piece.color.other(), piece.role));
        }
        board
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chinese = f.alternate();
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{rank}")?;
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                match (self.piece_at(sq), chinese) {
                    (Some(piece), false) => write!(f, " {}", piece.fen_char())?,
                    (None, false) => f.write_str(" .")?,
                    (Some(piece), true) => write!(f, "{}", piece.chinese_char())?,
                    (None, true) => f.write_str("．")?,
                }
            }
            writeln!(f)?;
            if *rank == Rank::Five {
                f.write_str(if chinese { "  楚　河　　　漢　界\n" } else { "  ~~~~~~~~~~~~~~~~~\n" })?;
            }
        }
        f.write_str(if chinese { " ａｂｃｄｅｆｇｈｉ\n" } else { "  a b c d e f g h i\n" })
    }
}
