//! [`Date`]: the date of a game as records write it, in the forms seen in real files.

use core::{fmt, str::FromStr};

/// A date whose parts may be unknown, as PGN's `????.??.??` allows.
///
/// Reads the forms seen in xiangqi records: `1999.12.09` (PGN, with `??` for unknown parts), `1999-12-09`,
/// `1999/12/09`, `4/17/1996` (month first, as US software writes), `1996年4月17日` (also `1996年4月` and
/// `1996年`), and a bare year. Anything else (`20世纪30年代`, `03-09-05`) is not a date. `Display` writes the PGN
/// form.
///
/// ```
/// use xiangqi::notation::Date;
///
/// let date: Date = "1996年4月17日".parse()?;
/// assert_eq!(date, Date { year: Some(1996), month: Some(4), day: Some(17) });
/// assert_eq!(date.to_string(), "1996.04.17");
/// assert_eq!("4/17/1996".parse::<Date>()?, date);
/// assert_eq!("1999.??.??".parse::<Date>()?.to_string(), "1999.??.??");
/// let err = "20世纪30年代".parse::<Date>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid date `20世纪30年代`: expected a date such as `1996.04.17`, `1996-04-17`, `4/17/1996`, `1996年4月17日` or `1996`");
/// # Ok::<_, xiangqi::notation::ParseDateError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// The year, if known.
    pub year: Option<u16>,
    /// The month (1–12), if known.
    pub month: Option<u8>,
    /// The day of the month (1–31), if known.
    pub day: Option<u8>,
}

xiangqi_board::parse_error! {
    /// The error of reading a [`Date`]: the text is in none of the known forms.
    pub struct ParseDateError: "date", "a date such as `1996.04.17`, `1996-04-17`, `4/17/1996`, `1996年4月17日` or `1996`"
}

/// One part: a number in `min..=max`, or unknown if all `?`; `None` if it is neither.
fn part<T: TryFrom<u32>>(text: &str, min: u32, max: u32) -> Option<Option<T>> {
    let text = text.trim();
    if !text.is_empty() && text.bytes().all(|b| b == b'?') {
        return Some(None);
    }
    if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = text.parse().ok()?;
    if !(min..=max).contains(&n) {
        return None;
    }
    T::try_from(n).ok().map(Some)
}

impl Date {
    fn from_parts(year: &str, month: Option<&str>, day: Option<&str>) -> Option<Date> {
        if year.trim().len() != 4 {
            return None;
        }
        Some(Date {
            year: part(year, 1, 9999)?,
            month: match month {
                Some(month) => part(month, 1, 12)?,
                None => None,
            },
            day: match day {
                Some(day) => part(day, 1, 31)?,
                None => None,
            },
        })
    }

    /// The date of `text` in one of the known forms (see the type).
    fn read(text: &str) -> Option<Date> {
        if let Some((year, rest)) = text.split_once('年') {
            let (month, rest) = match rest.split_once('月') {
                Some((month, rest)) => (Some(month), rest),
                None if rest.is_empty() => (None, rest),
                None => return None,
            };
            let day = match rest.strip_suffix('日').or_else(|| rest.strip_suffix('号')) {
                Some(day) => Some(day),
                None if rest.is_empty() => None,
                None => return None,
            };
            return Date::from_parts(year, month, day);
        }
        for separator in ['.', '-', '/'] {
            let parts: Vec<&str> = text.split(separator).collect();
            match parts[..] {
                [year, month, day] if year.len() == 4 => return Date::from_parts(year, Some(month), Some(day)),
                [month, day, year] if separator == '/' && year.len() == 4 => {
                    return Date::from_parts(year, Some(month), Some(day))
                }
                [year, month] if year.len() == 4 => return Date::from_parts(year, Some(month), None),
                _ => {}
            }
        }
        Date::from_parts(text, None, None)
    }
}

impl FromStr for Date {
    type Err = ParseDateError;

    fn from_str(text: &str) -> Result<Date, ParseDateError> {
        Date::read(text.trim()).ok_or(ParseDateError::new(text))
    }
}

impl fmt::Display for Date {
    /// The PGN form `yyyy.mm.dd`, with `?` for unknown parts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.year {
            Some(year) => write!(f, "{year:04}")?,
            None => f.write_str("????")?,
        }
        for part in [self.month, self.day] {
            match part {
                Some(n) => write!(f, ".{n:02}")?,
                None => f.write_str(".??")?,
            }
        }
        Ok(())
    }
}
