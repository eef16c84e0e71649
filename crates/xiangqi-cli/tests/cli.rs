//! Integration tests of the `xiangqi` binary: each runs the built binary on the fixtures in `tests/fixtures`
//! (small records written for these tests) and checks exit codes and output exactly. One test binary, with a
//! module per subcommand, to keep build time down.

#[path = "cli/adjudicate.rs"]
mod adjudicate;
#[path = "cli/check.rs"]
mod check;
#[path = "cli/convert.rs"]
mod convert;
#[path = "cli/engine_match.rs"]
mod engine_match;
#[path = "cli/play.rs"]
mod play;
#[path = "cli/tools.rs"]
mod tools;

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// What a run of the binary printed, and its exit code.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// The fixtures folder (the working directory of every run, so that paths print as given).
pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Runs `xiangqi ARGS` in the fixtures folder.
pub(crate) fn xiangqi(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .current_dir(fixtures())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("an exit code, not a signal"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

/// Runs `xiangqi ARGS` in the fixtures folder, sends it SIGINT (as Ctrl-C does) once it has written its first line
/// of output, and waits for it to end; the output is all it wrote, the first line included.
#[cfg(unix)]
pub(crate) fn interrupted(args: &[&str]) -> Run {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;

    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .current_dir(fixtures())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut out = String::new();
    stdout.read_line(&mut out).expect("a first line");
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success(), "the command still ran");
    stdout.read_to_string(&mut out).expect("UTF-8 stdout");
    let mut stderr = String::new();
    child.stderr.take().expect("piped").read_to_string(&mut stderr).expect("UTF-8 stderr");
    let code = child.wait().expect("it ends").code().expect("an exit code, not a signal");
    Run { code, stdout: out, stderr }
}

/// The lines of `text` parsed as JSON objects.
pub(crate) fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines().map(|line| serde_json::from_str(line).expect("a JSON object per line")).collect()
}

/// A fresh empty folder under the system's temporary folder, for a test that makes files of its own.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// `$XIANGQI_TESTDATA`; the tests that call this are `#[ignore]`d, and run only when asked for.
pub(crate) fn testdata() -> PathBuf {
    std::env::var_os("XIANGQI_TESTDATA")
        .map(PathBuf::from)
        .expect("XIANGQI_TESTDATA is not set: this test needs the shared test data (see the README)")
}
