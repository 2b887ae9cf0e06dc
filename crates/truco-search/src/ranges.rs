//! Ranges from the blueprint: every hand a seat could hold, weighted by the probability that
//! the table would have played the seat's actions of this hand with it.

use rand::Rng;
use truco_cfr::resolve::{cumulative, draw, Range};
use truco_game::envido::{envido_value, flor_value, has_flor};
use truco_game::{Action, Card, CardSet, Event, PublicState, Totals, View};
use truco_query::Policy;

use crate::root::{Deal, Replay};
use crate::SearchError;

/// Smallest probability given to an action the seat took. An opponent is not the blueprint,
/// and the searcher itself plays the search's actions, so an action the table never plays
/// makes every hand that took it unlikely, not impossible.
pub const FLOOR: f64 = 0.01;

/// Every 3-card hand of `deck` that `seat` could hold given the public cards: its own face-up
/// cards in it, the other seats' out of it, its revealed envido and flor totals matched, and a
/// flor if it declared one.
pub fn candidates(deck: CardSet, replay: &Replay, seat: u8) -> Vec<[Card; 3]> {
    let now = replay.before.last().expect("a replay has a current state");
    let players = now.rules().players;
    let (mut own, mut others) = (0u64, 0u64);
    for t in 0..3 {
        for s in 0..players {
            if let Some(c) = now.played(t, s) {
                if s == seat {
                    own |= 1 << c.index();
                } else {
                    others |= 1 << c.index();
                }
            }
        }
    }
    // Each reveal of totals (`PublicState::reveal_kind`: envido or flor totals), with the
    // state it was revealed from, and whether the seat declared a flor (it then holds one).
    let mut reveals: Vec<(&PublicState, bool, Totals)> = Vec::new();
    let mut declared_flor = false;
    for (i, e) in replay.events.iter().enumerate() {
        match *e {
            Event::Reveal {
                seat: by,
                action,
                totals,
            } => {
                let before = &replay.before[i];
                let flor = before.reveal_kind(action) == Some(true);
                reveals.push((before, flor, totals));
                declared_flor |= by == seat && action == Action::Flor;
            }
            Event::Act {
                seat: by,
                action: Action::Flor,
            } if by == seat => declared_flor = true,
            _ => {}
        }
    }
    if let Some(v) = now.vira() {
        others |= 1 << v.index();
    }
    let cards: Vec<Card> = CardSet(deck.0 & !others).iter().collect();
    let mut out = Vec::new();
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            for k in j + 1..cards.len() {
                let h = [cards[i], cards[j], cards[k]];
                let hs = CardSet::from_cards(&h);
                if hs.0 & own != own {
                    continue;
                }
                if declared_flor && !has_flor(hs) {
                    continue;
                }
                // The table would have shown what it showed: a total it kept hidden did not
                // beat the ones shown before it.
                let fits = |&(before, flor, totals): &(&PublicState, bool, Totals)| {
                    let value = if flor {
                        flor_value(hs)
                    } else {
                        Some(envido_value(hs))
                    };
                    before.reveal_admits(flor, &totals, seat, value)
                };
                if !reveals.iter().all(fits) {
                    continue;
                }
                out.push(h);
            }
        }
    }
    out
}

/// The range of `seat`, as deals of its seat: each candidate hand (with, for a seat that played
/// cards face down, each choice of which of its cards those were), with the product, over the
/// seat's actions in the hand, of the blueprint's probability of that action (at least
/// [`FLOOR`]); hands for which an action was illegal are dropped.
pub fn seat_range(
    policy: &Policy,
    deck: CardSet,
    replay: &Replay,
    seat: u8,
) -> Result<Range<Deal>, SearchError> {
    // The seat's decisions: its actions, and its cards played face down (`None`).
    let decisions: Vec<(usize, Option<Action>)> = (0..replay.events.len())
        .filter_map(|i| match (replay.act(i), replay.hidden(i)) {
            (Some((s, a)), _) if s == seat => Some((i, Some(a))),
            (None, Some(s)) if s == seat => Some((i, None)),
            _ => None,
        })
        .collect();
    let hides = decisions.iter().filter(|(_, a)| a.is_none()).count();
    let now = replay.before.last().expect("a replay has a current state");
    let mut out = Vec::new();
    for h in candidates(deck, replay, seat) {
        let face_up = (0..3)
            .filter_map(|t| now.played(t, seat))
            .fold(0u64, |m, c| m | 1 << c.index());
        let free: Vec<Card> = h
            .iter()
            .copied()
            .filter(|c| face_up & 1 << c.index() == 0)
            .collect();
        'choices: for hidden in subsets(&free, hides) {
            let mut reach = 1.0;
            let mut left = hidden.iter().copied();
            let mut gone = CardSet(0);
            for &(i, action) in &decisions {
                let action = match action {
                    Some(a) => a,
                    None => match left.next() {
                        Some(c) => Action::Hide(c),
                        None => continue 'choices,
                    },
                };
                let view = View::new(replay.before[i], seat, h).with_hidden(gone);
                if !replay.before[i].is_legal(action, view.hand()) {
                    continue 'choices;
                }
                let r = policy.recommend_trained(&view, &replay.events[..i])?;
                let p = r.get(action).map_or(0.0, |a| a.prob as f64);
                reach *= p.max(FLOOR);
                if let Action::Hide(c) = action {
                    gone.insert(c);
                }
            }
            let deal = Deal::of(seat, h).with_hidden(seat, CardSet::from_cards(&hidden));
            out.push((deal, reach));
        }
    }
    Ok(out)
}

/// Every choice of `k` of `cards`, each in card order.
fn subsets(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    match k {
        0 => vec![Vec::new()],
        _ => (0..cards.len())
            .flat_map(|i| {
                subsets(&cards[i + 1..], k - 1)
                    .into_iter()
                    .map(move |mut rest| {
                        rest.insert(0, cards[i]);
                        rest
                    })
            })
            .collect(),
    }
}

/// Joint deals of the other seats drawn for a team game's search.
pub const JOINT_DEALS: usize = 2048;

/// Most draws spent looking for [`JOINT_DEALS`] disjoint joint deals.
const MAX_JOINT_DRAWS: usize = 100 * JOINT_DEALS;

/// The range of every seat but `seat`, as deals: heads-up the other seat's range
/// ([`seat_range`]); with more seats, [`JOINT_DEALS`] joint deals drawn from the product of
/// the seats' ranges restricted to disjoint hands (each seat's hand drawn from its range, a
/// draw whose hands share a card rejected), each of weight 1: a sample of the joint range.
pub fn others_range(
    policy: &Policy,
    deck: CardSet,
    replay: &Replay,
    seat: u8,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Range<Deal>, SearchError> {
    let now = replay.before.last().expect("a replay has a current state");
    let players = now.rules().players;
    let others: Vec<u8> = (0..players).filter(|&s| s != seat).collect();
    if let [other] = others[..] {
        return seat_range(policy, deck, replay, other);
    }
    let ranges = others
        .iter()
        .map(|&s| seat_range(policy, deck, replay, s).map(|r| (cumulative(&r), r)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::with_capacity(JOINT_DEALS);
    for _ in 0..MAX_JOINT_DRAWS {
        if out.len() == JOINT_DEALS {
            break;
        }
        let mut deal = Deal::empty();
        let mut used = 0u64;
        let ok = ranges.iter().all(|(cum, r)| {
            if cum.last().is_none_or(|&t| t <= 0.0) {
                return false;
            }
            let d = r[draw(cum, rng)].0;
            let cards = d.cards().0;
            let disjoint = used & cards == 0;
            used |= cards;
            deal = deal.merged(&d);
            disjoint
        });
        if ok {
            out.push((deal, 1.0));
        }
    }
    if out.is_empty() {
        return Err(SearchError::Events(
            "no joint deal of the other seats is consistent with the hand".into(),
        ));
    }
    Ok(out)
}
