//! Reading what a user types: a FEN (or none, for the start position) and moves in any notation.

use xiangqi::board::{FenError, Move, Position, Setup};
use xiangqi::notation::{format::parse_any, MoveTextError};

/// Bad input, with what and where (plies are 1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The FEN is not a FEN, or not a legal position.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// A move is not a legal move in any notation.
    #[error("move {ply} ({text}): {error}")]
    Move {
        /// The 1-based ply of the move.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it is not read.
        error: MoveTextError,
    },
    /// A name that is not one of the accepted ones (a notation, a rule set, a preset).
    #[error("{0}")]
    Name(String),
    /// A game record that cannot be read.
    #[error("{0}")]
    Record(#[from] xiangqi::notation::RecordError),
    /// An event (tournament JSON) that cannot be read.
    #[error("event: {0}")]
    Event(String),
}

/// Where a game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// A legal position.
    Position(Position),
    /// A setup whose kings face each other: the rule books rule on it before any move.
    FacingKings(Setup),
}

/// Reads a FEN; an empty text (or only white space) is the start position.
///
/// # Errors
/// [`InputError::Fen`] if it is not a FEN or not a legal position (a setup with facing kings is
/// [`Start::FacingKings`], not an error).
pub fn start(fen: &str) -> Result<Start, InputError> {
    let fen = fen.trim();
    if fen.is_empty() {
        return Ok(Start::Position(Position::new()));
    }
    let setup = Setup::from_fen(fen).map_err(FenError::from)?;
    if crate::ruling::facing_kings(&setup).is_some() {
        return Ok(Start::FacingKings(setup));
    }
    Ok(Start::Position(Position::from_setup(setup).map_err(FenError::from)?))
}

/// Reads a FEN that must be a legal position (an empty text is the start position).
///
/// # Errors
/// [`InputError::Fen`] if it is not a FEN or not a legal position.
pub fn position(fen: &str) -> Result<Position, InputError> {
    let fen = fen.trim();
    if fen.is_empty() {
        return Ok(Position::new());
    }
    Ok(Position::from_fen(fen)?)
}

/// Splits a move list: at commas if there is one (so that `炮2 5, 马8进7` keeps the AXF shorthand whole), else at
/// white space. Empty pieces are dropped.
pub fn split_moves(text: &str) -> Vec<&str> {
    let pieces: Vec<&str> = if text.contains([',', '，']) {
        text.split([',', '，']).map(str::trim).collect()
    } else {
        text.split_whitespace().collect()
    };
    pieces.into_iter().filter(|piece| !piece.is_empty()).collect()
}

/// Reads one move of any notation (ICCS/UCCI, Chinese, WXF, AXF) in `pos`.
///
/// # Errors
/// [`InputError::Move`] (as ply 1) if it names no legal move.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, InputError> {
    parse_any(text, pos).map_err(|error| InputError::Move { ply: 1, text: text.trim().to_owned(), error })
}

/// Reads a move list (see [`split_moves`]) of any notation, each move in the position the ones before it reach.
///
/// # Errors
/// [`InputError::Move`] naming the first move that is not legal, by its 1-based ply.
pub fn moves(start: &Position, text: &str) -> Result<Vec<Move>, InputError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (index, piece) in split_moves(text).into_iter().enumerate() {
        let mv = parse_any(piece, &pos).map_err(|error| InputError::Move {
            ply: index + 1,
            text: piece.to_owned(),
            error,
        })?;
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_commas_first() {
        assert_eq!(split_moves(" h2e2  h9g7\nb0c2 "), ["h2e2", "h9g7", "b0c2"]);
        assert_eq!(split_moves("炮2 5, 马8进7,,h0g2"), ["炮2 5", "马8进7", "h0g2"]);
        assert!(split_moves(" , ").is_empty());
    }

    #[test]
    fn reads_mixed_notations() {
        let moves = moves(&Position::new(), "炮二平五 h9g7 N2+3").unwrap();
        let coords: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(coords, ["h2e2", "h9g7", "h0g2"]);
    }

    #[test]
    fn names_the_bad_move_by_ply() {
        let error = moves(&Position::new(), "h2e2 h9g7 h2e2").unwrap_err();
        assert!(matches!(&error, InputError::Move { ply: 3, text, .. } if text == "h2e2"), "{error:?}");
        assert!(error.to_string().starts_with("move 3 (h2e2): "), "{error}");
    }

    #[test]
    fn bad_fen_is_an_error_and_facing_kings_is_not() {
        assert!(start("").is_ok_and(|s| matches!(s, Start::Position(p) if p == Position::new())));
        let error = start("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w").unwrap_err();
        assert!(error.to_string().starts_with("bad FEN: "), "{error}");
        assert!(matches!(start("4k4/9/9/9/9/9/9/9/9/4K4 w"), Ok(Start::FacingKings(_))));
    }
}
