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
    /// Starts after the deal of a hand at `public` (in its deal phase) for `seat` holding `own`.
    pub(crate) fn new(mut public: PublicState, seat: u8, own: [Card; 3]) -> Replayer {
        // The deal event is always accepted by a hand waiting for it.
        let _ = public.apply_event(Event::Deal);
        Replayer {
            public,
            seat,
            own: CardSet::from_cards(&own),
            trick_done: false,
        }
    }

    /// Continues from `public` (already dealt) for `seat` holding `own`.
    pub(crate) fn at(public: PublicState, seat: u8, own: [Card; 3]) -> Replayer {
        Replayer {
            public,
            seat,
            own: CardSet::from_cards(&own),
            trick_done: false,
        }
    }

    /// The cards the seat still holds.
    fn hand_now(&self) -> CardSet {
        let mut h = self.own;
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
            Event::Deal => {
                return Err(SpotError::Token {
                    at: at.clone(),
                    expected: "an action (the deal is implied)".into(),
                })
            }
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
        if seat == me {
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

    /// Checks revealed totals: seats and ranges, the reveal rule, and the seat's own total.
    fn check_totals(&self, t: &Totals, flor: bool, at: &Where) -> Result<(), SpotError> {
        let p = &self.public;
        let n = p.rules().players;
        let bad = |why: String| SpotError::Reveal {
            at: at.clone(),
            why,
        };
        let kind = if flor { "flor" } else { "envido" };
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
