//! The PGN reader and writer on the repository's own fixtures (UTF-8, GBK and Big5 files written by
//! `scripts/fixtures/make_records.py` with Python's codecs) and on damaged text.

use crate::common;

use common::{check_game1_moves, check_game2_moves, fixture, moves};
use xiangqi_board::{FenError, Position, PositionError, PositionErrorKinds};
use xiangqi_board::{IllegalMove, IllegalMoveReason};
use xiangqi_notation::{
    encoding::{self, TextEncoding},
    pgn::{self, PgnOptions},
    xqf, BlackDigits, Date, GameRecord, GameResult, Line, Location, MoveFormat, MoveProblem, MoveTextError, Node,
    RecordError, RecordErrorKind, Script, WriteOptions,
};

/// The problem of the illegal move `mv`, for `reason`.
fn illegal(mv: &str, reason: IllegalMoveReason) -> MoveProblem {
    MoveProblem::Illegal(IllegalMove { mv: mv.parse().unwrap(), reason })
}

fn error(text: &str) -> RecordError {
    pgn::read_str(text).expect_err("the text must be rejected")
}

fn move_problem(err: &RecordError) -> (usize, bool, &str, &MoveProblem) {
    match &err.kind {
        RecordErrorKind::Move(mv) => (mv.ply, mv.in_variation, mv.text.as_str(), &mv.problem),
        other => panic!("expected a move error, got {other:?}"),
    }
}

#[test]
fn utf8_file_with_three_games() {
    let bytes = fixture("pgn/utf8.pgn");
    assert_eq!(encoding::detect(&bytes), TextEncoding::Utf8);
    let games = pgn::read(&bytes).unwrap();
    assert_eq!(games.len(), 3);

    // Game 1: Chinese moves, comments, nested variations; the same tree as the XQF fixture.
    check_game1_moves(&games[0]);
    assert_eq!(games[0].main, xqf::read(&fixture("xqf/v0a_plain.xqf")).unwrap().main);
    assert_eq!(games[0].date(), Some(Date { year: Some(2024), month: Some(5), day: Some(1) }));
    let tags: Vec<_> = games[0].tags.iter().collect();
    assert_eq!(tags, [("Event", "夹具赛"), ("Date", "2024.05.01"), ("Red", "红方"), ("Black", "黑方")]);

    // Game 2: no [Game], no result, moves run together.
    assert_eq!(moves(&games[1].main), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(games[1].result, GameResult::Unknown);
    assert_eq!(games[1].tags.get("Event"), Some("连写"));

    // Game 3: [Format "WXF"], a tag value with brackets.
    assert_eq!(moves(&games[2].main), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(games[2].result, GameResult::RedWins);
    assert_eq!(games[2].tags.get("Event"), Some("[局01] WXF (测试)"));
    assert_eq!(games[2].tags.get("Format"), None);
}

#[test]
fn gbk_file_in_xqwizard_style() {
    let bytes = fixture("pgn/gbk.pgn");
    assert_eq!(encoding::detect(&bytes), TextEncoding::Gbk);
    let games = pgn::read(&bytes).unwrap();
    assert_eq!(games.len(), 1, "the advert block after the result is not a game");
    check_game2_moves(&games[0], false);
    assert_eq!(games[0].date(), Some(Date { year: Some(2024), month: Some(5), day: Some(1) }));
}

#[test]
fn big5_file_in_ccpd_style() {
    let bytes = fixture("pgn/big5.pgn");
    assert_eq!(encoding::detect(&bytes), TextEncoding::Big5);
    let games = pgn::read(&bytes).unwrap();
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.start.fullmoves().get(), 30);
    assert_eq!(moves(&game.main), ["e9e8", "a5a8", "e8e9", "a8a9", "g9g0"]);
    assert_eq!(game.result, GameResult::BlackWins);
    assert_eq!(game.tags.get("Red"), Some("紅方"));
    assert_eq!(game.tags.get("Event"), Some("殘局練習"));
    assert_eq!(game.date(), Some(Date { year: Some(2024), month: Some(5), day: Some(1) }));

    // The same text encoded by encoding_rs in GBK (which has 俥; the WHATWG Big5 encoder leaves out the HKSCS
    // characters, so it would write `&#20453;`).
    let text = encoding::decode(&bytes).0.into_owned();
    let gbk = encoding::encode(&text, TextEncoding::Gbk);
    assert_eq!(encoding::detect(&gbk), TextEncoding::Gbk);
    assert_eq!(pgn::read(&gbk).unwrap(), games);
    assert_eq!(encoding::encode(&text, TextEncoding::Big5).windows(8).filter(|w| w == b"&#20453;").count(), 2);
}

fn fixture_games() -> Vec<GameRecord> {
    let mut games = pgn::read(&fixture("pgn/utf8.pgn")).unwrap();
    games.extend(pgn::read(&fixture("pgn/big5.pgn")).unwrap());
    games.extend(xqf::read(&fixture("xqf/v12_encrypted.xqf")));
    games
}

#[test]
fn write_then_read_gives_the_same_game_in_every_notation() {
    let options = [
        PgnOptions::default(),
        PgnOptions {
            format: MoveFormat::Chinese,
            moves: WriteOptions::new().with_script(Script::Traditional).with_black_digits(BlackDigits::FullWidth),
        },
        PgnOptions::new(MoveFormat::Wxf),
        PgnOptions::new(MoveFormat::Iccs),
        PgnOptions::new(MoveFormat::Ucci),
        PgnOptions::new(MoveFormat::FairyUci),
        PgnOptions::new(MoveFormat::Axf),
    ];
    for game in fixture_games() {
        for options in &options {
            let text = pgn::write(&game, options).unwrap();
            let read = pgn::read_str(&text).unwrap_or_else(|err| panic!("{err}\n{text}"));
            assert_eq!(read, core::slice::from_ref(&game), "{:?}\n{text}", options.format);
            assert_eq!(read[0].start.to_string(), game.start.to_string());
            // And once more: writing is stable.
            assert_eq!(pgn::write(&read[0], options).unwrap(), text);
        }
    }
}

#[test]
fn written_form() {
    let game = &pgn::read(&fixture("pgn/utf8.pgn")).unwrap()[0];
    let text = pgn::write(game, &PgnOptions::default()).unwrap();
    assert_eq!(
        text,
        "[Game \"Chinese Chess\"]\n[Event \"夹具赛\"]\n[Date \"2024.05.01\"]\n[Red \"红方\"]\n[Black \"黑方\"]\n\
         [Result \"*\"]\n[Format \"Chinese\"]\n\n{自编对局：中炮对屏风马}\n\
         1. 炮二平五 {中炮} 1... 马8进7 (1... 炮8平5 {顺炮} 2. 马八进七 (2. 马二进三 {也可以}) 2... 马2进3) \
         (1... 炮2平5)\n2. 马二进三 车9平8 {出车}\n3. 车一平二 (3. 马八进七 {另一种走法}) 3... 马2进3 {完}\n*\n"
    );

    let endgame = &pgn::read(&fixture("pgn/big5.pgn")).unwrap()[0];
    let text = pgn::write(endgame, &PgnOptions::new(MoveFormat::Wxf)).unwrap();
    assert!(text.contains("[FEN \"3akar2/9/9/9/R8/9/9/9/4p4/3K5 b - - 0 30\"]\n[Format \"WXF\"]\n"), "{text}");
    assert!(text.ends_with("\n30... K5+1\n31. R9+3 K5-1\n32. R9+1 R7+9\n0-1\n"), "{text}");
}

#[test]
fn tag_values_are_escaped() {
    let mut game = GameRecord::new();
    game.tags.insert("Event", "a \"quoted\" \\ name\nwith a break");
    game.result = GameResult::Draw;
    let text = pgn::write(&game, &PgnOptions::default()).unwrap();
    assert!(text.contains("[Event \"a \\\"quoted\\\" \\\\ name with a break\"]\n[Result \"1/2-1/2\"]\n"), "{text}");
    let read = &pgn::read_str(&text).unwrap()[0];
    assert_eq!(read.tags.get("Event"), Some("a \"quoted\" \\ name with a break"));
    assert_eq!(read.result, GameResult::Draw);

    // Unescaped quotes inside a value: the tag still ends at `"]`.
    let read = &pgn::read_str("[Event \"The \"Cup\" [final]\"]\n*").unwrap()[0];
    assert_eq!(read.tags.get("Event"), Some("The \"Cup\" [final]"));
}

#[test]
fn move_text_forms() {
    let read = |text: &str| moves(&pgn::read_str(text).unwrap()[0].main);
    let opening = ["h2e2", "h9g7", "h0g2"];
    for text in [
        "1. h2e2 h9g7 2. h0g2",
        "1.h2e2 h9g7 2.h0g2",
        "1. H2-E2 1... H9-G7 2. H0-G2",
        "1. 炮二平五 马８进７ 2. 马二进三",
        "1. 炮二平五\n  1.          马８进７\n  2. 马二进三",
        "1. 炮二平五 $1 马８进７! 2. 马二进三?!",
        "１． 炮二平五 马８进７ ２． 马二进三",
        "1. 炮二平五马８进７马二进三",
        "1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３",
        "1. 炮二平五 马８进７ 2. 马二进三 *",
    ] {
        assert_eq!(read(text), opening, "{text}");
    }
    // `33.4`-like WXF words are moves, not move numbers: three red pawns on file 5 and the middle one moves.
    let game = &pgn::read_str("[FEN \"5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w\"]\n1. P5.6 *").unwrap()[0];
    assert_eq!(moves(&game.main), ["e6d6"]);
}

#[test]
fn results_and_their_absence() {
    let result = |text: &str| pgn::read_str(text).unwrap()[0].result;
    assert_eq!(result("1. h2e2 1-0"), GameResult::RedWins);
    assert_eq!(result("[Result \"0-1\"]\n1. h2e2"), GameResult::BlackWins);
    assert_eq!(result("[Result \"0-1\"]\n1. h2e2 1/2-1/2"), GameResult::Draw, "the token wins");
    assert_eq!(result("1. h2e2"), GameResult::Unknown);
    assert_eq!(result("[Result \"1-0\"]\n\n1-0"), GameResult::RedWins);
}

#[test]
fn games_without_result_end_at_the_next_tag() {
    let games = pgn::read_str("[Event \"a\"]\n1. h2e2 h9g7\n[Event \"b\"]\n1. h0g2\n").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(moves(&games[0].main), ["h2e2", "h9g7"]);
    assert_eq!(moves(&games[1].main), ["h0g2"]);
    assert_eq!(pgn::read_str("").unwrap(), []);
    assert_eq!(pgn::read_str("\n\n  ").unwrap(), []);
}

#[test]
fn an_empty_variation_is_dropped_and_comments_join() {
    let game = &pgn::read_str("{a} {b} 1. h2e2 () {c} (1. h0g2 {d}) {e} *").unwrap()[0];
    let mut expected = Line { comment: Some("a\nb".into()), nodes: vec![Node::new("h2e2".parse().unwrap())] };
    expected.nodes[0].comment = Some("c\ne".into());
    let mut variation = Line::new();
    variation.nodes.push(Node { comment: Some("d".into()), ..Node::new("h0g2".parse().unwrap()) });
    expected.nodes[0].variations.push(variation);
    assert_eq!(game.main, expected);
}

#[test]
fn a_closing_brace_in_a_comment_is_written_full_width() {
    // A PGN comment ends at the first `}`: one in the text (a DhtmlXQ or XQF comment may hold it) is written `｝`.
    let mut game = GameRecord::new();
    game.main.comment = Some("{a} b".into());
    game.main.nodes.push(Node { comment: Some("}".into()), ..Node::new("h2e2".parse().unwrap()) });
    let text = pgn::write(&game, &PgnOptions::default()).unwrap();
    assert!(text.contains("\n{{a｝ b}\n1. 炮二平五 {｝}\n*"), "{text}");
    let again = &pgn::read_str(&text).unwrap()[0];
    assert_eq!(again.main.comment.as_deref(), Some("{a｝ b"));
    assert_eq!(again.main.nodes[0].comment.as_deref(), Some("｝"));
}

#[test]
fn illegal_moves_name_the_game_line_ply_and_text() {
    let text = "[Event \"ok\"]\n1. h2e2 *\n\n[Event \"bad\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 马８进７ *\n";
    let err = error(text);
    assert_eq!((err.game, err.at), (2, Location::Line(8)));
    let (ply, in_variation, text, problem) = move_problem(&err);
    assert_eq!((ply, in_variation, text), (4, false, "马８进７"));
    assert!(matches!(problem, MoveProblem::Notation(MoveTextError::NoSuchPiece { .. })), "{problem:?}");

    // In a variation.
    let err = error("1. h2e2 h9g7 (1... h7e7 2. h2e2) *");
    assert_eq!(move_problem(&err), (3, true, "h2e2", &illegal("h2e2", IllegalMoveReason::NoPiece)));

    // ICCS declared but Chinese written: a syntax error, not a guess.
    let err = error("[Format \"ICCS\"]\n1. 炮二平五 *");
    let (ply, _, text, problem) = move_problem(&err);
    assert_eq!((ply, text), (1, "炮二平五"));
    assert!(matches!(problem, MoveProblem::Notation(MoveTextError::Syntax(_))), "{problem:?}");

    // A move from a square the last move emptied.
    let err = error("1. h2e2 h9g7 2. h2e2");
    assert_eq!(move_problem(&err), (3, false, "h2e2", &illegal("h2e2", IllegalMoveReason::NoPiece)));
    // A coordinate move with a piece but no legal way there.
    let err = error("1. h2h7");
    assert_eq!(move_problem(&err), (1, false, "h2h7", &illegal("h2h7", IllegalMoveReason::CannotMoveThere)));
    let err = error("1. h7h0");
    assert_eq!(move_problem(&err), (1, false, "h7h0", &illegal("h7h0", IllegalMoveReason::OpponentsPiece)));
}

#[test]
fn malformed_text_names_the_line() {
    let cases: [(&str, usize, RecordErrorKind); 9] = [
        ("1. h2e2 {never closed\n\n", 1, RecordErrorKind::Truncated("a comment without `}`")),
        ("1. h2e2\n) *", 2, RecordErrorKind::Malformed("`)` without `(`")),
        ("\n\n( 1. h2e2 ) *", 3, RecordErrorKind::Malformed("a variation before any move")),
        ("1. h2e2 (1. h0g2\n", 2, RecordErrorKind::Truncated("a variation without `)`")),
        ("[Event \"a\n1. h2e2 *", 1, RecordErrorKind::Truncated("a tag value without its closing `\"]`")),
        ("[Event \"a\n[Site \"b\"]\n*", 1, RecordErrorKind::Truncated("a tag value without its closing `\"]`")),
        ("[Event a]\n*", 1, RecordErrorKind::Malformed("a tag that is not [Name \"value\"]")),
        ("1. h2e2 } *", 1, RecordErrorKind::Malformed("`}` outside a comment")),
        (
            "\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n*",
            2,
            RecordErrorKind::Fen(FenError::Position(PositionError { kinds: PositionErrorKinds::FACING_KINGS })),
        ),
    ];
    for (text, line, kind) in cases {
        let err = error(text);
        assert_eq!((err.at, err.kind), (Location::Line(line), kind), "{text:?}");
    }
    let err = error("[FEN \"rnbakabnr/9/x\"]\n*");
    assert!(matches!(err.kind, RecordErrorKind::Fen(_)), "{err}");
}

/// A PGN game whose variations nest `depth` deep: each variation replaces the second move of the one before.
fn nested(depth: usize) -> String {
    let mut text = String::from("[Format \"UCCI\"]\n");
    let mut pos = Position::new();
    let first = pos.legal_moves()[0];
    pos = pos.play(first).unwrap();
    text += &format!("{first} {}", pos.legal_moves()[0]);
    for _ in 0..depth {
        let alternative = pos.legal_moves()[1];
        pos = pos.play(alternative).unwrap();
        text += &format!(" ({alternative} {}", pos.legal_moves()[0]);
    }
    text + &")".repeat(depth) + " *"
}

#[test]
fn variations_nest_to_the_limit_and_no_further() {
    let limit = xiangqi_notation::MAX_VARIATION_DEPTH;
    let game = &pgn::read_str(&nested(limit)).unwrap()[0];
    assert_eq!(game.main.line_count(), limit + 1);
    let text = pgn::write(game, &PgnOptions::new(MoveFormat::Iccs)).unwrap();
    assert_eq!(pgn::read_str(&text).unwrap()[0], *game);
    assert_eq!(error(&nested(limit + 1)).kind, RecordErrorKind::TooDeep);
}

#[test]
fn reading_goes_on_after_a_bad_game() {
    let text = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n[FEN \"bad\"]\n[Red \"x\"]\n1. h2e2 *\n\n\
                [Event \"3\"]\n1. h2e2 h2e2 *\n\n[Event \"4\"]\n1. h0g2 *\n";
    let results: Vec<_> = pgn::games(text).collect();
    assert_eq!(results.len(), 4);
    assert_eq!(results[0].as_ref().unwrap().tags.get("Event"), Some("1"));
    let err = results[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.at), (2, Location::Line(5)));
    let err = results[2].as_ref().unwrap_err();
    assert_eq!((err.game, err.at), (3, Location::Line(10)));
    assert_eq!(moves(&results[3].as_ref().unwrap().main), ["h0g2"]);
}

#[test]
fn never_panics_on_damaged_text() {
    let text = String::from_utf8(fixture("pgn/utf8.pgn")).unwrap();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for &(i, ch) in &chars {
        let cut = &text[..i];
        let _ = pgn::read_str(cut);
        let without = format!("{}{}", &text[..i], &text[i + ch.len_utf8()..]);
        let _ = pgn::read_str(&without);
    }
}

/// Found by the `pgn` fuzz target: line breaks in a tag value are written as spaces, so the written text reads back.
#[test]
fn line_breaks_in_tag_values_are_written_as_spaces() {
    let mut game = GameRecord::new();
    game.tags.insert("Event", "a\rb\nc");
    let written = pgn::write(&game, &pgn::PgnOptions::new(MoveFormat::Ucci)).unwrap();
    assert!(written.contains("[Event \"a b c\"]\n"), "{written}");
    assert_eq!(pgn::read_str(&written).unwrap()[0].tags.get("Event"), Some("a b c"));
}
