//! One position: reading a FEN, its legal moves, a line played on it, a move in any notation written in another,
//! an SVG diagram, and the rulings on a setup whose kings face each other.

use serde::Serialize;
use xiangqi::adjudicator::{Procedure, RuleBook, RulingReport, VerdictLabel};
use xiangqi::board::{FenError, Position, Setup};
use xiangqi::notation::{format::write_move, parse_line, split_move_texts, MoveFormat, Notation, WriteOptions};

use crate::diagram::{self, DiagramOptions};
use crate::failure::Failure;

/// Reads a FEN; an empty text (or only white space) is the start position.
///
/// # Errors
/// [`Failure::Fen`] if it is no FEN or not a legal position.
pub fn read(fen: &str) -> Result<Position, Failure> {
    let fen = fen.trim();
    if fen.is_empty() {
        return Ok(Position::new());
    }
    Ok(Position::from_fen(fen)?)
}

/// The legal moves of `fen` in UCCI coordinates (`h2e2`), in generation order.
///
/// # Errors
/// [`Failure::Fen`] for a bad FEN.
pub fn legal_moves(fen: &str) -> Result<Vec<String>, Failure> {
    Ok(read(fen)?.legal_moves().iter().map(ToString::to_string).collect())
}

/// The FEN after the line `moves` (any notation, see [`split_move_texts`]) from `fen`.
///
/// # Errors
/// [`Failure::Fen`] for a bad FEN, [`Failure::Line`] for the first move that cannot be played.
pub fn play(fen: &str, moves: &str) -> Result<String, Failure> {
    let line = parse_line(&read(fen)?, split_move_texts(moves), Notation::Any)?;
    Ok(line.end_position().to_string())
}

/// Writes the move `text` (any notation) of `fen` in `format`: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or
/// `axf`.
///
/// # Errors
/// [`Failure::Fen`], [`Failure::Line`] (as ply 1), or [`Failure::Value`] for an unknown format.
pub fn convert_move(fen: &str, text: &str, format: &str) -> Result<String, Failure> {
    let format: MoveFormat = format.parse().map_err(Failure::value)?;
    let line = parse_line(&read(fen)?, [text], Notation::Any)?;
    let (pos, mv) = line.steps().next().ok_or_else(|| Failure::Value(format!("no move in `{text}`")))?;
    write_move(format, pos, mv, &WriteOptions::default()).map_err(Failure::value)
}

/// An SVG diagram of `fen` with the moves `arrows` (any notation, played in turn from `fen`) drawn as numbered
/// arrows, under `options`. A setup whose kings face each other is drawn too (without arrows).
///
/// # Errors
/// [`Failure::Fen`], [`Failure::Line`], [`Failure::Value`] for bad options.
pub fn diagram(fen: &str, arrows: &str, options: &DiagramOptions) -> Result<String, Failure> {
    let options = options.to_svg()?;
    if let Some(setup) = facing_setup(fen) {
        return Ok(diagram::draw(&setup.board, setup.turn, &[], &options));
    }
    let pos = read(fen)?;
    let line = parse_line(&pos, split_move_texts(arrows), Notation::Any)?;
    Ok(diagram::draw(pos.board(), pos.turn(), line.moves(), &options))
}

/// A book's report on a setup, with its label.
#[derive(Clone, Debug, Serialize)]
pub struct LabelledReport {
    /// The report, as `xiangqi adjudicate --json` prints it.
    pub report: RulingReport,
    /// Its verdict in words.
    pub label: VerdictLabel,
    /// Its verdict as one line, as the `adjudicate` example prints it after `verdict: `.
    pub text: String,
}

/// The setup of `fen` if it is one whose kings face each other (which no position holds).
fn facing_setup(fen: &str) -> Option<Setup> {
    let setup = Setup::from_fen(fen.trim()).ok()?;
    RulingReport::facing_kings(&setup, RuleBook::Axf2008, Procedure::Arbiter).map(|_| setup)
}

/// The four books' reports (AXF 2008, ROC 2007, PRC 1956, CXA) on a setup whose kings face each other, or None
/// for any other FEN.
///
/// # Errors
/// [`Failure::Fen`] for a text that is no FEN at all.
pub fn facing_kings(fen: &str) -> Result<Option<Vec<LabelledReport>>, Failure> {
    if fen.trim().is_empty() {
        return Ok(None);
    }
    Setup::from_fen(fen.trim()).map_err(FenError::from)?;
    let Some(setup) = facing_setup(fen) else { return Ok(None) };
    let reports = RuleBook::ALL
        .iter()
        .filter_map(|&book| RulingReport::facing_kings(&setup, book, Procedure::Arbiter))
        .map(|report| LabelledReport { label: report.verdict.label(), text: report.verdict.to_string(), report })
        .collect();
    Ok(Some(reports))
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
        let error = play("", "h2e2 h9g7 h2e2").unwrap_err();
        assert_eq!(error.to_string(), "ply 3, move `h2e2`: illegal move h2e2: no piece on h2");
        assert_eq!(error.kind(), "illegal_move");
    }

    #[test]
    fn diagram_draws_pieces_and_arrows() {
        let picture = diagram("", "h2e2", &DiagramOptions::default()).unwrap();
        assert!(picture.starts_with("<svg"));
        assert!(picture.contains("marker-end=\"url(#head0)\""));
        assert!(diagram("", "h2e3", &DiagramOptions::default()).is_err());
        let facing = diagram("4k4/9/9/9/9/9/9/9/9/4K4 w", "", &DiagramOptions::default()).unwrap();
        assert!(facing.contains(">帥</text>") && facing.contains(">將</text>"));
    }

    #[test]
    fn facing_kings_are_ruled_by_every_book() {
        let reports = facing_kings("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap().unwrap();
        let rulings: Vec<String> = reports.iter().map(|r| r.report.verdict.to_string()).collect();
        assert_eq!(rulings[1], "black_loses ROC 2007 棋例之判決 A11 (red to move captures the king and wins)");
        assert_eq!(reports[1].label.zh, "黑方将帅对面，判负 · ROC 2007 棋例之判決 A11");
        assert!(facing_kings("").unwrap().is_none());
        assert!(facing_kings("xyz").is_err());
    }
}
