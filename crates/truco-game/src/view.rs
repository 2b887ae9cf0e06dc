//! Information-set views: what one seat may see.

use crate::cards::{Card, CardSet};
use crate::public::PublicState;

/// The view of one seat: the public state, the seat, and its own dealt cards (sorted), and
/// nothing else. No Argentine rule shows a partner's cards, so none are held here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    public: PublicState,
    seat: u8,
    own: [Card; 3],
}

impl View {
    /// The view of `seat` holding the dealt cards `own` (sorted for a canonical value).
    pub fn new(public: PublicState, seat: u8, mut own: [Card; 3]) -> View {
        own.sort_unstable();
        View { public, seat, own }
    }

    /// The public state.
    pub fn public(&self) -> &PublicState {
        &self.public
    }

    /// The seat.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's dealt cards, sorted.
    pub fn dealt(&self) -> [Card; 3] {
        self.own
    }

    /// The cards the seat still holds.
    pub fn hand(&self) -> CardSet {
        let mut h = CardSet::from_cards(&self.own);
        for t in 0..3 {
            if let Some(c) = self.public.played(t, self.seat) {
                h.remove(c);
            }
        }
        h
    }
}
