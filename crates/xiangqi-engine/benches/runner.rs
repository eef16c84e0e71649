//! The runner's own cost per move, against the scripted engine (written below).
fn main() {}
