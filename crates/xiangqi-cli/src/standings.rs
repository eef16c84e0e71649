//! `xiangqi standings`: ranks an event from a JSON file (the format of the repository's docs/tournament.md).

use std::{io::Write, path::PathBuf};

use xiangqi::tournament::{rank, Event, PolicyOverrides, Preset, Tournament};

use crate::{Exit, Fail};

/// Rank a tournament from its JSON file
///
/// Ranks the event of FILE.json and prints the table with every criterion value and what separated each two
/// neighbours (--json: the same as JSON).
#[derive(Debug, clap::Args)]
#[command(after_help = standings_help())]
pub(crate) struct StandingsArgs {
    /// The ranking order (default: the file's `ranking.preset`, else by event type).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// A policy override as in `ranking.policies` (e.g. bye_opponent=lowest); may be repeated.
    #[arg(long = "policy", value_name = "KEY=VALUE", value_parser = parse_policy)]
    policies: Vec<(String, serde_json::Value)>,
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

/// Reads `KEY=VALUE`: booleans and numbers are JSON, anything else is a string (`tie_split=continue`).
fn parse_policy(setting: &str) -> Result<(String, serde_json::Value), String> {
    let (key, value) = setting.split_once('=').ok_or_else(|| format!("{setting}: expected KEY=VALUE"))?;
    let value = serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::from(value));
    Ok((key.to_owned(), value))
}

/// Runs `xiangqi standings`.
pub(crate) fn run(args: &StandingsArgs) -> Result<Exit, Fail> {
    let name = args.file.display();
    let text = std::fs::read_to_string(&args.file).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let event: Event = serde_json::from_str(&text).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let tournament = Tournament::new(&event).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let mut ruleset =
        event.ranking.ruleset(&tournament, args.preset.as_deref()).map_err(|err| Fail::Usage(err.to_string()))?;
    let policies: serde_json::Map<_, _> = args.policies.iter().cloned().collect();
    let overrides: PolicyOverrides = serde_json::from_value(serde_json::Value::Object(policies))
        .map_err(|err| Fail::Usage(format!("--policy: {err}")))?;
    ruleset.policies = overrides.apply(ruleset.policies);
    let standings = rank(&tournament, &ruleset);
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::to_string_pretty(&standings).map_err(|err| Fail::Message(err.to_string()))?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{standings}")?;
    }
    Ok(Exit::Ok)
}
