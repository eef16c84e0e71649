//! The repository's own fixtures for the move notations: positions written for this crate, with the texts each
//! rule gives, worked out by hand from the rules (xqbase 规范(二) §四; WXF rules I–IV; AXF 2008 第二章第三节) and
//! checked against pyffish (WXF) and cchess (plain Chinese moves). They stand without the shared test data.

use xiangqi_board::{Color, IllegalMove, IllegalMoveReason, Move, Piece, Position, Role, Square};
use xiangqi_notation::{
    format::{parse_any, parse_move, write_move},
    AxfStyle, BlackDigits, MoveFormat, MoveTextError, Refusal, Script, TriedPiece, WriteOptions, WxfDialect,
};

/// One move of a fixture: ICCS, then Chinese (xqbase), official WXF, XQWizard WXF, Fairy-Stockfish WXF.
type Row = (&'static str, &'static str, &'static str, &'static str, &'static str);

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Checks every column of `rows` in both directions.
fn check(fen: &str, rows: &[Row]) {
    let pos = pos(fen);
    let default = WriteOptions::default();
    for &(iccs, chinese, official, xqwizard, fairy) in rows {
        let mv = mv(iccs);
        let columns = [
            (MoveFormat::Chinese, default, chinese),
            (MoveFormat::Wxf, default, official),
            (MoveFormat::Wxf, default.with_wxf(WxfDialect::XqWizard), xqwizard),
            (MoveFormat::Wxf, default.with_wxf(WxfDialect::FairyStockfish), fairy),
        ];
        for (format, options, text) in columns {
            assert_eq!(write_move(format, &pos, mv, &options).as_deref(), Ok(text), "{fen} {iccs} {format}");
            assert_eq!(parse_move(format, text, &pos), Ok(mv), "{fen} {text}");
            assert_eq!(parse_any(text, &pos), Ok(mv), "{fen} {text} (parse_any)");
        }
    }
}

/// Reads each text in `pos` and expects `iccs`.
fn reads(fen: &str, texts: &[(&str, &str)]) {
    let pos = pos(fen);
    for &(text, iccs) in texts {
        assert_eq!(parse_any(text, &pos).map(|mv| mv.to_string()), Ok(iccs.to_string()), "{fen} {text}");
    }
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

#[test]
fn plain_moves_count_files_from_each_sides_right() {
    check(
        START,
        &[
            ("h2e2", "炮二平五", "C2.5", "C2.5", "C2=5"),
            ("b0c2", "马八进七", "H8+7", "N8+7", "H8+7"),
            ("g0e2", "相三进五", "E3+5", "B3+5", "E3+5"),
            ("d0e1", "仕六进五", "A6+5", "A6+5", "A6+5"),
            ("i0i2", "车一进二", "R1+2", "R1+2", "R1+2"),
            ("a3a4", "兵九进一", "P9+1", "P9+1", "P9+1"),
            ("h2h9", "炮二进七", "C2+7", "C2+7", "C2+7"),
        ],
    );
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
    check(
        black,
        &[
            ("b7e7", "炮2平5", "C2.5", "C2.5", "C2=5"),
            ("h9g7", "马8进7", "H8+7", "N8+7", "H8+7"),
            ("c9e7", "象3进5", "E3+5", "B3+5", "E3+5"),
            ("f9e8", "士6进5", "A6+5", "A6+5", "A6+5"),
            ("i6i5", "卒9进1", "P9+1", "P9+1", "P9+1"),
            ("a9a7", "车1进2", "R1+2", "R1+2", "R1+2"),
            ("e9e8", "将5进1", "K5+1", "K5+1", "K5+1"),
        ],
    );
}

#[test]
fn a_pair_on_a_file_is_front_and_rear() {
    // Red cannons e7 and e1 (file 五).
    let cannons = "5k3/9/4C4/9/9/9/9/9/4C4/3K5 w";
    check(
        cannons,
        &[
            ("e7e9", "前炮进二", "C++2", "C++2", "C++2"),
            ("e7a7", "前炮平九", "C+.9", "C+.9", "C+=9"),
            // The rear cannon's five steps would take the front one off the board: pyffish writes the file.
            ("e1e6", "后炮进五", "C-+5", "C-+5", "C5+5"),
            ("e7e2", "前炮退五", "C+-5", "C+-5", "C5-5"),
            ("e1e2", "后炮进一", "C-+1", "C-+1", "C-+1"),
            ("e1i1", "后炮平一", "C-.1", "C-.1", "C-=1"),
            ("d0e0", "帅六平五", "K6.5", "K6.5", "K6=5"),
        ],
    );
    // Black horses c7 and c5, rooks g5 and g2 (Black's files 3 and 7): Black's front is the lower rank.
    let black = "3k5/9/2n6/9/2n3r2/9/9/6r2/9/4K4 b";
    check(
        black,
        &[
            ("c5b3", "前马进2", "H++2", "N++2", "H++2"),
            ("c5e4", "前马进5", "H++5", "N++5", "H++5"),
            ("c7a8", "后马退1", "H--1", "N--1", "H--1"),
            ("c7e8", "后马退5", "H--5", "N--5", "H--5"),
            ("g2g0", "前车进2", "R++2", "R++2", "R++2"),
            ("g2e2", "前车平5", "R+.5", "R+.5", "R+=5"),
            ("g5g3", "后车进2", "R-+2", "R-+2", "R-+2"),
            ("g5g9", "后车退4", "R--4", "R--4", "R--4"),
            ("d9d8", "将4进1", "K4+1", "K4+1", "K4+1"),
        ],
    );
}

#[test]
fn advisors_and_elephants_sharing_a_file_keep_their_file() {
    // Red advisors d2 d0 (file 六), elephants g4 g0 (file 三): 能退的一定在前，能进的一定在后.
    check(
        "3k5/9/9/9/9/6B2/9/3A5/9/3AK1B2 w",
        &[
            ("d2e1", "仕六退五", "A6-5", "A6-5", "A6-5"),
            ("d0e1", "仕六进五", "A6+5", "A6+5", "A6+5"),
            ("g4e2", "相三退五", "E3-5", "B3-5", "E3-5"),
            ("g4i2", "相三退一", "E3-1", "B3-1", "E3-1"),
            ("g0e2", "相三进五", "E3+5", "B3+5", "E3+5"),
            ("g0i2", "相三进一", "E3+1", "B3+1", "E3+1"),
            ("e0e1", "帅五进一", "K5+1", "K5+1", "K5+1"),
        ],
    );
}

#[test]
fn three_pawns_on_a_file_are_front_middle_rear() {
    // Red pawns c7 c6 c5 (file 七) and a lone pawn g6 (file 三). WXF rule I: the middle pawn by its file.
    check(
        "5k3/9/2P6/2P3P2/2P6/9/9/9/9/4K4 w",
        &[
            ("c7c8", "前兵进一", "P++1", "P++1", "17+1"),
            ("c7b7", "前兵平八", "P+.8", "P+.8", "17=8"),
            ("c6b6", "中兵平八", "P7.8", "P..8", "27=8"),
            ("c6d6", "中兵平六", "P7.6", "P..6", "27=6"),
            ("c5d5", "后兵平六", "P-.6", "P-.6", "37=6"),
            ("g6g7", "兵三进一", "P3+1", "P3+1", "P3+1"),
            ("g6f6", "兵三平四", "P3.4", "P3.4", "P3=4"),
        ],
    );
}

#[test]
fn four_pawns_on_a_file_are_numbered() {
    // Black pawns e1 e2 e3 e4 on Black's file 5; e1 is the front one. WXF rule II: ++ P+ P- --.
    check(
        "3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b",
        &[
            ("e1e0", "一卒进1", "+++1", "Pa+1", "15+1"),
            ("e1d1", "一卒平4", "++.4", "Pa.4", "15=4"),
            ("e2d2", "二卒平4", "P+.4", "Pb.4", "25=4"),
            ("e3f3", "三卒平6", "P-.6", "Pc.6", "35=6"),
            ("e4d4", "四卒平4", "--.4", "Pd.4", "45=4"),
        ],
    );
}

#[test]
fn five_pawns_on_a_file_are_numbered() {
    // Black pawns c0…c4 on Black's file 3. WXF rule III: ++ P+ P3 P- --.
    check(
        "3k5/9/9/9/9/2p6/2p6/2p6/2p6/2p2K3 b",
        &[
            ("c0b0", "一卒平2", "++.2", "Pa.2", "13=2"),
            ("c1d1", "二卒平4", "P+.4", "Pb.4", "23=4"),
            ("c2b2", "三卒平2", "P3.2", "Pc.2", "33=2"),
            ("c3d3", "四卒平4", "P-.4", "Pd.4", "43=4"),
            ("c4b4", "五卒平2", "--.2", "Pe.2", "53=2"),
        ],
    );
}

#[test]
fn two_tandem_files_are_numbered_in_one_list() {
    // Red pawns g7 g6 (file 三) and c8 c7 c6 (file 七): files from Red's right, front to back. WXF rule IV.
    let fen = "3k5/2P6/2P3P2/2P3P2/9/9/9/9/9/4K4 w";
    check(
        fen,
        &[
            ("g7g8", "一兵进一", "3++1", "Pa+1", "13+1"),
            ("g6f6", "二兵平四", "3-.4", "Pb.4", "23=4"),
            ("c8c9", "三兵进一", "7++1", "Pc+1", "17+1"),
            ("c7d7", "四兵平六", "77.6", "Pd.6", "27=6"),
            ("c6b6", "五兵平八", "7-.8", "Pe.8", "37=8"),
        ],
    );
    // The five-character, 东萍 and position-word forms count on the file they name.
    reads(
        fen,
        &[
            ("中兵七平六", "c7d7"),
            ("中七平六", "c7d7"),
            ("后兵三平四", "g6f6"),
            ("后三平四", "g6f6"),
            ("前兵七进一", "c8c9"),
            ("二七平六", "c7d7"),
            ("二兵平四", "g6f6"),
        ],
    );
    // 前兵 without a file fits the front pawn of both files.
    let err = parse_move(MoveFormat::Chinese, "前兵进一", &pos(fen)).unwrap_err();
    assert_eq!(err, MoveTextError::Ambiguous { text: "前兵进一".into(), candidates: vec![mv("g7g8"), mv("c8c9")] });
}

#[test]
fn a_leading_digit_pair_is_read_by_its_operator() {
    // Red pawns g8 g7 g5 (file 三, three) and c7 c6 (file 七).
    let fen = "3k5/6P2/2P3P2/2P6/6P2/9/9/9/9/4K4 w";
    check(
        fen,
        &[
            ("g8g9", "一兵进一", "3++1", "Pa+1", "13+1"),
            ("g7f7", "二兵平四", "33.4", "Pb.4", "23=4"),
            ("c7d7", "四兵平六", "7+.6", "Pd.6", "17=6"),
        ],
    );
    let position = pos(fen);
    let read = |text: &str| parse_move(MoveFormat::Wxf, text, &position);
    let write =
        |dialect| write_move(MoveFormat::Wxf, &position, mv("g5g6"), &WriteOptions::default().with_wxf(dialect));
    assert_eq!(write(WxfDialect::Official).as_deref(), Ok("3-+1"));
    assert_eq!(write(WxfDialect::XqWizard).as_deref(), Ok("Pc+1"));
    assert_eq!(write(WxfDialect::FairyStockfish).as_deref(), Ok("33+1"));
    assert_eq!(read("3-+1"), Ok(mv("g5g6")));
    assert_eq!(read("Pc+1"), Ok(mv("g5g6")));
    // `.`: the official file digit and the middle pawn. `=`: Fairy-Stockfish's third pawn on file 3.
    assert_eq!(read("33.4"), Ok(mv("g7f7")));
    assert_eq!(read("33=4"), Ok(mv("g5f5")));
    assert_eq!(read("23=4"), Ok(mv("g7f7")));
    // `+`: here two files hold tandem pawns and file 3 holds three, so `33+1` is the official middle pawn, which
    // is blocked — never Fairy-Stockfish's rear pawn g5g6 (see the `wxf` module).
    let Err(MoveTextError::NoLegalMove { tried, .. }) = read("33+1") else { panic!("33+1 is blocked") };
    assert_eq!(tried.iter().map(TriedPiece::mv).collect::<Vec<_>>(), [Some(mv("g7g8"))]);
    assert_eq!(tried[0].refusal, Refusal::Illegal { to: Square::G8, reason: IllegalMoveReason::CannotMoveThere });
    // `25.6` mixes the two readings and is refused.
    assert!(matches!(read("25.6"), Err(MoveTextError::Syntax(err)) if err.offset == 1));
    // Without a second tandem file, `33+1` can only be Fairy-Stockfish's.
    let one_file = pos("3k5/6P2/6P2/9/6P2/9/9/9/9/4K4 w");
    assert_eq!(parse_move(MoveFormat::Wxf, "33+1", &one_file), Ok(mv("g5g6")));
}

#[test]
fn traditional_characters_and_full_width_digits() {
    let black = pos("3k5/9/2n6/9/2n3r2/9/9/6r2/9/4K4 b");
    let options = WriteOptions::default().with_script(Script::Traditional).with_black_digits(BlackDigits::FullWidth);
    let write = |iccs: &str| write_move(MoveFormat::Chinese, &black, mv(iccs), &options).unwrap();
    assert_eq!(
        [write("c5b3"), write("g5g9"), write("d9d8"), write("g2e2")],
        ["前馬進２", "後車退４", "將４進１", "前車平５"]
    );
    let red = pos("5k3/9/4C4/9/9/9/9/9/4C4/3K5 w");
    let write = |iccs: &str| write_move(MoveFormat::Chinese, &red, mv(iccs), &options).unwrap();
    assert_eq!([write("e1e6"), write("d0d1")], ["後炮進五", "帥六進一"]);
}

#[test]
fn every_character_variant_is_read() {
    reads(
        START,
        &[
            ("俥一進二", "i0i2"),
            ("硨一进二", "i0i2"),
            ("車一上二", "i0i2"),
            ("傌八進七", "b0c2"),
            ("㐷八进七", "b0c2"),
            ("砲二平五", "h2e2"),
            ("包二平五", "h2e2"),
            ("帥五進一", "e0e1"),
            ("兵九进壹", "a3a4"),
            ("炮贰平伍", "h2e2"),
            ("炮２平５", "h2e2"),
            ("马2进3", "h0g2"),
            ("士4进5", "f0e1"),
            ("象3进5", "g0e2"),
        ],
    );
    reads(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
        &[("將5上1", "e9e8"), ("炮8平5", "h7e7"), ("砲八平五", "h7e7"), ("馬８進７", "h9g7")],
    );
    reads("5k3/9/4C4/9/9/9/9/9/4C4/3K5 w", &[("炮前平九", "e7a7"), ("炮后进五", "e1e6"), ("炮後下一", "e1e0")]);
    reads("3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b", &[("前卒平4", "e1d1"), ("后卒平4", "e4d4"), ("四卒平４", "e4d4")]);
}

#[test]
fn the_axf_shorthand_is_resolved_by_the_board() {
    reads(START, &[("炮2 5", "h2e2"), ("马8 7", "b0c2"), ("车1 2", "i0i2"), ("炮二五", "h2e2"), ("C25", "h2e2")]);
    reads("5k3/9/4C4/9/9/9/9/9/4C4/3K5 w", &[("前炮5 9", "e7a7"), ("炮后 5", "e1e6"), ("后炮5 9", "e1a1")]);
    // The rook on a3 can go to file 五 or five steps forward: the text is ambiguous.
    let err = parse_any("车9 5", &pos("4k4/9/9/9/9/9/R8/9/9/3K5 w")).unwrap_err();
    let MoveTextError::Ambiguous { mut candidates, .. } = err else { panic!("{err}") };
    candidates.sort();
    assert_eq!(candidates, [mv("a3e3"), mv("a3a8")]);
}

#[test]
fn axf_international_notation() {
    let pos = pos(START);
    let write = |iccs: &str, style: AxfStyle| {
        write_move(MoveFormat::Axf, &pos, mv(iccs), &WriteOptions::default().with_axf(style)).unwrap()
    };
    assert_eq!(write("h0g2", AxfStyle::Equals), "马2+3");
    assert_eq!(write("h2e2", AxfStyle::Equals), "炮2=5");
    assert_eq!(write("h2e2", AxfStyle::Dot), "炮2·5");
    assert_eq!(write("h2e2", AxfStyle::Letters), "C2=5");
    assert_eq!(write("i0i2", AxfStyle::Equals), "车1+2");
    reads(START, &[("车1+2", "i0i2"), ("马2+3", "h0g2"), ("炮2=5", "h2e2"), ("炮2·5", "h2e2"), ("帅5+1", "e0e1")]);
    let tandem = self::pos("5k3/9/4C4/9/9/9/9/9/4C4/3K5 w");
    let write = |iccs: &str| write_move(MoveFormat::Axf, &tandem, mv(iccs), &WriteOptions::default()).unwrap();
    assert_eq!([write("e7a7"), write("e1e6")], ["炮+=9", "炮-+5"]);
}

#[test]
fn wxf_dialects_are_read() {
    reads(
        START,
        &[
            ("C2=5", "h2e2"),
            ("Ｃ２＝５", "h2e2"),
            ("N8+7", "b0c2"),
            ("B3+5", "g0e2"),
            ("c2.5", "h2e2"),
            ("C2 5", "h2e2"),
            ("炮2·5", "h2e2"),
        ],
    );
    reads(
        "5k3/9/2P6/2P3P2/2P6/9/9/9/9/4K4 w",
        &[
            ("+P+1", "c7c8"),
            ("＋Ｐ＋１", "c7c8"),
            ("-P.6", "c5d5"),
            ("P..8", "c6b6"),
            ("P7.8", "c6b6"),
            ("27=8", "c6b6"),
            ("Pb.8", "c6b6"),
        ],
    );
}

#[test]
fn texts_that_fit_no_move_say_why() {
    let start = pos(START);
    let read = |format, text: &str| parse_move(format, text, &start).unwrap_err();
    assert_eq!(read(MoveFormat::Chinese, "车五进一"), MoveTextError::NoSuchPiece { text: "车五进一".into() });
    let rook = TriedPiece {
        piece: Piece::new(Color::Red, Role::Rook),
        from: Square::I0,
        refusal: Refusal::Illegal { to: Square::I5, reason: IllegalMoveReason::CannotMoveThere },
    };
    assert_eq!(
        read(MoveFormat::Chinese, "车一进五"),
        MoveTextError::NoLegalMove { text: "车一进五".into(), tried: vec![rook] }
    );
    assert_eq!(read(MoveFormat::Wxf, "R++1"), MoveTextError::NoSuchPiece { text: "R++1".into() });
    let cannot =
        |text| MoveTextError::Illegal(IllegalMove { mv: mv(text), reason: IllegalMoveReason::CannotMoveThere });
    assert_eq!(read(MoveFormat::Ucci, "h2h8"), cannot("h2h8"));
    assert_eq!(read(MoveFormat::Wxf, "H2.3").to_string(), "no legal move fits `H2.3`: no square fits the horse on h0");
    let err = write_move(MoveFormat::Chinese, &start, mv("h2h8"), &WriteOptions::default()).unwrap_err();
    assert_eq!(err, cannot("h2h8"));
    assert_eq!(
        write_move(MoveFormat::Wxf, &start, mv("a9a8"), &WriteOptions::default()),
        Err(MoveTextError::Illegal(IllegalMove { mv: mv("a9a8"), reason: IllegalMoveReason::OpponentsPiece }))
    );
}

#[test]
fn a_text_that_fits_no_move_says_why_each_piece_named_cannot() {
    // Two red horses on file 二 (h4 and h0), each blocked by a piece of its own side on its file 三 square.
    let two_horses = pos("3k5/9/9/6P2/9/7N1/9/6R2/9/4K2N1 w");
    let err = parse_move(MoveFormat::Chinese, "马二进三", &two_horses).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no legal move fits `马二进三`: the horse on h4 cannot move to g6; the horse on h0 cannot move to g2"
    );
    // A horse pinned to its king by the rook on e9: the board's reason is named.
    let pinned = pos("3kr4/9/9/9/9/9/9/4N4/9/4K4 w");
    let err = parse_move(MoveFormat::Wxf, "H5+6", &pinned).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no legal move fits `H5+6`: the horse on e2 cannot move to d4 \
         (the move leaves the own king in check or facing the other king)"
    );
    // The AXF shorthand `车1 5` may mean five steps forward (blocked by the pawn on i3), five back (off the
    // board) or sideways to file 5 (the king's square): each square the text could mean is named.
    let Err(MoveTextError::NoLegalMove { tried, .. }) = parse_move(MoveFormat::Wxf, "车1 5", &pos(START)) else {
        panic!("the rook on i0 has no such move")
    };
    assert_eq!(tried.iter().map(TriedPiece::mv).collect::<Vec<_>>(), [Some(mv("i0i5")), Some(mv("i0e0"))]);
    // A piece the text gives no square at all.
    let Err(MoveTextError::NoLegalMove { tried, .. }) = parse_move(MoveFormat::Chinese, "马二平三", &pos(START))
    else {
        panic!("a horse does not move sideways")
    };
    let horse = Piece::new(Color::Red, Role::Horse);
    assert_eq!(tried, [TriedPiece { piece: horse, from: Square::H0, refusal: Refusal::NoSquare }]);
}
