//! Card strength for trick taking, as data: a table of strength tiers per rule set.
//!
//! A [`RankTable`] maps every card index to a strength (higher wins; equal strengths tie). It is
//! built from a list of tiers, strongest first, so a new variant is a new tier list (the
//! Valencian 9 tiers). The paulista manilhas depend on the vira of each hand: they fit as
//! [`RankTable::with_overlay`], which lifts four cards above a base table.

use crate::cards::{card, Card, Suit};

/// Strength of every card: index = card index; 0 means "not ranked" (not in the deck).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RankTable {
    strength: [u8; Card::COUNT],
    tiers: u8,
}

impl RankTable {
    /// Builds a table from tiers listed strongest first: tier 1 gets strength `tiers.len()`,
    /// the last tier strength 1.
    pub const fn from_tiers(tiers: &[&[Card]]) -> RankTable {
        let mut strength = [0u8; Card::COUNT];
        let n = tiers.len();
        let mut t = 0;
        while t < n {
            let tier = tiers[t];
            let mut k = 0;
            while k < tier.len() {
                strength[tier[k].index() as usize] = (n - t) as u8;
                k += 1;
            }
            t += 1;
        }
        RankTable {
            strength,
            tiers: n as u8,
        }
    }

    /// The strength of `c` (higher wins; 0 = not ranked by this table).
    #[inline]
    pub const fn strength(&self, c: Card) -> u8 {
        self.strength[c.index() as usize]
    }

    /// The strength of the card with index `i` (0 for an index out of range).
    #[inline]
    pub(crate) fn strength_of_index(&self, i: u8) -> u8 {
        match self.strength.get(i as usize) {
            Some(&s) => s,
            None => 0,
        }
    }

    /// The tier of `c`, 1 = strongest, or `None` if the card is not ranked.
    pub const fn tier(&self, c: Card) -> Option<u8> {
        match self.strength(c) {
            0 => None,
            s => Some(self.tiers + 1 - s),
        }
    }

    /// Number of tiers.
    pub const fn tier_count(&self) -> u8 {
        self.tiers
    }

    /// The hook for vira-dependent manilhas: `overlay` (strongest first) is lifted above every
    /// tier of `self`, one tier per card.
    pub const fn with_overlay(&self, overlay: &[Card]) -> RankTable {
        let mut t = *self;
        let n = overlay.len();
        let mut k = 0;
        while k < n {
            t.strength[overlay[k].index() as usize] = self.tiers + (n - k) as u8;
            k += 1;
        }
        t.tiers += n as u8;
        t
    }
}

use Suit::{Bastos as B, Copas as C, Espadas as E, Oros as O};

/// The 14 Argentine tiers (all three Argentine texts agree), strongest first.
pub const ARGENTINE_TIERS: [&[Card]; 14] = [
    &[card(E, 1)],
    &[card(B, 1)],
    &[card(E, 7)],
    &[card(O, 7)],
    &[card(E, 3), card(B, 3), card(O, 3), card(C, 3)],
    &[card(E, 2), card(B, 2), card(O, 2), card(C, 2)],
    &[card(C, 1), card(O, 1)],
    &[card(E, 12), card(B, 12), card(O, 12), card(C, 12)],
    &[card(E, 11), card(B, 11), card(O, 11), card(C, 11)],
    &[card(E, 10), card(B, 10), card(O, 10), card(C, 10)],
    &[card(B, 7), card(C, 7)],
    &[card(E, 6), card(B, 6), card(O, 6), card(C, 6)],
    &[card(E, 5), card(B, 5), card(O, 5), card(C, 5)],
    &[card(E, 4), card(B, 4), card(O, 4), card(C, 4)],
];

/// The Argentine strength table.
pub static ARGENTINE: RankTable = RankTable::from_tiers(&ARGENTINE_TIERS);

/// The 9 Valencian tiers of the 22-card deck, strongest first (`docs/rules/valencian.md`).
pub const VALENCIAN_TIERS: [&[Card]; 9] = [
    &[card(E, 1)],
    &[card(B, 1)],
    &[card(E, 7)],
    &[card(O, 7)],
    &[card(E, 3), card(B, 3), card(O, 3), card(C, 3)],
    &[card(C, 7), card(B, 7)],
    &[card(E, 6), card(B, 6), card(O, 6), card(C, 6)],
    &[card(E, 5), card(B, 5), card(O, 5), card(C, 5)],
    &[card(E, 4), card(B, 4), card(O, 4), card(C, 4)],
];

/// The Valencian strength table.
pub static VALENCIAN: RankTable = RankTable::from_tiers(&VALENCIAN_TIERS);

/// All four suits of one rank, for the paulista tiers.
const fn four(rank: u8) -> [Card; 4] {
    [card(E, rank), card(B, rank), card(O, rank), card(C, rank)]
}

/// The paulista base tiers (3, 2, as, roi, cavalier, valet, 7, 6, 5, 4; suits equal), before
/// the manilhas are lifted above them.
pub const PAULISTA_BASE_TIERS: [&[Card]; 10] = [
    &four(3),
    &four(2),
    &four(1),
    &four(12),
    &four(11),
    &four(10),
    &four(7),
    &four(6),
    &four(5),
    &four(4),
];

/// The paulista base table (no manilhas).
pub static PAULISTA_BASE: RankTable = RankTable::from_tiers(&PAULISTA_BASE_TIERS);

/// The paulista rank cycle: the manilha rank is the one after the vira's.
const PAULISTA_CYCLE: [u8; 10] = [4, 5, 6, 7, 10, 11, 12, 1, 2, 3];

/// The four manilhas of a hand with `vira` turned, strongest first: the rank after the vira's
/// (4, 5, 6, 7, 10, 11, 12, 1, 2, 3, then 4 again) in bastos (zap), copas, espadas, oros
/// (pica-fumo).
pub const fn manilhas(vira: Card) -> [Card; 4] {
    let r = vira.rank();
    let mut i = 0;
    while PAULISTA_CYCLE[i] != r {
        i += 1;
    }
    let m = PAULISTA_CYCLE[(i + 1) % 10];
    [card(B, m), card(C, m), card(E, m), card(O, m)]
}

/// Which ranking a rule set uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// The 14 Argentine tiers.
    Argentine,
    /// The 9 Valencian tiers.
    Valencian,
    /// The paulista base tiers with the vira's manilhas on top ([`Ranking::table_for`]).
    Paulista,
}

impl Ranking {
    /// The static table of this ranking (paulista: the base table, without manilhas).
    #[inline]
    pub fn table(self) -> &'static RankTable {
        match self {
            Ranking::Argentine => &ARGENTINE,
            Ranking::Valencian => &VALENCIAN,
            Ranking::Paulista => &PAULISTA_BASE,
        }
    }

    /// The table of a hand: with the manilhas of `vira` for paulista (a copy, no heap).
    #[inline]
    pub fn table_for(self, vira: Option<Card>) -> RankTable {
        match (self, vira) {
            (Ranking::Paulista, Some(v)) => PAULISTA_BASE.with_overlay(&manilhas(v)),
            _ => *self.table(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn argentine_tiers_cover_the_deck_once() {
        let mut seen = 0u64;
        for tier in ARGENTINE_TIERS {
            for &x in tier {
                assert_eq!(seen & (1 << x.index()), 0, "{x} listed twice");
                seen |= 1 << x.index();
            }
        }
        assert_eq!(seen.count_ones(), 40);
        assert_eq!(ARGENTINE.tier_count(), 14);
    }

    #[test]
    fn argentine_order_examples() {
        let t = &ARGENTINE;
        assert_eq!(t.tier(c("1E")), Some(1));
        assert_eq!(t.tier(c("1B")), Some(2));
        assert_eq!(t.tier(c("7E")), Some(3));
        assert_eq!(t.tier(c("7O")), Some(4));
        assert_eq!(t.tier(c("1C")), Some(7));
        assert_eq!(t.tier(c("7C")), Some(11));
        assert_eq!(t.tier(c("4O")), Some(14));
        assert!(
            t.strength(c("3B")) > t.strength(c("12E")),
            "a 3 beats a king"
        );
        assert_eq!(t.strength(c("3E")), t.strength(c("3O")), "threes tie");
        assert!(
            t.strength(c("10O")) > t.strength(c("7B")),
            "false seven under the 10"
        );
    }

    #[test]
    fn valencian_tiers_cover_the_deck() {
        let mut seen = 0u64;
        for tier in VALENCIAN_TIERS {
            for &x in tier {
                assert_eq!(seen & (1 << x.index()), 0);
                seen |= 1 << x.index();
            }
        }
        assert_eq!(seen, crate::cards::Deck::Valencian22.cards().0);
        let t = &VALENCIAN;
        assert_eq!(t.tier(c("1E")), Some(1));
        assert_eq!(t.tier(c("7O")), Some(4));
        assert_eq!(t.tier(c("3C")), Some(5));
        assert_eq!(t.strength(c("7C")), t.strength(c("7B")));
        assert_eq!(t.tier(c("4B")), Some(9));
    }

    #[test]
    fn paulista_manilhas_with_a_seven_as_vira() {
        // The text's example: vira 7 -> the valets (10) are the manilhas, then 3 2 1 12 11 7 6 5 4.
        let t = Ranking::Paulista.table_for(Some(c("7O")));
        let order = [
            "10B", "10C", "10E", "10O", "3E", "2E", "1E", "12E", "11E", "7E", "6E", "5E", "4E",
        ];
        for w in order.windows(2) {
            assert!(
                t.strength(c(w[0])) > t.strength(c(w[1])),
                "{} > {}",
                w[0],
                w[1]
            );
        }
        assert_eq!(t.strength(c("3E")), t.strength(c("3O")), "suits equal");
        assert_eq!(t.strength(c("7B")), t.strength(c("7E")));
        // Wrap-around: a 3 as vira makes the 4s manilhas; a 12 makes the aces.
        assert_eq!(manilhas(c("3C"))[0], c("4B"));
        assert_eq!(manilhas(c("12E")), [c("1B"), c("1C"), c("1E"), c("1O")]);
        let t = Ranking::Paulista.table_for(Some(c("3C")));
        assert!(t.strength(c("4O")) > t.strength(c("3B")));
    }

    #[test]
    fn overlay_lifts_manilhas() {
        let t = ARGENTINE.with_overlay(&[c("4B"), c("4C")]);
        assert_eq!(t.tier(c("4B")), Some(1));
        assert_eq!(t.tier(c("4C")), Some(2));
        assert_eq!(t.tier(c("1E")), Some(3));
        assert!(t.strength(c("4C")) > t.strength(c("1E")));
    }
}
