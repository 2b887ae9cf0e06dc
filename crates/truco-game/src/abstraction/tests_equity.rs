//! The measured card buckets: the data files are what the measurement produces, the trick-play
//! measure is right on known hands, and the keys follow the buckets.

use super::equity::{cluster, parse, round_won, tier_triples};
use super::tests::key;
use super::*;
use crate::hand::Hand;

fn play(h0: &str, h1: &str, acts: &[&str]) -> Hand {
    super::tests::play([0, 0], 0, h0, h1, acts)
}

#[test]
fn the_shipped_buckets_are_what_the_measurement_produces() {
    for (definition, k, radices) in [
        (DEFINITION_EQUITY, 54, BUCKET_RADICES_EQUITY),
        (DEFINITION_EQUITY_COARSE, 32, BUCKET_RADICES_EQUITY_COARSE),
    ] {
        let (table, buckets) = parse(definition);
        assert_eq!(buckets, k);
        assert_eq!(radices[0], k + 343);
        assert!(definition.contains(&format!("own_cards_radix = {}", k + 343)));
        let measured = cluster(k as usize);
        assert_eq!(
            measured.len(),
            502,
            "every sorted tier triple a deal can hold"
        );
        for (t, b) in measured {
            assert_eq!(table[equity::triple_index(t)], b, "hand {t:?}");
        }
        let product: u128 = radices.iter().map(|&r| r as u128).product();
        assert!(
            product < 1u128 << 63,
            "the restricted trainer's bit stays free"
        );
    }
    assert_ne!(
        Abstraction::EquityV1.definition_hash(),
        Abstraction::EquityCoarseV1.definition_hash()
    );
}

#[test]
fn perfect_information_trick_play_is_decided_by_the_parda_rules() {
    // The three best cards win as mano and as pie.
    assert!(round_won([1, 2, 3], [4, 5, 5], true) && round_won([1, 2, 3], [4, 5, 5], false));
    // Three parda tricks: the mano wins.
    assert!(round_won([5, 5, 14], [5, 5, 14], true));
    assert!(!round_won([5, 5, 14], [5, 5, 14], false));
    // One ancho and two fours against two threes: the fours lose two tricks.
    assert!(!round_won([1, 14, 14], [5, 5, 13], true));
    // Tie the first trick with a three, then the ancho wins the second: parda, then won.
    assert!(round_won([1, 5, 14], [5, 6, 7], false));
    assert_eq!(tier_triples().len(), 502);
}

#[test]
fn equity_keys_merge_hands_of_a_bucket_only() {
    let (table, _) = parse(DEFINITION_EQUITY_COARSE);
    let bucket = |t: [u8; 3]| table[equity::triple_index(t)];
    // Both anchos and a three or a two: the strongest bucket (and the same envido bucket).
    assert_eq!(bucket([1, 2, 3]), 0);
    let a = play("1E 1B 3O", "4C 5B 6E", &[]);
    let b = play("1E 1B 2O", "4C 5B 6E", &[]);
    assert_eq!(bucket([1, 2, 5]), bucket([1, 2, 6]));
    assert_eq!(
        key(Abstraction::EquityCoarseV1, &a, 0),
        key(Abstraction::EquityCoarseV1, &b, 0)
    );
    // A weak hand is in another bucket, hence another key.
    let weak = play("4E 5C 6O", "1E 1B 7E", &[]);
    assert_ne!(bucket([12, 13, 14]), bucket([1, 2, 3]));
    assert_ne!(
        key(Abstraction::EquityCoarseV1, &a, 0),
        key(Abstraction::EquityCoarseV1, &weak, 0)
    );
    // After a card is played the seat's two cards are keyed by the v1 groups, past the buckets.
    let played = play("1E 1B 7E", "4C 5B 6E", &["7E"]);
    let digits = Abstraction::EquityV1.digits(key(Abstraction::EquityV1, &played, 0));
    assert!(digits[0] >= 54, "{digits:?}");
}
