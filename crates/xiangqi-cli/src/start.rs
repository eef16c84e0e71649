//! The start position of a game typed on the command line (`adjudicate --fen`, `play --fen`): a FEN read as a
//! composed position (a rule-book or problem diagram may put a pawn, an advisor or an elephant where no game can
//! bring it; the board crate's `Position::from_setup_composed` accepts it and names what is unusual), or a setup
//! whose kings face each other, which no position holds and the rule books rule on by themselves.

use xiangqi::{
    adjudicator::{Procedure, RuleBook, RulingReport},
    board::{Position, Setup},
};

use crate::Fail;

/// What a FEN of the command line gives.
#[derive(Debug)]
pub(crate) enum Start {
    /// A position to play from, with the note to print for a composed one.
    Position { pos: Position, note: Option<String> },
    /// The kings face each other: the book's facing-kings item rules before any move (the report at ply 0).
    FacingKings(RulingReport),
}

/// Reads `fen` (the text of the `--fen` option) as a start position, or the ruling of `book` on it.
///
/// # Errors
/// [`Fail::Message`] naming the option and the board crate's reason (`--fen: invalid FEN: …`, `--fen: illegal
/// position: a side has no king`).
pub(crate) fn read(fen: &str, book: RuleBook, procedure: Procedure) -> Result<Start, Fail> {
    let bad = |err: &dyn core::fmt::Display| Fail::Message(format!("--fen: {err}"));
    let setup = Setup::from_fen(fen).map_err(|err| bad(&err))?;
    if let Some(report) = RulingReport::facing_kings(&setup, book, procedure) {
        return Ok(Start::FacingKings(report));
    }
    let (pos, unusual) = Position::from_setup_composed(setup).map_err(|err| bad(&err))?;
    let note = (!unusual.is_empty()).then(|| format!("composed position accepted ({unusual})"));
    Ok(Start::Position { pos, note })
}
