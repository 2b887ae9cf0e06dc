//! Enumeration of every deal of a hand, for small decks and few players (exact solving).

use crate::cards::{Card, CardSet};
use crate::public::PublicState;
use crate::state::State;

/// All deals of `start`'s deck to its seats: every assignment of disjoint 3-card hands, each
/// hand as an unordered set (in index order). Counts: 2 players, 40 cards: 9 880 x 7 770.
/// A paulista hand also turns a vira, which this enumeration does not cover: for paulista the
/// iterator yields nothing.
#[derive(Clone, Debug)]
pub struct Deals {
    start: PublicState,
    deck: CardSet,
    n: usize,
    /// The current hand of each seat as a bitmask (0 = not started).
    hands: [u64; 6],
    done: bool,
}

/// Iterates every deal of the hand `start` (see [`Deals`]).
pub fn deals(start: PublicState) -> Deals {
    let n = start.rules().players as usize;
    let deck = start.rules().deck.cards();
    let mut d = Deals {
        start,
        deck,
        n,
        hands: [0; 6],
        done: false,
    };
    d.done = !d.fill_from(0);
    d
}

/// The smallest 3-card subset of `avail` above `prev` in colexicographic order, or `None`.
fn next_combo(avail: u64, prev: u64) -> Option<u64> {
    // Walk subsets of `avail` of size 3 in increasing numeric order by compressing to ranks.
    let k = avail.count_ones();
    if k < 3 {
        return None;
    }
    let compress = |m: u64| -> u64 {
        let mut out = 0u64;
        let (mut a, mut i) = (avail, 0);
        while a != 0 {
            let b = a & a.wrapping_neg();
            if m & b != 0 {
                out |= 1 << i;
            }
            a &= a - 1;
            i += 1;
        }
        out
    };
    let expand = |c: u64| -> u64 {
        let mut out = 0u64;
        let (mut a, mut i) = (avail, 0);
        while a != 0 {
            let b = a & a.wrapping_neg();
            if c & (1 << i) != 0 {
                out |= b;
            }
            a &= a - 1;
            i += 1;
        }
        out
    };
    let next = if prev == 0 {
        0b111
    } else {
        // Gosper's hack on the compressed subset.
        let c = compress(prev);
        let u = c & c.wrapping_neg();
        let v = c + u;
        v | (((v ^ c) / u) >> 2)
    };
    (next < (1u64 << k)).then(|| expand(next))
}

impl Deals {
    fn avail(&self, seat: usize) -> u64 {
        let mut used = 0;
        for h in &self.hands[..seat] {
            used |= h;
        }
        self.deck.0 & !used
    }

    /// Sets seats `from..n` to their first hands; false if impossible.
    fn fill_from(&mut self, from: usize) -> bool {
        for s in from..self.n {
            match next_combo(self.avail(s), 0) {
                Some(h) => self.hands[s] = h,
                None => return false,
            }
        }
        true
    }

    fn advance(&mut self) -> bool {
        let mut s = self.n;
        while s > 0 {
            s -= 1;
            if let Some(h) = next_combo(self.avail(s), self.hands[s]) {
                self.hands[s] = h;
                if self.fill_from(s + 1) {
                    return true;
                }
            }
        }
        false
    }
}

impl Iterator for Deals {
    type Item = State;

    fn next(&mut self) -> Option<State> {
        if self.done {
            return None;
        }
        let mut hs = [[Card::from_index(0)?; 3]; 6];
        for (s, h) in hs.iter_mut().enumerate().take(self.n) {
            for (k, c) in CardSet(self.hands[s]).iter().enumerate() {
                h[k] = c;
            }
        }
        let st = State::deal(self.start, &hs[..self.n]).ok();
        self.done = !self.advance();
        st
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Deck;
    use crate::rules::RuleSet;

    #[test]
    fn combos_count() {
        let mut n = 0;
        let mut prev = 0;
        let avail = 0b1_0110_1101_u64; // 6 cards
        while let Some(c) = next_combo(avail, prev) {
            assert_eq!(c.count_ones(), 3);
            assert_eq!(c & !avail, 0);
            prev = c;
            n += 1;
        }
        assert_eq!(n, 20);
    }

    #[test]
    fn enumerates_valencian_two_player_deals() {
        let mut r = RuleSet::ARG_1V1;
        r.deck = Deck::Valencian22;
        let start = PublicState::new_hand(r, [0, 0], 0).unwrap();
        // Check the first deals and a count over a restricted sample: 1540 * 969 in total.
        let mut it = deals(start);
        let first = it.next().unwrap();
        assert_eq!(first.dealt_set(0).len(), 3);
        assert_eq!(first.dealt_set(0).0 & first.dealt_set(1).0, 0);
        let mut count = 1u64;
        let mut seen = std::collections::HashSet::new();
        for st in it.by_ref().take(5000) {
            assert!(seen.insert((st.dealt_set(0), st.dealt_set(1))));
            count += 1;
        }
        assert_eq!(count, 5001);
        assert_eq!(it.count() as u64 + count, 1540 * 969);
    }
}
