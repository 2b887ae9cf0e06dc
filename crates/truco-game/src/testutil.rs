//! Test helpers: deal text hands and drive a hand with text actions.

use crate::action::{Action, Awards};
use crate::cards::Deck;
use crate::public::PublicState;
use crate::rules::RuleSet;
use crate::state::State;

/// A dealt state: `hands` are "1E 7O 3C / 4B 5B 6B / ..." in seat order.
pub fn deal(rules: RuleSet, score: [u8; 2], mano: u8, hands: &str) -> State {
    let hs: Vec<[crate::cards::Card; 3]> = hands
        .split('/')
        .map(|h| {
            let v = Deck::Spanish40.parse_cards(h).unwrap();
            [v[0], v[1], v[2]]
        })
        .collect();
    State::deal(PublicState::new_hand(rules, score, mano).unwrap(), &hs).unwrap()
}

/// Applies space-separated actions; returns the points each team scored.
pub fn run(st: &mut State, actions: &str) -> [u32; 2] {
    let mut pts = [0, 0];
    for a in actions.split_whitespace() {
        let act: Action = a.parse().unwrap();
        let (_, aw): (_, Awards) = st
            .apply(act)
            .unwrap_or_else(|e| panic!("{a}: {e} (actor {:?})", st.actor()));
        pts[0] += aw.points(0);
        pts[1] += aw.points(1);
    }
    pts
}
