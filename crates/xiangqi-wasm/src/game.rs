//! The JavaScript `Game` class: the adjudicator's [`Game`] — a game in progress under one rule book, each move
//! ruled as it is played (one step, not a replay), taken back and played again, saved and restored.

use wasm_bindgen::prelude::*;
use xiangqi::adjudicator::{Game, Procedure, RuleBook, RulingReport};
use xiangqi::board::{Bitboard, Move, Square};
use xiangqi::notation::pgn::{self, PgnOptions};
use xiangqi::notation::{format::write_move, parse_line, split_move_texts, MoveFormat, Notation, Tags, WriteOptions};

use crate::convert::{from_js_or_default, to_js, Js};
use crate::diagram::{self, DiagramOptions};
use crate::failure::Failure;
use crate::position;

/// A game in progress under one rule book (AXF 2008 unless told), with the arbiter's procedure unless told.
#[wasm_bindgen(js_name = Game)]
pub struct WebGame {
    game: Game,
    /// The moves of a line given to [`WebGame::from_line`] that were not played (after a final ruling), while the
    /// game is as that line left it.
    unplayed: Option<Vec<Move>>,
}

/// `book` (`axf`, `roc`, `prc1956`, `cxa`; AXF 2008 if none) and `procedure` (`arbiter`, `immediate`, `forbid`;
/// the arbiter's if none).
fn settings(book: Option<String>, procedure: Option<String>) -> Result<(RuleBook, Procedure), Failure> {
    let book = book.as_deref().map(str::parse::<RuleBook>).transpose().map_err(Failure::value)?;
    let procedure = procedure.as_deref().map(str::parse::<Procedure>).transpose().map_err(Failure::value)?;
    Ok((book.unwrap_or_default(), procedure.unwrap_or_default()))
}

impl WebGame {
    fn of(game: Game) -> WebGame {
        WebGame { game, unplayed: None }
    }

    /// A line given from the start: read with the notation crate's line stage, then played until the game is
    /// over, as `xiangqi adjudicate` plays it.
    ///
    /// # Errors
    /// [`Failure::Fen`], [`Failure::Value`] for a book or procedure that is none, [`Failure::Line`] naming the
    /// first text that cannot be played.
    pub fn load(fen: &str, moves: &str, book: RuleBook, procedure: Procedure) -> Result<WebGame, Failure> {
        let start = position::read(fen)?;
        let line = parse_line(&start, split_move_texts(moves), Notation::Any)?;
        let mut game = Game::new(start, book).with_procedure(procedure);
        // Every move of the line is legal: only a final ruling (or the forbid procedure) stops it.
        let report = game.adjudicate(line.moves()).map_err(|e| Failure::Game(e.into()))?;
        Ok(WebGame { game, unplayed: Some(report.unplayed) })
    }

    /// The report on the game so far; for a game as [`WebGame::load`] left it, with the moves it did not play.
    pub fn ruling_report(&self) -> RulingReport {
        let mut report = self.game.report();
        if let Some(unplayed) = &self.unplayed {
            report.unplayed.clone_from(unplayed);
        }
        report
    }

    /// The legal moves of the position, or only those of the piece on `from`.
    pub fn legal(&self, from: Option<Square>) -> Vec<String> {
        let pos = self.game.position();
        let moves = match from {
            Some(from) => pos.legal_moves_filtered(Bitboard::from_square(from), Bitboard::FULL),
            None => pos.legal_moves(),
        };
        moves.iter().map(ToString::to_string).collect()
    }

    /// The moves played, written in `format`.
    pub fn written(&self, format: MoveFormat) -> Vec<String> {
        let history = self.game.history();
        let steps = history.positions().iter().zip(history.moves());
        steps
            .map(|(pos, &mv)| write_move(format, pos, mv, &WriteOptions::default()).unwrap_or_else(|_| mv.to_string()))
            .collect()
    }

    /// The SVG of the current position: the last move and a king in check highlighted unless `options` says
    /// otherwise.
    ///
    /// # Errors
    /// [`Failure::Value`] for bad options.
    pub fn picture(&self, options: &DiagramOptions) -> Result<String, Failure> {
        let mut options = options.to_svg()?;
        let pos = self.game.position();
        if options.last_move.is_none() {
            options.last_move = self.game.moves().last().copied();
        }
        if options.check.is_none() && pos.is_check() {
            options.check = pos.board().king_of(pos.turn());
        }
        Ok(diagram::draw(pos.board(), pos.turn(), &[], &options))
    }

    /// The game as a PGN text (Chinese moves), the ruling its result and, once over, its comment.
    ///
    /// # Errors
    /// [`Failure::Record`] if the PGN writer refuses the game.
    pub fn pgn(&self, tags: Tags) -> Result<String, Failure> {
        Ok(pgn::write(&self.game.record(tags), &PgnOptions::new(MoveFormat::Chinese))?)
    }

    /// The game within.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

#[wasm_bindgen(js_class = Game)]
impl WebGame {
    /// A new game from `fen` (empty or none: the start position) under `book` and `procedure`.
    ///
    /// # Errors
    /// An `Error` (`kind` `bad_fen` or `bad_value`) for a bad FEN, book or procedure.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, book: Option<String>, procedure: Option<String>) -> Result<WebGame, JsValue> {
        let (book, procedure) = settings(book, procedure)?;
        let start = position::read(fen.as_deref().unwrap_or_default())?;
        Ok(WebGame::of(Game::new(start, book).with_procedure(procedure)))
    }

    /// A game from `fen` with the line `moves` (any notation; separated by commas if there is one, else by white
    /// space) played until the game is over, as `xiangqi adjudicate` plays it; `report()` then lists the moves
    /// not played.
    ///
    /// # Errors
    /// An `Error` with the library's `LineError` fields (`kind`, `ply`, `move`) for the first move that cannot be
    /// played, or a bad FEN, book or procedure.
    #[wasm_bindgen(js_name = fromLine)]
    pub fn from_line(
        fen: &str,
        moves: &str,
        book: Option<String>,
        procedure: Option<String>,
    ) -> Result<WebGame, JsValue> {
        let (book, procedure) = settings(book, procedure)?;
        Ok(WebGame::load(fen, moves, book, procedure)?)
    }

    /// Plays one move written in any notation and returns the status after it (`GameStatus`).
    ///
    /// # Errors
    /// An `Error` naming the ply and the move (`kind`: the move text's kind, `illegal_move`, `game_over`,
    /// `forbidden`); the game is unchanged.
    #[wasm_bindgen(unchecked_return_type = "GameStatus")]
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let status = self.game.play_text(text).map_err(Failure::from)?;
        self.unplayed = None;
        to_js(&status)
    }

    /// Takes the last move back and returns it (UCCI), or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.unplayed = None;
        self.game.undo().map(|mv| mv.to_string())
    }

    /// Plays the move last taken back again and returns it, or `undefined` if there is none.
    pub fn redo(&mut self) -> Option<String> {
        self.unplayed = None;
        self.game.redo().map(|mv| mv.to_string())
    }

    /// The status now (`GameStatus`): ply, FEN, ruling, its deciding item, check, legal moves, the cycle.
    #[wasm_bindgen(unchecked_return_type = "GameStatus")]
    pub fn status(&self) -> Js {
        to_js(&self.game.status())
    }

    /// What the rules say now in full (`Verdict`): ruling, cited items, note, evidence, termination.
    #[wasm_bindgen(unchecked_return_type = "Verdict")]
    pub fn verdict(&self) -> Js {
        to_js(self.game.verdict())
    }

    /// The verdict as one line, as the `adjudicate` example prints it after `verdict: ` (`red_must_change AXF
    /// 2008 棋例 §13 + … (note)`).
    #[wasm_bindgen(js_name = verdictText)]
    pub fn verdict_text(&self) -> String {
        self.game.verdict().to_string()
    }

    /// The verdict in words, Chinese and English, with a label per cited item (`VerdictLabel`).
    #[wasm_bindgen(unchecked_return_type = "VerdictLabel")]
    pub fn label(&self) -> Js {
        to_js(&self.game.verdict().label())
    }

    /// The book's ruling over the game so far (`RulingReport`), as `xiangqi adjudicate --json` prints it.
    #[wasm_bindgen(unchecked_return_type = "RulingReport")]
    pub fn report(&self) -> Js {
        to_js(&self.ruling_report())
    }

    /// The legal moves (UCCI), or only those of the piece on `from` (a square such as `h2`).
    ///
    /// # Errors
    /// An `Error` for a square that is none.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, from: Option<String>) -> Result<Vec<String>, JsValue> {
        let from = from.as_deref().map(str::parse::<Square>).transpose().map_err(Failure::value)?;
        Ok(self.legal(from))
    }

    /// The legal moves the book forbids now (UCCI): those that would lose by repetition.
    #[wasm_bindgen(js_name = forbiddenMoves)]
    pub fn forbidden_moves(&self) -> Vec<String> {
        self.game.forbidden_moves().iter().map(ToString::to_string).collect()
    }

    /// The classification of every move played (`MoveClass[]`), as the book reads it.
    #[wasm_bindgen(js_name = classifyAll, unchecked_return_type = "MoveClass[]")]
    pub fn classify_all(&self) -> Js {
        to_js(&self.game.classify_all())
    }

    /// The moves played, in UCCI.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(ToString::to_string).collect()
    }

    /// The moves played, written in `format`: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or `axf`.
    ///
    /// # Errors
    /// An `Error` for a format that is none.
    #[wasm_bindgen(js_name = movesIn)]
    pub fn moves_in(&self, format: &str) -> Result<Vec<String>, JsValue> {
        Ok(self.written(format.parse().map_err(Failure::value)?))
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.game.position().to_string()
    }

    /// The plies played.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The book's id: `axf`, `roc`, `prc1956` or `cxa`.
    #[wasm_bindgen(getter)]
    pub fn book(&self) -> String {
        self.game.book().to_string()
    }

    /// The procedure: `arbiter`, `immediate` or `forbid`.
    #[wasm_bindgen(getter)]
    pub fn procedure(&self) -> String {
        self.game.procedure().to_string()
    }

    /// An SVG of the current position (`DiagramOptions`; the last move and a check highlighted by default).
    ///
    /// # Errors
    /// An `Error` for options that are not `DiagramOptions`.
    pub fn diagram(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DiagramOptions")] options: JsValue,
    ) -> Result<String, JsValue> {
        Ok(self.picture(&from_js_or_default(options)?)?)
    }

    /// The game as PGN, its moves in Chinese notation, with `tags` (an object of names and values, optional).
    ///
    /// # Errors
    /// An `Error` for tags that are not an object of strings.
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] tags: JsValue,
    ) -> Result<String, JsValue> {
        Ok(self.pgn(from_js_or_default(tags)?)?)
    }

    /// The game saved (`SavedGame`): start, moves, book and procedure — `JSON.stringify(game)` writes it.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "SavedGame")]
    pub fn to_json(&self) -> Js {
        to_js(&self.game)
    }

    /// A game restored from `toJSON()`'s value (or its JSON text): the moves are played again.
    ///
    /// # Errors
    /// An `Error` naming the field or the ply of a move that cannot be played.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "SavedGame | string")] saved: JsValue,
    ) -> Result<WebGame, JsValue> {
        let game: Game = match saved.as_string() {
            Some(text) => serde_json::from_str(&text).map_err(Failure::value)?,
            None => serde_wasm_bindgen::from_value(saved).map_err(Failure::value)?,
        };
        Ok(WebGame::of(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::board::Position;

    const CHASE_FEN: &str = "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1";

    #[test]
    fn a_line_is_played_as_adjudicate_plays_it() {
        let moves = "车八进七 a7a8 R8+1 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8";
        let game = WebGame::load(CHASE_FEN, moves, RuleBook::Axf2008, Procedure::Arbiter).unwrap();
        let report = game.ruling_report();
        assert_eq!(report.verdict.ruling.to_string(), "red_loses");
        assert_eq!((report.ply, report.plies), (Some(13), 13));
        assert_eq!(report.unplayed, ["a7a8".parse().unwrap()]);
        assert_eq!(report.changes.iter().map(|c| c.ply).collect::<Vec<_>>(), [9, 13]);
        assert_eq!(game.written(MoveFormat::Chinese)[..2], ["车八进七".to_owned(), "炮1退1".to_owned()]);
    }

    #[test]
    fn a_bad_line_names_the_ply() {
        let Err(Failure::Line(error)) = WebGame::load("", "h2e2 h9g7 zz", RuleBook::Axf2008, Procedure::Arbiter) else {
            panic!("a bad move is an error")
        };
        assert_eq!((error.ply, error.text.as_str()), (3, "zz"));
        assert!(error.to_string().starts_with("ply 3, move `zz`: "), "{error}");
    }

    #[test]
    fn legal_moves_of_one_piece() {
        let game = WebGame::of(Game::new(Position::new(), RuleBook::Axf2008));
        assert_eq!(game.legal(None).len(), 44);
        let mut horse = game.legal(Some("h0".parse().unwrap()));
        horse.sort();
        assert_eq!(horse, ["h0g2", "h0i2"]);
        assert!(game.legal(Some("e5".parse().unwrap())).is_empty());
    }

    #[test]
    fn pictures_and_pgn() {
        let mut game = WebGame::of(Game::new(Position::new(), RuleBook::Axf2008));
        game.game.play_text("h2e2").unwrap();
        let svg = game.picture(&DiagramOptions { points: true, ..DiagramOptions::default() }).unwrap();
        assert_eq!(svg.matches(r#"class="last-move""#).count(), 2);
        assert_eq!(svg.matches("data-square=").count(), 90);
        let pgn = game.pgn(Tags::new()).unwrap();
        assert_eq!(pgn, "[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Format \"Chinese\"]\n\n1. 炮二平五\n*\n");
    }
}
