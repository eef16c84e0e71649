//! What every example does when its command line stops it: `--help` prints the usage on stdout and exits with 0;
//! a usage error prints what is wrong and the usage on stderr and exits with 2. A module of each example
//! (`#[path = "cli.rs"] mod cli;`), not an example itself.

use std::io::{Stdout, Write};
use std::process::ExitCode;

/// Why an example stops before doing its work.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// `-h` or `--help`: the usage text.
    Help(String),
    /// A bad command line: what is wrong, then the usage text.
    Usage(String, String),
}

impl Stop {
    /// A usage error: `message`, then `usage`.
    pub(crate) fn usage(message: impl Into<String>, usage: impl Into<String>) -> Stop {
        Stop::Usage(message.into(), usage.into())
    }

    /// The exit code: 0 for `--help`, 2 for a usage error.
    pub(crate) fn code(&self) -> u8 {
        match self {
            Stop::Help(_) => 0,
            Stop::Usage(..) => 2,
        }
    }

    /// Prints the text where it belongs and returns the exit code.
    pub(crate) fn exit(self) -> ExitCode {
        let code = self.code();
        match self {
            Stop::Help(usage) => Output::stdout().line(usage.trim_end()),
            Stop::Usage(message, usage) => warn(&format!("error: {message}\n\n{}", usage.trim_end())),
        }
        ExitCode::from(code)
    }
}

/// Stdout for the lines of an example: once it is closed (a pager quit, `| head`) the rest is dropped quietly,
/// without the panic of `println!`.
pub(crate) struct Output {
    out: Stdout,
    closed: bool,
}

impl Output {
    /// The process's stdout.
    pub(crate) fn stdout() -> Output {
        Output { out: std::io::stdout(), closed: false }
    }

    /// Writes `text` as it is.
    pub(crate) fn text(&mut self, text: &str) {
        if !self.closed && self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).is_err() {
            self.closed = true;
        }
    }

    /// Writes `line` and a line break.
    pub(crate) fn line(&mut self, line: &str) {
        self.text(line);
        self.text("\n");
    }
}

/// Writes `line` and a line break to stderr; a closed stderr (`2>&1 | head`) is no reason to panic.
pub(crate) fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}
