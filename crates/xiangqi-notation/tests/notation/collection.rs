//! `collection`: every game of many inputs worked on in parallel and handed on in input order; a stop leaves a
//! clean prefix; progress and summary count what was done.

use core::{num::NonZeroUsize, time::Duration};
use std::{
    fs,
    io::{self, BufRead, Read},
    path::{Path, PathBuf},
    rc::Rc,
};

use xiangqi_notation::{
    collection::{CollectedGame, Collection, FileError, FileOutcome, Input, Part, Source},
    ReadOptions,
};

fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

/// What a test's work makes of a game: its number, whether it read, and its warnings in words.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    number: usize,
    ok: Result<usize, String>,
    warnings: Vec<String>,
}

fn seen(game: CollectedGame<'_>) -> Seen {
    Seen {
        number: game.number,
        ok: game.record.map(|record| record.main.nodes.len()).map_err(|err| err.to_string()),
        warnings: game.warnings.iter().map(ToString::to_string).collect(),
    }
}

/// One line of what `emit` got: the input's name, then the game seen or how the input ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    Game(String, Seen),
    End(String, String),
}

fn outcome_words(outcome: &FileOutcome) -> String {
    match outcome {
        FileOutcome::Read => "read".into(),
        FileOutcome::PassedOver => "passed over".into(),
        FileOutcome::Failed(error) => format!("failed: {error}"),
    }
}

/// Runs `collection` with `work`, the lines emitted, and the summary.
fn run_with<T: Send>(
    collection: Collection<'_>,
    work: impl Fn(CollectedGame<'_>) -> T + Sync,
    line: impl Fn(&Source, T) -> Line + Sync,
) -> (Vec<Line>, xiangqi_notation::collection::Summary) {
    let mut lines = Vec::new();
    let summary = collection
        .run(work, |source, part| {
            lines.push(match part {
                Part::Game(made) => line(source, made),
                Part::End(outcome) => Line::End(source.name().to_owned(), outcome_words(&outcome)),
            });
            Ok::<_, ()>(())
        })
        .expect("emit never fails");
    (lines, summary)
}

fn run(collection: Collection<'_>) -> (Vec<Line>, xiangqi_notation::collection::Summary) {
    run_with(collection, seen, |source, seen| Line::Game(source.name().to_owned(), seen))
}

/// Input `n` of the many-inputs tests: `n % 7` games, every fifth one of them bad.
fn small_input(n: usize) -> String {
    (0..n % 7)
        .map(|game| {
            let moves = if (n + game) % 5 == 0 { "1. h2e2 h2e2 *" } else { "1. h2e2 h9g7 2. h0g2 *" };
            format!("[Event \"{n}.{game}\"]\n{moves}\n\n")
        })
        .collect()
}

fn small_inputs(count: usize) -> Vec<Input<'static>> {
    (0..count).map(|n| Input::bytes(format!("{n}.pgn"), small_input(n).into_bytes())).collect()
}

/// The lines of the many-inputs tests, as one thread reads them in turn: computed without the collection.
fn small_expected(count: usize) -> Vec<Line> {
    let mut lines = Vec::new();
    for n in 0..count {
        let name = format!("{n}.pgn");
        for game in 0..n % 7 {
            let ok = if (n + game) % 5 == 0 {
                Err(format!(
                    "game {}, line {}: ply 2, move `h2e2`: illegal move h2e2: no piece on h2",
                    game + 1,
                    3 * game + 2
                ))
            } else {
                Ok(3)
            };
            lines.push(Line::Game(name.clone(), Seen { number: game + 1, ok, warnings: Vec::new() }));
        }
        let end = if n % 7 == 0 { "failed: no PGN, XQF, DhtmlXQ or CCBridge record found" } else { "read" };
        lines.push(Line::End(name, end.into()));
    }
    lines
}

/// A work that sometimes pauses, so that later inputs often finish first.
fn slow(game: CollectedGame<'_>) -> Seen {
    if game.source.name().len() % 3 == 0 && game.number == 1 {
        std::thread::sleep(Duration::from_micros(200));
    }
    seen(game)
}

#[test]
fn results_come_in_input_order_whatever_the_threads() {
    let expected = small_expected(300);
    assert_eq!(expected.len(), 300 + (0..300).map(|n| n % 7).sum::<usize>());
    for jobs in [1, 2, 4] {
        for at_once in [usize::MAX, 1, 3] {
            let collection =
                Collection::new().inputs(small_inputs(300)).threads(threads(jobs)).files_at_once(threads(at_once));
            let (lines, summary) =
                run_with(collection, slow, |source, seen| Line::Game(source.name().to_owned(), seen));
            assert_eq!(lines, expected, "{jobs} threads, {at_once} files at once");
            assert_eq!((summary.files, summary.read, summary.failed), (300, 257, 43));
            assert_eq!(summary.games, (0..300).map(|n| n % 7).sum::<usize>() as u64);
            assert!(!summary.stopped && summary.unfinished.is_none());
        }
    }
}

/// A PGN text of more than 1 MiB (read on all the threads when there are several), made of a block repeated:
/// games with variations and comments, a bad game, a game with a warning, two games with no tags between them,
/// and white space alone between two blocks now and then. Returns the text and its number of games.
fn large_pgn() -> (String, usize) {
    let block =
        "[Event \"Large\"]\n[Result \"1-0\"]\n\n{A game.} 1. h2e2 h9g7 {the horse} (1... h7e7 2. h0g2) 2. h0g2 1-0\n\n\
                 [Event \"Bad\"]\n\n1. h2e2 h9g7 2. h0g2 h9g7 *\n\n\
                 [Event \"Contradicts\"]\n[Result \"0-1\"]\n\n1. b2e2 b9c7 1-0\n\n\
                 [Event \"Two without tags between\"]\n\n1. h2e2 *\n1. b2e2 b9c7 *\n\n";
    let blocks = (1 << 20) / block.len() + 10;
    (block.repeat(blocks), 5 * blocks)
}

#[test]
fn a_large_pgn_input_read_on_several_threads_gives_what_one_thread_gives() {
    let (text, games) = large_pgn();
    for options in [ReadOptions::strict(), ReadOptions::lenient()] {
        let read = |jobs: usize, at_once: usize| {
            let collection = Collection::new()
                .input(Input::bytes("large.pgn", text.as_bytes()))
                .input(Input::bytes("after.pgn", &b"1. h2e2 *\n"[..]))
                .input(Input::bytes("again.pgn", text.as_bytes()))
                .read_options(options)
                .threads(threads(jobs))
                .files_at_once(threads(at_once));
            run(collection)
        };
        let (one, summary) = read(1, usize::MAX);
        assert_eq!(one.len(), 2 * games + 4);
        assert_eq!(summary.games, 2 * games as u64 + 1);
        // The second large input gives what the first gave, under its own name.
        let seen_of = |lines: &[Line]| -> Vec<Seen> {
            lines
                .iter()
                .filter_map(|line| if let Line::Game(_, seen) = line { Some(seen.clone()) } else { None })
                .collect()
        };
        assert_eq!(one[games + 1], Line::Game("after.pgn".into(), Seen { number: 1, ok: Ok(1), warnings: vec![] }));
        assert_eq!(seen_of(&one[games + 3..]), seen_of(&one[..games]));
        assert_eq!(one.last(), Some(&Line::End("again.pgn".into(), "read".into())));
        for (index, line) in one[..games].iter().enumerate() {
            let Line::Game(name, seen) = line else { panic!("{line:?}") };
            assert_eq!((name.as_str(), seen.number), ("large.pgn", index + 1));
            let bad = index % 5 == 1;
            assert_eq!(seen.ok.is_err(), bad && !options.is_lenient(), "{seen:?}");
            assert_eq!(seen.warnings.len(), usize::from(index % 5 == 2) + usize::from(bad && options.is_lenient()));
        }
        assert_eq!(one[games], Line::End("large.pgn".into(), "read".into()));
        for jobs in [2, 3] {
            for at_once in [usize::MAX, 1] {
                assert!(read(jobs, at_once).0 == one, "{jobs} threads, {at_once} at once, {options:?}");
            }
        }
    }
}

/// A reader that gives `data`, then fails.
struct FailingAfter {
    data: io::Cursor<Vec<u8>>,
}

impl Read for FailingAfter {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.data.read(buf)?;
        if read == 0 && !buf.is_empty() {
            return Err(io::Error::other("the disk is gone"));
        }
        Ok(read)
    }
}

impl BufRead for FailingAfter {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.data.position() as usize >= self.data.get_ref().len() {
            return Err(io::Error::other("the disk is gone"));
        }
        self.data.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.data.consume(amt);
    }
}

#[test]
fn a_read_error_ends_the_input_with_an_error_numbered_after_its_games() {
    let (text, games) = large_pgn();
    let mut one = None;
    for jobs in [1, 2] {
        let reader = FailingAfter { data: io::Cursor::new(text.clone().into_bytes()) };
        let collection = Collection::new().input(Input::reader("failing.pgn", reader, None)).threads(threads(jobs));
        let (lines, summary) = run(collection);
        // The reader cannot tell whether the last text is a whole game: its two games are not read.
        assert_eq!(lines.len(), games, "{jobs} threads");
        let Line::Game(_, last) = &lines[games - 2] else { panic!("{:?}", lines[games - 2]) };
        assert_eq!(last.number, games - 1);
        let error = last.ok.as_ref().unwrap_err();
        assert!(error.starts_with(&format!("game {}, line ", games - 1)), "{error}");
        assert!(error.ends_with(": read error: other error"), "{error}");
        assert_eq!(lines[games - 1], Line::End("failing.pgn".into(), "read".into()));
        assert_eq!(summary.games, games as u64 - 1);
        match &one {
            None => one = Some(lines),
            Some(one) => assert!(*one == lines, "{jobs} threads"),
        }
    }
}

#[test]
fn a_stop_from_emit_leaves_a_prefix_and_counts_only_what_was_finished() {
    let all = small_expected(2000);
    for jobs in [1, 2, 4] {
        let collection = Collection::new().inputs(small_inputs(2000)).threads(threads(jobs));
        let stop = collection.stop_handle();
        let mut lines = Vec::new();
        let summary = collection
            .run(slow, |source, part| {
                lines.push(match part {
                    Part::Game(seen) => Line::Game(source.name().to_owned(), seen),
                    Part::End(outcome) => Line::End(source.name().to_owned(), outcome_words(&outcome)),
                });
                if lines.len() == 100 {
                    stop.stop();
                }
                Ok::<_, ()>(())
            })
            .unwrap();
        assert!(summary.stopped);
        assert!(lines.len() >= 100 && lines.len() < all.len(), "{jobs} threads: {}", lines.len());
        assert_eq!(lines, all[..lines.len()], "{jobs} threads");
        // Only the inputs whose end was emitted are counted; the one cut short is named.
        let ends = lines.iter().filter(|line| matches!(line, Line::End(..))).count() as u64;
        let games = lines.len() as u64 - ends;
        assert_eq!((summary.files, summary.games), (ends, games), "{jobs} threads");
        match lines.last() {
            Some(Line::Game(name, _)) => assert_eq!(summary.unfinished.as_ref().map(Source::name), Some(name.as_str())),
            _ => assert_eq!(summary.unfinished, None),
        }
    }
}

#[test]
fn a_stop_from_outside_finishes_the_games_in_hand_and_nothing_after() {
    let all = small_expected(2000);
    for jobs in [2, 4] {
        let collection = Collection::new().inputs(small_inputs(2000)).threads(threads(jobs));
        let stop = collection.stop_handle();
        // As Ctrl-C would, while input 500 is read.
        let work = |game: CollectedGame<'_>| {
            if game.source.name() == "500.pgn" && game.number == 1 {
                stop.stop();
            }
            slow(game)
        };
        let (lines, summary) = run_with(collection, work, |source, seen| Line::Game(source.name().to_owned(), seen));
        assert!(summary.stopped);
        assert!(lines.len() < all.len(), "{jobs} threads: {} of {}", lines.len(), all.len());
        assert_eq!(lines, all[..lines.len()], "{jobs} threads");
        // Input 500 is cut short after its first game, and so is any input in hand before it: nothing after
        // the first input cut short is emitted.
        let last = match lines.last() {
            Some(Line::Game(name, _) | Line::End(name, _)) => name.trim_end_matches(".pgn").parse::<usize>().unwrap(),
            None => 0,
        };
        assert!(last <= 500, "{jobs} threads: {last}");
        assert!(!lines.contains(&Line::End("500.pgn".into(), "read".into())), "{jobs} threads");
    }
}

#[test]
fn an_error_of_emit_stops_the_run_and_is_returned() {
    for jobs in [1, 2] {
        let mut emitted = 0;
        let result = Collection::new().inputs(small_inputs(500)).threads(threads(jobs)).run(seen, |_, _| {
            emitted += 1;
            if emitted == 50 {
                return Err("the pipe is closed");
            }
            Ok(())
        });
        assert_eq!(result, Err("the pipe is closed"));
        assert_eq!(emitted, 50);
    }
}

#[test]
fn one_thread_does_everything_on_the_calling_thread() {
    let caller = std::thread::current().id();
    let collection = Collection::new().inputs(small_inputs(20)).threads(threads(1));
    let (lines, _) = run_with(
        collection,
        |game| (std::thread::current().id(), seen(game)),
        |source, (thread, seen)| {
            assert_eq!((thread, std::thread::current().id()), (caller, caller));
            Line::Game(source.name().to_owned(), seen)
        },
    );
    assert_eq!(lines, small_expected(20));
    // Work and emit that cannot go to another thread, on this one.
    let counted = Rc::new(core::cell::Cell::new(0));
    let summary = Collection::new()
        .inputs(small_inputs(20))
        .run_on_this_thread(
            |game| Rc::new(game.number),
            |_, part| {
                if let Part::Game(number) = part {
                    counted.set(counted.get() + *number);
                }
                Ok::<_, ()>(())
            },
        )
        .unwrap();
    assert_eq!(summary.games, (0..20).map(|n| n % 7).sum::<usize>() as u64);
    assert_eq!(counted.get(), (0..20).map(|n| (1..=n % 7).sum::<usize>()).sum::<usize>());
}

#[test]
fn progress_counts_files_games_and_bytes() {
    let (text, games) = large_pgn();
    for jobs in [1, 2] {
        let collection = Collection::new()
            .input(Input::bytes("large.pgn", text.as_bytes()))
            .input(Input::reader("small.pgn", &b"1. h2e2 *\n"[..], None))
            .threads(threads(jobs));
        let progress = collection.progress();
        assert_eq!(progress.snapshot(), Default::default());
        let mut seen_bytes = Vec::new();
        collection
            .run(seen, |_, _| {
                seen_bytes.push(progress.snapshot().bytes_read);
                Ok::<_, ()>(())
            })
            .unwrap();
        let done = progress.snapshot();
        assert_eq!((done.files_found, done.files_done, done.games), (2, 2, games as u64 + 1));
        // The reader of unknown length adds its bytes as they are read, and nothing to the total.
        assert_eq!((done.bytes_read, done.bytes_total), (text.len() as u64 + 10, text.len() as u64));
        assert!(done.found_all && done.finished);
        // Bytes are read as the games are: the first mebibyte at once (to tell the format), then the rest.
        assert!(seen_bytes[0] <= (1 << 20) + (1 << 16), "{jobs} threads: {}", seen_bytes[0]);
        assert!(seen_bytes[seen_bytes.len() / 2] < text.len() as u64, "{jobs} threads");
        assert!(seen_bytes.windows(2).all(|pair| pair[0] <= pair[1]));
    }
}

/// A fresh folder for a test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-notation-collection-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

#[test]
fn directories_are_searched_in_name_order_for_record_files() {
    let dir = scratch("search");
    write(&dir.join("b.pgn"), "1. h2e2 *\n");
    write(&dir.join("a/z.PGN"), "1. h2e2 h9g7 *\n");
    write(&dir.join("a/notes.txt"), "no game here\n");
    write(&dir.join("a/image.png"), "not taken: not a record name\n");
    write(&dir.join("c.xqf"), "not an XQF file\n");
    write(&dir.join("named.dat"), "1. b2e2 *\n");
    let name = dir.display().to_string();
    let collection =
        Collection::new().paths([dir.clone(), dir.join("named.dat"), dir.join("missing.pgn")]).threads(threads(2));
    let (lines, summary) = run(collection);
    let game =
        |file: &str, plies| Line::Game(format!("{name}/{file}"), Seen { number: 1, ok: Ok(plies), warnings: vec![] });
    let end = |file: &str, words: &str| Line::End(format!("{name}/{file}"), words.into());
    assert_eq!(
        lines[..7],
        [
            end("a/notes.txt", "passed over"),
            game("a/z.PGN", 2),
            end("a/z.PGN", "read"),
            game("b.pgn", 1),
            end("b.pgn", "read"),
            end("c.xqf", "failed: no PGN, XQF, DhtmlXQ or CCBridge record found"),
            // A file named is read whatever its name.
            game("named.dat", 1),
        ]
    );
    assert_eq!(lines[7], end("named.dat", "read"));
    let Line::End(missing, words) = &lines[8] else { panic!("{:?}", lines[8]) };
    assert_eq!(missing, &format!("{name}/missing.pgn"));
    assert!(words.starts_with("failed: cannot read: "), "{words}");
    assert_eq!(lines.len(), 9);
    assert_eq!((summary.files, summary.read, summary.passed_over, summary.failed), (6, 3, 1, 2));
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_directory_loop_is_an_input_that_failed() {
    let dir = scratch("loop");
    write(&dir.join("inner/game.pgn"), "1. h2e2 *\n");
    std::os::unix::fs::symlink(&dir, dir.join("inner/back")).unwrap();
    let mut outcomes = Vec::new();
    Collection::new()
        .paths([&dir])
        .run(
            |_| (),
            |source, part| {
                if let Part::End(outcome) = part {
                    outcomes.push((source.name().to_owned(), outcome));
                }
                Ok::<_, ()>(())
            },
        )
        .unwrap();
    let name = dir.display();
    assert_eq!(outcomes.len(), 2);
    assert_eq!(outcomes[0].0, format!("{name}/inner/back"));
    assert!(matches!(outcomes[0].1, FileOutcome::Failed(FileError::DirectoryLoop)));
    assert_eq!(outcomes[1].0, format!("{name}/inner/game.pgn"));
    assert!(matches!(outcomes[1].1, FileOutcome::Read));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_game_error_is_the_games_own_and_the_run_goes_on() {
    let (lines, summary) = run(Collection::new()
        .input(Input::bytes("bad.pgn", &b"[Event \"x\"]\n1. h2e2 {unterminated\n"[..]))
        .input(Input::bytes("good.pgn", &b"1. h2e2 *\n"[..])));
    let Line::Game(_, bad) = &lines[0] else { panic!("{lines:?}") };
    assert!(bad.ok.as_ref().is_err_and(|err| err.contains("truncated")), "{bad:?}");
    assert_eq!(lines[1], Line::End("bad.pgn".into(), "read".into()));
    assert_eq!((summary.files, summary.games), (2, 2));
}
