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
//! read, or an event that is not valid, a preset in the file that is none included) on stderr with exit code 1.

use std::process::ExitCode;

use xiangqi::tournament::{rank_event, Event, Preset, RankingSpec};

#[path = "cli.rs"]
mod cli;
use cli::{warn, Output, Stop};

const SAMPLE: &str = include_str!("data/standings-sample.json");

pub(crate) struct Options {
    /// `--preset` and the `--policy KEY=VALUE` overrides, on top of the file's `ranking`.
    choice: RankingSpec,
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
    let mut options = Options { choice: RankingSpec::default(), json: false, file: None };
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
                options.choice.preset = Some(name.parse().map_err(|e| bad(format!("--preset: {e}")))?);
            }
            "--policy" => {
                let setting = args.next().ok_or_else(|| bad("--policy needs KEY=VALUE".into()))?;
                options.choice.policies.set(&setting).map_err(|e| bad(format!("--policy: {e}")))?;
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
    Ok(options)
}

fn run(options: &Options) -> Result<String, String> {
    let (name, text) = match &options.file {
        Some(path) => (path.as_str(), std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?),
        None => ("embedded sample", SAMPLE.to_string()),
    };
    let event: Event = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
    let standings = rank_event(&event, &options.choice).map_err(|e| format!("{name}: {e}"))?;
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
            Output::stdout().text(&output);
            ExitCode::SUCCESS
        }
        Err(message) => {
            warn(&format!("error: {message}"));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::tournament::TieSplit;

    fn options(line: &str) -> Result<Options, Stop> {
        parse_args(line.split_whitespace().map(String::from))
    }

    #[test]
    fn options_are_read_as_the_library_reads_them() {
        let read = options("--preset FIDE --policy tie_split=continue --json event.json").unwrap();
        assert_eq!(read.choice.preset, Some(Preset::FideStyle));
        assert_eq!(read.choice.policies.tie_split, Some(TieSplit::Continue));
        assert!(read.json);
        assert_eq!(read.file.as_deref(), Some("event.json"));
        let Err(Stop::Usage(message, _)) = options("--preset axf") else { panic!("a bad preset is a usage error") };
        assert!(message.starts_with("--preset: invalid preset `axf`: expected one of axf-rr, "), "{message}");
        let Err(Stop::Usage(message, _)) = options("--policy lots_seed=x") else { panic!("a bad policy too") };
        assert_eq!(
            message,
            "--policy: invalid lots_seed policy `x`: expected a whole number from 0 to 18446744073709551615"
        );
    }

    #[test]
    fn the_sample_ranks_and_a_bad_file_is_bad_input() {
        let table = run(&options("").unwrap()).unwrap();
        assert!(table.starts_with("Sample round robin (six players, Berger table)\nruleset: axf-rr\n"), "{table}");
        let json = run(&options("--json --preset cxa-14.1").unwrap()).unwrap();
        assert!(json.contains("\"ruleset\": \"cxa-14.1\""), "{json}");
        let dir = std::env::temp_dir().join(format!("xiangqi-standings-example-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("event.json");
        std::fs::write(&file, r#"{"players": ["A"], "ranking": {"preset": "axf-team"}}"#).unwrap();
        let error = run(&options(file.to_str().unwrap()).unwrap()).unwrap_err();
        assert!(error.contains(": ranking.preset: invalid preset `axf-team`: expected one of "), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
