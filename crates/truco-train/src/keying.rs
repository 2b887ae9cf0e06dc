//! Information-set keys for [`crate::game::TrucoGame`]: the abstraction's packed `u64`, the
//! exact key (own cards + the whole public history, for the mini variant's exact measurements),
//! or both at once (to evaluate an abstract strategy in the exact game).

use std::fmt::Debug;
use std::hash::Hash;

use truco_game::abstraction::Abstraction;
use truco_game::{Action, View};

use crate::game::GState;

/// Computes the key of the player to act.
pub trait Keyer: Copy + Send + Sync {
    /// The key type.
    type Key: Copy + Eq + Hash + Ord + Debug + Send + Sync;
    /// The key at a player node.
    fn key(&self, s: &GState) -> Self::Key;
    /// The key at a player node whose acting seat's view is `view` (`None` where the state has
    /// none): the same value as [`Keyer::key`], for a caller that built the view anyway.
    #[inline]
    fn key_in_view(&self, s: &GState, view: Option<&View>) -> Self::Key {
        let _ = view;
        self.key(s)
    }
    /// [`Keyer::key_in_view`] given the acting seat's legal actions (as the state lists them,
    /// in any order), for a caller that listed them anyway.
    #[inline]
    fn key_in_view_with_legal(
        &self,
        s: &GState,
        view: Option<&View>,
        legal: &[Action],
    ) -> Self::Key {
        let _ = legal;
        self.key_in_view(s, view)
    }
}

/// Key of a node with no decision (never asked by the solvers; keeps the functions total).
pub const NO_KEY: u64 = u64::MAX;

/// The abstraction's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abstract(pub Abstraction);

impl Keyer for Abstract {
    type Key = u64;
    #[inline]
    fn key(&self, s: &GState) -> u64 {
        let Some(st) = s.state() else { return NO_KEY };
        let Some(seat) = st.actor().seat() else {
            return NO_KEY;
        };
        self.key_in_view(s, st.view(seat).ok().as_ref())
    }
    #[inline]
    fn key_in_view(&self, s: &GState, view: Option<&View>) -> u64 {
        view.and_then(|v| self.0.key_with_order(v, &s.order).ok())
            .unwrap_or(NO_KEY)
    }
    #[inline]
    fn key_in_view_with_legal(&self, s: &GState, view: Option<&View>, legal: &[Action]) -> u64 {
        view.and_then(|v| self.0.key_with_legal(v, &s.order, legal).ok())
            .unwrap_or(NO_KEY)
    }
}

/// The exact information set: the seat, its dealt cards and every public event (with revealed
/// envido totals), losslessly packed (history in the `u128`; seat, cards and length in the
/// `u64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact;

impl Keyer for Exact {
    type Key = (u128, u64);
    #[inline]
    fn key(&self, s: &GState) -> (u128, u64) {
        let Some(st) = s.state() else {
            return (0, NO_KEY);
        };
        let Some(seat) = st.actor().seat() else {
            return (0, NO_KEY);
        };
        let own = st.dealt_set(seat).0;
        let meta = own << 11 | (seat as u64) << 8 | s.history_len as u64;
        (s.history, meta)
    }
}

/// The exact information set on any deck: the [`Exact`] key (whose history codes a card by its
/// position in the deck modulo 8, exact only on the mini variant's eight cards) with every card
/// played face up, by trick and seat (6 bits each, card index + 1; up to six seats), and the
/// cards the acting seat itself played face down (the history only says that a card went face
/// down: without them a seat that hid one card or another would not know which it kept).
/// Decision-time search keys its subgames with it: no card abstraction inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactCards;

impl Keyer for ExactCards {
    type Key = ((u128, u64), u128, u64);
    #[inline]
    fn key(&self, s: &GState) -> ((u128, u64), u128, u64) {
        let exact = Exact.key(s);
        let Some(st) = s.state() else {
            return (exact, 0, 0);
        };
        let hidden = st.actor().seat().map_or(0, |seat| st.hidden_set(seat).0);
        let p = st.public();
        let mut played = 0u128;
        for t in 0..3 {
            for seat in 0..p.rules().players {
                let code = p.played(t, seat).map_or(0, |c| c.index() as u128 + 1);
                played = played << 6 | code;
            }
        }
        (exact, played, hidden)
    }
}

/// The seat of an [`Exact`] key.
pub fn exact_seat(key: &(u128, u64)) -> u8 {
    (key.1 >> 8 & 7) as u8
}

/// The exact key (defining the information sets) with the key of every abstraction (in the
/// order of [`Abstraction::ARG_1V1`]), to evaluate abstract strategies in the exact game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dual;

/// The key type of [`Dual`].
pub type DualKey = ((u128, u64), [u64; 7]);

impl Keyer for Dual {
    type Key = DualKey;
    #[inline]
    fn key(&self, s: &GState) -> DualKey {
        let abs = Abstraction::ARG_1V1.map(|a| Abstract(a).key(s));
        (Exact.key(s), abs)
    }
}
