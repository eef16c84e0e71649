//! The DhtmlXQ reader and writer on the repository's own fixtures and on damaged text.

use crate::common;

use common::{check_game1_moves, check_game2_moves, fixture};
use xiangqi_board::Position;
use xiangqi_board::{IllegalMove, IllegalMoveReason};
use xiangqi_notation::{
    dhtmlxq, xqf, GameRecord, GameResult, Line, Location, MoveProblem, Node, RecordError, RecordErrorKind, Tags,
};

/// The problem of the illegal move `mv`, for `reason`.
fn illegal(mv: &str, reason: IllegalMoveReason) -> MoveProblem {
    MoveProblem::Illegal(IllegalMove { mv: mv.parse().unwrap(), reason })
}

fn error(text: &str) -> RecordError {
    dhtmlxq::read_str(text).expect_err("the text must be rejected")
}

#[test]
fn the_fixture_page_holds_both_games() {
    let games = dhtmlxq::read(&fixture("dhtmlxq/page.html")).unwrap();
    assert_eq!(games.len(), 2);
    check_game1_moves(&games[0]);
    let tags: Vec<_> = games[0].tags.iter().collect();
    assert_eq!(tags, [("Title", "自编对局"), ("Red", "红方"), ("Black", "黑方")]);
    check_game2_moves(&games[1], true);
    assert_eq!(games[1].result, GameResult::BlackWins);

    // The same trees as the XQF fixtures, written by a different writer.
    assert_eq!(games[0].main, xqf::read(&fixture("xqf/v0a_plain.xqf")).unwrap().main);
    let endgame = xqf::read(&fixture("xqf/v12_encrypted.xqf")).unwrap();
    assert_eq!((&games[1].main, &games[1].start), (&endgame.main, &endgame.start));
}

#[test]
fn write_then_read_gives_the_same_game() {
    for game in dhtmlxq::read(&fixture("dhtmlxq/page.html")).unwrap() {
        let text = dhtmlxq::write(&game).unwrap();
        let again = dhtmlxq::read_str(&text).unwrap();
        assert_eq!(again, core::slice::from_ref(&game));
        assert_eq!(again[0].start.to_string(), game.start.to_string());
        assert_eq!(dhtmlxq::write(&again[0]).unwrap(), text);
    }
}

#[test]
fn written_form() {
    let mut game = GameRecord::new();
    game.tags.insert("Event", "例");
    game.tags.insert("ECCO", "C45");
    game.result = GameResult::Draw;
    game.main.comment = Some("一\n二".into());
    game.main.nodes.push(Node { comment: Some("a|\nb".into()), ..Node::new("h2e2".parse().unwrap()) });
    game.main.nodes.push(Node::new("h9g7".parse().unwrap()));
    let variation = Line { comment: Some("before".into()), nodes: vec![Node::new("h7e7".parse().unwrap())] };
    game.main.nodes[1].variations.push(variation);
    let text = dhtmlxq::write(&game).unwrap();
    assert_eq!(
        text,
        "[DhtmlXQ]\n[DhtmlXQ_event]例[/DhtmlXQ_event]\n[DhtmlXQ_ECCO]C45[/DhtmlXQ_ECCO]\n\
         [DhtmlXQ_result]和棋[/DhtmlXQ_result]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n\
         [DhtmlXQ_move_0_2_1]7242[/DhtmlXQ_move_0_2_1]\n[DhtmlXQ_comment0]一||二[/DhtmlXQ_comment0]\n\
         [DhtmlXQ_comment1]a|\nb[/DhtmlXQ_comment1]\n[DhtmlXQ_comment1_1]before[/DhtmlXQ_comment1_1]\n[/DhtmlXQ]\n"
    );
    assert_eq!(dhtmlxq::read_str(&text).unwrap(), [game]);
}

#[test]
fn start_position_from_fen_takes_priority_over_binit() {
    // binit says the start position; fen says an endgame with Black to move.
    let text =
        "[DhtmlXQ][DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\
                [DhtmlXQ_fen]3akar2/9/9/9/R8/9/9/9/4p4/3K5 b - - 0 1[/DhtmlXQ_fen]\
                [DhtmlXQ_movelist]4041[/DhtmlXQ_movelist][/DhtmlXQ]";
    let game = &dhtmlxq::read_str(text).unwrap()[0];
    assert_eq!(game.start.to_string(), "3akar2/9/9/9/R8/9/9/9/4p4/3K5 b - - 0 1");
    assert_eq!(common::moves(&game.main), ["e9e8"]);

    // binit alone: the mirrored order of dpxq's own pages is the same role order.
    let text = "[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]";
    assert_eq!(dhtmlxq::read_str(text).unwrap()[0].start, Position::new());
}

#[test]
fn results_and_tags() {
    for (value, result) in [
        ("红胜", GameResult::RedWins),
        ("紅勝", GameResult::RedWins),
        ("W", GameResult::RedWins),
        ("黑胜", GameResult::BlackWins),
        ("L", GameResult::BlackWins),
        ("和棋", GameResult::Draw),
        ("D", GameResult::Draw),
        ("未知", GameResult::Unknown),
        ("", GameResult::Unknown),
    ] {
        let text = format!("[DhtmlXQ_result]{value}[/DhtmlXQ_result][DhtmlXQ_place]广州[/DhtmlXQ_place]");
        let game = &dhtmlxq::read_str(&text).unwrap()[0];
        assert_eq!(game.result, result, "{value}");
        let mut tags = Tags::new();
        tags.insert("Site", "广州");
        assert_eq!(game.tags, tags);
    }
}

#[test]
fn malformed_text_names_the_line() {
    let err = error("<p>no record here</p>");
    assert_eq!((err.at, err.kind), (Location::Line(1), RecordErrorKind::NotThisFormat("DhtmlXQ")));

    let err = error("x\n[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n");
    assert_eq!(
        (err.at, err.kind),
        (Location::Line(2), RecordErrorKind::Truncated("a [DhtmlXQ] block without [/DhtmlXQ]"))
    );

    let err = error("[DhtmlXQ]\n\n[DhtmlXQ_movelist]7747\n[/DhtmlXQ]");
    assert_eq!(
        (err.at, err.kind),
        (Location::Line(3), RecordErrorKind::Truncated("a [DhtmlXQ_key] without its closing tag"))
    );

    let err = error("[DhtmlXQ_movelist]774770[/DhtmlXQ_movelist]");
    assert_eq!(err.kind, RecordErrorKind::Truncated("a move list whose length is not a multiple of 4"));

    let err = error("[DhtmlXQ_movelist]7747x062[/DhtmlXQ_movelist]");
    assert_eq!(err.kind, RecordErrorKind::Malformed("a move list with a character other than a digit"));

    let err = error("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_3_1_1]7062[/DhtmlXQ_move_3_1_1]");
    assert_eq!(err.kind, RecordErrorKind::Malformed("a variation of a line that does not exist"));

    let err = error("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_3_1]7062[/DhtmlXQ_move_0_3_1]");
    assert_eq!(err.kind, RecordErrorKind::Malformed("a variation at a step its line does not reach"));

    let err = error("[DhtmlXQ_binit]12[/DhtmlXQ_binit]");
    assert_eq!(err.kind, RecordErrorKind::Malformed("a binit that is not 64 characters"));
}

#[test]
fn illegal_moves_name_the_ply() {
    // Ply 2 starts from h2, empty since ply 1.
    let err = error("[DhtmlXQ]\n[DhtmlXQ_movelist]\n77477747\n[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(err.at, Location::Line(3));
    let RecordErrorKind::Move(mv) = &err.kind else { panic!("{err}") };
    assert_eq!(
        (mv.ply, mv.in_variation, mv.text.as_str(), &mv.problem),
        (2, false, "7747", &illegal("h2e2", IllegalMoveReason::NoPiece))
    );

    // In a variation: ply 3 of variation 1 is a black move while Red is to move.
    let text = "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]72427062[/DhtmlXQ_move_0_2_1]";
    let RecordErrorKind::Move(mv) = error(text).kind else { panic!() };
    assert_eq!(
        (mv.ply, mv.in_variation, mv.text.as_str(), mv.problem),
        (3, true, "7062", illegal("h9g7", IllegalMoveReason::OpponentsPiece))
    );

    // A square off the board.
    let RecordErrorKind::Move(mv) = error("[DhtmlXQ_movelist]7797[/DhtmlXQ_movelist]").kind else { panic!() };
    assert_eq!((mv.ply, mv.text.as_str(), mv.problem), (1, "7797", MoveProblem::OffBoard));
}

/// A DhtmlXQ record whose variations nest `depth` deep: each variation replaces the second move of the one
/// before, so it starts one ply later. Moves are the first two legal moves of each position.
fn nested(depth: usize) -> String {
    let square = |sq: xiangqi_board::Square| format!("{}{}", sq.file().index(), 9 - sq.rank().index());
    let digits = |mv: xiangqi_board::Move| square(mv.from) + &square(mv.to);
    let mut text = String::new();
    let mut pos = Position::new();
    let legal = pos.legal_moves();
    let (first, second_pos) = (legal[0], pos.play(legal[0]).unwrap());
    let second = second_pos.legal_moves()[0];
    text += &format!("[DhtmlXQ_movelist]{}{}[/DhtmlXQ_movelist]", digits(first), digits(second));
    pos = second_pos;
    for id in 1..=depth {
        // Line `id` replaces the move at step id + 1 of line id - 1, played from `pos`.
        let legal = pos.legal_moves();
        let alternative = legal[1];
        let after = pos.play(alternative).unwrap();
        let next = after.legal_moves()[0];
        text += &format!(
            "[DhtmlXQ_move_{}_{}_{id}]{}{}[/DhtmlXQ_move_{}_{}_{id}]",
            id - 1,
            id + 1,
            digits(alternative),
            digits(next),
            id - 1,
            id + 1
        );
        pos = after;
    }
    text
}

#[test]
fn variations_nest_to_the_limit_and_no_further() {
    let limit = xiangqi_notation::MAX_VARIATION_DEPTH;
    let game = &dhtmlxq::read_str(&nested(limit)).unwrap()[0];
    assert_eq!(game.main.line_count(), limit + 1);
    let mut line = &game.main;
    for _ in 0..limit {
        line = &line.nodes[1].variations[0];
    }
    assert_eq!(line.nodes.len(), 2);
    assert_eq!(dhtmlxq::read_str(&dhtmlxq::write(game).unwrap()).unwrap()[0], *game);

    let err = error(&nested(limit + 1));
    assert_eq!(err.kind, RecordErrorKind::TooDeep);
}

#[test]
fn writer_rejects_what_the_format_cannot_hold() {
    let mut game = GameRecord::new();
    game.tags.insert("movelist", "x");
    let err = dhtmlxq::write(&game).unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::Unrepresentable("a tag name that is not a free DhtmlXQ key"));

    let mut game = GameRecord::new();
    game.main.nodes.push(Node::new("h2h7".parse().unwrap()));
    let err = dhtmlxq::write(&game).unwrap_err();
    let RecordErrorKind::Move(mv) = err.kind else { panic!() };
    assert_eq!((mv.ply, mv.problem), (1, illegal("h2h7", IllegalMoveReason::CannotMoveThere)));
}

#[test]
fn comments_with_bars_and_breaks_survive() {
    for comment in ["a\nb", "a|\nb", "|\n", "\n|x", "a||b", "x\n\ny", "|", "||"] {
        let mut game = GameRecord::new();
        game.main.nodes.push(Node { comment: Some(comment.into()), ..Node::new("h2e2".parse().unwrap()) });
        let text = dhtmlxq::write(&game).unwrap();
        let read = dhtmlxq::read_str(&text).unwrap();
        let expected = comment.replace("||", "| |");
        assert_eq!(read[0].main.nodes[0].comment.as_deref(), Some(expected.trim()), "{comment:?} as {text}");
    }
}

/// Found by the `dhtmlxq` fuzz target: the block's end tag inside a value does not end the block.
#[test]
fn the_end_tag_inside_a_value_does_not_end_the_block() {
    let text =
        "[DhtmlXQ][DhtmlXQ_title]a [/DhtmlXQ] b[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";
    let games = dhtmlxq::read_str(text).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tags.get("Title"), Some("a [/DhtmlXQ] b"));
    assert_eq!(common::moves(&games[0].main), ["h2e2"]);
    let written = dhtmlxq::write(&games[0]).unwrap();
    assert_eq!(dhtmlxq::read_str(&written).unwrap(), games);
}

/// Found by the `xqf` fuzz target: `|||` in a comment was written `| ||`, which read back as a bar and a line break,
/// so writing again gave another text. Every pair of bars is now kept apart.
#[test]
fn bars_in_comments_never_touch() {
    let mut game = GameRecord::new();
    game.main.comment = Some("a|||||b||c|\nd".into());
    let written = dhtmlxq::write(&game).unwrap();
    assert!(written.contains("[DhtmlXQ_comment0]a| | | | |b| |c|\nd[/DhtmlXQ_comment0]"), "{written}");
    let again = dhtmlxq::read_str(&written).unwrap();
    assert_eq!(again[0].main.comment.as_deref(), Some("a| | | | |b| |c|\nd"));
    assert_eq!(dhtmlxq::write(&again[0]).unwrap(), written);
}
