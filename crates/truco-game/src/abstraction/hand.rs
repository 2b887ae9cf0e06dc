//! Hand classes: a dealt hand as its three strength tiers (sorted) plus which of its cards share
//! a suit. The tier fixes the rank (hence the envido points) of every Argentine card, so a class
//! fixes the envido value too; only the suits' names are dropped.

use std::sync::OnceLock;

use crate::cards::{Card, CardSet};
use crate::ranking::ARGENTINE;

/// Number of hand classes of the 40-card deck (checked by a test against enumeration).
pub const HAND_CLASSES: u64 = 1812;

/// Suit pattern of three cards in a given order: 0 no two share a suit, 1 the first two, 2 the
/// first and third, 3 the last two, 4 all three.
#[inline]
pub(crate) fn pattern(c: [Card; 3]) -> u8 {
    let (a, b, d) = (c[0].suit(), c[1].suit(), c[2].suit());
    match (a == b, a == d, b == d) {
        (true, true, _) => 4,
        (true, false, _) => 1,
        (false, true, _) => 2,
        (false, false, true) => 3,
        _ => 0,
    }
}

/// Tier of a card (1 = strongest .. 14).
#[inline]
pub(crate) fn tier(c: Card) -> u8 {
    ARGENTINE.tier(c).unwrap_or(15)
}

/// The six orders of three positions.
pub(crate) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A canonical order of a dealt hand: tiers non-decreasing (strongest first), and among the
/// orders that tie on tiers, the smallest suit pattern, then the smallest `tiebreak` code.
/// Returns the cards in that order and its pattern.
#[inline]
pub(crate) fn canonical(cards: [Card; 3], tiebreak: impl Fn(&[Card; 3]) -> u8) -> ([Card; 3], u8) {
    let t = cards.map(tier);
    if t[0] != t[1] && t[0] != t[2] && t[1] != t[2] {
        // Three tiers: one order sorts them, with no tie for the pattern or `tiebreak` to
        // break (the search below would find that order alone).
        let mut o = cards;
        o.sort_unstable_by_key(|&c| tier(c));
        return (o, pattern(o));
    }
    let mut best: Option<([Card; 3], u8, u8)> = None;
    for p in PERMS {
        let o = [cards[p[0]], cards[p[1]], cards[p[2]]];
        if tier(o[0]) > tier(o[1]) || tier(o[1]) > tier(o[2]) {
            continue;
        }
        let pat = pattern(o);
        let tb = tiebreak(&o);
        if best.is_none_or(|(_, bp, bt)| (pat, tb) < (bp, bt)) {
            best = Some((o, pat, tb));
        }
    }
    // Some order always sorts the tiers; the fallback keeps the function total.
    best.map_or((cards, pattern(cards)), |(o, p, _)| (o, p))
}

fn raw_code(tiers: [u8; 3], pat: u8) -> usize {
    ((tiers[0] as usize * 16 + tiers[1] as usize) * 16 + tiers[2] as usize) * 5 + pat as usize
}

/// Class index of every (sorted tiers, pattern) code; `u16::MAX` for impossible codes.
fn class_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut seen = vec![false; 16 * 16 * 16 * 5];
        for_each_hand(|h| {
            let (o, p) = canonical(h, |_| 0);
            seen[raw_code([tier(o[0]), tier(o[1]), tier(o[2])], p)] = true;
        });
        let mut next = 0u16;
        seen.iter()
            .map(|&s| {
                if s {
                    next += 1;
                    next - 1
                } else {
                    u16::MAX
                }
            })
            .collect()
    })
}

/// The class (0..[`HAND_CLASSES`]) of a hand given in canonical order with its pattern.
#[inline]
pub(crate) fn class_of(ordered: [Card; 3], pat: u8) -> u64 {
    let code = raw_code([tier(ordered[0]), tier(ordered[1]), tier(ordered[2])], pat);
    class_table().get(code).copied().unwrap_or(u16::MAX) as u64
}

/// The class of a dealt hand (0..[`HAND_CLASSES`]).
pub fn hand_class(cards: [Card; 3]) -> u64 {
    let (o, p) = canonical(cards, |_| 0);
    class_of(o, p)
}

/// Calls `f` on every three-card hand of the 40-card deck.
pub(crate) fn for_each_hand(mut f: impl FnMut([Card; 3])) {
    let all: Vec<Card> = CardSet((1 << 40) - 1).iter().collect();
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            for k in j + 1..all.len() {
                f([all[i], all[j], all[k]]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::envido::envido_value;

    fn sorted_tiers(h: [Card; 3]) -> [u8; 3] {
        let mut t = h.map(tier);
        t.sort_unstable();
        t
    }

    #[test]
    fn class_counts_502_1476_1812() {
        let (mut tiers, mut tiers_env, mut classes) =
            (HashSet::new(), HashSet::new(), HashSet::new());
        let mut n = 0;
        let mut env_of_class: HashMap<u64, u8> = HashMap::new();
        for_each_hand(|h| {
            n += 1;
            let t = sorted_tiers(h);
            let env = envido_value(CardSet::from_cards(&h));
            tiers.insert(t);
            tiers_env.insert((t, env));
            let c = hand_class(h);
            assert!(c < HAND_CLASSES, "{h:?}");
            classes.insert(c);
            // A class fixes the envido value.
            assert_eq!(*env_of_class.entry(c).or_insert(env), env, "{h:?}");
        });
        assert_eq!(n, 9880);
        assert_eq!(tiers.len(), 502);
        assert_eq!(tiers_env.len(), 1476);
        assert_eq!(classes.len() as u64, HAND_CLASSES);
    }

    #[test]
    fn class_ignores_card_order_and_suit_names() {
        let p = |s: &str| -> [Card; 3] {
            let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
            [v[0], v[1], v[2]]
        };
        assert_eq!(hand_class(p("3E 3O 5E")), hand_class(p("5O 3O 3C")));
        assert_eq!(hand_class(p("3E 3O 5E")), hand_class(p("3O 3E 5O")));
        assert_ne!(hand_class(p("3E 3O 5E")), hand_class(p("3E 3O 5C")));
        assert_ne!(hand_class(p("1E 2E 4B")), hand_class(p("1B 2E 4E")));
    }

    /// The fast path for three different tiers gives what the search over the six orders
    /// gives, for every hand in every dealt order and a tiebreak that depends on the order.
    #[test]
    fn canonical_equals_the_search_over_all_orders() {
        let search = |cards: [Card; 3], tb: &dyn Fn(&[Card; 3]) -> u8| {
            let mut best: Option<([Card; 3], u8, u8)> = None;
            for p in PERMS {
                let o = [cards[p[0]], cards[p[1]], cards[p[2]]];
                if tier(o[0]) > tier(o[1]) || tier(o[1]) > tier(o[2]) {
                    continue;
                }
                let (pat, t) = (pattern(o), tb(&o));
                if best.is_none_or(|(_, bp, bt)| (pat, t) < (bp, bt)) {
                    best = Some((o, pat, t));
                }
            }
            best.map(|(o, p, _)| (o, p)).unwrap()
        };
        let tb = |o: &[Card; 3]| (o[0].index() * 7 + o[2].index()) % 5;
        let mut distinct = 0;
        for_each_hand(|h| {
            for p in PERMS {
                let cards = [h[p[0]], h[p[1]], h[p[2]]];
                assert_eq!(canonical(cards, tb), search(cards, &tb), "{cards:?}");
            }
            let t = h.map(tier);
            distinct += (t[0] != t[1] && t[1] != t[2] && t[0] != t[2]) as u32;
        });
        assert!(distinct > 5000 && distinct < 9880, "{distinct}");
    }
}
