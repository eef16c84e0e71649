//! Worked examples from the rule books' ranking orders, each with its exact ordering and tiebreak values.

use crate::common;

use common::*;
use xiangqi_tournament::*;

const ABCD: [&str; 4] = ["A", "B", "C", "D"];

#[test]
fn example_1_berger_4_same_under_every_round_robin_preset() {
    let event = event(&ABCD, "A>D B=C | D<C A<B | B=D C=A");
    for preset in
        [Preset::AxfIndividualRoundRobin, Preset::RocIndividualRoundRobin, Preset::Cxa14_1, Preset::AxfShortRoundRobin]
    {
        let s = standings(&event, &preset.rules());
        assert_eq!(order(&s), ["B", "C", "A", "D"], "{preset}");
        assert_eq!(values(&s, Criterion::Score, &["A", "B", "C", "D"]), ["3", "4", "4", "1"]);
        assert_eq!(values(&s, Criterion::SonnebornBerger, &["B", "C"]), ["5.5", "4.5"]);
        assert!(why(&s)[0].starts_with("B above C: 小分 (Sonneborn-Berger) 5.5 > 4.5"), "{preset}: {:?}", why(&s));
    }
}

#[test]
fn example_2_cyclic_tie_restart_versus_continue() {
    let event = event(&ABCD, "A>D B>C | D<C A>B | B>D C>A");
    let mut axf = Preset::AxfIndividualRoundRobin.rules();
    let s = standings(&event, &axf);
    assert_eq!(order(&s), ["C", "A", "B", "D"]);
    assert_eq!(values(&s, Criterion::SonnebornBerger, &["A", "B", "C"]), ["4", "4", "4"]);
    assert_eq!(values(&s, Criterion::Wins, &["A", "B", "C"]), ["2", "2", "2"]);
    assert_eq!(values(&s, Criterion::SecondMoverWins, &["A", "B", "C"]), ["0", "0", "1"]);
    assert_eq!(
        why(&s)[..2],
        ["C above A: 后手胜局 (wins as second mover) 1 > 0", "A above B: 两人对赛胜负 (direct encounter (pair)) 2 > 0",]
    );
    axf.policies.tie_split = TieSplit::Continue;
    let s = standings(&event, &axf);
    assert_eq!(order(&s), ["C", "B", "A", "D"]);
    assert_eq!(values(&s, Criterion::SecondMoverGames, &["A", "B"]), ["1", "1"]);
    assert_eq!(why(&s)[1], "B above A: 两人对赛时执后手者 (second mover in the mutual game) 1 > 0");

    // CXA 14.1: 后走局数 separates C (2) from A and B (1 each); then 直胜 (restart) or 对局时后走 (continue).
    let mut cxa = Preset::Cxa14_1.rules();
    let s = standings(&event, &cxa);
    assert_eq!(order(&s), ["C", "A", "B", "D"]);
    assert_eq!(why(&s)[0], "C above A: 后手赛局 (games as second mover) 2 > 1");
    cxa.policies.tie_split = TieSplit::Continue;
    assert_eq!(order(&standings(&event, &cxa)), ["C", "B", "A", "D"]);
}

const TEAMS: [&str; 4] = ["T1", "T2", "T3", "T4"];

#[test]
fn example_4a_team_round_robin_small_points() {
    let event = team_event(&TEAMS, "T1:T4=W/D/D T2:T3=W/D/D | T4:T3=W/D/D T1:T2=W/D/L | T2:T4=D/D/D T3:T1=W/D/D");
    for preset in [Preset::AxfTeamRoundRobin, Preset::RocTeamRoundRobin] {
        let s = standings(&event, &preset.rules());
        assert_eq!(order(&s), ["T2", "T1", "T4", "T3"]);
        assert_eq!(values(&s, Criterion::Score, &TEAMS), ["3", "4", "2", "3"]);
        assert_eq!(values(&s, Criterion::GamePoints, &TEAMS), ["9", "10", "8", "9"]);
        assert_eq!(values(&s, Criterion::SonnebornBerger, &["T1", "T4"]), ["5", "4"]);
        assert_eq!(why(&s)[1], "T1 above T4: 小分 (Sonneborn-Berger) 5 > 4");
    }
}

#[test]
fn example_4b_total_game_points_before_head_to_head() {
    let event = team_event(&TEAMS, "T1:T4=W/D/D T2:T3=W/D/D | T4:T3=W/W/D T1:T2=W/D/L | T2:T4=D/D/D T3:T1=W/D/D");
    let s = standings(&event, &Preset::AxfTeamRoundRobin.rules());
    assert_eq!(order(&s), ["T2", "T4", "T1", "T3"]);
    assert_eq!(values(&s, Criterion::GamePoints, &["T4", "T1"]), ["10", "9"]);
    assert_eq!(why(&s)[1], "T4 above T1: 局分 (game points) 10 > 9");
}

#[test]
fn example_5_two_game_matches_cxa_14_2() {
    let event = individual_matches(two_game_event(&["A", "B", "C"], "A:B=WD | B:C=WW | C:A=WD"));
    let s = standings(&event, &Preset::Cxa14_2.rules());
    assert_eq!(order(&s), ["B", "A", "C"]);
    assert_eq!(values(&s, Criterion::Score, &["A", "B", "C"]), ["2", "2", "2"]);
    assert_eq!(values(&s, Criterion::GamePoints, &["B", "A", "C"]), ["5", "4", "3"]);
    // The default preset of an individual two-game round robin is CXA 14.2 (AXF gives no order).
    assert_eq!(Tournament::new(&event).unwrap().default_preset(), Preset::Cxa14_2);
}

const SIX: [&str; 6] = ["A", "B", "C", "D", "E", "F"];
const EXAMPLE_7: &str = "A>D B>E C>F | A>B D<F C<E | A<C B=F D=E";

#[test]
fn example_7_cxa_swiss_buchholz_versus_progressive() {
    let event = swiss(event(&SIX, EXAMPLE_7));
    let s = standings(&event, &Preset::Cxa14_3_1.rules());
    assert_eq!(places(&s), ["1 C", "2 A", "3 B", "4= E", "4= F", "6 D"]);
    let buchholz = Criterion::Buchholz { basis: Basis::Score, trim: Trim::None };
    assert_eq!(values(&s, buchholz, &["C", "A", "B", "E", "F", "D"]), ["10", "8", "10", "8", "8", "10"]);
    assert_eq!(why(&s)[0], "C above A: 对手分 (Buchholz) 10 > 8");
    assert_eq!(why(&s)[3], "E and F share the place");

    for preset in [Preset::AxfIndividualSwiss, Preset::RocIndividualSwiss] {
        let s = standings(&event, &preset.rules());
        assert_eq!(places(&s), ["1 C", "2 A", "3 B", "4= E", "4= F", "6 D"], "{preset}");
        assert_eq!(values(&s, Criterion::OpponentsBuchholz, &["E", "F"]), ["30", "30"]);
    }

    let s = standings(&event, &Preset::Cxa14_3_2.rules());
    assert_eq!(places(&s), ["1 A", "2 C", "3 B", "4= E", "4= F", "6 D"]);
    assert_eq!(values(&s, Criterion::Progressive, &["A", "C", "B", "E"]), ["10", "8", "7", "5"]);
    assert_eq!(why(&s)[0], "A above C: 累进分 (progressive score) 10 > 8");

    // "E and F are fully symmetric, so lots decide."
    let mut with_lots = Preset::Cxa14_3_2.rules();
    with_lots.policies.other_places = OtherPlaces::Lots;
    let s = standings(&event, &with_lots);
    assert_eq!(s.rows[3].place, 4);
    assert_eq!(s.rows[4].place, 5);
    assert!(matches!(s.explanations[3].reason, Reason::Lots { .. }));
}

#[test]
fn example_8_cxa_asymmetric_scoring() {
    let mut event = event(&["A", "B", "C"], "A=B | B>C | C=A");
    event.scoring = Scoring::cxa_asymmetric();
    let s = standings(&event, &Preset::Cxa14_1.rules());
    assert_eq!(order(&s), ["B", "A", "C"]);
    assert_eq!(values(&s, Criterion::Score, &["A", "B", "C"]), ["3", "5", "1"]);
}

/// The value that decided a place is shown in the rows, also for a head-to-head criterion that did not apply
/// to the whole score group.
#[test]
fn head_to_head_values_that_decided_a_place_are_shown() {
    let event = event(&ABCD, "A>D B>C | D<C A>B | B>D C>A");
    let pair = Criterion::DirectEncounter(EncounterMode::PairOnly);
    let mut axf = Preset::AxfIndividualRoundRobin.rules();
    let s = standings(&event, &axf);
    // Restart: C leaves the tie of three on 后手胜局, then A and B meet again from the top and A's win decides.
    assert_eq!(values(&s, pair, &["A", "B", "C", "D"]), ["2", "0", "n/a", "n/a"]);
    // A later head-to-head criterion was never reached for the pair.
    assert_eq!(values(&s, Criterion::SecondMoverInMutualGame, &["A", "B"]), ["n/a", "n/a"]);
    // Continue: A and B go on with the next criteria; 两人对赛时执后手者 decides, head-to-head was never applied
    // to the pair.
    axf.policies.tie_split = TieSplit::Continue;
    let s = standings(&event, &axf);
    assert_eq!(values(&s, pair, &["A", "B"]), ["n/a", "n/a"]);
    assert_eq!(values(&s, Criterion::SecondMoverInMutualGame, &["A", "B"]), ["0", "1"]);
    assert_eq!(why(&s)[1], "B above A: 两人对赛时执后手者 (second mover in the mutual game) 1 > 0");
}

/// The plain-text table pads by display width (a CJK character takes two columns) and shows names only where
/// the event gives them.
#[test]
fn the_table_pads_cjk_names_and_does_not_repeat_ids() {
    let mut event = event(&ABCD, "A>D B=C | D<C A<B | B=D C=A");
    event.players[1].name = "王芳".into();
    event.players[2].name = "Li Qiang".into();
    event.name = "Berger 4".into();
    let rules = rules(&[Criterion::Score, Criterion::SonnebornBerger]);
    let table = standings(&event, &rules).to_string();
    let expected = "\
Berger 4
ruleset: test
  c1: score = 积分 (score)
  c2: sonneborn-berger = 小分 (Sonneborn-Berger)
place id name     c1  c2
1     B  王芳      4 5.5
2     C  Li Qiang  4 4.5
3     A            3   3
4     D            1   2
why:
  B above C: 小分 (Sonneborn-Berger) 5.5 > 4.5
  C above A: 积分 (score) 4 > 3
  A above D: 积分 (score) 3 > 1
";
    assert_eq!(table, expected);
    // Without any name there is no name column.
    event.players.iter_mut().for_each(|p| p.name.clear());
    let table = standings(&event, &rules).to_string();
    assert!(table.contains("place id c1  c2\n1     B   4 5.5\n"), "{table}");
}
