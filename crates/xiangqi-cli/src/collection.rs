//! The games of a collection: every game of every file under the paths, worked on in parallel and handed on in
//! input order, with a progress bar over the files.

use std::{io::Write, sync::mpsc};

use xiangqi::notation::RecordError;

use crate::{
    files::{self, Item},
    read::{self, FileError, ReadArgs, ReadGame},
    run::{self, Items, RunOptions},
    Exit, Fail,
};

/// The options of a command that reports on a collection (`check`, `adjudicate`).
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct CollectionArgs {
    /// One JSON object a line on stdout instead of text (the summary then goes to stderr).
    #[arg(long)]
    pub(crate) json: bool,
    /// Exit with 0 even when some records could not be read.
    #[arg(long)]
    pub(crate) allow_errors: bool,
    #[command(flatten)]
    pub(crate) read: ReadArgs,
    #[command(flatten)]
    pub(crate) run: RunOptions,
}

impl CollectionArgs {
    /// Prints the summary (to stdout, or with `--json` to stderr unless `--quiet`) and says how the run ends:
    /// interrupted, failed (some records could not be read: `failed`) or well.
    ///
    /// # Errors
    /// Stdout cannot be written.
    pub(crate) fn finish(self, stdout: &mut dyn Write, summary: &str, failed: bool) -> Result<Exit, Fail> {
        if !self.json {
            writeln!(stdout, "{summary}")?;
        } else if !self.run.quiet {
            eprintln!("{summary}");
        }
        stdout.flush()?;
        Ok(if run::stopped() {
            Exit::Interrupted
        } else if failed && !self.allow_errors {
            Exit::SomeFailed
        } else {
            Exit::Ok
        })
    }
}

/// What [`for_each`] hands on of a file, in order, with the file's name: the result of each game, then the end.
#[derive(Debug)]
pub(crate) enum Part<G> {
    /// What the work made of a game.
    Game(G),
    /// The file is done.
    End(FileEnd),
}

/// What the work on one file hands on, in order: its name, then its parts.
enum Step<G> {
    /// The file's name as given or found.
    Start(String),
    /// One of its parts.
    Part(Part<G>),
}

/// How a file ended.
#[derive(Debug)]
pub(crate) enum FileEnd {
    /// Its games were read (some may have been bad).
    Read,
    /// It holds no record and is passed over (a page or note found in a directory: [`read::may_hold_no_record`]).
    PassedOver,
    /// It gave no game: why.
    Failed(String),
}

/// Runs `game(number, read)` on every game of every file under `paths`, read as `reading` says (on
/// `options.jobs` threads, several files at once or one after the other as `items_at_once` says; the files are
/// searched for on a thread of their own meanwhile), and calls `emit` with the parts in input order, one call at a
/// time, on whichever thread has them when they are due ([`run::in_order`]), each with the name of its file (as
/// given or found). The lines `emit` returns are written
/// to `out` (the progress bar steps aside for them); an error of `emit` stops the run. A file is read only while
/// the run is not stopped, and its reading stops after the game in hand when it is.
///
/// # Errors
/// The thread pool could not be built, `out` cannot be written, or the first error of `emit`.
pub(crate) fn for_each<G: Send>(
    paths: &[std::path::PathBuf],
    options: RunOptions,
    items_at_once: Items,
    reading: ReadArgs,
    game: impl Fn(usize, Result<ReadGame, RecordError>) -> G + Sync,
    out: &mut (dyn Write + Send),
    mut emit: impl FnMut(&str, Part<G>) -> Result<Vec<String>, Fail> + Send,
) -> Result<(), Fail> {
    let bar = run::progress(options.quiet);
    let (mut games, mut files) = (0u64, 0u64);
    let mut failure = None;
    let work = |item: Item, sink: &mut dyn FnMut(Step<G>)| match item {
        Ok(input) => {
            sink(Step::Start(input.name.clone()));
            let result = read::read_games(&input.path, reading, &game, &mut |made| {
                sink(Step::Part(Part::Game(made)));
                !run::stopped()
            });
            sink(Step::Part(Part::End(match result {
                Ok(_) => FileEnd::Read,
                Err(FileError::NoRecord) if input.found && read::may_hold_no_record(&input.path) => FileEnd::PassedOver,
                Err(err) => FileEnd::Failed(err.to_string()),
            })));
        }
        Err((name, error)) => {
            sink(Step::Start(name));
            sink(Step::Part(Part::End(FileEnd::Failed(error))));
        }
    };
    let shown = !bar.is_hidden();
    let mut write = |lines: Vec<String>| -> Result<(), Fail> {
        let mut write_all = || -> std::io::Result<()> {
            lines.iter().try_for_each(|line| writeln!(out, "{line}"))?;
            if shown {
                out.flush()?;
            }
            Ok(())
        };
        if shown {
            // The bar is cleared, the lines written and flushed, and the bar drawn again below them (the bar
            // must not be touched inside: it is locked).
            bar.suspend(write_all)?;
        } else {
            write_all()?;
        }
        Ok(())
    };
    // The files are searched for on a thread of their own while the first ones are read.
    let (found, items) = mpsc::channel();
    let search = || {
        files::search(paths, &mut |item| {
            bar.inc_length(1);
            !run::stopped() && found.send(item).is_ok()
        });
        drop(found);
    };
    let mut file = String::new();
    let emit = |step| {
        let part = match step {
            Step::Start(name) => {
                file = name;
                return true;
            }
            Step::Part(part) => part,
        };
        let new_message = match &part {
            Part::Game(_) => {
                games += 1;
                games % 64 == 0
            }
            Part::End(_) => {
                files += 1;
                bar.set_position(files);
                true
            }
        };
        if new_message && shown {
            let rate = files as f64 / bar.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{games} games, {rate:.0} files/s"));
        }
        let written = emit(&file, part).and_then(|lines| if lines.is_empty() { Ok(()) } else { write(lines) });
        written.map_err(|fail| failure = Some(fail)).is_ok()
    };
    std::thread::scope(|scope| {
        scope.spawn(search);
        run::in_order(items.into_iter(), options.jobs, items_at_once, work, emit)
    })
    .map_err(|err| Fail::Message(format!("cannot start the threads: {err}")))?;
    bar.finish_and_clear();
    out.flush()?;
    failure.map_or(Ok(()), Err)
}
