//! [`EngineCommand`]: how to start an engine — program, arguments, working directory, environment — and which
//! protocol to speak to it.

use core::time::Duration;
use std::{
    ffi::{OsStr, OsString},
    path::{Path, PathBuf},
};

use crate::Dialect;

/// How to start an engine, and what to expect of it.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::engine::{Dialect, EngineCommand};
///
/// let eleeye = EngineCommand::new("/opt/eleeye/eleeye")
///     .current_dir("/opt/eleeye")
///     .dialect(Dialect::Ucci)
///     .handshake_timeout(Duration::from_secs(5));
/// assert_eq!(eleeye.dialect, Some(Dialect::Ucci));
/// let fairy = EngineCommand::new("/usr/games/fairy-stockfish").arg("load").env("LANG", "C");
/// assert_eq!(fairy.args, ["load"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program (a path, or a name looked up in `PATH`).
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Its working directory (the caller's by default).
    pub current_dir: Option<PathBuf>,
    /// Variables added to its environment.
    pub env: Vec<(OsString, OsString)>,
    /// The protocol to speak, or `None` to find out at the handshake (see [`Engine::start`](crate::Engine::start)).
    pub dialect: Option<Dialect>,
    /// How long the handshake may take: the engine's first answer and its `readyok` (10 seconds by default).
    pub handshake_timeout: Duration,
}

/// The default of [`EngineCommand::handshake_timeout`].
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl EngineCommand {
    /// The command that starts `program` with no arguments, the protocol found at the handshake.
    pub fn new(program: impl AsRef<OsStr>) -> EngineCommand {
        EngineCommand {
            program: PathBuf::from(program.as_ref()),
            args: Vec::new(),
            current_dir: None,
            env: Vec::new(),
            dialect: None,
            handshake_timeout: HANDSHAKE_TIMEOUT,
        }
    }

    /// Adds an argument.
    #[must_use]
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> EngineCommand {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// Sets the working directory.
    #[must_use]
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> EngineCommand {
        self.current_dir = Some(dir.as_ref().to_owned());
        self
    }

    /// Adds a variable to the environment.
    #[must_use]
    pub fn env(mut self, name: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> EngineCommand {
        self.env.push((name.as_ref().to_owned(), value.as_ref().to_owned()));
        self
    }

    /// Speaks `dialect` to the engine instead of finding out at the handshake.
    #[must_use]
    pub fn dialect(mut self, dialect: Dialect) -> EngineCommand {
        self.dialect = Some(dialect);
        self
    }

    /// Sets how long the handshake may take.
    #[must_use]
    pub fn handshake_timeout(mut self, timeout: Duration) -> EngineCommand {
        self.handshake_timeout = timeout;
        self
    }

    /// The program's file name, for messages until the engine says its name.
    pub(crate) fn label(&self) -> String {
        self.program
            .file_name()
            .map_or_else(|| self.program.display().to_string(), |name| name.to_string_lossy().into_owned())
    }
}
