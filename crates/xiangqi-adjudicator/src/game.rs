//! [`Game`]: a game in progress under a rule book — moves played one at a time and ruled at once, taken back and
//! played again, with the moves the book forbids now.
//!
//! A game is a [`History`] and, for each of its positions, what the rules say there (an index into the rulings
//! given so far, the number of legal moves, the plies counted towards the move limit). A move costs a legality
//! check, the move, the legal-move count of the new position and, only when a position repeats, the
//! classification of the repetition window; taking it back pops what it pushed.

use alloc::{format, string::String, vec::Vec};

use xiangqi_board::{Bitboard, Board, Color, FenError, GameResult, Move, MoveList, Outcome, Position, ReadText};

use crate::book::RuleBook;
use crate::citation::RuleRef;
use crate::classify::{ClassifyOptions, MoveClass};
use crate::game_error::GameError;
use crate::history::{Classified, History};
use crate::move_limit;
use crate::procedure::Procedure;
use crate::rules::{judge, RuleTable};
use crate::ruling::Ruling;
use crate::status::GameStatus;
use crate::termination::Termination;
use crate::verdict::Verdict;

/// What the rules say while no ruling is in force.
static CONTINUE: Verdict = Verdict::continue_play();

/// A warning or a final ruling, as given.
#[derive(Clone, Debug)]
struct Ruled {
    verdict: Verdict,
    /// The plies played when it was given.
    at: usize,
    /// For a warning: the moves of the last cycle before it; played once more, the warning becomes final.
    cycle: Vec<Move>,
}

/// What the rules say in one position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlyState {
    /// The ruling in force, an index into [`Game::rulings`].
    ruling: Option<usize>,
    /// The number of legal moves.
    legal_moves: u16,
    /// The plies counted towards the move limit.
    counted: usize,
}

/// A warning in force, as the rules read it: its verdict, when it was given (plies of the history it is read
/// against) and its cycle.
#[derive(Clone, Copy)]
struct Warning<'a> {
    verdict: &'a Verdict,
    at: usize,
    cycle: &'a [Move],
}

/// What a move leads to.
enum Next {
    /// A final ruling.
    Final(Verdict),
    /// A new warning, with the cycle that makes it final.
    Warning(Verdict, Vec<Move>),
    /// The warning in force stands: the cycle goes on as before it.
    Stands,
    /// No ruling.
    Continue,
}

/// A game in progress under a rule book: moves are played one at a time ([`Game::play`], [`Game::play_text`]),
/// and after each the game says what the rules say now ([`Game::status`], [`Game::verdict`]) — play goes on, a
/// warning is in force, or the game is over (checkmate, stalemate, a repetition decided, the natural move limit).
/// Moves can be taken back and played again ([`Game::undo`], [`Game::redo`]), and the game lists the moves the
/// book forbids now ([`Game::forbidden_moves`]). With `serde` a game is saved as its start position, moves, book
/// and procedure, and restored by replaying them.
///
/// ```
/// use xiangqi::adjudicator::{Game, GameError, RuleBook, Ruling, Termination};
/// use xiangqi::board::{Color, GameResult};
///
/// // The red rook chases the unprotected black cannon from a5 to b5 and back (AXF 2008 棋例 §13).
/// let mut game = Game::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1", RuleBook::Axf2008)?;
/// let cycle = ["a7b7", "a5b5", "b7a7", "b5a5"];
/// game.play_text("b5a5")?;
/// for mv in cycle.iter().chain(&cycle) {
///     game.play_text(mv)?;
/// }
/// // The third occurrence: Red is warned (第一章七(G)3).
/// let status = game.status();
/// assert_eq!((status.ply, status.ruling), (9, Ruling::MustChange(Color::Red)));
/// assert_eq!(status.rule.unwrap().to_string(), "AXF 2008 棋例 §13");
/// // The cycle once more: the position after black's move occurs for the fourth time, and red loses.
/// for mv in &cycle[..3] {
///     game.play_text(mv)?;
/// }
/// assert!(game.is_over());
/// assert_eq!(game.result(), (GameResult::BlackWins, Some(Termination::PerpetualChase)));
/// assert!(matches!(game.play_text("b5a5"), Err(GameError::Over { ply: 13, .. })));
/// // Take the last move back: the warning is in force again.
/// game.undo();
/// assert_eq!(game.status().ruling, Ruling::MustChange(Color::Red));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    history: History,
    book: RuleBook,
    options: ClassifyOptions,
    procedure: Procedure,
    /// Every warning and final ruling given so far, in the order they were given.
    rulings: Vec<Ruled>,
    /// What the rules say in each position of the history: `states[ply]`, `states[0]` for the start.
    states: Vec<PlyState>,
    /// The moves taken back, the last one taken back last.
    redo: Vec<Move>,
    /// The moves of the last repetition window judged, as classified: a move is classified once in a game.
    classified: Classified,
}

impl Game {
    /// A game from `start` under `book`, with the default [`ClassifyOptions`] and the arbiter's [`Procedure`].
    ///
    /// The start position is ruled at once: a side to move that is mated or stalemated has lost, and a half-move
    /// clock at the book's move limit draws the game.
    pub fn new(start: Position, book: RuleBook) -> Game {
        Game::with_options(start, book, ClassifyOptions::default())
    }

    /// A game from a FEN (its half-move clock and move number are kept) under `book`.
    ///
    /// ```
    /// use xiangqi::adjudicator::{Game, RuleBook, Ruling, Termination};
    ///
    /// // 100 plies without a capture: the AXF 2008 limit (第二章第八节) is already reached.
    /// let game = Game::from_fen("4k4/9/9/9/r8/9/9/9/R8/3K5 w - - 100 60", RuleBook::Axf2008)?;
    /// assert_eq!(game.status().ruling, Ruling::Draw);
    /// assert_eq!(game.verdict().termination, Some(Termination::MoveLimit));
    /// # Ok::<_, xiangqi::board::FenError>(())
    /// ```
    ///
    /// # Errors
    /// [`FenError`] if the text is no FEN or the position is illegal.
    pub fn from_fen(fen: &str, book: RuleBook) -> Result<Game, FenError> {
        Ok(Game::new(Position::from_fen(fen)?, book))
    }

    /// A game with explicit classification options.
    pub fn with_options(start: Position, book: RuleBook, options: ClassifyOptions) -> Game {
        let mut game = Game {
            history: History::new(start),
            book,
            options,
            procedure: Procedure::Arbiter,
            rulings: Vec::new(),
            states: Vec::with_capacity(32),
            redo: Vec::new(),
            classified: Classified::default(),
        };
        let legal_moves = game.history.current().count_legal_moves();
        let counted = move_limit::claimable_plies(&game.history, &book.table().move_limit);
        let next = match end_of_game(game.history.current(), book.table(), legal_moves, game.history.in_check()) {
            Some(verdict) => Next::Final(verdict),
            None => move_limit::draw(counted, &book.table().move_limit, book).map_or(Next::Continue, Next::Final),
        };
        game.record_ruling(next, legal_moves, counted);
        game
    }

    /// The game with `procedure` for its repetition rulings. Meant for a new game; the moves of a game already
    /// begun are played again under it (and under [`Procedure::Forbid`] the first move it refuses is taken back
    /// with all after it).
    ///
    /// ```
    /// use xiangqi::adjudicator::{Game, Procedure, RuleBook, Ruling};
    /// use xiangqi::board::{Color, Position};
    ///
    /// let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1")?;
    /// let mut game = Game::new(start, RuleBook::Axf2008).with_procedure(Procedure::Immediate);
    /// for mv in "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7".split(' ') {
    ///     game.play_text(mv)?;
    /// }
    /// // The start position occurs for the third time: red loses at once.
    /// assert_eq!(game.status().ruling, Ruling::Loses(Color::Red));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_procedure(mut self, procedure: Procedure) -> Game {
        self.procedure = procedure;
        self.replayed()
    }

    /// The same game from its start, with its settings, the moves played again (the settings may have changed).
    fn replayed(self) -> Game {
        if self.history.is_empty() {
            return self;
        }
        let mut game = Game::with_options(self.history.start().clone(), self.book, self.options);
        game.procedure = self.procedure;
        for &mv in self.history.moves() {
            if game.play_move(mv).is_err() {
                break;
            }
        }
        game
    }

    /// Plays a move and returns the status after it.
    ///
    /// # Errors
    /// [`GameError::Illegal`] for an illegal move, [`GameError::Over`] after a final ruling,
    /// [`GameError::Forbidden`] under [`Procedure::Forbid`] for a move of [`Game::forbidden_moves`]. The game is
    /// unchanged.
    pub fn play(&mut self, mv: Move) -> Result<GameStatus, GameError> {
        self.play_move(mv)?;
        self.redo.clear();
        Ok(self.status())
    }

    /// Plays a move written in any notation — UCCI `h2e2`, ICCS `H2-E2`, Chinese `炮二平五`, WXF `C2.5`, AXF
    /// `炮2=5` (the notation crate's `format::parse_any`) — and returns the status after it.
    ///
    /// # Errors
    /// [`GameError::Over`] after a final ruling (the text is not read), [`GameError::Text`] for a text that is
    /// no legal move of the position, and the errors of [`Game::play`]. The game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<GameStatus, GameError> {
        self.refuse_if_over()?;
        let ply = self.history.len() + 1;
        let mv = xiangqi_notation::format::parse_any(text, self.history.current())
            .map_err(|error| GameError::Text { ply, text: ReadText::new(text), error })?;
        self.play(mv)
    }

    /// [`GameError::Over`] if the game is over.
    fn refuse_if_over(&self) -> Result<(), GameError> {
        let verdict = self.verdict();
        if verdict.ruling.is_final() {
            return Err(GameError::Over { ply: self.history.len() + 1, ruling: verdict.ruling, rule: verdict.rule() });
        }
        Ok(())
    }

    /// Plays `mv` and records what the rules say after it; the redo list is left alone.
    fn play_move(&mut self, mv: Move) -> Result<(), GameError> {
        self.refuse_if_over()?;
        if self.procedure == Procedure::Forbid && self.forbidden_moves().contains(&mv) {
            let side = self.history.current().turn();
            let rule = self.verdict().rule();
            return Err(GameError::Forbidden { ply: self.history.len() + 1, mv, side, rule });
        }
        self.history.push(mv)?;
        let mut classified = core::mem::take(&mut self.classified);
        let (next, legal_moves, counted) = self.next(&self.history, self.warning(), &mut classified);
        self.classified = classified;
        self.record_ruling(next, legal_moves, counted);
        Ok(())
    }

    /// Records what the rules say in the position just reached.
    fn record_ruling(&mut self, next: Next, legal_moves: usize, counted: usize) {
        let standing = self.states.last().and_then(|state| state.ruling);
        let at = self.history.len();
        let ruling = match next {
            Next::Final(verdict) => {
                self.rulings.push(Ruled { verdict, at, cycle: Vec::new() });
                Some(self.rulings.len() - 1)
            }
            Next::Warning(verdict, cycle) => {
                self.rulings.push(Ruled { verdict, at, cycle });
                Some(self.rulings.len() - 1)
            }
            Next::Stands => standing,
            Next::Continue => None,
        };
        // At most 128 legal moves (the board's `MAX_MOVES`).
        let legal_moves = u16::try_from(legal_moves).unwrap_or(u16::MAX);
        self.states.push(PlyState { ruling, legal_moves, counted });
    }

    /// The warning in force now, if any.
    fn warning(&self) -> Option<Warning<'_>> {
        let ruled = &self.rulings[self.states.last()?.ruling?];
        ruled.verdict.ruling.is_warning().then_some(Warning {
            verdict: &ruled.verdict,
            at: ruled.at,
            cycle: &ruled.cycle,
        })
    }

    /// What the rules say after the last move of `history`, with `warning` in force before it: the next ruling,
    /// the legal moves of the position and the plies counted towards the move limit. The one place a game's
    /// rulings are decided, for the moves played and for the moves tried by [`Game::forbidden_moves`].
    /// `classified` holds the moves of `history` classified before, and gets those of a window judged now.
    fn next(
        &self,
        history: &History,
        warning: Option<Warning<'_>>,
        classified: &mut Classified,
    ) -> (Next, usize, usize) {
        let table = self.book.table();
        let pos = history.current();
        let legal_moves = pos.count_legal_moves();
        let counted = move_limit::claimable_plies(history, &table.move_limit);
        if let Some(verdict) = end_of_game(pos, table, legal_moves, history.in_check()) {
            return (Next::Final(verdict), legal_moves, counted);
        }
        if let Some(warning) = warning {
            let played = history.len().saturating_sub(warning.at);
            let expected = played.checked_sub(1).and_then(|index| warning.cycle.get(index));
            if expected.is_some() && expected == history.moves().last() {
                if played == warning.cycle.len() {
                    return (Next::Final(repeated_after_warning(warning.verdict)), legal_moves, counted);
                }
                // The cycle goes on as before the warning: the warning stands.
                return (Next::Stands, legal_moves, counted);
            }
            // A side changed: the warning lapses and the game goes on.
        }
        if let Some(repetition) = history.repetition(table.clauses.occurrences) {
            let window = history.classify_window_with(&repetition, &self.book_options(), classified);
            let verdict = judge(table, repetition, window);
            if verdict.ruling.is_final() {
                return (Next::Final(verdict), legal_moves, counted);
            }
            if verdict.ruling.is_warning() {
                if self.procedure == Procedure::Immediate {
                    return (Next::Final(decided_at_once(verdict)), legal_moves, counted);
                }
                let cycle = history.moves()[history.len() - repetition.cycle_plies..].to_vec();
                return (Next::Warning(verdict, cycle), legal_moves, counted);
            }
        }
        let next = move_limit::draw(counted, &table.move_limit, self.book).map_or(Next::Continue, Next::Final);
        (next, legal_moves, counted)
    }

    /// Takes the last move back and returns it (None at the start): the game is exactly as it was before the
    /// move, its status too. The move can be played again with [`Game::redo`].
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        self.states.pop();
        self.classified.truncate(self.history.len());
        let ply = self.history.len();
        while self.rulings.last().is_some_and(|ruled| ruled.at > ply) {
            self.rulings.pop();
        }
        self.redo.push(mv);
        Some(mv)
    }

    /// Plays the move last taken back again and returns it (None if there is none, or if a move was played
    /// since): the status is the one the move had before it was taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = self.redo.pop()?;
        // The same move in the same position under the same rules is ruled as before: it cannot be refused.
        match self.play_move(mv) {
            Ok(()) => Some(mv),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// The status now: the ruling in force, check, the legal moves, the move-limit count and the cycle.
    pub fn status(&self) -> GameStatus {
        let state = self.state();
        let verdict = self.verdict();
        let pos = self.history.current();
        let in_check = self.history.in_check();
        let outcome = (state.legal_moves == 0).then(|| {
            let winner = pos.turn().other();
            if in_check {
                Outcome::Checkmate { winner }
            } else {
                Outcome::Stalemate { winner }
            }
        });
        GameStatus {
            ply: self.history.len(),
            fen: pos.clone(),
            ruling: verdict.ruling,
            rule: verdict.rule(),
            over: verdict.ruling.is_final(),
            in_check,
            legal_moves: usize::from(state.legal_moves),
            outcome,
            move_limit_plies: state.counted,
            cycle: self.history.cycle(),
        }
    }

    /// The state of the current position (`states` always holds the start position's).
    fn state(&self) -> PlyState {
        self.states.last().copied().unwrap_or(PlyState { ruling: None, legal_moves: 0, counted: 0 })
    }

    /// What the rules say now, in full: the final ruling if the game is over, else the warning in force, else
    /// [`Ruling::Continue`]; with the cited items, the note and the evidence.
    pub fn verdict(&self) -> &Verdict {
        match self.states.last().and_then(|state| state.ruling) {
            Some(index) => &self.rulings[index].verdict,
            None => &CONTINUE,
        }
    }

    /// What the rules said after `ply` plies (0: in the start position), if the game has that many.
    pub fn verdict_at(&self, ply: usize) -> Option<&Verdict> {
        let state = self.states.get(ply)?;
        Some(state.ruling.map_or(&CONTINUE, |index| &self.rulings[index].verdict))
    }

    /// Whether a final ruling has been given ([`Ruling::is_final`]): no move can be played.
    pub fn is_over(&self) -> bool {
        self.verdict().ruling.is_final()
    }

    /// The result of the game and why it ended: the final ruling's [`Ruling::game_result`] and
    /// [`Verdict::termination`], or [`GameResult::Unknown`] and None while the game goes on.
    pub fn result(&self) -> (GameResult, Option<Termination>) {
        let verdict = self.verdict();
        match verdict.ruling.is_final() {
            true => (verdict.ruling.game_result(), verdict.termination),
            false => (GameResult::Unknown, None),
        }
    }

    /// The legal moves the book forbids now: those that complete a forbidden repetition of the side to move, so
    /// that it loses by it — at once, or when the opponent completes the cycle with its reply. Under the
    /// arbiter's procedure (and [`Procedure::Forbid`], which refuses them) that is the side's last move of the
    /// cycle it was warned of, played once more; under [`Procedure::Immediate`] the moves after which the
    /// position, or the position after a reply, occurs for the third time with the side as the offender. Empty
    /// when the game is over.
    ///
    /// Only the lines that can repeat a position are tried — the warned cycle's next moves, or the moves (and
    /// replies) that lead back to a position of the game since the last capture — each on a copy of the game
    /// since the last capture, ruled as [`Game::play`] rules it; so the call is cheap enough to make after every
    /// move. These are the moves a UCCI engine is told with `banmoves`.
    ///
    /// ```
    /// use xiangqi::adjudicator::{Game, GameError, Procedure, RuleBook, Ruling};
    /// use xiangqi::board::Color;
    ///
    /// let mut game = Game::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1", RuleBook::Axf2008)?
    ///     .with_procedure(Procedure::Forbid);
    /// for mv in "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7".split(' ') {
    ///     game.play_text(mv)?;
    /// }
    /// // Warned at the third occurrence (ply 8), red may not play its last move of the cycle once more: black's
    /// // reply would complete it.
    /// assert_eq!(game.status().ruling, Ruling::MustChange(Color::Red));
    /// assert_eq!(game.forbidden_moves().to_vec(), ["a5b5".parse()?]);
    /// let refused = game.play_text("a5b5").unwrap_err();
    /// assert!(matches!(refused, GameError::Forbidden { ply: 11, .. }));
    /// assert_eq!(
    ///     refused.to_string(),
    ///     "ply 11: a5b5 is forbidden: red would repeat the cycle it was warned of (AXF 2008 棋例 §13)"
    /// );
    /// game.play_text("a5a4")?; // red changes
    /// assert_eq!(game.status().ruling, Ruling::Continue);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn forbidden_moves(&self) -> MoveList {
        let mut forbidden = MoveList::new();
        if self.is_over() {
            return forbidden;
        }
        let mover = self.history.current().turn();
        for (mv, reply) in self.repeating_lines() {
            if !forbidden.contains(&mv) && self.loses_by(mv, reply, mover) {
                forbidden.push(mv);
            }
        }
        forbidden
    }

    /// The lines (a move of the side to move, and maybe the opponent's reply) that can end in a repetition
    /// ruled against the side to move: the candidates [`Game::forbidden_moves`] tries.
    fn repeating_lines(&self) -> Vec<(Move, Option<Move>)> {
        let pos = self.history.current();
        let mover = pos.turn();
        let mut lines = Vec::new();
        match self.procedure {
            Procedure::Arbiter | Procedure::Forbid => {
                // Only the warned cycle played once more gives a final ruling against the side: its next move,
                // if the cycle ends with it or with the reply after it.
                if let Some(warning) = self.warning().filter(|w| w.verdict.ruling == Ruling::MustChange(mover)) {
                    let played = self.history.len().saturating_sub(warning.at);
                    match warning.cycle.get(played..) {
                        Some(&[mv]) => lines.push((mv, None)),
                        Some(&[mv, reply]) => lines.push((mv, Some(reply))),
                        _ => {}
                    }
                }
            }
            Procedure::Immediate => {
                // A position since the last capture that has occurred often enough, one move (or a move and a
                // reply) away: the pieces that differ tell the move (and the reply).
                let occurrences = self.book.table().clauses.occurrences.max(2) - 1;
                let board = pos.board();
                let (mine, theirs) = (board.by_color(mover), board.by_color(mover.other()));
                for earlier in &self.history.positions()[self.history.reversible_from()..self.history.len()] {
                    if !self.history.may_have_occurred(earlier.key(), occurrences) {
                        continue;
                    }
                    let then = earlier.board();
                    let Some(mv) = moved(board, then, mine, then.by_color(mover)) else { continue };
                    let line = if earlier.turn() == mover {
                        let Some(reply) = moved(board, then, theirs, then.by_color(mover.other())) else { continue };
                        (mv, Some(reply))
                    } else if theirs == then.by_color(mover.other()) {
                        (mv, None)
                    } else {
                        continue;
                    };
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
        }
        lines
    }

    /// Whether `mv` (and then `reply`) would make `mover` lose by repetition: tried on a copy of the game since
    /// the last capture, ruled as [`Game::play`] rules it (under the arbiter's procedure for
    /// [`Procedure::Forbid`], which would refuse the move instead).
    fn loses_by(&self, mv: Move, reply: Option<Move>, mover: Color) -> bool {
        let from = self.history.reversible_from();
        let state = self.state();
        let mut rulings = Vec::new();
        let ruling = match state.ruling {
            Some(index) => {
                let ruled = &self.rulings[index];
                rulings.push(Ruled { at: ruled.at.saturating_sub(from), ..ruled.clone() });
                Some(0)
            }
            None => None,
        };
        let mut scratch = Game {
            history: self.history.suffix(from),
            book: self.book,
            options: self.options,
            procedure: if self.procedure == Procedure::Forbid { Procedure::Arbiter } else { self.procedure },
            rulings,
            states: alloc::vec![PlyState { ruling, ..state }],
            redo: Vec::new(),
            classified: self.classified.suffix(from),
        };
        let loses = |game: &Game| game.verdict().ruling == Ruling::Loses(mover);
        if scratch.play_move(mv).is_err() {
            return false;
        }
        if loses(&scratch) {
            return true;
        }
        reply.is_some_and(|reply| scratch.play_move(reply).is_ok() && loses(&scratch))
    }

    /// The recorded history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.current()
    }

    /// The plies played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// The rule book.
    pub fn book(&self) -> RuleBook {
        self.book
    }

    /// The repetition procedure.
    pub fn procedure(&self) -> Procedure {
        self.procedure
    }

    /// The classification of every move played so far, as the book reads it (see [`Game::book_options`]).
    pub fn classify_all(&self) -> Vec<MoveClass> {
        self.history.classify_range(0, self.history.len(), &self.book_options())
    }

    /// The classification options the book's table asks for on top of the game's: material gain
    /// ([`RuleTable::material_gain`]) and the mate-threat depth ([`RuleTable::mate_threat_depth`]; a game whose
    /// options turn mate threats off, depth 0, keeps them off).
    pub fn book_options(&self) -> ClassifyOptions {
        let table = self.book.table();
        let depth = match self.options.mate_threat_depth {
            0 => 0,
            depth => depth.max(table.mate_threat_depth),
        };
        ClassifyOptions {
            material_gain: self.options.material_gain || table.material_gain,
            mate_threat_depth: depth,
            ..self.options
        }
    }
}

/// The move of one of `side_then`'s pieces that turns `now` into `then` as far as that side is concerned (`side_now`
/// and `side_then` its pieces in each): one piece gone from a square and the same piece on another.
fn moved(now: &Board, then: &Board, side_now: Bitboard, side_then: Bitboard) -> Option<Move> {
    let from = (side_now & !side_then).single_square()?;
    let to = (side_then & !side_now).single_square()?;
    (now.piece_at(from) == then.piece_at(to)).then_some(Move::new(from, to))
}

/// Checkmate or stalemate (困毙) in `pos`, which has `legal_moves` legal moves: the side to move loses, by the
/// book's article.
fn end_of_game(pos: &Position, table: &RuleTable, legal_moves: usize, in_check: bool) -> Option<Verdict> {
    if legal_moves > 0 {
        return None;
    }
    let loser = pos.turn();
    let (section, note, termination) = if in_check {
        (table.game_end.checkmate, format!("checkmate: {} is mated", loser.name()), Termination::Checkmate)
    } else {
        let mut note = format!("stalemate, 困毙: {} has no legal move", loser.name());
        if !table.game_end.stalemate_note.is_empty() {
            note.push_str("; ");
            note.push_str(table.game_end.stalemate_note);
        }
        (table.game_end.stalemate, note, Termination::Stalemate)
    };
    Some(Verdict {
        ruling: Ruling::Loses(loser),
        rules: alloc::vec![RuleRef { book: table.book, section }],
        note,
        evidence: None,
        termination: Some(termination),
    })
}

/// The final ruling of a warning whose cycle was repeated once more.
fn repeated_after_warning(warning: &Verdict) -> Verdict {
    let note = match warning.ruling {
        Ruling::MustChange(side) => format!("{} repeated the cycle after the warning and loses", side.name()),
        _ => String::from("the cycle was repeated after the warning: the game is drawn"),
    };
    Verdict { ruling: warning.ruling.if_repeated(), note, ..warning.clone() }
}

/// The final ruling of a warning decided at the third occurrence ([`Procedure::Immediate`]).
fn decided_at_once(warning: Verdict) -> Verdict {
    let note = match warning.ruling {
        Ruling::MustChange(side) => format!("immediate procedure: {} loses at the third occurrence", side.name()),
        _ => String::from("immediate procedure: drawn at the third occurrence"),
    };
    Verdict { ruling: warning.ruling.if_repeated(), note, ..warning }
}
