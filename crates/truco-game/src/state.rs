//! The full game state of a hand: the public state plus every seat's cards.

use rand::Rng;

use crate::action::{Action, ActionList, Actor, Awards, Event, Totals, MAX_SEATS, NONE};
use crate::cards::{Card, CardSet};
use crate::envido::{envido_value, flor_value};
use crate::public::{Phase, PlayError, PublicState};
use crate::ranking::Ranking;
use crate::view::View;

/// The full state of a hand: [`PublicState`] + the hands dealt. `Copy` and small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    public: PublicState,
    /// Card indices per seat; [`HID`] is or-ed in once the card was played face down
    /// (paulista: public events do not name it).
    hands: [[u8; 3]; MAX_SEATS],
}

/// Flag on a dealt card index: played face down.
const HID: u8 = 0x40;

impl State {
    /// Deals `hands` (one per seat, in seat order) into a hand waiting for its deal. A
    /// paulista hand needs its vira: use [`State::deal_with_vira`].
    pub fn deal(public: PublicState, hands: &[[Card; 3]]) -> Result<State, PlayError> {
        State::deal_with_vira(public, hands, None)
    }

    /// Deals `hands` and, for paulista (required there, refused elsewhere), turns `vira`.
    pub fn deal_with_vira(
        public: PublicState,
        hands: &[[Card; 3]],
        vira: Option<Card>,
    ) -> Result<State, PlayError> {
        let paulista = public.rules().ranking == Ranking::Paulista;
        if paulista != vira.is_some() {
            return Err(PlayError::BadDeal(if paulista {
                "a paulista deal needs a vira".into()
            } else {
                "only paulista turns a vira".into()
            }));
        }
        if public.phase() != Phase::Deal {
            return Err(PlayError::WrongPhase("deal"));
        }
        let n = public.rules().players as usize;
        if hands.len() != n {
            return Err(PlayError::BadDeal(format!(
                "{} hands for {n} players",
                hands.len()
            )));
        }
        let deck = public.rules().deck;
        let mut seen = CardSet::EMPTY;
        if let Some(v) = vira {
            deck.check(v)
                .map_err(|e| PlayError::BadDeal(e.to_string()))?;
            seen.insert(v);
        }
        let mut raw = [[NONE; 3]; MAX_SEATS];
        for (s, h) in hands.iter().enumerate() {
            for (k, &c) in h.iter().enumerate() {
                deck.check(c)
                    .map_err(|e| PlayError::BadDeal(e.to_string()))?;
                if seen.contains(c) {
                    return Err(PlayError::BadDeal(format!(
                        "card {c} dealt twice (or it is the vira)"
                    )));
                }
                seen.insert(c);
                raw[s][k] = c.index();
            }
        }
        let mut st = State { public, hands: raw };
        if let Some(v) = vira {
            st.public.vira = v.index();
        }
        st.public.start_play();
        Ok(st)
    }

    /// A full state for a public state at any point of a hand, given every seat's dealt cards
    /// (for instance a spot with guessed hidden hands). The hands must hold every card each
    /// seat played, the revealed envido totals, a flor for every flor shown, and where a seat
    /// kept its total hidden ("son buenas"), one that did not beat the totals shown before it.
    pub fn from_public(public: PublicState, hands: &[[Card; 3]]) -> Result<State, PlayError> {
        if public.phase() == Phase::Deal {
            return State::deal(public, hands);
        }
        let mut start = public;
        start.phase = Phase::Deal;
        let mut st = State::deal_with_vira(start, hands, public.vira())?;
        st.public = public;
        // Hidden cards: each seat's face-down plays are its dealt cards not played face up,
        // taken in deal order (any choice is consistent with the public state).
        for seat in 0..public.rules().players {
            let hid = (0..3).filter(|&t| public.is_hidden(t, seat)).count();
            let mut left = st.hand(seat).iter();
            for _ in 0..hid {
                if let Some(c) = left.next() {
                    st.mark_hidden(c);
                }
            }
        }
        for seat in 0..public.rules().players {
            let dealt = st.dealt_set(seat);
            for t in 0..3 {
                if let Some(c) = public.played(t, seat) {
                    if !dealt.contains(c) {
                        return Err(PlayError::BadDeal(format!(
                            "seat {seat} played {c} but was not dealt it"
                        )));
                    }
                }
            }
            public.check_hand_totals(seat, dealt)?;
        }
        Ok(st)
    }

    /// Deals random hands from the rule set's deck (uniformly, no allocation) into a hand
    /// waiting for its deal. For a hand already in progress, each seat keeps the cards it
    /// played and the rest is drawn uniformly from the unseen cards, without conditioning on
    /// revealed totals or flor declarations (check such a state with [`State::from_public`]).
    pub fn sample_deal<R: Rng + ?Sized>(public: PublicState, rng: &mut R) -> State {
        let deck = public.rules().deck.cards().0;
        let n = public.rules().players as usize;
        let mut used = public.played_set().0;
        let mut public = public;
        let draw = |used: &mut u64, rng: &mut R| loop {
            let i = ((rng.next_u32() as u64 * 40) >> 32) as u8;
            let bit = 1u64 << i;
            if deck & bit != 0 && *used & bit == 0 {
                *used |= bit;
                return i;
            }
        };
        if public.rules().ranking == Ranking::Paulista {
            match public.vira() {
                Some(v) => used |= 1 << v.index(),
                None => public.vira = draw(&mut used, rng),
            }
        }
        let mut raw = [[NONE; 3]; MAX_SEATS];
        for (seat, hand) in raw.iter_mut().enumerate().take(n) {
            let mut k = 0;
            for t in 0..3 {
                let c = public.played[t][seat];
                if c != NONE && k < 3 {
                    hand[k] = c;
                    k += 1;
                }
            }
            for slot in hand.iter_mut().skip(k) {
                *slot = draw(&mut used, rng);
            }
        }
        if public.phase() == Phase::Deal {
            public.start_play();
        }
        let mut st = State { public, hands: raw };
        // Face-down plays of a hand in progress: the first unplayed cards drawn.
        let hidden_plays = public.rules().hidden_card && public.trick() > 0;
        for seat in (0..n as u8).filter(|_| hidden_plays) {
            let hid = (0..3).filter(|&t| public.is_hidden(t, seat)).count();
            let mut left = st.hand(seat).iter();
            for _ in 0..hid {
                if let Some(c) = left.next() {
                    st.mark_hidden(c);
                }
            }
        }
        st
    }

    /// The public state.
    #[inline]
    pub fn public(&self) -> &PublicState {
        &self.public
    }

    /// The three cards dealt to `seat`.
    pub fn dealt(&self, seat: u8) -> Result<[Card; 3], PlayError> {
        if seat >= self.public.rules().players {
            return Err(PlayError::NoSuchSeat(seat));
        }
        let h = self.hands[seat as usize];
        let card = |i: u8| Card::from_index(i & !HID).ok_or(PlayError::NoSuchSeat(seat));
        Ok([card(h[0])?, card(h[1])?, card(h[2])?])
    }

    /// The cards dealt to `seat`, as a set.
    #[inline]
    pub fn dealt_set(&self, seat: u8) -> CardSet {
        let Some(&h) = self.hands.get(seat as usize) else {
            return CardSet::EMPTY;
        };
        let mut m = 0u64;
        for i in h {
            if i != NONE {
                m |= 1 << (i & !HID);
            }
        }
        CardSet(m)
    }

    /// The cards `seat` played face down (paulista).
    pub fn hidden_set(&self, seat: u8) -> CardSet {
        let Some(&h) = self.hands.get(seat as usize) else {
            return CardSet::EMPTY;
        };
        let mut m = 0u64;
        for i in h {
            if i != NONE && i & HID != 0 {
                m |= 1 << (i & !HID);
            }
        }
        CardSet(m)
    }

    /// Marks the dealt card `c` as played face down.
    fn mark_hidden(&mut self, c: Card) {
        for h in self.hands.iter_mut() {
            for i in h.iter_mut() {
                if *i == c.index() {
                    *i |= HID;
                }
            }
        }
    }

    /// The cards `seat` still holds.
    #[inline]
    pub fn hand(&self, seat: u8) -> CardSet {
        let h = self.hands.get(seat as usize).copied().unwrap_or([NONE; 3]);
        let mut m = 0u64;
        for i in h {
            // A card played face down carries the HID flag, as does NONE: neither is held.
            if i & HID == 0 {
                m |= 1u64 << i;
            }
        }
        for t in &self.public.played {
            let c = t.get(seat as usize).copied().unwrap_or(NONE);
            if c < 64 {
                m &= !(1u64 << c);
            }
        }
        CardSet(m)
    }

    /// The public event of the deal (paulista: with the vira).
    pub fn deal_event(&self) -> Event {
        match self.public.vira() {
            Some(v) => Event::Vira(v),
            None => Event::Deal,
        }
    }

    /// The card at position `k` among `seat`'s unplayed cards in deal order (blind play).
    fn blind_card(&self, seat: u8, k: u8) -> Option<Card> {
        let left = self.hand(seat);
        self.hands[seat as usize % MAX_SEATS]
            .iter()
            .filter_map(|&i| Card::from_index(i & !HID))
            .filter(|&c| left.contains(c))
            .nth(k as usize)
    }

    /// Who acts next.
    #[inline]
    pub fn actor(&self) -> Actor {
        self.public.actor()
    }

    /// Writes the actor's legal actions into `out` (empty at chance or terminal nodes).
    #[inline]
    pub fn legal_actions(&self, out: &mut ActionList) {
        let actor = self.actor();
        match actor.seat() {
            Some(s) => self.public.legal_actions_for(actor, self.hand(s), out),
            None => out.clear(),
        }
    }

    /// Applies the actor's `action`: returns the public event it produced (with any totals it
    /// revealed) and the points it scored. Illegal actions are an error and change nothing.
    pub fn apply(&mut self, action: Action) -> Result<(Event, Awards), PlayError> {
        let actor = self.actor();
        let seat = match actor {
            Actor::Terminal => return Err(PlayError::HandOver),
            Actor::Chance => return Err(PlayError::WrongPhase("action before the deal")),
            Actor::Seat(s) | Actor::Team { seat: s, .. } => s,
        };
        if !self.public.is_legal_for(actor, action, self.hand(seat)) {
            return Err(PlayError::Illegal { seat, action });
        }
        self.apply_legal(seat, action)
    }

    /// [`State::apply`] of an action the caller took from [`State::legal_actions`] at this
    /// very state, without checking it again (a solver's traversal applies nothing else; the
    /// check is a debug assertion). An action not listed there may leave the state
    /// inconsistent: anything else calls [`State::apply`].
    pub fn apply_listed(&mut self, action: Action) -> Result<(Event, Awards), PlayError> {
        let actor = self.actor();
        let seat = match actor {
            Actor::Terminal => return Err(PlayError::HandOver),
            Actor::Chance => return Err(PlayError::WrongPhase("action before the deal")),
            Actor::Seat(s) | Actor::Team { seat: s, .. } => s,
        };
        debug_assert!(
            self.public.is_legal_for(actor, action, self.hand(seat)),
            "apply_listed: {action:?} is not a legal action of seat {seat}"
        );
        self.apply_legal(seat, action)
    }

    /// Applies `seat`'s legal `action` (checked by the caller).
    fn apply_legal(&mut self, seat: u8, action: Action) -> Result<(Event, Awards), PlayError> {
        let action = match action {
            Action::Blind(k) => match self.blind_card(seat, k) {
                Some(c) => Action::Play(c),
                None => return Err(PlayError::Illegal { seat, action }),
            },
            other => other,
        };
        if let Action::Hide(c) = action {
            let awards = self.public.step(seat, action, None);
            self.mark_hidden(c);
            return Ok((Event::Hidden { seat }, awards));
        }
        let event = match self.public.reveal_kind(action) {
            None => Event::Act { seat, action },
            Some(flor) => Event::Reveal {
                seat,
                action,
                totals: self.reveal(flor),
            },
        };
        let totals = match event {
            Event::Reveal { totals, .. } => Some(totals),
            _ => None,
        };
        let awards = self.public.step(seat, action, totals);
        Ok((event, awards))
    }

    /// The totals the table reveals: envido values (or flor values of flor holders) of the
    /// seats still in the hand, filtered by the rule set's reveal rule.
    fn reveal(&self, flor: bool) -> Totals {
        self.public.reveal_totals(flor, |s| {
            let h = self.dealt_set(s);
            if flor {
                flor_value(h)
            } else {
                Some(envido_value(h))
            }
        })
    }

    /// What `seat` sees: the public state and its own cards (none in a mão de ferro), the
    /// cards it played face down, and in a mão de onze, for the team at 11, the partner's.
    pub fn view(&self, seat: u8) -> Result<View, PlayError> {
        let own = self.dealt(seat)?;
        let p = &self.public;
        if p.is_iron() {
            return Ok(View::blind(self.public, seat));
        }
        let mut v = View::new(self.public, seat, own).with_hidden(self.hidden_set(seat));
        if p.mao_de_onze() == Some(seat % 2) && p.rules().players > 2 {
            let partner = crate::action::seat_after(seat, 2, p.rules().players);
            v = v.with_partner(self.dealt(partner)?);
        }
        Ok(v)
    }
}
