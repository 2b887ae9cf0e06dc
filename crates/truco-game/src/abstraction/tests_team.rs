//! Tests of the `arg-2v2-buckets-v1` abstraction.

use std::collections::HashMap;

use rand::SeedableRng;

use super::*;
use crate::cards::Deck;
use crate::hand::Hand;
use crate::public::PublicState;
use crate::rules::RuleSet;

const A: Abstraction = Abstraction::Arg2v2BucketsV1;

fn cards(s: &str) -> [Card; 3] {
    let v = Deck::Spanish40.parse_cards(s).unwrap();
    [v[0], v[1], v[2]]
}

/// An arg-2v2 hand at `score` with `mano` first, seats' cards `hands`, after `acts`.
fn play(score: [u8; 2], mano: u8, hands: [&str; 4], acts: &[&str]) -> Hand {
    let start = PublicState::new_hand(RuleSet::ARG_2V2, score, mano).unwrap();
    let mut h = Hand::deal(start, &hands.map(cards)).unwrap();
    for a in acts {
        h.apply(a.parse().unwrap()).unwrap();
    }
    h
}

fn key(h: &Hand, seat: u8) -> u64 {
    A.key(&h.view(seat).unwrap(), h.public_events()).unwrap()
}

#[test]
fn radices_match_the_definition_and_fit_in_64_bits() {
    for r in TEAM_RADICES {
        assert!(DEFINITION_2V2.contains(&format!("_radix = {r} ")), "{r}");
    }
    let product: u128 = TEAM_RADICES.iter().map(|&r| r as u128).product();
    assert!(product < 1u128 << 63, "{product}");
    assert_eq!(Abstraction::from_id("arg-2v2-buckets-v1"), Ok(A));
    assert!(A.supports(&RuleSet::ARG_2V2));
    assert!(!A.supports(&RuleSet::ARG_1V1));
    assert!(!A.supports(&RuleSet::ARG_CLASSIC));
    assert!(!Abstraction::Buckets.supports(&RuleSet::ARG_2V2));
    // Adding the team abstraction leaves the hash of the shipped arg-1v1 table's alone.
    assert_eq!(
        Abstraction::Buckets.definition_hash(),
        0x561d_0b52_0a43_0ef9
    );
}

#[test]
fn v2_radices_match_its_definition_and_leave_v1_alone() {
    const V2: Abstraction = Abstraction::Arg2v2BucketsV2;
    for r in TEAM_RADICES_V2 {
        assert!(DEFINITION_2V2_V2.contains(&format!("_radix = {r} ")), "{r}");
    }
    let product: u128 = TEAM_RADICES_V2.iter().map(|&r| r as u128).product();
    assert!(product < 1u128 << 63, "{product}");
    assert_eq!(Abstraction::from_id("arg-2v2-buckets-v2"), Ok(V2));
    assert!(V2.supports(&RuleSet::ARG_2V2) && !V2.supports(&RuleSet::ARG_1V1));
    assert_ne!(V2.definition_hash(), A.definition_hash());
    // The first arg-2v2 table's hash (models/arg-2v2.tbl until v2) stays valid.
    assert_eq!(A.definition_hash(), 0x2bbb_4230_2dd5_d4d3);
}

#[test]
fn v2_merges_settled_envido_chains_and_nearby_scores() {
    const V2: Abstraction = Abstraction::Arg2v2BucketsV2;
    let hands = ["4C 1E 7O", "5E 3O 3B", "12B 6O 2C", "1B 7E 6C"];
    let k2 = |h: &Hand, seat: u8| V2.key(&h.view(seat).unwrap(), h.public_events()).unwrap();
    // An envido accepted, or a real envido accepted: once settled with the same scorer and
    // totals, v2 keys them alike and v1 does not.
    let env = play([0, 0], 0, hands, &["envido", "quiero"]);
    let real = play([0, 0], 0, hands, &["real-envido", "quiero"]);
    let (pe, pr) = (env.state().public(), real.state().public());
    assert!(pe.envido().done && pr.envido().done);
    assert_eq!(pe.envido().totals, pr.envido().totals);
    let seat = env.actor().seat().unwrap();
    assert_eq!(k2(&env, seat), k2(&real, seat));
    assert_ne!(key(&env, seat), key(&real, seat));
    // While pending the chain still counts.
    let env_p = play([0, 0], 0, hands, &["envido"]);
    let real_p = play([0, 0], 0, hands, &["real-envido"]);
    assert_ne!(k2(&env_p, 1), k2(&real_p, 1));
    // 0-0 and 9-5 (both in the malas, the other team not closer) merge; the falta's stake at 2 vs 6 to go does not; nor
    // who is closer.
    let malas = play([0, 0], 0, hands, &[]);
    let malas2 = play([9, 5], 0, hands, &[]);
    assert_eq!(k2(&malas, 0), k2(&malas2, 0));
    let near = play([28, 10], 0, hands, &[]);
    let mid = play([24, 10], 0, hands, &[]);
    let near_other = play([10, 28], 0, hands, &[]);
    assert_ne!(k2(&near, 0), k2(&mid, 0));
    assert_ne!(k2(&near, 0), k2(&near_other, 0));
}

#[test]
fn cards_a_seat_cannot_see_do_not_change_its_key() {
    // Seat 1 (mano 0): its partner (3) and the opponents (0, 2) hold other cards; the cards
    // played face up are the same.
    let acts = ["4C", "5E"];
    let a = play(
        [4, 9],
        0,
        ["4C 1E 7O", "5E 3O 3B", "12B 6O 2C", "1B 7E 6C"],
        &acts,
    );
    let b = play(
        [4, 9],
        0,
        ["4C 10E 11O", "5E 3O 3B", "1B 7E 5O", "12B 6B 2E"],
        &acts,
    );
    assert_eq!(key(&a, 1), key(&b, 1));
    // Its own cards differ: another key.
    let c = play(
        [4, 9],
        0,
        ["4C 1E 7O", "5E 12O 11B", "12B 6O 2C", "1B 7E 6C"],
        &acts,
    );
    assert_ne!(key(&a, 1), key(&c, 1));
}

#[test]
fn position_score_and_the_partners_card_change_the_key() {
    let hands = ["4C 1E 7O", "5E 3O 3B", "12B 6O 2C", "1B 7E 6C"];
    // The same cards as mano and as pie.
    let mano = play(
        [0, 0],
        1,
        ["5E 3O 3B", "4C 1E 7O", "12B 6O 2C", "1B 7E 6C"],
        &[],
    );
    let pie = play(
        [0, 0],
        2,
        ["5E 3O 3B", "4C 1E 7O", "12B 6O 2C", "1B 7E 6C"],
        &[],
    );
    assert_ne!(key(&mano, 1), key(&pie, 1));
    // Both teams in the malas vs the falta worth 3.
    let malas = play([0, 0], 0, hands, &[]);
    let end = play([27, 10], 0, hands, &[]);
    assert_ne!(key(&malas, 0), key(&end, 0));
    // Seat 2 follows: its partner (seat 0) leads the trick with 1E, or was beaten by 1B.
    let leads = play([0, 0], 0, hands, &["1E", "5E"]);
    let beaten = play(
        [0, 0],
        0,
        ["4C 1E 7O", "1B 3O 3B", "12B 6O 2C", "5E 7E 6C"],
        &["1E", "1B"],
    );
    assert_ne!(key(&leads, 2), key(&beaten, 2));
}

#[test]
fn one_key_always_has_the_same_legal_actions() {
    // The trainer's contract: every view with one key lists as many actions, in the same
    // canonical meaning (checked here on their count and kinds over random hands).
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
    let mut seen: HashMap<u64, Vec<String>> = HashMap::new();
    let mut legal = crate::ActionList::new();
    // A card is kind 0 (its canonical slot is the key's business); a call is itself.
    let kind = |a: &Action| match a {
        Action::Play(_) => "card".to_string(),
        other => other.to_string(),
    };
    for i in 0..3000u32 {
        let score = [(i % 30) as u8, ((i / 30) % 30) as u8];
        let start = PublicState::new_hand(RuleSet::ARG_2V2, score, (i % 4) as u8).unwrap();
        let mut h = Hand::sample(start, &mut rng);
        while let Some(seat) = h.actor().seat() {
            h.legal_actions(&mut legal);
            let k = key(&h, seat);
            let kinds: Vec<String> = legal.as_slice().iter().map(kind).collect();
            assert_eq!(seen.entry(k).or_insert_with(|| kinds.clone()), &kinds);
            let n = legal.len();
            let pick = (rand::Rng::next_u32(&mut rng) as usize) % n;
            h.apply(legal.as_slice()[pick]).unwrap();
        }
    }
    assert!(seen.len() > 10_000, "{}", seen.len());
}

#[test]
fn the_arg_1v1_keys_refuse_team_views_and_say_which_rules_they_cover() {
    let h = play(
        [0, 0],
        0,
        ["4C 1E 7O", "5E 3O 3B", "12B 6O 2C", "1B 7E 6C"],
        &[],
    );
    let e = Abstraction::Buckets
        .key(&h.view(0).unwrap(), h.public_events())
        .unwrap_err();
    assert!(e.to_string().contains("arg-1v1"), "{e}");
    let start = PublicState::new_hand(RuleSet::ARG_1V1, [0, 0], 0).unwrap();
    let one = Hand::deal(start, &[cards("1E 7O 4C"), cards("5E 3O 3B")]).unwrap();
    let e = A
        .key(&one.view(0).unwrap(), one.public_events())
        .unwrap_err();
    assert!(matches!(e, AbstractionError::Unsupported { .. }), "{e}");
    assert!(e.to_string().contains("covers arg-2v2"), "{e}");
}
