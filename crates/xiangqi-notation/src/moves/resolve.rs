//! From a description (piece, which one, direction, number) to the one legal move it names — the meaning stage
//! shared by the Chinese, WXF and AXF readers.
//!
//! The readers translate their syntax into a [`Query`]; [`Query::resolve`] finds the pieces it names, works out
//! where each would go, and keeps the legal moves. Exactly one must remain: none or several is an error that
//! lists what was tried or what fits. Nothing is guessed.

use alloc::{string::String, vec::Vec};

use xiangqi_board::{Bitboard, Color, File, Move, Piece, Position, Role};

use crate::{
    moves::motion::{Direction, Motion},
    moves::tandem::{self, FileCounts, SquareList, Which},
    MoveTextError, Refusal, TriedPiece,
};

/// Which pieces of a role a description names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The pieces on a file (numbered 1–9 from the mover's right). With `middle_of_odd`, a file holding three or
    /// five means only its middle piece (WXF rules I and III: the middle pawn "uses ordinary notation").
    File { file: u8, middle_of_odd: bool },
    /// On each file holding two or more, the piece `Which` names (前炮, `R+`, `++`); the board decides between
    /// files.
    Tandem(Which),
    /// On the given file, which must hold two or more, the piece `Which` names (前兵四, 二7, `3+`, `25=`).
    OnFile { file: u8, which: Which },
    /// The piece at this index (from 0) of the xqbase combined list (一兵 … 五兵, XQWizard `Pa` … `Pe`).
    InGroup(usize),
    /// `dd` before `+` or `-`: the official WXF middle pawn of file `d` when two files hold tandem pawns and
    /// file `d` holds three (or, were it possible, five); otherwise Fairy-Stockfish's `d`-th pawn on file `d`.
    MiddleOrIndex(u8),
}

impl Pick {
    /// Adds the squares of the named pieces among `pieces` (all of one colour and role) to `out`.
    fn collect(self, pieces: Bitboard, color: Color, out: &mut SquareList) {
        let file_of = |number: u8| File::from_number(u32::from(number), color);
        let column = |number: u8| file_of(number).map(|file| tandem::column(pieces, file, color));
        match self {
            Pick::File { file, middle_of_odd } => {
                let Some(column) = column(file) else { return };
                match Which::Middle.index(column.len()).filter(|_| middle_of_odd) {
                    Some(middle) => column.get(middle).into_iter().for_each(|sq| out.push(sq)),
                    None => column.as_slice().iter().for_each(|&sq| out.push(sq)),
                }
            }
            Pick::Tandem(which) => {
                for file in tandem::tandem_files(pieces, color) {
                    let column = tandem::column(pieces, file, color);
                    which.index(column.len()).and_then(|i| column.get(i)).into_iter().for_each(|sq| out.push(sq));
                }
            }
            Pick::OnFile { file, which } => {
                let Some(column) = column(file).filter(|column| column.len() >= 2) else { return };
                which.index(column.len()).and_then(|i| column.get(i)).into_iter().for_each(|sq| out.push(sq));
            }
            Pick::InGroup(mut index) => {
                let counts = FileCounts::of(pieces);
                for file in counts.tandem_files(color) {
                    let count = counts.on(file);
                    if index < count {
                        tandem::column(pieces, file, color).get(index).into_iter().for_each(|sq| out.push(sq));
                        return;
                    }
                    index -= count;
                }
            }
            Pick::MiddleOrIndex(file) => {
                let Some(on_file) = column(file) else { return };
                let has_middle = Which::Middle.index(on_file.len()).is_some();
                let official = has_middle && tandem::tandem_files(pieces, color).count() >= 2;
                let pick = if official {
                    Pick::File { file, middle_of_odd: true }
                } else {
                    Pick::OnFile { file, which: Which::Nth(file) }
                };
                pick.collect(pieces, color, out);
            }
        }
    }
}

/// A description of a move, as a reader understood it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Query {
    /// The piece's role; `None` for the 东萍 forms that leave the piece out (前四平五).
    pub(crate) role: Option<Role>,
    /// Which of the side to move's pieces of that role.
    pub(crate) pick: Pick,
    /// The direction; `None` for the AXF shorthand (炮2 5, `C25`), where the number may be the destination file
    /// or the steps, whichever the board allows.
    pub(crate) direction: Option<Direction>,
    /// Steps or destination file, 1–9.
    pub(crate) number: u8,
}

/// A few moves on the stack: the candidates of one query (a move beyond the 32nd is dropped; a query names at
/// most ten pieces, each with at most three moves of one number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Moves {
    moves: [Move; 32],
    len: usize,
}

impl Moves {
    const fn new() -> Moves {
        Moves { moves: [Move::new(xiangqi_board::Square::A0, xiangqi_board::Square::A0); 32], len: 0 }
    }

    fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// Why a query named no single move (the reader adds the text to make a [`MoveTextError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    NoSuchPiece,
    /// Every piece named, and why it cannot make the move.
    NoLegalMove(Vec<TriedPiece>),
    Ambiguous(Moves),
}

impl Failure {
    /// The error for the move text `text`.
    pub(crate) fn into_error(self, text: String) -> MoveTextError {
        match self {
            Failure::NoSuchPiece => MoveTextError::NoSuchPiece { text },
            Failure::NoLegalMove(tried) => MoveTextError::NoLegalMove { text, tried },
            Failure::Ambiguous(candidates) => {
                MoveTextError::Ambiguous { text, candidates: candidates.as_slice().to_vec() }
            }
        }
    }
}

/// The roles a 东萍 text without a piece may mean: any that can stand two on a file.
const ANY_ROLE: [Role; 6] = [Role::Rook, Role::Horse, Role::Cannon, Role::Pawn, Role::Advisor, Role::Elephant];

/// The directions a query stands for: its own, or all three for the AXF shorthand.
const ALL_DIRECTIONS: [Direction; 3] = [Direction::Forward, Direction::Backward, Direction::Sideways];

impl Query {
    /// The one legal move of `pos` this query names.
    pub(crate) fn resolve(&self, pos: &Position) -> Result<Move, Failure> {
        let color = pos.turn();
        let board = pos.board();
        let squares = self.pieces(pos);
        if squares.len() == 0 {
            return Err(Failure::NoSuchPiece);
        }
        let mut fits = Moves::new();
        for &from in squares.as_slice() {
            let Some(role) = board.role_at(from) else { continue };
            match self.direction {
                Some(direction) => {
                    let motion = Motion { direction, number: self.number };
                    if let Some(to) = motion.target(role, color, from) {
                        let mv = Move::new(from, to);
                        if pos.is_legal(mv) {
                            fits.push(mv);
                        }
                    }
                }
                None => {
                    for &mv in pos.legal_moves_filtered(Bitboard::from_square(from), Bitboard::FULL).iter() {
                        if Motion::of(role, color, mv).number == self.number {
                            fits.push(mv);
                        }
                    }
                }
            }
        }
        match fits.as_slice() {
            &[mv] => Ok(mv),
            [] => Err(Failure::NoLegalMove(self.tried(pos, &squares))),
            _ => Err(Failure::Ambiguous(fits)),
        }
    }

    /// The squares of the pieces of the side to move that the query names.
    fn pieces(&self, pos: &Position) -> SquareList {
        let color = pos.turn();
        let mut squares = SquareList::new();
        let roles = self.role.as_ref().map_or(&ANY_ROLE[..], core::slice::from_ref);
        for &role in roles {
            self.pick.collect(pos.board().by_piece(Piece::new(color, role)), color, &mut squares);
        }
        squares
    }

    /// Why none of the pieces on `squares` can make the move (only asked when none can): for each, the board's
    /// reason for every square the description gives it, or [`Refusal::NoSquare`] when it gives none.
    fn tried(&self, pos: &Position, squares: &SquareList) -> Vec<TriedPiece> {
        let color = pos.turn();
        let directions = self.direction.as_ref().map_or(&ALL_DIRECTIONS[..], core::slice::from_ref);
        let mut tried = Vec::new();
        for &from in squares.as_slice() {
            let Some(piece) = pos.piece_at(from) else { continue };
            let before = tried.len();
            for &direction in directions {
                let motion = Motion { direction, number: self.number };
                let Some(to) = motion.target(piece.role, color, from) else { continue };
                if let Err(illegal) = pos.validate_move(Move::new(from, to)) {
                    tried.push(TriedPiece { piece, from, refusal: Refusal::Illegal { to, reason: illegal.reason } });
                }
            }
            if tried.len() == before {
                tried.push(TriedPiece { piece, from, refusal: Refusal::NoSquare });
            }
        }
        tried
    }
}
