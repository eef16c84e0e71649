//! Running work over many files: on a thread pool of `-j N` threads, results handed on in input order whatever
//! the thread count, a progress bar on stderr, and a clean stop on Ctrl-C.

use core::{
    sync::atomic::{AtomicBool, Ordering},
    time::Duration,
};
use std::{collections::BTreeMap, io::IsTerminal, sync::mpsc};

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

/// A progress bar over `total` files on stderr, or a hidden one with `quiet` or when stderr is not a terminal.
/// Its message is set by the caller (games and plies so far).
pub(crate) fn progress(total: usize, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} files, {msg} [{elapsed}, ETA {eta}]")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// What a worker says about its item.
enum Message<T> {
    /// The next results of the item.
    Parts(usize, Vec<T>),
    /// The item is done.
    Done(usize),
}

/// How many results of an item a worker hands on at once: one message (and one wake-up of the receiving thread)
/// per batch rather than per result.
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

/// Runs `work` on every item on a pool of `jobs` threads (all cores if `None`). `work` hands on its results
/// one by one through the function it is given; `emit` gets them on the calling thread in the order of `items`
/// (and, within an item, in the order they were handed on). The results of the earliest unfinished item are
/// emitted as they come (in batches of [`BATCH`]), so that a long file streams; those of later items wait for their turn. Items are started
/// in order, so few wait. After a stop no item starts; the items in hand end early (their work sees [`stopped`]),
/// and their results are still emitted, so the output is a prefix of the whole. `emit` returns `false` to stop the run.
/// With [`Items::InTurn`] the items are worked on one after the other, each with the whole pool.
///
/// # Errors
/// The thread pool could not be built.
pub(crate) fn in_order<I: Sync, T: Send>(
    items: &[I],
    jobs: Option<u16>,
    items_at_once: Items,
    work: impl Fn(&I, &mut dyn FnMut(T)) + Sync,
    mut emit: impl FnMut(T) -> bool,
) -> Result<(), rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs.map_or(0, usize::from)).build()?;
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let work = &work;
        scope.spawn(move || {
            let one = |sender: &mut mpsc::Sender<Message<T>>, (index, item): (usize, &I)| {
                if stopped() {
                    return;
                }
                // The receiver is gone only after a stop.
                let mut batch = Vec::new();
                work(item, &mut |part| {
                    batch.push(part);
                    if batch.len() == BATCH {
                        let _ = sender.send(Message::Parts(index, core::mem::take(&mut batch)));
                    }
                });
                if !batch.is_empty() {
                    let _ = sender.send(Message::Parts(index, batch));
                }
                let _ = sender.send(Message::Done(index));
            };
            pool.install(|| match items_at_once {
                Items::Parallel => items.iter().enumerate().par_bridge().for_each_with(sender, one),
                Items::InTurn => {
                    let mut sender = sender;
                    items.iter().enumerate().for_each(|item| one(&mut sender, item));
                }
            });
        });
        let mut waiting: BTreeMap<usize, Waiting<T>> = BTreeMap::new();
        let mut next = 0;
        let mut go_on = true;
        for message in receiver {
            match message {
                Message::Parts(index, parts) if index == next => {
                    for part in parts {
                        go_on = go_on && emit(part);
                    }
                }
                Message::Parts(index, parts) => {
                    waiting
                        .entry(index)
                        .or_insert_with(|| Waiting { parts: Vec::new(), done: false })
                        .parts
                        .extend(parts);
                }
                Message::Done(index) => {
                    waiting.entry(index).or_insert_with(|| Waiting { parts: Vec::new(), done: false }).done = true;
                    // Emit every finished item in turn, then what the next unfinished one has handed on so far.
                    while go_on {
                        let Some(entry) = waiting.get_mut(&next) else { break };
                        for part in entry.parts.drain(..) {
                            go_on = go_on && emit(part);
                        }
                        if !entry.done {
                            break;
                        }
                        waiting.remove(&next);
                        next += 1;
                    }
                }
            }
            if !go_on {
                stop();
                break;
            }
        }
    });
    Ok(())
}
