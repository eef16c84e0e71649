//! A game in progress: the input picks a start position, a rule book and a procedure, then plays, takes back and
//! plays again (moves by index into the legal list, or back to where a piece came from, so that positions
//! repeat). Whatever the input: a refused move changes nothing; under the forbid procedure a move is refused as
//! forbidden exactly when `forbidden_moves` lists it; `undo` restores the status the game had at that ply and
//! `redo` the one it had after the move; the status agrees with the position; and the game replayed from the
//! start has the same status.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_adjudicator::{Game, GameError, GameStatus, Procedure, RuleBook};
use xiangqi_board::{Move, Position};

const STARTS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
    "4k4/9/9/9/r8/9/9/9/R8/3K5 w - - 96 60",
];

fn check_status(game: &Game, status: &GameStatus) {
    let pos = game.position();
    assert_eq!(status.legal_moves, pos.legal_moves().len());
    assert_eq!(status.in_check, pos.is_check());
    assert_eq!(status.outcome, pos.outcome());
    assert_eq!(status.over, game.verdict().ruling.is_final());
    assert_eq!(status.ruling, game.verdict().ruling);
    assert_eq!(status.ply, game.moves().len());
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, ops)) = data.split_first() else { return };
    let start = Position::from_fen(STARTS[usize::from(first) % STARTS.len()]).expect("legal start");
    let book = RuleBook::ALL[usize::from(first / 4) % RuleBook::ALL.len()];
    let procedure = Procedure::ALL[usize::from(first / 16) % Procedure::ALL.len()];
    let mut game = Game::new(start, book).with_procedure(procedure);
    // The status at each ply, and the statuses of the moves taken back.
    let mut statuses = vec![game.status()];
    let mut taken_back: Vec<GameStatus> = Vec::new();
    for pair in ops.chunks(2) {
        let (op, arg) = (pair[0], pair.get(1).copied().unwrap_or(0));
        match op % 8 {
            5 => {
                let undone = game.undo();
                assert_eq!(undone.is_some(), statuses.len() > 1);
                if undone.is_some() {
                    taken_back.push(statuses.pop().expect("a status per ply"));
                }
                assert_eq!(&game.status(), statuses.last().expect("the start"));
            }
            6 => match game.redo() {
                Some(_) => {
                    let status = taken_back.pop().expect("a move taken back");
                    assert_eq!(game.status(), status);
                    statuses.push(status);
                }
                None => assert!(taken_back.is_empty()),
            },
            kind => {
                let pos = game.position().clone();
                let legal = pos.legal_moves();
                let mv = if kind == 7 {
                    // Back to where a piece of the side to move came from, if it can.
                    let moves = game.moves();
                    let Some(&back) = moves.len().checked_sub(2).and_then(|i| moves.get(i)) else { continue };
                    Move::new(back.to, back.from)
                } else if legal.is_empty() {
                    continue;
                } else {
                    legal[usize::from(arg) % legal.len()]
                };
                let forbidden = game.forbidden_moves();
                assert!(forbidden.iter().all(|m| legal.contains(m)));
                let before = game.status();
                match game.play(mv) {
                    Ok(status) => {
                        assert!(legal.contains(&mv));
                        assert!(procedure != Procedure::Forbid || !forbidden.contains(&mv));
                        check_status(&game, &status);
                        statuses.push(status);
                        taken_back.clear();
                    }
                    Err(error) => {
                        let refused_as_forbidden = matches!(error, GameError::Forbidden { .. });
                        assert_eq!(refused_as_forbidden, procedure == Procedure::Forbid && forbidden.contains(&mv));
                        assert!(before.over || refused_as_forbidden || !legal.contains(&mv), "{error}");
                        assert_eq!(game.status(), before);
                    }
                }
            }
        }
    }
    let mut replayed = Game::new(game.history().start().clone(), book).with_procedure(procedure);
    for &mv in game.moves() {
        replayed.play(mv).expect("the moves were played");
    }
    assert_eq!(replayed.status(), game.status());
    assert_eq!(replayed.verdict(), game.verdict());
});
