//! [`EngineOption`]: a setting an engine offers at the handshake (`option …`), and how a value for it is checked
//! and sent.

use core::fmt;

use xiangqi_board::ReadText;

use crate::line_error::{LineError, LineErrorKind};
use crate::tokens::{span, words, Word};

/// A setting the engine offers, read from its `option` line.
///
/// UCI writes `option name Skill Level type spin default 20 min -20 max 20`; UCCI writes `option hashsize type
/// spin min 16 max 1024 default 16` (UCCI 3.0 §五 3). Both are read the same way: the name runs up to `type` (after
/// a leading `name`), and each of `default`, `min`, `max` and `var` takes the words up to the next of them. The
/// value `<empty>` (Stockfish's way of showing an empty string) is read as an empty string.
///
/// ```
/// use xiangqi::engine::{EngineOption, OptionKind};
///
/// let option = EngineOption::parse("option name Skill Level type spin default 20 min -20 max 20")?;
/// assert_eq!(option.name, "Skill Level");
/// assert_eq!(option.kind, OptionKind::Spin { default: Some(20), min: Some(-20), max: Some(20) });
/// assert!(option.check_value("-5").is_ok());
/// assert_eq!(option.check_value("21").unwrap_err().to_string(), "`21` is out of the range -20 to 20 of Skill Level");
///
/// let ucci = EngineOption::parse("option idle type combo var none var small var large default none")?;
/// assert_eq!(ucci.kind, OptionKind::Combo { default: Some("none".into()), vars: vec!["none".into(), "small".into(), "large".into()] });
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The name as the engine wrote it. Names are compared without regard to case ([`EngineOption::is_named`]).
    pub name: String,
    /// The type, with its default and limits.
    pub kind: OptionKind,
}

/// The type of an [`EngineOption`], with what the engine said of its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `check`: `true` or `false`.
    Check {
        /// The default, if given.
        default: Option<bool>,
    },
    /// `spin`: a whole number, within `min..=max` when given.
    Spin {
        /// The default, if given.
        default: Option<i64>,
        /// The least value, if given.
        min: Option<i64>,
        /// The greatest value, if given.
        max: Option<i64>,
    },
    /// `combo`: one of the `var` values.
    Combo {
        /// The default, if given.
        default: Option<String>,
        /// The values to choose from, in the engine's order.
        vars: Vec<String>,
    },
    /// `string`: any text on one line.
    String {
        /// The default, if given (`<empty>` is read as an empty string).
        default: Option<String>,
    },
    /// `button`: a command without a value (`newgame`, `Clear Hash`).
    Button,
    /// `label` (UCCI): a caption, not a setting.
    Label,
}

/// A value that the option does not take (see [`EngineOption::check_value`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionValueError {
    /// A `check` value other than `true` and `false`.
    #[error("`{value}` is not `true` or `false`, as {name} needs")]
    NotCheck {
        /// The option's name.
        name: String,
        /// The value given.
        value: ReadText,
    },
    /// A `spin` value that is not a whole number.
    #[error("`{value}` is not a whole number, as {name} needs")]
    NotNumber {
        /// The option's name.
        name: String,
        /// The value given.
        value: ReadText,
    },
    /// A `spin` value out of the option's range.
    #[error("`{value}` is out of the range {} to {} of {name}", fmt_bound(*.min), fmt_bound(*.max))]
    OutOfRange {
        /// The option's name.
        name: String,
        /// The value given.
        value: i64,
        /// The least value, if the engine gave one.
        min: Option<i64>,
        /// The greatest value, if the engine gave one.
        max: Option<i64>,
    },
    /// A `combo` value that is none of its `var`s.
    #[error("`{value}` is none of the values of {name}: {}", .vars.join(", "))]
    NotAVar {
        /// The option's name.
        name: String,
        /// The value given.
        value: ReadText,
        /// The values the option takes.
        vars: Vec<String>,
    },
    /// A value for a `button` or `label`, which take none.
    #[error("{name} takes no value")]
    NoValueTaken {
        /// The option's name.
        name: String,
    },
    /// A value with a line break, which would end the command early.
    #[error("the value for {name} holds a line break")]
    LineBreak {
        /// The option's name.
        name: String,
    },
}

fn fmt_bound(bound: Option<i64>) -> String {
    bound.map_or_else(|| String::from("any"), |value| value.to_string())
}

/// The keywords that end a value of an `option` line.
const KEYWORDS: [&str; 4] = ["default", "min", "max", "var"];

impl EngineOption {
    /// Reads an `option` line (with or without the leading `option`).
    ///
    /// # Errors
    /// [`LineError`] for a line without `type` or a name, an unknown type, or a `spin` number that is not a
    /// whole number.
    pub fn parse(line: &str) -> Result<EngineOption, LineError> {
        let all = words(line);
        let skip = usize::from(all.first().is_some_and(|word| word.text == "option"));
        let words = &all[skip..];
        let start = usize::from(words.first().is_some_and(|word| word.text == "name"));
        let end_of_line = line.trim_end().len();
        let missing = |at: usize, expected| LineError { at, kind: LineErrorKind::Missing { expected } };
        let type_at = words
            .iter()
            .skip(start)
            .position(|word| word.text == "type")
            .map(|index| index + start)
            .ok_or_else(|| missing(end_of_line, "`type` in the option line"))?;
        let name = span(line, words, start, type_at);
        if name.is_empty() {
            return Err(missing(words[type_at].at, "the option's name before `type`"));
        }
        let kind_word = words.get(type_at + 1).ok_or_else(|| missing(end_of_line, "the option's type after `type`"))?;
        let fields = Fields::read(line, &words[type_at + 2..]);
        let kind = match kind_word.text {
            "check" => OptionKind::Check { default: fields.default.and_then(read_bool) },
            "spin" => OptionKind::Spin {
                default: fields.number(fields.default, fields.default_at)?,
                min: fields.number(fields.min, fields.min_at)?,
                max: fields.number(fields.max, fields.max_at)?,
            },
            "combo" => OptionKind::Combo {
                default: fields.default.map(String::from),
                vars: fields.vars.into_iter().map(String::from).collect(),
            },
            "string" => OptionKind::String { default: fields.default.map(String::from) },
            "button" => OptionKind::Button,
            "label" => OptionKind::Label,
            other => {
                return Err(LineError {
                    at: kind_word.at,
                    kind: LineErrorKind::UnknownOptionType(ReadText::new(other)),
                })
            }
        };
        Ok(EngineOption { name: name.to_owned(), kind })
    }

    /// Whether the option is called `name`, without regard to case (UCI engines compare names so).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// Checks that the option takes `value` (for a `button`, pass an empty value). A `combo` value is compared
    /// without regard to case.
    ///
    /// # Errors
    /// [`OptionValueError`] saying why it does not.
    pub fn check_value(&self, value: &str) -> Result<(), OptionValueError> {
        let name = || self.name.clone();
        if value.contains(['\n', '\r']) {
            return Err(OptionValueError::LineBreak { name: name() });
        }
        match &self.kind {
            OptionKind::Check { .. } => match read_bool(value) {
                Some(_) => Ok(()),
                None => Err(OptionValueError::NotCheck { name: name(), value: ReadText::new(value) }),
            },
            OptionKind::Spin { min, max, .. } => {
                let number: i64 = value
                    .trim()
                    .parse()
                    .map_err(|_| OptionValueError::NotNumber { name: name(), value: ReadText::new(value) })?;
                if min.is_some_and(|min| number < min) || max.is_some_and(|max| number > max) {
                    return Err(OptionValueError::OutOfRange { name: name(), value: number, min: *min, max: *max });
                }
                Ok(())
            }
            OptionKind::Combo { vars, .. } => {
                if vars.is_empty() || vars.iter().any(|var| var.eq_ignore_ascii_case(value)) {
                    Ok(())
                } else {
                    Err(OptionValueError::NotAVar { name: name(), value: ReadText::new(value), vars: vars.clone() })
                }
            }
            OptionKind::String { .. } => Ok(()),
            OptionKind::Button | OptionKind::Label => {
                if value.is_empty() {
                    Ok(())
                } else {
                    Err(OptionValueError::NoValueTaken { name: name() })
                }
            }
        }
    }
}

impl fmt::Display for EngineOption {
    /// The option as a UCI `option` line, without the leading `option`: `name Hash type spin default 16 min 1
    /// max 1024`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Check { default } => {
                f.write_str("check")?;
                if let Some(default) = default {
                    write!(f, " default {default}")?;
                }
            }
            OptionKind::Spin { default, min, max } => {
                f.write_str("spin")?;
                for (word, value) in [("default", default), ("min", min), ("max", max)] {
                    if let Some(value) = value {
                        write!(f, " {word} {value}")?;
                    }
                }
            }
            OptionKind::Combo { default, vars } => {
                f.write_str("combo")?;
                if let Some(default) = default {
                    write!(f, " default {default}")?;
                }
                for var in vars {
                    write!(f, " var {var}")?;
                }
            }
            OptionKind::String { default } => {
                f.write_str("string")?;
                if let Some(default) = default {
                    write!(f, " default {}", if default.is_empty() { "<empty>" } else { default })?;
                }
            }
            OptionKind::Button => f.write_str("button")?,
            OptionKind::Label => f.write_str("label")?,
        }
        Ok(())
    }
}

/// `true` or `false` (also UCCI's `on` and `off`).
fn read_bool(text: &str) -> Option<bool> {
    match text {
        "true" | "on" => Some(true),
        "false" | "off" => Some(false),
        _ => None,
    }
}

/// The values after `type` of an `option` line.
#[derive(Default)]
struct Fields<'a> {
    default: Option<&'a str>,
    default_at: usize,
    min: Option<&'a str>,
    min_at: usize,
    max: Option<&'a str>,
    max_at: usize,
    vars: Vec<&'a str>,
}

impl<'a> Fields<'a> {
    fn read(line: &'a str, words: &[Word<'a>]) -> Fields<'a> {
        let mut fields = Fields::default();
        let mut i = 0;
        while i < words.len() {
            let keyword = words[i].text;
            let end = (i + 1..words.len()).find(|&j| KEYWORDS.contains(&words[j].text)).unwrap_or(words.len());
            if KEYWORDS.contains(&keyword) {
                let value = span(line, words, i + 1, end);
                let value = if value == "<empty>" { "" } else { value };
                let at = words.get(i + 1).map_or(words[i].at, |word| word.at);
                match keyword {
                    "default" => (fields.default, fields.default_at) = (Some(value), at),
                    "min" => (fields.min, fields.min_at) = (Some(value), at),
                    "max" => (fields.max, fields.max_at) = (Some(value), at),
                    _ => fields.vars.push(value),
                }
            }
            i = end;
        }
        fields
    }

    fn number(&self, value: Option<&str>, at: usize) -> Result<Option<i64>, LineError> {
        value
            .filter(|text| !text.is_empty())
            .map(|text| text.parse().map_err(|_| LineError { at, kind: LineErrorKind::BadNumber(ReadText::new(text)) }))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> EngineOption {
        EngineOption::parse(line).unwrap_or_else(|err| panic!("{line}: {err}"))
    }

    #[test]
    fn fairy_stockfish_options_are_read_with_their_spaces_and_empty_defaults() {
        let log = parse("option name Debug Log File type string default ");
        assert_eq!(
            log,
            EngineOption { name: "Debug Log File".into(), kind: OptionKind::String { default: Some(String::new()) } }
        );
        let path = parse("option name SyzygyPath type string default <empty>");
        assert_eq!(path.kind, OptionKind::String { default: Some(String::new()) });
        let contempt =
            parse("option name Analysis Contempt type combo default Both var Both var Off var White var Black");
        assert_eq!(
            contempt.kind,
            OptionKind::Combo {
                default: Some("Both".into()),
                vars: vec!["Both".into(), "Off".into(), "White".into(), "Black".into()]
            }
        );
        assert_eq!(parse("option name Clear Hash type button").kind, OptionKind::Button);
        assert_eq!(
            parse("option name Ponder type check default false").kind,
            OptionKind::Check { default: Some(false) }
        );
    }

    #[test]
    fn ucci_options_have_one_word_names_and_the_default_last() {
        let hash = parse("option hashsize type spin min 16 max 1024 default 16");
        assert_eq!(hash.name, "hashsize");
        assert_eq!(hash.kind, OptionKind::Spin { default: Some(16), min: Some(16), max: Some(1024) });
        let book = parse("option bookfiles type string default /opt/eleeye/BOOK.DAT");
        assert_eq!(book.kind, OptionKind::String { default: Some("/opt/eleeye/BOOK.DAT".into()) });
        assert_eq!(parse("option newgame type button").kind, OptionKind::Button);
        assert_eq!(parse("option usemillisec type check default true").kind, OptionKind::Check { default: Some(true) });
    }

    #[test]
    fn bad_option_lines_name_the_byte() {
        let err = EngineOption::parse("option name Hash type spin default lots").unwrap_err();
        assert_eq!(err.to_string(), "byte 36: `lots` is not a whole number");
        let err = EngineOption::parse("option name Hash type dial").unwrap_err();
        assert_eq!(err.at, 22);
        assert!(matches!(err.kind, LineErrorKind::UnknownOptionType(_)));
        let err = EngineOption::parse("option name Hash").unwrap_err();
        assert_eq!(err.to_string(), "byte 17: missing `type` in the option line");
        let err = EngineOption::parse("option name type spin").unwrap_err();
        assert_eq!(err.to_string(), "byte 13: missing the option's name before `type`");
        assert_eq!(
            EngineOption::parse("option x type").unwrap_err().to_string(),
            "byte 14: missing the option's type after `type`"
        );
    }

    #[test]
    fn values_are_checked_against_the_type() {
        let threads = parse("option name Threads type spin default 1 min 1 max 512");
        assert!(threads.check_value("4").is_ok());
        assert_eq!(threads.check_value("0").unwrap_err().to_string(), "`0` is out of the range 1 to 512 of Threads");
        assert_eq!(
            threads.check_value("two").unwrap_err().to_string(),
            "`two` is not a whole number, as Threads needs"
        );
        let ponder = parse("option name Ponder type check default false");
        assert!(ponder.check_value("true").is_ok());
        assert!(ponder.check_value("yes").is_err());
        let idle = parse("option idle type combo var none var small default none");
        assert!(idle.check_value("SMALL").is_ok());
        assert_eq!(
            idle.check_value("huge").unwrap_err().to_string(),
            "`huge` is none of the values of idle: none, small"
        );
        let clear = parse("option name Clear Hash type button");
        assert!(clear.check_value("").is_ok());
        assert_eq!(clear.check_value("now").unwrap_err().to_string(), "Clear Hash takes no value");
        let path = parse("option name SyzygyPath type string default <empty>");
        assert_eq!(path.check_value("a\nb").unwrap_err().to_string(), "the value for SyzygyPath holds a line break");
        assert!(threads.is_named("threads"));
    }

    #[test]
    fn the_uci_form_reads_back() {
        for line in [
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Analysis Contempt type combo default Both var Both var Off",
            "option name SyzygyPath type string default <empty>",
            "option name Clear Hash type button",
            "option name Ponder type check default false",
        ] {
            let option = parse(line);
            assert_eq!(format!("option {option}"), line);
        }
    }
}
