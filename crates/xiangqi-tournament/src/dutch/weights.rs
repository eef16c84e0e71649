//! The edge weights that encode C.04.3's criteria, most important first, one field of bits each (bbpPairings'
//! layout, so that a maximum-weight matching is the pairing its criteria choose).
//!
//! From the top: completion and bye eligibility (C4, C5); pairs and scores in the bracket (C6, C7) and in the
//! next one (C8); unplayed games of the bye assignee (C9); colour criteria (C10–C13); repeated floats of the
//! last two rounds (C14–C17) and their scores (C18–C21); then low bits left free for the bracket's own
//! ordering (exchanges, and the choice of each opponent).

use alloc::collections::BTreeMap;

use super::state::{Entrant, Float, RoundState};
use super::wide::Wide;
use crate::trf::Side;

/// The number of bits that hold `value` (0 for 0).
pub(crate) fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// The widths of the fields, from the players' scores.
pub(crate) struct Layout {
    /// Bits of a count of players in one score group (`B`).
    pub(crate) group_bits: u32,
    /// Bits of a "one bit field per score group" value (`S`).
    pub(crate) groups_bits: u32,
    /// For each score, where its field starts in an `S` value.
    pub(crate) shift_of: BTreeMap<u32, u32>,
    /// Rounds played before this one.
    pub(crate) played_rounds: u32,
}

/// What the fields below completion depend on, once the bye assignee's score is known.
pub(crate) struct ByeContext {
    /// The score of the player who will get the bye (0 until known).
    pub(crate) score: u32,
    /// C9 applies in the current bracket.
    pub(crate) single_downfloater_is_bye: bool,
    /// For each count of games played among the players of the bye score: its rank (most games first).
    pub(crate) unplayed_rank: BTreeMap<usize, u64>,
}

impl Layout {
    /// The layout for players sorted by score (highest first).
    pub(crate) fn new(sorted_scores: &[u32], played_rounds: u32) -> Layout {
        let mut shift_of = BTreeMap::new();
        let mut shift = 0;
        let mut largest = 0;
        let mut i = sorted_scores.len();
        while i > 0 {
            let score = sorted_scores[i - 1];
            let start = i;
            while i > 0 && sorted_scores[i - 1] == score {
                i -= 1;
            }
            let count = start - i;
            shift_of.insert(score, shift);
            shift += bits_for(count);
            largest = largest.max(count);
        }
        Layout { group_bits: bits_for(largest), groups_bits: shift, shift_of, played_rounds }
    }

    /// The bits below the top (completion) field.
    pub(crate) fn rest_bits(&self) -> u32 {
        let (b, s) = (self.group_bits, self.groups_bits);
        let mut bits = b + s + b + s + 2 * b + 4 * b;
        if self.played_rounds >= 1 {
            bits += 2 * b + 2 * s;
        }
        if self.played_rounds > 1 {
            bits += 2 * b + 2 * s;
        }
        bits + 3 * b + 1
    }

    /// The weight of a finalised pair: above every other edge weight (all ones, two bits above the rest).
    pub(crate) fn finalised<const N: usize>(&self) -> Wide<N> {
        Wide::from_u64(1).shl(self.rest_bits() + 2).sub(&Wide::from_u64(1))
    }

    /// Where the field of `score` starts in an `S` value.
    fn score_shift(&self, score: u32) -> u32 {
        self.shift_of[&score]
    }
}

/// Fields appended from the most significant, each added in its place: the value so far and the bits below
/// the last field appended (the widths of the fields still to come).
struct Fields<const N: usize> {
    value: Wide<N>,
    below: u32,
}

impl<const N: usize> Fields<N> {
    /// The top field's value, above `below` bits of fields to come.
    fn new(top: u64, below: u32) -> Fields<N> {
        Fields { value: Wide::ZERO.add_at(below, top), below }
    }

    /// The next field, `width` bits, holding `value`.
    fn push_small(&mut self, width: u32, value: u64) {
        self.below -= width;
        self.value = self.value.add_at(self.below, value);
    }

    /// The next field, an `S` value of `width` bits: one at the field of each score given (a score twice, two).
    fn push_scores(&mut self, width: u32, layout: &Layout, scores: &[u32]) {
        self.below -= width;
        for &score in scores {
            self.value = self.value.add_at(self.below + layout.score_shift(score), 1);
        }
    }

    /// The weight, once every field is appended.
    fn done(self) -> Wide<N> {
        debug_assert_eq!(self.below, 0, "the fields fill the layout");
        self.value
    }
}

/// Whether two players may meet: not met before nor forbidden, and not both with the same absolute colour
/// preference unless, in the last round, one of them has more than half the maximum score.
pub(crate) fn compatible(state: &RoundState, a: usize, b: usize) -> bool {
    if state.is_forbidden(a, b) {
        return false;
    }
    let (p, q) = (&state.players[a], &state.players[b]);
    let threshold = (state.played_rounds * state.points.win.max(state.points.draw)) >> 1;
    !p.absolute()
        || !q.absolute()
        || p.preference != q.preference
        || (state.played_rounds + 1 >= state.rounds && (p.score > threshold || q.score > threshold))
}

/// The two players of a pair, if they may meet.
fn meetable(state: &RoundState, (a, b): (usize, usize)) -> Option<(&Entrant, &Entrant)> {
    compatible(state, a, b).then(|| (&state.players[a], &state.players[b]))
}

fn is_bye_candidate(player: &Entrant, bye: &ByeContext) -> bool {
    player.bye_eligible && player.score <= bye.score
}

fn compatible_preferences(a: Option<Side>, b: Option<Side>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// The base weight of the pair `higher`–`lower` (indices into the state's players, `higher` ranked above), the
/// lower player in the current bracket or in the next one; zero when they may not meet.
pub(crate) fn edge_weight<const N: usize>(
    state: &RoundState,
    layout: &Layout,
    bye: &ByeContext,
    (higher_index, lower_index): (usize, usize),
    in_current: bool,
    in_next: bool,
) -> Wide<N> {
    let Some((higher, lower)) = meetable(state, (higher_index, lower_index)) else { return Wide::ZERO };
    let (b, s) = (layout.group_bits, layout.groups_bits);
    let mut fields = Fields::new(
        1 + u64::from(!is_bye_candidate(higher, bye)) + u64::from(!is_bye_candidate(lower, bye)),
        layout.rest_bits(),
    );
    let higher_score: &[u32] = &[higher.score];
    fields.push_small(b, u64::from(in_current));
    fields.push_scores(s, layout, if in_current { higher_score } else { &[] });
    fields.push_small(b, u64::from(in_next));
    fields.push_scores(s, layout, if in_next { higher_score } else { &[] });
    let mut unplayed = 0;
    if bye.single_downfloater_is_bye {
        for player in [higher, lower] {
            if player.score == bye.score {
                unplayed += bye.unplayed_rank[&player.played_games];
            }
        }
    }
    fields.push_small(2 * b, unplayed);
    push_colour_fields(&mut fields, b, lower, higher, in_current);
    let down = |player: &Entrant, back: usize| player.floats[back] == Float::Down;
    let up = |player: &Entrant, back: usize| player.floats[back] == Float::Up;
    let float_counts = |fields: &mut Fields<N>, back: usize| {
        let mut repeated_down = 0;
        let mut not_repeated_up = 0;
        if in_current {
            repeated_down = u64::from(down(lower, back)) + u64::from(higher.score <= lower.score && down(higher, back));
            not_repeated_up = u64::from(!(higher.score > lower.score && up(lower, back)));
        }
        fields.push_small(b, repeated_down);
        fields.push_small(b, not_repeated_up);
    };
    let float_scores = |fields: &mut Fields<N>, back: usize| {
        let mut down_scores = [0; 2];
        let mut downs = 0;
        let mut up_scores: &[u32] = &[];
        if in_current {
            for player in [lower, higher] {
                if down(player, back) {
                    down_scores[downs] = player.score;
                    downs += 1;
                }
            }
            if !(up(lower, back) && higher.score > lower.score) {
                up_scores = higher_score;
            }
        }
        fields.push_scores(s, layout, &down_scores[..downs]);
        fields.push_scores(s, layout, up_scores);
    };
    if layout.played_rounds >= 1 {
        float_counts(&mut fields, 0);
    }
    if layout.played_rounds > 1 {
        float_counts(&mut fields, 1);
    }
    if layout.played_rounds >= 1 {
        float_scores(&mut fields, 0);
    }
    if layout.played_rounds > 1 {
        float_scores(&mut fields, 1);
    }
    fields.push_small(3 * b + 1, 0);
    fields.done()
}

/// C10–C13, four fields of `b` bits: the absolute imbalance, the absolute preference, preferences met, strong
/// preferences met; counted only in the current bracket.
fn push_colour_fields<const N: usize>(
    fields: &mut Fields<N>,
    b: u32,
    player: &Entrant,
    opponent: &Entrant,
    in_current: bool,
) {
    let differ = player.preference != opponent.preference;
    let absolute_imbalance = !player.absolute_imbalance() || !opponent.absolute_imbalance() || differ;
    let absolute = !player.absolute()
        || !opponent.absolute()
        || differ
        || if player.imbalance == opponent.imbalance {
            player.repeated.is_none() || player.repeated != opponent.repeated
        } else {
            let smaller = if player.imbalance > opponent.imbalance { opponent } else { player };
            smaller.repeated != player.preference.map(Side::other)
        };
    let preferences = compatible_preferences(player.preference, opponent.preference);
    let strong = (!player.strong && !player.absolute())
        || (!opponent.strong && !opponent.absolute())
        || (player.absolute() && opponent.absolute())
        || differ;
    for met in [absolute_imbalance, absolute, preferences, strong] {
        fields.push_small(b, u64::from(in_current && met));
    }
}

/// The weight that decides the bye before the brackets are paired (odd number of players): completion and
/// eligibility, then the lowest score for the bye, then pairs within the top score group.
pub(crate) fn bye_search_weight<const N: usize>(
    state: &RoundState,
    layout: &Layout,
    (higher_index, lower_index): (usize, usize),
    top_score: u32,
) -> Wide<N> {
    let Some((higher, lower)) = meetable(state, (higher_index, lower_index)) else { return Wide::ZERO };
    let mut fields = Fields::new(
        1 + u64::from(!lower.bye_eligible) + u64::from(!higher.bye_eligible),
        layout.groups_bits + layout.group_bits,
    );
    let shifts = u64::from(layout.score_shift(lower.score)) + u64::from(layout.score_shift(higher.score));
    fields.push_small(layout.groups_bits, shifts);
    fields.push_small(layout.group_bits, u64::from(lower.score >= top_score));
    fields.done()
}
