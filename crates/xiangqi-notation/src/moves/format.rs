//! One entry point for every move notation: [`parse_move`], [`write_move`] and [`parse_any`], selected by a
//! [`MoveFormat`] and tuned by [`WriteOptions`].
//!
//! Record readers and command-line tools use these; code that knows its notation can use the syntax types
//! ([`Iccs`], [`Ucci`], [`FairyUci`], [`Chinese`], [`Wxf`], [`Axf`]) directly.
//!
//! ```
//! use xiangqi::board::Position;
//! use xiangqi::notation::format::{parse_any, parse_move, write_move, MoveFormat, WriteOptions};
//!
//! let pos = Position::new();
//! let mv = parse_move(MoveFormat::Chinese, "炮二平五", &pos)?;
//! assert_eq!(write_move(MoveFormat::Wxf, &pos, mv, &WriteOptions::default())?, "C2.5");
//! assert_eq!(write_move(MoveFormat::Axf, &pos, mv, &WriteOptions::default())?, "炮2=5");
//! assert_eq!(write_move(MoveFormat::Iccs, &pos, mv, &WriteOptions::default())?, "H2-E2");
//! assert_eq!(write_move(MoveFormat::FairyUci, &pos, mv, &WriteOptions::default())?, "h3e3");
//! for text in ["h2e2", "H2-E2", "C2.5", "C2=5", "炮2=5", "炮二平五", "炮２平５", "砲二平五"] {
//!     assert_eq!(parse_any(text, &pos)?, mv);
//! }
//! # Ok::<_, xiangqi::notation::MoveTextError>(())
//! ```

use alloc::string::String;

use core::{fmt, str::FromStr};

use xiangqi_board::{Move, Position};

#[doc(no_inline)]
pub use crate::MoveTextError;
use crate::{
    moves::cursor, Axf, AxfStyle, BlackDigits, Chinese, FairyUci, Iccs, Script, SyntaxError, TandemNames, Ucci, Wxf,
    WxfDialect,
};

/// A move notation.
///
/// `Display` and `FromStr` use the names `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` and `axf` (reading
/// ignores case).
///
/// ```
/// use xiangqi::notation::MoveFormat;
///
/// assert_eq!("fairy-uci".parse::<MoveFormat>(), Ok(MoveFormat::FairyUci));
/// assert_eq!(MoveFormat::Chinese.to_string(), "chinese");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveFormat {
    /// ICCS coordinates, `H2-E2` (see [`Iccs`]; reading also takes `h2e2`).
    Iccs,
    /// UCCI/Pikafish coordinates with ranks 0–9, `h2e2` (see [`Ucci`]).
    Ucci,
    /// Fairy-Stockfish UCI coordinates with ranks 1–10, `h3e3` (see [`FairyUci`]).
    FairyUci,
    /// Traditional Chinese notation, `炮二平五` (see [`Chinese`]).
    Chinese,
    /// WXF letter notation, `C2.5` (see [`Wxf`]).
    Wxf,
    /// AXF international notation, `炮2=5` (see [`Axf`]).
    Axf,
}

impl MoveFormat {
    /// All formats, in declaration order.
    pub const ALL: [MoveFormat; 6] = [
        MoveFormat::Iccs,
        MoveFormat::Ucci,
        MoveFormat::FairyUci,
        MoveFormat::Chinese,
        MoveFormat::Wxf,
        MoveFormat::Axf,
    ];

    /// A move in this format, for messages and help texts that say which form they expect: the opening move
    /// 炮二平五 (`h2e2`), written `H2-E2`, `h2e2`, `h3e3`, `炮二平五`, `C2.5` or `炮2=5`.
    ///
    /// ```
    /// use xiangqi::board::Position;
    /// use xiangqi::notation::{format::parse_move, MoveFormat};
    ///
    /// assert_eq!(MoveFormat::Iccs.example(), "H2-E2");
    /// for format in MoveFormat::ALL {
    ///     assert_eq!(parse_move(format, format.example(), &Position::new())?.to_string(), "h2e2");
    /// }
    /// # Ok::<_, xiangqi::notation::MoveTextError>(())
    /// ```
    pub const fn example(self) -> &'static str {
        match self {
            MoveFormat::Iccs => "H2-E2",
            MoveFormat::Ucci => "h2e2",
            MoveFormat::FairyUci => "h3e3",
            MoveFormat::Chinese => "炮二平五",
            MoveFormat::Wxf => "C2.5",
            MoveFormat::Axf => "炮2=5",
        }
    }

    /// The name used by `Display` and `FromStr`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveFormat::Iccs => "iccs",
            MoveFormat::Ucci => "ucci",
            MoveFormat::FairyUci => "fairy-uci",
            MoveFormat::Chinese => "chinese",
            MoveFormat::Wxf => "wxf",
            MoveFormat::Axf => "axf",
        }
    }
}

impl fmt::Display for MoveFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

xiangqi_board::parse_error! {
    /// The error of parsing a [`MoveFormat`] name.
    pub struct ParseMoveFormatError: "move format", "iccs, ucci, fairy-uci, chinese, wxf or axf"
}

impl FromStr for MoveFormat {
    type Err = ParseMoveFormatError;

    fn from_str(name: &str) -> Result<MoveFormat, ParseMoveFormatError> {
        MoveFormat::ALL
            .into_iter()
            .find(|format| format.name().eq_ignore_ascii_case(name))
            .ok_or(ParseMoveFormatError::new(name))
    }
}

/// The notation move texts are read in: one [`MoveFormat`], or any of them, recognised text by text
/// ([`parse_any`]).
///
/// `Display` and `FromStr` use `any` and the names of [`MoveFormat`] (reading ignores case); with `serde` it is
/// that text.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{MoveFormat, Notation};
///
/// assert_eq!("any".parse::<Notation>(), Ok(Notation::Any));
/// assert_eq!("WXF".parse::<Notation>(), Ok(Notation::Format(MoveFormat::Wxf)));
/// assert_eq!(Notation::from(MoveFormat::FairyUci).to_string(), "fairy-uci");
/// let pos = Position::new();
/// assert_eq!(Notation::Any.parse_move("炮二平五", &pos)?, Notation::Format(MoveFormat::Iccs).parse_move("H2-E2", &pos)?);
/// # Ok::<_, xiangqi::notation::MoveTextError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Each text in the notation its characters show ([`parse_any`]).
    Any,
    /// Every text in this format ([`parse_move`]).
    Format(MoveFormat),
}

impl Notation {
    /// Reads a move text in this notation and finds it in `pos` ([`parse_move`] or [`parse_any`]).
    ///
    /// # Errors
    /// As [`parse_move`].
    pub fn parse_move(self, text: &str, pos: &Position) -> Result<Move, MoveTextError> {
        match self {
            Notation::Any => parse_any(text, pos),
            Notation::Format(format) => parse_move(format, text, pos),
        }
    }

    /// What a move looks like in this notation, for a message about a text that is no move at all:
    /// `moves are read in any notation: iccs H2-E2, …` or `not a wxf move: wxf writes 炮二平五 as C2.5`.
    pub fn forms(self) -> impl fmt::Display {
        struct Forms(Notation);
        impl fmt::Display for Forms {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    Notation::Any => write!(f, "moves are read in any notation: {}", any_forms()),
                    Notation::Format(format) => {
                        let article = if matches!(format, MoveFormat::Iccs | MoveFormat::Axf) { "an" } else { "a" };
                        write!(f, "not {article} {format} move: {format} writes 炮二平五 as {}", format.example())
                    }
                }
            }
        }
        Forms(self)
    }
}

impl From<MoveFormat> for Notation {
    fn from(format: MoveFormat) -> Notation {
        Notation::Format(format)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notation::Any => f.write_str("any"),
            Notation::Format(format) => f.write_str(format.name()),
        }
    }
}

xiangqi_board::parse_error! {
    /// The error of parsing a [`Notation`].
    pub struct ParseNotationError: "notation", "any, iccs, ucci, fairy-uci, chinese, wxf or axf"
}

impl FromStr for Notation {
    type Err = ParseNotationError;

    fn from_str(name: &str) -> Result<Notation, ParseNotationError> {
        if name.eq_ignore_ascii_case("any") {
            return Ok(Notation::Any);
        }
        name.parse().map(Notation::Format).map_err(|_| ParseNotationError::new(name))
    }
}

/// How [`write_move`] writes a move. The default is the canonical form of each notation: xqbase rules in
/// simplified characters with half-width digits for Black (`炮8平5`), official WXF (`C8.5`), AXF with `=` for
/// sideways moves (`炮8=5`).
///
/// The struct is `#[non_exhaustive]`: start from [`WriteOptions::default`] and use the `with_*` methods.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{format::write_move, BlackDigits, MoveFormat, Script, WriteOptions};
///
/// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")?;
/// let options = WriteOptions::default().with_script(Script::Traditional).with_black_digits(BlackDigits::FullWidth);
/// assert_eq!(write_move(MoveFormat::Chinese, &pos, "h9g7".parse()?, &options)?, "馬８進７");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Simplified (帅 车 马 进 后) or traditional (帥 車 馬 進 後) characters, for Chinese and AXF.
    pub script: Script,
    /// Half-width (`1`) or full-width (`１`) digits for Black's moves in Chinese notation.
    pub black_digits: BlackDigits,
    /// Which WXF dialect to write.
    pub wxf: WxfDialect,
    /// How to write AXF international notation.
    pub axf: AxfStyle,
    /// How Chinese notation names a piece that shares its file with others of its kind: 前炮进二 (the default)
    /// or, when only it can make the move, 炮七进二.
    pub tandem: TandemNames,
}

impl WriteOptions {
    /// The defaults (see the type's documentation).
    pub const fn new() -> WriteOptions {
        WriteOptions {
            script: Script::Simplified,
            black_digits: BlackDigits::HalfWidth,
            wxf: WxfDialect::Official,
            axf: AxfStyle::Equals,
            tandem: TandemNames::Position,
        }
    }

    /// These options with `script`.
    pub const fn with_script(self, script: Script) -> WriteOptions {
        WriteOptions { script, ..self }
    }

    /// These options with `black_digits`.
    pub const fn with_black_digits(self, black_digits: BlackDigits) -> WriteOptions {
        WriteOptions { black_digits, ..self }
    }

    /// These options with the WXF dialect `wxf`.
    pub const fn with_wxf(self, wxf: WxfDialect) -> WriteOptions {
        WriteOptions { wxf, ..self }
    }

    /// These options with the AXF style `axf`.
    pub const fn with_axf(self, axf: AxfStyle) -> WriteOptions {
        WriteOptions { axf, ..self }
    }

    /// These options with `tandem`, the naming of tandem pieces in Chinese notation.
    pub const fn with_tandem(self, tandem: TandemNames) -> WriteOptions {
        WriteOptions { tandem, ..self }
    }
}

/// Reads a move written in `format` and finds it in `pos`. White space around the text is ignored.
///
/// Each notation's reader accepts all of its dialects; see the syntax types. The WXF and AXF readers are the
/// same (both take letters and Chinese piece names).
///
/// # Errors
/// [`MoveTextError::Empty`] if the text is empty or white space only; [`MoveTextError::Syntax`] (with the byte
/// offset in `text`) if it does not follow the notation; [`MoveTextError::NoSuchPiece`],
/// [`MoveTextError::NoLegalMove`] or [`MoveTextError::Ambiguous`] (naming the move by the text as given) if it
/// names no legal move or several; [`MoveTextError::Illegal`] for a coordinate move that is not legal.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{format::parse_move, MoveFormat, MoveTextError};
///
/// let pos = Position::new();
/// assert_eq!(parse_move(MoveFormat::Wxf, " H2+3 ", &pos)?.to_string(), "h0g2");
/// assert!(matches!(parse_move(MoveFormat::Ucci, "h3e3", &pos), Err(MoveTextError::Illegal(_))));
/// # Ok::<_, MoveTextError>(())
/// ```
pub fn parse_move(format: MoveFormat, text: &str, pos: &Position) -> Result<Move, MoveTextError> {
    let (text, start) = cursor::trim(text);
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let shift = |err: SyntaxError| err.shifted(start);
    let found = match format {
        MoveFormat::Iccs => text.parse::<Iccs>().map_err(shift)?.to_move(pos),
        MoveFormat::Ucci => text.parse::<Ucci>().map_err(shift)?.to_move(pos),
        MoveFormat::FairyUci => text.parse::<FairyUci>().map_err(shift)?.to_move(pos),
        MoveFormat::Chinese => text.parse::<Chinese>().map_err(shift)?.to_move(pos),
        MoveFormat::Wxf => text.parse::<Wxf>().map_err(shift)?.to_move(pos),
        MoveFormat::Axf => text.parse::<Axf>().map_err(shift)?.to_move(pos),
    };
    // The error names the move as the user wrote it, not as the notation writes it back.
    found.map_err(|err| err.echoing(text))
}

/// Writes the legal move `mv` of `pos` in `format`.
///
/// # Errors
/// [`MoveTextError::Illegal`] if `mv` is not legal in `pos`.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::{format::write_move, MoveFormat, WriteOptions, WxfDialect};
///
/// // Three red pawns on file 五: the middle one moves to file 六.
/// let pos = Position::from_fen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w")?;
/// let mv = "e6d6".parse()?;
/// let options = WriteOptions::default();
/// assert_eq!(write_move(MoveFormat::Chinese, &pos, mv, &options)?, "中兵平六");
/// assert_eq!(write_move(MoveFormat::Wxf, &pos, mv, &options)?, "P5.6");
/// assert_eq!(write_move(MoveFormat::Wxf, &pos, mv, &options.with_wxf(WxfDialect::XqWizard))?, "P..6");
/// assert_eq!(write_move(MoveFormat::Wxf, &pos, mv, &options.with_wxf(WxfDialect::FairyStockfish))?, "25=6");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_move(
    format: MoveFormat,
    pos: &Position,
    mv: Move,
    options: &WriteOptions,
) -> Result<String, MoveTextError> {
    let coordinates = |text: String| pos.validate_move(mv).map(|()| text).map_err(MoveTextError::Illegal);
    match format {
        MoveFormat::Iccs => coordinates(Iccs::from_move(mv).text()),
        MoveFormat::Ucci => coordinates(Ucci::from_move(mv).text()),
        MoveFormat::FairyUci => coordinates(FairyUci::from_move(mv).text()),
        MoveFormat::Chinese => {
            Ok(Chinese::from_move_with(pos, mv, options.tandem)?.to_string_with(options.script, options.black_digits))
        }
        MoveFormat::Wxf => Ok(Wxf::from_move_in(pos, mv, options.wxf)?.to_string_in(options.wxf)),
        MoveFormat::Axf => Ok(Axf::from_move(pos, mv)?.to_string_with(options.axf, options.script)),
    }
}

/// The notation a text seems to be written in, judged by its characters alone.
fn guess(text: &str) -> MoveFormat {
    // Coordinates start with a file letter (a–i, either case): any other text is not tried as coordinates.
    let letter_first = text.starts_with(|ch: char| ch.is_ascii_alphabetic());
    if letter_first && text.parse::<Iccs>().is_ok() {
        return if text.contains('-') { MoveFormat::Iccs } else { MoveFormat::Ucci };
    }
    if letter_first && text.parse::<FairyUci>().is_ok() {
        return MoveFormat::FairyUci;
    }
    if text.chars().any(crate::moves::chinese::is_chinese_word) {
        MoveFormat::Chinese
    } else {
        MoveFormat::Wxf
    }
}

/// Every form [`parse_any`] reads, each with its writing of 炮二平五, for messages that tell a user what a move
/// may look like.
///
/// ```
/// use xiangqi::notation::format::any_forms;
///
/// assert!(any_forms().to_string().starts_with("iccs H2-E2, ucci h2e2, fairy-uci h3e3, chinese 炮二平五"));
/// ```
pub fn any_forms() -> impl fmt::Display {
    struct Forms;
    impl fmt::Display for Forms {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for (i, format) in MoveFormat::ALL.iter().enumerate() {
                let separator = if i == 0 { "" } else { ", " };
                write!(f, "{separator}{format} {}", format.example())?;
            }
            Ok(())
        }
    }
    Forms
}

/// Reads a move in whatever supported notation it is written, for records whose format tag is missing or wrong.
///
/// The notation is chosen by the characters of the text:
/// - two squares (`h2e2`, `H2-E2`) are ICCS/UCCI coordinates with ranks 0–9; only a text that fails as those and
///   has a rank `10` (`h10g8`) is read as Fairy-Stockfish UCI. A text that fits ranks 0–9 is never shifted: `h3e3`
///   is the UCCI move h3→e3, not the cannon move `h2e2`;
/// - a text with a Chinese direction word (进 進 退 平 上 下), position word (前 中 后 後) or Chinese numeral is
///   traditional Chinese notation, including the AXF forms 炮前平五 and 前炮2 5;
/// - anything else is read by the WXF reader, which also takes AXF international notation (`炮2=4`, `炮2·4`),
///   the XQWizard and Fairy-Stockfish dialects, full-width characters and the AXF shorthand `炮2 5`.
///
/// # Errors
/// As [`parse_move`] in the chosen notation.
///
/// ```
/// use xiangqi::board::Position;
/// use xiangqi::notation::format::parse_any;
///
/// let pos = Position::new();
/// for text in ["h0g2", "H0-G2", "马二进三", "馬二進三", "H2+3", "N2+3", "马2+3", "Ｈ２＋３"] {
///     assert_eq!(parse_any(text, &pos)?.to_string(), "h0g2");
/// }
/// # Ok::<_, xiangqi::notation::MoveTextError>(())
/// ```
pub fn parse_any(text: &str, pos: &Position) -> Result<Move, MoveTextError> {
    let (trimmed, _) = cursor::trim(text);
    parse_move(guess(trimmed), text, pos)
}

#[cfg(test)]
mod tests {
    use xiangqi_board::{Color, Piece, Role, Square};

    use super::*;
    use crate::{Refusal, TriedPiece};

    #[test]
    fn guesses_by_characters() {
        for (text, format) in [
            ("h2e2", MoveFormat::Ucci),
            ("H2-E2", MoveFormat::Iccs),
            ("h10g8", MoveFormat::FairyUci),
            ("炮二平五", MoveFormat::Chinese),
            ("炮2 5", MoveFormat::Wxf),
            ("前炮25", MoveFormat::Chinese),
            ("C2.5", MoveFormat::Wxf),
            ("25=6", MoveFormat::Wxf),
            ("++.6", MoveFormat::Wxf),
            ("Pa.5", MoveFormat::Wxf),
            ("", MoveFormat::Wxf),
            ("A6-5", MoveFormat::Wxf),
            ("C2-5", MoveFormat::Wxf),
            ("h2-e2", MoveFormat::Iccs),
        ] {
            assert_eq!(guess(text), format, "{text}");
        }
    }

    #[test]
    fn format_names_round_trip() {
        for format in MoveFormat::ALL {
            assert_eq!(format.to_string().parse::<MoveFormat>(), Ok(format));
        }
        assert_eq!("WXF".parse::<MoveFormat>(), Ok(MoveFormat::Wxf));
        assert_eq!("pgn".parse::<MoveFormat>(), Err(ParseMoveFormatError::new("pgn")));
        assert_eq!(
            ParseMoveFormatError::new("pgn").to_string(),
            "invalid move format `pgn`: expected iccs, ucci, fairy-uci, chinese, wxf or axf"
        );
        for notation in MoveFormat::ALL.map(Notation::Format).into_iter().chain([Notation::Any]) {
            assert_eq!(notation.to_string().parse::<Notation>(), Ok(notation));
        }
        assert_eq!(
            "uci".parse::<Notation>().unwrap_err().to_string(),
            "invalid notation `uci`: expected any, iccs, ucci, fairy-uci, chinese, wxf or axf"
        );
    }

    #[test]
    fn syntax_error_offsets_count_the_leading_space() {
        let pos = Position::new();
        let err = parse_move(MoveFormat::Ucci, "  h2x2", &pos).unwrap_err();
        assert_eq!(err, MoveTextError::Syntax(SyntaxError::new(4, "a file a-i", Some('x'))));
        let err = parse_any("\u{3000}炮二跳五", &pos).unwrap_err();
        assert_eq!(err, MoveTextError::Syntax(SyntaxError::new(9, "a direction (进 退 平)", Some('跳'))));
    }

    #[test]
    fn an_empty_text_is_said_to_be_empty() {
        let pos = Position::new();
        for text in ["", " ", "\u{3000}\t"] {
            assert_eq!(parse_any(text, &pos), Err(MoveTextError::Empty), "{text:?}");
            for format in MoveFormat::ALL {
                assert_eq!(parse_move(format, text, &pos), Err(MoveTextError::Empty), "{format} {text:?}");
            }
        }
        assert_eq!(MoveTextError::Empty.to_string(), "the move text is empty");
    }

    #[test]
    fn errors_echo_the_text_as_given() {
        let pos = Position::new();
        // The notation writes the rear pawn `P-+1`; the message keeps the user's `-P+1`.
        let err = parse_move(MoveFormat::Wxf, " -P+1 ", &pos).unwrap_err();
        assert_eq!(err, MoveTextError::NoSuchPiece { text: "-P+1".into() });
        assert_eq!(err.to_string(), "no piece of the side to move fits `-P+1`");
        let err = parse_any("車一進五", &pos).unwrap_err();
        assert_eq!(err.to_string(), "no legal move fits `車一進五`: the rook on i0 cannot move to i5");
        // A control character is escaped, in the text and in a syntax error.
        let err = parse_move(MoveFormat::Chinese, "炮二\t进八", &pos).unwrap_err();
        let cannon =
            TriedPiece { piece: Piece::new(Color::Red, Role::Cannon), from: Square::H2, refusal: Refusal::NoSquare };
        assert_eq!(err, MoveTextError::NoLegalMove { text: "炮二\t进八".into(), tried: alloc::vec![cannon] });
        assert_eq!(err.to_string(), "no legal move fits `炮二\\t进八`: no square fits the cannon on h2");
        let err = parse_move(MoveFormat::Chinese, "炮二\u{7}平五", &pos).unwrap_err();
        assert_eq!(err.to_string(), "syntax error at byte 6: expected a direction (进 退 平), found `\\u{7}`");
    }
}
