//! A hand with its public history: the full [`State`] plus the [`EventLog`] of public events,
//! so the hand can be shown, stored, or replayed without hidden cards.

use rand::Rng;

use crate::action::{Action, ActionList, Actor, Awards, Event};
use crate::cards::Card;
use crate::log::EventLog;
use crate::public::{PlayError, PublicState};
use crate::state::State;
use crate::view::View;

/// A hand being played, recording its public events.
#[derive(Clone, Copy, Debug)]
pub struct Hand {
    start: PublicState,
    state: State,
    log: EventLog,
}

impl Hand {
    /// Deals `hands` (seat order) into the hand `start`.
    pub fn deal(start: PublicState, hands: &[[Card; 3]]) -> Result<Hand, PlayError> {
        let state = State::deal(start, hands)?;
        Ok(Hand::from_dealt(start, state))
    }

    /// Deals `hands` and turns `vira` (paulista) into the hand `start`.
    pub fn deal_with_vira(
        start: PublicState,
        hands: &[[Card; 3]],
        vira: Card,
    ) -> Result<Hand, PlayError> {
        let state = State::deal_with_vira(start, hands, Some(vira))?;
        Ok(Hand::from_dealt(start, state))
    }

    /// Deals random hands into the hand `start`.
    pub fn sample<R: Rng + ?Sized>(start: PublicState, rng: &mut R) -> Hand {
        let state = State::sample_deal(start, rng);
        Hand::from_dealt(start, state)
    }

    fn from_dealt(start: PublicState, state: State) -> Hand {
        let mut log = EventLog::new();
        log.push(state.deal_event());
        Hand { start, state, log }
    }

    /// The full state.
    pub fn state(&self) -> &State {
        &self.state
    }
    /// The hand before the deal (the start of [`Hand::public_events`]).
    pub fn start(&self) -> &PublicState {
        &self.start
    }
    /// The public events so far, starting with the deal ([`Event::Deal`], or [`Event::Vira`]
    /// for paulista).
    pub fn public_events(&self) -> &[Event] {
        self.log.as_slice()
    }
    /// Who acts next.
    pub fn actor(&self) -> Actor {
        self.state.actor()
    }
    /// The actor's legal actions.
    pub fn legal_actions(&self, out: &mut ActionList) {
        self.state.legal_actions(out)
    }
    /// What `seat` sees.
    pub fn view(&self, seat: u8) -> Result<View, PlayError> {
        self.state.view(seat)
    }
    /// Applies the actor's action and records its public event.
    pub fn apply(&mut self, action: Action) -> Result<Awards, PlayError> {
        let (event, awards) = self.state.apply(action)?;
        self.log.push(event);
        Ok(awards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn records_and_replays() {
        let start = PublicState::new_hand(RuleSet::ARG_1V1, [0, 0], 1).unwrap();
        let cards = |s: &str| -> [Card; 3] {
            let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
            [v[0], v[1], v[2]]
        };
        let mut h = Hand::deal(start, &[cards("7O 6O 1C"), cards("5C 10C 4E")]).unwrap();
        for a in ["envido", "quiero", "4E", "1C", "mazo"] {
            h.apply(a.parse().unwrap()).unwrap();
        }
        assert_eq!(h.public_events().len(), 6);
        let (p, pts) = crate::log::replay(*h.start(), h.public_events()).unwrap();
        assert_eq!(&p, h.state().public());
        assert_eq!(pts, [2, 1], "envido to seat 0, then seat 0 folds");
        assert!(h.apply(Action::Mazo).is_err());
        assert_eq!(
            h.public_events().len(),
            6,
            "a rejected action is not recorded"
        );
    }
}
