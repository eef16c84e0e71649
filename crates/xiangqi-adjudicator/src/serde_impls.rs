//! `serde` support. The values with a text form ([`Ruling`], [`Procedure`], [`RuleBook`], [`RuleBook`], [`RuleRef`])
//! serialise as that text (`red_must_change`, `immediate`, `axf`, `AXF 2008`, `AXF 2008 棋例 §13`) and
//! deserialise from it, so a log reads as the `adjudicate` example prints; the records ([`Verdict`] and what it
//! holds, [`MoveClass`]) are derived objects of those. docs/json.md lists every JSON form of the workspace.

use core::fmt;

use serde::{de, ser::SerializeSeq, Deserialize, Deserializer, Serialize, Serializer};
use xiangqi_board::string_serde;

use alloc::{string::String, vec::Vec};
use xiangqi_board::{Color, Move, Position, Setup};

use crate::{
    ChaseReasons, Game, MoveFlags, Procedure, RuleBook, RuleRef, Ruling, SideRuling, Termination, Threat, ThreatList,
    MAX_THREATS,
};

string_serde! {
    Ruling => "a ruling word such as `red_must_change`",
    Procedure => "`arbiter`, `immediate` or `forbid`",
    RuleBook => "a rule book: `axf`, `roc`, `prc1956` or `cxa`",
    Termination => "a termination such as `perpetual chase`",
    RuleRef => "a rule such as `AXF 2008 棋例 §13`",
}

/// Flag sets ([`MoveFlags`], [`ChaseReasons`]) are arrays of their words, as `Display` names them
/// (`["check","chase"]`); reading one refuses a word that is no flag, naming it.
macro_rules! words_serde {
    ($($type:ident => $what:literal),* $(,)?) => {$(
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.words())
            }
        }

        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                struct WordsVisitor;

                impl<'de> de::Visitor<'de> for WordsVisitor {
                    type Value = $type;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "an array of {} words such as `{}`", $what, $type::WORDS[0].1)
                    }

                    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<$type, A::Error> {
                        let mut set = $type::empty();
                        while let Some(word) = seq.next_element::<alloc::borrow::Cow<'_, str>>()? {
                            let Some(&(flag, _)) = $type::WORDS.iter().find(|&&(_, name)| name == word.as_ref()) else {
                                return Err(de::Error::custom(alloc::format!(
                                    "invalid {} `{word}`: expected one of {}",
                                    $what,
                                    $type::WORDS.map(|(_, name)| name).join(", ")
                                )));
                            };
                            set |= flag;
                        }
                        Ok(set)
                    }
                }

                deserializer.deserialize_seq(WordsVisitor)
            }
        }
    )*};
}

words_serde! {
    MoveFlags => "move flag",
    ChaseReasons => "chase reason",
}

/// A [`ThreatList`] is an array of its threats.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for ThreatList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for threat in self.iter() {
            seq.serialize_element(threat)?;
        }
        seq.end()
    }
}

/// Reads an array of at most [`MAX_THREATS`] threats; a longer one is an error.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for ThreatList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ThreatList, D::Error> {
        struct ThreatsVisitor;

        impl<'de> de::Visitor<'de> for ThreatsVisitor {
            type Value = ThreatList;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an array of at most {MAX_THREATS} threats")
            }

            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<ThreatList, A::Error> {
                let mut list = ThreatList::default();
                while let Some(threat) = seq.next_element::<Threat>()? {
                    if list.len() == MAX_THREATS {
                        return Err(de::Error::invalid_length(MAX_THREATS + 1, &self));
                    }
                    list.push(threat);
                }
                Ok(list)
            }
        }

        deserializer.deserialize_seq(ThreatsVisitor)
    }
}

/// A [`SideRuling`] as read, its entry name not yet looked up in the rule tables.
#[derive(Deserialize)]
struct SideRulingText {
    side: Color,
    forbidden: bool,
    perpetual_check: bool,
    rule: RuleRef,
    name: String,
}

/// Reads the object `Serialize` writes; the entry name must be one the rule tables hold (it is kept as their
/// `&'static str`).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for SideRuling {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SideRuling, D::Error> {
        let SideRulingText { side, forbidden, perpetual_check, rule, name } =
            SideRulingText::deserialize(deserializer)?;
        let name = crate::rules::table_text(&name)
            .ok_or_else(|| de::Error::custom(format_args!("unknown rule item name {name:?}")))?;
        Ok(SideRuling { side, forbidden, perpetual_check, rule, name })
    }
}

/// A [`Game`] as saved: the start position, the moves, the book and the procedure.
#[derive(Serialize)]
struct SavedGame<'a> {
    start: &'a Position,
    moves: &'a [Move],
    book: RuleBook,
    procedure: Procedure,
}

/// A [`Game`] as read back.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGameOwned {
    /// Read as a setup, so that a composed position reads back (`Position::from_setup_composed`).
    start: Setup,
    moves: Vec<Move>,
    book: RuleBook,
    procedure: Procedure,
}

/// `{"start":"FEN","moves":["h2e2",…],"book":"axf","procedure":"arbiter"}`: what restores the game (the
/// classification options are the defaults; the moves taken back are not kept; a composed start position, a
/// problem or rule-book diagram that `Position::from_setup_composed` accepts, reads back too).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let saved = SavedGame {
            start: self.history().start(),
            moves: self.moves(),
            book: self.book(),
            procedure: self.procedure(),
        };
        saved.serialize(serializer)
    }
}

/// Reads the object `Serialize` writes and plays the moves again, so the game has the status it had; a move
/// that cannot be played is an error naming its ply.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let SavedGameOwned { start, moves, book, procedure } = SavedGameOwned::deserialize(deserializer)?;
        let (start, _) = Position::from_setup_composed(start).map_err(de::Error::custom)?;
        let mut game = Game::new(start, book).with_procedure(procedure);
        for mv in moves {
            game.play(mv).map_err(de::Error::custom)?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use alloc::vec::Vec;

    use serde::de::DeserializeOwned;
    use xiangqi_board::{Move, Position, Setup};

    use super::*;
    use crate::rules::facing_kings_ruling;
    use crate::{adjudicate, classify, ChaseReasons, MoveFlags, Section, Verdict};

    /// `value` serialises to exactly `json` and reads back equal.
    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(value: &T, json: &str) {
        assert_eq!(serde_json::to_string(value).unwrap(), json);
        assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
    }

    fn error<T: DeserializeOwned + fmt::Debug>(json: &str) -> String {
        serde_json::from_str::<T>(json).unwrap_err().to_string()
    }

    #[test]
    fn text_values_are_their_display_forms() {
        round_trip(&Ruling::MustChange(Color::Red), r#""red_must_change""#);
        round_trip(&Procedure::Immediate, r#""immediate""#);
        round_trip(&RuleBook::Cxa, r#""cxa""#);
        round_trip(&RuleBook::Axf2008, r#""axf""#);
        round_trip(&Termination::PerpetualMateThreat, r#""perpetual mate threat""#);
        for (rule, json) in [
            (RuleRef { book: RuleBook::Axf2008, section: Section::Catalogue(13) }, r#""AXF 2008 棋例 §13""#),
            (RuleRef { book: RuleBook::Axf2008, section: Section::Procedure(3) }, r#""AXF 2008 第一章七(G)3""#),
            (RuleRef { book: RuleBook::Roc2007, section: Section::MoveLimit }, r#""ROC 2007 第二章第四節 限著""#),
            (
                RuleRef { book: RuleBook::Roc2007, section: Section::Item("棋例之判決 A9") },
                r#""ROC 2007 棋例之判決 A9""#,
            ),
            (RuleRef { book: RuleBook::Cxa, section: Section::Item("第24条 24.13") }, r#""CXA 2011 第24条 24.13""#),
        ] {
            round_trip(&rule, json);
            assert_eq!(serde_json::to_string(&rule).unwrap(), alloc::format!("\"{rule}\""));
        }
        for book in RuleBook::ALL {
            assert_eq!(serde_json::to_string(&book).unwrap(), alloc::format!("\"{book}\""));
            assert_eq!(book.table().book, book);
        }
    }

    #[test]
    fn every_cited_section_reads_back() {
        for rules in RuleBook::ALL {
            let table = rules.table();
            for text in table.texts() {
                let rule = RuleRef { book: table.book, section: Section::Item(text) };
                let json = serde_json::to_string(&rule).unwrap();
                assert_eq!(serde_json::from_str::<RuleRef>(&json).unwrap(), rule, "{json}");
            }
            let limit = RuleRef { book: table.book, section: Section::MoveLimit };
            assert_eq!(serde_json::from_str::<RuleRef>(&serde_json::to_string(&limit).unwrap()).unwrap(), limit);
        }
    }

    #[test]
    fn bad_text_values_are_serde_errors() {
        assert!(error::<Ruling>(r#""red_wins""#).starts_with("invalid ruling `red_wins`: expected continue, "));
        assert!(error::<Procedure>(r#""lenient""#).starts_with("invalid procedure `lenient`"));
        assert_eq!(serde_json::from_str::<RuleBook>(r#""CXA""#).unwrap(), RuleBook::Cxa, "FromStr reads any case");
        assert_eq!(serde_json::from_str::<RuleBook>(r#""AXF 2008""#).unwrap(), RuleBook::Axf2008, "and the name");
        assert!(
            error::<RuleBook>(r#""fide""#).starts_with("invalid rule book `fide`: expected axf, roc, prc1956 or cxa")
        );
        assert!(error::<RuleRef>(r#""AXF 2008 第九章""#).starts_with("invalid rule `AXF 2008 第九章`"));
        assert!(error::<RuleRef>(r#""AXF 2008 棋例 §x""#).starts_with("invalid rule"));
        assert!(error::<Termination>(r#""resignation""#).starts_with("invalid termination `resignation`"));
        assert!(error::<RuleRef>(r#"{"book":"Axf2008","section":{"catalogue":13}}"#).contains("a rule such as"));
    }

    #[test]
    fn a_move_class_round_trips() {
        // The rook a0 moves to a3 and attacks the lone cannon on e3 (ids in square order: a0 0, e0 1, e3 2).
        let pos = Position::from_fen("3k5/9/9/9/9/9/4c4/9/9/R3K4 w - - 0 1").unwrap();
        let class = classify(&pos, "a0a3".parse().unwrap()).unwrap();
        round_trip(
            &class,
            concat!(
                r#"{"mv":"a0a3","mover":"red","piece":"R","piece_id":0,"captured":null,"flags":["chase"],"#,
                r#""checkers":[],"threats":[{"attacker":"a3","attacker_piece":"R","attacker_id":0,"target":"e3","#,
                r#""target_piece":"c","target_id":2,"reasons":["unprotected"],"attackers":1,"roots":0}],"#,
                r#""threats_before":[]}"#
            ),
        );
        round_trip(&(MoveFlags::CHASE | MoveFlags::IDLE), r#"["chase","idle"]"#);
        round_trip(&ChaseReasons::empty(), "[]");
        round_trip(&(ChaseReasons::UNPROTECTED | ChaseReasons::DISCOVERED), r#"["unprotected","discovered"]"#);
        assert!(
            error::<MoveFlags>(r#"["chase","run"]"#).starts_with("invalid move flag `run`: expected one of capture, ")
        );
        assert!(error::<MoveFlags>(r#""CHASE""#).contains("an array of move flag words"));
        let too_many = alloc::format!("[{}]", ["null"; MAX_THREATS + 1].join(","));
        assert!(error::<ThreatList>(&too_many).contains("invalid type: null"), "elements are read first");
    }

    #[test]
    fn a_verdict_round_trips() {
        let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".parse().unwrap();
        let verdict = facing_kings_ruling(RuleBook::Axf2008, &setup).unwrap();
        round_trip(
            &verdict,
            concat!(
                r#"{"ruling":"black_must_change","rules":["AXF 2008 第三章第二节一"],"#,
                r#""note":"将与帅不准直接相对: the move is illegal; black takes it back and is charged a technical foul "#,
                r#"(第三章第三节四(A))","evidence":null,"termination":"facing kings"}"#
            ),
        );

        let start = Position::from_fen("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1").unwrap();
        let moves: Vec<Move> =
            "b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5".split(' ').map(|m| m.parse().unwrap()).collect();
        let verdict = adjudicate(start, RuleBook::Axf2008, Procedure::Arbiter, &moves).unwrap().verdict;
        let json = serde_json::to_string(&verdict).unwrap();
        assert_eq!(serde_json::from_str::<Verdict>(&json).unwrap(), verdict);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["rules"], serde_json::json!(["AXF 2008 棋例 §13", "AXF 2008 第一章七(G)3"]));
        assert_eq!(value["termination"], "perpetual chase");
        assert_eq!(
            value["evidence"]["repetition"],
            serde_json::json!({ "occurrences": 3, "first_ply": 0, "plies": 8, "cycle_plies": 4 })
        );
        assert_eq!(
            value["evidence"]["sides"][0],
            serde_json::json!({
                "side": "red", "forbidden": true, "perpetual_check": false, "rule": "AXF 2008 棋例 §13", "name": "车捉无根炮"
            })
        );
        let renamed = json.replace("\"车捉无根炮\"", "\"车捉炮\"");
        assert!(error::<Verdict>(&renamed).starts_with("unknown rule item name \"车捉炮\""));
        assert_eq!(verdict.ruling.to_string(), "red_must_change");
    }
}
