//! Property tests over random full matches of every Argentine variant and option set:
//! no panic; only legal actions are offered and only they are accepted; every point is explained
//! by a rule and the records add up to the score; matches end exactly at the target; a seat's
//! view does not depend on cards it cannot see; every view's spot round-trips.

mod random_play;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use random_play::{pick, play_hand, play_match, recorded_points, score_gain, HandChecks, CALLS};
use truco_game::rules::TeamFoldValue;
use truco_game::{Action, Award, Card, Event, PublicState, RuleSet, Source, State};

/// Every variant and option the brief names, alone and in combination.
fn rule_sets() -> Vec<RuleSet> {
    let classic = |o: &[&str]| RuleSet::new("arg-classic", o).unwrap();
    vec![
        RuleSet::ARG_1V1,
        RuleSet::ARG_2V2,
        RuleSet::ARG_CLASSIC,
        classic(&["players=2"]),
        classic(&["players=6"]),
        classic(&["flor"]),
        classic(&["target=15"]),
        classic(&["falta-in-malas"]),
        classic(&["early-mazo"]),
        classic(&["players=6", "pica-pica"]),
        classic(&["players=6", "pica-pica", "flor", "early-mazo"]),
        classic(&["players=2", "flor", "target=15", "early-mazo"]),
        classic(&["players=2", "flor", "falta-in-malas"]),
    ]
}

/// Every action there is: all 40 cards and every call.
fn all_actions() -> Vec<Action> {
    let mut v: Vec<Action> = (0..40)
        .filter_map(Card::from_index)
        .map(Action::Play)
        .collect();
    v.extend(CALLS);
    v
}

/// Whether an award is what the rule of its source gives, in the state `after` it.
fn by_rule(before: &PublicState, after: &PublicState, a: Award) -> bool {
    let r = after.rules();
    let v = after.truco_value();
    let e = after.envido();
    match a.source {
        Source::Tricks | Source::TrucoDeclined => a.points == v,
        Source::Fold => {
            let plus = (r.team_fold_value == TeamFoldValue::TrucoPlusOpenEnvido) as u8;
            let early = if r.early_mazo { 2 } else { v };
            (v..=v + plus).contains(&a.points) || a.points == early.max(v)
        }
        Source::Envido if e.falta => a.points == r.falta_value(before.score(), a.team),
        Source::Envido => a.points == e.value,
        Source::EnvidoDeclined => a.points == e.declined_value(),
        Source::Flor | Source::ContraflorDeclined => r.flor && a.points == r.flor_points,
        Source::Contraflor => r.flor && a.points == r.contraflor_points,
        Source::JocFora => r.joc_fora && after.match_over(),
        Source::ElevenRun => r.mao_de_onze && a.points == 1,
    }
}

/// When the cards hidden from `seat` are dealt again, seat `s` keeps the cards it played.
fn kept(st: &State, _seat: u8, s: u8) -> Option<Vec<Card>> {
    Some((0..3).filter_map(|t| st.public().played(t, s)).collect())
}

/// Spots checked at every step; a refused action changes neither state nor events.
const CHECKS: HandChecks = HandChecks {
    spot_odds: None,
    refusal_keeps_events: true,
    by_rule,
    kept,
    hand_end,
};

/// A hand's points are its score change, and it ends the match or has a winner.
fn hand_end(start: &PublicState, p: &PublicState, pts: [u32; 2]) {
    assert_eq!(score_gain(start, p), pts);
    assert!(p.match_over() || p.hand_winner().is_some());
}

/// A full match played hand by hand with absolute seats (the mano moves round the table, and
/// pica-pica rounds play the three opposite pairs), checking every hand. Returns the number of
/// views compared after resampling hidden cards.
fn check_match_by_hands(rules: RuleSet, seed: u64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let every = all_actions();
    let n = rules.players;
    let mut score = [0u8; 2];
    let mut dealer = pick(&mut rng, n as usize) as u8;
    let mut compared = 0;
    for round in 0..10_000u32 {
        let mano = (dealer + 1) % n;
        if rules.pica_pica && round % 2 == 1 {
            for k in 0..3 {
                let sub = rules.pica_pica_hand(k + 1);
                // The pair's first seat is hand seat 0; its team's score comes first.
                let flip = ((mano + k) % 2) as usize;
                let start = PublicState::new_hand(sub, [score[flip], score[1 - flip]], 0).unwrap();
                let (_, pts, c) = play_hand(&CHECKS, start, &mut rng, &every);
                compared += c;
                score[flip] += pts[0] as u8;
                score[1 - flip] += pts[1] as u8;
                if score.iter().any(|&s| s >= rules.target) {
                    break;
                }
            }
        } else {
            let start = PublicState::new_hand(rules, score, mano).unwrap();
            let (_, pts, c) = play_hand(&CHECKS, start, &mut rng, &every);
            compared += c;
            score[0] += pts[0] as u8;
            score[1] += pts[1] as u8;
        }
        let done = score.iter().filter(|&&s| s >= rules.target).count();
        if done > 0 {
            assert_eq!(done, 1, "only one team reaches the target: {score:?}");
            return compared;
        }
        dealer = (dealer + 1) % n;
    }
    panic!("a random match must end");
}

/// A full match through the [`Match`] driver: no decision once a team is at its target, the
/// records explain the score, the winner is the one team at the target.
fn check_match_driver(rules: RuleSet, seed: u64) {
    let target = rules.target;
    let (m, w) = play_match(rules, seed, |_, view, legal| {
        let s = view.public().score();
        assert!(
            s[0] < target && s[1] < target,
            "a decision after the match ended"
        );
        assert!(!legal.is_empty());
    });
    let s = m.score();
    assert!(
        s[w as usize] >= target && s[1 - w as usize] < target,
        "{s:?}"
    );
    for t in 0..2u8 {
        assert_eq!(
            recorded_points(&m, t),
            s[t as usize] as u32,
            "records explain team {t}'s score"
        );
    }
    assert!(m.records().iter().all(|r| r.award.points > 0));
    if !rules.flor {
        assert!(m.records().iter().all(|r| !matches!(
            r.award.source,
            Source::Flor | Source::Contraflor | Source::ContraflorDeclined
        )));
    }
    let last = m.records().last().unwrap();
    assert_eq!(last.award.team, w, "the last point scored wins the match");
    let _: &[Event] = m.last_log().as_slice();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_hand_by_hand(set in 0..13usize, seed in any::<u64>()) {
        check_match_by_hands(rule_sets()[set], seed);
    }

    #[test]
    fn random_matches_through_the_driver(set in 0..13usize, seed in any::<u64>()) {
        check_match_driver(rule_sets()[set], seed);
    }
}

#[test]
fn every_rule_set_is_covered() {
    // The proptest cases pick sets at random; make sure each one runs at least once too.
    for (i, rules) in rule_sets().into_iter().enumerate() {
        let compared: u32 = (0..4)
            .map(|k| check_match_by_hands(rules, 1000 + 10 * i as u64 + k))
            .sum();
        assert!(compared > 0, "{rules:?}: no consistent resample was found");
        check_match_driver(rules, 2000 + i as u64);
    }
}
