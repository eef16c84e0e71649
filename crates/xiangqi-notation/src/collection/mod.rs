//! Whole collections of game records, read on all the cores: every game of every input handed to a work
//! function on several threads, and the results handed on **in input order**, streaming, with progress that a
//! front end can draw and a stop that leaves a clean prefix. This is what the `xiangqi` command-line tool's
//! `check`, `convert` and `adjudicate` run on, and what a web page or a Python program can run too.
//!
//! - **Inputs** ([`Input`]): files, directories (searched recursively, entries sorted by name, for the
//!   [`RECORD_EXTENSIONS`]; found while the first files are read), and in-memory bytes or readers with a name.
//!   Every game is read by [`read_any`](crate::read_any) as [`ReadOptions`](crate::ReadOptions) say (strict or
//!   lenient); the format is told by the content.
//! - **Work**: a function run on each [`CollectedGame`] — its [`Source`], its number in the input, the record or its
//!   error, its warnings — on any of the threads ([`Collection::threads`]; with one, everything runs on the
//!   calling thread, as in WebAssembly). The inputs are read several at once, one a thread; a PGN input of
//!   1 MiB or more is split into the texts of its games, which all the threads read.
//! - **Emit**: a function that gets the results, [`Part::Game`], and each input's outcome, [`Part::End`] with a
//!   [`FileOutcome`] (read; passed over — a web page or a note found in a directory that holds no record; or
//!   failed, with the [`FileError`]), in input order and, within an input, in game order, one call at a time.
//!   The results of the input being emitted are handed on as they are made (a 200 MB file streams); those of
//!   later inputs wait for their turn. The output is the same whatever the number of threads.
//! - **Progress** ([`Progress`]): inputs found and done, games, bytes read of the inputs' sizes — readable at
//!   any moment from any thread, for a bar with a percentage, a rate and an estimate of the time left.
//! - **Stop** ([`Stop`], or an error of `emit`): no input is opened and no game started after it, the games in
//!   hand are finished, and what was emitted is a clean prefix of the whole. The [`Summary`] counts what was
//!   finished.
//!
//! ```
//! use xiangqi::notation::collection::{Collection, FileOutcome, Input, Part};
//!
//! let two = b"[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e2 h2e2 *\n";
//! let collection = Collection::new()
//!     .input(Input::bytes("two.pgn", &two[..]))
//!     .input(Input::bytes("none.txt", &b"no game here"[..]));
//! let mut lines = Vec::new();
//! // The work runs on any thread: here, the number of moves or the error, in words.
//! let work = |game: xiangqi::notation::collection::CollectedGame<'_>| match game.record {
//!     Ok(record) => format!("game {}: {} plies", game.number, record.main.nodes.len()),
//!     Err(error) => error.to_string(),
//! };
//! let summary = collection.run(work, |source, part| {
//!     match part {
//!         Part::Game(line) => lines.push(format!("{}: {line}", source.name())),
//!         Part::End(FileOutcome::Failed(error)) => lines.push(format!("{}: {error}", source.name())),
//!         Part::End(_) => {}
//!     }
//!     Ok::<_, std::convert::Infallible>(())
//! })?;
//! assert_eq!(lines, [
//!     "two.pgn: game 1: 2 plies",
//!     "two.pgn: game 2, line 5: ply 2, move `h2e2`: illegal move h2e2: no piece on h2",
//!     "none.txt: no PGN, XQF, DhtmlXQ or CCBridge record found",
//! ]);
//! assert_eq!((summary.files, summary.read, summary.failed, summary.games), (2, 1, 1, 2));
//! # Ok::<_, std::convert::Infallible>(())
//! ```
//!
//! A directory, on two threads, stopped after the first three games (the handle would be a Ctrl-C handler's
//! in a command-line tool):
//!
//! ```no_run
//! use core::num::NonZeroUsize;
//! use xiangqi::notation::{collection::{Collection, Part}, ReadOptions};
//!
//! let collection = Collection::new()
//!     .paths(["games/"])
//!     .read_options(ReadOptions::lenient())
//!     .threads(NonZeroUsize::new(2).unwrap());
//! let (stop, progress) = (collection.stop_handle(), collection.progress());
//! let mut games = 0;
//! let summary = collection.run(
//!     |game| game.record.is_ok(),
//!     |source, part| {
//!         if let Part::Game(ok) = part {
//!             games += 1;
//!             println!("{} game {games}: {ok}", source.name());
//!             if games == 3 {
//!                 stop.stop();
//!             }
//!         }
//!         Ok::<_, std::io::Error>(())
//!     },
//! )?;
//! let now = progress.snapshot();
//! println!("{} of {} bytes read, {} games; stopped: {}", now.bytes_read, now.bytes_total, now.games, summary.stopped);
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! How the threads share the work (the repository's `docs/architecture.md` has the picture): each thread takes
//! the next job under one lock — read a text of a large PGN input, split more texts off one (while at most 256
//! are in hand), or open the next input and read it game after game — and hands the results to the one
//! ordering engine under the same lock; whichever thread hands on the results that are due emits them, with those
//! kept after them that are due then. No thread waits to emit.

mod driver;
mod engine;
mod input;
mod order;
mod outcome;
mod piece;
mod progress;
mod reading;
mod search;
mod stop;
mod summary;

pub use driver::Collection;
pub use input::{Input, Source, RECORD_EXTENSIONS};
pub use outcome::{CollectedGame, FileError, FileOutcome, Part};
pub use progress::{Progress, ProgressSnapshot};
pub use stop::Stop;
pub use summary::Summary;
