//! Reading a game record (PGN, DhtmlXQ text or page, XQF or CCBridge bytes) into games with their moves.

use serde::Serialize;
use xiangqi::notation::{read_any, GameRecord, MoveFormat, ReadOptions, RecordFormat, Tags};

use crate::analysis::write;
use crate::input::InputError;

/// A game of a record, in the forms the rest of the package takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordGame {
    /// The format it was read from: `pgn`, `dhtmlxq`, `xqf` or `ccbridge`.
    pub format: &'static str,
    /// The tags (`Event`, `Red`, `Date`, …): an object of names and values in record order, the library's form
    /// of [`Tags`] (`{"Event": "…", "Red": "…"}`).
    pub tags: Tags,
    /// The start position's FEN.
    pub fen: String,
    /// The main line in UCCI coordinates.
    pub moves: Vec<String>,
    /// The main line in Chinese notation.
    pub chinese: Vec<String>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
}

impl RecordGame {
    fn new(format: &'static str, game: &GameRecord) -> RecordGame {
        let mut pos = game.start.clone();
        let (mut moves, mut chinese) = (Vec::new(), Vec::new());
        for mv in game.main_moves() {
            moves.push(mv.to_string());
            chinese.push(write(MoveFormat::Chinese, &pos, mv));
            pos.play_unchecked(mv);
        }
        RecordGame {
            format,
            tags: game.tags.clone(),
            fen: game.start.to_string(),
            moves,
            chinese,
            result: game.result.as_pgn(),
        }
    }
}

/// Reads a record of any format, recognised by its content (the notation crate's `read_any`): PGN in UTF-8, GBK or
/// Big5, XQF, DhtmlXQ (a page or a bare text, every block), CCBridge (CBR, CBL, CBF).
///
/// # Errors
/// [`InputError::Record`], which names the game, the line or byte, and the ply of a bad move; also for input that
/// holds no record.
pub fn read(bytes: &[u8]) -> Result<Vec<RecordGame>, InputError> {
    let reader = read_any(bytes, ReadOptions::strict())?;
    let format = match reader.format() {
        RecordFormat::Xqf => "xqf",
        RecordFormat::Dhtmlxq => "dhtmlxq",
        RecordFormat::Ccbridge => "ccbridge",
        _ => "pgn",
    };
    let games: Vec<GameRecord> = reader.collect::<Result<_, _>>()?;
    Ok(games.iter().map(|game| RecordGame::new(format, game)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pgn() {
        let games = read("[Event \"Test\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 1-0\n".as_bytes()).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].format, "pgn");
        assert_eq!(games[0].moves, ["h2e2", "h9g7"]);
        assert_eq!(games[0].chinese, ["炮二平五", "马8进7"]);
        assert_eq!(games[0].result, "1-0");
        assert_eq!(serde_json::to_string(&games[0].tags).unwrap(), r#"{"Event":"Test"}"#);
    }

    #[test]
    fn reads_dhtmlxq() {
        let page =
            "<p>[DhtmlXQ][DhtmlXQ_title]T[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</p>";
        let games = read(page.as_bytes()).unwrap();
        assert_eq!(games[0].format, "dhtmlxq");
        assert_eq!(games[0].moves, ["h2e2"]);
    }

    #[test]
    fn bad_records_are_errors() {
        let error = read("1. 炮二平五 马８进７ 2. 马二进四 *".as_bytes()).unwrap_err();
        assert!(error.to_string().contains("马二进四"), "{error}");
        assert!(read(b"XQ\x0a").is_err());
    }
}
