//! Ranking: criteria applied in order to tie groups, the championship rule, and the explanation.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::event_error::EventError;
use crate::explain::{list_detail, Explanation, Reason};
use crate::model::Event;
use crate::policy::{ChampionPolicy, OtherPlaces, Policies, TieSplit};
use crate::ranking_spec::RankingSpec;
use crate::record::records;
use crate::rules::RankingRules;
use crate::tiebreak::{Context, Criterion, Value};
use crate::tournament::Tournament;
use crate::width::{display_width, pad};
use crate::withdrawal::{apply, WithdrawalNote};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Row {
    /// The place (1 = first); tied participants share the place of the first of them.
    pub place: usize,
    /// Whether the place is shared.
    pub shared: bool,
    /// Participant id.
    pub id: String,
    /// Participant name; empty when the event gives none.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "String::is_empty"))]
    pub name: String,
    /// The value of every criterion of [`Standings::criteria`], in that order. A head-to-head criterion shows
    /// its value among the participants with the same score, or, where the ranking applied it to a smaller tie,
    /// its value there (so a value that decided a place is shown); [`Value::NotApplicable`] where neither applies.
    ///
    /// In JSON an object keyed by criterion, in ranking order: `{"score": "7", "sonneborn-berger": "14.5", …}`.
    #[cfg_attr(feature = "serde", serde(with = "crate::tiebreak::keyed_values"))]
    pub values: Vec<(Criterion, Value)>,
}

impl Row {
    /// The value of `criterion`, if it is one of the ranking's criteria.
    #[must_use]
    pub fn value(&self, criterion: Criterion) -> Option<&Value> {
        self.values.iter().find(|(c, _)| *c == criterion).map(|(_, v)| v)
    }
}

/// The ranked event.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standings {
    /// The event name.
    pub event: String,
    /// The name of the [`RankingRules`] applied ([`RankingRules::name`]: a preset name such as `axf-rr`, or
    /// `cxa-14.1 (custom criteria)`, or the caller's). The JSON key is `ruleset` too.
    pub ruleset: String,
    /// The criteria, in order.
    pub criteria: Vec<Criterion>,
    /// The policies applied.
    pub policies: Policies,
    /// The participants, best first.
    pub rows: Vec<Row>,
    /// For each two neighbours, what separated them (`rows.len() - 1` entries).
    pub explanations: Vec<Explanation>,
    /// How each withdrawal was applied.
    pub withdrawals: Vec<WithdrawalNote>,
}

/// Ranks a checked event by `rules`.
///
/// To rank an event as its file chooses, with a caller's preset or policy overrides on top, use
/// [`rank_event`]; `rank` is for rules built in code.
///
/// ```
/// use xiangqi::tournament::{rank, Event, Preset, Round, Tournament, TournamentGame, TournamentResult::*};
/// // A Berger-4 round robin: B and C tie on 4 points, and 小分 (Sonneborn-Berger) puts B first.
/// let mut event = Event::with_players(["A", "B", "C", "D"]);
/// for games in [[("A", "D", RedWins), ("B", "C", Draw)], [("D", "C", BlackWins), ("A", "B", BlackWins)],
///               [("B", "D", Draw), ("C", "A", Draw)]] {
///     let games = games.iter().map(|&(red, black, result)| TournamentGame::new(red, black, result)).collect();
///     event.rounds.push(Round { games, ..Round::default() });
/// }
/// let standings = rank(&Tournament::new(&event)?, &Preset::AxfIndividualRoundRobin.rules());
/// let order: Vec<&str> = standings.rows.iter().map(|row| row.id.as_str()).collect();
/// assert_eq!(order, ["B", "C", "A", "D"]);
/// assert_eq!(standings.explanations[0].to_string(), "B above C: 小分 (Sonneborn-Berger) 5.5 > 4.5");
/// # Ok::<_, xiangqi::tournament::EventError>(())
/// ```
#[must_use]
pub fn rank(tournament: &Tournament, rules: &RankingRules) -> Standings {
    let policies = &rules.policies;
    let (rounds, withdrawals) = apply(tournament, &policies.withdrawal);
    let records = records(tournament, &rounds, policies.default_bye);
    let ctx = Context { tournament, rounds: &rounds, records: &records, policies };
    let values: Vec<Option<Vec<Value>>> = rules.criteria.iter().map(|&c| ctx.values(c)).collect();
    let ranker = Ranker { ctx: &ctx, criteria: &rules.criteria, values: &values };
    let mut shown = ranker.group_columns();
    let (mut blocks, mut reasons) = ranker.split((0..tournament.len()).collect(), 0, &mut shown);
    let lots = crate::tiebreak::lot_numbers_for(&ctx);
    decide_champion(tournament, policies, &lots, &mut blocks, &mut reasons);
    if policies.other_places == OtherPlaces::Lots {
        split_by_lots(&lots, &mut blocks, &mut reasons);
    }
    let rows = ranker.rows(&blocks, shown);
    let explanations = explanations(tournament, &blocks, &reasons);
    Standings {
        event: tournament.name.clone(),
        ruleset: rules.name.clone(),
        criteria: rules.criteria.clone(),
        policies: *policies,
        rows,
        explanations,
        withdrawals,
    }
}

/// Checks `event` and ranks it as its `ranking` chooses (preset, custom criteria, policy overrides; without a
/// preset the event's own, [`Tournament::default_preset`]), with `choice` on top ([`RankingSpec::then`]): the
/// caller's preset replaces the file's, the caller's policy overrides apply after the file's. This is what the
/// `xiangqi standings` command, the `standings` example and the WebAssembly `standings` do.
///
/// ```
/// use xiangqi::tournament::{rank_event, Bye, Event, Preset, RankingSpec, Round, TournamentGame, TournamentResult::*};
///
/// // Three players: in each round one has the bye of the odd round robin.
/// let mut event = Event::with_players(["A", "B", "C"]);
/// for (red, black, result, bye) in [("A", "B", RedWins, "C"), ("C", "A", Draw, "B"), ("B", "C", BlackWins, "A")] {
///     let byes = vec![Bye { player: bye.into(), kind: None }];
///     event.rounds.push(Round { games: vec![TournamentGame::new(red, black, result)], byes, ..Round::default() });
/// }
/// // No preset in the event: `axf-rr`, under which a bye the event does not mark scores nothing.
/// let standings = rank_event(&event, &RankingSpec::default())?;
/// assert_eq!(standings.ruleset, "axf-rr");
/// assert_eq!(standings.explanations[0].to_string(), "C above A: 后手胜局 (wins as second mover) 1 > 0");
/// assert_eq!(standings.rows[0].values[0].1.to_string(), "3");
///
/// // The caller's preset on top: `axf-swiss` scores the same byes as wins.
/// let swiss = RankingSpec { preset: Some(Preset::AxfIndividualSwiss), ..RankingSpec::default() };
/// assert_eq!(rank_event(&event, &swiss)?.rows[0].values[0].1.to_string(), "5");
/// # Ok::<_, xiangqi::tournament::EventError>(())
/// ```
///
/// # Errors
///
/// The [`EventError`] of [`Tournament::new`] for an event that cannot be ranked; nothing else can fail (a
/// preset or an override that is not known is refused where its text is read).
pub fn rank_event(event: &Event, choice: &RankingSpec) -> Result<Standings, EventError> {
    let tournament = Tournament::new(event)?;
    let rules = event.ranking.then(choice).rules(tournament.default_preset());
    Ok(rank(&tournament, &rules))
}

/// Tied participants, in input order.
type Block = Vec<usize>;

/// Per criterion, the values shown for a head-to-head criterion (`None` for the others).
type Shown = Vec<Option<Vec<Value>>>;

struct Ranker<'a> {
    ctx: &'a Context<'a>,
    criteria: &'a [Criterion],
    /// Precomputed values of the criteria that do not depend on the group.
    values: &'a [Option<Vec<Value>>],
}

impl Ranker<'_> {
    /// The values of criterion `c` for the members of `group`.
    fn group_values(&self, c: usize, group: &[usize]) -> Vec<Value> {
        match &self.values[c] {
            Some(all) => group.iter().map(|&p| all[p].clone()).collect(),
            None => self.ctx.group_values(self.criteria[c], group),
        }
    }

    /// Ranks a tie group from criterion `start` on: the blocks in order, and the reasons between consecutive
    /// blocks. Every applicable value of a head-to-head criterion is written into `shown`, so that the rows show
    /// the value of the smallest tie group the criterion was applied to.
    fn split(&self, group: Block, start: usize, shown: &mut Shown) -> (Vec<Block>, Vec<Reason>) {
        if group.len() < 2 {
            return (alloc::vec![group], Vec::new());
        }
        for c in start..self.criteria.len() {
            let criterion = self.criteria[c];
            let values = self.group_values(c, &group);
            if let Some(column) = &mut shown[c] {
                for (&p, v) in group.iter().zip(&values).filter(|(_, v)| **v != Value::NotApplicable) {
                    column[p] = v.clone();
                }
            }
            let mut order: Vec<usize> = (0..group.len()).collect();
            order.sort_by(|&i, &j| criterion.compare(&values[j], &values[i]).then(group[i].cmp(&group[j])));
            let mut classes: Vec<Vec<usize>> = Vec::new();
            for &i in &order {
                match classes.last_mut() {
                    Some(class) if criterion.compare(&values[class[0]], &values[i]) == Ordering::Equal => class.push(i),
                    _ => classes.push(alloc::vec![i]),
                }
            }
            if classes.len() == 1 {
                continue;
            }
            let next = match self.ctx.policies.tie_split {
                TieSplit::Restart => 0,
                TieSplit::Continue => c + 1,
            };
            let mut blocks = Vec::new();
            let mut reasons = Vec::new();
            for (k, class) in classes.iter().enumerate() {
                if k > 0 {
                    let above = &values[classes[k - 1][0]];
                    let below = &values[class[0]];
                    reasons.push(self.reason(criterion, above, below, group.len()));
                }
                let members = class.iter().map(|&i| group[i]).collect();
                let (sub_blocks, sub_reasons) = self.split(members, next, shown);
                blocks.extend(sub_blocks);
                reasons.extend(sub_reasons);
            }
            return (blocks, reasons);
        }
        let mut tied = group;
        tied.sort_unstable();
        (alloc::vec![tied], Vec::new())
    }

    fn reason(&self, criterion: Criterion, above: &Value, below: &Value, group: usize) -> Reason {
        let (above, below, detail) = match (above, below) {
            (Value::List(a), Value::List(b)) => match a.iter().zip(b).position(|(x, y)| x != y) {
                Some(k) => (Value::Points(a[k]), Value::Points(b[k]), list_detail(criterion, k, self.ctx.rounds.len())),
                None => (above.clone(), below.clone(), None),
            },
            _ => (above.clone(), below.clone(), None),
        };
        Reason::Criterion { criterion, label: criterion.label(), above, below, group, detail }
    }

    /// The head-to-head columns before ranking: each criterion's values among the participants with the same
    /// primary score (`None` for the other criteria, whose values do not depend on the group).
    fn group_columns(&self) -> Shown {
        let n = self.ctx.len();
        let score_groups = self.score_groups();
        (0..self.criteria.len())
            .map(|c| {
                self.values[c].is_none().then(|| {
                    let mut column = alloc::vec![Value::NotApplicable; n];
                    for group in score_groups.iter().filter(|g| g.len() > 1) {
                        for (&p, v) in group.iter().zip(self.ctx.group_values(self.criteria[c], group)) {
                            column[p] = v;
                        }
                    }
                    column
                })
            })
            .collect()
    }

    /// The rows: places, and each criterion's value.
    fn rows(&self, blocks: &[Block], shown: Shown) -> Vec<Row> {
        let tournament = self.ctx.tournament;
        let columns: Vec<Vec<Value>> = shown
            .into_iter()
            .zip(self.values)
            .map(|(group, all)| group.or_else(|| all.clone()).unwrap_or_default())
            .collect();
        let mut rows = Vec::with_capacity(tournament.len());
        for block in blocks {
            let place = rows.len() + 1;
            for &p in block {
                rows.push(Row {
                    place,
                    shared: block.len() > 1,
                    id: tournament.ids[p].clone(),
                    name: tournament.names[p].clone(),
                    values: self.criteria.iter().zip(&columns).map(|(&c, column)| (c, column[p].clone())).collect(),
                });
            }
        }
        rows
    }

    /// Participants grouped by equal primary score.
    fn score_groups(&self) -> Vec<Vec<usize>> {
        let mut order: Vec<usize> = (0..self.ctx.len()).collect();
        order.sort_by_key(|&p| (core::cmp::Reverse(self.ctx.records[p].primary), p));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for p in order {
            match groups.last_mut() {
                Some(g) if self.ctx.records[g[0]].primary == self.ctx.records[p].primary => g.push(p),
                _ => groups.push(alloc::vec![p]),
            }
        }
        groups
    }
}

/// The championship may not be shared (AXF 2008 第二章第五节 六): a tie for first place is split by the
/// play-off, else by lots. Only the champion is separated; the others keep sharing the next place.
fn decide_champion(
    tournament: &Tournament,
    policies: &Policies,
    lots: &[i64],
    blocks: &mut Vec<Block>,
    reasons: &mut Vec<Reason>,
) {
    let Some(first) = blocks.first() else { return };
    if first.len() < 2 || policies.champion == ChampionPolicy::Shared {
        return;
    }
    let by_playoff = |p: &usize| tournament.playoff.iter().position(|q| q == p);
    let playoff_winner = first.iter().filter(|p| by_playoff(p).is_some()).min_by_key(|p| by_playoff(p));
    let (champion, by_lots) = match (policies.champion, playoff_winner) {
        (ChampionPolicy::Playoff, Some(&winner)) => (winner, false),
        _ => (first.iter().copied().min_by_key(|&p| lots[p]).unwrap_or(first[0]), true),
    };
    let rest: Block = first.iter().copied().filter(|&p| p != champion).collect();
    let reason = if by_lots { Reason::Lots { above: lots[champion], below: lots[rest[0]] } } else { Reason::Playoff };
    blocks[0] = rest;
    blocks.insert(0, alloc::vec![champion]);
    reasons.insert(0, reason);
}

/// Splits every remaining tie by lots.
fn split_by_lots(lots: &[i64], blocks: &mut Vec<Block>, reasons: &mut Vec<Reason>) {
    let mut new_blocks = Vec::with_capacity(blocks.len());
    let mut new_reasons = Vec::with_capacity(reasons.len());
    for (k, block) in blocks.iter().enumerate() {
        if k > 0 {
            new_reasons.push(reasons[k - 1].clone());
        }
        let mut members = block.clone();
        members.sort_by_key(|&p| lots[p]);
        for (i, &p) in members.iter().enumerate() {
            if i > 0 {
                new_reasons.push(Reason::Lots { above: lots[members[i - 1]], below: lots[p] });
            }
            new_blocks.push(alloc::vec![p]);
        }
    }
    *blocks = new_blocks;
    *reasons = new_reasons;
}

fn explanations(tournament: &Tournament, blocks: &[Block], reasons: &[Reason]) -> Vec<Explanation> {
    let mut explanations = Vec::new();
    let mut previous: Option<usize> = None;
    for (k, block) in blocks.iter().enumerate() {
        for (i, &p) in block.iter().enumerate() {
            if let Some(above) = previous {
                let reason = if i == 0 { reasons[k - 1].clone() } else { Reason::Tied };
                explanations.push(Explanation {
                    above: tournament.ids[above].clone(),
                    below: tournament.ids[p].clone(),
                    reason,
                });
            }
            previous = Some(p);
        }
    }
    explanations
}

impl fmt::Display for Standings {
    /// A plain-text table: place, id, name (when any participant has one) and every criterion value, padded by
    /// display width (a CJK character takes two columns); then the explanation and the withdrawals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.event.is_empty() {
            writeln!(f, "{}", self.event)?;
        }
        writeln!(f, "ruleset: {}", self.ruleset)?;
        for (i, c) in self.criteria.iter().enumerate() {
            writeln!(f, "  c{}: {} = {} ({})", i + 1, c.key(), c.label(), c.name())?;
        }
        let named = self.rows.iter().any(|row| !row.name.is_empty());
        let mut header: Vec<String> = alloc::vec!["place".into(), "id".into()];
        if named {
            header.push("name".into());
        }
        let texts = header.len();
        header.extend((1..=self.criteria.len()).map(|c| alloc::format!("c{c}")));
        let mut lines = alloc::vec![header];
        for row in &self.rows {
            let mut line =
                alloc::vec![alloc::format!("{}{}", row.place, if row.shared { "=" } else { "" }), row.id.clone()];
            if named {
                line.push(row.name.clone());
            }
            line.extend(row.values.iter().map(|(_, v)| alloc::format!("{v}")));
            lines.push(line);
        }
        let widths: Vec<usize> = (0..lines[0].len())
            .map(|c| lines.iter().filter_map(|line| line.get(c)).map(|t| display_width(t)).max().unwrap_or(0))
            .collect();
        for line in &lines {
            for (c, (text, &width)) in line.iter().zip(&widths).enumerate() {
                if c > 0 {
                    f.write_str(" ")?;
                }
                let last = c + 1 == line.len();
                // Text columns are left-aligned (the last one unpadded), values right-aligned.
                match (c < texts, last) {
                    (true, true) => f.write_str(text)?,
                    (true, false) => pad(f, text, width, false)?,
                    (false, _) => pad(f, text, width, true)?,
                }
            }
            writeln!(f)?;
        }
        if !self.explanations.is_empty() {
            writeln!(f, "why:")?;
            for e in &self.explanations {
                writeln!(f, "  {e}")?;
            }
        }
        for w in &self.withdrawals {
            let rule = if w.annulled { "results annulled" } else { "results stand, the rest are forfeits" };
            writeln!(
                f,
                "withdrawal: {} after round {} ({} of {} played): {rule}",
                w.id, w.after_round, w.played, w.total
            )?;
        }
        Ok(())
    }
}
