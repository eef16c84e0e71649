//! The keys of a DhtmlXQ block that the reader and the writer both know: the tags and their PGN names, the
//! comment and variation keys, and the keys that carry moves.

/// DhtmlXQ keys that are tags, with their PGN names.
pub(super) const TAGS: [(&str, &str); 13] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blacktime", "BlackTime"),
    ("open", "Opening"),
    ("author", "Author"),
];

/// Whether a key carries moves, a position or comments: such a pair must be well formed.
pub(super) fn carries_moves(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["binit", "fen", "movelist"].contains(&key.as_str()) || key.starts_with("move_") || key.starts_with("comment")
}

/// What a comment key names: the line and the step.
pub(super) fn comment_key(key: &str) -> Option<(usize, usize)> {
    let rest = key.strip_prefix("comment")?;
    match rest.split_once('_') {
        Some((line, step)) => Some((line.parse().ok()?, step.parse().ok()?)),
        None => Some((0, rest.parse().ok()?)),
    }
}

/// `move_<parent>_<step>_<id>`.
pub(super) fn branch_key(key: &str) -> Option<(usize, usize, usize)> {
    let mut parts = key.strip_prefix("move_")?.split('_');
    let numbers = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    parts.next().is_none().then_some(numbers)
}
