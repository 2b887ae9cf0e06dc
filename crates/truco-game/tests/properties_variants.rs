//! Property tests over random full matches of `paulista` and `valencian`: no panic; only
//! legal actions are offered and only they are accepted; every point is explained by a rule;
//! the public events replay to the same public state; a seat's view does not depend on cards
//! it cannot see; every view's spot round-trips; matches end with one winner (camas for
//! valencian).

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::action::MAX_SEATS;
use truco_game::hand::Hand;
use truco_game::log::replay;
use truco_game::{
    Action, ActionList, Actor, Award, Card, CardSet, Match, PublicState, RuleSet, Source, Spot,
};

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

fn pick<R: Rng>(rng: &mut R, len: usize) -> usize {
    ((rng.next_u32() as u64 * len as u64) >> 32) as usize
}

/// Every action there is: all 40 cards face up and face down, blind plays, every call.
fn all_actions() -> Vec<Action> {
    let cards: Vec<Card> = (0..40).filter_map(Card::from_index).collect();
    let mut v: Vec<Action> = cards.iter().map(|&c| Action::Play(c)).collect();
    v.extend(cards.iter().map(|&c| Action::Hide(c)));
    v.extend((0..3).map(Action::Blind));
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
        Action::Pass,
    ]);
    v
}

/// Checks that an award is what the rule of its source gives, in the state `after` it.
fn explained(before: &PublicState, after: &PublicState, a: Award) -> Result<(), String> {
    let r = after.rules();
    let v = after.truco_value();
    let e = after.envido();
    let ok = match a.source {
        Source::Tricks | Source::TrucoDeclined | Source::Fold => a.points == v,
        Source::Envido if e.falta => a.points == r.falta_value(before.score(), a.team),
        Source::Envido => r.envit && a.points == e.value,
        Source::EnvidoDeclined => r.envit && a.points == e.declined_value(),
        Source::JocFora => r.joc_fora && after.match_winner() == Some(a.team),
        Source::ElevenRun => r.mao_de_onze && a.points == 1,
        Source::Flor | Source::Contraflor | Source::ContraflorDeclined => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{a:?} not explained by its rule in {after:?}"))
    }
}

/// Deals the other seats new cards consistent with what `seat` sees (the cards they played,
/// face up or down, stay; the vira stays), replays `actions`, and returns the new hand if it
/// produced the same public events.
fn resample<R: Rng>(orig: &Hand, actions: &[Action], seat: u8, rng: &mut R) -> Option<Hand> {
    let st = orig.state();
    let p = st.public();
    let n = p.rules().players;
    let mine = st.dealt(seat).ok()?;
    let mut used = CardSet::from_cards(&mine);
    let mut kept: [Vec<Card>; MAX_SEATS] = Default::default();
    for s in 0..n {
        if s == seat {
            continue;
        }
        let mut k: Vec<Card> = (0..3).filter_map(|t| p.played(t, s)).collect();
        k.extend(st.hidden_set(s));
        if p.mao_de_onze() == Some(seat % 2) && s % 2 == seat % 2 {
            // The team at 11 sees the partner's cards: they stay.
            k = st.dealt(s).ok()?.to_vec();
        }
        for &c in &k {
            used.insert(c);
        }
        kept[s as usize] = k;
    }
    if let Some(v) = p.vira() {
        used.insert(v);
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
        let mut h = kept[s as usize].clone();
        while h.len() < 3 {
            let k = pick(rng, pool.len());
            h.push(pool.swap_remove(k));
        }
        hands[s as usize] = [h[0], h[1], h[2]];
    }
    let hs = &hands[..n as usize];
    let mut other = match p.vira() {
        Some(v) => Hand::deal_with_vira(*orig.start(), hs, v).ok()?,
        None => Hand::deal(*orig.start(), hs).ok()?,
    };
    for &a in actions {
        other.apply(a).ok()?;
    }
    (other.public_events() == orig.public_events()).then_some(other)
}

/// Checks that `seat`'s view of `h` round-trips through spots, with and without the log.
fn check_spots(h: &Hand, seat: u8) {
    let v = h.view(seat).unwrap();
    let spot = Spot::from_view_and_log(&v, h.public_events())
        .unwrap_or_else(|e| panic!("{:?}\n{e}", h.public_events()));
    let back: Spot = spot
        .to_string()
        .parse()
        .unwrap_or_else(|e| panic!("{spot}\n{e}"));
    assert_eq!(back, spot);
    assert_eq!(back.to_view().unwrap(), v, "{spot}");
    let rebuilt = Spot::from_view(&v).unwrap_or_else(|e| panic!("{spot}\n{e}"));
    let back: Spot = rebuilt.to_string().parse().unwrap();
    assert_eq!(back.to_view().unwrap(), v, "{rebuilt}");
}

/// Plays one hand of `start` at random, checking the hand-level properties at every step.
/// Returns the final public state and how many views were compared after a resample.
fn check_hand(
    start: PublicState,
    rng: &mut Xoshiro256PlusPlus,
    every: &[Action],
) -> (PublicState, u32) {
    let mut h = Hand::sample(start, rng);
    let n = start.rules().players;
    let mut legal = ActionList::new();
    let mut actions: Vec<Action> = Vec::new();
    let mut pts = [0u32; 2];
    let mut compared = 0;
    loop {
        let seat = h.actor().seat().unwrap_or(0);
        if pick(rng, 3) == 0 {
            check_spots(&h, seat);
            check_spots(&h, pick(rng, n as usize) as u8);
        }
        if h.actor() == Actor::Terminal {
            break;
        }
        h.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "{:?}", h.state().public());
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
                assert_eq!(c.state(), h.state());
            }
        }
        if pick(rng, 4) == 0 {
            let v = h.view(seat).unwrap();
            for _ in 0..8 {
                if let Some(o) = resample(&h, &actions, seat, rng) {
                    assert_eq!(o.view(seat).unwrap(), v);
                    compared += 1;
                    let mut ol = ActionList::new();
                    o.legal_actions(&mut ol);
                    assert_eq!(ol, legal, "legal actions depend only on the actor's view");
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
    let (p, rpts) = replay(start, h.public_events()).unwrap();
    assert_eq!(&p, h.state().public());
    assert_eq!(rpts, pts);
    if p.camas() == start.camas() {
        let (s0, s1) = (start.score(), p.score());
        assert_eq!([(s1[0] - s0[0]) as u32, (s1[1] - s0[1]) as u32], pts);
    }
    // A hand ends with a winner, except a paulista triple parda (no one scores).
    assert!(p.match_over() || p.hand_winner().is_some() || pts == [0, 0]);
    (p, compared)
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
        let (p, c) = check_hand(start, &mut rng, &every);
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
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xA5A5);
    let mut m = Match::new(rules, seed);
    let w = m
        .play(|seat, view, legal| {
            assert_eq!(view.seat(), seat);
            assert!(
                !view.public().match_over(),
                "a decision after the match ended"
            );
            if view.is_blind() {
                assert_eq!(view.public().score(), [11, 11]);
            }
            legal.as_slice()[pick(&mut rng, legal.len())]
        })
        .unwrap();
    assert_eq!(m.winner(), Some(w));
    if rules.camas == 0 {
        for t in 0..2u8 {
            let sum: u32 = m
                .records()
                .iter()
                .filter(|r| r.award.team == t)
                .map(|r| r.award.points as u32)
                .sum();
            assert_eq!(sum, m.score()[t as usize] as u32);
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
