//! Replays a spot's history event by event with public information plus the seat's own cards,
//! turning every refusal into an error that names the rule.

use crate::action::{Action, ActionList, Actor, Event, Totals, NONE};
use crate::cards::{Card, CardSet};
use crate::envido::{envido_value, flor_value};
use crate::public::PublicState;
use crate::rules::EnvidoReveal;
use crate::spot::error::{SpotError, Where};
use crate::spot::explain::{actor_words, why_illegal};

/// A hand being replayed from the viewpoint of one seat.
pub(crate) struct Replayer {
    /// The public state so far.
    pub(crate) public: PublicState,
    seat: u8,
    own: CardSet,
    /// Whether the last event finished a trick (a `/` marker may follow).
    pub(crate) trick_done: bool,
    /// The seat's own cards played face down so far (paulista).
    pub(crate) hid: CardSet,
    /// The seat does not see its cards (mão de ferro).
    blind: bool,
}

/// Writes cards as `1E 3C 7O`.
pub(crate) fn cards_text(cards: CardSet) -> String {
    cards
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Replayer {
    /// Starts after the deal (`deal`: [`Event::Deal`], or [`Event::Vira`] for paulista) of a
    /// hand at `public` (in its deal phase) for `seat` holding `own`.
    pub(crate) fn new(mut public: PublicState, seat: u8, own: [Card; 3], deal: Event) -> Replayer {
        // The deal event of the hand's rules is accepted by a hand waiting for it.
        let _ = public.apply_event(deal);
        Replayer::at(public, seat, own)
    }

    /// Continues from `public` (already dealt) for `seat` holding `own`.
    pub(crate) fn at(public: PublicState, seat: u8, own: [Card; 3]) -> Replayer {
        let blind = public.is_iron();
        Replayer {
            public,
            seat,
            own: if blind {
                CardSet::EMPTY
            } else {
                CardSet::from_cards(&own)
            },
            trick_done: false,
            hid: CardSet::EMPTY,
            blind,
        }
    }

    /// Checks and applies a face-down card of `seat` (paulista); `card` names it for the
    /// spot's own seat and must be `None` for the others (no one else learns it).
    pub(crate) fn push_hidden(
        &mut self,
        seat: u8,
        card: Option<Card>,
        at: &Where,
    ) -> Result<(), SpotError> {
        let actor = self.public.actor();
        if actor.seat() != Some(seat) {
            return Err(SpotError::Turn {
                at: at.clone(),
                seat,
                expected: actor_words(actor),
            });
        }
        let hand_err = |why: String| SpotError::Hand {
            at: at.clone(),
            why,
        };
        match (seat == self.seat, card) {
            (true, None) => {
                return Err(hand_err(format!(
                    "your own hidden card is written with its card, like {seat}:hide-7O"
                )))
            }
            (false, Some(_)) => {
                return Err(hand_err(format!(
                    "seat {seat}'s hidden card is not known to you: write {seat}:hidden"
                )))
            }
            (true, Some(c)) if !self.hand_now().contains(c) => {
                return Err(hand_err(format!(
                    "seat {seat} hides {c} but does not hold it (hand {})",
                    cards_text(self.hand_now())
                )))
            }
            _ => {}
        }
        let trick = self.public.trick();
        self.public
            .apply_event(Event::Hidden { seat })
            .map_err(|_| SpotError::Illegal {
                at: at.clone(),
                why: "a card is hidden only on one's turn to play, from the second trick on, outside a mão de ferro (paulista)".into(),
            })?;
        if let Some(c) = card {
            self.hid.insert(c);
        }
        self.trick_done = self.public.trick() > trick;
        Ok(())
    }

    /// The cards the seat still holds.
    fn hand_now(&self) -> CardSet {
        let mut h = CardSet(self.own.0 & !self.hid.0);
        for t in 0..3 {
            if let Some(c) = self.public.played(t, self.seat) {
                h.remove(c);
            }
        }
        h
    }

    /// Checks and applies one event.
    pub(crate) fn push(&mut self, event: Event, at: &Where) -> Result<(), SpotError> {
        let (seat, action, totals) = match event {
            Event::Deal | Event::Vira(_) => {
                return Err(SpotError::Token {
                    at: at.clone(),
                    expected: "an action (the deal is implied)".into(),
                })
            }
            Event::Hidden { seat } => return self.push_hidden(seat, None, at),
            Event::Act { seat, action } => (seat, action, None),
            Event::Reveal {
                seat,
                action,
                totals,
            } => (seat, action, Some(totals)),
        };
        let actor = self.public.actor();
        let illegal = |why: String| SpotError::Illegal {
            at: at.clone(),
            why,
        };
        if actor == Actor::Terminal {
            return Err(illegal("the hand is already over".into()));
        }
        if actor.seat() != Some(seat) {
            return Err(SpotError::Turn {
                at: at.clone(),
                seat,
                expected: actor_words(actor),
            });
        }
        let me = self.seat;
        if let Action::Play(c) = action {
            if self.public.vira() == Some(c) {
                return Err(SpotError::Hand {
                    at: at.clone(),
                    why: format!("{c} is the vira: no one holds it"),
                });
            }
            if seat != me && self.own.contains(c) {
                return Err(SpotError::Hand {
                    at: at.clone(),
                    why: format!("seat {seat} plays {c} but {c} is in your own hand (seat {me})"),
                });
            }
        }
        if !self.public.is_publicly_legal(action) {
            return Err(illegal(why_illegal(&self.public, seat, action)));
        }
        if seat == me && !self.blind {
            self.check_own(action, at)?;
        }
        match (self.public.reveal_kind(action), totals) {
            (Some(flor), None) => {
                let what = if flor { "flor" } else { "envido" };
                return Err(SpotError::Reveal {
                    at: at.clone(),
                    why: format!(
                        "this settles the {what}: the table's totals must follow, like [0:31 1:-]"
                    ),
                });
            }
            (None, Some(_)) => {
                return Err(SpotError::Reveal {
                    at: at.clone(),
                    why: "this action reveals no totals: remove the [...] after it".into(),
                })
            }
            (Some(flor), Some(t)) => self.check_totals(&t, flor, at)?,
            (None, None) => {}
        }
        let trick = self.public.trick();
        self.public
            .apply_event(event)
            .map_err(|source| SpotError::Play {
                at: at.clone(),
                source,
            })?;
        self.trick_done = self.public.trick() > trick;
        Ok(())
    }

    /// Checks an action of the spot's own seat against its cards.
    fn check_own(&self, action: Action, at: &Where) -> Result<(), SpotError> {
        let hand = self.hand_now();
        let mut legal = ActionList::new();
        self.public.legal_actions(hand, &mut legal);
        if legal.contains(action) {
            return Ok(());
        }
        let me = self.seat;
        let why = match action {
            Action::Play(c) if !self.own.contains(c) => format!(
                "seat {me} plays {c} but your hand is {}",
                cards_text(self.own)
            ),
            Action::Play(c) if !hand.contains(c) => {
                format!("seat {me} plays {c} but already played it")
            }
            Action::Flor | Action::Contraflor if flor_value(self.own).is_none() => {
                format!("seat {me} declares a flor but holds none")
            }
            _ => format!("seat {me} holds a flor and must declare it at this first action"),
        };
        Err(SpotError::Hand {
            at: at.clone(),
            why,
        })
    }

    /// Valencian envit: exactly the winner's total, consistent with the seat's own cards.
    fn check_winner_total(&self, t: &Totals, at: &Where) -> Result<(), SpotError> {
        let p = &self.public;
        let n = p.rules().players;
        let bad = |why: String| SpotError::Reveal {
            at: at.clone(),
            why,
        };
        let shown: Vec<(u8, u8)> = (0..n)
            .filter(|&s| t[s as usize] != NONE)
            .map(|s| (s, t[s as usize]))
            .collect();
        let [(s, v)] = shown[..] else {
            return Err(bad(
                "the table announces the envit winner's total only, like [2:31]".into(),
            ));
        };
        if !(v <= 7 || (20..=33).contains(&v)) {
            return Err(bad(format!(
                "seat {s} shows {v}: not a possible envit total"
            )));
        }
        if self.blind {
            return Ok(());
        }
        let mine = envido_value(self.own);
        let order = |x: u8| (x + n - p.mano()) % n;
        if s == self.seat && mine != v {
            return Err(bad(format!(
                "the table shows {v} for your seat {s}, but your cards {} make {mine}",
                cards_text(self.own)
            )));
        }
        if s != self.seat && (mine > v || (mine == v && order(self.seat) < order(s))) {
            return Err(bad(format!(
                "your envit total {mine} beats seat {s}'s {v}: the table would name you"
            )));
        }
        Ok(())
    }

    /// Checks revealed totals: seats and ranges, the reveal rule, and the seat's own total.
    fn check_totals(&self, t: &Totals, flor: bool, at: &Where) -> Result<(), SpotError> {
        let p = &self.public;
        let n = p.rules().players;
        let bad = |why: String| SpotError::Reveal {
            at: at.clone(),
            why,
        };
        let kind = if flor { "flor" } else { "envido" };
        if !flor && p.rules().envido_reveal == EnvidoReveal::Winner {
            return self.check_winner_total(t, at);
        }
        let mut best: Option<u8> = None;
        for k in 0..n {
            let s = (p.mano() + k) % n;
            let v = t[s as usize];
            if p.is_folded(s) {
                if v != NONE {
                    return Err(bad(format!("seat {s} folded: it shows no total")));
                }
                continue;
            }
            let own = if s == self.seat {
                Some(if flor {
                    flor_value(self.own)
                } else {
                    Some(envido_value(self.own))
                })
            } else {
                None
            };
            let records = p.rules().envido_reveal == EnvidoReveal::Records;
            if v == NONE {
                if !flor && (!records || best.is_none()) {
                    return Err(bad(format!(
                        "seat {s} must show its {kind} total here (only a total that does not beat an announced one stays hidden)"
                    )));
                }
                if let Some(Some(mine)) = own {
                    if best.is_none_or(|b| mine > b) {
                        return Err(bad(format!(
                            "your {kind} total {mine} beats every total announced before it, so the table shows it"
                        )));
                    }
                }
                continue;
            }
            let valid = if flor {
                (20..=38).contains(&v)
            } else {
                v <= 7 || (20..=33).contains(&v)
            };
            if !valid {
                return Err(bad(format!(
                    "seat {s} shows {v}: not a possible {kind} total"
                )));
            }
            if records {
                if let Some(b) = best.filter(|&b| v <= b) {
                    return Err(bad(format!(
                        "seat {s} shows {v} but {b} was announced before it: it would say son buenas"
                    )));
                }
            }
            match own {
                Some(None) => {
                    return Err(bad(format!(
                        "the table shows a flor total {v} for your seat {s}, but you hold no flor"
                    )))
                }
                Some(Some(mine)) if mine != v => {
                    return Err(bad(format!(
                        "the table shows {v} for your seat {s}, but your cards {} make {mine}",
                        cards_text(self.own)
                    )))
                }
                _ => {}
            }
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        if best.is_none() {
            return Err(bad("no total revealed".into()));
        }
        Ok(())
    }
}
