//! `serde` support. The notation values serialise as their text (`Display`) and deserialise by `FromStr`:
//! [`MoveFormat`] (`iccs`), the move texts [`Iccs`] (`H2-E2`), [`Ucci`] (`h2e2`), [`FairyUci`] (`h3e3`),
//! [`Chinese`] (`炮二平五`), [`Wxf`] (`C2.5`), [`Axf`] (`炮2=5`), and with `std` a [`Date`](crate::Date)
//! (`1996.04.17`). [`Tags`](crate::Tags) are a JSON object of tag names and values in their order; the other
//! record types are derived objects of these. docs/json.md lists every JSON form of the workspace.

use xiangqi_board::string_serde;

use crate::{Axf, Chinese, FairyUci, Iccs, MoveFormat, Ucci, Wxf};

string_serde! {
    MoveFormat => "a move format: `iccs`, `ucci`, `fairy-uci`, `chinese`, `wxf` or `axf`",
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

    use crate::{Date, Tags};

    string_serde! {
        Date => "a date such as `1996.04.17` or `1999.??.??`",
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
    }

    #[cfg(feature = "std")]
    #[test]
    fn record_values_round_trip() {
        use crate::{Date, GameRecord, GameResult, Node, Tags};

        round_trip(&Date { year: Some(1996), month: Some(4), day: Some(17) }, r#""1996.04.17""#);
        round_trip(&Date { year: Some(1999), month: None, day: None }, r#""1999.??.??""#);
        assert!(error::<Date>(r#""20世纪30年代""#).starts_with("not a date in a known form"));

        let mut tags = Tags::new();
        tags.insert("Red", "许银川");
        tags.insert("Black", "聂卫平");
        tags.insert("Event", "Example");
        round_trip(&tags, r#"{"Red":"许银川","Black":"聂卫平","Event":"Example"}"#);
        round_trip(&Tags::new(), "{}");
        assert!(error::<Tags>(r#"{"Red":"a","Red":"b"}"#).starts_with("tag \"Red\" appears twice"));
        assert!(error::<Tags>(r#"[["Red","a"]]"#).contains("an object of tag names"));
        assert!(error::<Tags>(r#"{"Round":3}"#).contains("expected a string"));

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
}
