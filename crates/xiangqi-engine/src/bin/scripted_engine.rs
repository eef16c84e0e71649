//! `xiangqi-scripted-engine [SCRIPT]`: the scripted engine of [`xiangqi_engine::scripted`], a test peer that
//! follows a script and misbehaves on demand.

use std::{path::PathBuf, process::ExitCode};

fn main() -> ExitCode {
    let script = std::env::args_os().nth(1).map(PathBuf::from);
    xiangqi_engine::scripted::main(script.as_deref())
}
