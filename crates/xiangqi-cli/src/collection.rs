//! The games of a collection, read by the library's collection layer ([`xiangqi::notation::collection`]: every
//! game of every file under the paths, worked on in parallel and handed on in input order), with the command
//! line's options, the progress bar and the output.

use core::num::NonZeroUsize;
use std::{io::Write, path::PathBuf};

use xiangqi::notation::collection::{CollectedGame, Collection, Part};

use crate::{
    read::ReadArgs,
    run::{self, Bar, Items, RunOptions},
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

/// Runs `game` on every game of every file under `paths`, read as `reading` says, on `options.jobs` threads
/// (several files at once or one after the other as `items_at_once` says), and calls `emit` with the parts in
/// input order, one call at a time, each with the name of its file (as given or found). The lines `emit`
/// returns are written to `out` (the progress bar steps aside for them); an error of `emit` stops the run.
/// Ctrl-C stops it after the games in hand ([`run::stop_handle`]).
///
/// # Errors
/// `out` cannot be written, or the first error of `emit`.
pub(crate) fn for_each<G: Send>(
    paths: &[PathBuf],
    options: RunOptions,
    items_at_once: Items,
    reading: ReadArgs,
    game: impl Fn(CollectedGame<'_>) -> G + Sync,
    out: &mut (dyn Write + Send),
    mut emit: impl FnMut(&str, Part<G>) -> Result<Vec<String>, Fail> + Send,
) -> Result<(), Fail> {
    let mut collection =
        Collection::new().paths(paths).read_options(reading.options()).stop_with(run::stop_handle().clone());
    if let Some(threads) = options.threads() {
        collection = collection.threads(threads);
    }
    if items_at_once == Items::InTurn {
        collection = collection.files_at_once(NonZeroUsize::MIN);
    }
    let bar = Bar::new(options.quiet, collection.progress());
    let result = bar.draw_while(|| {
        collection.run(game, |source, part| {
            let lines = emit(source.name(), part)?;
            if !lines.is_empty() {
                bar.write(out, &lines)?;
            }
            Ok(())
        })
    });
    bar.finish();
    out.flush()?;
    result.map(|_| ())
}
