//! One test per policy (the cases the rule books leave open), each showing the ranking or the values change with the option.

use crate::common;

use common::*;
use xiangqi_tournament::*;

use Criterion as C;

const BUCHHOLZ: Criterion = C::Buchholz { basis: Basis::Score, trim: Trim::None };

/// Five players, two rounds, E has the round-1 bye and B the round-2 bye; D scores nothing.
fn byes() -> Event {
    swiss(event(&["A", "B", "C", "D", "E"], "A>B C>D bye:E | E>D A>C bye:B"))
}

fn with_bye_opponent(policy: ByeOpponent) -> RankingRules {
    let mut rules = rules(&[C::Score, BUCHHOLZ]);
    rules.policies.bye_opponent = policy;
    rules
}

#[test]
fn bye_opponent_changes_buchholz_and_the_ranking() {
    let event = byes();
    let cases = [
        (ByeOpponent::Zero, ["4", "4", "0"], vec!["1 A", "2 E", "3= B", "3= C", "5 D"]),
        (ByeOpponent::Lowest, ["4", "4", "0"], vec!["1 A", "2 E", "3= B", "3= C", "5 D"]),
        (ByeOpponent::LowestNonZero, ["6", "4", "2"], vec!["1 A", "2 E", "3 B", "4 C", "5 D"]),
        (ByeOpponent::Own, ["6", "4", "4"], vec!["1= A", "1= E", "3 B", "4 C", "5 D"]),
        (ByeOpponent::Virtual, ["4", "4", "1"], vec!["1 A", "2 E", "3= B", "3= C", "5 D"]),
    ];
    for (policy, expected, expected_places) in cases {
        let s = standings(&event, &with_bye_opponent(policy));
        assert_eq!(values(&s, BUCHHOLZ, &["B", "C", "E"]), expected, "{policy:?}");
        assert_eq!(places(&s), expected_places, "{policy:?}");
    }
}

#[test]
fn lowest_bye_opponent_differs_from_zero_when_everyone_scored() {
    let event = swiss(event(&["A", "B", "C", "D", "E"], "A>B C>D bye:E | E=D A>C bye:B"));
    let zero = standings(&event, &with_bye_opponent(ByeOpponent::Zero));
    let lowest = standings(&event, &with_bye_opponent(ByeOpponent::Lowest));
    assert_eq!(values(&zero, C::Score, &["A", "B", "C", "D", "E"]), ["4", "2", "2", "1", "3"]);
    assert_eq!(values(&zero, BUCHHOLZ, &["B", "C"]), ["4", "5"]);
    assert_eq!(values(&lowest, BUCHHOLZ, &["B", "C"]), ["5", "5"]);
    assert_eq!(places(&zero)[2..4], ["3 C", "4 B"]);
    assert_eq!(places(&lowest)[2..4], ["3= B", "3= C"]);
}

/// P's only win is a forfeit by X; everyone scores 2.
const FORFEIT: &str = "P+X Q>Y | X>Q Y>P";

#[test]
fn forfeits_in_opponent_scores() {
    let event = swiss(event(&["P", "Q", "X", "Y"], FORFEIT));
    let mut rules = rules(&[C::Score, C::SonnebornBerger, BUCHHOLZ]);
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::SonnebornBerger, &["P", "Q", "X", "Y"]), ["2", "2", "2", "2"]);
    assert_eq!(places(&s), ["1= P", "1= Q", "1= X", "1= Y"]);

    rules.policies.forfeits.opponents = ForfeitOpponent::Excluded;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::SonnebornBerger, &["P", "Q", "X", "Y"]), ["0", "2", "2", "2"]);
    assert_eq!(values(&s, BUCHHOLZ, &["P", "Q", "X", "Y"]), ["2", "4", "2", "4"]);
    // Sonneborn-Berger puts P last; Buchholz then puts X, whose forfeit against P no longer counts, third.
    assert_eq!(places(&s), ["1= Q", "1= Y", "3 X", "4 P"]);

    rules.policies.forfeits.opponents = ForfeitOpponent::LikeBye;
    rules.policies.bye_opponent = ByeOpponent::Own;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, BUCHHOLZ, &["P", "Q", "X", "Y"]), ["4", "4", "4", "4"]);
    assert_eq!(values(&s, C::SonnebornBerger, &["P", "X"]), ["0", "2"]);
}

#[test]
fn forfeits_in_wins() {
    let event = swiss(event(&["P", "Q", "X", "Y"], FORFEIT));
    let mut rules = rules(&[C::Score, C::Wins]);
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::Wins, &["P", "Q"]), ["1", "1"]);
    assert_eq!(places(&s), ["1= P", "1= Q", "1= X", "1= Y"]);
    rules.policies.forfeits.in_wins = false;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::Wins, &["P", "Q"]), ["0", "1"]);
    assert_eq!(places(&s), ["1= Q", "1= X", "1= Y", "4 P"]);
}

#[test]
fn forfeits_in_second_mover_counts() {
    let event = event(&["A", "B", "C", "D"], "A-B C<D");
    let mut rules = rules(&[C::Score, C::SecondMoverWins, C::SecondMoverGames]);
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::SecondMoverWins, &["B", "D"]), ["0", "1"]);
    assert_eq!(values(&s, C::SecondMoverGames, &["B", "D"]), ["0", "1"]);
    assert_eq!(order(&s), ["D", "B", "A", "C"]);
    rules.policies.forfeits.in_second_mover_counts = true;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::SecondMoverWins, &["B", "D"]), ["1", "1"]);
    assert_eq!(places(&s)[..2], ["1= B", "1= D"]);
}

#[test]
fn byes_count_as_wins_only_when_asked() {
    let event = byes();
    let mut rules = rules(&[C::Score, C::Wins]);
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::Wins, &["A", "B", "C", "E"]), ["2", "0", "1", "1"]);
    assert_eq!(places(&s), ["1 A", "2 E", "3 C", "4 B", "5 D"]);
    rules.policies.bye_counts_as_win = true;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::Wins, &["A", "B", "C", "E"]), ["2", "1", "1", "2"]);
    assert_eq!(places(&s), ["1= A", "1= E", "3= B", "3= C", "5 D"]);
}

#[test]
fn champion_is_not_shared() {
    let event = event(&["A", "B"], "A=B");
    let mut rules = rules(&[C::Score]);
    assert_eq!(places(&standings(&event, &rules)), ["1= A", "1= B"]);

    rules.policies.champion = ChampionPolicy::Lots;
    let by_lots = standings(&event, &rules);
    assert_eq!(by_lots.rows[0].place, 1);
    assert_eq!(by_lots.rows[1].place, 2);
    let Reason::Lots { above, below } = by_lots.explanations[0].reason else { panic!("{:?}", by_lots.explanations) };
    assert!(above < below);

    rules.policies.champion = ChampionPolicy::Playoff;
    let by_playoff_policy = standings(&event, &rules);
    assert_eq!(
        (by_playoff_policy.rows, by_playoff_policy.explanations),
        (by_lots.rows.clone(), by_lots.explanations.clone()),
        "without a play-off, lots decide"
    );
    let mut with_playoff = event.clone();
    with_playoff.playoff = vec!["B".into(), "A".into()];
    let s = standings(&with_playoff, &rules);
    assert_eq!(places(&s), ["1 B", "2 A"]);
    assert_eq!(why(&s), ["B above A: play-off for first place"]);
    with_playoff.playoff = vec!["A".into(), "B".into()];
    assert_eq!(places(&standings(&with_playoff, &rules)), ["1 A", "2 B"]);
}

#[test]
fn only_the_champion_is_split() {
    let event = event(&["A", "B", "C"], "A=B | B=C | C=A");
    let mut rules = rules(&[C::Score]);
    rules.policies.champion = ChampionPolicy::Lots;
    let s = standings(&event, &rules);
    assert_eq!(s.rows.iter().map(|r| (r.place, r.shared)).collect::<Vec<_>>(), [(1, false), (2, true), (2, true)]);
    assert!(matches!(s.explanations[0].reason, Reason::Lots { .. }));
    assert_eq!(s.explanations[1].reason, Reason::Tied);

    rules.policies.other_places = OtherPlaces::Lots;
    let s = standings(&event, &rules);
    assert_eq!(s.rows.iter().map(|r| r.place).collect::<Vec<_>>(), [1, 2, 3]);
}

/// Five players; E loses to A and B, then withdraws after round 2 having met 2 of 4 opponents: exactly half.
const HALF: &str = "A>E | B>E | C=D | A=B | A>C | D>B | B=C | A<D";

#[test]
fn withdrawal_at_exactly_half() {
    let mut event = event(&["A", "B", "C", "D", "E"], HALF);
    event.withdrawals.push(Withdrawal { player: "E".into(), after_round: 2 });
    let mut rules = rules(&[C::Score]);
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::Score, &["A", "B", "C", "D", "E"]), ["5", "4", "4", "7", "0"]);
    assert_eq!(
        s.withdrawals[0],
        WithdrawalNote { id: "E".into(), after_round: 2, played: 2, total: 4, annulled: false }
    );
    assert_eq!(order(&s), ["D", "A", "B", "C", "E"]);

    rules.policies.withdrawal.exact_half = ExactHalf::Annul;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::Score, &["A", "B", "C", "D", "E"]), ["3", "2", "2", "5", "0"]);
    assert!(s.withdrawals[0].annulled);
}

#[test]
fn withdrawal_before_half_annuls_every_result_including_later_forfeits() {
    let mut event = event(&["A", "B", "C", "D", "E"], HALF);
    event.rounds.push(Round {
        games: vec![TournamentGame::new("C", "E", TournamentResult::RedWinsByForfeit)],
        ..Round::default()
    });
    event.withdrawals.push(Withdrawal { player: "E".into(), after_round: 1 });
    let s = standings(&event, &rules(&[C::Score]));
    assert_eq!(values(&s, C::Score, &["A", "B", "C", "D", "E"]), ["3", "2", "2", "5", "0"]);
    assert_eq!(
        s.withdrawals[0],
        WithdrawalNote { id: "E".into(), after_round: 1, played: 1, total: 4, annulled: true }
    );
}

#[test]
fn withdrawal_after_half_turns_recorded_later_games_into_forfeits() {
    let mut event = event(&["A", "B", "C", "D", "E"], HALF);
    // E is recorded as beating C after withdrawing: the result does not stand, C wins by forfeit.
    event
        .rounds
        .push(Round { games: vec![TournamentGame::new("E", "C", TournamentResult::RedWins)], ..Round::default() });
    event.rounds.push(Round { games: vec![TournamentGame::new("D", "E", TournamentResult::Draw)], ..Round::default() });
    event.withdrawals.push(Withdrawal { player: "E".into(), after_round: 8 });
    let s = standings(&event, &rules(&[C::Score, C::Wins]));
    assert_eq!(values(&s, C::Score, &["A", "B", "C", "D", "E"]), ["5", "4", "4", "7", "0"]);
    assert!(!s.withdrawals[0].annulled);
}

#[test]
fn swiss_withdrawal_keeps_results_and_forfeits_published_pairings() {
    let mut event = swiss(event(&["A", "B", "C", "D", "E", "F"], "A>D B>E C>F | A>B D<F C<E | A<C B=F D=E"));
    event.withdrawals.push(Withdrawal { player: "D".into(), after_round: 1 });
    let s = standings(&event, &Preset::AxfIndividualSwiss.rules());
    // D's round-2 loss stands as a forfeit, the round-3 draw becomes a forfeit win for E.
    assert_eq!(values(&s, C::Score, &["A", "B", "C", "D", "E", "F"]), ["4", "3", "4", "0", "4", "3"]);
    assert_eq!(
        s.withdrawals[0],
        WithdrawalNote { id: "D".into(), after_round: 1, played: 1, total: 3, annulled: false }
    );
}

/// Three players, so one has the bye of the odd round robin in each round ("对到最末号者轮空"); the event does not
/// mark what the byes score. Over the board A has 3 points, C 3 and B 0.
const UNMARKED_BYES: &str = "A>B unmarked:C | C=A unmarked:B | B<C unmarked:A";

#[test]
fn an_unmarked_bye_scores_as_the_preset_says() {
    let unmarked = event(&["A", "B", "C"], UNMARKED_BYES);
    let score = |rules: &RankingRules| values(&standings(&unmarked, rules), C::Score, &["A", "B", "C"]);
    // No default awards a win: the default policies and the round-robin presets score the bye as no game.
    assert_eq!(Policies::default().default_bye, ByeKind::Zero);
    assert_eq!(score(&rules(&[C::Score])), ["3", "0", "3"]);
    for preset in [Preset::AxfIndividualRoundRobin, Preset::RocIndividualRoundRobin, Preset::Cxa14_1] {
        assert_eq!(preset.policies().default_bye, ByeKind::Zero, "{preset}");
        assert_eq!(score(&preset.rules()), ["3", "0", "3"], "{preset}");
    }
    // The Swiss presets score the pairing-allocated bye as a win (2 points).
    for preset in [Preset::AxfIndividualSwiss, Preset::Cxa14_3_1, Preset::FideStyle] {
        assert_eq!(preset.policies().default_bye, ByeKind::Full, "{preset}");
        assert_eq!(score(&preset.rules()), ["5", "2", "5"], "{preset}");
    }
    // The policy can be overridden, and a kind the event gives always counts.
    let mut half = Preset::AxfIndividualRoundRobin.rules();
    half.policies.default_bye = ByeKind::Half;
    assert_eq!(score(&half), ["4", "1", "4"]);
    let marked = event(&["A", "B", "C"], "A>B bye:C | C=A unmarked:B | B<C zero:A");
    assert_eq!(
        values(&standings(&marked, &Preset::AxfIndividualRoundRobin.rules()), C::Score, &["A", "B", "C"]),
        ["3", "0", "5"]
    );
    assert_eq!(
        values(&standings(&marked, &Preset::AxfIndividualSwiss.rules()), C::Score, &["A", "B", "C"]),
        ["3", "2", "5"]
    );
}

#[test]
fn an_unmarked_team_bye_scores_match_and_game_points_by_the_preset() {
    // Two boards: T1 beats T2 on board 1 and draws board 2; T3 has the bye.
    let event = team_event(&["T1", "T2", "T3"], "T1:T2=W/D unmarked:T3");
    let round_robin = standings(&event, &Preset::AxfTeamRoundRobin.rules());
    assert_eq!(values(&round_robin, C::Score, &["T1", "T2", "T3"]), ["2", "0", "0"]);
    assert_eq!(values(&round_robin, C::GamePoints, &["T1", "T2", "T3"]), ["3", "1", "0"]);
    let swiss = standings(&event, &Preset::AxfTeamSwiss.rules());
    // A won match (场分 2) and a won game on each board (局分 2 + 2).
    assert_eq!(values(&swiss, C::Score, &["T1", "T2", "T3"]), ["2", "0", "2"]);
    assert_eq!(values(&swiss, C::GamePoints, &["T1", "T2", "T3"]), ["3", "1", "4"]);
}
