//! Every preset: its criteria as written in the rule book, and an event where the preset's own order decides.

use crate::common;

use common::*;
use xiangqi_tournament::*;

fn keys(preset: Preset) -> Vec<String> {
    preset.criteria().iter().map(|c| c.key()).collect()
}

#[test]
fn criteria_lists_follow_the_rule_books() {
    let axf_rr = "score sonneborn-berger direct-encounter wins second-mover-wins second-mover-games second-mover-in-mutual-game fewer-fouls";
    let axf_swiss =
        "score buchholz direct-encounter wins second-mover-wins second-mover-games opponents-buchholz fewer-fouls";
    let axf_team_rr = "score game-points sonneborn-berger match-wins wins direct-encounter board-points-1 second-mover-games fewer-fouls";
    let axf_team_swiss = "score buchholz game-points direct-encounter opponents-game-points board-points-1 second-mover-appearances fewer-fouls";
    let expected = [
        (Preset::AxfIndividualRoundRobin, axf_rr),
        (Preset::RocIndividualRoundRobin, axf_rr),
        (Preset::AxfIndividualSwiss, axf_swiss),
        (Preset::RocIndividualSwiss, axf_swiss),
        (Preset::AxfTeamRoundRobin, axf_team_rr),
        (Preset::RocTeamRoundRobin, axf_team_rr),
        (Preset::AxfTeamSwiss, axf_team_swiss),
        (Preset::RocTeamSwiss, axf_team_swiss),
        (Preset::AxfShortRoundRobin, "score direct-encounter sonneborn-berger fewer-fouls second-mover-wins lots"),
        (Preset::AxfShortSwiss, "score buchholz direct-encounter fewer-fouls second-mover-wins lots"),
        (Preset::Cxa14_1, "score sonneborn-berger wins direct-encounter-mini-table fewer-fouls second-mover-games second-mover-in-mutual-game"),
        (Preset::Cxa14_2, "score game-points wins direct-encounter-mini-table fewer-fouls second-mover-wins"),
        (Preset::Cxa14_3_1, "score buchholz wins fewer-fouls second-mover-games previous-rounds"),
        (Preset::Cxa14_3_2, "score progressive wins fewer-fouls second-mover-games progressive-drop-rounds"),
        (Preset::FideStyle, "score direct-encounter-fide buchholz-cut1 buchholz sonneborn-berger wins second-mover-wins lots"),
    ];
    assert_eq!(expected.len(), Preset::ALL.len());
    for (preset, list) in expected {
        assert_eq!(keys(preset), list.split(' ').collect::<Vec<_>>(), "{preset}");
        assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
        for criterion in preset.criteria() {
            assert_eq!(criterion.key().parse::<Criterion>(), Ok(criterion));
        }
    }
    let error = "axf".parse::<Preset>().unwrap_err();
    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(error.to_string(), format!("invalid preset `axf`: expected one of {}", names.join(", ")));
    assert_eq!((error.what(), error.text().as_str()), ("preset", Some("axf")));
}

#[test]
fn policies_of_the_presets() {
    assert_eq!(Preset::AxfIndividualRoundRobin.policies(), Policies::default());
    let axf = Preset::AxfIndividualSwiss.policies();
    assert_eq!(axf, Policies { default_bye: ByeKind::Full, ..Policies::default() });
    assert_eq!(Preset::RocIndividualRoundRobin.policies().withdrawal.count, WithdrawalCount::Games);
    let cxa = Preset::Cxa14_3_1.policies();
    assert_eq!((cxa.bye_opponent, cxa.bye_counts_as_win), (ByeOpponent::LowestNonZero, true));
    let fide = Preset::FideStyle.policies();
    assert_eq!((fide.bye_opponent, fide.forfeits.opponents), (ByeOpponent::Own, ForfeitOpponent::LikeBye));
}

#[test]
fn default_preset_follows_the_event() {
    let preset_of = |event: Event| Tournament::new(&event).unwrap().default_preset();
    assert_eq!(preset_of(event(&["A", "B"], "A=B")), Preset::AxfIndividualRoundRobin);
    assert_eq!(preset_of(swiss(event(&["A", "B"], "A=B"))), Preset::AxfIndividualSwiss);
    assert_eq!(preset_of(team_event(&["A", "B"], "A:B=W")), Preset::AxfTeamRoundRobin);
    assert_eq!(preset_of(swiss(team_event(&["A", "B"], "A:B=W"))), Preset::AxfTeamSwiss);
}

/// A beat B, but B has the better Sonneborn-Berger.
const SHORT: &str = "A>B C>D | C>A B=D | A=D B>C";

#[test]
fn axf_short_round_robin_puts_head_to_head_before_sonneborn_berger() {
    let event = event(&["A", "B", "C", "D"], SHORT);
    let detailed = standings(&event, &Preset::AxfIndividualRoundRobin.rules());
    assert_eq!(order(&detailed), ["C", "B", "A", "D"]);
    assert_eq!(values(&detailed, Criterion::SonnebornBerger, &["A", "B"]), ["4", "5"]);
    let short = standings(&event, &Preset::AxfShortRoundRobin.rules());
    assert_eq!(order(&short), ["C", "A", "B", "D"]);
    assert_eq!(why(&short)[1], "A above B: 两人对赛胜负 (direct encounter (pair)) 2 > 0");
}

const EXAMPLE_7: &str = "A>D B>E C>F | A>B D<F C<E | A<C B=F D=E";

#[test]
fn axf_short_swiss_ends_in_lots_after_fouls() {
    let mut event = swiss(event(&["A", "B", "C", "D", "E", "F"], EXAMPLE_7));
    let s = standings(&event, &Preset::AxfShortSwiss.rules());
    assert_eq!(order(&s)[..3], ["C", "A", "B"]);
    let Reason::Criterion { criterion: Criterion::Lots, above: Value::Count(a), below: Value::Count(b), .. } =
        s.explanations[3].reason
    else {
        panic!("{:?}", s.explanations[3])
    };
    assert!(a < b);
    event.rounds[2].games[1].black_fouls = 1; // F
    let s = standings(&event, &Preset::AxfShortSwiss.rules());
    assert_eq!(order(&s)[3..5], ["E", "F"]);
    assert_eq!(why(&s)[3], "E above F: 技术犯规 (fewer technical fouls) 0 < 1");
}

const TEAMS: [&str; 4] = ["T1", "T2", "T3", "T4"];

#[test]
fn axf_and_roc_team_swiss() {
    let event =
        swiss(team_event(&TEAMS, "T1:T4=W/D/D T2:T3=W/D/D | T4:T3=W/D/D T1:T2=W/D/L | T2:T4=D/D/D T3:T1=W/D/D"));
    for preset in [Preset::AxfTeamSwiss, Preset::RocTeamSwiss] {
        let s = standings(&event, &preset.rules());
        assert_eq!(order(&s), ["T2", "T1", "T4", "T3"]);
        let buchholz = Criterion::Buchholz { basis: Basis::Score, trim: Trim::None };
        assert_eq!(values(&s, buchholz, &["T1", "T4"]), ["9", "9"]);
        assert_eq!(why(&s)[1], "T1 above T4: 两人对赛胜负 (direct encounter (pair)) 2 > 0");
    }
    let event =
        swiss(team_event(&TEAMS, "T1:T4=W/D/D T2:T3=W/D/D | T4:T3=W/W/D T1:T2=W/D/L | T2:T4=D/D/D T3:T1=W/D/D"));
    let s = standings(&event, &Preset::AxfTeamSwiss.rules());
    assert_eq!(order(&s), ["T2", "T4", "T1", "T3"]);
    assert_eq!(why(&s)[1], "T4 above T1: 局分 (game points) 10 > 9");
}

#[test]
fn roc_counts_pairings_and_axf_counts_opponents_after_a_withdrawal() {
    // Double round robin of four (Berger table, colours reversed in the second cycle). D beats C, loses to A,
    // then withdraws after round 2: 2 of 3 opponents (AXF: results stand) but 2 of 6 pairings (ROC: annulled).
    let mut event = event(&["A", "B", "C", "D"], "A>D B=C | D>C A>B | C=A | C=B | B=A | A=C");
    event.cycles = 2;
    event.withdrawals.push(Withdrawal { player: "D".into(), after_round: 2 });
    let axf = standings(&event, &Preset::AxfIndividualRoundRobin.rules());
    assert_eq!(values(&axf, Criterion::Score, &["A", "B", "C", "D"]), ["9", "7", "6", "2"]);
    assert_eq!(order(&axf), ["A", "B", "C", "D"]);
    assert_eq!((axf.withdrawals[0].played, axf.withdrawals[0].total, axf.withdrawals[0].annulled), (2, 3, false));
    let roc = standings(&event, &Preset::RocIndividualRoundRobin.rules());
    assert_eq!(values(&roc, Criterion::Score, &["A", "B", "C", "D"]), ["5", "3", "4", "0"]);
    assert_eq!(order(&roc), ["A", "C", "B", "D"]);
    assert_eq!((roc.withdrawals[0].played, roc.withdrawals[0].total, roc.withdrawals[0].annulled), (2, 6, true));
}

#[test]
fn cxa_swiss_scores_byes_as_wins_with_the_lowest_scoring_opponent() {
    let event = swiss(event(&["A", "B", "C", "D", "E"], "A>B C>D bye:E | E>D A>C bye:B"));
    let s = standings(&event, &Preset::Cxa14_3_1.rules());
    let buchholz = Criterion::Buchholz { basis: Basis::Score, trim: Trim::None };
    assert_eq!(values(&s, buchholz, &["A", "B", "C", "E"]), ["4", "6", "4", "2"]);
    assert_eq!(values(&s, Criterion::Wins, &["A", "B", "C", "E"]), ["2", "1", "1", "2"]);
    assert_eq!(order(&s), ["A", "E", "B", "C", "D"]);
    assert_eq!(why(&s)[0], "A above E: 对手分 (Buchholz) 4 > 2");
}

#[test]
fn fide_style_preset() {
    let event = swiss(event(&["X", "Y", "Z", "p", "q", "r"], "X>Y Z>q p>r | X>Z Y>r p>q | p>X Y>q Z>r"));
    let s = standings(&event, &Preset::FideStyle.rules());
    assert_eq!(order(&s)[..2], ["p", "X"]);
    assert_eq!(why(&s)[1].split(" above ").next(), Some("X"));
    let Reason::Criterion { criterion, .. } = &s.explanations[2].reason else { panic!() };
    assert_eq!(*criterion, Criterion::Lots);
}

#[test]
fn ranking_spec_overrides_the_preset() {
    let event = event(&["A", "B", "C", "D"], "A>D B>C | D<C A>B | B>D C>A");
    let tournament = Tournament::new(&event).unwrap();
    let default = tournament.default_preset();
    let mut spec = RankingSpec::default();
    assert_eq!(spec.rules(default), Preset::AxfIndividualRoundRobin.rules());
    spec.preset = Some(Preset::Cxa14_1);
    spec.policies.tie_split = Some(TieSplit::Continue);
    let rules = spec.rules(default);
    assert_eq!((rules.name.as_str(), rules.policies.tie_split), ("cxa-14.1", TieSplit::Continue));
    assert!(rules.policies.bye_counts_as_win, "the preset's own policies stay");
    assert_eq!(order(&rank(&tournament, &rules)), ["C", "B", "A", "D"]);
    spec.criteria = Some(vec![Criterion::Score, Criterion::Lots]);
    let custom = spec.rules(default);
    assert_eq!(
        (custom.name.as_str(), custom.criteria.as_slice()),
        ("cxa-14.1 (custom criteria)", &[Criterion::Score, Criterion::Lots][..])
    );
}

#[test]
fn a_later_spec_replaces_the_preset_and_adds_its_overrides() {
    let file = RankingSpec {
        preset: Some(Preset::Cxa14_1),
        criteria: Some(vec![Criterion::Score, Criterion::Wins]),
        policies: PolicyOverrides {
            tie_split: Some(TieSplit::Continue),
            lots_seed: Some(3),
            ..PolicyOverrides::default()
        },
    };
    let default = Preset::AxfIndividualRoundRobin;
    // Nothing on top: the file's choice.
    assert_eq!(file.then(&RankingSpec::default()), file);
    // A caller's preset drops the file's custom criteria, made for the file's preset; the overrides add up.
    let caller = RankingSpec {
        preset: Some(Preset::RocIndividualRoundRobin),
        policies: PolicyOverrides { lots_seed: Some(9), ..PolicyOverrides::default() },
        ..RankingSpec::default()
    };
    let rules = file.then(&caller).rules(default);
    assert_eq!(rules.name, "roc-rr");
    assert_eq!(rules.criteria, Preset::RocIndividualRoundRobin.criteria());
    assert_eq!((rules.policies.tie_split, rules.policies.lots_seed), (TieSplit::Continue, 9));
    assert_eq!(rules.policies.withdrawal.count, WithdrawalCount::Games, "roc-rr's own policy");
    // Caller's criteria alone replace the file's and keep the file's preset.
    let criteria = RankingSpec { criteria: Some(vec![Criterion::Score, Criterion::Lots]), ..RankingSpec::default() };
    let rules = file.then(&criteria).rules(default);
    assert_eq!(
        (rules.name.as_str(), rules.criteria.as_slice()),
        ("cxa-14.1 (custom criteria)", &[Criterion::Score, Criterion::Lots][..])
    );
}
