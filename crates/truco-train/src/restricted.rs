//! Restricted Nash response (Johanson, Zinkevich and Bowling, "Computing Robust Counter-
//! Strategies", NIPS 2007) against a bot: a strategy that exploits a known opponent while
//! staying hard to exploit itself.
//!
//! The game: chance draws the responder's seat (1/2 each), then a hidden coin: with probability
//! `p` the opponent is the frozen bot (its moves are chance nodes, [`crate::frozen`]), otherwise
//! it plays a strategy of its own, trained by the same solver as the solver's player 1. The
//! responder (player 0) does not see the coin. At `p = 0` the responder's strategy is an
//! equilibrium strategy; at `p = 1` a best response to the bot; in between it trades what it
//! wins from the bot against how much a best response could win from it (the paper's curve).
//!
//! The opponent's own information sets are kept apart from the responder's by
//! [`OPPONENT_BIT`] in their keys; table export skips them.

use rand::Rng;
use truco_bots::Bot;
use truco_cfr::{ActionList, Game, NodeKind, Player};

use crate::frozen::{bot_choice, BotChoice};
use crate::game::{GState, Move, Outcome, TrucoGame};
use crate::keying::Keyer;

/// Set in the keys of the free opponent's information sets (abstraction keys stay far below
/// 2^63: their radices multiply to less, a test of `truco-game` checks it).
pub const OPPONENT_BIT: u64 = 1 << 63;

/// A node: the responder's seat and the coin once drawn, and the hand.
#[derive(Clone, Copy, Debug)]
pub struct RState {
    responder: Option<u8>,
    bot: Option<bool>,
    inner: GState,
}

/// A chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ROutcome {
    /// The responder's seat.
    Seat(u8),
    /// Whether the opponent is the bot.
    Coin(bool),
    /// A deal of the hand.
    Deal(Outcome),
    /// The bot's move.
    Bot(Move),
}

/// The restricted game against `bot`, the opponent being the bot with probability `p`.
#[derive(Clone, Copy, Debug)]
pub struct Restricted<K, B> {
    game: TrucoGame<K>,
    bot: B,
    p: f64,
}

impl<K: Keyer<Key = u64>, B: Bot + Clone + Sync> Restricted<K, B> {
    /// The game; `p` is clamped to `[0, 1]`.
    pub fn new(game: TrucoGame<K>, bot: B, p: f64) -> Self {
        Restricted {
            game,
            bot,
            p: p.clamp(0.0, 1.0),
        }
    }

    /// The bot's move at a bot node (the first legal action if the bot cannot answer, which a
    /// test rules out for the arena's bots).
    fn bot_move(&self, s: &GState) -> Move {
        let mut moves = ActionList::new();
        self.game.legal_actions(s, &mut moves);
        match bot_choice(&self.bot, s) {
            BotChoice::Index(i, n) if n == moves.len() => moves[i],
            _ => moves[0],
        }
    }

    fn is_bot_node(&self, s: &RState) -> bool {
        matches!(
            (s.responder, s.bot, self.game.node_kind(&s.inner)),
            (Some(r), Some(true), NodeKind::Player(p)) if p != r as Player
        )
    }
}

impl<K: Keyer<Key = u64>, B: Bot + Clone + Sync> Game for Restricted<K, B> {
    type State = RState;
    type Action = Move;
    type Outcome = ROutcome;
    type Key = u64;

    fn root(&self) -> RState {
        RState {
            responder: None,
            bot: None,
            inner: self.game.root(),
        }
    }

    fn node_kind(&self, s: &RState) -> NodeKind {
        let (Some(r), Some(bot)) = (s.responder, s.bot) else {
            return NodeKind::Chance;
        };
        match self.game.node_kind(&s.inner) {
            NodeKind::Player(p) if p == r as Player => NodeKind::Player(0),
            NodeKind::Player(_) if bot => NodeKind::Chance,
            NodeKind::Player(_) => NodeKind::Player(1),
            k => k,
        }
    }

    fn legal_actions(&self, s: &RState, out: &mut ActionList<Move>) {
        self.game.legal_actions(&s.inner, out);
    }

    fn apply(&self, s: &mut RState, a: Move) {
        self.game.apply(&mut s.inner, a);
    }

    fn chance_outcomes(&self, s: &RState, out: &mut Vec<(ROutcome, f64)>) {
        out.clear();
        if s.responder.is_none() {
            out.extend([(ROutcome::Seat(0), 0.5), (ROutcome::Seat(1), 0.5)]);
        } else if s.bot.is_none() {
            out.extend([
                (ROutcome::Coin(true), self.p),
                (ROutcome::Coin(false), 1.0 - self.p),
            ]);
        } else if self.is_bot_node(s) {
            out.push((ROutcome::Bot(self.bot_move(&s.inner)), 1.0));
        } else {
            let mut inner = Vec::new();
            self.game.chance_outcomes(&s.inner, &mut inner);
            out.extend(inner.into_iter().map(|(o, p)| (ROutcome::Deal(o), p)));
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, s: &RState, rng: &mut R) -> ROutcome {
        if s.responder.is_none() {
            ROutcome::Seat((rng.next_u32() >> 31) as u8)
        } else if s.bot.is_none() {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            ROutcome::Coin(u < self.p)
        } else if self.is_bot_node(s) {
            ROutcome::Bot(self.bot_move(&s.inner))
        } else {
            ROutcome::Deal(self.game.sample_chance(&s.inner, rng))
        }
    }

    fn apply_chance(&self, s: &mut RState, o: ROutcome) {
        match o {
            ROutcome::Seat(seat) => s.responder = Some(seat & 1),
            ROutcome::Coin(bot) => s.bot = Some(bot),
            ROutcome::Deal(d) => self.game.apply_chance(&mut s.inner, d),
            ROutcome::Bot(m) => self.game.apply(&mut s.inner, m),
        }
    }

    fn info_key(&self, s: &RState) -> u64 {
        let key = self.game.info_key(&s.inner);
        match self.node_kind(s) {
            NodeKind::Player(1) => key | OPPONENT_BIT,
            _ => key,
        }
    }

    fn utility(&self, s: &RState, player: Player) -> f64 {
        let u = self
            .game
            .utility(&s.inner, s.responder.unwrap_or(0) as Player);
        if player == 0 {
            u
        } else {
            -u
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use truco_bots::Heuristic;
    use truco_game::abstraction::Abstraction;

    use super::*;
    use crate::keying::Abstract;

    /// Plays random hands: the responder is player 0 in both seats, the free opponent player 1
    /// only when the coin says so, with the opponent bit in its keys, and the bot never fails.
    #[test]
    fn the_coin_decides_who_plays_the_other_seat() {
        let g = Restricted::new(
            TrucoGame::arg_1v1(Abstract(Abstraction::Buckets)),
            Heuristic,
            0.5,
        );
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut moves = ActionList::new();
        let mut seen = [0u32; 2];
        for _ in 0..300 {
            let mut s = g.root();
            loop {
                match g.node_kind(&s) {
                    NodeKind::Terminal => break,
                    NodeKind::Chance => {
                        if g.is_bot_node(&s) {
                            let m = g.bot_move(&s.inner);
                            assert!(matches!(
                                bot_choice(&Heuristic, &s.inner),
                                BotChoice::Index(..)
                            ));
                            g.apply_chance(&mut s, ROutcome::Bot(m));
                            continue;
                        }
                        let o = g.sample_chance(&s, &mut rng);
                        g.apply_chance(&mut s, o);
                    }
                    NodeKind::Player(p) => {
                        seen[p] += 1;
                        if p == 1 {
                            assert_eq!(s.bot, Some(false));
                        }
                        assert_eq!(g.info_key(&s) & OPPONENT_BIT != 0, p == 1);
                        g.legal_actions(&s, &mut moves);
                        let i = (rng.next_u32() as usize) % moves.len();
                        g.apply(&mut s, moves[i]);
                    }
                }
            }
            assert_eq!(g.utility(&s, 0), -g.utility(&s, 1));
        }
        assert!(seen[0] > 300 && seen[1] > 100, "{seen:?}");
        let mut out = Vec::new();
        let mut s = g.root();
        g.apply_chance(&mut s, ROutcome::Seat(1));
        g.chance_outcomes(&s, &mut out);
        assert_eq!(
            out,
            vec![(ROutcome::Coin(true), 0.5), (ROutcome::Coin(false), 0.5)]
        );
    }
}
