//! The shared notation conformance cases (`notation-cases.json`, 47 cases S1–S10 and T1–T37), read at run time
//! from `$XIANGQI_TESTDATA`. The tests are ignored unless asked for (`--include-ignored`), since they need the
//! data; the repository's own fixtures (`tests/notation/roundtrip.rs`, `tests/notation/move_rules.rs`) stand without it.

use crate::common;

use serde_json::Value;
use xiangqi_board::{Move, Position};
use xiangqi_notation::{
    format::{parse_move, write_move},
    BlackDigits, FairyUci, MoveFormat, MoveTextError, Script, WriteOptions, WxfDialect,
};

fn cases() -> Vec<Value> {
    let path = common::testdata().join("notation-cases.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let cases: Vec<Value> = serde_json::from_str(&text).expect("notation-cases.json is JSON");
    assert_eq!(cases.len(), 47, "the suite has 47 cases");
    cases
}

fn field<'a>(case: &'a Value, name: &str) -> &'a str {
    case[name].as_str().unwrap_or_else(|| panic!("{}: no string field {name}", case["id"]))
}

fn setup(case: &Value) -> (String, Position, Move) {
    let id = field(case, "id").to_string();
    let pos: Position = field(case, "fen").parse().unwrap_or_else(|err| panic!("{id}: {err}"));
    let mv = parse_move(MoveFormat::Ucci, field(case, "iccs"), &pos).unwrap_or_else(|err| panic!("{id}: {err}"));
    (id, pos, mv)
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn iccs_to_chinese_and_wxf_equals_the_reference_columns() {
    let cases = cases();
    let default = WriteOptions::default();
    for case in &cases {
        let (id, pos, mv) = setup(case);
        let write = |format, options: &WriteOptions| write_move(format, &pos, mv, options).unwrap();
        assert_eq!(write(MoveFormat::Chinese, &default), field(case, "cn"), "{id} cn");
        assert_eq!(write(MoveFormat::Wxf, &default), field(case, "wxf_official"), "{id} wxf_official");
        // The other columns this crate can write.
        let full_width = default.with_black_digits(BlackDigits::FullWidth);
        assert_eq!(write(MoveFormat::Chinese, &full_width), field(case, "cn_fullwidth"), "{id} cn_fullwidth");
        let traditional = default.with_script(Script::Traditional);
        assert_eq!(write(MoveFormat::Chinese, &traditional), field(case, "cn_traditional"), "{id} cn_traditional");
        let xqwizard = default.with_wxf(WxfDialect::XqWizard);
        assert_eq!(write(MoveFormat::Wxf, &xqwizard), field(case, "wxf_xqwizard"), "{id} wxf_xqwizard");
        let fairy = default.with_wxf(WxfDialect::FairyStockfish);
        assert_eq!(write(MoveFormat::Wxf, &fairy), field(case, "pyffish_wxf"), "{id} pyffish_wxf");
        assert_eq!(write(MoveFormat::FairyUci, &default), field(case, "uci_fs"), "{id} uci_fs");
        assert_eq!(field(case, "uci_fs").parse::<FairyUci>().map(Move::from), Ok(mv), "{id} uci_fs");
    }
}

#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn every_chinese_and_wxf_column_reads_back_to_the_iccs_move() {
    let cases = cases();
    let columns = [
        (MoveFormat::Chinese, "cn"),
        (MoveFormat::Chinese, "cn_fullwidth"),
        (MoveFormat::Chinese, "cn_traditional"),
        (MoveFormat::Chinese, "cn_trad5"),
        (MoveFormat::Chinese, "cn_dongping"),
        (MoveFormat::Chinese, "cn_wiki"),
        (MoveFormat::Wxf, "wxf_official"),
        (MoveFormat::Wxf, "wxf_xqwizard"),
        (MoveFormat::Wxf, "pyffish_wxf"),
    ];
    let mut read = 0;
    for case in &cases {
        let (id, pos, mv) = setup(case);
        for (format, column) in columns {
            let text = field(case, column);
            assert_eq!(parse_move(format, text, &pos), Ok(mv), "{id} {column} {text}");
            assert_eq!(xiangqi_notation::format::parse_any(text, &pos), Ok(mv), "{id} {column} {text} (any)");
            read += 1;
        }
    }
    assert_eq!(read, 47 * 9);
}

/// cchess 1.25.5 writes 前/二/三/后 for four pawns and an ambiguous 前兵平五 for two tandem files (reference §6,
/// T25/T28). Its texts must read back to the right move or be reported as ambiguous — never read as another move.
#[test]
#[ignore = "needs XIANGQI_TESTDATA (the shared test data, see the README)"]
fn cchess_texts_read_back_or_are_reported_ambiguous() {
    let cases = cases();
    let mut ambiguous = Vec::new();
    for case in &cases {
        let (id, pos, mv) = setup(case);
        let text = field(case, "cchess");
        match parse_move(MoveFormat::Chinese, text, &pos) {
            Ok(read) => assert_eq!(read, mv, "{id} cchess {text}"),
            Err(MoveTextError::Ambiguous { candidates, .. }) => {
                assert!(candidates.contains(&mv), "{id}: {candidates:?}");
                ambiguous.push(id.clone());
            }
            Err(err) => panic!("{id} cchess {text}: {err}"),
        }
        // Where cchess agrees with the reference, it is our writer with full-width digits for Black.
        if case["cchess_agrees"] == Value::Bool(true) {
            let options = WriteOptions::default().with_black_digits(BlackDigits::FullWidth);
            assert_eq!(write_move(MoveFormat::Chinese, &pos, mv, &options).as_deref(), Ok(text), "{id}");
        }
    }
    assert_eq!(ambiguous, ["T25", "T26", "T28", "T29"]);
}
