//! A checked walk through a [`GameRecord`] for the writers: every move with the position before it, in record order
//! (a move, then its variations, then the next move).

use xiangqi_board::Position;

use crate::{
    records::tree::check_move, GameRecord, Line, Location, MoveError, MoveProblem, Node, RecordError, RecordErrorKind,
    MAX_VARIATION_DEPTH,
};

/// What the walk meets, in order.
pub(crate) enum Visit<'a> {
    /// A line begins: the main line (`depth` 0) or a variation.
    Start { line: &'a Line, depth: usize },
    /// A move of the current line.
    Move {
        node: &'a Node,
        /// The position before the move.
        pos: &'a Position,
        /// The ply of the move, from 1 at the start position.
        ply: usize,
    },
    /// The current line ends.
    End { depth: usize },
}

/// Who checks that each move is legal during a [`walk`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    /// The walk checks every move before visiting it.
    Walk,
    /// The visitor fails on an illegal move (as [`write_move`](crate::format::write_move) does), so the walk
    /// plays each move it visited without checking it again.
    Visitor,
}

/// Walks `game`, calling `visit` for each step.
///
/// # Errors
/// The first error of `visit`; with [`Check::Walk`], a [`MoveError`] (without location) for an illegal move;
/// [`RecordErrorKind::TooDeep`].
pub(crate) fn walk(
    game: &GameRecord,
    check: Check,
    visit: &mut dyn FnMut(Visit<'_>) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    walk_line(&game.main, &game.start, 0, 0, check, visit)
}

fn walk_line(
    line: &Line,
    start: &Position,
    ply: usize,
    depth: usize,
    check: Check,
    visit: &mut dyn FnMut(Visit<'_>) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    if depth > MAX_VARIATION_DEPTH {
        return Err(RecordError::new(Location::None, RecordErrorKind::TooDeep));
    }
    visit(Visit::Start { line, depth })?;
    let mut pos = start.clone();
    for (i, node) in line.nodes.iter().enumerate() {
        let ply = ply + i + 1;
        if check == Check::Walk {
            check_move(&pos, node.mv).map_err(|problem| illegal(node, ply, depth, problem))?;
        }
        visit(Visit::Move { node, pos: &pos, ply })?;
        for variation in &node.variations {
            walk_line(variation, &pos, ply - 1, depth + 1, check, visit)?;
        }
        pos.play_unchecked(node.mv);
    }
    visit(Visit::End { depth })
}

/// The error of an illegal move `node` at `ply`, `depth` variations deep.
pub(crate) fn illegal(node: &Node, ply: usize, depth: usize, problem: MoveProblem) -> RecordError {
    let error = MoveError { ply, in_variation: depth > 0, text: node.mv.to_string(), problem, read_as: None };
    RecordError::new(Location::None, error)
}
