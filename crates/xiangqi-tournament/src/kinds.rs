//! The kinds an event is made of: who is ranked ([`EventKind`]), how it is paired ([`System`]) and what a bye
//! scores ([`ByeKind`]).

use crate::names::names;

/// Individual or team event (个人赛 / 团体赛).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// Players are ranked.
    #[default]
    Individual,
    /// Teams are ranked; each match is played on several boards (台).
    Team,
}

names!(EventKind, "event kind", {
    Individual => "individual",
    Team => "team",
});

/// How the event is paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum System {
    /// Round robin (循环制); see [`berger`](crate::berger) for the pairing tables.
    #[default]
    RoundRobin,
    /// Swiss system (积分编排制, also written 积分循环制).
    Swiss,
}

names!(System, "system", {
    RoundRobin => "round_robin",
    Swiss => "swiss",
});

/// The kind of a bye (轮空): the points it gives are set in [`Scoring`](crate::Scoring).
///
/// There is no default kind: a [`Bye`](crate::Bye) that names none is scored as the ranking rules say
/// ([`Policies::default_bye`](crate::Policies::default_bye)), which the preset chooses. The bye of an odd round
/// robin ("对到最末号者轮空", ROC 2007 附錄) is no game, and the rule books score games only; a Swiss bye is scored
/// as a win (CXA 2011 14.4 "按胜局计分").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// Scored as a win (CXA 2011 14.4: "按胜局计分"; FIDE Handbook C.04.1 (c), the pairing-allocated bye).
    Full,
    /// Scored as a draw.
    Half,
    /// Scores nothing (the bye of an odd round robin: no game is played).
    Zero,
}

names!(ByeKind, "bye kind", {
    Full => "full",
    Half => "half",
    Zero => "zero",
});
