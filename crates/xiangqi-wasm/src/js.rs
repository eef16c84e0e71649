//! The JavaScript API: each function takes and returns strings in the library's own forms or plain objects, and
//! throws an `Error` with the library's message on bad input. Names are camelCase in JavaScript.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::input::InputError;
use crate::{analysis, position, records, standings};

// The shapes of the returned objects, for the generated `xiangqi_wasm.d.ts` (the Rust types they come from are
// named in each comment; `cargo test` does not check these, the Node tests read every field).
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** `analysis::Status`. */
export interface Status { fen: string; turn: "red" | "black"; check: boolean;
  outcome: "checkmate" | "stalemate" | null; winner: "red" | "black" | null; }
/** `ruling::Chase`. */
export interface Chase { attacker: string; attackerPiece: string; target: string; targetPiece: string;
  reasons: string[]; }
/** `ruling::Classification`. */
export interface Classification { kinds: string[]; chases: Chase[]; text: string; }
/** `ruling::BookRuling`. */
export interface BookRuling { id: "axf" | "roc" | "prc1956" | "cxa"; book: string; word: string; rule: string;
  verdict: string; rules: string[]; note: string; ply: number | null; isFinal: boolean; }
/** `analysis::Ply`. */
export interface Ply { ply: number; uci: string; chinese: string; wxf: string; mover: "red" | "black";
  class: Classification; after: Status; }
/** `analysis::Analysis`. */
export interface Analysis { start: Status; plies: Ply[]; books: BookRuling[]; }
/** `records::RecordGame`. */
export interface RecordGame { format: "pgn" | "dhtmlxq" | "xqf" | "ccbridge"; tags: { [name: string]: string }; fen: string;
  moves: string[]; chinese: string[]; result: "1-0" | "0-1" | "1/2-1/2" | "*"; }
/** `standings::Ranked`; `standings` is the `standings --json` form. */
export interface Ranked { text: string; standings: any; }
"#;

/// A Rust value as a plain JavaScript object (maps as objects, `None` as `null`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}

fn js_error(error: InputError) -> JsError {
    JsError::new(&error.to_string())
}

/// Analyses a game: `fen` (empty for the start position) and `moves` in any notation, separated by commas or,
/// without a comma, by white space. Returns `{start, plies: [{ply, uci, chinese, wxf, mover, class: {kinds,
/// chases, text}, after}], books: [{id, book, word, rule, verdict, rules, note, ply}]}`, AXF 2008 first.
///
/// # Errors
/// An `Error` for a bad FEN or the first move that is not legal (named by its 1-based ply).
#[wasm_bindgen(unchecked_return_type = "Analysis")]
pub fn analyze(fen: &str, moves: &str) -> Result<JsValue, JsError> {
    to_js(&analysis::analyze(fen, moves).map_err(js_error)?)
}

/// The legal moves of `fen` in UCCI coordinates.
///
/// # Errors
/// An `Error` for a bad FEN.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(fen: &str) -> Result<Vec<String>, JsError> {
    position::legal_moves(fen).map_err(js_error)
}

/// `{fen, turn, check, outcome, winner}` of `fen`; `outcome` is `checkmate`, `stalemate` or `null`.
///
/// # Errors
/// An `Error` for a bad FEN.
#[wasm_bindgen(unchecked_return_type = "Status")]
pub fn status(fen: &str) -> Result<JsValue, JsError> {
    to_js(&position::status(fen).map_err(js_error)?)
}

/// The FEN after playing `moves` (any notation) from `fen`.
///
/// # Errors
/// An `Error` for a bad FEN or a move that is not legal.
#[wasm_bindgen]
pub fn play(fen: &str, moves: &str) -> Result<String, JsError> {
    position::play(fen, moves).map_err(js_error)
}

/// The move `text` (any notation) of `fen`, written in `format`: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf`
/// or `axf`.
///
/// # Errors
/// An `Error` for a bad FEN, a move that is not legal or an unknown format.
#[wasm_bindgen(js_name = convertMove)]
pub fn convert_move(fen: &str, text: &str, format: &str) -> Result<String, JsError> {
    position::convert_move(fen, text, format).map_err(js_error)
}

/// An SVG diagram of `fen` with `arrows` (moves in any notation, played in turn) drawn as numbered arrows.
///
/// # Errors
/// An `Error` for a bad FEN or a move that is not legal.
#[wasm_bindgen]
pub fn diagram(fen: &str, arrows: &str) -> Result<String, JsError> {
    position::diagram(fen, arrows).map_err(js_error)
}

/// The games of a record (PGN, DhtmlXQ text or page, XQF bytes): `[{format, tags, fen, moves, chinese, result}]`.
///
/// # Errors
/// An `Error` naming the game, the line or byte and the ply of a bad move.
#[wasm_bindgen(js_name = readRecord, unchecked_return_type = "RecordGame[]")]
pub fn read_record(bytes: &[u8]) -> Result<JsValue, JsError> {
    to_js(&records::read(bytes).map_err(js_error)?)
}

/// Standings of the event `json` (the format of `docs/tournament.md`) as its `ranking` chooses, by `preset`
/// instead of its preset if given: `{text, standings}`.
///
/// # Errors
/// An `Error` for JSON that is not an event (a bad preset in it included), an event that cannot be ranked, or a
/// `preset` that is none.
#[wasm_bindgen(unchecked_return_type = "Ranked")]
pub fn standings(json: &str, preset: Option<String>) -> Result<JsValue, JsError> {
    to_js(&standings::standings(json, preset.as_deref()).map_err(js_error)?)
}
