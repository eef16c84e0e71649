//! Running work over many files: on a thread pool of `-j N` threads, results handed on in input order whatever
//! the thread count, a progress bar on stderr, and a clean stop on Ctrl-C.

use core::{
    sync::atomic::{AtomicBool, Ordering},
    time::Duration,
};
use std::{collections::BTreeMap, io::IsTerminal, sync::Mutex};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::iter::{ParallelBridge, ParallelIterator};

/// The options every command over files takes.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct RunOptions {
    /// Threads to use (default: all cores).
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) jobs: Option<u16>,
    /// No progress bar (it is shown only when stderr is a terminal anyway).
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

/// Set by Ctrl-C: the work in hand finishes its current game, no new work starts.
static STOP: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C stop the run cleanly (see [`stopped`]); a second Ctrl-C ends the process at once with exit
/// code 130.
pub(crate) fn stop_on_ctrl_c() {
    // Without a handler (it cannot be installed twice) Ctrl-C keeps its default: the process ends.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Whether the run was asked to stop.
pub(crate) fn stopped() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Asks the run to stop (for example when stdout is closed).
pub(crate) fn stop() {
    STOP.store(true, Ordering::Relaxed);
}

/// A progress bar over files on stderr, or a hidden one with `quiet` or when stderr is not a terminal. Its length
/// grows as the files are found ([`ProgressBar::inc_length`]); its message is set by the caller (games and files
/// a second so far).
pub(crate) fn progress(quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} files, {msg} [{elapsed}, ETA {eta}]")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// How many results of an item a worker hands on at once: the results are emitted (or kept) under one lock per
/// batch rather than per result.
const BATCH: usize = 64;

/// The results of items after the one being emitted, kept until their turn.
struct Waiting<T> {
    parts: Vec<T>,
    done: bool,
}

/// How the items of [`in_order`] share the threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Items {
    /// Several items at once, one a thread.
    Parallel,
    /// One item after the other (its own work may still use every thread of the pool: a large PGN file is read
    /// in parallel, see [`read_games`](crate::read::read_games)), so that only one item's results are in hand.
    InTurn,
}

/// The emitting side of [`in_order`], shared by the workers under a lock: whichever worker hands on results of
/// the earliest unfinished item emits them, and the kept results of the items after it that are due then.
struct Order<T, E> {
    /// The earliest item not yet emitted in full.
    next: usize,
    waiting: BTreeMap<usize, Waiting<T>>,
    emit: E,
    /// Cleared when `emit` asks to stop: nothing more is emitted.
    go_on: bool,
}

impl<T, E: FnMut(T) -> bool> Order<T, E> {
    /// Takes the next results of item `index` (all of them when `done`): emits them if it is the item's turn,
    /// keeps them otherwise.
    fn hand_on(&mut self, index: usize, parts: Vec<T>, done: bool) {
        if !self.go_on {
            return;
        }
        if index != self.next {
            let entry = self.waiting.entry(index).or_insert_with(|| Waiting { parts: Vec::new(), done: false });
            entry.parts.extend(parts);
            entry.done = done;
            return;
        }
        self.emit_all(parts);
        if !done {
            return;
        }
        // Emit every finished item in turn, then what the next unfinished one has handed on so far.
        self.next += 1;
        // An item that was not started (after a stop) never comes: the items after it are never emitted, so the
        // output is a prefix of the whole.
        while self.go_on {
            let Some(entry) = self.waiting.get_mut(&self.next) else { break };
            let parts = core::mem::take(&mut entry.parts);
            let done = entry.done;
            if done {
                self.waiting.remove(&self.next);
            }
            self.emit_all(parts);
            if !done {
                break;
            }
            self.next += 1;
        }
    }

    fn emit_all(&mut self, parts: Vec<T>) {
        for part in parts {
            if self.go_on && !(self.emit)(part) {
                self.go_on = false;
                stop();
            }
        }
    }
}

/// Runs `work` on every item on a pool of `jobs` threads (all cores if `None`), the items taken from `items` as
/// threads come free (so that a list still being made is worked on as it grows). `work` hands on its results one by
/// one through the function it is given; `emit` gets them in the order of `items` (and, within an item, in the
/// order they were handed on), one call at a time, on whichever worker thread has them when they are due: no thread
/// waits to print, so none has to be woken for each result. The results of the earliest unfinished item are
/// emitted as they come (in batches of [`BATCH`]), so that a long file streams; those of later items wait for
/// their turn. Items are started in order, so few wait. After a stop no item starts; the items in hand end early
/// (their work sees [`stopped`]), and their results are still emitted, so the output is a prefix of the whole.
/// `emit` returns `false` to stop the run. With [`Items::InTurn`] the items are worked on one after the other,
/// each with the whole pool.
///
/// # Errors
/// The thread pool could not be built.
pub(crate) fn in_order<I: Send, T: Send>(
    items: impl Iterator<Item = I> + Send,
    jobs: Option<u16>,
    items_at_once: Items,
    work: impl Fn(I, &mut dyn FnMut(T)) + Sync,
    emit: impl FnMut(T) -> bool + Send,
) -> Result<(), rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs.map_or(0, usize::from)).build()?;
    let order = Mutex::new(Order { next: 0, waiting: BTreeMap::new(), emit, go_on: true });
    let hand_on = |index, parts, done| {
        order.lock().unwrap_or_else(std::sync::PoisonError::into_inner).hand_on(index, parts, done)
    };
    let one = |(index, item): (usize, I)| {
        if stopped() {
            return;
        }
        let mut batch = Vec::new();
        work(item, &mut |part| {
            batch.push(part);
            if batch.len() == BATCH {
                hand_on(index, core::mem::take(&mut batch), false);
            }
        });
        hand_on(index, batch, true);
    };
    pool.install(|| match items_at_once {
        Items::Parallel => items.enumerate().par_bridge().for_each(one),
        Items::InTurn => items.enumerate().for_each(one),
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The work of item `n`: `n % 7` results, some of them after a pause, so that later items often finish first.
    fn work(n: usize, sink: &mut dyn FnMut((usize, usize))) {
        for part in 0..n % 7 {
            if (n + part) % 5 == 0 {
                std::thread::sleep(Duration::from_micros(200));
            }
            sink((n, part));
        }
    }

    fn expected(items: usize) -> Vec<(usize, usize)> {
        (0..items).flat_map(|n| (0..n % 7).map(move |part| (n, part))).collect()
    }

    fn run(
        items: usize,
        jobs: u16,
        items_at_once: Items,
        mut go_on: impl FnMut() -> bool + Send,
    ) -> Vec<(usize, usize)> {
        let mut got = Vec::new();
        in_order(0..items, Some(jobs), items_at_once, work, |part| {
            got.push(part);
            go_on()
        })
        .expect("a thread pool");
        got
    }

    // One test, because a stop is seen by every run of the process.
    #[test]
    fn results_come_in_input_order_and_a_stop_leaves_a_prefix() {
        for jobs in [1, 2, 4] {
            for items_at_once in [Items::Parallel, Items::InTurn] {
                assert_eq!(run(300, jobs, items_at_once, || true), expected(300), "{jobs} threads, {items_at_once:?}");
            }
        }
        // More results than a batch in one item.
        let mut got = Vec::new();
        let many = |_: usize, sink: &mut dyn FnMut(usize)| (0..3 * BATCH + 5).for_each(&mut *sink);
        in_order(0..3, Some(2), Items::Parallel, many, |part| {
            got.push(part);
            true
        })
        .expect("a thread pool");
        assert_eq!(got, (0..3).flat_map(|_| 0..3 * BATCH + 5).collect::<Vec<_>>());

        let mut emitted = 0;
        let got = run(2000, 2, Items::Parallel, || {
            emitted += 1;
            emitted < 100
        });
        assert!(stopped());
        STOP.store(false, Ordering::SeqCst);
        assert_eq!(got, expected(2000)[..100]);

        // A stop from outside (Ctrl-C) while item 500 is worked on: the items in hand finish, no other starts,
        // and what is emitted is every result up to some item, item 500's included, and nothing after.
        for jobs in [2, 4] {
            let mut got = Vec::new();
            let stopping = |n: usize, sink: &mut dyn FnMut((usize, usize))| {
                if n == 500 {
                    stop();
                }
                work(n, sink);
            };
            in_order(0..2000, Some(jobs), Items::Parallel, stopping, |part| {
                got.push(part);
                true
            })
            .expect("a thread pool");
            STOP.store(false, Ordering::SeqCst);
            let all = expected(2000);
            assert!(got.len() < all.len() && got.contains(&(500, 0)), "{jobs} threads: {} results", got.len());
            assert_eq!(got, all[..got.len()], "{jobs} threads");
            let last = got.last().map_or(0, |&(n, _)| n);
            assert_eq!(got, expected(last + 1), "{jobs} threads: every result of the last item emitted");
        }
    }
}
