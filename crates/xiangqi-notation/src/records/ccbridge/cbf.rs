//! CBF, the XML format of CCBridge (described in the [module documentation](super)), and the small XML reader
//! it needs: elements, attributes, text, CDATA and the five named and the numeric character references.
//! Declarations, processing instructions and comments are skipped.

use std::borrow::Cow;

use xiangqi_board::{Move, Position, Setup, Square};

use super::cbr::result_of;
use crate::{
    encoding::decode,
    records::game::clean_comment,
    records::lenient::Context,
    records::tree::{RawMove, Tree, TreeNode, ROOT},
    GameRecord, Location, ReadOptions, RecordError, RecordErrorKind,
};

/// The `<Head>` fields read as tags: (element, tag name).
const TAGS: [(&str, &str); 13] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedTime", "RedTime"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackTime", "BlackTime"),
    ("Commentator", "Annotator"),
];

/// Whether `bytes` start like an XML document (after a byte-order mark and white space).
pub(super) fn looks_like_xml(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// Reads a CBF file (XML in any encoding [`decode`] detects; CCBridge writes UTF-8).
///
/// # Errors
/// A [`RecordError`] naming the line: [`RecordErrorKind::NotThisFormat`] when the root element is not
/// `ChineseChessRecord`, [`RecordErrorKind::Malformed`] / [`RecordErrorKind::Truncated`] for XML that is not
/// well formed or a `Move` value that is not `XY-XY`, and for a variation (a `Move` after `end="1"` or inside
/// another `Move`, which this reader does not read), [`RecordErrorKind::Fen`] for a bad `<FEN>`, and
/// [`RecordErrorKind::Move`] (with the ply) for a move that is off the board or illegal.
pub fn read_cbf(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read_cbf_in(bytes, &mut Context::new(ReadOptions::strict(), 1))
}

/// Reads a CBF file as `context` says (a lenient context prunes the moves that cannot be played).
pub(super) fn read_cbf_in(bytes: &[u8], context: &mut Context) -> Result<GameRecord, RecordError> {
    let (text, _) = decode(bytes);
    let mut xml = Xml::new(&text);
    let mut record = Cbf::default();
    // The open elements, outermost first.
    let mut open: Vec<&str> = Vec::new();
    while let Some(event) = xml.next()? {
        let line = xml.line();
        let error = |kind| RecordError::new(Location::Line(line), kind);
        match event {
            Event::Start { name, attributes, empty } => {
                if open.is_empty() && record.seen_root {
                    return Err(error(RecordErrorKind::Malformed("a second root element")));
                }
                if open.is_empty() && name != "ChineseChessRecord" {
                    return Err(error(RecordErrorKind::NotThisFormat("CBF")));
                }
                if open.len() == 2 && open[1] == "MoveList" && name == "Move" {
                    record.start_move(&attributes, line)?;
                } else if open.len() >= 3 && open[1] == "MoveList" && open[2] == "Move" {
                    return Err(error(RecordErrorKind::Malformed(
                        "an element inside a Move (CBF variations are not read)",
                    )));
                }
                if empty {
                    record.end_element(&open, name, line);
                } else {
                    open.push(name);
                }
            }
            Event::End(name) => {
                if open.last() != Some(&name) {
                    return Err(error(RecordErrorKind::Malformed("a closing tag that does not match")));
                }
                open.pop();
                record.end_element(&open, name, line);
            }
            Event::Text(text) => record.text(&open, &text),
        }
    }
    if !open.is_empty() {
        return Err(RecordError::new(Location::Line(xml.line()), RecordErrorKind::Truncated("an unclosed element")));
    }
    if !record.seen_root {
        return Err(RecordError::new(Location::Line(1), RecordErrorKind::NotThisFormat("CBF")));
    }
    record.into_game(context)
}

/// What the reader has gathered.
#[derive(Default)]
struct Cbf {
    seen_root: bool,
    /// `<Head>` fields: (element, text, line).
    fields: Vec<(String, String, usize)>,
    /// The text of the field being read.
    field: String,
    tree: Option<Tree>,
    /// The last node of the line (the start position before the first move), and whether it said `end="1"`.
    last: usize,
    ended: bool,
    /// The text of the `Move` being read.
    comment: String,
}

impl Cbf {
    fn start_move(&mut self, attributes: &[(&str, String)], line: usize) -> Result<(), RecordError> {
        let error = |kind| RecordError::new(Location::Line(line), kind);
        let value = attributes.iter().find(|(name, _)| *name == "value").map(|(_, value)| value.as_str());
        let ended = attributes.iter().any(|(name, value)| *name == "end" && value == "1");
        self.comment.clear();
        let Some(tree) = &mut self.tree else {
            // The first Move is the start position; its squares are not read.
            self.tree = Some(Tree::new(None));
            self.last = ROOT;
            self.ended = ended;
            return Ok(());
        };
        if self.ended {
            return Err(error(RecordErrorKind::Malformed(
                "a Move after the end of the line (CBF variations are not read)",
            )));
        }
        let value = value.ok_or(error(RecordErrorKind::Malformed("a Move without a value")))?;
        let mv = parse_value(value).ok_or(error(RecordErrorKind::Malformed("a Move value that is not XY-XY")))?;
        let node = TreeNode { mv, comment: None, before: None, at: line, children: Vec::new() };
        self.last = tree.push(self.last, node);
        self.ended = ended;
        Ok(())
    }

    /// Text inside the elements `open`.
    fn text(&mut self, open: &[&str], text: &str) {
        match open {
            [_, "Head", _] => self.field.push_str(text),
            [_, "MoveList", "Move"] => self.comment.push_str(text),
            _ => {}
        }
    }

    /// The element `name` ends inside the elements `open`.
    fn end_element(&mut self, open: &[&str], name: &str, line: usize) {
        match (open, name) {
            ([], _) => self.seen_root = true,
            ([_, "Head"], _) => self.fields.push((name.to_owned(), core::mem::take(&mut self.field), line)),
            ([_, "MoveList"], "Move") => {
                let comment = clean_comment(&core::mem::take(&mut self.comment));
                if let Some(tree) = &mut self.tree {
                    tree.nodes[self.last].comment = comment;
                }
            }
            _ => {}
        }
    }

    /// The text of the `<Head>` field `name` and its line, if not empty.
    fn field(&self, name: &str) -> Option<(&str, usize)> {
        let (_, value, line) = self.fields.iter().find(|(n, _, _)| n == name)?;
        Some((value.trim(), *line)).filter(|(value, _)| !value.is_empty())
    }

    fn into_game(mut self, context: &mut Context) -> Result<GameRecord, RecordError> {
        let mut tree = self.tree.take().unwrap_or_else(|| Tree::new(None));
        let start = match self.field("FEN") {
            None => Position::new(),
            Some((fen, line)) => {
                start_position(fen, &tree).map_err(|kind| RecordError::new(Location::Line(line), kind))?
            }
        };
        let mut game = GameRecord::from_position(start.clone());
        tree.prune(&start, &Location::Line, context);
        game.main = tree.into_line(&start, &Location::Line)?;
        game.result = result_of(self.field("RecordResult").and_then(|(code, _)| code.parse().ok()).unwrap_or(0));
        for (element, tag) in TAGS {
            if let Some((value, _)) = self.field(element) {
                game.tags.insert(tag, value);
            }
        }
        if let Some((ecco, _)) = self.field("ECCO") {
            game.tags.insert("ECCO", ecco);
        }
        Ok(game)
    }
}

/// The `<FEN>` position; a FEN of the board alone takes the side of the piece the first move moves.
fn start_position(fen: &str, tree: &Tree) -> Result<Position, RecordErrorKind> {
    if fen.split_whitespace().count() > 1 {
        return Ok(Position::from_fen(fen)?);
    }
    let board = Position::from_fen(&format!("{fen} w"))?.to_setup().board;
    let turn = tree.first_mover(&board);
    Ok(Position::from_setup(Setup { board, turn, ..Setup::default() })?)
}

/// A `Move` value `XY-XY`: X the file from Red's left (0–8), Y the rank from Black's side (0–9).
fn parse_value(value: &str) -> Option<RawMove> {
    let bytes = value.as_bytes();
    if bytes.len() != 5 || bytes[2] != b'-' || ![0, 1, 3, 4].iter().all(|&i| bytes[i].is_ascii_digit()) {
        return None;
    }
    let square = |x: u8, y: u8| {
        let (x, y) = (usize::from(x - b'0'), usize::from(y - b'0'));
        if x > 8 {
            None
        } else {
            Square::new((9 - y) * 9 + x)
        }
    };
    Some(match (square(bytes[0], bytes[1]), square(bytes[3], bytes[4])) {
        (Some(from), Some(to)) => RawMove::Squares(Move::new(from, to), Some(value.to_owned())),
        _ => RawMove::OffBoard(value.to_owned()),
    })
}

/// What the XML reader meets.
enum Event<'a> {
    /// An opening tag, or an empty element (`<Move value="77-47" />`) when `empty`.
    Start { name: &'a str, attributes: Vec<(&'a str, String)>, empty: bool },
    /// A closing tag.
    End(&'a str),
    /// Text or CDATA, references resolved.
    Text(Cow<'a, str>),
}

/// A pull reader of XML text that knows the line it is on.
struct Xml<'a> {
    text: &'a str,
    pos: usize,
    /// The line of `counted` (from 1), counted lazily.
    line: usize,
    counted: usize,
}

impl<'a> Xml<'a> {
    fn new(text: &'a str) -> Xml<'a> {
        Xml { text, pos: 0, line: 1, counted: 0 }
    }

    /// The line (from 1) where the reader is.
    fn line(&mut self) -> usize {
        self.line += self.text[self.counted..self.pos].matches('\n').count();
        self.counted = self.pos;
        self.line
    }

    fn error(&mut self, kind: RecordErrorKind) -> RecordError {
        RecordError::new(Location::Line(self.line()), kind)
    }

    /// Skips past `end`, or fails with "truncated: `what`".
    fn skip_past(&mut self, end: &str, what: &'static str) -> Result<&'a str, RecordError> {
        let rest = &self.text[self.pos..];
        let Some(at) = rest.find(end) else {
            self.pos = self.text.len();
            return Err(self.error(RecordErrorKind::Truncated(what)));
        };
        self.pos += at + end.len();
        Ok(&rest[..at])
    }

    fn next(&mut self) -> Result<Option<Event<'a>>, RecordError> {
        loop {
            let rest = &self.text[self.pos..];
            if rest.is_empty() {
                return Ok(None);
            }
            if !rest.starts_with('<') {
                let len = rest.find('<').unwrap_or(rest.len());
                self.pos += len;
                let text = unescape(&rest[..len]).ok_or_else(|| self.error(MALFORMED_REFERENCE))?;
                return Ok(Some(Event::Text(text)));
            }
            if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction")?;
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "an XML comment")?;
            } else if rest.starts_with("<![CDATA[") {
                self.pos += "<![CDATA[".len();
                let text = self.skip_past("]]>", "a CDATA section")?;
                return Ok(Some(Event::Text(Cow::Borrowed(text))));
            } else if rest.starts_with("<!") {
                self.skip_past(">", "a declaration")?;
            } else if rest.starts_with("</") {
                self.pos += 2;
                let name = self.skip_past(">", "a closing tag")?.trim();
                return Ok(Some(Event::End(name)));
            } else {
                self.pos += 1;
                return self.start_tag().map(Some);
            }
        }
    }

    /// An opening tag, after its `<`.
    fn start_tag(&mut self) -> Result<Event<'a>, RecordError> {
        let text = self.text;
        let name_len = text[self.pos..].find(|c: char| c.is_whitespace() || c == '/' || c == '>');
        let name_len = name_len.ok_or_else(|| self.error(RecordErrorKind::Truncated("a tag")))?;
        let name = &text[self.pos..self.pos + name_len];
        if name.is_empty() {
            return Err(self.error(RecordErrorKind::Malformed("a tag without a name")));
        }
        self.pos += name_len;
        let mut attributes = Vec::new();
        loop {
            let rest = &text[self.pos..];
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with("/>") {
                self.pos += 2;
                return Ok(Event::Start { name, attributes, empty: true });
            }
            if trimmed.starts_with('>') {
                self.pos += 1;
                return Ok(Event::Start { name, attributes, empty: false });
            }
            if trimmed.is_empty() {
                return Err(self.error(RecordErrorKind::Truncated("a tag")));
            }
            let Some(eq) = trimmed.find('=') else {
                return Err(self.error(RecordErrorKind::Malformed("an attribute without a value")));
            };
            let attribute = trimmed[..eq].trim_end();
            let value = trimmed[eq + 1..].trim_start();
            let quote = value.chars().next().filter(|&c| c == '"' || c == '\'');
            let quote =
                quote.ok_or_else(|| self.error(RecordErrorKind::Malformed("an attribute value not in quotes")))?;
            let Some(len) = value[1..].find(quote) else {
                return Err(self.error(RecordErrorKind::Truncated("an attribute value")));
            };
            let raw = &value[1..1 + len];
            let unescaped = unescape(raw).ok_or_else(|| self.error(MALFORMED_REFERENCE))?;
            if attribute.is_empty() || attribute.contains(|c: char| c.is_whitespace() || c == '<' || c == '>') {
                return Err(self.error(RecordErrorKind::Malformed("an attribute without a name")));
            }
            attributes.push((attribute, unescaped.into_owned()));
            // Past the closing quote.
            self.pos = text.len() - value[1 + len + 1..].len();
        }
    }
}

const MALFORMED_REFERENCE: RecordErrorKind = RecordErrorKind::Malformed("an unknown character reference");

/// Text with its character references (`&lt;`, `&#20013;`, `&#x4E2D;` …) resolved, or `None` for an unknown or
/// unterminated one.
fn unescape(text: &str) -> Option<Cow<'_, str>> {
    if !text.contains('&') {
        return Some(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let end = rest[at..].find(';')?;
        let reference = &rest[at + 1..at + end];
        let ch = match reference {
            "lt" => '<',
            "gt" => '>',
            "amp" => '&',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let number = reference.strip_prefix('#')?;
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)?
            }
        };
        out.push(ch);
        rest = &rest[at + end + 1..];
    }
    out.push_str(rest);
    Some(Cow::Owned(out))
}
