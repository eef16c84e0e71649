//! Ranks a xiangqi event from a JSON file (format: docs/tournament.md).
//!
//! ```text
//! cargo run --example standings -- [--preset NAME] [--policy KEY=VALUE]... [--json] [FILE.json]
//! ```
//!
//! Prints a ranked table with every criterion value and, for each two neighbours, what separated them; `--json`
//! prints the same as JSON. With no file it ranks an embedded sample event. Options come first; `--` ends them.
//! `--help` prints the usage to stdout and exits with 0. A usage error (an unknown option, an unknown preset, a
//! bad policy override) is reported on stderr with the usage and exits with 2; bad input (a file that cannot be
//! read, or an event that is not valid) on stderr with exit code 1.

use std::process::ExitCode;

use xiangqi::tournament::{rank, Event, PolicyOverrides, Preset, Tournament};

#[path = "cli.rs"]
mod cli;
use cli::Stop;

const SAMPLE: &str = include_str!("data/standings-sample.json");

pub(crate) struct Options {
    preset: Option<Preset>,
    /// The `--policy KEY=VALUE` overrides (the keys of `ranking.policies`).
    overrides: PolicyOverrides,
    json: bool,
    file: Option<String>,
}

fn usage() -> String {
    let mut text = String::from(
        "usage: standings [--preset NAME] [--policy KEY=VALUE]... [--json] [--] [FILE.json]\n\n\
         Ranks the event in FILE.json (an embedded sample without a file).\n\
         --preset NAME  the ranking order (default: the file's `ranking.preset`, else by event type)\n\
         --policy K=V   a policy override, as in `ranking.policies` (e.g. bye_opponent=lowest)\n\
         --json         print the standings as JSON\n\npresets:\n",
    );
    for preset in Preset::ALL {
        text.push_str(&format!("  {:<16} {}\n", preset.name(), preset.citation()));
    }
    text
}

pub(crate) fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, Stop> {
    let bad = |message: String| Stop::usage(message, usage());
    let mut options = Options { preset: None, overrides: PolicyOverrides::default(), json: false, file: None };
    let mut policies = serde_json::Map::new();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--" => {
                options.file = args.next();
                break;
            }
            "--json" => options.json = true,
            "--preset" => {
                let name = args.next().ok_or_else(|| bad("--preset needs a name".into()))?;
                options.preset = Some(name.parse().map_err(|e| bad(format!("--preset: {e}")))?);
            }
            "--policy" => {
                let setting = args.next().ok_or_else(|| bad("--policy needs KEY=VALUE".into()))?;
                let (key, value) =
                    setting.split_once('=').ok_or_else(|| bad(format!("--policy {setting}: expected KEY=VALUE")))?;
                // Booleans and numbers are JSON; anything else is a string (`tie_split=continue`).
                let value = serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::from(value));
                policies.insert(key.to_string(), value);
            }
            "-h" | "--help" => return Err(Stop::Help(usage())),
            _ if arg.starts_with('-') && arg.len() > 1 => return Err(bad(format!("unknown option {arg}"))),
            _ => {
                options.file = Some(arg);
                break;
            }
        }
    }
    if let Some(extra) = args.next() {
        return Err(bad(format!("unexpected argument {extra} (one file at most)")));
    }
    options.overrides =
        serde_json::from_value(serde_json::Value::Object(policies)).map_err(|e| bad(format!("--policy: {e}")))?;
    Ok(options)
}

fn run(options: &Options) -> Result<String, String> {
    let (name, text) = match &options.file {
        Some(path) => (path.as_str(), std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?),
        None => ("embedded sample", SAMPLE.to_string()),
    };
    let event: Event = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
    let tournament = Tournament::new(&event).map_err(|e| format!("{name}: {e}"))?;
    let preset = options.preset.map(Preset::name);
    let mut ruleset = event.ranking.ruleset(&tournament, preset).map_err(|e| format!("{name}: {e}"))?;
    ruleset.policies = options.overrides.apply(ruleset.policies);
    let standings = rank(&tournament, &ruleset);
    if options.json {
        serde_json::to_string_pretty(&standings).map(|s| s + "\n").map_err(|e| e.to_string())
    } else {
        Ok(standings.to_string())
    }
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(stop) => return stop.exit(),
    };
    match run(&options) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
