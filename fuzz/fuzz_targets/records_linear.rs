//! Linear time on every input: an input is cut into a head, a body and a tail (the first two bytes give the
//! lengths of the head and the body), and the body is repeated to make a small input and one 8 times larger (head + body × k + tail:
//! a comment, tag value, move list, nesting or line that grows). Reading the larger through the PGN and DhtmlXQ
//! streaming readers (in pieces of 4 KiB) and `read_any` (over bytes) must take at most 8 × 3 times as long as
//! the smaller: a quadratic path would take about 64 times as long. Times under 20 ms are not judged (noise), and a
//! failure is timed again (the best of three) before it counts, since the machine may be busy.
#![no_main]

use std::{
    io::BufReader,
    time::{Duration, Instant},
};

use libfuzzer_sys::fuzz_target;
use xiangqi_notation::{dhtmlxq, pgn, read_any, ReadOptions};

/// The size the small input is grown to (the large one is 8 times as large).
const SMALL: usize = 32 << 10;

/// Reads `input` through the streaming readers (in pieces) and `read_any` (over the bytes).
fn read_all(input: &[u8]) {
    let pieces = || BufReader::with_capacity(4096, input);
    let _ = pgn::Reader::new(pieces()).count();
    let _ = dhtmlxq::Reader::with_options(pieces(), ReadOptions::lenient()).count();
    if let Ok(games) = read_any(input, ReadOptions::strict()) {
        let _ = games.count();
    }
}

/// The best time of `runs` readings of `input`.
fn time(input: &[u8], runs: usize) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            read_all(input);
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// `head + body × times + tail`.
fn grown(head: &[u8], body: &[u8], tail: &[u8], times: usize) -> Vec<u8> {
    let mut input = Vec::with_capacity(head.len() + body.len() * times + tail.len());
    input.extend_from_slice(head);
    for _ in 0..times {
        input.extend_from_slice(body);
    }
    input.extend_from_slice(tail);
    input
}

fuzz_target!(|data: &[u8]| {
    let [head_len, body_len, rest @ ..] = data else { return };
    let start = usize::from(*head_len).min(rest.len());
    let end = (start + usize::from(*body_len).max(1)).min(rest.len());
    let (head, body, tail) = (&rest[..start], &rest[start..end], &rest[end..]);
    if body.is_empty() {
        return;
    }
    let times = SMALL / body.len() + 1;
    let small = grown(head, body, tail, times);
    let large = grown(head, body, tail, times * 8);
    let (mut t_small, mut t_large) = (time(&small, 1), time(&large, 1));
    if t_large < Duration::from_millis(20) || t_large <= t_small * 24 {
        return;
    }
    (t_small, t_large) = (time(&small, 3), time(&large, 3));
    assert!(
        t_large <= t_small * 24 || t_large < Duration::from_millis(20),
        "{} bytes took {t_large:?}, {} bytes {t_small:?}: superlinear",
        large.len(),
        small.len()
    );
});
