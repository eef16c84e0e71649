//! One position: its status and legal moves, a move in any notation in and out, an SVG diagram.

use xiangqi::board::svg;
use xiangqi::notation::{format::ParseMoveFormatError, MoveFormat};

use crate::analysis::{write, Status};
use crate::input::{self, InputError};

/// The legal moves of `fen` in UCCI coordinates (`h2e2`), in generation order.
///
/// # Errors
/// [`InputError::Fen`] for a bad FEN.
pub fn legal_moves(fen: &str) -> Result<Vec<String>, InputError> {
    Ok(input::position(fen)?.legal_moves().iter().map(ToString::to_string).collect())
}

/// The status of `fen`: turn, check, checkmate or stalemate.
///
/// # Errors
/// [`InputError::Fen`] for a bad FEN.
pub fn status(fen: &str) -> Result<Status, InputError> {
    Ok(Status::of(&input::position(fen)?))
}

/// The FEN after `moves` (any notation, see [`input::split_moves`]) from `fen`.
///
/// # Errors
/// [`InputError::Fen`] for a bad FEN, [`InputError::Move`] for the first move that is not legal.
pub fn play(fen: &str, moves: &str) -> Result<String, InputError> {
    let mut pos = input::position(fen)?;
    for mv in input::moves(&pos, moves)? {
        pos.play_unchecked(mv);
    }
    Ok(pos.to_string())
}

/// Writes the move `text` (any notation) of `fen` in `format`: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or
/// `axf`.
///
/// # Errors
/// [`InputError::Fen`], [`InputError::Move`], or [`InputError::Name`] for an unknown format.
pub fn convert_move(fen: &str, text: &str, format: &str) -> Result<String, InputError> {
    let format: MoveFormat = format.parse().map_err(|e: ParseMoveFormatError| InputError::Name(e.to_string()))?;
    let pos = input::position(fen)?;
    let mv = input::parse_move(&pos, text)?;
    Ok(write(format, &pos, mv))
}

/// An SVG diagram of `fen`, with the moves `arrows` (any notation, played in turn from `fen`) drawn as numbered
/// arrows.
///
/// # Errors
/// [`InputError::Fen`], [`InputError::Move`].
pub fn diagram(fen: &str, arrows: &str) -> Result<String, InputError> {
    let pos = input::position(fen)?;
    let mut side = pos.turn();
    let mut drawn = Vec::new();
    for (index, mv) in input::moves(&pos, arrows)?.into_iter().enumerate() {
        drawn.push(svg::Arrow { mv, side, label: u32::try_from(index + 1).ok() });
        side = side.other();
    }
    Ok(svg::render(pos.board(), &drawn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_44_moves() {
        let moves = legal_moves("").unwrap();
        assert_eq!(moves.len(), 44);
        assert!(moves.contains(&"h2e2".to_owned()));
    }

    #[test]
    fn plays_and_converts() {
        assert_eq!(
            play("", "炮二平五 马8进7").unwrap(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        );
        assert_eq!(convert_move("", "h2e2", "chinese").unwrap(), "炮二平五");
        assert_eq!(convert_move("", "炮二平五", "wxf").unwrap(), "C2.5");
        assert!(convert_move("", "h2e2", "klingon").unwrap_err().to_string().contains("klingon"));
    }

    #[test]
    fn diagram_draws_pieces_and_arrows() {
        let picture = diagram("", "h2e2").unwrap();
        assert!(picture.starts_with("<svg"));
        assert!(picture.contains("marker-end=\"url(#head0)\""));
        assert!(diagram("", "h2e3").is_err());
    }
}
