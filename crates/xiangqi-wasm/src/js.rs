//! The JavaScript API's free functions, and the TypeScript shapes of the values the package returns. Each takes
//! and returns strings in the library's own forms or plain objects (the library's serde forms, docs/json.md), and
//! throws an `Error` with the library's message and fields (see [`crate::failure`]) on bad input. Names are
//! camelCase in JavaScript; the fields of the library's objects keep their serde names (`in_check`).

use wasm_bindgen::prelude::*;
use xiangqi::adjudicator::{rule_label, ruling_label, termination_label, Label, RuleRef, Ruling, Termination};

use crate::convert::{from_js_or_default, to_js, Js};
use crate::failure::Failure;
use crate::{position, records, standings};

// The shapes of the returned values, for the generated `xiangqi_wasm.d.ts`: the library's serde forms
// (docs/json.md) and the package's own few (`RecordGame`, `Ranked`, `LabelledReport`, `DiagramOptions`,
// `XiangqiError`). `cargo test` does not check these; the Node tests read every field.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A side. */
export type Side = "red" | "black";
/** A rule book's id. */
export type BookId = "axf" | "roc" | "prc1956" | "cxa";
/** `Ruling`: what the rules say now. */
export type RulingWord = "continue" | "red_must_change" | "black_must_change" | "draw_next_cycle" | "red_loses"
  | "black_loses" | "draw";
/** `Termination`: why the game ends (or would). */
export type TerminationName = "checkmate" | "stalemate" | "perpetual check" | "perpetual mate threat"
  | "perpetual chase" | "forbidden repetition" | "repetition draw" | "move limit" | "facing kings";
/** `Outcome`: the end on the board, e.g. `"red wins by checkmate"`. */
export type Outcome = string;
/** `Repetition`: a cycle. */
export interface Repetition { occurrences: number; first_ply: number; plies: number; cycle_plies: number; }
/** `GameStatus`: the state of a game after a move. */
export interface GameStatus { ply: number; fen: string; ruling: RulingWord; rule: string | null; over: boolean;
  in_check: boolean; legal_moves: number; outcome: Outcome | null; move_limit_plies: number;
  cycle: Repetition | null; }
/** `Threat`. */
export interface Threat { attacker: string; attacker_piece: string; attacker_id: number; target: string;
  target_piece: string; target_id: number; reasons: string[]; attackers: number; roots: number; }
/** `MoveClass`: what a move does; `flags` are the words of its flags (`["capture", "chase"]`). */
export interface MoveClass { mv: string; mover: Side; piece: string; piece_id: number; captured: string | null;
  flags: string[]; checkers: unknown; threats: Threat[]; threats_before: Threat[]; }
/** `SideRuling`. */
export interface SideRuling { side: Side; forbidden: boolean; perpetual_check: boolean; rule: string; name: string; }
/** `Evidence`. */
export interface Evidence { repetition: Repetition; moves: MoveClass[]; sides: [SideRuling, SideRuling]; }
/** `Verdict`: a ruling with its cited items (`"AXF 2008 棋例 §13"`), note, evidence and termination. */
export interface Verdict { ruling: RulingWord; rules: string[]; note: string; evidence: Evidence | null;
  termination: TerminationName | null; }
/** `ChangePoint`. */
export interface ChangePoint { ply: number; fen: string; ruling: RulingWord; rules: string[]; note: string;
  offending: string[]; }
/** `RulingReport`: a book's ruling over a game, as `xiangqi adjudicate --json` prints it. */
export interface RulingReport extends Verdict { book: BookId; procedure: "arbiter" | "immediate" | "forbid";
  ply: number | null; plies: number; changes: ChangePoint[]; unplayed: string[]; }
/** `CitedLabel`: a cited item and what it is about. */
export interface CitedLabel { rule: string; zh: string; en: string; }
/** `VerdictLabel`: a verdict in words, e.g. `红方长捉，须变着 · AXF 2008 棋例 §13`. */
export interface VerdictLabel { zh: string; en: string; rules: CitedLabel[]; }
/** `Label`: a text in Chinese and English. */
export interface Label { zh: string; en: string; }
/** A report with its label (`facingKings`). */
export interface LabelledReport { report: RulingReport; label: VerdictLabel; text: string; }
/** A game saved by `Game.toJSON()`. */
export interface SavedGame { start: string; moves: string[]; book: BookId; procedure: "arbiter" | "immediate" | "forbid"; }
/** The options of a diagram; squares and moves in UCCI (`e0`, `h2e2`). */
export interface DiagramOptions { flip?: boolean; size?: number; lastMove?: string; check?: string;
  selected?: string; targets?: string[]; coordinates?: "iccs" | "chinese" | "none"; points?: boolean; }
/** `RecordGame`: a game of a record. */
export interface RecordGame { format: "pgn" | "xqf" | "dhtmlxq" | "ccbridge"; tags: { [name: string]: string };
  fen: string; moves: string[]; result: "1-0" | "0-1" | "1/2-1/2" | "*"; }
/** `Ranked`; `standings` is the `standings --json` form. */
export interface Ranked { text: string; standings: any; }
/** What the package throws: the library's message, and the kind and place of a bad move. */
export interface XiangqiError extends Error { kind: string; ply?: number; move?: string; }
"#;

/// The legal moves of `fen` in UCCI coordinates.
///
/// # Errors
/// An `Error` for a bad FEN.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(fen: &str) -> Result<Vec<String>, JsValue> {
    Ok(position::legal_moves(fen)?)
}

/// The FEN after playing the line `moves` (any notation) from `fen`.
///
/// # Errors
/// An `Error` (with `kind`, `ply`, `move`) for a bad FEN or the first move that cannot be played.
#[wasm_bindgen]
pub fn play(fen: &str, moves: &str) -> Result<String, JsValue> {
    Ok(position::play(fen, moves)?)
}

/// The move `text` (any notation) of `fen`, written in `format`: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf`
/// or `axf`.
///
/// # Errors
/// An `Error` for a bad FEN, a move that is not legal or an unknown format.
#[wasm_bindgen(js_name = convertMove)]
pub fn convert_move(fen: &str, text: &str, format: &str) -> Result<String, JsValue> {
    Ok(position::convert_move(fen, text, format)?)
}

/// An SVG diagram of `fen` with `arrows` (moves in any notation, played in turn) drawn as numbered arrows.
///
/// # Errors
/// An `Error` for a bad FEN, a move that is not legal or bad options.
#[wasm_bindgen]
pub fn diagram(
    fen: &str,
    arrows: &str,
    #[wasm_bindgen(unchecked_param_type = "DiagramOptions")] options: JsValue,
) -> Result<String, JsValue> {
    Ok(position::diagram(fen, arrows, &from_js_or_default(options)?)?)
}

/// The four books' reports (`LabelledReport[]`, AXF 2008 first) on a setup whose kings face each other — which
/// no `Game` can start from — or `null` for any other FEN.
///
/// # Errors
/// An `Error` for a text that is no FEN.
#[wasm_bindgen(js_name = facingKings, unchecked_return_type = "LabelledReport[] | null")]
pub fn facing_kings(fen: &str) -> Js {
    to_js(&position::facing_kings(fen)?)
}

/// The label of a ruling word (`red_must_change` → 红方须变着 / Red must change), a termination
/// (`perpetual chase` → 长捉), or a cited item (`AXF 2008 棋例 §13` → 车捉无根炮): the library's one table.
///
/// # Errors
/// An `Error` for a text that is none of them.
#[wasm_bindgen(unchecked_return_type = "Label")]
pub fn label(text: &str) -> Js {
    let found: Option<Label> = if let Ok(ruling) = text.parse::<Ruling>() {
        Some(ruling_label(ruling))
    } else if let Ok(termination) = text.parse::<Termination>() {
        Some(termination_label(termination))
    } else {
        text.parse::<RuleRef>().ok().and_then(rule_label)
    };
    to_js(&found.ok_or_else(|| Failure::Value(format!("no label for `{text}`")))?)
}

/// The games of a record (PGN, DhtmlXQ text or page, XQF bytes): `[{format, tags, fen, moves, result}]`.
///
/// # Errors
/// An `Error` naming the game, the line or byte and the ply of a bad move.
#[wasm_bindgen(js_name = readRecord, unchecked_return_type = "RecordGame[]")]
pub fn read_record(bytes: &[u8]) -> Js {
    to_js(&records::read(bytes)?)
}

/// Standings of the event `json` (the format of `docs/tournament.md`) as its `ranking` chooses, by `preset`
/// instead of its preset if given: `{text, standings}`.
///
/// # Errors
/// An `Error` for JSON that is not an event (a bad preset in it included), an event that cannot be ranked, or a
/// `preset` that is none.
#[wasm_bindgen(unchecked_return_type = "Ranked")]
pub fn standings(json: &str, preset: Option<String>) -> Js {
    to_js(&standings::standings(json, preset.as_deref())?)
}
