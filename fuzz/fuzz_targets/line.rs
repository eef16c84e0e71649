//! The line stage: never a panic on any input; a line that reads has one legal move per text, each in the
//! position the line records before it; a line that fails names a ply within the texts, the text of that ply,
//! and holds exactly the moves read before it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_board::Position;
use xiangqi_notation::{parse_line, split_move_texts, MoveFormat, Notation};

const POSITIONS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w",
    "3k5/R8/9/9/9/9/9/9/9/4K3R w",
];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = core::str::from_utf8(rest) else { return };
    let start: Position = POSITIONS[usize::from(choice) % POSITIONS.len()].parse().expect("fixture FEN");
    let formats = MoveFormat::ALL.len() + 1;
    let notation = match usize::from(choice / 4) % formats {
        0 => Notation::Any,
        i => Notation::Format(MoveFormat::ALL[i - 1]),
    };
    let texts: Vec<&str> = split_move_texts(text).collect();
    match parse_line(&start, &texts, notation) {
        Ok(line) => {
            assert_eq!(line.len(), texts.len());
            assert_eq!(line.start(), &start);
            for (i, (before, mv)) in line.steps().enumerate() {
                let after = before.play(mv).expect("every move of a line is legal");
                assert_eq!(&after, &line.positions()[i + 1]);
            }
        }
        Err(err) => {
            assert!((1..=texts.len()).contains(&err.ply), "{err:?}");
            assert_eq!(err.text, texts[err.ply - 1]);
            assert_eq!(err.read.len(), err.ply - 1);
            assert_eq!(err.read.start(), &start);
            assert!(err.to_string().starts_with(&format!("ply {}, move `", err.ply)), "{err}");
        }
    }
});
