//! PGN read losslessly: NAGs, Result tags that say something else than the moves, board-only FENs, line breaks
//! in tag values.

use xiangqi_board::{Color, Position};
use xiangqi_notation::{pgn, GameResult, Location, ReadOptions, WarningKind};

/// Reads the one game of `text`, with the warnings.
fn read_one(text: &str) -> (xiangqi_notation::GameRecord, Vec<xiangqi_notation::Warning>) {
    let mut reader = pgn::Reader::new(text.as_bytes());
    let game = reader.next().expect("a game").unwrap_or_else(|err| panic!("{err}\n{text}"));
    assert!(reader.next().is_none(), "{text}");
    (game, reader.take_warnings())
}

/// Written and read again, the game is the same, and writing it again gives the same text.
fn round_trip(game: &xiangqi_notation::GameRecord) -> String {
    let options = pgn::PgnOptions::default();
    let written = pgn::write(game, &options).unwrap();
    let (again, _) = read_one(&written);
    assert_eq!(again, *game, "{written}");
    assert_eq!(pgn::write(&again, &options).unwrap(), written);
    written
}

#[test]
fn nags_in_both_forms_survive_a_round_trip() {
    let text = "1. h2e2! h9g7 $14 2. h0g2?! $36 (2. b0c2!! ??) i9h9 !? *";
    let (game, warnings) = read_one(text);
    assert!(warnings.is_empty());
    let nags: Vec<_> = game.main.nodes.iter().map(|n| n.nags.clone()).collect();
    assert_eq!(nags, [vec![1], vec![14], vec![6, 36], vec![5]]);
    assert_eq!(game.main.nodes[2].variations[0].nodes[0].nags, [3, 4]);
    let written = round_trip(&game);
    assert!(
        written.contains("1. 炮二平五 $1 马8进7 $14\n2. 马二进三 $6 $36 (2. 马八进七 $3 $4) 2... 车9平8 $5"),
        "{written}"
    );
    // `$256` is no NAG: skipped.
    assert!(read_one("1. h2e2 $256 *").0.main.nodes[0].nags.is_empty());
}

#[test]
fn an_unknown_result_tag_is_kept_with_a_warning() {
    let (game, warnings) = read_one("[Result \"红先胜\"]\n1. h2e2 *");
    assert_eq!((game.result, game.tags.get("Result")), (GameResult::Unknown, Some("红先胜")));
    assert_eq!(warnings.len(), 1);
    assert_eq!((warnings[0].at, &warnings[0].kind), (Location::Line(1), &WarningKind::UnknownResult("红先胜".into())));
    assert_eq!(warnings[0].to_string(), "game 1, line 1: the Result tag `红先胜` is not a result: kept as a tag");
    let written = round_trip(&game);
    assert!(written.contains("[Result \"红先胜\"]") && written.ends_with("\n*\n"), "{written}");
}

#[test]
fn a_result_tag_that_contradicts_the_token_is_kept_with_a_warning() {
    let (game, warnings) = read_one("[Event \"x\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 0-1");
    assert_eq!((game.result, game.tags.get("Result")), (GameResult::BlackWins, Some("1-0")));
    let kind = WarningKind::ResultContradicts { tag: GameResult::RedWins, token: GameResult::BlackWins };
    assert_eq!((warnings[0].at, &warnings[0].kind), (Location::Line(2), &kind));
    let written = round_trip(&game);
    assert!(written.contains("[Result \"1-0\"]") && written.ends_with("\n0-1\n"), "{written}");

    // Agreeing tags, and a `*` on either side, are no contradiction: the definite result is the game's.
    for (text, result) in [
        ("[Result \"1-0\"]\n1. h2e2 1-0", GameResult::RedWins),
        ("[Result \"1-0\"]\n1. h2e2 *", GameResult::RedWins),
        ("[Result \"*\"]\n1. h2e2 0-1", GameResult::BlackWins),
        ("[Result \"1/2-1/2\"]\n1. h2e2", GameResult::Draw),
    ] {
        let (game, warnings) = read_one(text);
        assert_eq!((game.result, game.tags.get("Result"), warnings.len()), (result, None, 0), "{text}");
    }
}

#[test]
fn a_board_only_fen_takes_the_side_from_the_first_move() {
    let board = "4k4/9/9/9/9/9/4p4/9/9/3K5";
    // Black's pawn moves first: only Black can play e3d3.
    let (game, _) = read_one(&format!("[FEN \"{board}\"]\n1. ... e3d3 2. d0d1 *"));
    assert_eq!(game.start, Position::from_fen(&format!("{board} b")).unwrap());
    assert_eq!(game.main.nodes.len(), 2);
    // Red's king moves first.
    let (game, _) = read_one(&format!("[FEN \"{board}\"]\n1. d0d1 *"));
    assert_eq!(game.start.turn(), Color::Red);
    // Chinese notation names the side by its characters and digits: 卒 is Black's.
    let (game, _) = read_one(&format!("[FEN \"{board}\"]\n1. ... 卒5平6 *"));
    assert_eq!((game.start.turn(), game.main.nodes[0].mv.to_string().as_str()), (Color::Black, "e3f3"));
    // No move: Red.
    let (game, _) = read_one(&format!("[FEN \"{board}\"]\n*"));
    assert_eq!(game.start.turn(), Color::Red);
    round_trip(&game);
    // Without a move to tell: a board where Black gives check (the rook on d9 on the king on d0) is Red's to
    // move, and one where Red gives check is Black's, since the other side could take the king.
    let checked = "3rk4/9/9/9/9/9/9/9/9/3K5";
    let (game, _) = read_one(&format!("[FEN \"{checked}\"]\n*"));
    assert_eq!(game.start.turn(), Color::Red);
    let (game, _) = read_one("[FEN \"3Rk4/9/9/9/9/9/9/9/9/3K5\"]\n*");
    assert_eq!(game.start.turn(), Color::Black, "Red gives check: Black is to move");
}

#[test]
fn a_line_break_inside_a_tag_value_is_read_as_a_space() {
    let (game, _) = read_one("[Event \"全国象棋\r\n个人赛\"]\n[Site \"北京\n\"]\n1. h2e2 *");
    assert_eq!(game.tags.get("Event"), Some("全国象棋 个人赛"));
    assert_eq!(game.tags.get("Site"), Some("北京 "));
    round_trip(&game);
    // A value whose next line is a tag stays an error, at the line of the tag.
    let err = pgn::read_str("[Event \"a\n[Site \"b\"]\n1. h2e2 *").unwrap_err();
    assert_eq!(err.to_string(), "game 1, line 1: truncated: a tag value without its closing `\"]`");
    // Two games, the first with a value over two lines: the streaming reader cuts them where they are.
    let text = "[Event \"a\nb\"]\n1. h2e2 *\n[Event \"c\"]\n1. h2e2 *\n";
    let games: Vec<_> = pgn::Reader::with_options(text.as_bytes(), ReadOptions::lenient()).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().tags.get("Event"), Some("a b"));
}
