//! The positions of the illustrated rule catalogue (`docs/rule-catalogue.md`), shared by the catalogue tests.
//!
//! Every position is this repository's own construction: the AXF 2008 ones are those of `tests/adjudicator/items.rs`, the
//! others were built for the ROC 2007, PRC 1956 and CXA items (several inspired by the books' diagrams, none
//! copied from the shared rule cases). A case is a start position, a lead-in and a cycle; the cycle is played
//! twice, so the position after the lead-in occurs for the third time at the end (the arbiter's warning), and
//! [`Case::verdict`] plays it a third time for the final ruling.

#![allow(dead_code)]

use xiangqi_adjudicator::{Game, RuleBook, Verdict};
use xiangqi_board::{Move, Position};

/// A catalogue position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Case {
    /// The id (also the diagram's file name).
    pub(crate) id: &'static str,
    /// The start position.
    pub(crate) fen: &'static str,
    /// Moves played once before the cycle.
    pub(crate) lead: &'static str,
    /// The cycle, played twice.
    pub(crate) cycle: &'static str,
}

const fn case(id: &'static str, fen: &'static str, lead: &'static str, cycle: &'static str) -> Case {
    Case { id, fen, lead, cycle }
}

/// The moves of a text of ICCS moves.
pub(crate) fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| m.parse().expect("ICCS move")).collect()
}

impl Case {
    /// The start position.
    pub(crate) fn start(&self) -> Position {
        Position::from_fen(self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.id))
    }

    /// The position where the cycle starts (after the lead-in).
    pub(crate) fn cycle_start(&self) -> Position {
        moves(self.lead).into_iter().fold(self.start(), |pos, mv| pos.play(mv).expect("legal lead-in"))
    }

    /// Every move: the lead-in, then the cycle twice.
    pub(crate) fn all_moves(&self) -> Vec<Move> {
        let cycle = moves(self.cycle);
        moves(self.lead).into_iter().chain(cycle.iter().copied()).chain(cycle.iter().copied()).collect()
    }

    /// What the rules say under `rules` after the lead-in and the cycle twice: the arbiter's warning.
    pub(crate) fn warning(&self, rules: RuleBook) -> Verdict {
        self.play(rules, &self.all_moves())
    }

    /// The final ruling under `rules`: the cycle played once more after the warning.
    pub(crate) fn verdict(&self, rules: RuleBook) -> Verdict {
        let mut all = self.all_moves();
        all.extend(moves(self.cycle));
        self.play(rules, &all)
    }

    fn play(&self, rules: RuleBook, moves: &[Move]) -> Verdict {
        let mut game = Game::new(self.start(), rules);
        for &mv in moves {
            if game.is_over() {
                break;
            }
            game.play(mv).unwrap_or_else(|e| panic!("{}: {e}", self.id));
        }
        game.verdict().clone()
    }
}

/// The catalogue positions.
pub(crate) const CASES: &[Case] = &[
    case(
        "axf-01-perpetual-check-by-one-rook",
        "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
        "a0a9 e9e8",
        "a9a8 e8e9 a8a9 e9e8",
    ),
    case(
        "axf-02-mutual-perpetual-check-is-a-draw",
        "4c4/3k5/9/9/3r5/9/9/4C4/9/3RK4 w - - 0 1",
        "",
        "e2d2 d5e5 d2e2 e5d5",
    ),
    case(
        "axf-03-two-checks-against-one-check-back",
        "5c3/4k4/9/9/5P3/5r3/9/5N3/9/4CK3 w - - 0 1",
        "",
        "f5e5 f4e4 e5f5 e4f4",
    ),
    // AXF 2008 棋例 §4 ("抑或仅能走动将帅引避"), as PRC 1956 图十五 (马三下五 将4平5 马五上三 将5平4): the horse's
    // step to b7 takes d8 from the king and threatens 车九进九 mate; the king steps to e9; the horse's return to d6
    // takes e8 and threatens the same mate; the king steps back. Before each horse move Red has no mate, not even
    // by continuous checks: every threat is the horse move's.
    case("axf-04-perpetual-mate-threat-is-a-draw", "3k5/9/9/3N5/9/9/9/9/9/R4K3 w - - 0 1", "", "d6b7 d9e9 b7d6 e9d9"),
    // AXF 2008 棋例 §5 (解杀反杀): the black king on e7 is held by its advisor on d7, the rook on c8 (rank 8) and
    // the red king (the f-file); the red king on f1 by the black king (the e-file). Red threatens 车三退一 (g8g7)
    // mate. The horse's step to h5 guards g7, but takes the screen from the cannon on f9, which guarded f4 over
    // it: Black threatens 车4平6 (d4f4) mate. The rook's step to f8 guards f4 down the file and threatens 车四退一
    // (f8f7) mate (the king may not take on f7: the kings would face). The horse's return to f6 stands between
    // the kings, so the king may take on f7, and cuts the rook's guard of f4 (the horse offers itself to the
    // rook): d4f4 mate again. The rook's return to g8 (where the horse attacks it, the rook on c8 protecting it)
    // lets the cannon guard f4 over the horse again and threatens g8g7 mate. Before each move the mover has no
    // mate, not even by continuous checks: every threat is the move's, and each move parries the other side's.
    // Both sides threaten mate on every move: a draw under every book (PRC 1956: both sides 长要杀).
    case(
        "axf-05-mate-threat-against-counter-threat-is-a-draw",
        "3C1C3/2R3R2/3ak4/5n3/9/3r5/9/9/5K3/9 b - - 0 1",
        "",
        "f6h5 g8f8 h5f6 f8g8",
    ),
    // ROC 2007 細則5 / PRC 1956 图十七 (俥四平二 將5平6 俥二平四 將6平5): the rook checks on the e-file, the king
    // steps aside, the rook's return to the d-file threatens 车进五 mate (the pawn guards f8), the king steps back.
    case(
        "axf-06-one-check-one-mate-threat-is-a-draw",
        "4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1",
        "",
        "d4e4 e9f9 e4d4 f9e9",
    ),
    case("axf-07-one-check-one-chase-is-a-draw", "9/4k4/9/9/9/9/7R1/9/9/3K3n1 w - - 0 1", "", "h3e3 e8f8 e3h3 f8e8"),
    case("axf-08-one-check-one-idle-is-a-draw", "4k4/9/1R1r5/9/9/3n5/9/9/3K5/9 w - - 0 1", "", "b7b9 e9e8 b9b7 e8e9"),
    case(
        "axf-08-one-check-one-threat-to-win-by-check-is-a-draw",
        "3k5/4a4/9/9/8R/9/9/3c5/6R2/5K3 w - - 0 1",
        "",
        "i5i9 d9d8 i9i5 d8d9",
    ),
    case(
        "axf-09-one-chase-one-threat-to-win-by-check-is-a-draw",
        "5r3/5P3/4k4/9/9/9/3C5/3K5/1c1R5/9 w - - 0 1",
        "",
        "d1g1 f9b9 g1d1 b9f9",
    ),
    case("axf-10-cannon-chasing-a-rook-loses", "9/1P1k5/9/9/5N3/C8/9/1c2K2R1/9/9 w - - 0 1", "", "h2h5 b2b5 h5h2 b5b2"),
    case(
        "axf-10-exception-rook-counter-chase-does-not-excuse",
        "5k3/1R3r3/9/9/2c6/9/3R5/9/1C1K5/1c7 w - - 0 1",
        "",
        "b8c8 b0c0 c8b8 c0b0",
    ),
    case(
        "axf-11-cannon-chasing-two-rooks-in-turn-is-a-draw",
        "9/4kr3/9/5r3/9/9/9/9/9/3K1CN2 w - - 0 1",
        "",
        "g0f2 f8f7 f2g0 f7f8",
    ),
    case(
        "axf-12-rook-attacking-a-protected-cannon-is-a-draw",
        "9/9/3k5/7N1/R1C2r3/9/9/9/9/4K4 w - - 0 1",
        "",
        "c5c2 f5f2 c2c5 f2f5",
    ),
    case(
        "axf-13-rook-chasing-an-unprotected-cannon-loses",
        "9/n3k4/9/9/c6R1/9/9/9/9/3K5 b - - 0 1",
        "",
        "a5a4 h5h4 a4a5 h4h5",
    ),
    case(
        "axf-14-rook-held-by-a-horse-may-not-be-chased",
        "3k1a3/1Nr4RC/9/9/9/9/9/9/9/5K3 b - - 0 1",
        "",
        "f9e8 h8h7 e8f9 h7h8",
    ),
    case(
        "axf-15-cannon-and-horse-chasing-one-rook-lose",
        "3n5/2R6/n3k4/p8/9/9/9/2c2K2C/9/9 w - - 0 1",
        "",
        "i2i1 a7c6 i1i2 c6a7",
    ),
    case(
        "axf-15-exception-counter-chasing-rook-does-not-excuse",
        "5c3/5k3/5r3/5N3/9/9/5N3/R4K3/6c2/9 w - - 0 1",
        "",
        "f3g5 f7d7 g5f3 d7f7",
    ),
    case("axf-16-horse-chasing-a-rook-loses", "4k4/9/9/8C/2r6/4N4/9/3K5/9/C8 b - - 0 1", "", "c5h5 e4f6 h5c5 f6e4"),
    case(
        "axf-17-rook-and-horse-chasing-each-other-is-a-draw",
        "5k3/9/9/2n6/9/1R7/9/9/9/3K5 w - - 0 1",
        "",
        "b4c4 c6a5 c4c5 a5b3 c5b5 b3d4 b5b4 d4c6",
    ),
    case("axf-18-rook-chasing-a-horse-loses", "5k2C/9/6n2/9/R8/9/9/4K4/9/1n7 w - - 0 1", "", "a5a7 g7f5 a7a5 f5g7"),
    case(
        "axf-18-exception-single-counter-chase-does-not-excuse",
        "9/9/4k4/9/4n4/6R2/9/9/5r3/3K5 w - - 0 1",
        "",
        "g4g5 e5c4 g5g4 c4e5",
    ),
    // AXF 2008 棋例 §19 捉同类子 (长献): the red rook follows the black rook from file to file, a3 to b3 and back,
    // and stands against it on its open file each time; the black rook steps aside to the other file. Both rooks
    // are unprotected and either could take the other: an offer, not a chase. Both kings sit behind their
    // advisors: at no point of the cycle has either side a mate, not even by continuous checks.
    case("axf-19-same-kind-offer-is-a-draw", "3aka3/9/1r7/9/9/9/R8/9/4A4/3AK4 w - - 0 1", "", "a3b3 b7a7 b3a3 a7b7"),
    case(
        "axf-19-exception-pinned-same-kind-may-not-be-chased",
        "4k4/9/4r4/R8/9/9/9/9/9/3KR4 w - - 0 1",
        "",
        "a6a7 e7e6 a7a6 e6e7",
    ),
    case(
        "axf-20-cannon-chasing-through-moved-screens-loses",
        "4k4/9/7n1/9/7C1/7c1/9/2NK2pC1/9/9 w - - 0 1",
        "",
        "h5e5 h4d4 e5h5 d4h4",
    ),
    case(
        "axf-20-exception-uncrossed-pawn-may-be-attacked",
        "4k4/9/9/8p/8C/8c/9/2NK2p1C/9/9 w - - 0 1",
        "",
        "i5e5 i4d4 e5i5 d4i4",
    ),
    // AXF 2008 棋例 §21: the black king on e7 has one flight, d7 (the rook on g8 holds rank 8, the red king the
    // f-file). Red threatens 车七进一 (c8c7) mate; the horse's step to e6 guards c7 and, leaving the g-file, lets the
    // cannon on g0 attack the rook on g8 over the cannon on g6 (a moved screen; the rook on c8 protects it). The
    // rook's step to d8 takes d7 and threatens 车三平五 (g8e8) mate; the horse's return to g7 guards e8 and is the
    // screen again for the cannon on g6 (the rook on d8 protects the rook). The rook's return threatens c8c7 mate
    // again. Before each rook move Red has no mate, not even by continuous checks: every threat is the rook move's,
    // and the chased rook never moves. AXF and ROC: the cannon's chase loses, the mate threats are allowed. PRC
    // 1956: the rook is protected, so no 长捉无根子, and Red's 长要杀 loses. CXA: 长杀 against 长捉, both forbidden.
    case(
        "axf-21-cannon-chasing-a-rook-through-moved-screens-loses",
        "9/2R3R2/4k1n2/6c2/9/9/9/9/5K3/6c2 b - - 0 1",
        "",
        "g7e6 c8d8 e6g7 d8c8",
    ),
    case(
        "axf-22-pinned-rook-moving-along-its-line-does-not-chase",
        "4k4/9/4b4/9/9/C3r4/9/9/4C4/3K5 w - - 0 1",
        "",
        "a4a5 e4e5 a5a4 e5e4",
    ),
    case(
        "axf-22-pinned-rook-moving-along-its-line-does-not-chase-control",
        "4k4/9/4b4/9/9/C3r4/9/9/9/3K5 w - - 0 1",
        "",
        "a4a5 e4e5 a5a4 e5e4",
    ),
    case(
        "axf-22-exception-held-rook-may-not-be-chased-by-a-horse",
        "4k4/9/4b4/9/9/4r4/3N5/9/4C4/3K5 w - - 0 1",
        "",
        "d3c5 e4e5 c5d3 e5e4",
    ),
    case(
        "axf-23-king-attacking-perpetually-is-a-draw",
        "1C3C3/4k4/9/9/9/9/9/9/9/3K5 b - - 0 1",
        "",
        "e8f8 f9e9 f8e8 e9f9",
    ),
    case(
        "axf-24-pawn-attacking-perpetually-is-a-draw",
        "1n7/2ck5/2r6/2P6/9/9/9/9/4K4/9 b - - 0 1",
        "",
        "c7d7 c6d6 d7c7 d6c6",
    ),
    case(
        "axf-25-king-joined-on-every-step-loses",
        "9/3k5/9/9/9/9/3n5/3N5/1p2K4/9 w - - 0 1",
        "",
        "e1d1 d3e5 d1e1 e5d3",
    ),
    case(
        "axf-25-pawn-joined-on-every-step-loses",
        "5k3/3c5/5a3/3P5/9/9/9/9/9/3RRK3 w - - 0 1",
        "",
        "d6e6 d8e8 e6d6 e8d8",
    ),
    case(
        "axf-26-rook-chasing-a-crossed-pawn-loses",
        "9/rP7/4k3C/9/9/9/9/9/1p3RR2/5K3 w - - 0 1",
        "",
        "f1f2 b1c1 f2f1 c1b1",
    ),
    case(
        "axf-27-one-piece-chasing-two-in-turn-is-a-draw",
        "9/9/2c2k3/2N6/9/9/9/2r6/3K5/9 w - - 0 1",
        "",
        "c6b4 c7a7 b4c6 a7c7",
    ),
    case(
        "axf-28-two-pieces-chasing-one-in-turn-lose",
        "9/9/5k3/9/2P6/9/2n6/9/2c1C4/4K1R2 b - - 0 1",
        "",
        "c3a4 g0h0 a4c3 h0g0",
    ),
    case(
        "axf-29-chasing-a-falsely-protected-piece-loses",
        "5k3/4c4/5N3/9/9/9/9/4K4/9/2n6 w - - 0 1",
        "",
        "f7d6 e8e9 d6f7 e9e8",
    ),
    case(
        "axf-31-chase-with-exchange-offer-is-still-a-chase",
        "N4r3/5k3/9/9/4P3C/9/2r6/9/n1R6/3K5 b - - 0 1",
        "",
        "c3c9 c1b1 c9c3 b1c1",
    ),
    case(
        "axf-32-chasing-the-controlling-rook-loses",
        "5k3/9/4c4/9/9/2P1r4/C1P6/4R4/9/4K4 w - - 0 1",
        "",
        "a3a4 e4e3 a4a3 e3e4",
    ),
    // AXF 2008 棋例 §33 长要抽吃: the red horse steps from h0 to f1, beside its king; the black rook's step to i8
    // threatens 车9进八 (check along the rank: the king has no square, the horse must block on h0 and is taken); the
    // horse returns to h0 and the rook's return to d8 threatens 车4进八 (the king must step up to f1, and the rook
    // takes the horse on h0). No threat stands before a rook move: each is the move's.
    case(
        "axf-33-perpetual-threat-to-win-by-check-is-a-draw",
        "4k4/3r5/9/9/9/9/9/9/9/5K1N1 w - - 0 1",
        "",
        "h0f1 d8i8 f1h0 i8d8",
    ),
    // PRC 1956 图六: the cannon stops the rook on its way to the ninth rank, file after file.
    case("axf-34-perpetual-block-is-a-draw", "4k4/9/9/9/c8/9/9/9/9/R2K5 w - - 0 1", "", "a0b0 a5b5 b0a0 b5a5"),
    case(
        "axf-35-perpetual-exchange-offer-is-a-draw",
        "9/9/5k3/9/r6R1/9/5C3/9/3K5/9 w - - 0 1",
        "",
        "h5c5 a5b5 c5h5 b5a5",
    ),
    // AXF 2008 棋例 §30 多子捉真根子: the black horse g5 has a true root, the elephant e7. The red rook steps from h4
    // to g4 and attacks the horse (between the pawn g3 and the horse it is a second screen and stops the cannon
    // g2); its return to h4 uncovers the cannon's attack over the pawn. Two pieces attack the horse in turn, one at
    // a time (one attacker against one root: no 少根子 of CXA 2020 第24条 24.15 either), while the black king steps
    // between e9 and e8. The pawn e3 keeps the cannon from checking over the elephant: at no point of the cycle
    // has either side a mate, not even by continuous checks.
    case(
        "axf-30-several-attackers-against-a-true-root-is-a-draw",
        "3aka3/9/4b4/9/6n2/7R1/4P1P2/6C2/9/3K5 w - - 0 1",
        "",
        "h4g4 e9e8 g4h4 e8e9",
    ),
    // ROC 2007 棋例之判決 A9: red checks on every move, each black king step uncovers a cannon's chase of the
    // checking rook (two cannons in turn).
    case(
        "roc-a9-perpetual-check-against-perpetual-chase",
        "cn2k4/cn6R/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "",
        "i8i9 e9e8 i9i8 e8e9",
    ),
    // PRC 1956 长跟 (图八): the black rook follows the red cannon, which the red rook protects on both squares.
    case("prc-follow-a-protected-cannon", "4k4/9/8r/9/9/R7C/9/9/9/3K5 w - - 0 1", "", "i4h4 i7h7 h4i4 h7i7"),
    // PRC 1956 长拦 (图六): the red rook changes files threatening mate, the black cannon blocks it every time. On
    // f1 the rook threatens 车四进八 mate (the pawn d7 takes d8, the rank takes e9); the cannon closes the f-file, and
    // the rook's return to the a-file threatens 车九进八 until the cannon comes back to a5. Before each rook move
    // Red has no mate, not even by continuous checks.
    case("prc-block-against-mate-threats", "3k5/9/3P5/9/c8/9/9/9/R8/3K5 w - - 0 1", "", "a1f1 a5f5 f1a1 f5a5"),
    // CXA 第27条: the red pawn attacks the black rook on every move while the rook chases two red horses in
    // turn: a mutual 长打, so the pawn's attacks are chases too (both sides 长捉, a draw).
    case("cxa-pawn-in-mutual-perpetual-attack", "5k3/9/9/2r6/3P5/9/3N5/2N6/9/4K4 w - - 0 1", "", "d5c5 c6d6 c5d5 d6c6"),
    // CXA 第24条 24.15 少根子: each black horse has one root (its pawn) against the red rook that comes and a red
    // piece that stays; the red rook alternates between them. Protected pieces: no chase under AXF 2008.
    case(
        "cxa-fewer-roots-than-attackers",
        "3aka3/9/9/2p3p2/R1n3n2/9/7N1/2R6/9/3K5 w - - 0 1",
        "",
        "c2g2 e9e8 g2c2 e8e9",
    ),
];
