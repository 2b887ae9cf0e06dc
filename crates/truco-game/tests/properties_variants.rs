//! Property tests over random full matches of `paulista` and `valencian`: no panic; only
//! legal actions are offered and only they are accepted; every point is explained by a rule;
//! the public events replay to the same public state; a seat's view does not depend on cards
//! it cannot see; every view's spot round-trips; matches end with one winner (camas for
//! valencian).

mod random_play;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use random_play::{pick, play_hand, play_match, recorded_points, score_gain, HandChecks, CALLS};
use truco_game::{Action, Award, Card, PublicState, RuleSet, Source, State};

/// Heads-up paulista (`players=2`), with the blind mão de ferro or `ferro=open`.
const fn heads_up(open: bool) -> RuleSet {
    let mut r = RuleSet::PAULISTA;
    r.players = 2;
    r.triple_parda_void = false;
    r.ferro_open = open;
    r
}

const SETS: [RuleSet; 4] = [
    RuleSet::PAULISTA,
    RuleSet::VALENCIAN,
    heads_up(true),
    heads_up(false),
];

#[test]
fn heads_up_sets_are_the_parsed_options() {
    assert_eq!(
        RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap(),
        SETS[2]
    );
    assert_eq!(RuleSet::new("paulista", &["players=2"]).unwrap(), SETS[3]);
}

/// Every action there is: all 40 cards face up and face down, blind plays, every call.
fn all_actions() -> Vec<Action> {
    let cards: Vec<Card> = (0..40).filter_map(Card::from_index).collect();
    let mut v: Vec<Action> = cards.iter().map(|&c| Action::Play(c)).collect();
    v.extend(cards.iter().map(|&c| Action::Hide(c)));
    v.extend((0..3).map(Action::Blind));
    v.extend(CALLS);
    v.push(Action::Pass);
    v
}

/// Whether an award is what the rule of its source gives, in the state `after` it.
fn by_rule(before: &PublicState, after: &PublicState, a: Award) -> bool {
    let r = after.rules();
    let v = after.truco_value();
    let e = after.envido();
    match a.source {
        Source::Tricks | Source::TrucoDeclined | Source::Fold => a.points == v,
        Source::Envido if e.falta => a.points == r.falta_value(before.score(), a.team),
        Source::Envido => r.envit && a.points == e.value,
        Source::EnvidoDeclined => r.envit && a.points == e.declined_value(),
        Source::JocFora => r.joc_fora && after.match_winner() == Some(a.team),
        Source::ElevenRun => r.mao_de_onze && a.points == 1,
        Source::Flor | Source::Contraflor | Source::ContraflorDeclined => false,
    }
}

/// When the cards hidden from `seat` are dealt again, seat `s` keeps the cards it played,
/// face up or down; a partner of `seat`'s team at 11 keeps all its cards.
fn kept(st: &State, seat: u8, s: u8) -> Option<Vec<Card>> {
    let p = st.public();
    let mut k: Vec<Card> = (0..3).filter_map(|t| p.played(t, s)).collect();
    k.extend(st.hidden_set(s));
    if p.mao_de_onze() == Some(seat % 2) && s % 2 == seat % 2 {
        // The team at 11 sees the partner's cards: they stay.
        k = st.dealt(s).ok()?.to_vec();
    }
    Some(k)
}

/// Spots checked at one step in three; a refused action leaves the state as it was.
const CHECKS: HandChecks = HandChecks {
    spot_odds: Some(3),
    refusal_keeps_events: false,
    by_rule,
    kept,
    hand_end,
};

/// Within a cama a hand's points are its score change; a hand ends with a winner, except a
/// paulista triple parda (no one scores).
fn hand_end(start: &PublicState, p: &PublicState, pts: [u32; 2]) {
    if p.camas() == start.camas() {
        assert_eq!(score_gain(start, p), pts);
    }
    assert!(p.match_over() || p.hand_winner().is_some() || pts == [0, 0]);
}

/// A full match hand by hand with absolute seats. Returns the views compared.
fn check_match_by_hands(rules: RuleSet, seed: u64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let every = all_actions();
    let n = rules.players;
    let (mut score, mut camas) = ([0u8; 2], [0u8; 2]);
    let mut dealer = if rules.camas > 0 {
        0
    } else {
        pick(&mut rng, 4) as u8
    };
    let mut compared = 0;
    for _ in 0..10_000u32 {
        let start = PublicState::new_hand_in_camas(rules, score, camas, (dealer + 1) % n).unwrap();
        let (p, _, c) = play_hand(&CHECKS, start, &mut rng, &every);
        compared += c;
        if let Some(w) = p.match_winner() {
            if rules.camas > 0 {
                assert_eq!(p.camas()[w as usize], rules.camas);
                assert!(p.camas()[1 - w as usize] < rules.camas);
            } else {
                assert!(p.score()[1 - w as usize] < rules.target);
            }
            return compared;
        }
        (score, camas) = (p.score(), p.camas());
        assert!(score.iter().all(|&s| s < rules.target));
        dealer = (dealer + 1) % n;
    }
    panic!("a random match must end");
}

/// A full match through the [`Match`] driver: views in match seats, no decision after the
/// end, one winner; paulista records explain the score.
fn check_match_driver(rules: RuleSet, seed: u64) {
    let (m, w) = play_match(rules, seed, |seat, view, _| {
        assert_eq!(view.seat(), seat);
        assert!(
            !view.public().match_over(),
            "a decision after the match ended"
        );
        if view.is_blind() {
            assert_eq!(view.public().score(), [11, 11]);
        }
    });
    assert_eq!(m.winner(), Some(w));
    if rules.camas == 0 {
        for t in 0..2u8 {
            assert_eq!(recorded_points(&m, t), m.score()[t as usize] as u32);
        }
    } else {
        assert_eq!(m.camas()[w as usize], 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_hand_by_hand(set in 0..SETS.len(), seed in any::<u64>()) {
        check_match_by_hands(SETS[set], seed);
    }

    #[test]
    fn random_matches_through_the_driver(set in 0..SETS.len(), seed in any::<u64>()) {
        check_match_driver(SETS[set], seed);
    }
}

#[test]
fn both_variants_are_covered() {
    for (i, rules) in SETS.into_iter().enumerate() {
        let compared: u32 = (0..3)
            .map(|k| check_match_by_hands(rules, 500 + 10 * i as u64 + k))
            .sum();
        assert!(compared > 0, "{:?}: no consistent resample", rules.variant);
        check_match_driver(rules, 900 + i as u64);
    }
}
