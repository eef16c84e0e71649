//! Round-trip and uniqueness properties over random positions: for every legal move, every notation, dialect and
//! style writes a text that reads back to the move, and no two legal moves of a position share a text.
//!
//! Positions come from random play (from the start and from tandem-rich positions written here) and from random
//! placements built to stack pawns on one or two files and to pair rooks, horses, cannons, advisors and
//! elephants on files.

use std::collections::HashMap;

use proptest::prelude::*;
use xiangqi_board::{Board, Color, File, Move, Piece, Position, Rank, Role, Setup, Square};
use xiangqi_notation::{
    format::{parse_any, parse_move, write_move},
    AxfStyle, BlackDigits, Chinese, MoveFormat, Script, WriteOptions, Wxf, WxfDialect,
};

/// Positions written for this test: stacks of two to five pawns, stacks on two files, paired pieces.
const TANDEM_SEEDS: [&str; 8] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "3k5/9/2R1P4/2R1P4/4P4/2p6/2p6/9/9/4K4 w",
    "3k5/4n4/9/2P3P2/2P3P2/6P2/4n4/9/9/4K4 w",
    "5k3/9/9/9/9/3p5/3p5/3p4C/3p4C/4K4 b",
    "3P5/3P1k3/3P5/3P5/3P5/9/9/9/9/4K4 w",
    "2ba1k3/9/3a5/9/2b6/1RB4N1/9/1R1A3N1/9/2BAK4 w",
    "4k4/9/9/9/9/2p1p1p2/2p3p2/9/9/3K5 b",
    "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w",
];

/// A small deterministic generator (SplitMix64), so a proptest seed fixes a whole position.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}

fn random_play(mut pos: Position, plies: usize, rng: &mut Rng) -> Position {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let Some(mv) = rng.pick(&moves) else { break };
        pos = pos.play(mv).expect("a legal move");
    }
    pos
}

/// Squares from `color`'s side: `(file, relative rank)` turned into a square.
fn square(color: Color, file: usize, relative_rank: usize) -> Square {
    let rank = Rank::new(relative_rank).expect("rank 0-9").relative_to(color);
    Square::from_coords(File::new(file).expect("file 0-8"), rank)
}

/// A random placement rich in tandem pieces, or `None` if it happens to be illegal.
fn random_placement(rng: &mut Rng) -> Option<Position> {
    let mut board = Board::empty();
    let put = |board: &mut Board, piece: Piece, choices: &[Square], rng: &mut Rng| {
        let free: Vec<Square> = choices.iter().copied().filter(|&sq| board.piece_at(sq).is_none()).collect();
        if let Some(sq) = rng.pick(&free) {
            board.set_piece_at(sq, piece);
        }
    };
    for color in Color::ALL {
        let piece = |role| Piece::new(color, role);
        let palace: Vec<Square> = (3..6).flat_map(|f| (0..3).map(move |r| square(color, f, r))).collect();
        put(&mut board, piece(Role::King), &palace, rng);
        let advisors: Vec<Square> = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)].map(|(f, r)| square(color, f, r)).into();
        for _ in 0..rng.below(3) {
            put(&mut board, piece(Role::Advisor), &advisors, rng);
        }
        let elephants: Vec<Square> =
            [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)].map(|(f, r)| square(color, f, r)).into();
        for _ in 0..rng.below(3) {
            put(&mut board, piece(Role::Elephant), &elephants, rng);
        }
        for role in [Role::Rook, Role::Horse, Role::Cannon] {
            let file = rng.below(9);
            let stacked = rng.below(3) > 0;
            for _ in 0..rng.below(3) {
                let choices: Vec<Square> =
                    if stacked { (0..10).map(|r| square(color, file, r)).collect() } else { Square::ALL.to_vec() };
                put(&mut board, piece(role), &choices, rng);
            }
        }
        let first = rng.below(9);
        let files = [first, (first + 1 + rng.below(8)) % 9];
        let spread = if rng.below(3) == 0 { 1 } else { 2 };
        for i in 0..3 + rng.below(3) {
            let file = files[i % spread];
            let crossed: Vec<Square> = (5..10).map(|r| square(color, file, r)).collect();
            put(&mut board, piece(Role::Pawn), &crossed, rng);
        }
    }
    let turn = if rng.below(2) == 0 { Color::Red } else { Color::Black };
    let setup = Setup { board, turn, ..Setup::new() };
    Position::from_setup(setup).ok()
}

fn position(seed: u64) -> Position {
    let mut rng = Rng(seed);
    if rng.below(2) == 0 {
        loop {
            if let Some(pos) = random_placement(&mut rng) {
                let plies = rng.below(6);
                return random_play(pos, plies, &mut rng);
            }
        }
    }
    let start: Position = TANDEM_SEEDS[rng.below(TANDEM_SEEDS.len())].parse().expect("seed FEN");
    let plies = rng.below(80);
    random_play(start, plies, &mut rng)
}

/// Every way this crate writes a move, with a name for failure messages.
fn writers() -> Vec<(String, MoveFormat, WriteOptions)> {
    let mut writers = Vec::new();
    for script in [Script::Simplified, Script::Traditional] {
        for digits in [BlackDigits::HalfWidth, BlackDigits::FullWidth] {
            let options = WriteOptions::default().with_script(script).with_black_digits(digits);
            writers.push((format!("chinese {script:?} {digits:?}"), MoveFormat::Chinese, options));
        }
        for style in [AxfStyle::Equals, AxfStyle::Dot, AxfStyle::Letters] {
            let options = WriteOptions::default().with_script(script).with_axf(style);
            writers.push((format!("axf {style:?} {script:?}"), MoveFormat::Axf, options));
        }
    }
    for dialect in WxfDialect::ALL {
        writers.push((format!("wxf {dialect:?}"), MoveFormat::Wxf, WriteOptions::default().with_wxf(dialect)));
    }
    for format in [MoveFormat::Iccs, MoveFormat::Ucci, MoveFormat::FairyUci] {
        writers.push((format.to_string(), format, WriteOptions::default()));
    }
    writers
}

/// Fairy-Stockfish writes `11+n` / `33+n` for the front / rear pawn of three on file 1 / 3 when another file also
/// holds tandem pawns; official WXF means the middle pawn by the same text, and the reader follows WXF (see the
/// `wxf` module). Whether `text` is such a text in `pos`.
fn is_documented_fairy_conflict(pos: &Position, text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 4 || bytes[0] != bytes[1] || !matches!(bytes[2], b'+' | b'-') {
        return false;
    }
    let pawns = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn));
    let on_file = |file: File| (pawns & xiangqi_board::Bitboard::file(file)).count();
    let number = u32::from(bytes[0] - b'0');
    let tandem_files = File::ALL.into_iter().filter(|&f| on_file(f) >= 2).count();
    File::from_number(number, pos.turn()).is_some_and(|file| on_file(file) == 3) && tandem_files >= 2
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let moves = pos.legal_moves();
    for (name, format, options) in writers() {
        let mut seen: HashMap<String, Move> = HashMap::new();
        for &mv in moves.iter() {
            let text = write_move(format, pos, mv, &options).map_err(|err| TestCaseError::fail(format!("{err}")))?;
            if let Some(other) = seen.insert(text.clone(), mv) {
                return Err(TestCaseError::fail(format!("{pos}: {name} writes `{text}` for {other} and {mv}")));
            }
            let fairy = name == "wxf FairyStockfish";
            let mut reads = vec![("parse_move", parse_move(format, &text, pos))];
            // parse_any never reads four characters with ranks 1–10, so it cannot take Fairy-Stockfish UCI.
            if format != MoveFormat::FairyUci {
                reads.push(("parse_any", parse_any(&text, pos)));
            }
            for (how, read) in reads {
                if fairy && read != Ok(mv) && is_documented_fairy_conflict(pos, &text) {
                    continue;
                }
                prop_assert_eq!(read, Ok(mv), "{}: {} `{}` via {}", pos, name, text, how);
            }
        }
    }
    // The syntax values: written, displayed and read again, they are the same value.
    for &mv in moves.iter() {
        let chinese = Chinese::from_move(pos, mv).expect("legal");
        prop_assert_eq!(chinese.to_string().parse::<Chinese>(), Ok(chinese), "{}", pos);
        let wxf = Wxf::from_move(pos, mv).expect("legal");
        prop_assert_eq!(wxf.to_string().parse::<Wxf>(), Ok(wxf), "{}", pos);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_move_round_trips_and_no_two_share_a_text(seed in any::<u64>()) {
        check_position(&position(seed))?;
    }
}

/// The generator does produce what the properties are about: many positions with three or more pawns on a file,
/// with tandem pawns on two files, and with pairs of pieces on a file.
#[test]
fn the_generator_covers_tandem_configurations() {
    let (mut three, mut two_files, mut pairs) = (0, 0, 0);
    for seed in 0..400 {
        let pos = position(seed);
        let pawns = pos.board().by_piece(Piece::new(pos.turn(), Role::Pawn));
        let counts = File::ALL.map(|f| (pawns & xiangqi_board::Bitboard::file(f)).count());
        three += usize::from(counts.iter().any(|&c| c >= 3));
        two_files += usize::from(counts.iter().filter(|&&c| c >= 2).count() >= 2);
        pairs += usize::from([Role::Rook, Role::Horse, Role::Cannon].into_iter().any(|role| {
            let bb = pos.board().by_piece(Piece::new(pos.turn(), role));
            File::ALL.into_iter().any(|f| (bb & xiangqi_board::Bitboard::file(f)).count() == 2)
        }));
    }
    assert!(three >= 60 && two_files >= 60 && pairs >= 60, "three {three}, two files {two_files}, pairs {pairs}");
}
