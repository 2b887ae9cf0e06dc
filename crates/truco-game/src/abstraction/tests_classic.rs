//! Tests of `arg-classic-buckets-v1`: every option set of the classic Argentine rules.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::tests_table::{below, deal, key, redeal};
use super::*;
use crate::action::ActionList;
use crate::cards::Deck;
use crate::hand::Hand;
use crate::public::PublicState;
use crate::rules::RuleSet;

const C: Abstraction = Abstraction::ArgClassicBucketsV1;

fn classic(opts: &[&str]) -> RuleSet {
    RuleSet::new("arg-classic", opts).unwrap()
}

/// Option sets covering every digit: seats, flor, target, the falta and fold options, and the
/// hands of a pica-pica round.
fn option_sets() -> Vec<RuleSet> {
    let six = classic(&["players=6", "pica-pica", "flor"]);
    vec![
        classic(&[]),
        classic(&["flor"]),
        classic(&["players=2", "flor", "target=15"]),
        classic(&["players=2", "falta-in-malas", "early-mazo"]),
        classic(&["players=6", "flor"]),
        six,
        six.pica_pica_hand(1),
        six.pica_pica_hand(3),
    ]
}

#[test]
fn radices_match_the_definition_and_fit_in_64_bits() {
    for r in CLASSIC_RADICES {
        assert!(
            DEFINITION_CLASSIC.contains(&format!("_radix = {r} ")),
            "{r}"
        );
    }
    let product: u128 = CLASSIC_RADICES.iter().map(|&r| r as u128).product();
    assert!(product < 1u128 << 63, "{product}");
    assert_eq!(Abstraction::from_id("arg-classic-buckets-v1"), Ok(C));
    for r in option_sets() {
        assert!(C.supports(&r), "{r:?}");
    }
    assert!(!C.supports(&RuleSet::ARG_2V2) && !C.supports(&RuleSet::ARG_1V1));
    // The arg-2v2 tables' hashes stay valid.
    assert_eq!(
        Abstraction::Arg2v2BucketsV1.definition_hash(),
        0x2bbb_4230_2dd5_d4d3
    );
}

/// Random hands of every option set: at every decision the actor's key is the same in deals
/// where what it cannot see differs, and one key always has one action list.
#[test]
fn cards_a_seat_cannot_see_never_change_its_key() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
    let mut lens: std::collections::HashMap<(u8, u64), usize> = Default::default();
    let (mut checked, mut redealt) = (0, 0);
    for (i, rules) in option_sets().into_iter().enumerate() {
        for game in 0..150 {
            let t = rules.target;
            let score = match game % 4 {
                0 => [t - 1, below(&mut rng, t as usize - 1) as u8],
                _ => [
                    below(&mut rng, t as usize - 1) as u8,
                    below(&mut rng, t as usize - 1) as u8,
                ],
            };
            let (mut h, hands) = deal(rules, score, &mut rng);
            let mut legal = ActionList::new();
            let mut history = Vec::new();
            while let Some(seat) = h.actor().seat() {
                let k = key(C, &h, seat);
                for _ in 0..4 {
                    // Other cards may replay differently (a flor) or reveal other envido
                    // totals (then the public state differs too): draw again.
                    let b = redeal(&h, &history, &hands, seat, false, &mut rng)
                        .filter(|b| b.state().public() == h.state().public());
                    if let Some(b) = b {
                        assert_eq!(key(C, &b, seat), k, "{rules:?} seat {seat}");
                        redealt += 1;
                        break;
                    }
                }
                h.legal_actions(&mut legal);
                let n = *lens.entry((i as u8, k)).or_insert(legal.len());
                assert_eq!(n, legal.len(), "{rules:?} key {k:#x}: two action lists");
                checked += 1;
                let pick = legal.as_slice()[below(&mut rng, legal.len())];
                h.apply(pick).unwrap();
                history.push(pick);
            }
        }
    }
    assert!(
        checked > 5000 && redealt * 10 > checked * 6,
        "{checked} {redealt}"
    );
}

fn cards(s: &str) -> [Card; 3] {
    let v = Deck::Spanish40.parse_cards(s).unwrap();
    [v[0], v[1], v[2]]
}

fn hand(rules: RuleSet, hands: &[&str], acts: &[&str]) -> Hand {
    let start = PublicState::new_hand(rules, [3, 5], 0).unwrap();
    let dealt: Vec<[Card; 3]> = hands.iter().map(|h| cards(h)).collect();
    let mut h = Hand::deal(start, &dealt).unwrap();
    for a in acts {
        h.apply(a.parse().unwrap()).unwrap();
    }
    h
}

#[test]
fn own_cards_flor_and_the_kind_of_hand_change_the_key() {
    let four = ["1E 7O 3B", "5E 4O 2C", "12B 6O 2B", "1B 7E 6C"];
    let mut other = four;
    other[0] = "4E 5O 6B";
    let r = classic(&["flor"]);
    assert_ne!(
        key(C, &hand(r, &four, &[]), 0),
        key(C, &hand(r, &other, &[]), 0)
    );
    // Seat 0 holds a flor: its only move is to declare it, and the key says how strong it is.
    let mut flor = four;
    flor[0] = "7C 5C 4C";
    let mut weak = four;
    weak[0] = "10O 11O 12O";
    let (f, w) = (hand(r, &flor, &[]), hand(r, &weak, &[]));
    let (df, dw) = (C.digits(key(C, &f, 0)), C.digits(key(C, &w, 0)));
    assert_eq!((df[14], dw[14]), (4, 1), "own flor buckets");
    // Once declared, the other team sees a flor of the team of seat 0, not its cards.
    let declared = hand(r, &flor, &["flor"]);
    assert_eq!(C.digits(key(C, &declared, 1))[13], 2 * 3, "theirs declared");
    // The same cards in a six-player pica-pica hand, in a plain two-player hand, and in each
    // pair's hand: four different keys.
    let six = classic(&["players=6", "pica-pica", "flor"]);
    let two = classic(&["players=2", "flor"]);
    let pair = &four[..2];
    let keys: std::collections::HashSet<u64> = [two, six.pica_pica_hand(1), six.pica_pica_hand(2)]
        .into_iter()
        .map(|r| key(C, &hand(r, pair, &[]), 0))
        .collect();
    assert_eq!(keys.len(), 3);
}
