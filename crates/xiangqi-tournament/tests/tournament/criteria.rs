//! One test per criterion, each built so that the criterion under test decides the order, with exact values.

use crate::common;

use common::*;
use xiangqi_tournament::*;

use Criterion as C;

const BUCHHOLZ: Criterion = C::Buchholz { basis: Basis::Score, trim: Trim::None };
const BUCHHOLZ_CUT1: Criterion = C::Buchholz { basis: Basis::Score, trim: Trim::Cut(1) };
const BUCHHOLZ_MEDIAN1: Criterion = C::Buchholz { basis: Basis::Score, trim: Trim::Median(1) };
const OPPONENTS_GAME_POINTS: Criterion = C::Buchholz { basis: Basis::GamePoints, trim: Trim::None };

#[test]
fn sonneborn_berger_uses_the_text_definition_under_asymmetric_scoring() {
    // CXA 13.3 scoring: win 3, draw 1 for the first mover and 2 for the second (CXA 2011 13.3).
    let mut event = event(&["A", "B", "C", "D"], "A>B C=D | A=C B>D | D>A B=C");
    event.scoring = Scoring::cxa_asymmetric();
    let s = standings(&event, &rules(&[C::Score, C::SonnebornBerger]));
    assert_eq!(values(&s, C::Score, &["A", "B", "C", "D"]), ["4", "4", "5", "5"]);
    // Full score of opponents beaten, half of opponents drawn.
    assert_eq!(values(&s, C::SonnebornBerger, &["A", "B", "C", "D"]), ["6.5", "7.5", "6.5", "6.5"]);
    assert_eq!(places(&s), ["1= C", "1= D", "3 B", "4 A"]);
    assert_eq!(why(&s)[2], "B above A: 小分 (Sonneborn-Berger) 7.5 > 6.5");
}

/// A 7-player Swiss of two rounds where P and V had byes.
fn swiss_with_byes() -> Event {
    swiss(event(&["P", "Q", "Y", "Z", "W", "V", "U"], "bye:P Q>Z Y>V W=U | Y>P W>Q Z>U bye:V"))
}

#[test]
fn buchholz_and_its_cut_variant_decide_differently() {
    let event = swiss_with_byes();
    let s = standings(&event, &rules(&[C::Score, BUCHHOLZ, BUCHHOLZ_CUT1, BUCHHOLZ_MEDIAN1]));
    assert_eq!(values(&s, C::Score, &["P", "Q", "Z", "V", "Y", "W", "U"]), ["2", "2", "2", "2", "4", "3", "1"]);
    assert_eq!(values(&s, BUCHHOLZ, &["P", "Q", "Z", "V"]), ["4", "5", "3", "4"]);
    assert_eq!(values(&s, BUCHHOLZ_CUT1, &["P", "Q", "Z", "V"]), ["4", "3", "2", "4"]);
    assert_eq!(values(&s, BUCHHOLZ_MEDIAN1, &["P", "Q", "Z", "V"]), ["0", "0", "0", "0"]);
    assert_eq!(places(&s), ["1 Y", "2 W", "3 Q", "4= P", "4= V", "6 Z", "7 U"]);

    let s = standings(&event, &rules(&[C::Score, BUCHHOLZ_CUT1]));
    assert_eq!(places(&s), ["1 Y", "2 W", "3= P", "3= V", "5 Q", "6 Z", "7 U"]);
    assert_eq!(why(&s)[3], "V above Q: 对手分（去分） (Buchholz cut-1) 4 > 3");
}

#[test]
fn buchholz_median_drops_the_highest_and_the_lowest() {
    let event = swiss(event(&["A", "B", "C", "D", "E", "F"], "A>D B>E C>F | A>B D<F C<E | A<C B=F D=E"));
    let s = standings(&event, &rules(&[C::Score, BUCHHOLZ_MEDIAN1, BUCHHOLZ_CUT1]));
    // C met F (3), E (3), A (4); A met D (1), B (3), C (4).
    assert_eq!(values(&s, BUCHHOLZ_MEDIAN1, &["C", "A", "D"]), ["3", "3", "3"]);
    assert_eq!(values(&s, BUCHHOLZ_CUT1, &["C", "A", "D"]), ["7", "7", "7"]);
}

#[test]
fn opponents_buchholz_sums_the_opponents_buchholz() {
    let s = standings(&swiss_with_byes(), &rules(&[C::Score, C::OpponentsBuchholz]));
    // P met Y (BH 4); Q met Z (BH 3) and W (BH 3); Z met Q (BH 5) and U (BH 5); V met Y.
    assert_eq!(values(&s, C::OpponentsBuchholz, &["P", "Q", "Z", "V"]), ["4", "6", "10", "4"]);
    assert_eq!(places(&s), ["1 Y", "2 W", "3 Z", "4 Q", "5= P", "5= V", "7 U"]);
}

/// P: win, loss, draw; Q: draw, win, loss — equal score and equal progressive score.
const PROGRESSIVE: &str = "P>a Q=b c>d | c>P Q>d a=b | P=d a>Q b>c";

#[test]
fn progressive_score_and_the_cxa_drop_round_tail() {
    let event = swiss(event(&["P", "Q", "a", "b", "c", "d"], PROGRESSIVE));
    let s = standings(&event, &rules(&[C::Score, C::Progressive, C::ProgressiveDropRounds]));
    assert_eq!(values(&s, C::Progressive, &["P", "Q", "a", "b", "c"]), ["7", "7", "4", "7", "10"]);
    assert_eq!(values(&s, C::ProgressiveDropRounds, &["P", "Q"]), ["[1 1]", "[4 0]"]);
    assert_eq!(order(&s), ["c", "b", "Q", "P", "a", "d"]);
    assert_eq!(why(&s)[2], "Q above P: 累进分（逐轮去除） (progressive score dropping rounds) without round 1 4 > 1");
}

#[test]
fn previous_rounds_compares_the_score_round_by_round_backwards() {
    let event = swiss(event(&["P", "Q", "a", "b", "c", "d"], PROGRESSIVE));
    let s = standings(&event, &rules(&[C::Score, C::PreviousRounds]));
    assert_eq!(
        values(&s, C::PreviousRounds, &["P", "Q", "a", "b", "c"]),
        ["[2 2]", "[3 1]", "[1 0]", "[2 1]", "[4 2]"]
    );
    assert_eq!(order(&s), ["c", "b", "Q", "P", "a", "d"]);
    assert_eq!(why(&s)[2], "Q above P: 比较前一轮成绩 (score after previous rounds) after round 2 3 > 2");
}

/// X beat Y and Z, who never met; all three score 4.
const UNMET: &str = "X>Y Z>q p>r | X>Z Y>r p>q | p>X Y>q Z>r";

#[test]
fn direct_encounter_modes_when_not_all_have_met() {
    let event = swiss(event(&["X", "Y", "Z", "p", "q", "r"], UNMET));
    let fide = C::DirectEncounter(EncounterMode::Fide);
    let s = standings(&event, &rules(&[C::Score, fide]));
    assert_eq!(places(&s), ["1 p", "2 X", "3= Y", "3= Z", "5= q", "5= r"]);
    assert_eq!(why(&s)[1], "X above Y: 两人对赛胜负 (direct encounter (FIDE)) 3 > 0 (in a tie of 3)");
    for mode in [EncounterMode::PairOnly, EncounterMode::MiniTable] {
        let s = standings(&event, &rules(&[C::Score, C::DirectEncounter(mode)]));
        assert_eq!(places(&s), ["1 p", "2= X", "2= Y", "2= Z", "5= q", "5= r"], "{mode:?}");
        assert_eq!(value(&s, "X", C::DirectEncounter(mode)), Value::NotApplicable);
    }
}

#[test]
fn direct_encounter_mini_table_in_a_tie_of_three_who_all_met() {
    // A, B, C score 5: A beat B, drew C; B beat C.
    let event = event(&["A", "B", "C", "D", "E"], "A>B | A=C | D>A | A>E | B>C | B=D | B>E | C>D | C>E | E>D");
    let mini = C::DirectEncounter(EncounterMode::MiniTable);
    let s = standings(&event, &rules(&[C::Score, mini]));
    assert_eq!(values(&s, mini, &["A", "B", "C"]), ["3", "2", "1"]);
    assert_eq!(order(&s), ["A", "B", "C", "D", "E"]);
    assert_eq!(why(&s)[0], "A above B: 直胜 (direct encounter (mini table)) 3 > 2 (in a tie of 3)");
    let pair = C::DirectEncounter(EncounterMode::PairOnly);
    let s = standings(&event, &rules(&[C::Score, pair]));
    assert_eq!(places(&s)[..3], ["1= A", "1= B", "1= C"]);
    // FIDE mode equals the mini table when everyone met.
    let s = standings(&event, &rules(&[C::Score, C::DirectEncounter(EncounterMode::Fide)]));
    assert_eq!(order(&s), ["A", "B", "C", "D", "E"]);
}

#[test]
fn wins_prefer_a_win_and_a_loss_to_two_draws() {
    let event = event(&["A", "B", "C", "D"], "A>C B=D | A<D B=C | A=B C=D");
    let s = standings(&event, &rules(&[C::Score, C::Wins]));
    assert_eq!(values(&s, C::Score, &["A", "B"]), ["3", "3"]);
    assert_eq!(values(&s, C::Wins, &["A", "B"]), ["1", "0"]);
    assert_eq!(order(&s), ["D", "A", "B", "C"]);
    assert_eq!(why(&s)[1], "A above B: 胜局 (wins) 1 > 0");
}

#[test]
fn match_wins_prefer_a_won_and_a_lost_match_to_two_draws() {
    let event = team_event(&["T1", "T2", "T3", "T4"], "T1:T3=W/D T2:T4=D/D | T1:T4=L/D T2:T3=D/D");
    let s = standings(&event, &rules(&[C::Score, C::GamePoints, C::MatchWins]));
    assert_eq!(values(&s, C::Score, &["T1", "T2", "T3", "T4"]), ["2", "2", "1", "3"]);
    assert_eq!(values(&s, C::GamePoints, &["T1", "T2"]), ["4", "4"]);
    assert_eq!(values(&s, C::MatchWins, &["T1", "T2"]), ["1", "0"]);
    assert_eq!(order(&s), ["T4", "T1", "T2", "T3"]);
    assert_eq!(why(&s)[1], "T1 above T2: 取胜场数 (match wins) 1 > 0");
}

#[test]
fn second_mover_wins_follow_the_first_mover_of_the_event() {
    // The cyclic tie of the crate example, but with the PRC 1956 rule that Black moves first: 后手 is then Red.
    let mut event = event(&["A", "B", "C", "D"], "A>D B>C | D<C A>B | B>D C>A");
    event.first_mover = Color::Black;
    let s = standings(&event, &Preset::AxfIndividualRoundRobin.rules());
    assert_eq!(values(&s, C::SecondMoverWins, &["A", "B", "C"]), ["2", "2", "1"]);
    assert_eq!(order(&s), ["A", "B", "C", "D"]);
    assert_eq!(why(&s)[1], "B above C: 后手胜局 (wins as second mover) 2 > 1");
}

#[test]
fn second_mover_games_and_appearances() {
    let event = team_event(
        &["T1", "T2", "T3", "T4"],
        "T1:T4=W/D/D T2:T3=W/D/D | T4:T3=W/D/D T1:T2=W/D/L | T2:T4=D/D/D T3:T1=W/D/D",
    );
    let mut rules = rules(&[C::Score, C::SecondMoverAppearances, C::SecondMoverGames]);
    let s = standings(&event, &rules);
    // With three boards the first-listed team has the second move on board 2 only.
    assert_eq!(values(&s, C::SecondMoverGames, &["T1", "T2", "T3", "T4"]), ["4", "4", "5", "5"]);
    assert_eq!(values(&s, C::SecondMoverAppearances, &["T1", "T2", "T3", "T4"]), ["4", "4", "5", "5"]);
    assert_eq!(order(&s), ["T2", "T4", "T1", "T3"]);
    assert_eq!(why(&s)[1], "T4 above T1: 后手出场次数 (second-mover appearances) 5 > 4");
    rules.policies.appearances = AppearanceCount::SecondListedMatches;
    let s = standings(&event, &rules);
    assert_eq!(values(&s, C::SecondMoverAppearances, &["T1", "T2", "T3", "T4"]), ["1", "1", "2", "2"]);
    assert_eq!(order(&s), ["T2", "T4", "T1", "T3"]);
}

#[test]
fn second_mover_in_mutual_game_needs_exactly_one_game() {
    let once = event(&["A", "B"], "A=B");
    let s = standings(&once, &rules(&[C::Score, C::SecondMoverInMutualGame]));
    assert_eq!(order(&s), ["B", "A"]);
    assert_eq!(why(&s), ["B above A: 两人对赛时执后手者 (second mover in the mutual game) 1 > 0"]);
    let twice = event(&["A", "B"], "A>B | B>A");
    let s = standings(&twice, &rules(&[C::Score, C::SecondMoverInMutualGame]));
    assert_eq!(places(&s), ["1= A", "1= B"]);
    assert_eq!(value(&s, "A", C::SecondMoverInMutualGame), Value::NotApplicable);
}

#[test]
fn fewer_fouls_rank_higher() {
    let mut event = event(&["A", "B"], "A=B");
    event.rounds[0].games[0].red_fouls = 1;
    let s = standings(&event, &rules(&[C::Score, C::FewerFouls]));
    assert_eq!(values(&s, C::FewerFouls, &["A", "B"]), ["1", "0"]);
    assert_eq!(why(&s), ["B above A: 技术犯规 (fewer technical fouls) 0 < 1"]);
}

#[test]
fn board_points_count_one_board() {
    let event = team_event(&["T1", "T2", "T3", "T4"], "T1:T3=W/L T2:T4=L/W");
    let s = standings(&event, &rules(&[C::Score, C::BoardPoints(1), C::BoardPoints(2)]));
    assert_eq!(values(&s, C::BoardPoints(1), &["T1", "T2", "T3", "T4"]), ["2", "0", "0", "2"]);
    assert_eq!(values(&s, C::BoardPoints(2), &["T1", "T2", "T3", "T4"]), ["0", "2", "2", "0"]);
    assert_eq!(order(&s), ["T1", "T4", "T2", "T3"]);
    assert_eq!(why(&s)[1], "T4 above T2: 第一台总分 (board 1 points) 2 > 0");
}

#[test]
fn opponents_match_points_and_game_points() {
    let event = swiss(team_event(
        &["T1", "T2", "T3", "T4"],
        "T1:T4=W/D/D T2:T3=W/D/D | T4:T3=W/W/D T1:T2=W/D/L | T2:T4=D/D/D T3:T1=W/D/D",
    ));
    let s = standings(&event, &rules(&[C::Score, BUCHHOLZ, OPPONENTS_GAME_POINTS]));
    assert_eq!(values(&s, BUCHHOLZ, &["T1", "T2", "T3", "T4"]), ["9", "8", "10", "9"]);
    assert_eq!(values(&s, OPPONENTS_GAME_POINTS, &["T1", "T2", "T3", "T4"]), ["27", "26", "29", "26"]);
    assert_eq!(order(&s), ["T2", "T1", "T4", "T3"]);
    assert_eq!(why(&s)[1], "T1 above T4: 对手总局分 (opponents' game points) 27 > 26");
}

#[test]
fn lots_are_a_seeded_permutation_independent_of_input_order() {
    let forward = event(&["A", "B", "C", "D"], "A=B C=D");
    let backward = event(&["D", "C", "B", "A"], "A=B C=D");
    let lots_of = |event: &Event, seed: u64| {
        let mut rules = rules(&[C::Score, C::Lots]);
        rules.policies.lots_seed = seed;
        let s = standings(event, &rules);
        let lots: Vec<Value> = ["A", "B", "C", "D"].iter().map(|id| value(&s, id, C::Lots)).collect();
        (order(&s).join(""), lots)
    };
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let (order, lots) = lots_of(&forward, seed);
        assert_eq!(lots_of(&backward, seed), (order.clone(), lots.clone()));
        let mut numbers: Vec<i64> = lots.iter().map(|v| if let Value::Count(n) = v { *n } else { 0 }).collect();
        let by_lot: String = {
            let mut ids: Vec<(i64, &str)> = numbers.iter().copied().zip(["A", "B", "C", "D"]).collect();
            ids.sort();
            ids.iter().map(|(_, id)| *id).collect()
        };
        assert_eq!(order, by_lot);
        numbers.sort();
        assert_eq!(numbers, [1, 2, 3, 4]);
        orders.insert(order);
    }
    assert!(orders.len() > 4, "16 seeds drew only {orders:?}");
}
