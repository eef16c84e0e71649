//! [`GameRecord`]: a game record independent of the file format — tags, start position, the main line with its
//! variations and comments, and the result.

use xiangqi_board::{GameResult, Move, Position};

/// The tags of a game (`Event`, `Red`, `Date`, …) in the order they were read or inserted.
///
/// Names are PGN tag names and are compared exactly (case matters). The readers map the fields of the binary
/// and DhtmlXQ formats onto PGN names (see each reader). Three PGN tags are not kept here because the
/// [`GameRecord`] holds their meaning: `Result` ([`GameRecord::result`]), `FEN` ([`GameRecord::start`]) and `Format` (the move
/// notation, chosen again when writing); the `Game` tag (`"Chinese Chess"`) is also dropped and written back by the PGN
/// writer.
///
/// ```
/// use xiangqi::notation::Tags;
///
/// let mut tags = Tags::new();
/// tags.insert("Red", "许银川");
/// tags.insert("Black", "聂卫平");
/// tags.insert("Red", "Xu Yinchuan");
/// assert_eq!(tags.get("Red"), Some("Xu Yinchuan"));
/// assert_eq!(tags.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["Red", "Black"]);
/// ```
///
/// With `serde` the tags are a JSON object of names and values in their order (`{"Red":"许银川","Black":"聂卫平"}`);
/// reading one, a name given twice is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    entries: Vec<(String, String)>,
}

impl Tags {
    /// No tags.
    pub const fn new() -> Tags {
        Tags { entries: Vec::new() }
    }

    /// The value of the tag `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name`: replaces the value in place if the tag exists, else appends it.
    pub fn insert(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let value = value.into();
        match self.entries.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((name, value)),
        }
    }

    /// Removes the tag `name` and returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let index = self.entries.iter().position(|(n, _)| n == name)?;
        Some(self.entries.remove(index).1)
    }

    /// The tags as `(name, value)` pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.entries.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// One move of a line, with the comment after it and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// The move.
    pub mv: Move,
    /// The comment after the move.
    pub comment: Option<String>,
    /// The move's Numeric Annotation Glyphs, in order: PGN `$n`, with `$1` `!`, `$2` `?`, `$3` `!!`, `$4` `??`,
    /// `$5` `!?`, `$6` `?!` (the PGN reader reads both forms; the writer writes `$n`). The other formats have no
    /// annotations: their readers leave this empty and their writers do not write it.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub nags: Vec<u8>,
    /// Alternatives to this move (PGN `( … )` after it): each line starts in the position before [`mv`](Node::mv).
    pub variations: Vec<Line>,
}

impl Node {
    /// A node with no comment and no variation.
    pub const fn new(mv: Move) -> Node {
        Node { mv, comment: None, nags: Vec::new(), variations: Vec::new() }
    }
}

/// A sequence of moves: the main line of a game or one variation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// The comment before the first move (for the main line: the comment on the whole game).
    pub comment: Option<String>,
    /// The moves, in order.
    pub nodes: Vec<Node>,
}

impl Line {
    /// An empty line.
    pub const fn new() -> Line {
        Line { comment: None, nodes: Vec::new() }
    }

    /// The moves of this line, without its variations.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.nodes.iter().map(|node| node.mv)
    }

    /// The number of root-to-leaf lines in this line and its variations (1 for a line without variations,
    /// also for an empty one).
    pub fn line_count(&self) -> usize {
        1 + self.nodes.iter().flat_map(|node| &node.variations).map(Line::line_count).sum::<usize>()
    }

    /// The number of moves in this line and all its variations.
    pub fn move_count(&self) -> usize {
        self.nodes.len() + self.nodes.iter().flat_map(|node| &node.variations).map(Line::move_count).sum::<usize>()
    }
}

/// A game record: tags, the start position, the main line with variations and comments, and the result.
///
/// Every reader of this crate checks every move, in the main line and in the variations, so a `GameRecord` it
/// returns replays legally. The fields are public: a `GameRecord` built or changed by hand is checked again by the
/// writers, which fail on an illegal move.
///
/// ```
/// use xiangqi::notation::{GameRecord, GameResult, Line, Node};
///
/// let mut game = GameRecord::new();
/// game.tags.insert("Event", "Example");
/// game.main.nodes.push(Node::new("h2e2".parse()?));
/// game.main.nodes.push(Node::new("h9g7".parse()?));
/// game.main.nodes[1].variations.push(Line {
///     comment: Some("or the cannon".into()),
///     nodes: vec![Node::new("h7e7".parse()?)],
/// });
/// game.result = GameResult::Unknown;
/// assert_eq!(game.main.line_count(), 2);
/// assert_eq!(game.end_position()?.to_string(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The tags other than `Result`, `FEN`, `Format` and `GameRecord` (see [`Tags`]).
    pub tags: Tags,
    /// The start position (its move counters give the first move number). Equality of games compares
    /// positions as [`Position`] does, ignoring the counters.
    pub start: Position,
    /// The main line; its [`comment`](Line::comment) is the comment on the whole game.
    pub main: Line,
    /// The result.
    pub result: GameResult,
}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord::new()
    }
}

impl GameRecord {
    /// An empty game from the start position, result unknown.
    pub fn new() -> GameRecord {
        GameRecord::from_position(Position::new())
    }

    /// An empty game from `start`, result unknown.
    pub fn from_position(start: Position) -> GameRecord {
        GameRecord { tags: Tags::new(), start, main: Line::new(), result: GameResult::Unknown }
    }

    /// The `Date` tag read as a [`Date`](crate::Date), if it is in one of the known forms.
    pub fn date(&self) -> Option<crate::Date> {
        self.tags.get("Date")?.parse().ok()
    }

    /// The moves of the main line.
    pub fn main_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.main.moves()
    }

    /// The position after the main line.
    ///
    /// # Errors
    /// [`IllegalMove`](xiangqi_board::IllegalMove) if a move of the main line is illegal (possible only in a game
    /// changed by hand: the readers check every move).
    pub fn end_position(&self) -> Result<Position, xiangqi_board::IllegalMove> {
        self.main.moves().try_fold(self.start.clone(), |pos, mv| pos.play(mv))
    }
}

/// A comment as every reader stores it: line breaks (`\r\n`, `\r`) as `\n`, surrounding white space (and NUL
/// padding) removed; `None` if nothing is left.
pub(crate) fn clean_comment(text: &str) -> Option<String> {
    let text = text.trim_matches(|c: char| c == '\0' || c.is_whitespace());
    if text.is_empty() {
        None
    } else if text.contains('\r') {
        Some(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        Some(text.to_owned())
    }
}
