//! The lossless card abstraction of heads-up paulista: card classes and vira classes.
//!
//! Once the vira is turned, a card matters only through its trick strength: plain cards of
//! one rank tie whatever their suit (the text: "la couleur ne compte pas"), and paulista has no
//! envido or flor, so a plain card's suit plays no role at all; the four manilhas differ by
//! suit. A card's **class** is therefore its strength: 0..=8 for the nine plain ranks from the
//! weakest, 9..=12 for the manilhas pica-fumo (oros), espadilha (espadas), copas, zap (bastos).
//! A higher class beats a lower one; equal plain classes tie.
//!
//! The vira itself is out of the deck, so its plain class has three cards instead of four.
//! That is the only trace the vira leaves: the game after the vira is determined by which
//! plain class lost a card. With the rank cycle 4 5 6 7 10 11 12 1 2 3 (index k of the vira),
//! the manilha is k+1 and the vira's plain class is k, except vira 3 (k = 9, manilha 4), whose
//! three is the strongest plain class, 8, like vira 2 (manilha 3). So the 40 viras fall into
//! nine **vira classes** 0..=8 (the plain class that lost a card): classes 0..=7 come from
//! one rank each (probability 4/40), class 8 from ranks 2 and 3 (8/40). Suits of the vira never
//! matter.

use truco_game::{Card, Suit};

/// Number of card classes (9 plain + 4 manilhas).
pub const CLASSES: usize = 13;
/// Number of vira classes.
pub const VIRA_CLASSES: usize = 9;
/// First manilha class.
pub const MANILHA0: u8 = 9;

/// The paulista rank cycle, weakest first: the manilha is the rank after the vira's.
const CYCLE: [u8; 10] = [4, 5, 6, 7, 10, 11, 12, 1, 2, 3];

fn cycle_index(rank: u8) -> Option<usize> {
    CYCLE.iter().position(|&r| r == rank)
}

/// The vira class of a vira of this printed rank (1-7, 10-12).
pub fn vira_class_of_rank(rank: u8) -> Option<u8> {
    cycle_index(rank).map(|k| k.min(8) as u8)
}

/// Parses a vira class argument: a rank (`4`..`7`, `10`/`Q`/`sota`, `11`/`J`, `12`/`K`,
/// `1`/`A`, `2`, `3`) or `c0`..`c8` for a class.
pub fn parse_vira_class(text: &str) -> Option<u8> {
    let t = text.trim().to_ascii_lowercase();
    if let Some(c) = t.strip_prefix('c') {
        return c
            .parse::<u8>()
            .ok()
            .filter(|&c| (c as usize) < VIRA_CLASSES);
    }
    let rank = match t.as_str() {
        "a" => 1,
        "q" | "sota" => 10,
        "j" => 11,
        "k" => 12,
        other => other.parse().ok()?,
    };
    vira_class_of_rank(rank)
}

/// Probability of each vira class (4/40 each, 8/40 for class 8).
pub fn vira_class_prob(class: u8) -> f64 {
    if class == 8 {
        0.2
    } else {
        0.1
    }
}

/// A vira of that class (its lowest rank, in oros).
pub fn representative_vira(class: u8) -> Card {
    let rank = CYCLE[class.min(8) as usize];
    Card::new(Suit::Oros, rank).unwrap_or_else(|| unreachable!("cycle ranks are valid"))
}

/// The class of `card` in a hand whose vira is `vira`.
pub fn card_class(card: Card, vira: Card) -> u8 {
    let k = cycle_index(vira.rank()).unwrap_or(0);
    let manilha = CYCLE[(k + 1) % 10];
    if card.rank() == manilha {
        return MANILHA0
            + match card.suit() {
                Suit::Oros => 0,
                Suit::Espadas => 1,
                Suit::Copas => 2,
                Suit::Bastos => 3,
            };
    }
    let i = cycle_index(card.rank()).unwrap_or(0);
    let m = (k + 1) % 10;
    (if i > m { i - 1 } else { i }) as u8
}

/// Cards per class after the vira of `class` is turned (39 in all).
pub fn class_counts(vira_class: u8) -> [u8; CLASSES] {
    let mut c = [4u8; CLASSES];
    for m in c.iter_mut().skip(MANILHA0 as usize) {
        *m = 1;
    }
    c[vira_class.min(8) as usize] = 3;
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use truco_game::ranking::Ranking;

    fn all_cards() -> Vec<Card> {
        (0..40).filter_map(Card::from_index).collect()
    }

    #[test]
    fn classes_order_cards_as_the_engine_does() {
        for vira in all_cards() {
            let table = Ranking::Paulista.table_for(Some(vira));
            for a in all_cards() {
                for b in all_cards() {
                    let (ca, cb) = (card_class(a, vira), card_class(b, vira));
                    let engine = table.strength(a).cmp(&table.strength(b));
                    assert_eq!(ca.cmp(&cb), engine, "vira {vira}: {a} vs {b}");
                }
            }
        }
    }

    #[test]
    fn the_vira_class_is_the_plain_class_that_lost_a_card() {
        for vira in all_cards() {
            let vc = vira_class_of_rank(vira.rank()).unwrap();
            assert_eq!(card_class(vira, vira), vc, "vira {vira}");
            let mut counts = [0u8; CLASSES];
            for c in all_cards().into_iter().filter(|&c| c != vira) {
                counts[card_class(c, vira) as usize] += 1;
            }
            assert_eq!(counts, class_counts(vc), "vira {vira}");
        }
        let total: f64 = (0..9).map(vira_class_prob).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(vira_class_of_rank(2), Some(8));
        assert_eq!(vira_class_of_rank(3), Some(8));
        assert_eq!(vira_class_of_rank(12), Some(6));
        assert_eq!(parse_vira_class("K"), Some(6));
        assert_eq!(parse_vira_class("c3"), Some(3));
        assert_eq!(parse_vira_class("8"), None);
        assert_eq!(parse_vira_class("c9"), None);
        for c in 0..9 {
            assert_eq!(vira_class_of_rank(representative_vira(c).rank()), Some(c));
        }
    }
}
