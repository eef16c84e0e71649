//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use xiangqi_board::{perft, Position};

/// One line of a perft file: an optional name, a FEN and `(depth, nodes)` pairs.
pub(crate) struct PerftCase {
    pub(crate) name: String,
    pub(crate) fen: String,
    pub(crate) counts: Vec<(u32, u64)>,
}

/// Reads `[NAME;]FEN;D1 N1;D2 N2;…` lines; `#` starts a comment line.
pub(crate) fn parse_perft_file(text: &str) -> Vec<PerftCase> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            let first_count = fields.iter().position(|f| f.starts_with('D')).expect("a depth field");
            let (name, fen) = match first_count {
                1 => (fields[0].to_string(), fields[0].to_string()),
                2 => (fields[0].to_string(), fields[1].to_string()),
                _ => panic!("bad perft line {line:?}"),
            };
            let counts = fields[first_count..]
                .iter()
                .map(|field| {
                    let (depth, nodes) = field.trim_start_matches('D').split_once(' ').expect("`Dn count`");
                    (depth.parse().expect("depth"), nodes.trim().parse().expect("count"))
                })
                .collect();
            PerftCase { name, fen, counts }
        })
        .collect()
}

/// Checks every count of every case with at most `max_nodes` nodes; returns how many counts were checked.
pub(crate) fn check_perft_cases(cases: &[PerftCase], max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in cases {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|err| panic!("{}: {err}", case.name));
        for &(depth, nodes) in &case.counts {
            if nodes > max_nodes {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "{} ({}) at depth {depth}", case.name, case.fen);
            checked += 1;
        }
    }
    checked
}

/// The shared test-data folder, `XIANGQI_TESTDATA`.
///
/// # Panics
/// When the variable is not set: the tests that call this are `#[ignore]`d, so they run only when asked for.
pub(crate) fn testdata() -> PathBuf {
    std::env::var_os("XIANGQI_TESTDATA")
        .map(PathBuf::from)
        .expect("XIANGQI_TESTDATA is not set: this test needs the shared test data (see the README)")
}
