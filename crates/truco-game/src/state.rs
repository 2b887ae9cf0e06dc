//! The full game state of a hand: the public state plus every seat's cards.

use rand::Rng;

use crate::action::{Action, ActionList, Actor, Awards, Event, Totals, MAX_SEATS, NONE};
use crate::cards::{Card, CardSet};
use crate::envido::{envido_value, flor_value};
use crate::public::{Phase, PlayError, PublicState};
use crate::rules::EnvidoReveal;
use crate::view::View;

/// The full state of a hand: [`PublicState`] + the hands dealt. `Copy` and small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    public: PublicState,
    hands: [[u8; 3]; MAX_SEATS],
}

impl State {
    /// Deals `hands` (one per seat, in seat order) into a hand waiting for its deal.
    pub fn deal(public: PublicState, hands: &[[Card; 3]]) -> Result<State, PlayError> {
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
        let mut raw = [[NONE; 3]; MAX_SEATS];
        for (s, h) in hands.iter().enumerate() {
            for (k, &c) in h.iter().enumerate() {
                deck.check(c)
                    .map_err(|e| PlayError::BadDeal(e.to_string()))?;
                if seen.contains(c) {
                    return Err(PlayError::BadDeal(format!("card {c} dealt twice")));
                }
                seen.insert(c);
                raw[s][k] = c.index();
            }
        }
        let mut st = State { public, hands: raw };
        st.public.start_play();
        Ok(st)
    }

    /// A full state for a public state at any point of a hand, given every seat's dealt cards
    /// (for instance a spot with guessed hidden hands). The hands must hold every card each
    /// seat played, the revealed envido totals, and a flor for every flor shown.
    pub fn from_public(public: PublicState, hands: &[[Card; 3]]) -> Result<State, PlayError> {
        if public.phase() == Phase::Deal {
            return State::deal(public, hands);
        }
        let mut start = public;
        start.phase = Phase::Deal;
        let mut st = State::deal(start, hands)?;
        st.public = public;
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
            let shown = public.envido().totals[seat as usize];
            if shown != NONE && shown != envido_value(dealt) {
                return Err(PlayError::BadDeal(format!(
                    "seat {seat} showed envido {shown} but its cards make {}",
                    envido_value(dealt)
                )));
            }
            let shown = public.flor().totals[seat as usize];
            if shown != NONE && Some(shown) != flor_value(dealt) {
                return Err(PlayError::BadDeal(format!(
                    "seat {seat} showed flor {shown} but its cards do not make it"
                )));
            }
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
                loop {
                    let i = ((rng.next_u32() as u64 * 40) >> 32) as u8;
                    let bit = 1u64 << i;
                    if deck & bit != 0 && used & bit == 0 {
                        used |= bit;
                        *slot = i;
                        break;
                    }
                }
            }
        }
        let mut public = public;
        if public.phase() == Phase::Deal {
            public.start_play();
        }
        State { public, hands: raw }
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
        let card = |i: u8| Card::from_index(i).ok_or(PlayError::NoSuchSeat(seat));
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
            if i < 64 {
                m |= 1 << i;
            }
        }
        CardSet(m)
    }

    /// The cards `seat` still holds.
    #[inline]
    pub fn hand(&self, seat: u8) -> CardSet {
        let mut m = self.dealt_set(seat).0;
        for t in &self.public.played {
            let c = t.get(seat as usize).copied().unwrap_or(NONE);
            if c < 64 {
                m &= !(1u64 << c);
            }
        }
        CardSet(m)
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
        let p = &self.public;
        let n = p.rules().players;
        let mut out = [NONE; MAX_SEATS];
        let mut best: Option<u8> = None;
        for k in 0..n {
            let s = crate::action::seat_after(p.mano(), k, n);
            if p.is_folded(s) {
                continue;
            }
            let h = self.dealt_set(s);
            let v = if flor {
                match flor_value(h) {
                    Some(v) => v,
                    None => continue,
                }
            } else {
                envido_value(h)
            };
            let show = match p.rules().envido_reveal {
                EnvidoReveal::All => true,
                EnvidoReveal::Records => best.is_none_or(|b| v > b),
            };
            if show {
                out[s as usize] = v;
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        }
        out
    }

    /// What `seat` sees: the public state and its own cards.
    pub fn view(&self, seat: u8) -> Result<View, PlayError> {
        Ok(View::new(self.public, seat, self.dealt(seat)?))
    }
}
