//! Property tests over random full matches of every Argentine variant and option set:
//! no panic; only legal actions are offered and only they are accepted; every point is explained
//! by a rule and the records add up to the score; matches end exactly at the target; a seat's
//! view does not depend on cards it cannot see; every view's spot round-trips.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::action::MAX_SEATS;
use truco_game::hand::Hand;
use truco_game::log::replay;
use truco_game::rules::TeamFoldValue;
use truco_game::{
    Action, ActionList, Actor, Award, Card, CardSet, Event, Match, PublicState, RuleSet, Source,
    Spot,
};

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

fn pick<R: Rng>(rng: &mut R, len: usize) -> usize {
    ((rng.next_u32() as u64 * len as u64) >> 32) as usize
}

/// Every action there is: all 40 cards and every call.
fn all_actions() -> Vec<Action> {
    let mut v: Vec<Action> = (0..40)
        .filter_map(Card::from_index)
        .map(Action::Play)
        .collect();
    v.extend([
        Action::Raise,
        Action::Quiero,
        Action::NoQuiero,
        Action::Envido,
        Action::RealEnvido,
        Action::FaltaEnvido,
        Action::Flor,
        Action::Contraflor,
        Action::Mazo,
    ]);
    v
}

/// Checks that an award is what the rule of its source gives, in the state `after` it.
fn explained(before: &PublicState, after: &PublicState, a: Award) -> Result<(), String> {
    let r = after.rules();
    let v = after.truco_value();
    let e = after.envido();
    let ok = match a.source {
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
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{a:?} not explained by its rule in {after:?}"))
    }
}

/// Deals other seats new hidden cards consistent with what `seat` sees (the cards they played
/// stay), replays `actions`, and returns the new hand if it produced the same public events.
fn resample<R: Rng>(orig: &Hand, actions: &[Action], seat: u8, rng: &mut R) -> Option<Hand> {
    let st = orig.state();
    let p = st.public();
    let n = p.rules().players;
    let mine = st.dealt(seat).ok()?;
    let mut used = CardSet::from_cards(&mine);
    let played = p.played_set();
    for c in played {
        used.insert(c);
    }
    let mut pool: Vec<Card> = p
        .rules()
        .deck
        .cards()
        .into_iter()
        .filter(|c| !used.contains(*c))
        .collect();
    let mut hands = [[mine[0]; 3]; MAX_SEATS];
    for s in 0..n {
        if s == seat {
            hands[s as usize] = mine;
            continue;
        }
        let mut h: Vec<Card> = (0..3).filter_map(|t| p.played(t, s)).collect();
        while h.len() < 3 {
            let k = pick(rng, pool.len());
            h.push(pool.swap_remove(k));
        }
        hands[s as usize] = [h[0], h[1], h[2]];
    }
    let mut other = Hand::deal(*orig.start(), &hands[..n as usize]).ok()?;
    for &a in actions {
        other.apply(a).ok()?;
    }
    (other.public_events() == orig.public_events()).then_some(other)
}

/// Plays one hand of `start` at random, checking the hand-level properties at every step.
/// Returns the points each team scored and how many views were compared after a resample.
fn check_hand(
    start: PublicState,
    rng: &mut Xoshiro256PlusPlus,
    every: &[Action],
) -> ([u32; 2], u32) {
    let mut h = Hand::sample(start, rng);
    let n = start.rules().players;
    let mut legal = ActionList::new();
    let mut actions: Vec<Action> = Vec::new();
    let mut pts = [0u32; 2];
    let mut compared = 0;
    loop {
        // The spot of a view round-trips: the actor's and one other seat's.
        let seat = h.actor().seat().unwrap_or(0);
        for s in [seat, pick(rng, n as usize) as u8] {
            let v = h.view(s).unwrap();
            let spot = Spot::from_view_and_log(&v, h.public_events()).unwrap();
            let back: Spot = spot
                .to_string()
                .parse()
                .unwrap_or_else(|e| panic!("{spot}\n{e}"));
            assert_eq!(back, spot);
            assert_eq!(back.to_view().unwrap(), v, "{spot}");
            // Without the log: a rebuilt history reaches the same view.
            let rebuilt = Spot::from_view(&v).unwrap_or_else(|e| panic!("{spot}\n{e}"));
            let back: Spot = rebuilt.to_string().parse().unwrap();
            assert_eq!(back.to_view().unwrap(), v, "{rebuilt}");
        }
        if h.actor() == Actor::Terminal {
            break;
        }
        h.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "{:?}", h.state().public());
        // Every offered action applies; some actions not offered are refused, changing nothing.
        for &a in legal.as_slice() {
            let mut c = h;
            c.apply(a)
                .unwrap_or_else(|e| panic!("offered {a} refused: {e}"));
        }
        for _ in 0..4 {
            let a = every[pick(rng, every.len())];
            if !legal.contains(a) {
                let mut c = h;
                assert!(c.apply(a).is_err(), "{a} accepted but not offered");
                assert_eq!(c.public_events(), h.public_events());
                assert_eq!(c.state(), h.state());
            }
        }
        // A view does not depend on the hidden cards (resampled consistently with the history).
        if pick(rng, 4) == 0 {
            let v = h.view(seat).unwrap();
            for _ in 0..8 {
                if let Some(o) = resample(&h, &actions, seat, rng) {
                    assert_eq!(o.view(seat).unwrap(), v);
                    compared += 1;
                    let mut ol = ActionList::new();
                    o.legal_actions(&mut ol);
                    assert_eq!(
                        ol.as_slice(),
                        legal.as_slice(),
                        "legal actions depend only on the actor's view"
                    );
                    break;
                }
            }
        }
        let a = legal.as_slice()[pick(rng, legal.len())];
        let before = *h.state().public();
        let aw = h.apply(a).unwrap();
        actions.push(a);
        for x in aw.iter() {
            explained(&before, h.state().public(), x).unwrap();
            pts[x.team as usize] += x.points as u32;
        }
    }
    // Replaying the public events alone rebuilds the state and the points.
    let (p, rpts) = replay(start, h.public_events()).unwrap();
    assert_eq!(&p, h.state().public());
    assert_eq!(rpts, pts);
    let s0 = start.score();
    let s1 = p.score();
    assert_eq!([(s1[0] - s0[0]) as u32, (s1[1] - s0[1]) as u32], pts);
    assert!(p.match_over() || p.hand_winner().is_some());
    (pts, compared)
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
            let mut sub = rules;
            sub.players = 2;
            sub.pica_pica = false;
            for k in 0..3 {
                // The pair's first seat is hand seat 0; its team's score comes first.
                let flip = ((mano + k) % 2) as usize;
                let start = PublicState::new_hand(sub, [score[flip], score[1 - flip]], 0).unwrap();
                let (pts, c) = check_hand(start, &mut rng, &every);
                compared += c;
                score[flip] += pts[0] as u8;
                score[1 - flip] += pts[1] as u8;
                if score.iter().any(|&s| s >= rules.target) {
                    break;
                }
            }
        } else {
            let start = PublicState::new_hand(rules, score, mano).unwrap();
            let (pts, c) = check_hand(start, &mut rng, &every);
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
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xA5A5);
    let mut m = Match::new(rules, seed);
    let target = rules.target;
    let w = m
        .play(|_, view, legal| {
            let s = view.public().score();
            assert!(
                s[0] < target && s[1] < target,
                "a decision after the match ended"
            );
            assert!(!legal.is_empty());
            legal.as_slice()[pick(&mut rng, legal.len())]
        })
        .unwrap();
    let s = m.score();
    assert!(
        s[w as usize] >= target && s[1 - w as usize] < target,
        "{s:?}"
    );
    for t in 0..2u8 {
        let sum: u32 = m
            .records()
            .iter()
            .filter(|r| r.award.team == t)
            .map(|r| r.award.points as u32)
            .sum();
        assert_eq!(
            sum, s[t as usize] as u32,
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
