//! The FIDE Dutch system (C.04.3), as bbpPairings implements it.

// The matching is used by the Dutch system's pairing, which the next commit adds.
#[allow(dead_code)]
mod matching;
#[allow(dead_code)]
mod wide;
