//! Move application: the input picks a start position and then moves by index into the legal list. After every
//! move the mover's king is safe, the incremental Zobrist key equals a recomputation, `is_legal` agrees with the
//! legal list, and `play` of a random non-listed move is rejected without changing anything.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::{compute_key, Move, Position, Square};

const STARTS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3akab2/9/4b4/2P1P1P2/2P3P2/2p3p2/2p1p1p2/4B4/9/2BAKA3 w - - 0 1",
    "2bakab2/9/4c4/9/4R4/4r4/9/4C4/9/2BAKAB2 w - - 0 1",
    "4ka3/4a4/2N3n2/9/9/9/9/2n3N2/4A4/4KA3 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let mut pos = Position::from_fen(STARTS[first as usize % STARTS.len()]).expect("legal start");
    for pair in rest.chunks(2) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        // The second byte of a pair, if any, names an arbitrary move that must be judged consistently.
        if let [_, probe] = *pair {
            let from = Square::new(usize::from(probe) % 90).expect("in range");
            let to = Square::new((usize::from(probe) * 7 + 13) % 90).expect("in range");
            let probe = Move::new(from, to);
            let listed = moves.contains(&probe);
            assert_eq!(pos.is_legal(probe), listed);
            let before = pos.clone();
            assert_eq!(pos.play(probe).is_ok(), listed);
            assert_eq!(pos.to_string(), before.to_string());
        }
        let mv = moves[pair[0] as usize % moves.len()];
        pos = pos.play(mv).expect("listed moves are legal");
        let mover = pos.turn().other();
        let board = pos.board();
        let king = board.king_of(mover).expect("one king each");
        assert!(board.attackers_to(king, pos.turn(), board.occupied()).is_empty(), "{pos}");
        assert_eq!(pos.key(), compute_key(board, pos.turn()));
    }
});
