//! `xiangqi pair`: pairs the next round of a Swiss event from its file (the library's `pairing` module).
//!
//! The input is recognised by its content ([`InputFormat::detect`]), so that other formats can join the event
//! JSON; the system is a value of [`SystemArg`], so that other systems can join 积分编排.

use std::{io::Write, path::PathBuf};

use xiangqi::tournament::dutch;
use xiangqi::tournament::pairing::{
    pair_event, ByeEligibility, ColourPreference, ForfeitMeeting, GroupOrder, PairingSpec,
};
use xiangqi::tournament::trf::Trf;
use xiangqi::tournament::{ByeKind, Event, PolicyOverrides, Preset, RankingSpec};

use crate::{Exit, Fail};

/// Pair the next round of a Swiss event
///
/// Reads the event of FILE (the JSON event file of `xiangqi standings`, or a TRF file) and prints the pairing of
/// its next round: the tables with Red and Black, then the byes (--json: the same as JSON; --pairs: bbpPairings'
/// `-p` lines).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  xiangqi pair --system xiangqi event.json\n  xiangqi pair --group-order pairing_number --json event.json\n  xiangqi pair --system dutch --trf-in tournament.trf --round 3 --pairs"
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
    /// Pair round N from the rounds before it (later rounds of the file are ignored); default: the next round.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    round: Option<u32>,
    /// Print the pairing as bbpPairings' `-p` output: the number of pairs, then `red black` ids a line, a bye as
    /// `id 0`.
    #[arg(long, conflicts_with = "json")]
    pairs: bool,
    /// Also write the event as a TRF file (the rounds before the one paired: the file bbpPairings, JaVaFo or
    /// Swiss-Manager pair the same round from; TRF-2016 has no entry for a game paired but not played).
    #[arg(long, value_name = "OUT")]
    trf: Option<PathBuf>,
    /// Print the pairing as JSON.
    #[arg(long)]
    json: bool,
    /// The event, read as a TRF file whatever its content.
    #[arg(long = "trf-in", value_name = "FILE", conflicts_with = "file")]
    trf_in: Option<PathBuf>,
    /// The event: a JSON event file or a TRF file, told apart by content.
    #[arg(value_name = "FILE", required_unless_present = "trf_in")]
    file: Option<PathBuf>,
}

/// The pairing systems of the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SystemArg {
    /// 积分编排, as the xiangqi rule books describe it (AXF 2008 第三章第三节 一).
    Xiangqi,
    /// The FIDE Dutch system (C.04.3), as bbpPairings pairs it.
    Dutch,
}

/// The input formats `pair` reads, told apart by content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InputFormat {
    /// The event JSON file: a JSON object.
    EventJson,
    /// A FIDE tournament report file (TRF-2016 and the lines bbpPairings reads).
    Trf,
}

impl InputFormat {
    /// The format of `text`: a JSON object is an event file, anything else is read as TRF.
    pub(crate) fn detect(text: &str) -> InputFormat {
        if text.trim_start_matches('\u{feff}').trim_start().starts_with('{') {
            InputFormat::EventJson
        } else {
            InputFormat::Trf
        }
    }
}

fn parse_policy(setting: &str) -> Result<String, xiangqi::tournament::ParseNameError> {
    PolicyOverrides::default().set(setting).map(|()| setting.to_owned())
}

/// A paired round, whichever system paired it: the tables as (Red, Black) start numbers and the bye.
struct Paired {
    round: u32,
    tables: Vec<(u32, u32)>,
    bye: Option<u32>,
}

/// Runs `xiangqi pair`.
pub(crate) fn run(args: &PairArgs) -> Result<Exit, Fail> {
    let (path, forced_trf) = match (&args.trf_in, &args.file) {
        (Some(path), _) => (path, true),
        (None, Some(path)) => (path, false),
        (None, None) => return Err(Fail::Usage("give the event FILE or --trf-in FILE".into())),
    };
    let name = path.display();
    let fail = |err: &dyn core::fmt::Display| Fail::Message(format!("{name}: {err}"));
    let text = std::fs::read_to_string(path).map_err(|err| fail(&err))?;
    let (event, trf) = if forced_trf || InputFormat::detect(&text) == InputFormat::Trf {
        let trf = Trf::parse(&text).map_err(|err| fail(&err))?;
        (trf.to_event().map_err(|err| fail(&err))?, trf)
    } else {
        let event: Event = serde_json::from_str(&text).map_err(|err| fail(&err))?;
        let trf = match (args.system, &args.trf) {
            (SystemArg::Dutch, _) | (_, Some(_)) => Trf::from_event(&event).map_err(|err| fail(&err))?,
            _ => Trf::default(),
        };
        (event, trf)
    };
    let mut out = std::io::stdout().lock();
    let paired = match args.system {
        SystemArg::Xiangqi => {
            let mut event = event;
            if let Some(round) = args.round {
                let before = usize::try_from(round - 1).unwrap_or(usize::MAX);
                if before > event.rounds.len() {
                    let played = event.rounds.len();
                    return Err(fail(&format!(
                        "round {round}: the event has {played} rounds, so the next is {}",
                        played + 1
                    )));
                }
                event.rounds.truncate(before);
            }
            let pairing = pair_event(&event, &pairing_spec(args)?).map_err(|err| fail(&err))?;
            if !args.pairs {
                if args.json {
                    let json = serde_json::to_string_pretty(&pairing).map_err(|err| Fail::Message(err.to_string()))?;
                    writeln!(out, "{json}")?;
                } else {
                    write!(out, "{pairing}")?;
                }
            }
            let number = |id: &str| start_number(&event, &trf, id);
            Paired {
                round: u32::try_from(pairing.round).unwrap_or(u32::MAX),
                tables: pairing.tables.iter().map(|table| (number(&table.red), number(&table.black))).collect(),
                bye: pairing.byes.iter().find(|bye| !bye.requested).map(|bye| number(&bye.player)),
            }
        }
        SystemArg::Dutch => {
            let round = args.round.unwrap_or_else(|| trf.paired_rounds() + 1);
            let pairing = dutch::pair_round(&trf, round).map_err(|err| fail(&err))?;
            let paired = Paired { round, tables: pairing.pairs.clone(), bye: pairing.bye };
            if !args.pairs {
                write_dutch(&mut out, &paired, &trf, args.json)?;
            }
            paired
        }
    };
    if args.pairs {
        write!(out, "{}", dutch::Pairing { pairs: paired.tables.clone(), bye: paired.bye }.bbp_text())?;
    }
    if let Some(out_path) = &args.trf {
        let mut written = trf;
        for player in &mut written.players {
            player.rounds.truncate(usize::try_from(paired.round - 1).unwrap_or(usize::MAX));
        }
        std::fs::write(out_path, written.to_string())
            .map_err(|err| Fail::Message(format!("{}: {err}", out_path.display())))?;
    }
    Ok(Exit::Ok)
}

fn pairing_spec(args: &PairArgs) -> Result<PairingSpec, Fail> {
    let mut ranking = RankingSpec { preset: args.preset, ..RankingSpec::default() };
    for setting in &args.policies {
        ranking.policies.set(setting).map_err(|err| Fail::Usage(format!("--policy: {err}")))?;
    }
    Ok(PairingSpec {
        ranking,
        group_order: args.group_order,
        colours: args.colours,
        bye_eligibility: args.bye_eligibility,
        forfeits: args.forfeits,
        bye: args.bye,
    })
}

/// The TRF start number of the participant `id` of `event` (the event read from `trf`, or `trf` made from the
/// event: both keep the order of the players), or 0 when the TRF has none (it is then not written).
fn start_number(event: &Event, trf: &Trf, id: &str) -> u32 {
    event
        .players
        .iter()
        .position(|player| player.id == id)
        .and_then(|index| trf.players.get(index))
        .map_or(0, |player| player.id)
}

/// The Dutch pairing as text (`round N`, then `table red black` with the names) or as JSON.
fn write_dutch(out: &mut impl Write, paired: &Paired, trf: &Trf, json: bool) -> Result<(), Fail> {
    let label = |id: u32| match trf.player(id) {
        Some(player) if !player.name.trim().is_empty() => player.name.trim().to_owned(),
        _ => id.to_string(),
    };
    if json {
        let tables: Vec<_> = paired
            .tables
            .iter()
            .enumerate()
            .map(|(index, &(red, black))| serde_json::json!({"table": index + 1, "red": red, "black": black}))
            .collect();
        let value = serde_json::json!({"round": paired.round, "tables": tables, "bye": paired.bye});
        let text = serde_json::to_string_pretty(&value).map_err(|err| Fail::Message(err.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    writeln!(out, "round {}", paired.round)?;
    writeln!(out, "table red black")?;
    for (index, &(red, black)) in paired.tables.iter().enumerate() {
        writeln!(out, "{:>5} {} {}", index + 1, label(red), label(black))?;
    }
    if let Some(bye) = paired.bye {
        writeln!(out, "bye: {}", label(bye))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::InputFormat;

    #[test]
    fn the_input_is_told_by_its_content() {
        assert_eq!(InputFormat::detect("\u{feff}  {\"players\": []}"), InputFormat::EventJson);
        assert_eq!(InputFormat::detect("012 Swiss"), InputFormat::Trf);
    }
}
