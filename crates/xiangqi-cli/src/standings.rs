//! `xiangqi standings`: ranks an event from a JSON file (the format of the repository's docs/tournament.md).

use std::{io::Write, path::PathBuf};

use xiangqi::tournament::{rank_event, Event, PolicyOverrides, Preset, RankingSpec};

use crate::{Exit, Fail};

/// Rank a tournament from its JSON file
///
/// Ranks the event of FILE.json and prints the table with every criterion value and what separated each two
/// neighbours (--json: the same as JSON).
#[derive(Debug, clap::Args)]
#[command(after_help = standings_help())]
pub(crate) struct StandingsArgs {
    /// The ranking order (default: the file's `ranking.preset`, else by event type).
    #[arg(long, value_name = "NAME", value_parser = str::parse::<Preset>)]
    preset: Option<Preset>,
    /// A policy override as in `ranking.policies` (e.g. bye_opponent=lowest); may be repeated.
    #[arg(long = "policy", value_name = "KEY=VALUE", value_parser = parse_policy)]
    policies: Vec<String>,
    /// Print the standings as JSON.
    #[arg(long)]
    json: bool,
    /// The event.
    #[arg(value_name = "FILE.json")]
    file: PathBuf,
}

fn standings_help() -> String {
    let mut text = String::from(
        "Example:\n  xiangqi standings --preset axf-swiss --policy bye_opponent=lowest event.json\n\nPresets:\n",
    );
    for preset in Preset::ALL {
        text.push_str(&format!("  {:<16} {}\n", preset.name(), preset.citation()));
    }
    text
}

/// Checks one `KEY=VALUE` override as the command line is read, so that a bad one is a usage error.
fn parse_policy(setting: &str) -> Result<String, xiangqi::tournament::ParseNameError> {
    PolicyOverrides::default().set(setting).map(|()| setting.to_owned())
}

/// Runs `xiangqi standings`.
pub(crate) fn run(args: &StandingsArgs) -> Result<Exit, Fail> {
    let mut choice = RankingSpec { preset: args.preset, ..RankingSpec::default() };
    for setting in &args.policies {
        choice.policies.set(setting).map_err(|err| Fail::Usage(format!("--policy: {err}")))?;
    }
    let name = args.file.display();
    let text = std::fs::read_to_string(&args.file).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let event: Event = serde_json::from_str(&text).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let standings = rank_event(&event, &choice).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::to_string_pretty(&standings).map_err(|err| Fail::Message(err.to_string()))?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{standings}")?;
    }
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, clap::Parser)]
    struct Command {
        #[command(flatten)]
        args: StandingsArgs,
    }

    fn parse(line: &str) -> Result<StandingsArgs, clap::Error> {
        Command::try_parse_from(core::iter::once("standings").chain(line.split(' '))).map(|command| command.args)
    }

    #[test]
    fn presets_and_policies_are_read_as_the_library_reads_them() {
        let args = parse("--preset CXA-14.1 --policy tie_split=continue --policy lots_seed=7 event.json").unwrap();
        assert_eq!(args.preset, Some(Preset::Cxa14_1));
        assert_eq!(args.policies, ["tie_split=continue", "lots_seed=7"]);
        let error = parse("--preset axf event.json").unwrap_err().to_string();
        assert!(error.contains("invalid preset `axf`: expected one of axf-rr, "), "{error}");
        let error = parse("--policy tie_split=again event.json").unwrap_err().to_string();
        assert!(error.contains("invalid tie_split policy `again`: expected one of restart, continue"), "{error}");
    }

    #[test]
    fn a_bad_preset_in_the_file_is_bad_data() {
        let dir = std::env::temp_dir().join(format!("xiangqi-standings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("event.json");
        std::fs::write(&file, r#"{"players": ["A", "B"], "ranking": {"preset": "axf-team"}}"#).unwrap();
        let args = parse(file.to_str().unwrap()).unwrap();
        let Err(Fail::Message(message)) = run(&args) else { panic!("not a data error") };
        let expected = "ranking.preset: invalid preset `axf-team`: expected one of axf-rr, axf-swiss, axf-team-rr, \
                        axf-team-swiss, axf-short-rr, axf-short-swiss, roc-rr, roc-swiss, roc-team-rr, roc-team-swiss, \
                        cxa-14.1, cxa-14.2, cxa-14.3.1, cxa-14.3.2, fide at line 1 column 57";
        assert!(message.ends_with(expected), "{message}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
