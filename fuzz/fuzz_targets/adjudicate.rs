//! Random legal games with forced repetitions: adjudication under every rule set never panics, and the ruling is
//! the same on the mirrored board and swapped (with the colours) on the colour-swapped board.
//!
//! Input bytes pick a start position, then moves by index into the legal moves; a byte ≥ 0xE0 forces a
//! repetition: the next two bytes pick a move and a reply, and if both can be taken back, the 4-ply cycle
//! (move, reply, back, back) is played twice.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_adjudicator::{adjudicate, Procedure, RuleBook};
use xiangqi_board::{Move, Position};

const STARTS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1",
    "2bak4/4a4/4b4/9/2n1c4/9/4R4/4B4/4A4/3AK1B2 w - - 0 1",
    "4k4/9/4b4/9/2r6/6N2/9/4B4/4A4/3AK1C2 b - - 0 1",
];

fn pick(pos: &Position, byte: u8) -> Option<Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| moves[byte as usize % moves.len()])
}

fn build(data: &[u8]) -> (Position, Vec<Move>) {
    let start =
        Position::from_fen(STARTS[data.first().copied().unwrap_or(0) as usize % STARTS.len()]).expect("valid start");
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut bytes = data.iter().skip(1).copied();
    while let Some(byte) = bytes.next() {
        if moves.len() > 160 {
            break;
        }
        if byte >= 0xE0 {
            let (Some(a), Some(b)) = (bytes.next(), bytes.next()) else { break };
            let Some(first) = pick(&pos, a) else { break };
            let Ok(p1) = pos.play(first) else { break };
            let Some(reply) = pick(&p1, b) else { continue };
            let Ok(p2) = p1.play(reply) else { continue };
            let back = Move::new(first.to, first.from);
            let reply_back = Move::new(reply.to, reply.from);
            let cycle = [first, reply, back, reply_back];
            let mut trial = pos.clone();
            let ok = cycle.iter().all(|&mv| match trial.play(mv) {
                Ok(next) => {
                    trial = next;
                    true
                }
                Err(_) => false,
            });
            let _ = p2;
            if ok && pos.captured(first).is_none() && p1.captured(reply).is_none() {
                for _ in 0..2 {
                    moves.extend_from_slice(&cycle);
                }
            }
            continue;
        }
        let Some(mv) = pick(&pos, byte) else { break };
        pos = pos.play(mv).expect("picked from the legal moves");
        moves.push(mv);
    }
    (start, moves)
}

fuzz_target!(|data: &[u8]| {
    let (start, moves) = build(data);
    for rules in RuleBook::ALL {
        let verdict = adjudicate(start.clone(), rules, Procedure::Arbiter, &moves)
            .map(|r| r.verdict)
            .expect("the moves are legal");
        let _ = verdict.to_string();
        let mirrored: Vec<Move> = moves.iter().map(|m| m.flip_files()).collect();
        let mirror = adjudicate(start.flip_files(), rules, Procedure::Arbiter, &mirrored)
            .map(|r| r.verdict)
            .expect("mirrored moves are legal");
        assert_eq!(mirror.ruling, verdict.ruling, "{rules} mirror changed the ruling: {verdict} vs {mirror}");
        let rotated: Vec<Move> = moves.iter().map(|m| m.rotate()).collect();
        let swapped = adjudicate(start.swap_colors(), rules, Procedure::Arbiter, &rotated)
            .map(|r| r.verdict)
            .expect("swapped moves are legal");
        assert_eq!(swapped.ruling, verdict.ruling.swap_colors(), "{rules} colour swap: {verdict} vs {swapped}");
    }
});
