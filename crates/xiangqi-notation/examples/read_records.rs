//! Reads one record file through one entry point and counts what it gives: for timing the readers on large or
//! hostile inputs (`scripts/bench/pathological.py`, docs/performance.md).
//!
//! `cargo run --release -p xiangqi-notation --example read_records -- ENTRY FILE`, where ENTRY is `any` (`read_any`
//! over a `BufReader`), `pgn` or `dhtmlxq` (the format's streaming reader over a `BufReader`), or `pgn-bytes`,
//! `dhtmlxq-bytes` (the same readers over the file's bytes in memory).

use std::{fs::File, io::BufReader, process::ExitCode};

use xiangqi_notation::{dhtmlxq, pgn, read_any, GameRecord, ReadOptions, RecordError};

/// Counts the games and errors of `games`, and prints the first error (shortened).
fn count(games: impl Iterator<Item = Result<GameRecord, RecordError>>) {
    let (mut read, mut failed) = (0, 0);
    for game in games {
        match game {
            Ok(_) => read += 1,
            Err(err) => {
                if failed == 0 {
                    let message: String = err.to_string().chars().take(200).collect();
                    println!("first error: {message}");
                }
                failed += 1;
            }
        }
    }
    println!("{read} games read, {failed} errors");
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [entry, path] = &args[..] else {
        eprintln!("usage: read_records any|pgn|dhtmlxq|pgn-bytes|dhtmlxq-bytes FILE");
        return ExitCode::FAILURE;
    };
    let options = ReadOptions::default();
    let open = || BufReader::new(File::open(path).expect("the file opens"));
    let bytes = || std::fs::read(path).expect("the file reads");
    match entry.as_str() {
        "any" => match read_any(open(), options) {
            Ok(games) => count(games),
            Err(err) => println!("{err}"),
        },
        "pgn" => count(pgn::Reader::with_options(open(), options)),
        "dhtmlxq" => count(dhtmlxq::Reader::with_options(open(), options)),
        "pgn-bytes" => count(pgn::Reader::with_options(&bytes()[..], options)),
        "dhtmlxq-bytes" => count(dhtmlxq::Reader::with_options(&bytes()[..], options)),
        _ => {
            eprintln!("unknown entry point {entry}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
