//! What the package throws: a JavaScript `Error` whose message is the library's, with the library's error fields
//! on it (`kind`, `ply`, `move` — a `LineError`'s serde form, and the same fields for a `GameError`), so that a
//! caller can tell a bad FEN from a bad move and name the ply without reading the message.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use xiangqi::adjudicator::GameError;
use xiangqi::board::FenError;
use xiangqi::notation::{LineError, RecordError};

#[wasm_bindgen(
    inline_js = "export function failure(message, fields) { return Object.assign(new Error(message), fields); }"
)]
extern "C" {
    /// `new Error(message)` with the fields of `fields` on it.
    fn failure(message: &str, fields: JsValue) -> JsValue;
}

/// Bad input, as the library says it.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Failure {
    /// The FEN is not a FEN, or not a legal position.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// A line of moves that cannot be played (its ply, the text, why).
    #[error("{0}")]
    Line(#[from] LineError),
    /// A move the game refused.
    #[error("{0}")]
    Game(#[from] GameError),
    /// A game record that cannot be read.
    #[error("{0}")]
    Record(#[from] RecordError),
    /// A value that is not one of the accepted ones (a notation, a book, a procedure, a square, a preset, saved
    /// JSON, diagram options).
    #[error("{0}")]
    Value(String),
    /// An event (tournament JSON) that cannot be read or ranked.
    #[error("event: {0}")]
    Event(String),
}

impl Failure {
    /// A [`Failure::Value`] from any error's message.
    pub fn value(error: impl core::fmt::Display) -> Failure {
        Failure::Value(error.to_string())
    }

    /// The stable word for the kind of failure: a `LineError`'s `kind`, and for a game's refusal `illegal_move`,
    /// the move text's kind, `game_over` or `forbidden`; `bad_fen`, `bad_record`, `bad_value`, `bad_event`.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Fen(_) => "bad_fen",
            Failure::Line(error) => error.problem.kind_name(),
            Failure::Game(GameError::Illegal(_)) => "illegal_move",
            Failure::Game(GameError::Text { error, .. }) => error.kind_name(),
            Failure::Game(GameError::Over { .. }) => "game_over",
            Failure::Game(GameError::Forbidden { .. }) => "forbidden",
            Failure::Game(_) => "refused",
            Failure::Record(_) => "bad_record",
            Failure::Value(_) => "bad_value",
            Failure::Event(_) => "bad_event",
        }
    }

    /// The 1-based ply of the move the failure is about, and the move as written.
    pub fn ply_and_move(&self) -> Option<(usize, String)> {
        match self {
            Failure::Line(error) => Some((error.ply, error.text.clone())),
            Failure::Game(GameError::Illegal(error)) => Some((error.index + 1, error.illegal.mv.to_string())),
            Failure::Game(GameError::Text { ply, text, .. }) => Some((*ply, text.to_string())),
            Failure::Game(GameError::Over { ply, .. }) => Some((*ply, String::new())),
            Failure::Game(GameError::Forbidden { ply, mv, .. }) => Some((*ply, mv.to_string())),
            _ => None,
        }
    }
}

/// The fields put on the thrown `Error`.
#[derive(Serialize)]
struct Fields {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        // A line's error has its own serde form (`kind`, `ply`, `move`, `message`); the others get the same fields.
        let fields = match &failure {
            Failure::Line(error) => error.serialize(&serializer),
            _ => {
                let (ply, text) = failure.ply_and_move().unzip();
                Fields { kind: failure.kind(), ply, text }.serialize(&serializer)
            }
        };
        let fields = fields.unwrap_or(JsValue::NULL);
        self::failure(&failure.to_string(), fields)
    }
}
