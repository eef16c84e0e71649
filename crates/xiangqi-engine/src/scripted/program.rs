//! [`main`]: the scripted engine as a program.

use core::time::Duration;
use std::{io, path::Path, process::ExitCode, thread};

use crate::scripted::{run, Ending, Script};

/// Runs the scripted engine on standard input and output with the script at `script` (no script: the engine's
/// own moves only), and returns its exit status: 0 after `quit` or at the end of its input, 3 for a crash, 2 for
/// a script that cannot be read. A hang never returns: the process waits to be killed.
pub fn main(script: Option<&Path>) -> ExitCode {
    let script = match script.map(std::fs::read_to_string).transpose() {
        Ok(text) => match text.as_deref().unwrap_or("").parse::<Script>() {
            Ok(script) => script,
            Err(err) => {
                eprintln!("xiangqi-scripted-engine: {err}");
                return ExitCode::from(2);
            }
        },
        Err(err) => {
            eprintln!("xiangqi-scripted-engine: cannot read the script: {err}");
            return ExitCode::from(2);
        }
    };
    match run(&script, io::stdin().lock(), io::stdout().lock()) {
        Ok(Ending::Crash) => {
            eprintln!("xiangqi-scripted-engine: crashing as the script says");
            ExitCode::from(3)
        }
        Ok(Ending::Hang) => loop {
            thread::sleep(Duration::from_secs(3600));
        },
        Ok(Ending::Quit | Ending::InputClosed | Ending::Exit) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xiangqi-scripted-engine: {err}");
            ExitCode::FAILURE
        }
    }
}
