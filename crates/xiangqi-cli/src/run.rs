//! The options every command over files takes (`-j`, `--quiet`), Ctrl-C, and the progress bar on stderr, drawn
//! from the library's progress ([`xiangqi::notation::collection`] does the work: threads, order, stop).

use core::{
    num::NonZeroUsize,
    sync::atomic::{AtomicBool, Ordering},
    time::Duration,
};
use std::{
    io::{IsTerminal, Write},
    sync::{mpsc, OnceLock},
    thread,
};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi::notation::collection::{Progress, ProgressSnapshot, Stop};

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

impl RunOptions {
    /// The threads asked for, if any.
    pub(crate) fn threads(self) -> Option<NonZeroUsize> {
        self.jobs.and_then(|jobs| NonZeroUsize::new(usize::from(jobs)))
    }
}

/// How the files of a run share the threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Items {
    /// Several files at once, one a thread.
    Parallel,
    /// One file after the other (a large PGN file is still read on all the threads), so that only one file's
    /// results are in hand.
    InTurn,
}

/// The stop handle of the process's run: Ctrl-C stops it, and so does an error of the output.
pub(crate) fn stop_handle() -> &'static Stop {
    static STOP: OnceLock<Stop> = OnceLock::new();
    STOP.get_or_init(Stop::new)
}

/// Makes Ctrl-C stop the run cleanly (see [`stopped`]); a second Ctrl-C ends the process at once with exit
/// code 130.
pub(crate) fn stop_on_ctrl_c() {
    // Without a handler (it cannot be installed twice) Ctrl-C keeps its default: the process ends.
    let _ = ctrlc::set_handler(|| {
        if stopped() {
            std::process::exit(130);
        }
        stop_handle().stop();
    });
}

/// Whether the run was asked to stop.
pub(crate) fn stopped() -> bool {
    stop_handle().is_stopped()
}

/// A progress bar on stderr drawn from a run's [`Progress`], or a hidden one with `quiet` or when stderr is not a
/// terminal: files done of those found, games and files a second; for a run of one file, bytes read of its
/// size, with the rate and the time left.
pub(crate) struct Bar {
    bar: ProgressBar,
    progress: Progress,
    /// Whether the bar counts bytes (one file) rather than files.
    bytes: AtomicBool,
}

/// How often the bar is redrawn from the progress.
const TICK: Duration = Duration::from_millis(200);

impl Bar {
    pub(crate) fn new(quiet: bool, progress: Progress) -> Bar {
        let bar = if quiet || !std::io::stderr().is_terminal() {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
            bar.set_style(style("{bar:30} {pos}/{len} files, {msg} [{elapsed}, ETA {eta}]"));
            bar
        };
        Bar { bar, progress, bytes: AtomicBool::new(false) }
    }

    /// Runs `run`, the bar redrawn from the progress every [`TICK`] by a thread of its own meanwhile.
    pub(crate) fn draw_while<R>(&self, run: impl FnOnce() -> R) -> R {
        if self.bar.is_hidden() {
            return run();
        }
        let (done, ticks) = mpsc::channel::<()>();
        thread::scope(|scope| {
            // Without the thread (it could not be started) the bar is drawn when lines are written.
            let _ = thread::Builder::new().spawn_scoped(scope, move || {
                while ticks.recv_timeout(TICK) == Err(mpsc::RecvTimeoutError::Timeout) {
                    self.update();
                }
            });
            let result = run();
            drop(done);
            result
        })
    }

    /// Sets the bar to the progress now.
    fn update(&self) {
        let now: ProgressSnapshot = self.progress.snapshot();
        let one_file = now.found_all && now.files_found == 1 && now.bytes_total > 0;
        if one_file && !self.bytes.swap(true, Ordering::Relaxed) {
            self.bar.set_style(style(
                "{bar:20} {percent:>3}% of {total_bytes}, {msg}, {binary_bytes_per_sec} [{elapsed}, ETA {eta}]",
            ));
            self.bar.reset_eta();
        }
        if self.bytes.load(Ordering::Relaxed) {
            self.bar.set_length(now.bytes_total);
            self.bar.set_position(now.bytes_read.min(now.bytes_total));
            self.bar.set_message(format!("{} games", now.games));
        } else {
            self.bar.set_length(now.files_found);
            self.bar.set_position(now.files_done);
            let rate = now.files_done as f64 / self.bar.elapsed().as_secs_f64().max(1e-3);
            self.bar.set_message(format!("{} games, {rate:.0} files/s", now.games));
        }
    }

    /// Writes `lines` to `out`; a bar on the terminal steps aside for them and is drawn again below them.
    ///
    /// # Errors
    /// `out` cannot be written.
    pub(crate) fn write(&self, out: &mut (dyn Write + Send), lines: &[String]) -> std::io::Result<()> {
        let shown = !self.bar.is_hidden();
        let mut write_all = || -> std::io::Result<()> {
            lines.iter().try_for_each(|line| writeln!(out, "{line}"))?;
            if shown {
                out.flush()?;
            }
            Ok(())
        };
        if !shown {
            return write_all();
        }
        self.update();
        // The bar is cleared, the lines written and flushed, and the bar drawn again below them (the bar must
        // not be touched inside: it is locked).
        self.bar.suspend(write_all)
    }

    /// Draws the bar once more as the run ended (suspending it draws it again at once, whatever the rate), then
    /// clears it.
    pub(crate) fn finish(&self) {
        if !self.bar.is_hidden() {
            self.update();
            self.bar.suspend(|| {});
        }
        self.bar.finish_and_clear();
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}
