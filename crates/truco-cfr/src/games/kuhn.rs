//! Kuhn poker (OpenSpiel rules): cards J, Q, K; ante 1; one bet of 1.
//!
//! Player 0 acts first. Histories: `pp` and `bb`/`pbb` go to showdown (pot 1 or 2 per player),
//! `bp` and `pbp` end with a fold. The game value for player 0 is -1/18.

use rand::Rng;

use crate::game::{ActionList, Game, NodeKind, Player};

/// A Kuhn action: pass (check/fold) or bet (bet/call).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KuhnAction {
    /// Check or fold.
    #[default]
    Pass,
    /// Bet or call.
    Bet,
}

/// A Kuhn state: the two private cards and the betting history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KuhnState {
    cards: [u8; 2],
    dealt: u8,
    /// Bit `i` set when the i-th action was a bet.
    bets: u8,
    len: u8,
}

/// The Kuhn poker game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kuhn;

impl KuhnState {
    fn bet_at(&self, i: u8) -> bool {
        self.bets >> i & 1 == 1
    }

    fn is_terminal(&self) -> bool {
        match self.len {
            2 => self.bet_at(0) || !self.bet_at(1), // all but `pb` end the game
            3 => true,
            _ => false,
        }
    }
}

impl Game for Kuhn {
    type State = KuhnState;
    type Action = KuhnAction;
    type Outcome = u8;
    type Key = u16;

    fn root(&self) -> KuhnState {
        KuhnState {
            cards: [0; 2],
            dealt: 0,
            bets: 0,
            len: 0,
        }
    }

    fn node_kind(&self, s: &KuhnState) -> NodeKind {
        if s.dealt < 2 {
            NodeKind::Chance
        } else if s.is_terminal() {
            NodeKind::Terminal
        } else {
            NodeKind::Player((s.len % 2) as Player)
        }
    }

    fn legal_actions(&self, _s: &KuhnState, out: &mut ActionList<KuhnAction>) {
        out.clear();
        out.push(KuhnAction::Pass);
        out.push(KuhnAction::Bet);
    }

    fn apply(&self, s: &mut KuhnState, a: KuhnAction) {
        if a == KuhnAction::Bet {
            s.bets |= 1 << s.len;
        }
        s.len += 1;
    }

    fn chance_outcomes(&self, s: &KuhnState, out: &mut Vec<(u8, f64)>) {
        out.clear();
        let left = 3 - s.dealt as usize;
        for c in 0..3u8 {
            if s.dealt == 0 || s.cards[0] != c {
                out.push((c, 1.0 / left as f64));
            }
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, s: &KuhnState, rng: &mut R) -> u8 {
        if s.dealt == 0 {
            (rng.next_u32() % 3) as u8
        } else {
            let k = (rng.next_u32() % 2) as u8;
            // The k-th card other than player 0's.
            if k < s.cards[0] {
                k
            } else {
                k + 1
            }
        }
    }

    fn apply_chance(&self, s: &mut KuhnState, o: u8) {
        s.cards[s.dealt as usize] = o;
        s.dealt += 1;
    }

    fn info_key(&self, s: &KuhnState) -> u16 {
        let p = (s.len % 2) as usize;
        (s.cards[p] as u16) << 8 | (s.len as u16) << 4 | s.bets as u16
    }

    fn utility(&self, s: &KuhnState, player: Player) -> f64 {
        let showdown = |stake: f64| {
            if s.cards[0] > s.cards[1] {
                stake
            } else {
                -stake
            }
        };
        let u0 = match (s.len, s.bets) {
            (2, 0b00) => showdown(1.0),
            (2, 0b01) => 1.0, // bet, pass: player 1 folds
            (2, 0b11) => showdown(2.0),
            (3, 0b010) => -1.0, // pass, bet, pass: player 0 folds
            (3, 0b110) => showdown(2.0),
            _ => 0.0,
        };
        if player == 0 {
            u0
        } else {
            -u0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn play(cards: [u8; 2], actions: &[KuhnAction]) -> KuhnState {
        let g = Kuhn;
        let mut s = g.root();
        g.apply_chance(&mut s, cards[0]);
        g.apply_chance(&mut s, cards[1]);
        for &a in actions {
            assert!(matches!(g.node_kind(&s), NodeKind::Player(_)));
            g.apply(&mut s, a);
        }
        s
    }

    #[test]
    fn payoffs_follow_the_rules() {
        use KuhnAction::*;
        let g = Kuhn;
        let s = play([2, 0], &[Pass, Pass]);
        assert_eq!(g.node_kind(&s), NodeKind::Terminal);
        assert_eq!(g.utility(&s, 0), 1.0);
        let s = play([0, 2], &[Bet, Bet]);
        assert_eq!(g.utility(&s, 0), -2.0);
        assert_eq!(g.utility(&s, 1), 2.0);
        let s = play([0, 2], &[Bet, Pass]);
        assert_eq!(g.utility(&s, 0), 1.0);
        let s = play([2, 1], &[Pass, Bet, Pass]);
        assert_eq!(g.utility(&s, 0), -1.0);
        let s = play([2, 1], &[Pass, Bet, Bet]);
        assert_eq!(g.utility(&s, 0), 2.0);
        let s = play([2, 1], &[Pass, Bet]);
        assert_eq!(g.node_kind(&s), NodeKind::Player(0));
    }

    #[test]
    fn keys_hide_the_opponent_card() {
        let g = Kuhn;
        let a = play([1, 0], &[KuhnAction::Pass]);
        let b = play([1, 2], &[KuhnAction::Pass]);
        let c = play([0, 2], &[KuhnAction::Pass]);
        assert_ne!(g.info_key(&a), g.info_key(&b)); // player 1 sees a different card
        let a0 = play([1, 0], &[]);
        let b0 = play([1, 2], &[]);
        assert_eq!(g.info_key(&a0), g.info_key(&b0));
        assert_ne!(g.info_key(&a0), g.info_key(&c));
    }

    #[test]
    fn sampling_deals_distinct_cards() {
        let g = Kuhn;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        let mut seen = [[0u32; 3]; 3];
        for _ in 0..3000 {
            let mut s = g.root();
            let c0 = g.sample_chance(&s, &mut rng);
            g.apply_chance(&mut s, c0);
            let c1 = g.sample_chance(&s, &mut rng);
            assert_ne!(c0, c1);
            seen[c0 as usize][c1 as usize] += 1;
        }
        for (i, row) in seen.iter().enumerate() {
            for (j, &n) in row.iter().enumerate() {
                if i != j {
                    assert!((400..600).contains(&n), "deal {i}{j} seen {n} times");
                }
            }
        }
    }
}
