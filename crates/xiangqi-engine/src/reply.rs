//! [`EngineLine`]: one line an engine writes, read for its dialect and checked against the position; and the
//! [`BestMove`] that ends a search.

use xiangqi_board::{Move, Position, ReadText};

use crate::line_error::{LineError, LineErrorKind};
use crate::tokens::{rest, words};
use crate::{Dialect, EngineOption, Info};

/// A line from an engine.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::engine::{BestMove, Dialect, EngineLine, Offer};
///
/// let start = Position::new();
/// let line = EngineLine::parse("bestmove h2e2 ponder h9g7 draw", Dialect::Ucci, &start)?;
/// let EngineLine::BestMove(best) = line else { panic!("{line:?}") };
/// assert_eq!(best.mv.to_string(), "h2e2");
/// assert_eq!(best.ponder.map(|mv| mv.to_string()), Some("h9g7".into()));
/// assert_eq!(best.offer, Some(Offer::Draw));
///
/// assert_eq!(EngineLine::parse("bestmove (none)", Dialect::FairyUci, &start)?, EngineLine::NoBestMove);
/// assert_eq!(EngineLine::parse("Fairy-Stockfish 11.1 LB 64", Dialect::FairyUci, &start)?, EngineLine::Other("Fairy-Stockfish 11.1 LB 64".into()));
///
/// // A best move that is not legal is refused, with the byte where it starts.
/// let err = EngineLine::parse("bestmove h2h8", Dialect::Ucci, &start).unwrap_err();
/// assert_eq!(err.to_string(), "byte 10: the best move is not legal: illegal move h2h8: the piece on h2 cannot move to h8");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name …`, `id author …` (UCCI also `copyright`, `user`, and ElephantEye's `version`): the field and its
    /// text.
    Id {
        /// The field: `name`, `author`, …
        field: String,
        /// The rest of the line.
        value: String,
    },
    /// `option …`: a setting the engine offers.
    Option(EngineOption),
    /// `uciok`: the end of a UCI handshake.
    UciOk,
    /// `ucciok`: the end of a UCCI handshake.
    UcciOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `info …`: what the engine reports while it searches.
    Info(Box<Info>),
    /// `bestmove …`: the end of a search, with a move.
    BestMove(BestMove),
    /// The end of a search without a move: UCCI `nobestmove`, UCI `bestmove (none)` or `bestmove 0000`.
    NoBestMove,
    /// Any other line, kept as it was written (white space at its ends removed).
    Other(String),
}

/// The result of a search: the move, the reply the engine expects, and a draw offer or resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BestMove {
    /// The move, legal in the position the engine was given.
    pub mv: Move,
    /// The expected reply (`ponder …`), if the engine gave one and it is legal after the move.
    pub ponder: Option<Move>,
    /// A draw offer or a resignation (UCCI `draw`, `resign`).
    pub offer: Option<Offer>,
}

/// What an engine adds to its move (UCCI 3.0 §五 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offer {
    /// `draw`: the engine offers a draw, or accepts the one it was offered (`go draw`).
    Draw,
    /// `resign`: the engine resigns.
    Resign,
}

impl EngineLine {
    /// Reads a line from an engine of `dialect` that was given `pos` (to check the best move and the principal
    /// variation against).
    ///
    /// # Errors
    /// [`LineError`] for a `bestmove` line whose move does not read or is not legal in `pos` (a `ponder` move
    /// that is not legal is dropped), or whose words after the move are not `ponder`, `draw` or `resign`; and for
    /// an `option` line that does not read ([`EngineOption::parse`]). Every other line reads.
    pub fn parse(line: &str, dialect: Dialect, pos: &Position) -> Result<EngineLine, LineError> {
        let words = words(line);
        let Some(first) = words.first() else {
            return Ok(EngineLine::Other(String::new()));
        };
        Ok(match first.text {
            "id" if words.len() >= 2 => {
                EngineLine::Id { field: words[1].text.to_owned(), value: rest(line, &words, 2).to_owned() }
            }
            "option" => EngineLine::Option(EngineOption::parse(line)?),
            "uciok" if words.len() == 1 => EngineLine::UciOk,
            "ucciok" if words.len() == 1 => EngineLine::UcciOk,
            "readyok" if words.len() == 1 => EngineLine::ReadyOk,
            "nobestmove" if words.len() == 1 => EngineLine::NoBestMove,
            "info" => EngineLine::Info(Box::new(Info::parse(line, dialect, pos))),
            "bestmove" => read_bestmove(line, dialect, pos)?,
            _ => EngineLine::Other(line.trim().to_owned()),
        })
    }
}

fn read_bestmove(line: &str, dialect: Dialect, pos: &Position) -> Result<EngineLine, LineError> {
    let words = words(line);
    let end = line.trim_end().len();
    let Some(mv_word) = words.get(1) else {
        return Err(LineError { at: end, kind: LineErrorKind::Missing { expected: "a move after bestmove" } });
    };
    if matches!(mv_word.text, "(none)" | "0000") && words.len() == 2 {
        return Ok(EngineLine::NoBestMove);
    }
    let mv = dialect
        .read_move(mv_word.text)
        .map_err(|error| LineError { at: mv_word.at, kind: LineErrorKind::BadMove { after: "bestmove", error } })?;
    let after =
        pos.play(mv).map_err(|illegal| LineError { at: mv_word.at, kind: LineErrorKind::IllegalMove(illegal) })?;
    let mut best = BestMove { mv, ponder: None, offer: None };
    let mut i = 2;
    while let Some(word) = words.get(i) {
        match word.text {
            "ponder" => {
                let ponder = words
                    .get(i + 1)
                    .ok_or(LineError { at: end, kind: LineErrorKind::Missing { expected: "a move after ponder" } })?;
                let reply = dialect.read_move(ponder.text).map_err(|error| LineError {
                    at: ponder.at,
                    kind: LineErrorKind::BadMove { after: "ponder", error },
                })?;
                best.ponder = after.is_legal(reply).then_some(reply);
                i += 2;
            }
            "draw" if best.offer.is_none() => {
                best.offer = Some(Offer::Draw);
                i += 1;
            }
            "resign" if best.offer.is_none() => {
                best.offer = Some(Offer::Resign);
                i += 1;
            }
            other => return Err(LineError { at: word.at, kind: LineErrorKind::Unexpected(ReadText::new(other)) }),
        }
    }
    Ok(EngineLine::BestMove(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Square;

    fn parse(line: &str, dialect: Dialect) -> Result<EngineLine, LineError> {
        EngineLine::parse(line, dialect, &Position::new())
    }

    #[test]
    fn handshake_lines() {
        assert_eq!(
            parse("id name ElephantEye", Dialect::Ucci),
            Ok(EngineLine::Id { field: "name".into(), value: "ElephantEye".into() })
        );
        assert_eq!(
            parse("id copyright 2004-2016 www.xqbase.com", Dialect::Ucci),
            Ok(EngineLine::Id { field: "copyright".into(), value: "2004-2016 www.xqbase.com".into() })
        );
        assert_eq!(parse("uciok", Dialect::Uci), Ok(EngineLine::UciOk));
        assert_eq!(parse("ucciok\r", Dialect::Ucci), Ok(EngineLine::UcciOk));
        assert_eq!(parse("readyok", Dialect::Ucci), Ok(EngineLine::ReadyOk));
        assert_eq!(parse("readyok now", Dialect::Ucci), Ok(EngineLine::Other("readyok now".into())));
        assert_eq!(parse("", Dialect::Ucci), Ok(EngineLine::Other(String::new())));
        assert!(matches!(parse("option name Hash type spin default 16", Dialect::Uci), Ok(EngineLine::Option(_))));
    }

    #[test]
    fn best_moves_with_their_additions() {
        let h2e2 = Move::new(Square::H2, Square::E2);
        assert_eq!(
            parse("bestmove h2e2", Dialect::Uci),
            Ok(EngineLine::BestMove(BestMove { mv: h2e2, ponder: None, offer: None }))
        );
        assert_eq!(
            parse("bestmove h3e3 ponder h10g8", Dialect::FairyUci),
            Ok(EngineLine::BestMove(BestMove {
                mv: h2e2,
                ponder: Some(Move::new(Square::H9, Square::G7)),
                offer: None
            }))
        );
        assert_eq!(
            parse("bestmove h2e2 resign", Dialect::Ucci),
            Ok(EngineLine::BestMove(BestMove { mv: h2e2, ponder: None, offer: Some(Offer::Resign) }))
        );
        // A ponder move that is not legal after the move is dropped.
        assert_eq!(
            parse("bestmove h2e2 ponder a0a5", Dialect::Ucci),
            Ok(EngineLine::BestMove(BestMove { mv: h2e2, ponder: None, offer: None }))
        );
        assert_eq!(parse("nobestmove", Dialect::Ucci), Ok(EngineLine::NoBestMove));
        assert_eq!(parse("bestmove 0000", Dialect::Uci), Ok(EngineLine::NoBestMove));
    }

    #[test]
    fn malformed_best_moves_say_where() {
        assert_eq!(parse("bestmove", Dialect::Ucci).unwrap_err().to_string(), "byte 9: missing a move after bestmove");
        let err = parse("bestmove h2e10", Dialect::Ucci).unwrap_err();
        assert_eq!(err.at, 9);
        assert!(matches!(err.kind, LineErrorKind::BadMove { after: "bestmove", .. }));
        assert_eq!(
            parse("bestmove h2e2 ponder", Dialect::Ucci).unwrap_err().to_string(),
            "byte 21: missing a move after ponder"
        );
        assert_eq!(parse("bestmove h2e2 maybe", Dialect::Ucci).unwrap_err().to_string(), "byte 15: unexpected `maybe`");
        assert_eq!(
            parse("bestmove h2e2 draw resign", Dialect::Ucci).unwrap_err().to_string(),
            "byte 20: unexpected `resign`"
        );
        let err = parse("bestmove h2e2", Dialect::FairyUci).unwrap_err();
        assert!(matches!(err.kind, LineErrorKind::IllegalMove(_)), "h2e2 is h1e1 in Fairy-Stockfish's ranks: {err}");
    }
}
