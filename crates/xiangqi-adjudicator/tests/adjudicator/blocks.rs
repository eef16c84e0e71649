//! 拦 (ROC 2007 術語 攔著; PRC 1956 第六章二1 长拦 "拦阻对方某一个子前进"): a move that interposes on a way an enemy
//! piece had before it. A piece whose move is a chase, or a flight from an attack, that happens to land on such a
//! way does not block: the move is the chase or the flight. Each position is tried as given, mirrored and with the
//! colours swapped, under every book.

use xiangqi_adjudicator::{MoveFlags, RuleBook};

use crate::lookahead::{classes, transforms};

/// The flags of the one move of `line` from `fen` under every book and every transform.
fn flags_everywhere(fen: &str, line: &str) -> Vec<MoveFlags> {
    let mut all = Vec::new();
    for (fen, moves) in transforms(fen, line) {
        for book in RuleBook::ALL {
            all.push(classes(book, &fen, &moves)[0].flags);
        }
    }
    all
}

/// The red rook a0 could go up to a9 and check the black king along the ninth rank. The black horse c6 goes to
/// a5, on that way: alone, that is a block; with an unprotected red cannon on c4, which the horse attacks from a5,
/// the move is a chase and not a block.
#[test]
fn a_chase_that_lands_on_the_way_is_no_block() {
    for flags in flags_everywhere("4k4/9/9/2n6/9/9/9/9/9/R2K5 b - - 0 1", "c6a5") {
        assert!(flags.contains(MoveFlags::BLOCK), "{flags:?}");
    }
    for flags in flags_everywhere("4k4/9/9/2n6/9/2C6/9/9/9/R2K5 b - - 0 1", "c6a5") {
        assert!(flags.contains(MoveFlags::CHASE) && !flags.contains(MoveFlags::BLOCK), "{flags:?}");
    }
}

/// The red horse c5 could go to d7 (its leg c6) and check the black king e9 from there. The black cannon c8 goes
/// down to c6, on the horse's leg: alone, that is a block; with the red rook i8 attacking the cannon on c8 (and
/// nothing attacking c6), the move is a flight and not a block.
#[test]
fn a_flight_that_lands_on_the_way_is_no_block() {
    for flags in flags_everywhere("4k4/2c6/9/9/2N6/9/9/9/9/3K5 b - - 0 1", "c8c6") {
        assert!(flags.contains(MoveFlags::BLOCK), "{flags:?}");
    }
    for flags in flags_everywhere("4k4/2c5R/9/9/2N6/9/9/9/9/3K5 b - - 0 1", "c8c6") {
        assert!(!flags.contains(MoveFlags::BLOCK), "{flags:?}");
    }
}
