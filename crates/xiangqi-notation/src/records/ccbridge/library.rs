//! What a CCBridge file holds: the games of a [`Library`] and its [`Heading`]s, read record by record.

use crate::{GameRecord, RecordError, Warning};

/// A CBL library read record by record: its name, its records, the warnings.
pub(super) type CblEntries = (Option<String>, Vec<Result<Entry, RecordError>>, Vec<Warning>);

/// A CBR record: a game, or a heading (an empty board without a move) with its title.
pub(super) enum Entry {
    /// A game.
    Game(Box<GameRecord>),
    /// A heading, with its title.
    Heading(String),
}

/// The games of a CCBridge file, and the library's name and headings (CBL only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Library {
    /// The name stored in a CBL header (`None` for CBR and CBF, and for an empty name).
    pub name: Option<String>,
    /// The games, in file order; each game after a heading carries its title as the tag `Section` (until the
    /// next heading; a heading without a title ends the section).
    pub games: Vec<GameRecord>,
    /// The headings of a CBL: records with an empty board and no move, which libraries use to title the
    /// games that follow (`龙化杯象棋名师邀请赛对局（男子组20局）`). They are not games.
    pub headings: Vec<Heading>,
}

/// A heading of a library: a title between its games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Heading {
    /// The number of games before the heading (so it titles `games[before..]`).
    pub before: usize,
    /// The record's title (empty if it has none).
    pub title: String,
}

impl Library {
    /// The library of `name` holding the records read from the file, in order: games, and headings before the
    /// games that follow; the first record that could not be read is the error.
    pub(super) fn from_entries(
        name: Option<String>,
        entries: Vec<Result<Entry, RecordError>>,
    ) -> Result<Library, RecordError> {
        let mut library = Library { name, ..Library::default() };
        let mut section = Sections::default();
        for entry in entries {
            match entry? {
                Entry::Game(game) => library.games.push(section.tag(*game)),
                Entry::Heading(title) => {
                    section.start(&title);
                    library.headings.push(Heading { before: library.games.len(), title });
                }
            }
        }
        Ok(library)
    }
}

/// The tag that carries the title of a game's [`Heading`].
pub const SECTION_TAG: &str = "Section";

/// The section the records read so far are in: the title of the last heading, if it had one.
#[derive(Debug, Default)]
pub(super) struct Sections {
    title: Option<String>,
}

impl Sections {
    /// A heading titled `title` starts a section (an empty title ends the one before).
    pub(super) fn start(&mut self, title: &str) {
        self.title = (!title.is_empty()).then(|| title.to_owned());
    }

    /// `game` with the title of its section as the tag `Section` (a tag of that name it has is kept as it is).
    pub(super) fn tag(&self, mut game: GameRecord) -> GameRecord {
        if let Some(title) = &self.title {
            if game.tags.get(SECTION_TAG).is_none() {
                game.tags.insert(SECTION_TAG, title.as_str());
            }
        }
        game
    }
}
