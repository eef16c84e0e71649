//! The FIDE Dutch system (C.04.3, the rules of 2025–2026) as bbpPairings implements it: [`pair_round`] pairs
//! one round of a [`Trf`] from the rounds before it, identically to bbpPairings (the tests re-pair more than a
//! thousand tournaments its generator made, round by round).
//!
//! How it works: every player to pair is a vertex of one graph. Each edge's weight holds C.04.3's criteria in
//! fields of bits, the most important highest (`weights.rs`), so that a maximum-weight matching
//! (`matching.rs`, Edmonds' blossom algorithm) meets them in order. The brackets are then settled one after
//! the other, from the top score down (`brackets.rs`): the weights of the current bracket are raised bit by
//! bit to fix which moved-down players are paired, their opponents, the exchanges between S1 and S2 and each
//! S1 player's opponent, each choice followed by a new optimum found from the last one. Colours follow
//! C.04.3 E (`colour.rs`).
//!
//! ```
//! use xiangqi::tournament::dutch;
//! use xiangqi::tournament::trf::Trf;
//!
//! // Four players before round 1 of 3: 1 plays 3 and 4 plays 2 (top half against bottom half); the top
//! // player has white, as XXC says.
//! let line = |id: u32| format!("001 {id:>4}      Player {id:<26}{:>37}", "0.0");
//! let text = format!("{}\n{}\n{}\n{}\nXXR 3\nXXC white1\n", line(1), line(2), line(3), line(4));
//! let trf = Trf::parse(&text)?;
//! let pairing = dutch::pair_round(&trf, 1)?;
//! assert_eq!(pairing.pairs, [(1, 3), (4, 2)]);
//! assert_eq!(pairing.bbp_text(), "2\n1 3\n4 2\n");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Trf`]: crate::trf::Trf

mod brackets;
mod colour;
mod error;
mod matching;
mod pairing;
mod round;
mod state;
mod weights;
mod wide;

pub use error::DutchError;
pub use pairing::Pairing;
pub use round::pair_round;
