//! A whole game for the page: every position, every move in three notations with its classification, and the
//! rulings of the four books.

use serde::Serialize;
use xiangqi::board::{Outcome, Position};
use xiangqi::notation::{format::write_move, MoveFormat, WriteOptions};

use crate::input::{self, InputError, Start};
use crate::ruling::{self, BookRuling, Classification};

/// How a position stands: whose turn, check, and the game's end on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// The FEN.
    pub fen: String,
    /// The side to move: `red` or `black`.
    pub turn: &'static str,
    /// Whether the side to move is in check.
    pub check: bool,
    /// `checkmate` (将死), `stalemate` (困毙) or `None` while the side to move has a legal move.
    pub outcome: Option<&'static str>,
    /// The winner of a checkmate or stalemate: `red` or `black`.
    pub winner: Option<&'static str>,
}

impl Status {
    /// The status of `pos`.
    pub fn of(pos: &Position) -> Status {
        let outcome = pos.outcome();
        Status {
            fen: pos.to_string(),
            turn: pos.turn().name(),
            check: pos.is_check(),
            outcome: outcome.map(|o| match o {
                Outcome::Checkmate { .. } => "checkmate",
                Outcome::Stalemate { .. } => "stalemate",
            }),
            winner: outcome.map(|o| o.winner().name()),
        }
    }
}

/// One move of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ply {
    /// The 1-based ply.
    pub ply: usize,
    /// The move in UCCI coordinates (`h2e2`).
    pub uci: String,
    /// The move in Chinese notation (`炮二平五`).
    pub chinese: String,
    /// The move in WXF notation (`C2.5`).
    pub wxf: String,
    /// The side that made it.
    pub mover: &'static str,
    /// What the move does.
    pub class: Classification,
    /// The position after the move.
    pub after: Status,
}

/// A game analysed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// The start position (for a setup with facing kings, the FEN as given).
    pub start: Status,
    /// The moves.
    pub plies: Vec<Ply>,
    /// Each book's ruling, AXF 2008 first.
    pub books: Vec<BookRuling>,
}

/// Writes `mv` (legal in `pos`) in `format` with the default options.
pub(crate) fn write(format: MoveFormat, pos: &Position, mv: xiangqi::board::Move) -> String {
    write_move(format, pos, mv, &WriteOptions::default()).unwrap_or_else(|_| mv.to_string())
}

/// Reads a FEN (empty: the start position) and a move list in any notation (see [`input::split_moves`]), and
/// analyses the game. A setup whose kings face each other is ruled as it stands; its moves are not read.
///
/// # Errors
/// [`InputError::Fen`] for a bad FEN, [`InputError::Move`] for the first move that is not legal.
pub fn analyze(fen: &str, moves: &str) -> Result<Analysis, InputError> {
    let start = match input::start(fen)? {
        Start::Position(pos) => pos,
        Start::FacingKings(setup) => {
            let books = ruling::facing_kings(&setup).unwrap_or_default();
            let start = Status {
                fen: fen.trim().to_owned(),
                turn: setup.turn.name(),
                check: false,
                outcome: None,
                winner: None,
            };
            return Ok(Analysis { start, plies: Vec::new(), books });
        }
    };
    let moves = input::moves(&start, moves)?;
    let judgement = ruling::judge(&start, &moves).map_err(|e| InputError::Name(e.to_string()))?;
    let mut pos = start.clone();
    let mut plies = Vec::with_capacity(moves.len());
    for ((index, &mv), class) in moves.iter().enumerate().zip(judgement.moves) {
        let (chinese, wxf) = (write(MoveFormat::Chinese, &pos, mv), write(MoveFormat::Wxf, &pos, mv));
        let mover = pos.turn().name();
        pos.play_unchecked(mv);
        plies.push(Ply { ply: index + 1, uci: mv.to_string(), chinese, wxf, mover, class, after: Status::of(&pos) });
    }
    Ok(Analysis { start: Status::of(&start), plies, books: judgement.books })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A red rook chases an unprotected black cannon back and forth (AXF 2008 棋例 §13), the moves in three
    /// notations.
    #[test]
    fn rules_a_perpetual_chase() {
        let analysis = analyze(
            "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1",
            "车八进七 a7a8 R8+1 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7",
        )
        .unwrap();
        assert_eq!(analysis.plies.len(), 9);
        assert_eq!(analysis.plies[0].uci, "b0b7");
        assert_eq!(analysis.plies[0].chinese, "车八进七");
        assert_eq!(analysis.plies[0].class.kinds, ["chase"]);
        assert_eq!(analysis.plies[1].class.kinds, ["idle"]);
        assert_eq!(analysis.plies[0].class.chases[0].target, "a7");
        let axf = &analysis.books[0];
        assert_eq!(axf.id, "axf");
        // The arbiter's procedure: at the third occurrence Red is warned (one more cycle and Red loses).
        assert_eq!(axf.word, "red_must_change");
        assert_eq!(axf.ply, Some(9));
        assert!(!axf.is_final);
        assert!(axf.verdict.starts_with("red_must_change AXF 2008 棋例 §13"), "{}", axf.verdict);
        let ids: Vec<&str> = analysis.books.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, ["axf", "roc", "prc1956", "cxa"]);
    }

    /// A check alternating with a mate threat: allowed by AXF 2008 and ROC 2007, forbidden by PRC 1956 and CXA.
    #[test]
    fn the_books_differ() {
        let cycle = "d4e4 e9f9 e4d4 f9e9";
        let analysis = analyze("4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1", &format!("{cycle} {cycle}")).unwrap();
        let words: Vec<&str> = analysis.books.iter().map(|b| b.word).collect();
        assert_eq!(words, ["draw_next_cycle", "draw_next_cycle", "red_must_change", "red_must_change"]);
        assert!(analysis.books[2].verdict.starts_with("red_must_change PRC 1956 一将一要杀"));
        assert_eq!(analysis.plies[0].class.kinds, ["check"]);
        assert_eq!(analysis.plies[2].class.kinds, ["mate_threat"]);
    }

    #[test]
    fn no_ruling_is_continue() {
        let analysis = analyze("", "h2e2 h9g7").unwrap();
        assert!(analysis.books.iter().all(|b| b.word == "continue" && b.verdict == "continue" && b.ply.is_none()));
        assert_eq!(analysis.start.fen, Position::new().to_string());
        assert_eq!(analysis.plies[1].after.turn, "red");
    }

    #[test]
    fn facing_kings_are_ruled_before_any_move() {
        let analysis = analyze("4k4/9/9/9/9/9/9/9/9/4K4 w", "h2e2").unwrap();
        assert!(analysis.plies.is_empty());
        assert_eq!(
            analysis.books[1].verdict,
            "black_loses ROC 2007 棋例之判決 A11 (red to move captures the king and wins)"
        );
        assert_eq!(analysis.books[1].ply, None);
    }

    #[test]
    fn checkmate_is_shown_on_the_position() {
        // The rook on a8 holds rank 8; the other one mates on rank 9.
        let analysis = analyze("3k5/R8/9/9/9/9/9/9/9/1R2K4 w", "b0b9").unwrap();
        let after = &analysis.plies[0].after;
        assert!(after.check);
        assert_eq!((after.outcome, after.winner), (Some("checkmate"), Some("red")));
        assert_eq!(analysis.start.outcome, None);
    }
}
