//! Information-set views: what one seat may see.

use crate::action::NONE;
use crate::cards::{Card, CardSet};
use crate::public::PublicState;

/// The view of one seat: the public state, the seat, its own dealt cards (sorted), the cards it
/// played face down (paulista), and, only in a paulista mão de onze for the team at 11, its
/// partner's cards; nothing else. In a mão de ferro the view is blind ([`View::is_blind`]):
/// the seat knows none of its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    public: PublicState,
    seat: u8,
    own: [Card; 3],
    blind: bool,
    hid: CardSet,
    partner: [u8; 3],
}

/// The placeholder held as "own cards" by a blind view (never a real information).
const BLIND: [Card; 3] = [crate::cards::card(crate::cards::Suit::Espadas, 1); 3];

impl View {
    /// The view of `seat` holding the dealt cards `own` (sorted for a canonical value).
    pub fn new(public: PublicState, seat: u8, mut own: [Card; 3]) -> View {
        own.sort_unstable();
        View {
            public,
            seat,
            own,
            blind: false,
            hid: CardSet::EMPTY,
            partner: [NONE; 3],
        }
    }

    /// The view of `seat` in a blind hand (mão de ferro): no card of its own is known.
    pub fn blind(public: PublicState, seat: u8) -> View {
        View {
            public,
            seat,
            own: BLIND,
            blind: true,
            hid: CardSet::EMPTY,
            partner: [NONE; 3],
        }
    }

    /// This view plus the cards the seat played face down (paulista hidden cards).
    #[must_use]
    pub fn with_hidden(mut self, hid: CardSet) -> View {
        self.hid = hid;
        self
    }

    /// This view plus the partner's dealt cards (paulista mão de onze, team at 11).
    #[must_use]
    pub fn with_partner(mut self, mut partner: [Card; 3]) -> View {
        partner.sort_unstable();
        self.partner = partner.map(Card::index);
        self
    }

    /// The public state.
    pub fn public(&self) -> &PublicState {
        &self.public
    }

    /// The seat.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// Whether the seat sees none of its own cards (mão de ferro).
    pub fn is_blind(&self) -> bool {
        self.blind
    }

    /// The seat's dealt cards, sorted. Meaningless in a blind view (check [`View::is_blind`]
    /// first, or use [`View::known_dealt`]).
    pub fn dealt(&self) -> [Card; 3] {
        self.own
    }

    /// The seat's dealt cards, sorted, unless the view is blind.
    pub fn known_dealt(&self) -> Option<[Card; 3]> {
        (!self.blind).then_some(self.own)
    }

    /// The seat's own cards it played face down (paulista).
    pub fn hidden_played(&self) -> CardSet {
        self.hid
    }

    /// The partner's dealt cards, if this seat sees them (paulista mão de onze, team at 11).
    pub fn partner_cards(&self) -> Option<[Card; 3]> {
        let [a, b, c] = self.partner.map(Card::from_index);
        Some([a?, b?, c?])
    }

    /// The cards the seat has not seen: the deck minus its dealt cards (none when blind), the
    /// partner's cards it was shown (paulista mão de onze), the vira and the cards played face
    /// up.
    pub fn unseen(&self) -> CardSet {
        let p = &self.public;
        let mut m = p.rules().deck.cards().0 & !p.played_set().0;
        for c in [self.known_dealt(), self.partner_cards()]
            .into_iter()
            .flatten()
            .flatten()
        {
            m &= !(1u64 << c.index());
        }
        if let Some(v) = p.vira() {
            m &= !(1u64 << v.index());
        }
        CardSet(m)
    }

    /// The cards the seat still holds (empty in a blind view: it knows none).
    pub fn hand(&self) -> CardSet {
        if self.blind {
            return CardSet::EMPTY;
        }
        let mut h = CardSet::from_cards(&self.own);
        for t in 0..3 {
            if let Some(c) = self.public.played(t, self.seat) {
                h.remove(c);
            }
        }
        CardSet(h.0 & !self.hid.0)
    }

    /// The legal actions of the actor holding this view (it must be the seat to act): its
    /// unplayed cards, or in a blind hand one `Blind(k)` per card left.
    #[inline]
    pub fn legal_actions(&self, out: &mut crate::ActionList) {
        let held = if self.blind {
            // Blind, only how many cards are left matters: any that many cards stand for them.
            CardSet((1u64 << self.cards_left()) - 1)
        } else {
            self.hand()
        };
        self.public.legal_actions(held, out);
    }

    /// How many cards the seat still holds (known even when blind).
    pub fn cards_left(&self) -> u8 {
        let p = &self.public;
        let played = (0..3)
            .filter(|&t| p.played(t, self.seat).is_some() || p.is_hidden(t, self.seat))
            .count();
        3 - played as u8
    }
}
