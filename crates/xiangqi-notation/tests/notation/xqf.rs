//! The XQF reader on the repository's own fixtures (written by `scripts/fixtures/make_records.py`, which
//! implements the layout and the encryption independently) and on damaged copies of them.

use crate::common;

use common::{check_game1_moves, check_game2_moves, fixture};
use xiangqi_board::{IllegalMove, IllegalMoveReason};
use xiangqi_board::{PositionErrorKinds, Square};
use xiangqi_notation::{xqf, Location, MoveError, MoveProblem, RecordError, RecordErrorKind};

/// The problem of the illegal move `mv`, for `reason`.
fn illegal(mv: &str, reason: IllegalMoveReason) -> MoveProblem {
    MoveProblem::Illegal(IllegalMove { mv: mv.parse().unwrap(), reason })
}

fn expect_error(bytes: &[u8]) -> RecordError {
    xqf::read(bytes).expect_err("the damaged file must be rejected")
}

fn move_error(err: &RecordError) -> &MoveError {
    match &err.kind {
        RecordErrorKind::Move(mv) => mv,
        other => panic!("expected a move error, got {other:?}"),
    }
}

#[test]
fn every_version_reads_the_same_game() {
    let plain = xqf::read(&fixture("xqf/v0a_plain.xqf")).unwrap();
    check_game1_moves(&plain);
    assert_eq!(plain.tags.iter().collect::<Vec<_>>(), common::TAGS1);
    // 0x0B: encrypted, pieces not rotated; 0x0D: encrypted and rotated, other keys.
    for name in ["xqf/v0b_encrypted.xqf", "xqf/v0d_encrypted.xqf"] {
        let game = xqf::read(&fixture(name)).unwrap();
        assert_eq!(game, plain, "{name}");
    }
}

#[test]
fn encrypted_0x12_black_first_endgame() {
    let game = xqf::read(&fixture("xqf/v12_encrypted.xqf")).unwrap();
    check_game2_moves(&game, true);
    assert_eq!(game.start.to_string(), "3akar2/9/9/9/R8/9/9/9/4p4/3K5 b - - 0 1");
    let tags: Vec<_> = game.tags.iter().collect();
    assert_eq!(tags, [("Title", "黑先残局"), ("Author", "作者")]);
}

/// The byte offset of the first real move record of `v0a_plain.xqf` (after the dummy record, its comment
/// length and its comment).
fn first_record(bytes: &[u8]) -> usize {
    let len = i32::from_le_bytes(bytes[0x404..0x408].try_into().unwrap());
    0x408 + usize::try_from(len).unwrap()
}

#[test]
fn truncated_files_name_the_byte() {
    let bytes = fixture("xqf/v0a_plain.xqf");
    let err = expect_error(&bytes[..0x3ff]);
    assert_eq!((err.at, err.kind), (Location::Byte(0x3ff), RecordErrorKind::Truncated("the 1024-byte header")));

    let err = expect_error(&bytes[..0x402]);
    assert_eq!((err.at, err.kind), (Location::Byte(0x400), RecordErrorKind::Truncated("a move record")));

    let err = expect_error(&bytes[..0x406]);
    assert_eq!((err.at, err.kind), (Location::Byte(0x404), RecordErrorKind::Truncated("a comment length")));

    let err = expect_error(&bytes[..0x40a]);
    assert_eq!((err.at, err.kind), (Location::Byte(0x408), RecordErrorKind::Truncated("a comment")));

    // Every prefix fails cleanly (and only the whole file reads).
    for len in 0..bytes.len() {
        assert!(xqf::read(&bytes[..len]).is_err(), "prefix of {len} bytes");
    }
    // The encrypted file too: never a panic, always an error.
    let encrypted = fixture("xqf/v12_encrypted.xqf");
    for len in 0..encrypted.len() {
        assert!(xqf::read(&encrypted[..len]).is_err(), "prefix of {len} bytes");
    }
}

#[test]
fn header_errors() {
    let bytes = fixture("xqf/v0a_plain.xqf");
    let mut no_magic = bytes.clone();
    no_magic[1] = b'X';
    let err = expect_error(&no_magic);
    assert_eq!(err.to_string(), "game 1, byte 0 (0x0): not an XQF record");
    assert_eq!((err.game, err.at, err.kind), (1, Location::Byte(0), RecordErrorKind::NotThisFormat("XQF")));

    let mut version = bytes.clone();
    version[2] = 0x13;
    let err = expect_error(&version);
    assert_eq!((err.at, &err.kind), (Location::Byte(2), &RecordErrorKind::UnsupportedVersion(0x13)));
    assert_eq!(err.to_string(), "game 1, byte 2 (0x2): unsupported XQF version 0x13");

    // Piece 1 (Red's left horse) on piece 0's square (a0).
    let mut taken = bytes.clone();
    taken[0x11] = taken[0x10];
    let err = expect_error(&taken);
    assert_eq!((err.at, err.kind), (Location::Byte(0x10), RecordErrorKind::SquareTaken(Square::A0)));

    // Red's king (piece 4) off the board.
    let mut no_king = bytes.clone();
    no_king[0x14] = 99;
    let err = expect_error(&no_king);
    let RecordErrorKind::StartPosition(position) = err.kind else { panic!("{err}") };
    assert_eq!(position.kinds, PositionErrorKinds::MISSING_KING);
}

#[test]
fn bad_moves_name_the_ply_and_the_byte() {
    let bytes = fixture("xqf/v0a_plain.xqf");
    let first = first_record(&bytes);

    // Ply 1 from e5, where there is no piece (v0a: from = X*10+Y + 0x18).
    let mut empty = bytes.clone();
    empty[first] = 45 + 0x18;
    let err = expect_error(&empty);
    assert_eq!(err.at, Location::Byte(first));
    let mv = move_error(&err);
    assert_eq!(
        (mv.ply, mv.in_variation, mv.text.as_str(), &mv.problem),
        (1, false, "e5e2", &illegal("e5e2", IllegalMoveReason::NoPiece))
    );
    assert_eq!(
        err.to_string(),
        format!("game 1, byte {first} (0x{first:x}): ply 1, move `e5e2`: illegal move e5e2: no piece on e5")
    );

    // A square number past the board.
    let mut off = bytes.clone();
    off[first] = 95 + 0x18;
    let mv = move_error(&expect_error(&off)).clone();
    assert_eq!((mv.ply, mv.text.as_str(), mv.problem), (1, "95-42", MoveProblem::OffBoard));

    // Ply 2 (record after ply 1's record, length and 4-byte comment 中炮) moves Red's horse h0: wrong side.
    let second = first + 4 + 4 + 4;
    let mut wrong_side = bytes.clone();
    wrong_side[second] = 70 + 0x18;
    let err = expect_error(&wrong_side);
    assert_eq!(err.at, Location::Byte(second));
    let mv = move_error(&err);
    assert_eq!(
        (mv.ply, mv.text.as_str(), &mv.problem),
        (2, "h0g7", &illegal("h0g7", IllegalMoveReason::OpponentsPiece))
    );

    // Ply 1 takes the cannon h7 with the cannon h2 and no screen between: illegal.
    let mut no_screen = bytes.clone();
    no_screen[first + 1] = 77 + 0x20;
    let mv = move_error(&expect_error(&no_screen)).clone();
    assert_eq!(
        (mv.ply, mv.text.as_str(), mv.problem),
        (1, "h2h7", illegal("h2h7", IllegalMoveReason::CannotMoveThere))
    );

    // A negative comment length.
    let mut negative = bytes.clone();
    negative[0x404..0x408].copy_from_slice(&(-5i32).to_le_bytes());
    let err = expect_error(&negative);
    assert_eq!((err.at, err.kind), (Location::Byte(0x404), RecordErrorKind::Malformed("negative comment length")));
}

#[test]
fn a_bad_move_in_a_variation_is_reported_after_the_main_line() {
    // The last record of v12 is the variation's e7e8 (ply 5, no comment). Adding 1 to its stored `from` byte
    // adds 1 to the decrypted square number: e7 (47) becomes e8 (48), where no piece stands.
    let mut bytes = fixture("xqf/v12_encrypted.xqf");
    let last = bytes.len() - 4;
    bytes[last] = bytes[last].wrapping_add(1);
    let err = expect_error(&bytes);
    let mv = move_error(&err);
    assert_eq!(
        (mv.ply, mv.in_variation, mv.text.as_str(), &mv.problem),
        (5, true, "e8e8", &illegal("e8e8", IllegalMoveReason::NoPiece))
    );
    assert_eq!(err.at, Location::Byte(last));
}

#[test]
fn never_panics_on_flipped_bytes() {
    for name in ["xqf/v0a_plain.xqf", "xqf/v0b_encrypted.xqf", "xqf/v12_encrypted.xqf"] {
        let bytes = fixture(name);
        for i in 0..bytes.len() {
            for flip in [0x01, 0x80, 0xff] {
                let mut damaged = bytes.clone();
                damaged[i] ^= flip;
                let _ = xqf::read(&damaged);
            }
        }
    }
}
