//! The game trait every solver in this crate is generic over.
//!
//! A game is a two-player (two-team) zero-sum extensive-form game. States are small `Copy` values:
//! traversals copy a state and apply an action to the copy, never cloning heap structures.

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng;

/// Most legal actions any decision node may have.
pub const MAX_ACTIONS: usize = 16;

/// Index of a solver player (a team in truco): 0 or 1.
pub type Player = usize;

/// What happens at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The game is over; ask [`Game::utility`].
    Terminal,
    /// Nature moves: [`Game::sample_chance`] or [`Game::chance_outcomes`].
    Chance,
    /// The given player (0 or 1) chooses among [`Game::legal_actions`].
    Player(Player),
}

/// A fixed-capacity list of at most [`MAX_ACTIONS`] items, living on the stack.
#[derive(Clone, Copy, Debug)]
pub struct ActionList<A: Copy + Default> {
    items: [A; MAX_ACTIONS],
    len: u8,
}

impl<A: Copy + Default> Default for ActionList<A> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A: Copy + Default> ActionList<A> {
    /// An empty list.
    pub fn new() -> Self {
        Self {
            items: [A::default(); MAX_ACTIONS],
            len: 0,
        }
    }

    /// Appends an action.
    ///
    /// # Panics
    /// If the list already holds [`MAX_ACTIONS`] items: that is a bug in the game implementation
    /// (its nodes must never offer more), not a runtime condition.
    pub fn push(&mut self, a: A) {
        assert!(
            (self.len as usize) < MAX_ACTIONS,
            "a game offered more than MAX_ACTIONS={MAX_ACTIONS} actions"
        );
        self.items[self.len as usize] = a;
        self.len += 1;
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[A] {
        &self.items[..self.len as usize]
    }
}

impl<A: Copy + Default> std::ops::Deref for ActionList<A> {
    type Target = [A];
    fn deref(&self) -> &[A] {
        self.as_slice()
    }
}

/// A two-player zero-sum extensive-form game with perfect recall.
///
/// Contract:
/// - `legal_actions` lists the same actions, in the same order, at every state of one information
///   set (same `info_key`), and at most [`MAX_ACTIONS`] of them, at least one.
/// - `info_key` is only called at `Player` nodes and describes what the acting player knows.
/// - `utility(s, 0) == -utility(s, 1)` at terminal states.
/// - `chance_outcomes` (used only by full traversal and exact best response) lists every outcome
///   with a positive probability, summing to 1; `sample_chance` draws from the same distribution
///   and is what Monte-Carlo solvers use, so huge chance events need never be enumerated.
pub trait Game: Sync {
    /// A game state: small and `Copy`.
    type State: Copy + Send + Sync;
    /// A player action.
    type Action: Copy + Default + Eq + Debug + Send + Sync;
    /// A chance outcome (a card, a whole deal, ...).
    type Outcome: Copy + Debug + Send + Sync;
    /// The information-set key of the player to act.
    type Key: Copy + Eq + Hash + Ord + Debug + Send + Sync;

    /// The initial state.
    fn root(&self) -> Self::State;
    /// What kind of node `s` is.
    fn node_kind(&self, s: &Self::State) -> NodeKind;
    /// Writes the legal actions at a player node into `out` (cleared first by the callee).
    fn legal_actions(&self, s: &Self::State, out: &mut ActionList<Self::Action>);
    /// Applies a player action in place.
    fn apply(&self, s: &mut Self::State, a: Self::Action);
    /// Applies an action that [`Game::legal_actions`] listed at `s` (the solvers' traversals
    /// apply nothing else): the same as [`Game::apply`] (the default), for a game that can skip
    /// checking such an action again.
    #[inline]
    fn apply_listed(&self, s: &mut Self::State, a: Self::Action) {
        self.apply(s, a);
    }
    /// Writes every chance outcome with its probability into `out` (cleared first by the callee).
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Outcome, f64)>);
    /// Draws one chance outcome from its distribution.
    fn sample_chance<R: Rng + ?Sized>(&self, s: &Self::State, rng: &mut R) -> Self::Outcome;
    /// Applies a chance outcome in place.
    fn apply_chance(&self, s: &mut Self::State, o: Self::Outcome);
    /// The information-set key of the player to act at `s`.
    fn info_key(&self, s: &Self::State) -> Self::Key;
    /// The information-set key at a player node `s` and its legal actions (into `out`), with
    /// `on_key` run in between: the sampled solvers start loading the key's table entry there,
    /// so that the memory access overlaps the listing of the actions. The same key and actions
    /// as [`Game::info_key`] and [`Game::legal_actions`] (the default calls them); a game whose
    /// key and actions share work (truco: the acting seat's view) does it once.
    #[inline]
    fn key_and_actions(
        &self,
        s: &Self::State,
        out: &mut ActionList<Self::Action>,
        on_key: impl FnOnce(&Self::Key),
    ) -> Self::Key {
        let key = self.info_key(s);
        on_key(&key);
        self.legal_actions(s, out);
        key
    }
    /// The payoff of `player` at a terminal state.
    fn utility(&self, s: &Self::State, player: Player) -> f64;

    /// Seats the sampled solvers traverse as, one traversal per seat and iteration. The default,
    /// one seat per player, is the two-player game. A team game whose players are teams of
    /// several seats (truco 2v2) returns its seat count: external sampling then explores the
    /// actions of one seat per traversal and samples its partner's like an opponent's, as
    /// multi-player MCCFR does, instead of exploring the whole team's subtree (see the crate
    /// README, "Team games").
    fn seats(&self) -> usize {
        2
    }

    /// The seat that acts at a player node `s` (in `0..seats()`; default: the player).
    fn acting_seat(&self, s: &Self::State) -> usize {
        match self.node_kind(s) {
            NodeKind::Player(p) => p,
            _ => 0,
        }
    }

    /// The strategy the sampled solvers play at `s` while its information set has no positive
    /// regret (never met, or every action regretted): `out` holds the uniform distribution over
    /// the legal actions and may be overwritten (default: kept). Regret matching keeps its
    /// guarantee whatever it plays there; decision-time search plays the blueprint
    /// ([`crate::resolve`]: a warm start).
    #[inline]
    fn prior(&self, _s: &Self::State, _out: &mut [f32]) {}

    /// The player (team) a seat plays for (default: the seat is the player).
    fn seat_player(&self, seat: usize) -> Player {
        seat
    }
}

/// Plays on from `s` to a terminal state, which it returns: chance outcomes drawn from `rng`,
/// and at each decision the legal action at the index `pick` returns (given the state, its
/// legal actions and `rng`). For tests, benchmarks and simulations.
pub fn play_out<G: Game, R: Rng + ?Sized>(
    game: &G,
    mut s: G::State,
    rng: &mut R,
    mut pick: impl FnMut(&G::State, &[G::Action], &mut R) -> usize,
) -> G::State {
    let mut actions = ActionList::new();
    loop {
        match game.node_kind(&s) {
            NodeKind::Chance => {
                let o = game.sample_chance(&s, rng);
                game.apply_chance(&mut s, o);
            }
            NodeKind::Player(_) => {
                game.legal_actions(&s, &mut actions);
                let i = pick(&s, &actions, rng);
                game.apply(&mut s, actions[i]);
            }
            NodeKind::Terminal => return s,
        }
    }
}

/// A uniformly random index into `actions` (never empty), for [`play_out`].
pub fn random_pick<S, A, R: Rng + ?Sized>(_: &S, actions: &[A], rng: &mut R) -> usize {
    (rng.next_u32() as usize) % actions.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_list_push_and_clear() {
        let mut l: ActionList<u8> = ActionList::new();
        assert!(l.is_empty());
        l.push(3);
        l.push(7);
        assert_eq!(l.as_slice(), &[3, 7]);
        assert_eq!(l.len(), 2);
        l.clear();
        assert!(l.is_empty());
    }

    #[test]
    #[should_panic(expected = "MAX_ACTIONS")]
    fn action_list_overflow_is_reported() {
        let mut l: ActionList<u8> = ActionList::new();
        for i in 0..=MAX_ACTIONS {
            l.push(i as u8);
        }
    }
}
