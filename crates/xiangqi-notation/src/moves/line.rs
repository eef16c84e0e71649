//! The line stage: a line of move texts read from a start position ([`parse_line`], [`MoveLine::read`]), each
//! text in the position the ones before it reach, into the moves and the positions between them — or an error
//! naming the ply, the text and why ([`LineError`]).
//!
//! Every front end reads typed moves through it (the command line's moves mode, the examples, the WebAssembly
//! page, a live game that plays one text at a time), so that each says the same thing about a bad move.

use alloc::{boxed::Box, string::String, vec, vec::Vec};

use core::fmt;

use xiangqi_board::{IllegalMove, Move, Outcome, Position};

use crate::{format::Notation, moves::move_error::Escaped, MoveTextError};

/// A line of moves from a start position, each legal in the position before it, with every position on the way.
///
/// Built by [`parse_line`] or, one text at a time, by [`MoveLine::read`] (and [`MoveLine::play`] for a move
/// that is no text, an engine's say).
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{format::write_move, parse_line, MoveFormat, Notation, WriteOptions};
///
/// let line = parse_line(&Position::new(), ["炮二平五", "h9g7", "N2+3"], Notation::Any)?;
/// assert_eq!(line.moves().iter().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2"]);
/// // Each move with the position before it: here written in WXF.
/// let wxf: Vec<String> = line
///     .steps()
///     .map(|(before, mv)| write_move(MoveFormat::Wxf, before, mv, &WriteOptions::default()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(wxf, ["C2.5", "H8+7", "H2+3"]);
/// assert_eq!(line.end_position().to_string(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// The start position, then the position after each move: one more than the moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl MoveLine {
    /// A line without moves from `start`.
    pub fn new(start: Position) -> MoveLine {
        MoveLine { positions: vec![start], moves: Vec::new() }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position after the last move (the start position of a line without moves).
    pub fn end_position(&self) -> &Position {
        // `positions` is never empty: `new` puts the start in it and nothing removes it.
        &self.positions[self.moves.len()]
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The start position and the position after each move (one more than the moves).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Each move with the position before it, in order: what a front end needs to write or describe it.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = (&Position, Move)> + '_ {
        self.positions.iter().zip(self.moves.iter().copied())
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the line has no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves, without the positions.
    pub fn into_moves(self) -> Vec<Move> {
        self.moves
    }

    /// Reads `text` in `notation` in the [end position](MoveLine::end_position) and plays it: the next ply of a
    /// game played one text at a time.
    ///
    /// # Errors
    /// A [`LineError`] naming the ply (the line's length plus one), the text and why it cannot be played
    /// ([`LineProblem`]); the line does not change.
    ///
    /// ```
    /// use xiangqi::board::Position;
    /// use xiangqi::notation::{MoveLine, Notation};
    ///
    /// let mut game = MoveLine::new(Position::new());
    /// game.read("h2e2", Notation::Any)?;
    /// let err = game.read("zz", Notation::Any).unwrap_err();
    /// assert_eq!(err.ply, 2);
    /// assert!(err.to_string().starts_with("ply 2, move `zz`: syntax error at byte 0: expected"));
    /// assert_eq!(game.len(), 1);
    /// game.read("马８进７", Notation::Any)?;
    /// assert_eq!(game.len(), 2);
    /// # Ok::<_, xiangqi::notation::LineError>(())
    /// ```
    pub fn read(&mut self, text: &str, notation: Notation) -> Result<Move, LineError> {
        let pos = self.end_position();
        let mv = notation.parse_move(text, pos).map_err(|err| {
            let problem = match (&err, pos.outcome()) {
                // A text that is no move at all says so, however the game stands.
                (MoveTextError::Empty | MoveTextError::Syntax(_), _) | (_, None) => LineProblem::Move(err),
                (_, Some(outcome)) => LineProblem::GameOver(outcome),
            };
            LineError { ply: self.len() + 1, text: text.into(), problem, notation, read: Box::new(self.clone()) }
        })?;
        self.push(mv);
        Ok(mv)
    }

    /// Plays `mv` (a move that is no text: an engine's, a click's) at the end of the line.
    ///
    /// # Errors
    /// The board's [`IllegalMove`] if `mv` is not legal in the end position; the line does not change.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.end_position().validate_move(mv)?;
        self.push(mv);
        Ok(())
    }

    /// Appends the legal move `mv`.
    fn push(&mut self, mv: Move) {
        let mut next = self.end_position().clone();
        next.play_unchecked(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }
}

/// Reads a line of move texts from `start`: each text in `notation`, in the position the texts before it reach.
///
/// # Errors
/// The first text that cannot be played, as a [`LineError`]: its 1-based ply, the text, why
/// ([`LineProblem`]: the move text's error, or the end of the game on the board), and the line read before it.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{parse_line, LineProblem, MoveFormat, MoveTextError, Notation};
///
/// let line = parse_line(&Position::new(), ["C2.5", "H8+7"], MoveFormat::Wxf.into())?;
/// assert_eq!(line.len(), 2);
///
/// let err = parse_line(&Position::new(), ["h2e2", "h9g7", "h2e2"], Notation::Any).unwrap_err();
/// assert_eq!((err.ply, err.text.as_str(), err.read.len()), (3, "h2e2", 2));
/// assert!(matches!(err.problem, LineProblem::Move(MoveTextError::Illegal(_))));
/// assert_eq!(err.to_string(), "ply 3, move `h2e2`: illegal move h2e2: no piece on h2");
///
/// // A text of another notation is told what the notation expects.
/// let err = parse_line(&Position::new(), ["炮二平五"], MoveFormat::Wxf.into()).unwrap_err();
/// assert!(err.to_string().ends_with("(not a wxf move: wxf writes 炮二平五 as C2.5)"), "{err}");
/// # Ok::<_, xiangqi::notation::LineError>(())
/// ```
pub fn parse_line<I>(start: &Position, texts: I, notation: Notation) -> Result<MoveLine, LineError>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let mut line = MoveLine::new(start.clone());
    for text in texts {
        line.read(text.as_ref(), notation)?;
    }
    Ok(line)
}

/// The move texts of a typed line: split at commas (`,` or `，`) if there is one, so that the AXF shorthand
/// `炮2 5` keeps its space, else at white space; white space around each text is dropped, and so are empty texts.
///
/// ```
/// use xiangqi::notation::split_move_texts;
///
/// assert_eq!(split_move_texts(" h2e2  h9g7\nb0c2 ").collect::<Vec<_>>(), ["h2e2", "h9g7", "b0c2"]);
/// assert_eq!(split_move_texts("炮2 5, 马8进7，,h0g2").collect::<Vec<_>>(), ["炮2 5", "马8进7", "h0g2"]);
/// assert_eq!(split_move_texts(" , ").count(), 0);
/// ```
pub fn split_move_texts(text: &str) -> impl Iterator<Item = &str> + '_ {
    let commas = text.contains([',', '，']);
    let pieces: Box<dyn Iterator<Item = &str>> =
        if commas { Box::new(text.split([',', '，']).map(str::trim)) } else { Box::new(text.split_whitespace()) };
    pieces.filter(|piece| !piece.is_empty())
}

/// Why a text of a line cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineProblem {
    /// The text names no legal move of the position (or is no move at all).
    Move(MoveTextError),
    /// The game ended on the board before this text: the side to move is checkmated or stalemated, and no move
    /// is legal (a text that is no move at all is a [`LineProblem::Move`] even then).
    GameOver(Outcome),
}

impl LineProblem {
    /// The stable word for this problem in JSON: the [`MoveTextError::kind_name`] of the text, or `game_over`.
    pub const fn kind_name(&self) -> &'static str {
        match self {
            LineProblem::Move(err) => err.kind_name(),
            LineProblem::GameOver(_) => "game_over",
        }
    }
}

/// A text of a line that cannot be played: its ply, the text, why, and the line read before it.
///
/// `Display` writes ``ply 2, move `zz`: WHY``, where WHY is the move text's error (without naming the text
/// again), or `the game is over: red wins by checkmate`; a text that is no move at all is also told what moves
/// look like in the notation it was read in (see [`Notation::forms`]).
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{parse_line, Notation};
///
/// // After 1. h2e2 h9g7 the horse on h0 cannot go to f1: the elephant on g0 blocks its leg.
/// let err = parse_line(&Position::new(), ["h2e2", "h9g7", "马二进四"], Notation::Any).unwrap_err();
/// assert_eq!(err.to_string(), "ply 3, move `马二进四`: no legal move fits it: the horse on h0 cannot move to f1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The ply of the text, counted from 1 at the start position.
    pub ply: usize,
    /// The text, as given.
    pub text: String,
    /// Why it cannot be played.
    pub problem: LineProblem,
    /// The notation it was read in.
    pub notation: Notation,
    /// The line read before it (plies 1 to `ply − 1`).
    pub read: Box<MoveLine>,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}, move `{}`: ", self.ply, Escaped(&self.text))?;
        match &self.problem {
            LineProblem::Move(err @ (MoveTextError::Empty | MoveTextError::Syntax(_))) => {
                write!(f, "{} ({})", err.reason(), self.notation.forms())
            }
            LineProblem::Move(err) => write!(f, "{}", err.reason()),
            LineProblem::GameOver(outcome) => write!(f, "the game is over: {outcome}"),
        }
    }
}

impl core::error::Error for LineError {}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;

    use super::*;
    use crate::MoveFormat;

    #[test]
    fn a_text_after_the_end_of_the_game_is_said_to_come_after_it() {
        // The rook on a8 holds rank 8; the other one mates on rank 9.
        let start = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3R w").unwrap();
        let mut line = MoveLine::new(start);
        line.read("i0i9", Notation::Any).unwrap();
        let err = line.read("d9d8", Notation::Any).unwrap_err();
        assert!(matches!(err.problem, LineProblem::GameOver(Outcome::Checkmate { .. })), "{err:?}");
        assert_eq!(err.to_string(), "ply 2, move `d9d8`: the game is over: red wins by checkmate");
        assert_eq!(err.problem.kind_name(), "game_over");
        // A text that is no move at all says so even then.
        let err = line.read("zz", Notation::Format(MoveFormat::Ucci)).unwrap_err();
        assert_eq!(err.problem.kind_name(), "move_syntax");
        assert_eq!(
            err.to_string(),
            "ply 2, move `zz`: syntax error at byte 0: expected a file a-i, found `z` \
             (not a ucci move: ucci writes 炮二平五 as h2e2)"
        );
        assert_eq!(line.len(), 1);
        assert_eq!(err.read.moves(), line.moves());
    }

    #[test]
    fn an_empty_text_is_told_the_forms() {
        let err = parse_line(&Position::new(), ["h2e2", " "], Notation::Any).unwrap_err();
        assert_eq!(
            err.to_string(),
            "ply 2, move ` `: the move text is empty (moves are read in any notation: iccs H2-E2, ucci h2e2, \
             fairy-uci h3e3, chinese 炮二平五, wxf C2.5, axf 炮2=5)"
        );
    }

    #[test]
    fn play_takes_legal_moves_only_and_keeps_every_position() {
        let mut line = MoveLine::new(Position::new());
        assert!(line.play("h2h8".parse().unwrap()).is_err());
        line.play("h2e2".parse().unwrap()).unwrap();
        assert_eq!(line.positions().len(), 2);
        assert_eq!(line.steps().len(), 1);
        assert_eq!(line.start(), &Position::new());
        assert_eq!(
            line.end_position().to_string(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
        );
        assert_eq!(line.clone().into_moves(), ["h2e2".parse::<Move>().unwrap()]);
    }
}
