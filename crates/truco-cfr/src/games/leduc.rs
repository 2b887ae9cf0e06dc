//! Leduc poker with OpenSpiel's rules.
//!
//! Six cards (J, Q, K in two suits; card `c` has rank `c / 2`), ante 1, two betting rounds with
//! raises of 2 then 4 and at most two raises per round; a fold is only legal facing a bet. A
//! public card is dealt between the rounds; a private card pairing it wins, else the higher
//! private rank wins, equal ranks split. Player 0 opens both rounds. As in OpenSpiel the
//! information set keeps the exact card (suit included), giving 936 information sets. The game
//! value for player 0 is about -0.0856.
//!
//! [`LeducN`] is the same game with 2 to 7 ranks (4 to 14 cards), a larger tree for benchmarks
//! (7 ranks: about 200k nodes); [`Leduc`] is the standard 3-rank game.

use rand::Rng;

use crate::game::{ActionList, Game, NodeKind, Player};

use crate::error::CfrError;

const NO_CARD: u8 = 15;

/// A Leduc action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeducAction {
    /// Give up the pot (only legal facing a bet).
    Fold,
    /// Check or call.
    #[default]
    Call,
    /// Raise by 2 (round 1) or 4 (round 2).
    Raise,
}

/// A Leduc state (26 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeducState {
    private: [u8; 2],
    public: u8,
    /// Bit `c` set while card `c` is in the deck.
    deck: u16,
    dealt: u8,
    round: u8,
    cur: u8,
    stakes: u8,
    ante: [u8; 2],
    raises: u8,
    calls: u8,
    /// 0 if nobody folded, else 1 + the folding player.
    folded: u8,
    /// Per round: 2 bits per action (fold 0, call 1, raise 2).
    seq: [u8; 2],
    seq_len: [u8; 2],
}

/// The standard Leduc poker game (3 ranks, 6 cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct Leduc;

/// Leduc poker with 2 to 7 ranks of two cards each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeducN {
    ranks: u8,
}

impl LeducN {
    /// The standard game.
    pub const STANDARD: LeducN = LeducN { ranks: 3 };

    /// Leduc with `ranks` ranks (2 to 7).
    pub fn new(ranks: u8) -> Result<Self, CfrError> {
        if (2..=7).contains(&ranks) {
            Ok(Self { ranks })
        } else {
            Err(CfrError::InvalidConfig(format!(
                "Leduc needs 2 to 7 ranks, got {ranks}"
            )))
        }
    }

    /// Number of ranks.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }
}

impl LeducState {
    fn round_done(&self) -> bool {
        (self.raises == 0 && self.calls == 2) || (self.raises > 0 && self.calls == 1)
    }

    fn push_seq(&mut self, code: u8) {
        let r = self.round as usize - 1;
        self.seq[r] |= code << (2 * self.seq_len[r]);
        self.seq_len[r] += 1;
    }

    /// Hand strength against the public card: pairs beat every non-pair.
    fn strength(&self, p: usize) -> u8 {
        let rank = self.private[p] / 2;
        if rank == self.public / 2 {
            16 + rank
        } else {
            rank
        }
    }
}

impl Game for LeducN {
    type State = LeducState;
    type Action = LeducAction;
    type Outcome = u8;
    type Key = u32;

    fn root(&self) -> LeducState {
        LeducState {
            private: [NO_CARD; 2],
            public: NO_CARD,
            deck: (1u16 << (2 * self.ranks)) - 1,
            dealt: 0,
            round: 1,
            cur: 0,
            stakes: 1,
            ante: [1, 1],
            raises: 0,
            calls: 0,
            folded: 0,
            seq: [0; 2],
            seq_len: [0; 2],
        }
    }

    fn node_kind(&self, s: &LeducState) -> NodeKind {
        if s.folded != 0 {
            NodeKind::Terminal
        } else if s.dealt < 2 || (s.round == 2 && s.public == NO_CARD) {
            NodeKind::Chance
        } else if s.round == 2 && s.round_done() {
            NodeKind::Terminal
        } else {
            NodeKind::Player(s.cur as Player)
        }
    }

    fn legal_actions(&self, s: &LeducState, out: &mut ActionList<LeducAction>) {
        out.clear();
        if s.stakes > s.ante[s.cur as usize] {
            out.push(LeducAction::Fold);
        }
        out.push(LeducAction::Call);
        if s.raises < 2 {
            out.push(LeducAction::Raise);
        }
    }

    fn apply(&self, s: &mut LeducState, a: LeducAction) {
        let p = s.cur as usize;
        match a {
            LeducAction::Fold => {
                s.push_seq(0);
                s.folded = 1 + s.cur;
            }
            LeducAction::Call => {
                s.ante[p] = s.stakes;
                s.calls += 1;
                s.push_seq(1);
                if s.round_done() && s.round == 1 {
                    s.round = 2;
                    s.raises = 0;
                    s.calls = 0;
                    s.cur = 0;
                } else {
                    s.cur ^= 1;
                }
            }
            LeducAction::Raise => {
                s.stakes += if s.round == 1 { 2 } else { 4 };
                s.ante[p] = s.stakes;
                s.raises += 1;
                s.calls = 0;
                s.push_seq(2);
                s.cur ^= 1;
            }
        }
    }

    fn chance_outcomes(&self, s: &LeducState, out: &mut Vec<(u8, f64)>) {
        out.clear();
        let p = 1.0 / s.deck.count_ones() as f64;
        for c in 0..2 * self.ranks {
            if s.deck >> c & 1 == 1 {
                out.push((c, p));
            }
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, s: &LeducState, rng: &mut R) -> u8 {
        let mut k = rng.next_u32() % s.deck.count_ones();
        let mut deck = s.deck;
        while k > 0 {
            deck &= deck - 1; // drop the lowest remaining card
            k -= 1;
        }
        deck.trailing_zeros() as u8
    }

    fn apply_chance(&self, s: &mut LeducState, o: u8) {
        s.deck &= !(1 << o);
        match s.dealt {
            0 | 1 => s.private[s.dealt as usize] = o,
            _ => s.public = o,
        }
        s.dealt += 1;
    }

    fn info_key(&self, s: &LeducState) -> u32 {
        let p = s.cur as usize;
        s.private[p] as u32
            | (s.public as u32) << 4
            | (s.seq_len[0] as u32) << 8
            | (s.seq[0] as u32) << 11
            | (s.seq_len[1] as u32) << 19
            | (s.seq[1] as u32) << 22
    }

    fn utility(&self, s: &LeducState, player: Player) -> f64 {
        let u0 = if s.folded != 0 {
            let loser = (s.folded - 1) as usize;
            let won = s.ante[loser] as f64;
            if loser == 0 {
                -won
            } else {
                won
            }
        } else {
            let (a, b) = (s.strength(0), s.strength(1));
            let stake = s.ante[1] as f64;
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => stake,
                std::cmp::Ordering::Less => -stake,
                std::cmp::Ordering::Equal => 0.0,
            }
        };
        if player == 0 {
            u0
        } else {
            -u0
        }
    }
}

impl Game for Leduc {
    type State = LeducState;
    type Action = LeducAction;
    type Outcome = u8;
    type Key = u32;

    fn root(&self) -> LeducState {
        LeducN::STANDARD.root()
    }
    fn node_kind(&self, s: &LeducState) -> NodeKind {
        LeducN::STANDARD.node_kind(s)
    }
    fn legal_actions(&self, s: &LeducState, out: &mut ActionList<LeducAction>) {
        LeducN::STANDARD.legal_actions(s, out)
    }
    fn apply(&self, s: &mut LeducState, a: LeducAction) {
        LeducN::STANDARD.apply(s, a)
    }
    fn chance_outcomes(&self, s: &LeducState, out: &mut Vec<(u8, f64)>) {
        LeducN::STANDARD.chance_outcomes(s, out)
    }
    fn sample_chance<R: Rng + ?Sized>(&self, s: &LeducState, rng: &mut R) -> u8 {
        LeducN::STANDARD.sample_chance(s, rng)
    }
    fn apply_chance(&self, s: &mut LeducState, o: u8) {
        LeducN::STANDARD.apply_chance(s, o)
    }
    fn info_key(&self, s: &LeducState) -> u32 {
        LeducN::STANDARD.info_key(s)
    }
    fn utility(&self, s: &LeducState, player: Player) -> f64 {
        LeducN::STANDARD.utility(s, player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use LeducAction::*;

    fn deal(g: &Leduc, cards: [u8; 2]) -> LeducState {
        let mut s = g.root();
        g.apply_chance(&mut s, cards[0]);
        g.apply_chance(&mut s, cards[1]);
        s
    }

    fn legal(g: &Leduc, s: &LeducState) -> Vec<LeducAction> {
        let mut l = ActionList::new();
        g.legal_actions(s, &mut l);
        l.to_vec()
    }

    #[test]
    fn betting_round_and_showdown() {
        let g = Leduc;
        let mut s = deal(&g, [0, 5]); // J vs K
        assert_eq!(legal(&g, &s), vec![Call, Raise]);
        g.apply(&mut s, Raise); // stakes 3
        assert_eq!(legal(&g, &s), vec![Fold, Call, Raise]);
        g.apply(&mut s, Raise); // stakes 5
        assert_eq!(legal(&g, &s), vec![Fold, Call]);
        g.apply(&mut s, Call);
        assert_eq!(g.node_kind(&s), NodeKind::Chance);
        g.apply_chance(&mut s, 1); // public J: player 0 pairs
        assert_eq!(g.node_kind(&s), NodeKind::Player(0));
        g.apply(&mut s, Raise); // stakes 9
        g.apply(&mut s, Call);
        assert_eq!(g.node_kind(&s), NodeKind::Terminal);
        assert_eq!(g.utility(&s, 0), 9.0);
        assert_eq!(g.utility(&s, 1), -9.0);
    }

    #[test]
    fn fold_and_split() {
        let g = Leduc;
        let mut s = deal(&g, [0, 5]);
        g.apply(&mut s, Call);
        g.apply(&mut s, Raise);
        g.apply(&mut s, Fold);
        assert_eq!(g.node_kind(&s), NodeKind::Terminal);
        assert_eq!(g.utility(&s, 0), -1.0);

        let mut s = deal(&g, [2, 3]); // Q vs Q
        g.apply(&mut s, Call);
        g.apply(&mut s, Call);
        g.apply_chance(&mut s, 5);
        g.apply(&mut s, Call);
        g.apply(&mut s, Call);
        assert_eq!(g.node_kind(&s), NodeKind::Terminal);
        assert_eq!(g.utility(&s, 0), 0.0);
    }

    #[test]
    fn wider_decks() {
        assert!(LeducN::new(1).is_err() && LeducN::new(8).is_err());
        let g = LeducN::new(7).unwrap();
        let mut s = g.root();
        let mut out = Vec::new();
        g.chance_outcomes(&s, &mut out);
        assert_eq!(out.len(), 14);
        g.apply_chance(&mut s, 13); // the top rank, 6
        g.apply_chance(&mut s, 0);
        g.apply(&mut s, Call);
        g.apply(&mut s, Call);
        g.apply_chance(&mut s, 1); // pairs player 1's card
        g.apply(&mut s, Call);
        g.apply(&mut s, Call);
        assert_eq!(g.node_kind(&s), NodeKind::Terminal);
        assert_eq!(g.utility(&s, 1), 1.0);
    }

    #[test]
    fn chance_outcomes_exclude_dealt_cards() {
        let g = Leduc;
        let s = deal(&g, [0, 5]);
        let mut out = Vec::new();
        g.chance_outcomes(&s, &mut out);
        let cards: Vec<u8> = out.iter().map(|o| o.0).collect();
        assert_eq!(cards, vec![1, 2, 3, 4]);
        assert!((out.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(3);
        for _ in 0..200 {
            let c = g.sample_chance(&s, &mut rng);
            assert!(cards.contains(&c));
        }
    }
}
