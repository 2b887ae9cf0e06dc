//! Envido value (tanto) and flor value of a hand.

use crate::cards::{Card, CardSet, Suit};

/// Envido points of one card: 1-7 count their face value, 10/11/12 count 0.
#[inline]
pub const fn card_points(c: Card) -> u8 {
    let r = c.rank();
    if r <= 7 {
        r
    } else {
        0
    }
}

/// The envido value of a hand: two cards of one suit give 20 + both values; three of one suit,
/// the best two; no two of one suit, the highest single value. Works on any number of cards.
pub fn envido_value(hand: CardSet) -> u8 {
    if hand.len() == 3 {
        return envido_of_three(hand);
    }
    let mut best = 0u8;
    for s in Suit::ALL {
        let (mut top, mut second, mut n) = (0u8, 0u8, 0u8);
        for c in suit_cards(hand, s) {
            let p = card_points(c);
            n += 1;
            if p > top {
                second = top;
                top = p;
            } else if p > second {
                second = p;
            }
        }
        let v = match n {
            0 => 0,
            1 => top,
            _ => 20 + top + second,
        };
        best = best.max(v);
    }
    best
}

/// [`envido_value`] of a dealt hand of three cards, without the loop over the suits: the two
/// of a suit if any (the best two of three), else the best single card.
#[inline]
fn envido_of_three(hand: CardSet) -> u8 {
    let mut it = hand.iter();
    let (Some(a), Some(b), Some(c)) = (it.next(), it.next(), it.next()) else {
        return 0;
    };
    let (pa, pb, pc) = (card_points(a), card_points(b), card_points(c));
    let (ab, ac, bc) = (
        a.suit() == b.suit(),
        a.suit() == c.suit(),
        b.suit() == c.suit(),
    );
    if ab && ac {
        20 + pa + pb + pc - pa.min(pb).min(pc)
    } else if ab {
        20 + pa + pb
    } else if ac {
        20 + pa + pc
    } else if bc {
        20 + pb + pc
    } else {
        pa.max(pb).max(pc)
    }
}

/// The flor value of a hand holding three cards of one suit (20 + the three values), else
/// `None`.
pub fn flor_value(hand: CardSet) -> Option<u8> {
    Suit::ALL.into_iter().find_map(|s| {
        let cards = suit_cards(hand, s);
        (cards.len() >= 3).then(|| 20 + cards.iter().map(card_points).sum::<u8>())
    })
}

/// Whether the hand holds a flor (three cards of one suit).
#[inline]
pub fn has_flor(hand: CardSet) -> bool {
    (0..4).any(|s| ((hand.0 >> (s * 10)) & 0x3FF).count_ones() >= 3)
}

#[inline]
fn suit_cards(hand: CardSet, s: Suit) -> CardSet {
    CardSet(hand.0 & (0x3FF << (s as u64 * 10)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Deck;

    /// The three-card path gives the general count for every hand of the 40 cards.
    #[test]
    fn three_cards_count_as_the_general_rule() {
        let general = |hand: CardSet| {
            Suit::ALL
                .into_iter()
                .map(|s| {
                    let cards = suit_cards(hand, s);
                    let mut p: Vec<u8> = cards.iter().map(card_points).collect();
                    p.sort_unstable_by(|x, y| y.cmp(x));
                    match p.len() {
                        0 => 0,
                        1 => p[0],
                        _ => 20 + p[0] + p[1],
                    }
                })
                .max()
                .unwrap()
        };
        let all: Vec<Card> = Deck::Spanish40.cards().iter().collect();
        let mut n = 0;
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                for k in j + 1..all.len() {
                    let h = CardSet::from_cards(&[all[i], all[j], all[k]]);
                    assert_eq!(
                        envido_value(h),
                        general(h),
                        "{:?}",
                        [all[i], all[j], all[k]]
                    );
                    n += 1;
                }
            }
        }
        assert_eq!(n, 9880);
    }

    fn v(s: &str) -> u8 {
        envido_value(Deck::Spanish40.parse_set(s).unwrap())
    }

    #[test]
    fn variants_md_seed_examples() {
        assert_eq!(v("7O 6O 1C"), 33);
        assert_eq!(v("7E 3E 10E"), 30);
        assert_eq!(v("12B 11B 3O"), 20);
        assert_eq!(v("5E 12B 11O"), 5);
        assert_eq!(v("5E 4E 7B"), 29);
        assert_eq!(v("1E 7E 3E"), 30);
    }

    #[test]
    fn arg_1v1_diagrams() {
        assert_eq!(v("7O 6O 12E"), 33);
        assert_eq!(v("5C 10C 4E"), 25);
        assert_eq!(v("6E 5E 2O"), 31);
        // W's opponent in the interrupt diagram: three suits, the highest single value 7.
        assert_eq!(v("7B 3O 12C"), 7);
    }

    #[test]
    fn arg_classic_examples() {
        assert_eq!(v("7C 5C 12E"), 32);
        assert_eq!(v("12O 11O 3B"), 20);
        assert_eq!(v("1E 6B 4O"), 6);
    }

    #[test]
    fn figures_alone_count_zero() {
        assert_eq!(v("10E 11B 12O"), 0);
    }

    #[test]
    fn flor_values() {
        let h = Deck::Spanish40.parse_set("7E 3E 10E").unwrap();
        assert!(has_flor(h));
        assert_eq!(flor_value(h), Some(30));
        let h = Deck::Spanish40.parse_set("7E 6E 5E").unwrap();
        assert_eq!(flor_value(h), Some(38));
        let h = Deck::Spanish40.parse_set("7E 6E 5B").unwrap();
        assert!(!has_flor(h));
        assert_eq!(flor_value(h), None);
    }
}
