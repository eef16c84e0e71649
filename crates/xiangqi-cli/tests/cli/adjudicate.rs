//! `xiangqi adjudicate`.

use serde_json::json;

use crate::{json_lines, xiangqi};

const CHASE: &str =
    "red_must_change AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (red must change; one more cycle and red loses)";
const CHASE_FEN: &str = "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 9 5";

#[test]
fn a_perpetual_chase_is_found_with_its_position_and_moves() {
    let run = xiangqi(&["adjudicate", "perpetual-chase.pgn"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        format!(
            "perpetual-chase.pgn: game 1, ply 9: {CHASE}\n  fen {CHASE_FEN}\n  offending moves: b7b8 b8b7 b7b8 \
             b8b7\nfiles 1 (0 unreadable), games 1 (0 unreadable), plies 9, ruling points 1: red_must_change 1 \
             (axf, arbiter)\n"
        )
    );
}

#[test]
fn every_ruling_point_by_default_the_first_with_immediate() {
    let arbiter = xiangqi(&["adjudicate", "--json", "chase-then-idle.pgn"]);
    assert_eq!(arbiter.code, 0, "{arbiter:?}");
    let idle = |ply: usize, fen: &str, ruling: &str, note: &str| {
        json!({"file": "chase-then-idle.pgn", "game": 1, "ply": ply, "fen": fen, "ruling": ruling,
               "rules": ["AXF 2008 第一章七(G)2"], "note": note, "offending": []})
    };
    let chase = |ruling: &str, note: &str| {
        json!({"file": "chase-then-idle.pgn", "game": 1, "ply": 9, "fen": CHASE_FEN, "ruling": ruling,
            "rules": ["AXF 2008 棋例 §13", "AXF 2008 第一章七(G)3"], "note": note,
            "offending": ["b7b8", "b8b7", "b7b8", "b8b7"]})
    };
    // The arbiter's procedure: red is warned at the chase's third occurrence and changes to an idle cycle, which
    // is warned at its third occurrence and drawn when it is played once more.
    assert_eq!(
        json_lines(&arbiter.stdout),
        [
            chase("red_must_change", "red must change; one more cycle and red loses"),
            idle(
                13,
                "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 13 7",
                "draw_next_cycle",
                "one more cycle and the game is drawn"
            ),
            idle(
                17,
                "3akab2/9/cR7/9/9/9/9/4B4/4A4/4KAB2 b - - 17 9",
                "draw",
                "the cycle was repeated after the warning: the game is drawn"
            )
        ]
    );
    // Immediate: the chase's third occurrence decides, and the game is over.
    let immediate = xiangqi(&["adjudicate", "--json", "--immediate", "chase-then-idle.pgn"]);
    assert_eq!(
        json_lines(&immediate.stdout),
        [chase("red_loses", "immediate procedure: red loses at the third occurrence")]
    );
}

#[test]
fn the_rule_book_is_chosen() {
    let run = xiangqi(&["adjudicate", "--ruleset", "cxa", "perpetual-chase.pgn"]);
    assert_eq!(run.code, 0, "{run:?}");
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("perpetual-chase.pgn: game 1, ply 9: red_must_change CXA 2011 "), "{first}");
    assert!(run.stdout.ends_with("(cxa, arbiter)\n"));
    let bad = xiangqi(&["adjudicate", "--ruleset", "fide", "perpetual-chase.pgn"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("invalid rule book `fide`"), "{}", bad.stderr);
}

#[test]
fn unreadable_games_are_reported_with_the_rulings_of_the_others() {
    let run = xiangqi(&["adjudicate", "-j", "2", "collection", "perpetual-chase.pgn"]);
    assert_eq!(run.code, 1, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "collection/b-bad.pgn: game 2, line 12: ply 4, move `h9g7`: illegal move h9g7: no piece on h9"
    );
    assert_eq!(lines[1], format!("perpetual-chase.pgn: game 1, ply 9: {CHASE}"));
    assert_eq!(
        lines[4],
        "files 5 (0 unreadable), games 7 (1 unreadable), plies 24, ruling points 1: red_must_change 1 (axf, arbiter)"
    );
    assert_eq!(xiangqi(&["adjudicate", "--allow-errors", "collection"]).code, 0);
}

#[test]
fn moves_from_a_fen_as_the_example_does() {
    let moves = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7";
    let mut args = vec!["adjudicate", "--fen", "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1"];
    args.extend(moves.split(' '));
    let run = xiangqi(&args);
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 10);
    assert!(lines[0].starts_with("1 b0b7 red rook: chase"), "{}", lines[0]);
    assert_eq!(lines[9], format!("verdict: {CHASE}"));
    let illegal = xiangqi(&["adjudicate", "--fen", "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w", "b0c1"]);
    assert_eq!(
        (illegal.code, illegal.stderr.as_str()),
        (1, "error: ply 1, move `b0c1`: illegal move b0c1: the piece on b0 cannot move to c1\n")
    );
    // Moves in either coordinate form (ICCS `B0-B7`, UCCI `b0b7`) or any other notation; --immediate decides at
    // the third occurrence.
    let mut args = vec!["adjudicate", "--immediate", "--fen", "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1"];
    args.extend(["B0-B7", "a7a8", "车八进一", "a8a7", "b8b7", "a7a8", "b7b8", "a8a7", "b8b7"]);
    let run = xiangqi(&args);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout.lines().last().unwrap(),
        "verdict: red_loses AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3 (immediate procedure: red loses at the third \
         occurrence)"
    );
}

#[test]
fn moves_without_a_fen_are_played_from_the_start_and_named_by_ply() {
    let run = xiangqi(&["adjudicate", "炮二平五", "H9-G7", "h0g2"]);
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert!(lines[0].starts_with("1 h2e2 red cannon: "), "{}", lines[0]);
    assert!(lines[1].starts_with("2 h9g7 black horse: "), "{}", lines[1]);
    assert_eq!(lines[3], "verdict: continue");
    let twice = xiangqi(&["adjudicate", "h2e2", "h2e2"]);
    assert_eq!(
        (twice.code, twice.stderr.as_str()),
        (1, "error: ply 2, move `h2e2`: illegal move h2e2: no piece on h2\n")
    );
    let dash = xiangqi(&["adjudicate", "--", "C2.5", "-P+1"]);
    assert_eq!(
        (dash.code, dash.stderr.as_str()),
        (1, "error: ply 2, move `-P+1`: no piece of the side to move fits `-P+1`\n")
    );
    let forms = "(moves are read in any notation: iccs H2-E2, ucci h2e2, fairy-uci h3e3, chinese 炮二平五, wxf C2.5, \
                 axf 炮2=5)";
    let control = xiangqi(&["adjudicate", "h2e2", "h9\u{7}g7"]);
    assert_eq!(control.code, 1, "{control:?}");
    assert!(control.stderr.starts_with("error: ply 2, move `h9\\u{7}g7`: syntax error at byte "), "{}", control.stderr);
    assert!(control.stderr.ends_with(&format!("{forms}\n")), "{}", control.stderr);
    // A name that is no move stays a file that cannot be read.
    let missing = xiangqi(&["adjudicate", "nonesuch.pgn"]);
    assert_eq!(missing.code, 1, "{missing:?}");
    assert!(missing.stdout.starts_with("nonesuch.pgn: cannot read: "), "{}", missing.stdout);
}

#[test]
fn the_help_says_moves_are_read_in_either_form() {
    let run = xiangqi(&["adjudicate", "--help"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(run.stdout.contains("UCCI `h2e2`, ICCS `H2-E2`"), "{}", run.stdout);
}

#[test]
fn only_the_main_line_is_ruled_on_not_its_variations() {
    // The perpetual chase is played in a variation only: variations are not played games.
    let dir = crate::scratch("adjudicate-variation");
    let path = dir.join("chase-in-a-variation.pgn");
    std::fs::write(
        &path,
        "[FEN \"3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1\"]\n[Format \"ICCS\"]\n\n\
         1. b0b7 (1. b0b1 a7a8 2. b1b7 a8a7 3. b7b8 a7a8 4. b8b7 a8a7 5. b7b8 a7a8 6. b8b7 a8a7 7. b7b8) 1... a7a8 *\n",
    )
    .unwrap();
    let run = xiangqi(&["adjudicate", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout, "files 1 (0 unreadable), games 1 (0 unreadable), plies 2, ruling points 0 (axf, arbiter)\n");
    // The same moves as the main line are ruled on.
    std::fs::write(
        &path,
        "[FEN \"3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1\"]\n[Format \"ICCS\"]\n\n\
         1. b0b1 a7a8 2. b1b7 a8a7 3. b7b8 a7a8 4. b8b7 a8a7 5. b7b8 a7a8 6. b8b7 a8a7 7. b7b8 *\n",
    )
    .unwrap();
    let run = xiangqi(&["adjudicate", path.to_str().unwrap()]);
    assert!(run.stdout.contains("ruling points 1"), "{run:?}");
    std::fs::remove_dir_all(dir).unwrap();
}
