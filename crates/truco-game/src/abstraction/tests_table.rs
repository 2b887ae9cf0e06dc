//! Tests of the rank-table scheme: `paulista-buckets-v1` and `valencian-buckets-v1`.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::action::ActionList;
use crate::cards::CardSet;
use crate::hand::Hand;
use crate::public::PublicState;
use crate::rules::RuleSet;

const P: Abstraction = Abstraction::PaulistaBucketsV1;
const V: Abstraction = Abstraction::ValencianBucketsV1;

fn paulista_hu(ferro_open: bool) -> RuleSet {
    let opts: &[&str] = if ferro_open {
        &["players=2", "ferro=open"]
    } else {
        &["players=2"]
    };
    RuleSet::new("paulista", opts).unwrap()
}

/// Every rule set the scheme keys, with its abstraction.
fn keyed() -> [(RuleSet, Abstraction); 8] {
    const T: Abstraction = Abstraction::PaulistaHuTiersV1;
    const T2: Abstraction = Abstraction::PaulistaHuTiersV2;
    [
        (RuleSet::PAULISTA, P),
        (paulista_hu(false), P),
        (paulista_hu(true), P),
        (paulista_hu(false), T),
        (paulista_hu(true), T),
        (paulista_hu(false), T2),
        (paulista_hu(true), T2),
        (RuleSet::VALENCIAN, V),
    ]
}

/// A uniform integer in `0..n`.
pub(super) fn below(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

pub(super) fn key(a: Abstraction, h: &Hand, seat: u8) -> u64 {
    a.key(&h.view(seat).unwrap(), h.public_events()).unwrap()
}

/// Draws `n` distinct cards of `deck` outside `used`.
pub(super) fn draw(
    rng: &mut Xoshiro256PlusPlus,
    deck: CardSet,
    used: &mut CardSet,
    n: usize,
) -> Vec<Card> {
    let mut out = Vec::new();
    while out.len() < n {
        let free: Vec<Card> = CardSet(deck.0 & !used.0).iter().collect();
        let c = free[below(rng, free.len())];
        used.insert(c);
        out.push(c);
    }
    out
}

/// A random deal of `rules` at `score` (camas 0-0): hands, vira (paulista) and mano.
pub(super) fn deal(
    rules: RuleSet,
    score: [u8; 2],
    rng: &mut Xoshiro256PlusPlus,
) -> (Hand, Vec<[Card; 3]>) {
    let mano = below(rng, rules.players as usize) as u8;
    let start = PublicState::new_hand(rules, score, mano).unwrap();
    let deck = rules.deck.cards();
    let mut used = CardSet::EMPTY;
    let hands: Vec<[Card; 3]> = (0..rules.players)
        .map(|_| {
            let v = draw(rng, deck, &mut used, 3);
            [v[0], v[1], v[2]]
        })
        .collect();
    let hand = if rules.ranking == crate::ranking::Ranking::Paulista {
        let vira = draw(rng, deck, &mut used, 1)[0];
        Hand::deal_with_vira(start, &hands, vira).unwrap()
    } else {
        Hand::deal(start, &hands).unwrap()
    };
    (hand, hands)
}

/// The same deal with the cards of every seat but `keep` (and, with `keep_partner`, its
/// partner) replaced where they are not yet played: what `keep` cannot see; `None` when the
/// new cards cannot replay `history` (arg-classic: a redealt flor must be declared first).
pub(super) fn redeal(
    h: &Hand,
    history: &[Action],
    hands: &[[Card; 3]],
    keep: u8,
    keep_partner: bool,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Hand> {
    let p = h.state().public();
    let r = *p.rules();
    let partner = (keep + r.players / 2) % r.players;
    let mut used = CardSet::EMPTY;
    for (s, cards) in hands.iter().enumerate() {
        let spent = CardSet(h.state().dealt_set(s as u8).0 & !h.state().hand(s as u8).0);
        let fixed = s as u8 == keep || (keep_partner && s as u8 == partner);
        for &c in cards {
            if fixed || spent.contains(c) {
                used.insert(c);
            }
        }
    }
    if let Some(v) = p.vira() {
        used.insert(v);
    }
    let mut fresh = hands.to_vec();
    for (s, cards) in fresh.iter_mut().enumerate() {
        let spent = CardSet(h.state().dealt_set(s as u8).0 & !h.state().hand(s as u8).0);
        let fixed = s as u8 == keep || (keep_partner && s as u8 == partner);
        for c in cards.iter_mut() {
            if !fixed && !spent.contains(*c) {
                *c = draw(rng, r.deck.cards(), &mut used, 1)[0];
            }
        }
    }
    let start = *h.start();
    let mut b = match p.vira() {
        Some(v) => Hand::deal_with_vira(start, &fresh, v).ok()?,
        None => Hand::deal(start, &fresh).ok()?,
    };
    for &a in history {
        b.apply(a).ok()?;
    }
    Some(b)
}

#[test]
fn radices_match_the_definitions_and_fit_in_64_bits() {
    for (radices, def) in [
        (PAULISTA_RADICES, DEFINITION_PAULISTA),
        (PAULISTA_HU_TIERS_RADICES, DEFINITION_PAULISTA_HU_TIERS),
        (
            PAULISTA_HU_TIERS_V2_RADICES,
            DEFINITION_PAULISTA_HU_TIERS_V2,
        ),
        (VALENCIAN_RADICES, DEFINITION_VALENCIAN),
    ] {
        let written: Vec<u64> = def
            .lines()
            .filter_map(|l| l.split_once("_radix = "))
            .map(|(_, v)| v.split_whitespace().next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(written, radices.to_vec());
        let product: u128 = radices.iter().map(|&r| r as u128).product();
        assert!(product < 1u128 << 63, "{product}");
    }
    for (rules, a) in keyed() {
        assert!(a.supports(&rules), "{}", a.id());
        assert_eq!(Abstraction::from_id(a.id()), Ok(a));
    }
    assert!(!P.supports(&RuleSet::VALENCIAN) && !V.supports(&RuleSet::PAULISTA));
    assert!(!Abstraction::PaulistaHuTiersV1.supports(&RuleSet::PAULISTA));
    assert!(
        !P.supports(&RuleSet::ARG_2V2)
            && !Abstraction::Arg2v2BucketsV2.supports(&RuleSet::PAULISTA)
    );
    // The shipped arg tables' hashes stay valid.
    assert_eq!(
        Abstraction::Arg2v2BucketsV1.definition_hash(),
        0x2bbb_4230_2dd5_d4d3
    );
    assert_eq!(
        Abstraction::Buckets.definition_hash(),
        0x561d_0b52_0a43_0ef9
    );
}

/// Plays random hands of every keyed rule set; at every decision, the acting seat's key is
/// the same in a deal where everything it cannot see differs, and the row length is the
/// number of legal actions (one key, one action list).
#[test]
fn cards_a_seat_cannot_see_never_change_its_key() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    let mut lens: std::collections::HashMap<(Abstraction, u64), usize> = Default::default();
    let mut checked = 0;
    for (rules, a) in keyed() {
        for game in 0..250 {
            let t = rules.target;
            let score = match game % 5 {
                0 => [t - 1, below(&mut rng, t as usize - 1) as u8],
                1 if rules.mao_de_onze => [t - 1, t - 1],
                _ => [
                    below(&mut rng, t as usize - 1) as u8,
                    below(&mut rng, t as usize - 1) as u8,
                ],
            };
            let (mut h, hands) = deal(rules, score, &mut rng);
            let mut legal = ActionList::new();
            let mut history = Vec::new();
            while let Some(seat) = h.actor().seat() {
                let view = h.view(seat).unwrap();
                let k = key(a, &h, seat);
                // The partner's cards are the team at 11's to see (mão de onze): keep them.
                let sees_partner = view.partner_cards().is_some();
                let b = redeal(&h, &history, &hands, seat, sees_partner, &mut rng).unwrap();
                assert_eq!(key(a, &b, seat), k, "{} seat {seat}", a.id());
                h.legal_actions(&mut legal);
                let n = *lens.entry((a, k)).or_insert(legal.len());
                assert_eq!(n, legal.len(), "{} key {k:#x}: two action lists", a.id());
                checked += 1;
                let pick = legal.as_slice()[below(&mut rng, legal.len())];
                h.apply(pick).unwrap();
                history.push(pick);
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}

#[test]
fn own_cards_change_the_key_and_the_vira_decides_what_a_card_is() {
    let p = |score, vira: &str, seat0: &str| {
        let c = |s: &str| -> [Card; 3] {
            let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
            [v[0], v[1], v[2]]
        };
        let start = PublicState::new_hand(RuleSet::PAULISTA, score, 0).unwrap();
        let hands = [c(seat0), c("5E 5B 6E"), c("10E 11B 11E"), c("12E 12B 6B")];
        Hand::deal_with_vira(start, &hands, vira.parse().unwrap()).unwrap()
    };
    // 4C with vira 3O is the zap (a manilha); with vira 7O it is the weakest card.
    let zap = p([0, 0], "3O", "4C 7O 2E");
    let weak = p([0, 0], "7O", "4C 5O 2E");
    assert_ne!(key(P, &zap, 0), key(P, &weak, 0));
    // The same strengths under two viras are one key: vira 7O makes the 10s manilhas, vira 6O
    // the 7s; 10B and 7B are then each the zap.
    let a = p([0, 0], "7O", "10B 3C 4O");
    let b = p([0, 0], "6O", "7B 3C 4O");
    assert_eq!(key(P, &a, 0), key(P, &b, 0));
}

#[test]
fn only_the_team_at_eleven_keys_its_partner_cards_and_the_blind_hand_keys_none() {
    let c = |s: &str| -> [Card; 3] {
        let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
        [v[0], v[1], v[2]]
    };
    let deal = |score, partner: &str, own: &str| {
        let start = PublicState::new_hand(RuleSet::PAULISTA, score, 0).unwrap();
        let hands = [c(own), c("5E 5B 6E"), c(partner), c("12E 12B 6B")];
        Hand::deal_with_vira(start, &hands, "7O".parse().unwrap()).unwrap()
    };
    // 11-4: team 0 decides (play or run) seeing the partner's cards: they enter its key.
    let strong = deal([11, 4], "10B 10C 3E", "4C 2O 1E");
    let weak = deal([11, 4], "4E 5O 6O", "4C 2O 1E");
    let decider = strong.actor().seat().unwrap();
    assert_eq!(decider % 2, 0);
    assert!(strong.view(decider).unwrap().partner_cards().is_some());
    assert_ne!(key(P, &strong, decider), key(P, &weak, decider));
    // Not at 11: the partner's cards are not the seat's to see, and not in its key.
    let a = deal([5, 4], "10B 10C 3E", "4C 2O 1E");
    let b = deal([5, 4], "4E 5O 6O", "4C 2O 1E");
    assert_eq!(key(P, &a, 0), key(P, &b, 0));
    // 11-11, mão de ferro: no one sees their cards; the key holds none of them.
    let iron = deal([11, 11], "10B 10C 3E", "4C 2O 1E");
    let iron2 = deal([11, 11], "4E 5O 6O", "3O 3B 11C");
    let v = iron.view(0).unwrap();
    assert!(v.is_blind());
    assert_eq!(key(P, &iron, 0), key(P, &iron2, 0));
}

#[test]
fn tiers_v2_counts_the_unseen_cards_that_beat_the_seats_best() {
    const T2: Abstraction = Abstraction::PaulistaHuTiersV2;
    let c = |s: &str| -> [Card; 3] {
        let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
        [v[0], v[1], v[2]]
    };
    let start = PublicState::new_hand(paulista_hu(false), [0, 0], 0).unwrap();
    // Vira 7O: the four 10s are the manilhas, above seat 0's best card, a 3.
    let mut h = Hand::deal_with_vira(
        start,
        &[c("3C 4O 5O"), c("10E 10B 6E")],
        "7O".parse().unwrap(),
    )
    .unwrap();
    let digit = |h: &Hand, seat: u8| T2.digits(key(T2, h, seat))[8];
    assert_eq!(digit(&h, 0), 3);
    // Seat 1's best card, a manilha, is beaten by at most the two 10s it does not hold.
    assert!(digit(&h, 1) <= 2);
    let card = |s: &str| Action::Play(s.parse().unwrap());
    h.apply(card("4O")).unwrap();
    h.apply(card("10E")).unwrap();
    // Seat 1 won trick 1 and leads trick 2 with its other manilha.
    h.apply(card("10B")).unwrap();
    // Seat 0 has seen two of the four: two unseen 10s still beat its 3.
    assert_eq!(digit(&h, 0), 2);
    // v1 keys nothing there (the heads-up partner digit), and the rest of the key is v1's.
    let v1 = Abstraction::PaulistaHuTiersV1;
    assert_eq!(v1.digits(key(v1, &h, 0))[8], 0);
    let (mut a, mut b) = (T2.digits(key(T2, &h, 0)), v1.digits(key(v1, &h, 0)));
    a[8] = 0;
    b[8] = 0;
    assert_eq!(a, b);
}

#[test]
fn card_actions_are_ordered_by_strength_under_the_vira() {
    let c = |s: &str| -> [Card; 3] {
        let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
        [v[0], v[1], v[2]]
    };
    let start = PublicState::new_hand(RuleSet::PAULISTA, [0, 0], 0).unwrap();
    let hands = [
        c("4C 3E 10B"),
        c("5E 5B 6E"),
        c("10E 11B 11E"),
        c("12E 12B 6B"),
    ];
    let h = Hand::deal_with_vira(start, &hands, "7O".parse().unwrap()).unwrap();
    let view = h.view(0).unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let mut acts = legal.as_slice().to_vec();
    order_actions(&view, &mut acts);
    let names: Vec<String> = acts.iter().map(|a| a.to_string()).collect();
    // Vira 7O: 10B is the zap, then the 3, then the 4.
    assert_eq!(names[..3], ["10B", "3E", "4C"]);
}
