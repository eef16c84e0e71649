//! Every call into the adjudicator, and the words of its rulings, in one place.
//!
//! The rest of the crate (and the page) sees only [`judge`], [`facing_kings`], [`word`] and the plain
//! report types below, so a change of the adjudicator's API is absorbed here.

use serde::Serialize;
use xiangqi::adjudicator::{rules, Game, History, MoveClass, PlayError, RuleBook, Ruling, Verdict};
use xiangqi::board::{Move, Position, Setup};

/// The word of a ruling, as the `adjudicate` example prints it and as the page shows it in `<output id="verdict">`:
/// `continue`, `red_must_change`, `black_must_change`, `draw_next_cycle` (warnings), `red_loses`, `black_loses`,
/// `draw` (final).
pub fn word(ruling: Ruling) -> &'static str {
    use xiangqi::board::Color::{Black, Red};
    match ruling {
        Ruling::Continue => "continue",
        Ruling::MustChange(Red) => "red_must_change",
        Ruling::MustChange(Black) => "black_must_change",
        Ruling::DrawNextCycle => "draw_next_cycle",
        Ruling::Loses(Red) => "red_loses",
        Ruling::Loses(Black) => "black_loses",
        Ruling::Draw => "draw",
    }
}

/// One rule book's ruling on a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BookRuling {
    /// The rule set's short name: `axf`, `roc`, `prc1956` or `cxa` (the ids of the page's `verdict-…` elements).
    pub id: String,
    /// The book, e.g. `AXF 2008`.
    pub book: String,
    /// The ruling's [`word`].
    pub word: &'static str,
    /// The cited items joined by ` + `, then the note in parentheses (empty for `continue`).
    pub rule: String,
    /// `WORD RULE` (just `WORD` when there is no rule): the line the `adjudicate` example prints after `verdict: `.
    pub verdict: String,
    /// The cited items, most specific first.
    pub rules: Vec<String>,
    /// The note for the arbiter.
    pub note: String,
    /// The 1-based ply after which the book's ruling became what it is now: the warning, or the final ruling
    /// (`None` while play goes on, and for a setup ruling).
    pub ply: Option<usize>,
    /// Whether the ruling ends the game (`red_loses`, `black_loses`, `draw`) rather than warns.
    pub is_final: bool,
}

impl BookRuling {
    fn new(rules: RuleBook, verdict: &Verdict, ply: Option<usize>) -> BookRuling {
        let word = word(verdict.ruling);
        let rule = verdict.rule_text();
        let line = if rule.is_empty() { word.to_owned() } else { format!("{word} {rule}") };
        BookRuling {
            id: rules.to_string(),
            book: rules.name().to_owned(),
            word,
            rule,
            verdict: line,
            rules: verdict.rules.iter().map(ToString::to_string).collect(),
            note: verdict.note.clone(),
            ply,
            is_final: verdict.ruling.is_final(),
        }
    }
}

/// A threat that is a new chase (AXF 2008 definition), for display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Chase {
    /// The attacker's square, e.g. `b7`.
    pub attacker: String,
    /// The attacker in FEN letters (`R`, `c`).
    pub attacker_piece: char,
    /// The target's square.
    pub target: String,
    /// The target in FEN letters.
    pub target_piece: char,
    /// Why the threat counts: `unprotected`, `fake_root`, …
    pub reasons: Vec<String>,
}

/// The classification of one move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Classification {
    /// What the move does: `capture`, `check`, `mate_threat`, `chase`, `exchange`, `sacrifice`, `block`,
    /// `follow`, `idle`, `threat_to_win_by_check` (the page's per-move CSS classes).
    pub kinds: Vec<String>,
    /// The new chases and their targets.
    pub chases: Vec<Chase>,
    /// The classifier's own one-line summary, e.g. `b0b7 red rook: chase [Rb7xca7 unprotected]`.
    pub text: String,
}

/// The adjudication of a game: every move classified, and each rule book's first ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Judgement {
    /// One classification per move, in order.
    pub moves: Vec<Classification>,
    /// The rulings of AXF 2008, ROC 2007, PRC 1956 and CXA, in that order (AXF 2008, the default, first).
    pub books: Vec<BookRuling>,
}

/// Lower-case names of the flags set in a bit set (`MATE_THREAT` → `mate_threat`).
fn names<F>(flags: impl Iterator<Item = (&'static str, F)>) -> Vec<String> {
    flags.map(|(name, _)| name.to_ascii_lowercase()).collect()
}

fn classification(class: &MoveClass) -> Classification {
    let chases = class
        .chases()
        .map(|t| Chase {
            attacker: t.attacker.to_string(),
            attacker_piece: t.attacker_piece.fen_char(),
            target: t.target.to_string(),
            target_piece: t.target_piece.fen_char(),
            reasons: names(t.reasons.iter_names()),
        })
        .collect();
    Classification { kinds: names(class.flags.iter_names()), chases, text: class.to_string() }
}

/// Plays `moves` from `start` under every rule book (the arbiter's procedure, as the `adjudicate` example): classifies
/// each move and records, per book, what the rules say after the last move and the ply at which that ruling came.
/// Every move is played and classified; once a book's ruling is final it stands (the adjudicator keeps it).
///
/// # Errors
/// [`PlayError`] for the first illegal move (its 0-based index).
pub fn judge(start: &Position, moves: &[Move]) -> Result<Judgement, PlayError> {
    // Per book: the game, the ruling after the last move played, and the ply that ruling came at.
    let mut games: Vec<(Game, Ruling, Option<usize>)> =
        RuleBook::ALL.iter().map(|&rules| (Game::new(start.clone(), rules), Ruling::Continue, None)).collect();
    let mut history = History::new(start.clone());
    for (index, &mv) in moves.iter().enumerate() {
        history.push(mv)?;
        for (game, ruling, ruled_at) in &mut games {
            // A final ruling stands: the game takes no more moves.
            if game.is_over() {
                continue;
            }
            let Ok(status) = game.play(mv) else { continue };
            if status.ruling != *ruling {
                *ruling = status.ruling;
                *ruled_at = (status.ruling != Ruling::Continue).then_some(index + 1);
            }
        }
    }
    let options = games.first().map(|(game, ..)| game.book_options()).unwrap_or_default();
    let moves = history.classify_range(0, history.len(), &options);
    Ok(Judgement {
        moves: moves.iter().map(classification).collect(),
        books: games.iter().map(|(game, _, ply)| BookRuling::new(game.book(), game.verdict(), *ply)).collect(),
    })
}

/// The rulings of every book on a setup whose kings face each other (not a position the board accepts), or
/// `None` if they do not face each other.
pub fn facing_kings(setup: &Setup) -> Option<Vec<BookRuling>> {
    RuleBook::ALL
        .iter()
        .map(|&rules| rules::facing_kings_ruling(rules, setup).map(|verdict| BookRuling::new(rules, &verdict, None)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::board::Color;

    #[test]
    fn words_are_the_rulings_display() {
        for ruling in [
            Ruling::Continue,
            Ruling::DrawNextCycle,
            Ruling::Draw,
            Ruling::Loses(Color::Red),
            Ruling::Loses(Color::Black),
            Ruling::MustChange(Color::Red),
            Ruling::MustChange(Color::Black),
        ] {
            assert_eq!(word(ruling), ruling.to_string());
        }
    }
}
