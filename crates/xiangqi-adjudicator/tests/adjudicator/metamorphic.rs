//! Metamorphic properties, under every rule set: mirroring the board left to right leaves a ruling unchanged;
//! swapping the colours (turning the board half around and exchanging the sides) swaps the losing side.

use proptest::prelude::*;
use xiangqi_adjudicator::{adjudicate, Procedure, RuleBook, Ruling, Verdict};
use xiangqi_board::{Move, Position};

fn rule(rules: RuleBook, start: &Position, moves: &[Move]) -> Verdict {
    adjudicate(start.clone(), rules, Procedure::Arbiter, moves).expect("legal moves").verdict
}

/// Checks the invariance under every rule set; returns the AXF 2008 ruling.
fn check_invariance(start: &Position, moves: &[Move]) -> Ruling {
    let mut axf = Ruling::Continue;
    for rules in RuleBook::ALL {
        let plain = rule(rules, start, moves);
        let mirrored: Vec<Move> = moves.iter().map(|m| m.flip_files()).collect();
        let mirror = rule(rules, &start.flip_files(), &mirrored);
        assert_eq!(mirror.ruling, plain.ruling, "{rules} mirror: {plain} vs {mirror}");
        assert_eq!(mirror.rules, plain.rules, "{rules} mirror cites the same items");
        let rotated: Vec<Move> = moves.iter().map(|m| m.rotate()).collect();
        let swapped = rule(rules, &start.swap_colors(), &rotated);
        assert_eq!(swapped.ruling, plain.ruling.swap_colors(), "{rules} colour swap: {plain} vs {swapped}");
        // A draw cites Red's item before Black's, so the swap may reorder the items but not change them.
        let sorted = |v: &Verdict| {
            let mut items: Vec<String> = v.rules.iter().map(ToString::to_string).collect();
            items.sort();
            items
        };
        assert_eq!(sorted(&swapped), sorted(&plain), "{rules} colour swap cites the same items");
        if rules == RuleBook::Axf2008 {
            axf = plain.ruling;
        }
    }
    axf
}

/// The start position and its cycle played three times: the warning at the third occurrence, the final ruling
/// at the fourth.
fn cycle_three_times(fen: &str, cycle: &str) -> (Position, Vec<Move>) {
    let cycle: Vec<Move> = cycle.split_whitespace().map(|m| m.parse().unwrap()).collect();
    (Position::from_fen(fen).unwrap(), cycle.iter().cycle().take(3 * cycle.len()).copied().collect())
}

/// A table of rulings of every kind: a loss for each side, draws, checks and chases.
#[test]
fn table_of_rulings_is_invariant() {
    let table = [
        ("9/n3k4/9/9/c6R1/9/9/9/9/3K5 b - - 0 1", "a5a4 h5h4 a4a5 h4h5", Ruling::Loses(xiangqi_board::Color::Red)),
        (
            "9/1P1k5/9/9/5N3/C8/9/1c2K2R1/9/9 w - - 0 1",
            "h2h5 b2b5 h5h2 b5b2",
            Ruling::Loses(xiangqi_board::Color::Black),
        ),
        ("4c4/3k5/9/9/3r5/9/9/4C4/9/3RK4 w - - 0 1", "e2d2 d5e5 d2e2 e5d5", Ruling::Draw),
        ("5c3/4k4/9/9/5P3/5r3/9/5N3/9/4CK3 w - - 0 1", "f5e5 f4e4 e5f5 e4f4", Ruling::Loses(xiangqi_board::Color::Red)),
        ("3k1a3/1Nr4RC/9/9/9/9/9/9/9/5K3 b - - 0 1", "f9e8 h8h7 e8f9 h7h8", Ruling::Loses(xiangqi_board::Color::Red)),
        ("5k3/9/9/2n6/9/1R7/9/9/9/3K5 w - - 0 1", "b4c4 c6a5 c4c5 a5b3 c5b5 b3d4 b5b4 d4c6", Ruling::Draw),
        ("5k3/3c5/5a3/3P5/9/9/9/9/9/3RRK3 w - - 0 1", "d6e6 d8e8 e6d6 e8d8", Ruling::Loses(xiangqi_board::Color::Red)),
    ];
    for (fen, cycle, expected) in table {
        let (start, moves) = cycle_three_times(fen, cycle);
        assert_eq!(check_invariance(&start, &moves), expected, "{fen}");
    }
}

/// Random legal games with forced 4-ply repetitions (a move and a reply, then both taken back, twice).
fn random_game(seed: &[u8]) -> (Position, Vec<Move>) {
    let start = Position::new();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut bytes = seed.iter().copied();
    while let Some(byte) = bytes.next() {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[byte as usize % legal.len()];
        if byte % 3 == 0 {
            let Some(reply_byte) = bytes.next() else { break };
            let p1 = pos.play(mv).unwrap();
            let replies = p1.legal_moves();
            if replies.is_empty() {
                break;
            }
            let reply = replies[reply_byte as usize % replies.len()];
            let cycle = [mv, reply, Move::new(mv.to, mv.from), Move::new(reply.to, reply.from)];
            let mut trial = pos.clone();
            let reversible = pos.captured(mv).is_none()
                && p1.captured(reply).is_none()
                && cycle.iter().all(|&m| trial.play(m).map(|next| trial = next).is_ok());
            if reversible {
                moves.extend_from_slice(&cycle);
                moves.extend_from_slice(&cycle);
                continue;
            }
        }
        pos = pos.play(mv).unwrap();
        moves.push(mv);
    }
    (start, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_games_are_invariant(seed in proptest::collection::vec(any::<u8>(), 1..40)) {
        let (start, moves) = random_game(&seed);
        check_invariance(&start, &moves);
    }
}
