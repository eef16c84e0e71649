//! Reading a game record (PGN, DhtmlXQ text or page, XQF or CCBridge bytes) into its games.

use serde::Serialize;
use xiangqi::board::GameResult;
use xiangqi::notation::{read_any, GameRecord, ReadOptions, RecordFormat, Tags};

use crate::failure::Failure;

/// A game of a record, in the forms the rest of the package takes (`Game.fromLine(fen, moves.join(' '))`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordGame {
    /// The format it was read from, the library's text form of [`RecordFormat`]: `pgn`, `xqf`, `dhtmlxq` or
    /// `ccbridge`.
    pub format: RecordFormat,
    /// The tags (`Event`, `Red`, `Date`, …): an object of names and values in record order.
    pub tags: Tags,
    /// The start position's FEN.
    pub fen: String,
    /// The main line in UCCI coordinates.
    pub moves: Vec<String>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: GameResult,
}

impl RecordGame {
    fn new(format: RecordFormat, game: &GameRecord) -> RecordGame {
        RecordGame {
            format,
            tags: game.tags.clone(),
            fen: game.start.to_string(),
            moves: game.main_moves().map(|mv| mv.to_string()).collect(),
            result: game.result,
        }
    }
}

/// Reads a record of any format, recognised by its content (the notation crate's `read_any`): every game of it.
///
/// # Errors
/// [`Failure::Record`], which names the game, the line or byte, and the ply of a bad move; also for input that
/// holds no record.
pub fn read(bytes: &[u8]) -> Result<Vec<RecordGame>, Failure> {
    let reader = read_any(bytes, ReadOptions::strict())?;
    let format = reader.format();
    let games: Vec<GameRecord> = reader.collect::<Result<_, _>>()?;
    Ok(games.iter().map(|game| RecordGame::new(format, game)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_game_of_a_pgn() {
        let text = "[Event \"One\"]\n\n1. 炮二平五 马８进７ 1-0\n\n[Event \"Two\"]\n\n1. h2e2 *\n";
        let games = read(text.as_bytes()).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, ["h2e2", "h9g7"]);
        assert_eq!(games[1].moves, ["h2e2"]);
        let json = serde_json::to_value(&games[0]).unwrap();
        assert_eq!(json["format"], "pgn");
        assert_eq!(json["result"], "1-0");
        assert_eq!(json["tags"], serde_json::json!({"Event": "One"}));
    }

    #[test]
    fn reads_dhtmlxq() {
        let page =
            "<p>[DhtmlXQ][DhtmlXQ_title]T[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</p>";
        let games = read(page.as_bytes()).unwrap();
        assert_eq!(serde_json::to_value(games[0].format).unwrap(), "dhtmlxq");
        assert_eq!(games[0].moves, ["h2e2"]);
    }

    #[test]
    fn bad_records_are_errors() {
        let error = read("1. 炮二平五 马８进７ 2. 马二进四 *".as_bytes()).unwrap_err();
        assert!(error.to_string().contains("马二进四"), "{error}");
        assert!(read(b"XQ\x0a").is_err());
    }
}
