//! [`Trf::parse`]: a TRF text read line by line into a [`Trf`], then checked as a whole.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::check::{check, LineNumbers};
use super::entry::{RoundEntry, Side, TrfPlayer, TrfResult};
use super::error::{TrfError, TrfErrorKind};
use super::file::Trf;
use super::point_values::{PointValues, Tenths};

impl Trf {
    /// Reads a TRF file: TRF-2016 player lines (`001`), with `XXR`/`142` (rounds), `XXC`/`152` (initial
    /// colour, `rank`), `BBW BBD BBL BBZ BBF BBU`/`162` (point values) and `XXP` (forbidden pairs); every other
    /// line is kept as written in [`Trf::other_lines`]. Lines end with `\n` or `\r\n`.
    ///
    /// ```
    /// use xiangqi::tournament::trf::{Side, Trf, TrfResult};
    ///
    /// let text = "\
    /// 012 Spring open
    /// 001    1      Alpha                                                              2.0          2 w 1
    /// 001    2      Beta                                                               0.0          1 b 0
    /// XXR 5
    /// BBW  2.0
    /// BBD  1.0
    /// ";
    /// let trf = Trf::parse(text)?;
    /// assert_eq!(trf.name(), Some("Spring open"));
    /// assert_eq!(trf.rounds, Some(5));
    /// assert_eq!(trf.points.win, 20); // tenths of a point
    /// let round_1 = trf.players[1].round(1).unwrap();
    /// assert_eq!((round_1.opponent, round_1.colour, round_1.result), (Some(1), Some(Side::Black), TrfResult::Loss));
    /// assert_eq!(trf.to_string(), text);
    /// # Ok::<_, xiangqi::tournament::trf::TrfError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TrfError`] naming the first line that is wrong: a field or round entry that cannot be read, a start
    /// number used twice, an unknown opponent, a player paired twice in a round, two lines that disagree
    /// about their game (colours, results), a score that is not the sum of the results, a value of a
    /// tournament line that cannot be read, a team line.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let mut trf = Trf::default();
        let mut lines = LineNumbers { players: Vec::new(), forbidden_pairs: Vec::new() };
        let mut pairing_bye_set = false;
        for (index, line) in text.lines().enumerate() {
            // A line end is `\n` or `\r\n`; a `\r` left at the end (a last line without `\n`) is a line end too.
            let line = line.trim_end_matches('\r');
            let number = index + 1;
            let at = |kind| TrfError { line: number, kind };
            let Some(code) = line.get(..3) else { continue };
            let rest = &line[3..];
            let invalid = |expected: &'static str| {
                at(TrfErrorKind::InvalidValue { code: code.into(), text: rest.trim().into(), expected })
            };
            match code {
                "001" => {
                    let player = read_player(line).map_err(at)?;
                    if let Some(first) = trf.players.iter().position(|p| p.id == player.id) {
                        return Err(at(TrfErrorKind::DuplicateId { id: player.id, first_line: lines.players[first] }));
                    }
                    trf.players.push(player);
                    lines.players.push(number);
                }
                "013" | "310" => return Err(at(TrfErrorKind::Unsupported { code: code.into() })),
                "XXR" | "142" => {
                    let rounds = rest.trim().parse().ok().filter(|&n: &u32| n > 0);
                    trf.rounds = Some(rounds.ok_or_else(|| invalid("a number of rounds (1 or more)"))?);
                }
                "XXC" => {
                    for token in rest.split_whitespace() {
                        match token {
                            "white1" => trf.initial_colour = Some(Side::White),
                            "black1" => trf.initial_colour = Some(Side::Black),
                            "rank" => trf.pair_by_rank = true,
                            _ => {}
                        }
                    }
                }
                "152" => {
                    trf.initial_colour = Some(match rest.trim() {
                        "W" => Side::White,
                        "B" => Side::Black,
                        _ => return Err(invalid("`W` or `B`")),
                    });
                }
                "162" => read_point_system(rest, &mut trf.points, &mut pairing_bye_set)
                    .ok_or_else(|| invalid("pairs of a letter (W D L Z P) and points, such as `W 2.0    D 1.0`"))?,
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                    let Tenths(value) = Tenths::parse(rest.trim()).ok_or_else(|| invalid("points, such as `2.0`"))?;
                    set_points(&mut trf.points, code, value, &mut pairing_bye_set);
                }
                "XXP" => {
                    let ids: Option<Vec<u32>> =
                        rest.split_whitespace().map(|id| id.parse().ok().filter(|&id: &u32| id > 0)).collect();
                    trf.forbidden_pairs.push(ids.ok_or_else(|| invalid("start numbers"))?);
                    lines.forbidden_pairs.push(number);
                }
                _ if line.trim().is_empty() => {}
                _ => trf.other_lines.push(line.to_string()),
            }
        }
        check(&trf, &lines)?;
        Ok(trf)
    }
}

/// Sets one `BB?` point value; `BBW` sets the pairing-allocated bye too unless `BBU` did.
fn set_points(points: &mut PointValues, code: &str, value: u32, pairing_bye_set: &mut bool) {
    match code {
        "BBW" => {
            points.win = value;
            if !*pairing_bye_set {
                points.pairing_allocated_bye = value;
            }
        }
        "BBD" => points.draw = value,
        "BBL" => points.loss = value,
        "BBZ" => points.zero_point_bye = value,
        "BBF" => points.forfeit_loss = value,
        _ => {
            points.pairing_allocated_bye = value;
            *pairing_bye_set = true;
        }
    }
}

/// TRF-2026's `162` line: `W 2.0    D 1.0 …`, the letters W (win), D (draw), L (loss), Z (zero-point bye and
/// forfeit loss) and P (pairing-allocated bye).
fn read_point_system(rest: &str, points: &mut PointValues, pairing_bye_set: &mut bool) -> Option<()> {
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    if tokens.is_empty() || tokens.len() % 2 != 0 {
        return None;
    }
    for pair in tokens.chunks(2) {
        let Tenths(value) = Tenths::parse(pair[1])?;
        match pair[0] {
            "W" => set_points(points, "BBW", value, pairing_bye_set),
            "D" => points.draw = value,
            "L" => points.loss = value,
            "Z" => {
                points.zero_point_bye = value;
                points.forfeit_loss = value;
            }
            "P" => set_points(points, "BBU", value, pairing_bye_set),
            _ => return None,
        }
    }
    Some(())
}

/// The characters of a line in columns `first..=last` (from 1), blank where the line is shorter.
fn columns(chars: &[char], first: usize, last: usize) -> String {
    chars.iter().skip(first - 1).take(last + 1 - first).collect()
}

fn read_player(line: &str) -> Result<TrfPlayer, TrfErrorKind> {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() < 84 {
        return Err(TrfErrorKind::ShortPlayerLine { length: chars.len() });
    }
    let field = |name: &'static str, first: usize, last: usize, expected: &'static str| {
        let text = columns(&chars, first, last);
        move || TrfErrorKind::InvalidField { field: name, first, last, text: text.trim().into(), expected }
    };
    let number = |first: usize, last: usize| -> Option<Option<u32>> {
        let text = columns(&chars, first, last);
        let text = text.trim();
        if text.is_empty() {
            Some(None)
        } else {
            text.parse().ok().map(Some)
        }
    };
    let id = number(5, 8).flatten().filter(|&id| id > 0).ok_or_else(field("start number", 5, 8, "a number from 1"))?;
    let rating = number(49, 52).ok_or_else(field("rating", 49, 52, "a number or blank"))?;
    let rank = number(86, 89).ok_or_else(field("rank", 86, 89, "a number or blank"))?;
    let points = columns(&chars, 81, 84);
    let Tenths(points) = Tenths::parse(points.trim()).ok_or_else(field("score", 81, 84, "points, such as `3.5`"))?;
    let text = |first, last| columns(&chars, first, last).trim().to_string();
    let mut rounds = Vec::new();
    let mut start = 92;
    let mut round = 1;
    while start <= chars.len() {
        let entry = columns(&chars, start, start + 7);
        rounds.push(read_entry(&entry, id).map_err(|reason| TrfErrorKind::InvalidRound {
            round,
            text: entry.trim_end().into(),
            reason,
        })?);
        start += 10;
        round += 1;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        id,
        sex: text(10, 10),
        title: text(11, 13),
        name: text(15, 47),
        rating,
        federation: text(54, 56),
        fide_id: text(58, 68),
        birth: text(70, 79),
        points,
        rank,
        rounds,
    })
}

/// One round's eight columns: opponent (4), blank, colour, blank, result.
fn read_entry(text: &str, id: u32) -> Result<Option<RoundEntry>, &'static str> {
    let chars: Vec<char> = text.chars().chain(core::iter::repeat(' ')).take(8).collect();
    if chars.iter().all(|c| *c == ' ') {
        return Ok(None);
    }
    if chars[4] != ' ' || chars[6] != ' ' {
        return Err("is not an opponent, a colour and a result in columns 1-4, 6 and 8 of the round");
    }
    let opponent: String = chars[..4].iter().collect();
    let opponent = match opponent.trim() {
        "" | "0000" => None,
        number => Some(number.parse::<u32>().map_err(|_| "has an opponent that is not a start number")?),
    }
    .filter(|&opponent| opponent != 0);
    if opponent == Some(id) {
        return Err("pairs the player against themselves");
    }
    let colour = match chars[5] {
        'w' | 'W' => Some(Side::White),
        'b' | 'B' => Some(Side::Black),
        '-' | ' ' => None,
        _ => return Err("has a colour that is not `w`, `b` or `-`"),
    };
    let result = TrfResult::from_letter(chars[7]).ok_or("has an unknown result letter")?;
    if opponent.is_none() && !result.may_stand_alone() {
        return Err("has a game result but no opponent");
    }
    if opponent.is_none() && colour.is_some() {
        return Err("has a colour but no opponent");
    }
    if opponent.is_some() && !(result.is_played() || matches!(result, TrfResult::ForfeitWin | TrfResult::ForfeitLoss)) {
        return Err("is a bye but names an opponent");
    }
    if opponent.is_some() && result.is_played() && colour.is_none() {
        return Err("is a game played without a colour");
    }
    Ok(Some(RoundEntry { opponent, colour, result }))
}
