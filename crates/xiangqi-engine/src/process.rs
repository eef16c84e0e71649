//! The engine's process: started with piped standard streams, its output read line by line on a thread of its
//! own (each line stamped with the moment it arrived), its end waited for or forced.

use core::time::Duration;
use std::{
    collections::VecDeque,
    io::{self, BufRead, BufReader, Write},
    process::{Child, ChildStdin, Command, ExitStatus, Stdio},
    sync::{
        mpsc::{self, Receiver, RecvTimeoutError},
        Arc, Mutex,
    },
    thread,
    time::Instant,
};

use crate::EngineCommand;

/// The longest line kept whole; the rest of a longer line is dropped (an engine printing garbage without line
/// breaks cannot fill the memory).
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// How many of the last lines the engine wrote to standard error are kept, for the message when it exits.
const STDERR_LINES: usize = 4;

/// What the reader thread saw.
pub(crate) enum Received {
    /// A line (without its line break), and when it arrived.
    Line(String, Instant),
    /// The engine's output ended (it exited or closed it).
    Closed,
    /// Nothing came before the deadline.
    Timeout,
}

/// A running engine process.
pub(crate) struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(String, Instant)>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_reader: Option<thread::JoinHandle<()>>,
    exit: Option<ExitStatus>,
}

impl Process {
    /// Starts the program of `command`. On Unix it gets a process group of its own, so that Ctrl-C in a terminal
    /// reaches the program using this crate, which then stops its engines in order, and not the engines first.
    pub(crate) fn spawn(command: &EngineCommand) -> io::Result<Process> {
        let mut cmd = Command::new(&command.program);
        cmd.args(&command.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &command.current_dir {
            cmd.current_dir(dir);
        }
        for (name, value) in &command.env {
            cmd.env(name, value);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or_else(|| io::Error::other("no standard output"))?;
        let stderr_pipe = child.stderr.take();
        let (sender, lines) = mpsc::channel();
        thread::Builder::new().name("engine-stdout".into()).spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(line) = read_line(&mut reader) {
                if sender.send((line, Instant::now())).is_err() {
                    break;
                }
            }
        })?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let mut stderr_reader = None;
        if let Some(pipe) = stderr_pipe {
            let tail = Arc::clone(&stderr);
            stderr_reader = Some(thread::Builder::new().name("engine-stderr".into()).spawn(move || {
                let mut reader = BufReader::new(pipe);
                while let Some(line) = read_line(&mut reader) {
                    if let Ok(mut tail) = tail.lock() {
                        if tail.len() == STDERR_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(line);
                    }
                }
            })?);
        }
        Ok(Process { child, stdin, lines, stderr, stderr_reader, exit: None })
    }

    /// Writes `line` and a line break, and flushes.
    pub(crate) fn write_line(&mut self, line: &str) -> io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        stdin.write_all(&bytes)?;
        stdin.flush()
    }

    /// The next line, waiting until `deadline`.
    pub(crate) fn receive(&self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((line, at)) => Received::Line(line, at),
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
            Err(RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }

    /// The exit status, waiting for it up to `wait`; `None` if the process still runs.
    pub(crate) fn exit_status(&mut self, wait: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + wait;
        loop {
            if self.exit.is_some() {
                return self.exit;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                self.exit = Some(status);
                return self.exit;
            }
            if Instant::now() >= until {
                return None;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Ends the process at once (if it still runs) and waits for it.
    pub(crate) fn kill(&mut self) -> Option<ExitStatus> {
        self.stdin = None;
        if self.exit_status(Duration::ZERO).is_none() {
            let _ = self.child.kill();
            self.exit = self.child.wait().ok();
        }
        self.exit
    }

    /// Closes the engine's standard input (an engine reading it then sees its end).
    pub(crate) fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The last lines the engine wrote to standard error, joined with ` | `, if it wrote any. Once the
    /// process has exited, waits up to 100 ms for the rest of its error output to be read.
    pub(crate) fn stderr_tail(&mut self) -> Option<String> {
        if self.exit.is_some() {
            let until = Instant::now() + Duration::from_millis(100);
            while self.stderr_reader.as_ref().is_some_and(|reader| !reader.is_finished()) && Instant::now() < until {
                thread::sleep(Duration::from_millis(1));
            }
        }
        let tail = self.stderr.lock().ok()?;
        (!tail.is_empty()).then(|| tail.iter().cloned().collect::<Vec<_>>().join(" | "))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The next line of `reader` without its line break (`\n` or `\r\n`), invalid UTF-8 replaced, at most
/// [`MAX_LINE`] bytes of it kept; `None` at the end of the stream or on an error.
fn read_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let mut any = false;
    loop {
        let (done, used) = {
            let available = match reader.fill_buf() {
                Ok(available) => available,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if available.is_empty() {
                return any.then(|| finish(bytes));
            }
            any = true;
            match available.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    keep(&mut bytes, &available[..end]);
                    (true, end + 1)
                }
                None => {
                    keep(&mut bytes, available);
                    (false, available.len())
                }
            }
        };
        reader.consume(used);
        if done {
            return Some(finish(bytes));
        }
    }
}

fn keep(bytes: &mut Vec<u8>, more: &[u8]) {
    let room = MAX_LINE.saturating_sub(bytes.len());
    bytes.extend_from_slice(&more[..more.len().min(room)]);
}

fn finish(mut bytes: Vec<u8>) -> String {
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    String::from_utf8(bytes).unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned())
}

/// Reads `reader` to its end, for the tests of [`read_line`].
#[cfg(test)]
fn all_lines(input: impl std::io::Read) -> Vec<String> {
    let mut reader = BufReader::with_capacity(7, input);
    core::iter::from_fn(|| read_line(&mut reader)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_line_breaks_whatever_the_buffer() {
        let input: &[u8] = b"id name E\r\nuciok\n\nlast without break";
        assert_eq!(all_lines(input), ["id name E", "uciok", "", "last without break"]);
        let bad: &[u8] = b"a\xffb\n";
        assert_eq!(all_lines(bad), ["a\u{fffd}b"]);
    }

    #[test]
    fn a_line_longer_than_the_limit_is_cut() {
        let mut input = vec![b'x'; MAX_LINE + 100];
        input.extend_from_slice(b"\nnext\n");
        let lines = all_lines(&input[..]);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "next");
    }
}
