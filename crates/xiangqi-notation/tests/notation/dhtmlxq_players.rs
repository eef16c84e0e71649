//! DhtmlXQ as the dpxq and ichinachess players read it: one fixture of our own for each reading rule.

use crate::common;

use common::moves;
use xiangqi_board::Position;
use xiangqi_notation::{dhtmlxq, GameRecord, Location, ReadOptions, RecordErrorKind, WarningKind};

fn one(text: &str) -> GameRecord {
    let mut games = dhtmlxq::read_str(text).unwrap_or_else(|err| panic!("{err}\n{text}"));
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0)
}

/// Written and read again, the game is the same.
fn round_trip(game: &GameRecord) {
    let written = dhtmlxq::write(game).unwrap();
    assert_eq!(one(&written), *game, "{written}");
}

#[test]
fn an_empty_binit_is_the_start_position() {
    let game = one("[DhtmlXQ][DhtmlXQ_binit][/DhtmlXQ_binit][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(game.start, Position::new());
    assert_eq!(moves(&game.main), ["h2e2", "h9g7"]);
    let game = one("[DhtmlXQ][DhtmlXQ_binit]  [/DhtmlXQ_binit][/DhtmlXQ]");
    assert_eq!(game.start, Position::new());
}

#[test]
fn a_non_digit_in_a_binit_is_a_piece_not_on_the_board() {
    // The start position's binit with Black's last pawn (i6, `83`) written `nn`, and Red's first rook (`89`,
    // i0) written `xx`.
    let binit = "xx796959493929190977178666462606001020304050607080127203234363nn";
    let game = one(&format!(
        "[DhtmlXQ][DhtmlXQ_binit]{binit}[/DhtmlXQ_binit][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"
    ));
    let expected = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p2/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w").unwrap();
    assert_eq!(game.start, expected);
    assert_eq!(moves(&game.main), ["h2e2"]);
    round_trip(&game);
    let err = dhtmlxq::read_str("[DhtmlXQ_binit]89796959[/DhtmlXQ_binit]").unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::Malformed("a binit that is not 64 characters"));
}

#[test]
fn iframe_blocks_are_games_of_their_own() {
    let page = "<div>[DhtmlXQiFrame][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQiFrame]</div>\n\
                <div>[DhtmlXQiFrame][DhtmlXQ_red]乙[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQiFrame]</div>\n\
                <div>[DhtmlXQ][DhtmlXQ_red]丙[/DhtmlXQ_red][/DhtmlXQ]</div>";
    let games = dhtmlxq::read_str(page).unwrap();
    let summary: Vec<_> = games.iter().map(|g| (g.tags.get("Red").unwrap(), g.main.nodes.len())).collect();
    assert_eq!(summary, [("甲", 1), ("乙", 2), ("丙", 0)]);
}

#[test]
fn variations_may_come_before_the_line_they_branch_from() {
    // Variation 2 branches off variation 1, and is listed first; variation 1 is listed before the main line.
    let text =
        "[DhtmlXQ][DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2][DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]\
                [DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist][DhtmlXQ_comment2_3]马[/DhtmlXQ_comment2_3][/DhtmlXQ]";
    let game = one(text);
    assert_eq!(moves(&game.main), ["h2e2", "h9g7", "h0g2"]);
    let first = &game.main.nodes[1].variations[0];
    assert_eq!(moves(first), ["b9c7", "h0g2"]);
    let second = &first.nodes[1].variations[0];
    assert_eq!(moves(second), ["b0c2"]);
    assert_eq!(second.nodes[0].comment.as_deref(), Some("马"));
    round_trip(&game);
}

#[test]
fn unicode_escapes_are_decoded_in_tags_and_comments() {
    let text = "[DhtmlXQ][DhtmlXQ_title]\\u8bb8\\u94f6\\u5ddd \\ud83d\\ude00 \\u12 \\uzzzz[/DhtmlXQ_title]\
                [DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_comment1]\\u4E2D\\u70AE[/DhtmlXQ_comment1][/DhtmlXQ]";
    let game = one(text);
    assert_eq!(game.tags.get("Title"), Some("许银川 😀 \\u12 \\uzzzz"));
    assert_eq!(game.main.nodes[0].comment.as_deref(), Some("中炮"));
    round_trip(&game);
}

#[test]
fn a_backslash_u_in_the_text_itself_survives_writing() {
    // Text that reads like an escape (found by the xqf fuzz target): the writer escapes its backslash.
    let mut game = GameRecord::new();
    game.tags.insert("Event", "8\\u8888 and \\u005c, \\u12");
    game.main.nodes.push(xiangqi_notation::Node::new("h2e2".parse().unwrap()));
    game.main.nodes[0].comment = Some("\\u4e2d".into());
    let written = dhtmlxq::write(&game).unwrap();
    assert!(written.contains("[DhtmlXQ_event]8\\u005cu8888 and \\u005cu005c, \\u12[/DhtmlXQ_event]"), "{written}");
    round_trip(&game);
}

#[test]
fn text_that_reads_as_a_tag_survives_writing() {
    // An XQF title holding `[DhtmlXQ_black]` (found by the xqf fuzz target), a tag decoded from `\u005b`
    // (found by the dhtmlxq target), a comment holding the block's closing tag: each `[` of a tag is escaped.
    let mut game = GameRecord::new();
    game.tags.insert("Event", "a[DhtmlXQ_black]b[/DhtmlXQ_black]");
    game.tags.insert("Site", "[/dhtmlxq_site] [dhtmlxq [DhtmlX [x");
    game.main.nodes.push(xiangqi_notation::Node::new("h2e2".parse().unwrap()));
    game.main.nodes[0].comment = Some("[/DhtmlXQ] [DHTMLXQ_movelist]1234".into());
    let written = dhtmlxq::write(&game).unwrap();
    assert!(
        written.contains("[DhtmlXQ_event]a\\u005bDhtmlXQ_black]b\\u005b/DhtmlXQ_black][/DhtmlXQ_event]"),
        "{written}"
    );
    assert!(
        written.contains("[DhtmlXQ_place]\\u005b/dhtmlxq_site] \\u005bdhtmlxq [DhtmlX [x[/DhtmlXQ_place]"),
        "{written}"
    );
    assert!(written.contains("[DhtmlXQ_comment1]\\u005b/DhtmlXQ] \\u005bDHTMLXQ_movelist]1234[/DhtmlXQ_comment1]"));
    round_trip(&game);
    let decoded = one("[DhtmlXQ][DhtmlXQ_event]\\u005bDhtmlXQ_red]x[/DhtmlXQ_event][/DhtmlXQ]");
    assert_eq!(decoded.tags.get("Event"), Some("[DhtmlXQ_red]x"));
    round_trip(&decoded);
}

#[test]
fn keys_are_read_in_any_case() {
    let text = "[DHTMLXQ][DHTMLXQ_MOVELIST]7747[/DHTMLXQ_MOVELIST][DhtmlXQ_RED]许银川[/dhtmlxq_red]\
                [DHTMLXQ_COMMENT1]中炮[/DHTMLXQ_COMMENT1][DhtmlXQ_Result]红胜[/DhtmlXQ_Result][/DHTMLXQ]";
    let game = one(text);
    assert_eq!(moves(&game.main), ["h2e2"]);
    assert_eq!(game.tags.get("Red"), Some("许银川"));
    assert_eq!(game.main.nodes[0].comment.as_deref(), Some("中炮"));
    assert_eq!(game.result, xiangqi_notation::GameResult::RedWins);
}

#[test]
fn a_comment_that_belongs_to_no_move_is_reported() {
    // Line 2 has one move; `comment5` and the comment of a variation 7 that does not exist have no place.
    let text = "[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ_comment5]late[/DhtmlXQ_comment5]\n\
                [DhtmlXQ_comment7_1]lost[/DhtmlXQ_comment7_1]\n[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1][/DhtmlXQ]";
    let mut reader = dhtmlxq::Reader::new(text.as_bytes());
    let game = reader.next().unwrap().unwrap();
    assert_eq!(game.main.nodes[0].comment.as_deref(), Some("中炮"));
    let warnings = reader.take_warnings();
    let seen: Vec<_> = warnings.iter().map(|w| (w.game, w.at, w.kind.clone())).collect();
    assert_eq!(
        seen,
        [
            (1, Location::Line(3), WarningKind::UnplacedComment("comment5".into())),
            (1, Location::Line(4), WarningKind::UnplacedComment("comment7_1".into())),
        ]
    );
    assert_eq!(warnings[0].to_string(), "game 1, line 3: the comment `comment5` belongs to no move: left out");
}

#[test]
fn a_broken_tag_on_a_key_without_moves_is_skipped_with_a_warning() {
    let text = "[DhtmlXQ]\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n[DhtmlXQ_redtime]10[/DhtmlXQ_time]\n\
                [DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ_blacktime]20[/DhtmlXQ]";
    let mut reader = dhtmlxq::Reader::new(text.as_bytes());
    let game = reader.next().unwrap().unwrap();
    assert!(reader.next().is_none());
    assert_eq!(moves(&game.main), ["h2e2"]);
    assert_eq!(game.tags.get("Red"), Some("许银川"));
    assert_eq!(game.tags.get("RedTime"), None);
    let warnings = reader.take_warnings();
    let seen: Vec<_> = warnings.iter().map(|w| (w.game, w.at, w.kind.clone())).collect();
    assert_eq!(
        seen,
        [
            (1, Location::Line(3), WarningKind::SkippedKey("redtime".into())),
            (1, Location::Line(5), WarningKind::SkippedKey("blacktime".into())),
        ]
    );
    assert_eq!(warnings[0].to_string(), "game 1, line 3: the key `redtime` has no matching closing tag: skipped");

    // Keys that carry moves, positions or comments stay strict.
    for key in ["movelist", "binit", "fen", "move_0_1_1", "comment1"] {
        let text = format!("[DhtmlXQ][DhtmlXQ_{key}]7747[/DhtmlXQ_time][DhtmlXQ_red]x[/DhtmlXQ_red][/DhtmlXQ]");
        let err = dhtmlxq::read_str(&text).unwrap_err();
        assert_eq!(err.kind, RecordErrorKind::Truncated("a [DhtmlXQ_key] without its closing tag"), "{key}");
    }
}

#[test]
fn the_letter_coded_movelist_with_alternatives() {
    // Records 0–2: h2e2 h9g7 h0g2. Record 3 has index 1: an alternative to record 1 (b9c7); record 4 (its own
    // index) continues it with h0g2. Record 5 has index 0: an alternative to the first move (b2e2).
    let list = "77479EZK0000 70622FXH0001 79673ABC0002 10224XYZ0001 79675QQQ0004 17473ABC0000";
    let game = one(&format!("[DhtmlXQ][DhtmlXQ_movelist]{list}[/DhtmlXQ_movelist][/DhtmlXQ]"));
    assert_eq!(moves(&game.main), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(moves(&game.main.nodes[1].variations[0]), ["b9c7", "h0g2"]);
    assert_eq!(moves(&game.main.nodes[0].variations[0]), ["b2e2"]);
    assert_eq!(game.main.line_count(), 3);
    round_trip(&game);

    let err = dhtmlxq::read_str("[DhtmlXQ_movelist]77479EZK0000 7062[/DhtmlXQ_movelist]").unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::Truncated("a letter-coded move list whose length is not a multiple of 12"));
    let err = dhtmlxq::read_str("[DhtmlXQ_movelist]77479EZK0001[/DhtmlXQ_movelist]").unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::Malformed("a letter-coded move record whose index is after it"));
    let err = dhtmlxq::read_str("[DhtmlXQ_movelist]7a479EZK0000[/DhtmlXQ_movelist]").unwrap_err();
    assert_eq!(
        err.kind,
        RecordErrorKind::Malformed("a letter-coded move record without digits for its move and index")
    );
}

#[test]
fn lenient_reading_cuts_a_bad_variation_of_a_block() {
    // Variation 1 starts from an empty square; the main line is kept.
    let text =
        "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]5545[/DhtmlXQ_move_0_2_1][/DhtmlXQ]";
    assert!(dhtmlxq::read_str(text).is_err());
    let mut reader = dhtmlxq::Reader::with_options(text.as_bytes(), ReadOptions::lenient());
    let game = reader.next().unwrap().unwrap();
    assert_eq!((moves(&game.main).len(), game.main.line_count()), (2, 1));
    let warnings = reader.take_warnings();
    assert_eq!(warnings.len(), 1);
    assert_eq!(
        warnings[0].to_string(),
        "game 1, line 1: ply 2 of a variation, move `5545`: illegal move f4e4: no piece on f4 (left out with the rest of its line)"
    );
}

#[test]
fn blacktime_closed_by_the_time_tag_reads_up_to_it_as_the_dpxq_player_shows_it() {
    // As the dpxq forum's pages write it: the key's value up to `[/DhtmlXQ_time]`.
    let text =
        "[DhtmlXQ]\n[DhtmlXQ_blacktime]20分[/DhtmlXQ_time]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]";
    let mut reader = dhtmlxq::Reader::new(text.as_bytes());
    let game = reader.next().unwrap().unwrap();
    assert_eq!(game.tags.get("BlackTime"), Some("20分"));
    assert_eq!(moves(&game.main), ["h2e2"]);
    assert_eq!(reader.take_warnings(), []);
    // Its own closing tag still comes first when both are there.
    let game = one("[DhtmlXQ_blacktime]20[/DhtmlXQ_blacktime][/DhtmlXQ_time]");
    assert_eq!(game.tags.get("BlackTime"), Some("20"));
}

#[test]
fn a_key_with_other_characters_is_an_error_naming_it() {
    let err = dhtmlxq::read_str("[DhtmlXQ]\n[DhtmlXQ_black time]x[/DhtmlXQ_black time][/DhtmlXQ]").unwrap_err();
    assert_eq!((err.game, err.at), (1, Location::Line(2)));
    assert_eq!(err.kind, RecordErrorKind::BadKey("black time".into()));
    assert_eq!(
        err.to_string(),
        "game 1, line 2: malformed: a DhtmlXQ key `black time` that is not letters, digits and `_`"
    );
    assert_eq!(err.kind.kind_name(), "malformed");
    // A long key is named by its first 40 characters.
    let long = format!("[DhtmlXQ_{}-]", "k".repeat(60));
    let err = dhtmlxq::read_str(&long).unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::BadKey("k".repeat(40)));
}

#[test]
fn a_binit_square_off_the_board_is_an_error_naming_it() {
    // The start position with piece 3 (Red's first elephant, `69`) moved to `95`, a file past the board's.
    let binit = "8979695949392919097717866646260600102030405060708012720323436383";
    let bad = format!("{}95{}", &binit[..4], &binit[6..]);
    let err = dhtmlxq::read_str(&format!("[DhtmlXQ]\n\n[DhtmlXQ_binit]{bad}[/DhtmlXQ_binit][/DhtmlXQ]")).unwrap_err();
    assert_eq!((err.game, err.at), (1, Location::Line(3)));
    assert_eq!(err.kind, RecordErrorKind::BinitOffBoard { piece: 3, square: "95".into() });
    assert_eq!(err.to_string(), "game 1, line 3: malformed: binit piece 3 on square `95`, off the board");
    // A character that is not a digit reads as 9, and is named as written: Black's piece 17 on `x3`.
    let bad = format!("{}x3{}", &binit[..32], &binit[34..]);
    let err = dhtmlxq::read_str(&format!("[DhtmlXQ_binit]{bad}[/DhtmlXQ_binit]")).unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::BinitOffBoard { piece: 17, square: "x3".into() });
}
