//! `serde` support. The notation values serialise as their text (`Display`) and deserialise by `FromStr`:
//! [`MoveFormat`] (`iccs`), [`Notation`] (`any`, `wxf`), the move texts [`Iccs`] (`H2-E2`), [`Ucci`] (`h2e2`),
//! [`FairyUci`] (`h3e3`), [`Chinese`] (`炮二平五`), [`Wxf`] (`C2.5`), [`Axf`] (`炮2=5`), and with `std` a
//! [`Date`](crate::Date) (`1996.04.17`) and a [`RecordFormat`](crate::RecordFormat) (`pgn`).
//! [`Tags`](crate::Tags) are a JSON object of tag names and values in their order; the other record types are
//! derived objects of these. The errors [`LineError`] and [`RecordError`](crate::RecordError) serialise (only)
//! as flat objects for JSON output: `kind` (a stable word), where (`game`, `line`, `byte`, `ply`), the move text
//! (`move`), and `message` (the `Display` text). docs/json.md lists every JSON form of the workspace.

use serde::{ser::SerializeMap, Serialize, Serializer};
use xiangqi_board::string_serde;

use crate::{Axf, Chinese, FairyUci, Iccs, LineError, MoveFormat, Notation, Ucci, Wxf};

/// `{"kind":"move_syntax","ply":2,"move":"zz","message":"ply 2, move `zz`: …"}`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for LineError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("kind", self.problem.kind_name())?;
        map.serialize_entry("ply", &self.ply)?;
        map.serialize_entry("move", &self.text)?;
        map.serialize_entry("message", &alloc::string::ToString::to_string(self))?;
        map.end()
    }
}

string_serde! {
    MoveFormat => "a move format: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or `axf`",
    Notation => "a notation: `any`, `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or `axf`",
    Iccs => "an ICCS move such as `H2-E2`",
    Ucci => "a UCCI move such as `h2e2`",
    FairyUci => "a Fairy-Stockfish UCI move such as `h3e3`",
    Chinese => "a move in Chinese notation such as `炮二平五`",
    Wxf => "a WXF move such as `C2.5`",
    Axf => "an AXF move such as `炮2=5`",
}

/// The records' values (they need `std`, as the records do).
#[cfg(feature = "std")]
mod records {
    use core::fmt;

    use serde::{de, ser::SerializeMap, Deserialize, Deserializer, Serialize, Serializer};
    use xiangqi_board::string_serde;

    use crate::{Date, Location, MoveError, RecordError, RecordErrorKind, RecordFormat, Tags};

    string_serde! {
        Date => "a date such as `1996.04.17` or `1999.??.??`",
        RecordFormat => "a record format: `pgn`, `xqf`, `dhtmlxq` or `ccbridge`",
    }

    /// `{"kind":"illegal_move","game":1,"line":3,"ply":4,"move":"h9g7","in_variation":false,"message":"…"}`:
    /// `line` or `byte` where the error has a place, `ply`, `move` and `in_variation` for a move, `encoding` when
    /// a move's error names the encoding its text was read in.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for RecordError {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("kind", self.kind.kind_name())?;
            map.serialize_entry("game", &self.game)?;
            match self.at {
                Location::Line(line) => map.serialize_entry("line", &line)?,
                Location::Byte(byte) => map.serialize_entry("byte", &byte)?,
                Location::None => {}
            }
            if let RecordErrorKind::Move(mv) = &self.kind {
                map.serialize_entry("ply", &mv.ply)?;
                map.serialize_entry("move", &mv.text)?;
                map.serialize_entry("in_variation", &mv.in_variation)?;
            }
            if let RecordErrorKind::Move(MoveError { read_as: Some(encoding), .. }) = &self.kind {
                map.serialize_entry("encoding", encoding.name())?;
            }
            map.serialize_entry("message", &self.to_string())?;
            map.end()
        }
    }

    /// `{"kind":"no_record","message":"no PGN, XQF, DhtmlXQ or CCBridge record found"}`: why an input of a
    /// collection gave no game ([`FileError::kind_name`](crate::collection::FileError::kind_name) and the
    /// `Display` text), for JSON output only.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for crate::collection::FileError {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(Some(2))?;
            map.serialize_entry("kind", self.kind_name())?;
            map.serialize_entry("message", &self.to_string())?;
            map.end()
        }
    }

    /// [`Tags`] are a JSON object of names and values, in their order: `{"Event":"…","Red":"许银川"}`.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for Tags {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(Some(self.len()))?;
            for (name, value) in self.iter() {
                map.serialize_entry(name, value)?;
            }
            map.end()
        }
    }

    /// Reads an object of names and string values in the document's order; a name given twice is an error (the
    /// tags hold one value per name).
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> Deserialize<'de> for Tags {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tags, D::Error> {
            struct TagsVisitor;

            impl<'de> de::Visitor<'de> for TagsVisitor {
                type Value = Tags;

                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("an object of tag names and string values such as {\"Event\": \"…\"}")
                }

                fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Tags, A::Error> {
                    let mut tags = Tags::new();
                    while let Some((name, value)) = map.next_entry::<String, String>()? {
                        if tags.get(&name).is_some() {
                            return Err(de::Error::custom(format_args!("tag {name:?} appears twice")));
                        }
                        tags.insert(name, value);
                    }
                    Ok(tags)
                }
            }

            deserializer.deserialize_map(TagsVisitor)
        }
    }
}

#[cfg(test)]
mod tests {
    use core::fmt;

    use serde::{de::DeserializeOwned, Serialize};

    use super::*;

    /// `value` serialises to exactly `json` and reads back equal.
    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(value: &T, json: &str) {
        assert_eq!(serde_json::to_string(value).unwrap(), json);
        assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
    }

    fn error<T: DeserializeOwned + fmt::Debug>(json: &str) -> std::string::String {
        serde_json::from_str::<T>(json).unwrap_err().to_string()
    }

    #[test]
    fn notation_values_are_their_text() {
        for format in MoveFormat::ALL {
            round_trip(&format, &std::format!("\"{}\"", format.name()));
        }
        round_trip(&MoveFormat::FairyUci, r#""fairy-uci""#);
        let mv = "h2e2".parse().unwrap();
        round_trip(&Iccs::from_move(mv), r#""H2-E2""#);
        round_trip(&Ucci::from_move(mv), r#""h2e2""#);
        round_trip(&FairyUci::from_move(mv), r#""h3e3""#);
        round_trip(&"炮二平五".parse::<Chinese>().unwrap(), r#""炮二平五""#);
        round_trip(&"马８进７".parse::<Chinese>().unwrap(), r#""马8进7""#);
        round_trip(&"C2.5".parse::<Wxf>().unwrap(), r#""C2.5""#);
        round_trip(&"炮2=5".parse::<Axf>().unwrap(), r#""炮2=5""#);
        assert!(error::<MoveFormat>(r#""pgn""#).starts_with("invalid move format `pgn`: expected iccs"));
        assert!(error::<Iccs>(r#""H2-E""#).starts_with("at byte 4: expected a rank 0-9, found the end of the text"));
        assert!(error::<Chinese>(r#""炮二平""#).starts_with("at byte 9: expected a number"));
        assert!(error::<Wxf>("5").contains("a WXF move such as `C2.5`"));
        round_trip(&Notation::Any, r#""any""#);
        round_trip(&Notation::Format(MoveFormat::FairyUci), r#""fairy-uci""#);
        assert!(error::<Notation>(r#""uci""#).starts_with("invalid notation `uci`: expected any, iccs"));
    }

    #[test]
    fn a_line_error_is_a_flat_object_with_its_message() {
        let start = xiangqi_board::Position::new();
        let err = crate::parse_line(&start, ["h2e2", "h2e2"], Notation::Any).unwrap_err();
        assert_eq!(
            serde_json::to_string(&err).unwrap(),
            r#"{"kind":"illegal_move","ply":2,"move":"h2e2","message":"ply 2, move `h2e2`: illegal move h2e2: no piece on h2"}"#
        );
    }

    #[cfg(feature = "std")]
    #[test]
    fn a_file_error_is_its_kind_and_message() {
        use crate::collection::FileError;

        assert_eq!(
            serde_json::to_string(&FileError::NoRecord).unwrap(),
            r#"{"kind":"no_record","message":"no PGN, XQF, DhtmlXQ or CCBridge record found"}"#
        );
        let io = FileError::Io(std::io::Error::new(std::io::ErrorKind::NotFound, "gone"));
        assert_eq!(serde_json::to_string(&io).unwrap(), r#"{"kind":"io","message":"cannot read: gone"}"#);
    }

    #[cfg(feature = "std")]
    #[test]
    fn record_values_round_trip() {
        use crate::{Date, GameRecord, GameResult, Node, RecordFormat, Tags};

        round_trip(&Date { year: Some(1996), month: Some(4), day: Some(17) }, r#""1996.04.17""#);
        round_trip(&Date { year: Some(1999), month: None, day: None }, r#""1999.??.??""#);
        assert!(error::<Date>(r#""20世纪30年代""#).starts_with("invalid date `20世纪30年代`: expected a date such as"));

        let mut tags = Tags::new();
        tags.insert("Red", "许银川");
        tags.insert("Black", "聂卫平");
        tags.insert("Event", "Example");
        round_trip(&tags, r#"{"Red":"许银川","Black":"聂卫平","Event":"Example"}"#);
        round_trip(&Tags::new(), "{}");
        assert!(error::<Tags>(r#"{"Red":"a","Red":"b"}"#).starts_with("tag \"Red\" appears twice"));
        assert!(error::<Tags>(r#"[["Red","a"]]"#).contains("an object of tag names"));
        assert!(error::<Tags>(r#"{"Round":3}"#).contains("expected a string"));

        round_trip(&RecordFormat::Ccbridge, r#""ccbridge""#);
        for format in RecordFormat::ALL {
            round_trip(&format, &std::format!("\"{format}\""));
        }
        assert!(error::<RecordFormat>(r#""cbr""#).starts_with("invalid record format `cbr`"));

        let mut game = GameRecord::new();
        game.tags.insert("Event", "Example");
        game.main.nodes.push(Node::new("h2e2".parse().unwrap()));
        game.main.nodes[0].nags.push(1);
        game.result = GameResult::RedWins;
        round_trip(
            &game,
            concat!(
                r#"{"tags":{"Event":"Example"},"#,
                r#""start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","#,
                r#""main":{"comment":null,"nodes":[{"mv":"h2e2","comment":null,"nags":[1],"variations":[]}]},"#,
                r#""result":"1-0"}"#
            ),
        );
    }

    #[cfg(feature = "std")]
    #[test]
    fn a_record_error_is_a_flat_object_with_where_and_the_message() {
        use crate::{pgn, xqf, GameRecord, Node};

        let json = |err: crate::RecordError| serde_json::to_string(&err).unwrap();
        let err = pgn::read_str("[Event \"x\"]\n\n1. h2e2 h9g7\n2. 马二进四 *\n").unwrap_err();
        assert_eq!(
            json(err),
            concat!(
                r#"{"kind":"no_legal_move","game":1,"line":4,"ply":3,"move":"马二进四","in_variation":false,"#,
                r#""message":"game 1, line 4: ply 3, move `马二进四`: no legal move fits it: "#,
                r#"the horse on h0 cannot move to f1"}"#
            )
        );
        let err = pgn::read_str("1. h2e2 (1. h2h8) *").unwrap_err();
        assert_eq!(
            json(err),
            concat!(
                r#"{"kind":"illegal_move","game":1,"line":1,"ply":1,"move":"h2h8","in_variation":true,"#,
                r#""message":"game 1, line 1: ply 1 of a variation, move `h2h8`: illegal move h2h8: "#,
                r#"the piece on h2 cannot move to h8"}"#
            )
        );
        let err = pgn::read_str("[FEN \"9/9 w\"]\n1. h2e2 *").unwrap_err();
        let message = err.to_string();
        assert!(message.starts_with("game 1, line 1: invalid FEN: "), "{message}");
        assert_eq!(json(err), std::format!(r#"{{"kind":"bad_fen","game":1,"line":1,"message":"{message}"}}"#));
        assert_eq!(
            json(xqf::read(b"XQ\x0b").unwrap_err()),
            r#"{"kind":"truncated","game":1,"byte":3,"message":"game 1, byte 3 (0x3): truncated: the 1024-byte header"}"#
        );
        let mut game = GameRecord::new();
        game.main.nodes.push(Node::new("h2h8".parse().unwrap()));
        assert_eq!(
            json(pgn::write(&game, &pgn::PgnOptions::default()).unwrap_err()),
            concat!(
                r#"{"kind":"illegal_move","game":1,"ply":1,"move":"h2h8","in_variation":false,"#,
                r#""message":"game 1: ply 1, move `h2h8`: illegal move h2h8: the piece on h2 cannot move to h8"}"#
            )
        );
    }
}
