//! [`HandEvents`]: the public events of the hand in progress, rebuilt by the arena from the
//! decisions it sees, so that bots can read them (`Bot::act_in_hand`).
//!
//! `Match::play` hands the chooser the view only. Every decision of a hand passes through the
//! arena's chooser, so the arena records each one as the engine's public event would show it:
//! `Hidden` for a face-down card, and for an action whose event shows what the table revealed
//! (envido or flor totals, the card a blind play turned up) the revealed part is filled in from
//! the next view of the same hand, before any bot reads it. A hand starts when no seat has
//! acted yet; its first event is the deal (`Vira` in paulista). No heap.

use truco_game::action::MAX_SEATS;
use truco_game::log::MAX_EVENTS;
use truco_game::{Action, Event, View, NONE};

/// What the last recorded event still needs from the next view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// Nothing.
    None,
    /// Totals: flor (`true`) or envido (`false`).
    Totals(bool),
    /// The card a blind play turned up, played by `seat` in trick `trick`.
    Blind { seat: u8, trick: u8 },
}

/// The public events of the current hand.
#[derive(Clone, Copy, Debug)]
pub struct HandEvents {
    events: [Event; MAX_EVENTS],
    len: u8,
    pending: Pending,
}

impl Default for HandEvents {
    fn default() -> Self {
        HandEvents::new()
    }
}

impl HandEvents {
    /// No hand yet.
    pub const fn new() -> HandEvents {
        HandEvents {
            events: [Event::Deal; MAX_EVENTS],
            len: 0,
            pending: Pending::None,
        }
    }

    /// Takes in the view of the next decision: starts a new hand if no seat has acted, else
    /// completes the last event from what the view shows.
    pub fn observe(&mut self, view: &View) {
        let p = view.public();
        if (0..p.rules().players).all(|s| !p.has_acted(s)) {
            self.len = 0;
            self.push(match p.vira() {
                Some(v) => Event::Vira(v),
                None => Event::Deal,
            });
            self.pending = Pending::None;
            return;
        }
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        let Some(last) = self.events[..self.len as usize].last_mut() else {
            return;
        };
        match (pending, last) {
            (Pending::Totals(flor), Event::Reveal { totals, .. }) => {
                *totals = if flor {
                    p.flor().totals
                } else {
                    p.envido().totals
                };
            }
            (Pending::Blind { seat, trick }, Event::Act { action, .. }) => {
                if let Some(c) = p.played(trick as usize, seat) {
                    *action = Action::Play(c);
                }
            }
            _ => {}
        }
    }

    /// Records the action the seat of `view` chose (the view is the one it chose from).
    pub fn record(&mut self, view: &View, action: Action) {
        let p = view.public();
        let seat = view.seat();
        let event = match action {
            Action::Hide(_) => Event::Hidden { seat },
            Action::Blind(_) => {
                self.pending = Pending::Blind {
                    seat,
                    trick: p.trick(),
                };
                Event::Act { seat, action }
            }
            _ => match p.reveal_kind(action) {
                Some(flor) => {
                    self.pending = Pending::Totals(flor);
                    Event::Reveal {
                        seat,
                        action,
                        totals: [NONE; MAX_SEATS],
                    }
                }
                None => Event::Act { seat, action },
            },
        };
        self.push(event);
    }

    /// Appends an event (a hand never has more than `MAX_EVENTS`; extra ones are dropped).
    fn push(&mut self, e: Event) {
        if let Some(slot) = self.events.get_mut(self.len as usize) {
            *slot = e;
            self.len += 1;
        }
    }

    /// The hand's events so far, starting with the deal.
    pub fn as_slice(&self) -> &[Event] {
        &self.events[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use truco_game::{ActionList, Hand, PublicState, RuleSet};

    use super::*;
    use crate::BotRng;

    /// Random hands: before every decision, the rebuilt events equal the engine's log.
    fn matches_engine_log(rules: RuleSet, hands: u32, seed: u64) -> usize {
        let mut rng = BotRng::seed_from_u64(seed);
        let mut legal = ActionList::new();
        let mut ev = HandEvents::new();
        let mut checked = 0;
        for h in 0..hands {
            let score = [(h % 7) as u8, (h % 5) as u8];
            let mano = (h % rules.players as u32) as u8;
            let start = PublicState::new_hand(rules, score, mano).unwrap();
            let mut hand = Hand::sample(start, &mut rng);
            while let Some(seat) = hand.actor().seat() {
                let view = hand.view(seat).unwrap();
                ev.observe(&view);
                assert_eq!(ev.as_slice(), hand.public_events(), "{rules:?}");
                checked += 1;
                hand.legal_actions(&mut legal);
                // Prefer calls and answers over folds so that contests get settled.
                let a = loop {
                    let a = legal.as_slice()[(rng.next_u32() as usize) % legal.len()];
                    if a != Action::Mazo || legal.len() == 1 || rng.next_u32() % 8 == 0 {
                        break a;
                    }
                };
                ev.record(&view, a);
                hand.apply(a).unwrap();
            }
        }
        checked
    }

    #[test]
    fn rebuilt_events_equal_the_engine_log_in_every_variant() {
        let classic6 = RuleSet::new("arg-classic", &["players=6", "flor"]).unwrap();
        for rules in [
            RuleSet::ARG_1V1,
            RuleSet::ARG_2V2,
            classic6,
            RuleSet::PAULISTA,
            RuleSet::VALENCIAN,
        ] {
            let n = matches_engine_log(rules, 400, 7);
            assert!(n > 1000, "{rules:?}: {n} decisions");
        }
    }

    #[test]
    fn reveals_carry_the_totals() {
        // In arg-1v1 an accepted envido reveals both totals.
        let mut rng = BotRng::seed_from_u64(3);
        let mut ev = HandEvents::new();
        let start = PublicState::new_hand(RuleSet::ARG_1V1, [0, 0], 0).unwrap();
        let mut hand = Hand::sample(start, &mut rng);
        for a in [Action::Envido, Action::Quiero] {
            let seat = hand.actor().seat().unwrap();
            let view = hand.view(seat).unwrap();
            ev.observe(&view);
            ev.record(&view, a);
            hand.apply(a).unwrap();
        }
        let seat = hand.actor().seat().unwrap();
        ev.observe(&hand.view(seat).unwrap());
        let Some(Event::Reveal { totals, .. }) = ev.as_slice().last() else {
            panic!("{:?}", ev.as_slice());
        };
        assert!(totals[0] != NONE && totals[1] != NONE, "{totals:?}");
        assert_eq!(ev.as_slice(), hand.public_events());
    }
}
