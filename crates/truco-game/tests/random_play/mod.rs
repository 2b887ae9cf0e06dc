//! Drivers shared by the property tests (`properties`, `properties_variants`): random hands
//! checked at every step, hidden cards resampled consistently with a seat's view, random
//! matches through the [`Match`] driver.

// Each test binary uses only some of these.
#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::abstraction::Abstraction;
use truco_game::action::MAX_SEATS;
use truco_game::hand::Hand;
use truco_game::log::replay;
use truco_game::{
    Action, ActionList, Actor, Award, Card, CardSet, Match, PublicState, RuleSet, Spot, State, View,
};

/// A uniform index below `len`.
pub fn pick<R: Rng>(rng: &mut R, len: usize) -> usize {
    ((rng.next_u32() as u64 * len as u64) >> 32) as usize
}

/// Every call there is in the Argentine game (no card, no pass).
pub const CALLS: [Action; 9] = [
    Action::Raise,
    Action::Quiero,
    Action::NoQuiero,
    Action::Envido,
    Action::RealEnvido,
    Action::FaltaEnvido,
    Action::Flor,
    Action::Contraflor,
    Action::Mazo,
];

/// What the hand checks of one family of variants need.
pub struct HandChecks {
    /// Check the spots of the actor and of one random seat at every step (`None`), or at a
    /// step with odds 1 in `n` (`Some(n)`).
    pub spot_odds: Option<usize>,
    /// Whether a refused action must also leave the public events as they were.
    pub refusal_keeps_events: bool,
    /// Whether an award is what the rule of its source gives, in the states `before` and
    /// `after` it.
    pub by_rule: fn(&PublicState, &PublicState, Award) -> bool,
    /// The cards seat `s` keeps when the cards hidden from `seat` are dealt again (`None`:
    /// no consistent deal).
    pub kept: fn(&State, u8, u8) -> Option<Vec<Card>>,
    /// The checks on a finished hand: its start, its final public state and the points each
    /// team scored.
    pub hand_end: fn(&PublicState, &PublicState, [u32; 2]),
}

/// Checks that an award is what the rule of its source gives, in the state `after` it.
fn explained(
    checks: &HandChecks,
    before: &PublicState,
    after: &PublicState,
    a: Award,
) -> Result<(), String> {
    if (checks.by_rule)(before, after, a) {
        Ok(())
    } else {
        Err(format!("{a:?} not explained by its rule in {after:?}"))
    }
}

/// Deals the other seats new cards consistent with what `seat` sees (each keeps what
/// `checks.kept` gives; the vira stays), replays `actions`, and returns the new hand if it
/// produced the same public events.
fn resample<R: Rng>(
    checks: &HandChecks,
    orig: &Hand,
    actions: &[Action],
    seat: u8,
    rng: &mut R,
) -> Option<Hand> {
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
        let k = (checks.kept)(st, seat, s)?;
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
    // Without the log: a rebuilt history reaches the same view.
    let rebuilt = Spot::from_view(&v).unwrap_or_else(|e| panic!("{spot}\n{e}"));
    let back: Spot = rebuilt.to_string().parse().unwrap();
    assert_eq!(back.to_view().unwrap(), v, "{rebuilt}");
}

/// Plays one hand of `start` at random, checking the hand-level properties at every step,
/// that replaying the public events alone rebuilds the state and the points, and
/// `checks.hand_end`. Returns the final
/// public state, the points each team scored and how many views were compared after a
/// resample.
pub fn play_hand(
    checks: &HandChecks,
    start: PublicState,
    rng: &mut Xoshiro256PlusPlus,
    every: &[Action],
) -> (PublicState, [u32; 2], u32) {
    let mut h = Hand::sample(start, rng);
    let n = start.rules().players;
    let mut legal = ActionList::new();
    let mut actions: Vec<Action> = Vec::new();
    let mut pts = [0u32; 2];
    let mut compared = 0;
    loop {
        // The spot of a view round-trips: the actor's and one other seat's.
        let seat = h.actor().seat().unwrap_or(0);
        let spots = match checks.spot_odds {
            None => true,
            Some(k) => pick(rng, k) == 0,
        };
        if spots {
            let other = pick(rng, n as usize) as u8;
            check_spots(&h, seat);
            check_spots(&h, other);
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
                if checks.refusal_keeps_events {
                    assert_eq!(c.public_events(), h.public_events());
                }
                assert_eq!(c.state(), h.state());
            }
        }
        // A view does not depend on the hidden cards (resampled consistently with the history),
        // nor do the keys of the seat's information set.
        if pick(rng, 4) == 0 {
            let v = h.view(seat).unwrap();
            for _ in 0..8 {
                if let Some(o) = resample(checks, &h, &actions, seat, rng) {
                    assert_eq!(o.view(seat).unwrap(), v);
                    // So is every information-set key an abstraction computes from it.
                    for abs in Abstraction::ALL
                        .iter()
                        .filter(|a| a.supports(start.rules()))
                    {
                        let key = |x: &Hand| abs.key(&x.view(seat).unwrap(), x.public_events());
                        assert_eq!(key(&o), key(&h), "{}", abs.id());
                    }
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
            explained(checks, &before, h.state().public(), x).unwrap();
            pts[x.team as usize] += x.points as u32;
        }
    }
    // Replaying the public events alone rebuilds the state and the points.
    let (p, rpts) = replay(start, h.public_events()).unwrap();
    assert_eq!(&p, h.state().public());
    assert_eq!(rpts, pts);
    (checks.hand_end)(&start, &p, pts);
    (p, pts, compared)
}

/// The points each team gained from `start` to `end`.
pub fn score_gain(start: &PublicState, end: &PublicState) -> [u32; 2] {
    let (s0, s1) = (start.score(), end.score());
    [(s1[0] - s0[0]) as u32, (s1[1] - s0[1]) as u32]
}

/// Plays a full match of `rules` through the [`Match`] driver, each decision a random legal
/// action after `check(seat, view, legal)`. Returns the match and its winner.
pub fn play_match(
    rules: RuleSet,
    seed: u64,
    mut check: impl FnMut(u8, &View, &ActionList),
) -> (Match, u8) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xA5A5);
    let mut m = Match::new(rules, seed);
    let w = m
        .play(|seat, view, legal| {
            check(seat, view, legal);
            legal.as_slice()[pick(&mut rng, legal.len())]
        })
        .unwrap();
    (m, w)
}

/// The points the records of `m` give team `t`.
pub fn recorded_points(m: &Match, t: u8) -> u32 {
    m.records()
        .iter()
        .filter(|r| r.award.team == t)
        .map(|r| r.award.points as u32)
        .sum()
}
