use super::*;
use crate::cards::Deck;
use crate::hand::Hand;
use crate::public::PublicState;
use crate::rules::RuleSet;

fn cards(s: &str) -> [Card; 3] {
    let v = Deck::Spanish40.parse_cards(s).unwrap();
    [v[0], v[1], v[2]]
}

pub(super) fn play(score: [u8; 2], mano: u8, h0: &str, h1: &str, acts: &[&str]) -> Hand {
    let start = PublicState::new_hand(RuleSet::ARG_1V1, score, mano).unwrap();
    let mut h = Hand::deal(start, &[cards(h0), cards(h1)]).unwrap();
    for a in acts {
        h.apply(a.parse().unwrap()).unwrap();
    }
    h
}

pub(super) fn key(a: Abstraction, h: &Hand, seat: u8) -> u64 {
    a.key(&h.view(seat).unwrap(), h.public_events()).unwrap()
}

#[test]
fn radices_fit_in_64_bits_and_match_the_definition() {
    let product: u128 = RADICES.iter().map(|&r| r as u128).product();
    assert!(product < 1u128 << 64, "{product}");
    for r in RADICES {
        if r != 15 {
            assert!(DEFINITION.contains(&format!("radix = {r}")), "{r}");
        }
    }
    for r in BUCKET_RADICES {
        assert!(DEFINITION.contains(&format!("_radix = {r}")), "{r}");
    }
    let bucket_product: u128 = BUCKET_RADICES.iter().map(|&r| r as u128).product();
    assert!(bucket_product < 1u128 << 64);
    assert_ne!(
        Abstraction::Tiers.definition_hash(),
        Abstraction::TiersNoOrder.definition_hash()
    );
    assert_eq!(
        Abstraction::from_id("arg-1v1-tiers-v1"),
        Ok(Abstraction::Tiers)
    );
    assert!(Abstraction::from_id("x").is_err());
}

#[test]
fn buckets_v2_radices_match_their_definition_and_v1_is_frozen() {
    for r in BUCKET_RADICES_V2 {
        assert!(DEFINITION_V2.contains(&format!("_radix = {r}")), "{r}");
    }
    let product: u128 = BUCKET_RADICES_V2.iter().map(|&r| r as u128).product();
    assert!(product < 1u128 << 64);
    assert_eq!(
        Abstraction::from_id("arg-1v1-buckets-v2"),
        Ok(Abstraction::BucketsV2)
    );
    assert_ne!(
        Abstraction::Buckets.definition_hash(),
        Abstraction::BucketsV2.definition_hash()
    );
    // The hash written in the header of models/arg-1v1.tbl (v1): adding v2 must not change it.
    assert_eq!(
        Abstraction::Buckets.definition_hash(),
        0x561d_0b52_0a43_0ef9
    );
}

#[test]
fn buckets_v2_knows_whether_a_card_beats_the_one_on_the_table() {
    // Seat 1 follows 12E holding 11C (loses to it) or 12C (ties it): the same groups and
    // envido value, so v1 merges the two; v2 keeps each card's result apart.
    let lose = play([0, 0], 0, "12E 4B 4O", "11C 6B 5O", &["12E"]);
    let tie = play([0, 0], 0, "12E 4B 4O", "12C 6B 5O", &["12E"]);
    assert_eq!(
        key(Abstraction::Buckets, &lose, 1),
        key(Abstraction::Buckets, &tie, 1)
    );
    assert_ne!(
        key(Abstraction::BucketsV2, &lose, 1),
        key(Abstraction::BucketsV2, &tie, 1)
    );
    // 6B and 5O share a v1 group but not a v2 one.
    let a = play([0, 0], 0, "12E 4B 4O", "11C 6B 6O", &[]);
    let b = play([0, 0], 0, "12E 4B 4O", "11C 5B 5O", &[]);
    assert_ne!(
        key(Abstraction::BucketsV2, &a, 1),
        key(Abstraction::BucketsV2, &b, 1)
    );
}

#[test]
fn hidden_cards_do_not_change_the_key() {
    // Seat 0 sees the same in both hands: the opponent's unplayed cards differ, and its played
    // card has the same tier (4E / 4B).
    let acts = ["truco", "quiero", "4C", "4E"];
    let a = play([3, 9], 0, "1E 7O 4C", "5C 10C 4E", &acts);
    let acts_b = ["truco", "quiero", "4C", "4B"];
    let b = play([3, 9], 0, "1E 7O 4C", "6B 12O 4B", &acts_b);
    for abs in Abstraction::ARG_1V1 {
        assert_eq!(key(abs, &a, 0), key(abs, &b, 0));
    }
    // Seat 1's own cards differ: different keys.
    let a1 = play([3, 9], 0, "1E 7O 4C", "5C 10C 4E", &["truco"]);
    let b1 = play([3, 9], 0, "1E 7O 4C", "6B 12O 4B", &["truco"]);
    assert_ne!(
        key(Abstraction::Tiers, &a1, 1),
        key(Abstraction::Tiers, &b1, 1)
    );
}

#[test]
fn suit_names_and_deal_order_do_not_matter_but_score_and_order_do() {
    let a = play([0, 0], 1, "5C 10C 4E", "3E 3O 5E", &["envido"]);
    let b = play([0, 0], 1, "5B 10B 4C", "5O 3C 3O", &["envido"]);
    assert_eq!(
        key(Abstraction::Tiers, &a, 0),
        key(Abstraction::Tiers, &b, 0)
    );
    let c = play([0, 5], 1, "5C 10C 4E", "3E 3O 5E", &["envido"]);
    assert_ne!(
        key(Abstraction::Tiers, &a, 0),
        key(Abstraction::Tiers, &c, 0)
    );
    // Truco before or after the first card: same view, different order.
    let early = play(
        [0, 0],
        0,
        "1E 7O 4C",
        "5C 10C 4E",
        &["truco", "quiero", "4C", "4E"],
    );
    let late = play(
        [0, 0],
        0,
        "1E 7O 4C",
        "5C 10C 4E",
        &["4C", "4E", "truco", "quiero"],
    );
    assert_eq!(early.view(0).unwrap(), late.view(0).unwrap());
    assert_ne!(
        key(Abstraction::Tiers, &early, 0),
        key(Abstraction::Tiers, &late, 0)
    );
    assert_eq!(
        key(Abstraction::TiersNoOrder, &early, 0),
        key(Abstraction::TiersNoOrder, &late, 0)
    );
}

#[test]
fn equal_tier_cards_give_one_key_and_one_action_order() {
    // 3B and 3O are interchangeable in 3B 3O 5C: either played gives the same key.
    let a = play([0, 0], 0, "3B 3O 5C", "4E 4B 4O", &["3B"]);
    let b = play([0, 0], 0, "3B 3O 5C", "4E 4B 4O", &["3O"]);
    assert_eq!(
        key(Abstraction::Tiers, &a, 0),
        key(Abstraction::Tiers, &b, 0)
    );
    // The canonical action order puts cards strongest tier first for both suit namings.
    let h = play([0, 0], 0, "5E 3O 10B", "4E 4B 4O", &[]);
    let v = h.view(0).unwrap();
    let mut legal = crate::action::ActionList::new();
    h.legal_actions(&mut legal);
    let mut acts = legal.as_slice().to_vec();
    order_actions(&v, &mut acts);
    let shown: Vec<String> = acts.iter().take(3).map(|a| a.to_string()).collect();
    assert_eq!(shown, ["3O", "10B", "5E"]);
    assert_eq!(acts.len(), legal.len());
}

#[test]
fn other_variants_are_refused() {
    let start = PublicState::new_hand(RuleSet::ARG_2V2, [0, 0], 0).unwrap();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let h = Hand::sample(start, &mut rng);
    let e = Abstraction::Tiers
        .key(&h.view(0).unwrap(), h.public_events())
        .unwrap_err();
    assert!(matches!(e, AbstractionError::Unsupported { .. }), "{e}");
}

use rand::SeedableRng;

#[test]
fn buckets_v3_remembers_the_strongest_card_the_opponent_showed() {
    for r in BUCKET_RADICES_V3 {
        assert!(DEFINITION_V3.contains(&format!("_radix = {r}")), "{r}");
    }
    let product: u128 = BUCKET_RADICES_V3.iter().map(|&r| r as u128).product();
    assert!(
        product < 1u128 << 63,
        "the restricted trainer's opponent bit must stay free"
    );
    // Seat 1 wins trick 1 with 1E over a 4 or over a 3: v2 keeps only "won", v3 what it saw.
    let low = play([0, 0], 0, "4B 5O 6C", "1E 12C 11O", &["4B", "1E"]);
    let high = play([0, 0], 0, "3B 5O 6C", "1E 12C 11O", &["3B", "1E"]);
    assert_eq!(
        key(Abstraction::BucketsV2, &low, 1),
        key(Abstraction::BucketsV2, &high, 1)
    );
    assert_ne!(
        key(Abstraction::BucketsV3, &low, 1),
        key(Abstraction::BucketsV3, &high, 1)
    );
}
