//! The limits of `ReadOptions`: each exceeded limit is a typed error naming the game and the line, and the
//! readers go on with the next game, over bytes and over a `BufRead` read in small pieces.

use std::io::BufReader;

use xiangqi_notation::{dhtmlxq, pgn, read_any, Limited, Limits, Location, ReadOptions, RecordErrorKind};

/// A game after the one that breaks a limit, to show that reading goes on.
const NEXT: &str = "[Event \"next\"]\n1. h2e2 h9g7 *\n";

/// Reads `text` as PGN with `limits`, over its bytes and in pieces of 7 bytes: the first item's error kind and
/// line, and how many games of the rest read.
fn first_error_and_rest(text: &str, limits: Limits) -> (RecordErrorKind, Location, usize) {
    let options = ReadOptions::strict().with_limits(limits);
    let mut seen = Vec::new();
    for pieces in [false, true] {
        let items: Vec<_> = if pieces {
            pgn::Reader::with_options(BufReader::with_capacity(7, text.as_bytes()), options).collect()
        } else {
            pgn::Reader::with_options(text.as_bytes(), options).collect()
        };
        let error = items[0].as_ref().unwrap_err();
        assert_eq!(error.game, 1);
        let rest = items[1..].iter().filter(|item| item.is_ok()).count();
        seen.push((error.kind.clone(), error.at, rest));
    }
    assert_eq!(seen[0], seen[1], "the same over bytes and in pieces");
    seen.remove(0)
}

#[test]
fn a_game_larger_than_the_limit_is_skipped_unread() {
    let big = format!("\n\n[Event \"big\"]\n1. {}*\n", "h0g2 h9g7 g2h0 g7h9 ".repeat(100));
    let limits = Limits { game_bytes: 1000, ..Limits::DEFAULT };
    let text = format!("{big}{NEXT}{NEXT}");
    let (kind, at, rest) = first_error_and_rest(&text, limits);
    assert_eq!(kind, RecordErrorKind::TooLarge { what: Limited::Game, limit: 1000 });
    assert_eq!((at, rest), (Location::Line(1), 2));
    // Within the limit it reads.
    let limits = Limits { game_bytes: big.len() + NEXT.len(), ..Limits::DEFAULT };
    let games: Vec<_> = pgn::Reader::with_options(text.as_bytes(), ReadOptions::strict().with_limits(limits)).collect();
    assert_eq!(games[0].as_ref().unwrap().main.nodes.len(), 400);
}

#[test]
fn a_game_of_one_endless_line_is_skipped_too() {
    // No line break at all until the next game: the reader cannot hold the line to find its end.
    let text = format!("[Event \"one line\"]\n1. h2e2 {{{}}}\n{NEXT}", "x".repeat(5000));
    let limits = Limits { game_bytes: 1000, ..Limits::DEFAULT };
    let (kind, at, rest) = first_error_and_rest(&text, limits);
    assert_eq!(
        (kind, at, rest),
        (RecordErrorKind::TooLarge { what: Limited::Game, limit: 1000 }, Location::Line(1), 1)
    );
}

#[test]
fn a_comment_and_a_tag_value_over_their_limits() {
    let limits = Limits { comment_bytes: 100, tag_bytes: 50, ..Limits::DEFAULT };
    let comment = format!("[Event \"c\"]\n\n1. h2e2 {{{}}} h9g7 *\n{NEXT}", "评".repeat(40));
    let (kind, at, rest) = first_error_and_rest(&comment, limits);
    assert_eq!(
        (kind, at, rest),
        (RecordErrorKind::TooLarge { what: Limited::Comment, limit: 100 }, Location::Line(3), 1)
    );
    let tag = format!("[Event \"t\"]\n[Site \"{}\"]\n1. h2e2 *\n{NEXT}", "x".repeat(51));
    let (kind, at, rest) = first_error_and_rest(&tag, limits);
    assert_eq!((kind, at, rest), (RecordErrorKind::TooLarge { what: Limited::Tag, limit: 50 }, Location::Line(2), 1));
    // At the limit they read.
    let tag = format!("[Site \"{}\"]\n1. h2e2 *\n", "x".repeat(50));
    assert!(pgn::Reader::with_options(tag.as_bytes(), ReadOptions::strict().with_limits(limits)).all(|g| g.is_ok()));
}

#[test]
fn a_dhtmlxq_block_larger_than_the_limit_is_skipped() {
    let block = |moves: &str| format!("<p>[DhtmlXQ][DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist][/DhtmlXQ]</p>\n");
    let page = format!("{}{}", block(&"7967706267796270".repeat(200)), block("7747"));
    let options = ReadOptions::strict().with_limits(Limits { game_bytes: 1000, ..Limits::DEFAULT });
    for capacity in [5, 8192] {
        let items: Vec<_> =
            dhtmlxq::Reader::with_options(BufReader::with_capacity(capacity, page.as_bytes()), options).collect();
        assert_eq!(items.len(), 2, "{capacity}");
        let error = items[0].as_ref().unwrap_err();
        assert_eq!(error.to_string(), "game 1, line 1: a game longer than the limit of 1000 bytes");
        assert_eq!(items[1].as_ref().unwrap().main.nodes.len(), 1);
    }
}

#[test]
fn a_binary_file_larger_than_the_limit_is_refused_unread() {
    let mut bytes = b"XQ\x0a".to_vec();
    bytes.resize(5000, 0);
    let options = ReadOptions::strict().with_limits(Limits { file_bytes: 4096, ..Limits::DEFAULT });
    let error = read_any(&bytes[..], options).unwrap_err();
    assert_eq!(error.kind, RecordErrorKind::TooLarge { what: Limited::File, limit: 4096 });
    assert_eq!(error.to_string(), "game 1, byte 0 (0x0): a file longer than the limit of 4096 bytes");
}
