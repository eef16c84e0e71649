//! The look-ahead kinds (杀, 要抽吃) as every book reads them, on every move: a chase under one book's definition
//! does not stand in for another book's mate threat, and a threat that stood before a move is not the move's, also
//! when the move answers a check. Each position is tried as given, mirrored and with the colours swapped.

use xiangqi_adjudicator::{Game, MoveClass, MoveFlags, RuleBook, Ruling, Verdict};
use xiangqi_board::{Move, Position, Role};

use crate::common::moves;

/// The classification of each of `moves` played from `fen` in a game under `book`, as the book reads them.
pub(crate) fn classes(book: RuleBook, fen: &str, moves: &[Move]) -> Vec<MoveClass> {
    let mut game = Game::new(Position::from_fen(fen).unwrap(), book);
    for &mv in moves {
        game.play(mv).unwrap();
    }
    game.classify_all()
}

/// The verdict under `book` after the cycle played three times and once more (the warning, then the ruling).
pub(crate) fn verdict(book: RuleBook, fen: &str, cycle: &[Move]) -> Verdict {
    let mut game = Game::new(Position::from_fen(fen).unwrap(), book);
    for &mv in cycle.iter().cycle().take(4 * cycle.len()) {
        if game.is_over() {
            break;
        }
        game.play(mv).unwrap();
    }
    game.verdict().clone()
}

/// The position and moves as given, mirrored left to right, and with the colours swapped (the board turned).
pub(crate) fn transforms(fen: &str, line: &str) -> [(String, Vec<Move>); 3] {
    let start = Position::from_fen(fen).unwrap();
    let line = moves(line);
    [
        (start.to_string(), line.clone()),
        (start.flip_files().to_string(), line.iter().map(|m| m.flip_files()).collect()),
        (start.swap_colors().to_string(), line.iter().map(|m| m.rotate()).collect()),
    ]
}

/// PRC 1956 第八章一2: "要杀就是在下一步要将死对方"; its 捉 is 长捉无根子 (第八章一3), narrower than AXF 2008's. The red
/// rook leaves a4 for f4: it threatens 车四进五 mate (the black cannon fills d8, the red king holds the e-file), and
/// by leaving the a-file it uncovers the cannon's attack on the black rook a7, which the horse b9 protects — a
/// chase by AXF 2008 (§10: a cannon may not chase a rook, protected or not), none by 1956. Every book sees the mate
/// threat: the look-ahead does not stop at a chase of another book's definition. The black cannon d8 closes the
/// d-file: on a4 the rook had no mate, not even by continuous checks (CXA 2020 第24条 24.10), so the threat is the
/// move's.
#[test]
fn a_chase_by_one_book_does_not_hide_the_mate_threat_from_another() {
    for (fen, line) in transforms("1n1k5/3c5/rN7/9/9/R8/P8/C8/9/4K4 w - - 0 1", "a4f4") {
        for book in RuleBook::ALL {
            let class = &classes(book, &fen, &line)[0];
            assert!(class.flags.contains(MoveFlags::MATE_THREAT), "{book} {fen}: {class}");
            assert!(class.flags.contains(MoveFlags::CHASE), "{book} {fen}: {class}");
            let rook_chased = |definition| class.new_chases(definition).any(|t| t.target_piece.role == Role::Rook);
            assert!(rook_chased(book.table().chase) != (book == RuleBook::Prc1956), "{book} {fen}: {class}");
        }
    }
}

/// A threat counts for the move that creates it, also when the move answers a check. Red's horse e5 stands in
/// front of the rook e2: a horse move uncovers check and mates (the standing threat of
/// `specific_items::a_standing_threat_is_not_the_moves_threat`). The black rook checks on the first rank and the
/// red king steps up: the king's escape leaves Red's threat as it stood after Red's last move, so it is no mate
/// threat of the king's (before, with the king in check, the threat could not be asked of the position itself).
#[test]
fn a_king_escaping_check_is_not_given_the_standing_threat() {
    for (fen, line) in transforms("4k4/8r/R8/7n1/4N4/9/9/4R4/9/3K5 b - - 0 1", "i8i0 d0d1") {
        for book in RuleBook::ALL {
            let classes = classes(book, &fen, &line);
            assert!(classes[0].is_check(), "{book} {fen}: {}", classes[0]);
            let escape = &classes[1];
            assert!(
                !escape.flags.intersects(MoveFlags::MATE_THREAT | MoveFlags::THREAT_TO_WIN_BY_CHECK),
                "{book} {fen}: {escape}"
            );
        }
    }
}

/// The same for a threat to win by check (要抽吃, AXF 2008 棋例 §8, §33; PRC 1956 第八章一6): Red's horse e5 stands in
/// front of the rook e2, and 马五进三 (or 马五退三) uncovers check and attacks the black cannon h4, which the red
/// pawn g4 keeps off the e-file: the king must step aside and the cannon is lost. The black horse checks from c2 and
/// the red king steps up: the threat stood as Red left it, so the escape is idle, not a threat to win by check.
#[test]
fn a_king_escaping_check_is_not_given_the_standing_threat_to_win_by_check() {
    for (fen, line) in transforms("4k4/9/9/9/4N4/1n4Pc1/9/4R4/9/3K5 b - - 0 1", "b4c2 d0d1") {
        for book in RuleBook::ALL {
            let classes = classes(book, &fen, &line);
            assert!(classes[0].is_check(), "{book} {fen}: {}", classes[0]);
            assert_eq!(classes[1].flags, MoveFlags::IDLE, "{book} {fen}: {}", classes[1]);
        }
    }
}

/// 要抽吃 is winning material *by* a check (PRC 1956 第八章一6 图十九: the rook's check "解炮将军而抽吃黑车" wins a rook
/// that was safe without it; AXF 2008 棋例 §8, §9, §33). The red rook steps from b5 to a5 and attacks the unprotected
/// black cannon a7: a chase. Its check Rd5+ forces the cannon to block on d7, where the rook takes it — but the
/// rook could take it on a7 at once: a piece already won is not won by the check, so the move is a chase and no
/// threat to win by check, under every book. (Where 杀 reaches continuous checks — CXA 2020 第24条 24.10, ROC 2007
/// 術語 殺著 and AXF 2008 as read — Rd5+ Cd7 Rxd7 is also a mate threat, but the same rook had it on b5 already: a
/// threat is the move's only when its carrier did not carry it before, so the move is no mate threat either.)
#[test]
fn a_hanging_piece_forced_to_block_is_not_won_by_the_check() {
    for (fen, line) in transforms("3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1", "b5a5") {
        for book in RuleBook::ALL {
            let class = &classes(book, &fen, &line)[0];
            assert_eq!(class.flags, MoveFlags::CHASE, "{book} {fen}: {class}");
        }
    }
}

/// A threat is known by the piece that carries it (CXA 2020 第24条 图5: 从捉到捉为闲; AXF 2008 棋例 §8): the red rook
/// checks from b9 and the black king steps to d8; on b9 the rook threatens 车进一 (b8, check) and then takes the
/// unprotected horse a8 whatever Black does. It retreats to b0 with the same threat — the same rook against the same
/// horse — so the retreat creates nothing: it is idle, and one check one idle is a draw under every book.
#[test]
fn a_rook_retreating_with_the_threat_it_had_after_its_check_is_idle() {
    for (fen, line) in transforms("3k1a3/n8/9/9/9/9/9/9/9/1R3K3 w - - 0 1", "b0b9 d9d8 b9b0 d8d9") {
        for book in RuleBook::ALL {
            let classes = classes(book, &fen, &line);
            assert!(classes[0].is_check(), "{book} {fen}: {}", classes[0]);
            assert_eq!(classes[2].flags, MoveFlags::IDLE, "{book} {fen}: {}", classes[2]);
            let verdict = verdict(book, &fen, &line);
            let item = match book {
                RuleBook::Axf2008 => "AXF 2008 棋例 §8",
                RuleBook::Roc2007 => "ROC 2007 總綱2",
                RuleBook::Prc1956 => "PRC 1956 一将一闲",
                _ => "CXA 2011 第24条 24.14",
            };
            let rule = verdict.rule().map(|r| r.to_string()).unwrap_or_default();
            assert_eq!((verdict.ruling, rule.as_str()), (Ruling::Draw, item), "{book} {fen}: {verdict}");
        }
    }
}
