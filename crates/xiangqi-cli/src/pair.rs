//! `xiangqi pair`: pairs the next round of a Swiss event from its file (the library's `pairing` module).
//!
//! The input is recognised by its content ([`InputFormat::detect`]), so that other formats can join the event
//! JSON; the system is a value of [`SystemArg`], so that other systems can join 积分编排.

use std::{io::Write, path::PathBuf};

use xiangqi::tournament::pairing::{
    pair_event, ByeEligibility, ColourPreference, ForfeitMeeting, GroupOrder, PairingSpec,
};
use xiangqi::tournament::{ByeKind, Event, PolicyOverrides, Preset, RankingSpec};

use crate::{Exit, Fail};

/// Pair the next round of a Swiss event
///
/// Reads the event of FILE (the JSON event file of `xiangqi standings`) and prints the pairing of its next round:
/// the tables with Red, Black and their scores, then the byes (--json: the same as JSON).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example:\n  xiangqi pair --system xiangqi event.json\n  xiangqi pair --group-order pairing_number --json event.json"
)]
pub(crate) struct PairArgs {
    /// The pairing system.
    #[arg(long, value_enum, default_value_t = SystemArg::Xiangqi)]
    system: SystemArg,
    /// The ranking that gives the scores and the order (default: the file's `ranking.preset`, else by event type).
    #[arg(long, value_name = "NAME", value_parser = str::parse::<Preset>)]
    preset: Option<Preset>,
    /// A ranking policy override as in `ranking.policies` (e.g. bye_opponent=lowest); may be repeated.
    #[arg(long = "policy", value_name = "KEY=VALUE", value_parser = parse_policy)]
    policies: Vec<String>,
    /// The order inside a score group: standings (the preset's tiebreaks) or pairing_number.
    #[arg(long, value_name = "ORDER", value_parser = str::parse::<GroupOrder>)]
    group_order: Option<GroupOrder>,
    /// Whether colours weigh in choosing opponents: alternate or ignore.
    #[arg(long, value_name = "RULE", value_parser = str::parse::<ColourPreference>)]
    colours: Option<ColourPreference>,
    /// Which earlier byes keep a participant from the pairing's bye: any_bye or full_byes.
    #[arg(long, value_name = "RULE", value_parser = str::parse::<ByeEligibility>)]
    bye_eligibility: Option<ByeEligibility>,
    /// Whether a forfeit counts as a meeting: met or not_met.
    #[arg(long, value_name = "RULE", value_parser = str::parse::<ForfeitMeeting>)]
    forfeits: Option<ForfeitMeeting>,
    /// What the pairing's bye scores: full, half or zero (default: the preset's).
    #[arg(long, value_name = "KIND", value_parser = str::parse::<ByeKind>)]
    bye: Option<ByeKind>,
    /// Print the pairing as JSON.
    #[arg(long)]
    json: bool,
    /// The event.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// The pairing systems of the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SystemArg {
    /// 积分编排, as the xiangqi rule books describe it (AXF 2008 第三章第三节 一).
    Xiangqi,
}

/// The input formats `pair` reads, told apart by content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InputFormat {
    /// The event JSON file: a JSON object.
    EventJson,
}

impl InputFormat {
    /// The format of `text`, or `None` when it is none that `pair` reads.
    pub(crate) fn detect(text: &str) -> Option<InputFormat> {
        text.trim_start_matches('\u{feff}').trim_start().starts_with('{').then_some(InputFormat::EventJson)
    }
}

fn parse_policy(setting: &str) -> Result<String, xiangqi::tournament::ParseNameError> {
    PolicyOverrides::default().set(setting).map(|()| setting.to_owned())
}

/// Runs `xiangqi pair`.
pub(crate) fn run(args: &PairArgs) -> Result<Exit, Fail> {
    let mut ranking = RankingSpec { preset: args.preset, ..RankingSpec::default() };
    for setting in &args.policies {
        ranking.policies.set(setting).map_err(|err| Fail::Usage(format!("--policy: {err}")))?;
    }
    let spec = PairingSpec {
        ranking,
        group_order: args.group_order,
        colours: args.colours,
        bye_eligibility: args.bye_eligibility,
        forfeits: args.forfeits,
        bye: args.bye,
    };
    let name = args.file.display();
    let text = std::fs::read_to_string(&args.file).map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let event: Event = match InputFormat::detect(&text) {
        Some(InputFormat::EventJson) => {
            serde_json::from_str(&text).map_err(|err| Fail::Message(format!("{name}: {err}")))?
        }
        None => return Err(Fail::Message(format!("{name}: not an event file (a JSON object)"))),
    };
    let pairing = match args.system {
        SystemArg::Xiangqi => pair_event(&event, &spec),
    }
    .map_err(|err| Fail::Message(format!("{name}: {err}")))?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::to_string_pretty(&pairing).map_err(|err| Fail::Message(err.to_string()))?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{pairing}")?;
    }
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::InputFormat;

    #[test]
    fn the_input_is_told_by_its_content() {
        assert_eq!(InputFormat::detect("\u{feff}  {\"players\": []}"), Some(InputFormat::EventJson));
        assert_eq!(InputFormat::detect("012 Swiss"), None);
    }
}
