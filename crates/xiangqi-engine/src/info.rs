//! [`Info`]: an engine's `info` line, read into typed fields, its principal variation checked against the
//! position.

use core::{fmt, time::Duration};

use xiangqi_board::{IllegalMove, Move, Position};
use xiangqi_notation::SyntaxError;

use crate::tokens::{rest, words, Word};
use crate::{Bound, Dialect, Score, ScoreValue};

/// What an engine reports while it searches (`info …`), as far as the line makes sense.
///
/// Every field is optional, since engines report different things: ElephantEye writes `info time 27 nodes 32379`
/// and `info depth 5 score 2 pv b9c7 i0i1` on separate lines (UCCI scores have no unit), Fairy-Stockfish and
/// Pikafish write `info depth 5 seldepth 5 multipv 1 score cp 108 nodes 695 nps 139000 … pv …`. Words that are not
/// understood are kept in [`Info::unknown`]; a number that does not read leaves its field empty and is kept
/// there too.
///
/// The principal variation is checked against the position the engine was given: its moves are read in the
/// engine's dialect and played one after the other, and the first move that does not read or is not legal ends
/// the variation, with a [`PvWarning`] that says which and why. Such a move is never played.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::engine::{Dialect, Info, ScoreValue};
///
/// let start = Position::new();
/// let info = Info::parse("info depth 5 score 2 pv b9c7 i0i1 h7e7", Dialect::Ucci, &start.play("h2e2".parse()?)?);
/// assert_eq!(info.depth, Some(5));
/// assert_eq!(info.score.map(|score| score.value), Some(ScoreValue::Centipawns(2)));
/// assert_eq!(info.pv.len(), 3);
///
/// // The third move of the variation is not legal: the variation ends before it.
/// let info = Info::parse("info depth 3 score cp 9 pv h3e3 h10g8 a1a10", Dialect::FairyUci, &start);
/// assert_eq!(info.pv.len(), 2);
/// let warning = info.pv_warning.unwrap();
/// assert_eq!(warning.to_string(), "pv move 3 `a1a10` cut: illegal move a0a9: the piece on a0 cannot move to a9");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The search depth in plies (`depth`).
    pub depth: Option<u32>,
    /// The selective depth (`seldepth`).
    pub seldepth: Option<u32>,
    /// Which of the best lines this is, 1 for the best (`multipv`).
    pub multipv: Option<u32>,
    /// The evaluation (`score cp N`, `score mate N`, UCCI's `score N`, with `lowerbound` or `upperbound`).
    pub score: Option<Score>,
    /// Win, draw and loss chances in per mille (`wdl W D L`).
    pub wdl: Option<[u32; 3]>,
    /// Nodes searched (`nodes`).
    pub nodes: Option<u64>,
    /// Nodes a second (`nps`).
    pub nps: Option<u64>,
    /// Endgame table hits (`tbhits`).
    pub tbhits: Option<u64>,
    /// How full the hash table is, in per mille (`hashfull`).
    pub hashfull: Option<u32>,
    /// The time searched so far (`time`, in milliseconds).
    pub time: Option<Duration>,
    /// The move being searched (`currmove`), if it is legal.
    pub currmove: Option<Move>,
    /// Its number among the moves searched (`currmovenumber`).
    pub currmovenumber: Option<u32>,
    /// The principal variation (`pv`), up to its first move that does not read or is not legal.
    pub pv: Vec<Move>,
    /// Why the principal variation was cut, if it was.
    pub pv_warning: Option<PvWarning>,
    /// A message to show (UCI `string …`, UCCI `message …`): the rest of the line.
    pub string: Option<String>,
    /// The words that were not understood, in order.
    pub unknown: Vec<String>,
}

/// A move of a principal variation that was cut, and why (see [`Info`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pv move {} `{text}` cut: {problem}", .index + 1)]
pub struct PvWarning {
    /// Its index in the variation (0-based; `Display` counts from 1).
    pub index: usize,
    /// The move as the engine wrote it.
    pub text: String,
    /// Why it was cut.
    pub problem: PvProblem,
}

/// Why a move of a principal variation was cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PvProblem {
    /// The text is no move of the engine's dialect.
    Syntax(SyntaxError),
    /// The move is not legal in the position the variation has reached.
    Illegal(IllegalMove),
}

impl fmt::Display for PvProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PvProblem::Syntax(err) => write!(f, "not a move: {err}"),
            PvProblem::Illegal(illegal) => write!(f, "{illegal}"),
        }
    }
}

/// The keywords of an `info` line that take the rest of the line.
const REST_OF_LINE: [&str; 2] = ["string", "message"];

/// Every keyword of an `info` line; a principal variation ends at the first of them.
const KEYWORDS: [&str; 17] = [
    "depth",
    "seldepth",
    "multipv",
    "score",
    "wdl",
    "nodes",
    "nps",
    "tbhits",
    "hashfull",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "string",
    "message",
    "cpuload",
    "refutation",
];

impl Info {
    /// Reads an `info` line (with or without the leading `info`) from an engine of `dialect` searching `pos`.
    /// Reading never fails; see [`Info`] for what is kept of a line that does not make sense.
    pub fn parse(line: &str, dialect: Dialect, pos: &Position) -> Info {
        let all = words(line);
        let skip = usize::from(all.first().is_some_and(|word| word.text == "info"));
        let words = &all[skip..];
        let mut info = Info::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i].text;
            let value = words.get(i + 1).map(|word| word.text);
            let consumed = match key {
                "depth" => set_number(&mut info.depth, value),
                "seldepth" => set_number(&mut info.seldepth, value),
                "multipv" => set_number(&mut info.multipv, value),
                "nodes" => set_number(&mut info.nodes, value),
                "nps" => set_number(&mut info.nps, value),
                "tbhits" => set_number(&mut info.tbhits, value),
                "hashfull" => set_number(&mut info.hashfull, value),
                "currmovenumber" => set_number(&mut info.currmovenumber, value),
                "time" => {
                    let mut ms: Option<u64> = None;
                    let used = set_number(&mut ms, value);
                    info.time = ms.map(Duration::from_millis);
                    used
                }
                "currmove" => {
                    info.currmove = value.and_then(|text| dialect.read_move(text).ok()).filter(|&mv| pos.is_legal(mv));
                    usize::from(info.currmove.is_some())
                }
                "score" => read_score(&mut info, &words[i + 1..]),
                "wdl" => read_wdl(&mut info, &words[i + 1..]),
                "pv" => read_pv(&mut info, &words[i + 1..], dialect, pos),
                _ if REST_OF_LINE.contains(&key) => {
                    info.string = Some(rest(line, &all, skip + i + 1).to_owned());
                    words.len() - i - 1
                }
                _ => 0,
            };
            if consumed == 0 {
                info.unknown.push(key.to_owned());
            }
            i += 1 + consumed;
        }
        info
    }
}

impl Info {
    /// Takes the fields that `newer` reports, keeping the others: the merged report of a search's lines.
    pub fn merge(&mut self, newer: Info) {
        fn take<T>(field: &mut Option<T>, newer: Option<T>) {
            if newer.is_some() {
                *field = newer;
            }
        }
        take(&mut self.depth, newer.depth);
        take(&mut self.seldepth, newer.seldepth);
        take(&mut self.multipv, newer.multipv);
        take(&mut self.score, newer.score);
        take(&mut self.wdl, newer.wdl);
        take(&mut self.nodes, newer.nodes);
        take(&mut self.nps, newer.nps);
        take(&mut self.tbhits, newer.tbhits);
        take(&mut self.hashfull, newer.hashfull);
        take(&mut self.time, newer.time);
        take(&mut self.currmove, newer.currmove);
        take(&mut self.currmovenumber, newer.currmovenumber);
        take(&mut self.string, newer.string);
        if !newer.pv.is_empty() || newer.pv_warning.is_some() {
            self.pv = newer.pv;
            self.pv_warning = newer.pv_warning;
        }
        self.unknown.extend(newer.unknown);
    }
}

/// Reads `value` into `field` and returns how many words it used (1, or 0 if it is not a number).
fn set_number<T: core::str::FromStr>(field: &mut Option<T>, value: Option<&str>) -> usize {
    match value.and_then(|text| text.parse().ok()) {
        Some(number) => {
            *field = Some(number);
            1
        }
        None => 0,
    }
}

/// `[cp | mate] N [lowerbound | upperbound]`; returns the words used.
fn read_score(info: &mut Info, words: &[Word<'_>]) -> usize {
    let (unit, number_at) = match words.first().map(|word| word.text) {
        Some("cp") => (Some(false), 1),
        Some("mate") => (Some(true), 1),
        _ => (None, 0),
    };
    let Some(number) = words.get(number_at).and_then(|word| word.text.parse::<i32>().ok()) else {
        return 0;
    };
    let value = if unit == Some(true) { ScoreValue::Mate(number) } else { ScoreValue::Centipawns(number) };
    let mut used = number_at + 1;
    let bound = match words.get(used).map(|word| word.text) {
        Some("lowerbound") => Bound::Lower,
        Some("upperbound") => Bound::Upper,
        _ => Bound::Exact,
    };
    used += usize::from(bound != Bound::Exact);
    info.score = Some(Score { value, bound });
    used
}

/// `W D L`; returns the words used.
fn read_wdl(info: &mut Info, words: &[Word<'_>]) -> usize {
    let numbers: Vec<u32> = words.iter().take(3).map_while(|word| word.text.parse().ok()).collect();
    match numbers[..] {
        [w, d, l] => {
            info.wdl = Some([w, d, l]);
            3
        }
        _ => 0,
    }
}

/// The moves of a principal variation up to the next keyword; returns the words used.
fn read_pv(info: &mut Info, words: &[Word<'_>], dialect: Dialect, pos: &Position) -> usize {
    let len = words.iter().position(|word| KEYWORDS.contains(&word.text)).unwrap_or(words.len());
    // A second `pv` in a line replaces the first.
    info.pv.clear();
    info.pv_warning = None;
    let mut current = pos.clone();
    for (index, word) in words[..len].iter().enumerate() {
        let problem = match dialect.read_move(word.text) {
            Err(err) => PvProblem::Syntax(err),
            Ok(mv) => match current.play(mv) {
                Ok(next) => {
                    info.pv.push(mv);
                    current = next;
                    continue;
                }
                Err(illegal) => PvProblem::Illegal(illegal),
            },
        };
        info.pv_warning = Some(PvWarning { index, text: word.text.to_owned(), problem });
        break;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Square;

    #[test]
    fn a_fairy_stockfish_line_is_read_whole() {
        let line = "info depth 5 seldepth 6 multipv 1 score cp 108 wdl 300 500 200 nodes 695 nps 139000 \
                    hashfull 3 tbhits 0 time 5 pv h10g8 e3c3 b10c8";
        let pos = Position::new().play(Move::new(Square::H2, Square::E2)).unwrap();
        let info = Info::parse(line, Dialect::FairyUci, &pos);
        assert_eq!(
            info,
            Info {
                depth: Some(5),
                seldepth: Some(6),
                multipv: Some(1),
                score: Some(Score { value: ScoreValue::Centipawns(108), bound: Bound::Exact }),
                wdl: Some([300, 500, 200]),
                nodes: Some(695),
                nps: Some(139_000),
                tbhits: Some(0),
                hashfull: Some(3),
                time: Some(Duration::from_millis(5)),
                pv: vec![
                    Move::new(Square::H9, Square::G7),
                    Move::new(Square::E2, Square::C2),
                    Move::new(Square::B9, Square::C7)
                ],
                ..Info::default()
            }
        );
    }

    #[test]
    fn bounds_mates_and_ucci_scores() {
        let pos = Position::new();
        let info = Info::parse("info depth 9 score cp -35 upperbound nodes 10", Dialect::Uci, &pos);
        assert_eq!(info.score, Some(Score { value: ScoreValue::Centipawns(-35), bound: Bound::Upper }));
        assert_eq!(info.nodes, Some(10));
        let info = Info::parse("info depth 0 score mate 0", Dialect::FairyUci, &pos);
        assert_eq!(info.score, Some(Score { value: ScoreValue::Mate(0), bound: Bound::Exact }));
        let info = Info::parse("info depth 6 score 4 pv c3c4 b9c7", Dialect::Ucci, &pos);
        assert_eq!(info.score, Some(Score { value: ScoreValue::Centipawns(4), bound: Bound::Exact }));
        assert_eq!(info.pv.len(), 2);
        let info = Info::parse("info time 27 nodes 32379", Dialect::Ucci, &pos);
        assert_eq!((info.time, info.nodes, info.depth), (Some(Duration::from_millis(27)), Some(32_379), None));
    }

    #[test]
    fn strings_messages_currmoves_and_unknown_words() {
        let pos = Position::new();
        let info = Info::parse("info string variant xiangqi startpos rnbakabnr", Dialect::FairyUci, &pos);
        assert_eq!(info.string.as_deref(), Some("variant xiangqi startpos rnbakabnr"));
        let info = Info::parse("info message 引擎 ready ", Dialect::Ucci, &pos);
        assert_eq!(info.string.as_deref(), Some("引擎 ready"));
        let info = Info::parse("info depth 7 currmove h2e2 currmovenumber 3", Dialect::Uci, &pos);
        assert_eq!((info.currmove, info.currmovenumber), (Some(Move::new(Square::H2, Square::E2)), Some(3)));
        let info = Info::parse("info depth x currmove a0a9 cpuload 12 sparkle", Dialect::Uci, &pos);
        assert_eq!(info.depth, None);
        assert_eq!(info.currmove, None, "not legal");
        assert_eq!(info.unknown, ["depth", "x", "currmove", "a0a9", "cpuload", "12", "sparkle"]);
    }

    #[test]
    fn merging_keeps_the_last_report_of_each_field() {
        let pos = Position::new();
        let mut info = Info::parse("info depth 5 score 2 pv b0c2", Dialect::Ucci, &pos);
        info.merge(Info::parse("info time 27 nodes 32379", Dialect::Ucci, &pos));
        assert_eq!((info.depth, info.nodes, info.pv.len()), (Some(5), Some(32_379), 1));
        info.merge(Info::parse("info depth 6 score -3 pv h2e2 h9g7", Dialect::Ucci, &pos));
        assert_eq!(info.depth, Some(6));
        assert_eq!(info.score, Some(Score { value: ScoreValue::Centipawns(-3), bound: Bound::Exact }));
        assert_eq!((info.time, info.pv.len()), (Some(Duration::from_millis(27)), 2));
    }

    #[test]
    fn a_pv_is_cut_at_its_first_bad_move() {
        let pos = Position::new();
        let info = Info::parse("info pv h2e2 h9g7 zz9 h0g2", Dialect::Ucci, &pos);
        assert_eq!(info.pv.len(), 2);
        let warning = info.pv_warning.unwrap();
        assert_eq!(warning.index, 2);
        assert!(matches!(warning.problem, PvProblem::Syntax(_)));
        assert!(warning.to_string().starts_with("pv move 3 `zz9` cut: not a move: "), "{warning}");
        // Ranks of the other dialect: `h3e3` is a legal-looking UCCI move, but not legal from the start.
        let info = Info::parse("info depth 1 pv h3e3", Dialect::Ucci, &pos);
        assert!(info.pv.is_empty());
        assert!(matches!(info.pv_warning.unwrap().problem, PvProblem::Illegal(_)));
        // A pv ends at the next keyword; a second one replaces it (found by the fuzz target).
        let info = Info::parse("info pv h2e2 depth 4", Dialect::Ucci, &pos);
        assert_eq!((info.pv.len(), info.depth), (1, Some(4)));
        let info = Info::parse("info pv h2e2 x pv h2e2", Dialect::Ucci, &pos);
        assert_eq!((info.pv.len(), info.pv_warning), (1, None));
    }
}
