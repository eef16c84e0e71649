//! `Display` for [`Trf`]: the file written back in TRF's fixed columns.

use core::fmt;

use super::entry::{RoundEntry, TrfPlayer};
use super::file::Trf;
use super::point_values::Tenths;

/// Writes the file: [`Trf::other_lines`], the players, then `XXR`, `XXC`, the `BB?` lines of the point values
/// that are not the defaults and the `XXP` lines, each line ended by `\n`.
impl fmt::Display for Trf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.other_lines {
            writeln!(f, "{line}")?;
        }
        for player in &self.players {
            write_player(f, player)?;
        }
        if let Some(rounds) = self.rounds {
            writeln!(f, "XXR {rounds}")?;
        }
        if self.initial_colour.is_some() || self.pair_by_rank {
            f.write_str("XXC")?;
            if self.pair_by_rank {
                f.write_str(" rank")?;
            }
            match self.initial_colour {
                Some(super::entry::Side::White) => f.write_str(" white1")?,
                Some(super::entry::Side::Black) => f.write_str(" black1")?,
                None => {}
            }
            writeln!(f)?;
        }
        for (code, tenths) in self.points.non_default_lines() {
            writeln!(f, "{code} {:>4}", Tenths(tenths))?;
        }
        for group in &self.forbidden_pairs {
            f.write_str("XXP")?;
            for id in group {
                write!(f, " {id}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

fn write_player(f: &mut fmt::Formatter<'_>, player: &TrfPlayer) -> fmt::Result {
    let blank_or = |value: Option<u32>| value.map(|v| alloc::format!("{v}")).unwrap_or_default();
    write!(
        f,
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        player.id,
        player.sex,
        player.title,
        player.name,
        blank_or(player.rating),
        player.federation,
        player.fide_id,
        player.birth,
        Tenths(player.points),
        blank_or(player.rank),
    )?;
    let mut rounds = alloc::string::String::new();
    for entry in &player.rounds {
        match entry {
            None => rounds.push_str("          "),
            Some(entry) => rounds.push_str(&entry_text(entry)),
        }
    }
    writeln!(f, "{}", rounds.trim_end())
}

fn entry_text(entry: &RoundEntry) -> alloc::string::String {
    let opponent = entry.opponent.map_or_else(|| "0000".into(), |id| alloc::format!("{id:>4}"));
    let colour = entry.colour.map_or('-', super::entry::Side::letter);
    alloc::format!("  {opponent} {colour} {}", entry.result.letter())
}
