//! Check without playing the move: [`Position::gives_check`] and [`Position::checking_moves`].
//!
//! Both rest on one fact ([`attacks::near`]): which pieces attack a king depends only on the occupancy of the
//! king's rank and file and of its diagonal neighbours. In a position built by this crate the side to move gives
//! no check (the other side would be in check on its own move), so a move that leaves and reaches squares away
//! from those can check only by the moved piece's own attack from its new square (a direct check); a move from
//! such a square may also uncover an attack of another piece (a discovered check), as in Pikafish's
//! `gives_check`.

use crate::{
    attacks::{self, move_targets, near},
    Bitboard, Move, MoveList, Piece, Position, Role, Square,
};

impl Position {
    /// Whether `mv`, a move of a piece of the side to move, gives check to the opponent: by the moved piece's own
    /// attack from its new square (a direct check) or by an attack it uncovers (a discovered check). The move is
    /// not played. The answer is the same as playing the move and asking [`Position::is_check`], for every move
    /// of a piece of the side to move that it can make by its movement rules; `false` when the origin holds no
    /// piece of the side to move.
    ///
    /// ```
    /// use xiangqi::board::Position;
    ///
    /// // The red cannon on e0 has two screens before the black king: the horse on e1 and the pawn on e5.
    /// let pos = Position::from_fen("4k4/9/9/9/4P4/9/9/9/4N4/4CK3 w - - 0 1")?;
    /// assert!(pos.gives_check("e1d3".parse()?)); // discovered: the pawn is the only screen left
    /// assert!(!pos.gives_check("e5e6".parse()?));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let board = &self.board;
        let us = self.turn;
        let Some(piece) = board.piece_at(mv.from).filter(|piece| piece.color == us) else { return false };
        let Some(king) = board.king_of(us.other()) else { return false };
        let after = board.occupied().without(mv.from).with(mv.to);
        let direct = attacks::attacks(piece, mv.to, after).contains(king)
            || (piece.role == Role::King && attacks::king_file_attacks(mv.to, after).contains(king));
        if direct {
            return true;
        }
        let near = near(king);
        // The board still lists the moved piece on `mv.from`, outside `after`, and a captured piece on `mv.to` is
        // the opponent's: neither counts as an attacker.
        (near.contains(mv.from) || near.contains(mv.to)) && board.is_attacked(king, us, after)
    }

    /// The legal moves of the side to move that give check, without generating the others.
    ///
    /// Only candidate moves are looked at: a piece leaving a square on a line of the enemy king or diagonally
    /// next to it (uncovering a slider, a cannon screen or a horse leg), or arriving on a square from which it
    /// attacks the king or which screens an own cannon; only the checking candidates are tested for legality.
    /// They come role by role, not in square order.
    ///
    /// ```
    /// use xiangqi::board::Position;
    ///
    /// assert!(Position::new().checking_moves().is_empty());
    /// // The red rook checks from e0 or f9; the king may not step to e0 (it would face the black king).
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1")?;
    /// let mut checks: Vec<String> = pos.checking_moves().iter().map(|mv| mv.to_string()).collect();
    /// checks.sort();
    /// assert_eq!(checks, ["f0e0", "f0f9"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn checking_moves(&self) -> MoveList {
        let mut checks = MoveList::new();
        self.checking_candidates(&mut checks);
        if self.board.king_of(self.turn).is_some() {
            checks.retain(|&mv| self.leaves_king_safe(mv));
        }
        checks
    }

    /// Adds to `checks` the pseudo-legal moves of the side to move that give check, their legality not tested
    /// (without an own king, which only an illegal `play_unchecked` leaves, they are legal). Like
    /// [`Position::gives_check`], it relies on the side to move giving no check now.
    ///
    /// A piece away from the enemy king's lines and diagonal neighbours changes nothing about the other pieces'
    /// attacks on the king unless it arrives near it: it checks exactly when it arrives on a square from which it
    /// attacks the king or between the king and an own cannon with nothing between (the cannon's new screen) —
    /// one mask per role. A piece near the king checks when its own attack from the new square or the attacks it
    /// uncovers reach the king.
    fn checking_candidates(&self, checks: &mut MoveList) {
        let board = &self.board;
        let us = self.turn;
        let Some(king) = board.king_of(us.other()) else { return };
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let lines = attacks::lines(king);
        let near = near(king);
        // Candidate arrivals of a piece away from the king; taking the king is never a check.
        let open = lines - ours - Bitboard::from_square(king);
        let horse_open = (lines | attacks::horse_reach(king)) - ours - Bitboard::from_square(king);
        // The side to move gives no check now (in a position built by this crate's checked ways in): so a piece
        // away from the king changes nothing about the other pieces' attacks on it.
        {
            // The squares from which each role attacks the king, with the empty squares that would screen a cannon.
            let (rook_reach, _) = attacks::slider_attacks(king, occupied);
            let first = rook_reach & occupied;
            let mut screens = Bitboard::EMPTY;
            for cannon in first & board.by_piece(Piece::new(us, Role::Cannon)) {
                screens |= attacks::between(king, cannon);
            }
            let far = ours - near;
            let cannon_arrivals = attacks::rook_attacks(king, occupied - first) - rook_reach;
            let mut arrive = |role: Role, arrivals: Bitboard, reach: &dyn Fn(Square) -> Bitboard| {
                let allowed = if role == Role::Horse { horse_open } else { open };
                let arrivals = (arrivals | screens) & allowed;
                if arrivals.is_empty() {
                    return;
                }
                let piece = Piece::new(us, role);
                for from in far & board.by_piece(piece) {
                    // Where the piece could go on an empty board: most pieces are done with this lookup.
                    if (reach(from) & arrivals).is_empty() {
                        continue;
                    }
                    for to in move_targets(piece, from, occupied) & arrivals {
                        checks.push(Move::new(from, to));
                    }
                }
            };
            arrive(Role::Rook, rook_reach, &attacks::lines);
            // A cannon checks with one piece between: beyond the first blocker, up to the second.
            arrive(Role::Cannon, cannon_arrivals, &attacks::lines);
            arrive(Role::Horse, attacks::horse_sources(king, occupied), &attacks::horse_reach);
            arrive(Role::Pawn, attacks::pawn_sources(us, king), &|sq| attacks::pawn_attacks(us, sq));
            arrive(Role::King, attacks::king_attacks(king), &attacks::king_attacks);
            // Advisor and elephant steps are diagonal, never on the king's lines: only a screen is left for them.
            arrive(Role::Advisor, Bitboard::EMPTY, &attacks::advisor_attacks);
            arrive(Role::Elephant, Bitboard::EMPTY, &|sq| attacks::elephant_attacks(sq, Bitboard::EMPTY));
        }
        for from in ours & near {
            let Some(piece) = board.piece_at(from) else { continue };
            let targets = move_targets(piece, from, occupied) - ours - Bitboard::from_square(king);
            if targets.is_empty() {
                continue;
            }
            let vacated = occupied.without(from);
            // Whether the king is attacked once `from` is empty, for arrivals that change nothing near the king.
            let uncovered = (targets - near).any() && board.is_attacked(king, us, vacated);
            for to in targets {
                let mv = Move::new(from, to);
                let check = if near.contains(to) {
                    let after = vacated.with(to);
                    attacks::attacks(piece, to, after).contains(king) || board.is_attacked(king, us, after)
                } else {
                    uncovered || attacks::attacks(piece, to, vacated.with(to)).contains(king)
                };
                if check {
                    checks.push(mv);
                }
            }
        }
    }
}
