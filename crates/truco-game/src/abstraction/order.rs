//! What the key keeps of the event order.
//!
//! A [`crate::View`] holds the public state, which forgets *when* things happened. The only
//! order it loses in `arg-1v1` is when each truco call was made relative to the cards, and
//! whether the envido was called before or after the mano's first card and while a truco was
//! pending (ruling 7). [`Order`] keeps exactly that, and is built the same way from a hand's
//! event log (query side) or step by step (trainer).

use crate::action::{Action, Event};

/// "Not happened" marker.
const NONE: u8 = u8::MAX;

/// Radix of [`Order::digit`]: 7 values (0..=5 cards on the table, or never) per truco call,
/// times 6 envido states.
pub const ORDER_STATES: u64 = 7 * 7 * 7 * 6;

/// The order information the abstraction keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    cards: u8,
    raises: u8,
    truco_at: [u8; 3],
    envido_at: u8,
    envido_first: bool,
    truco_pending: bool,
    envido_pending: bool,
}

impl Default for Order {
    fn default() -> Self {
        Order::new()
    }
}

impl Order {
    /// The order at the start of a hand.
    pub const fn new() -> Order {
        Order {
            cards: 0,
            raises: 0,
            truco_at: [NONE; 3],
            envido_at: NONE,
            envido_first: false,
            truco_pending: false,
            envido_pending: false,
        }
    }

    /// The order of a hand's public events.
    pub fn from_events(events: &[Event]) -> Order {
        let mut o = Order::new();
        for e in events {
            o.push(e);
        }
        o
    }

    /// Records one public event.
    #[inline]
    pub fn push(&mut self, e: &Event) {
        let action = match *e {
            Event::Deal | Event::Vira(_) => return,
            // A face-down card (paulista) counts as a card played.
            Event::Hidden { .. } => Action::Blind(0),
            Event::Act { action, .. } | Event::Reveal { action, .. } => action,
        };
        match action {
            Action::Play(_) | Action::Hide(_) | Action::Blind(_) => {
                self.cards = self.cards.saturating_add(1)
            }
            Action::Raise => {
                if let Some(slot) = self.truco_at.get_mut(self.raises as usize) {
                    *slot = self.cards;
                }
                self.raises = self.raises.saturating_add(1);
                self.truco_pending = true;
            }
            Action::Envido | Action::RealEnvido | Action::FaltaEnvido => {
                if self.envido_at == NONE {
                    self.envido_at = self.cards;
                    self.envido_first = self.truco_pending;
                }
                self.envido_pending = true;
            }
            Action::Quiero | Action::NoQuiero => {
                if self.envido_pending {
                    self.envido_pending = false;
                } else {
                    self.truco_pending = false;
                }
            }
            Action::Flor | Action::Contraflor | Action::Mazo | Action::Pass => {}
        }
    }

    /// The key digit, `0..ORDER_STATES`.
    #[inline]
    pub fn digit(&self) -> u64 {
        let mut d = 0u64;
        for &at in &self.truco_at {
            d = d * 7 + if at == NONE { 6 } else { at.min(5) as u64 };
        }
        let env = match self.envido_at {
            NONE => 2,
            at => at.min(1) as u64,
        };
        d * 6 + env * 2 + self.envido_first as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(a: &str) -> Event {
        Event::Act {
            seat: 0,
            action: a.parse().unwrap(),
        }
    }

    #[test]
    fn truco_timing_and_envido_first_change_the_digit() {
        let before = Order::from_events(&[Event::Deal, act("truco"), act("quiero"), act("4E")]);
        let after = Order::from_events(&[Event::Deal, act("4E"), act("truco"), act("quiero")]);
        assert_ne!(before.digit(), after.digit());
        let first = Order::from_events(&[act("truco"), act("envido"), act("quiero")]);
        let plain = Order::from_events(&[act("envido"), act("quiero"), act("truco")]);
        assert_ne!(first.digit(), plain.digit());
        assert!(first.digit() < ORDER_STATES && Order::new().digit() < ORDER_STATES);
    }
}
