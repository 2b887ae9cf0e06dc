//! What the search examples share: random decisions to search.

use rand::seq::SliceRandom;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::{Action, ActionList, Card, Event, PublicState, RuleSet, State, View};

/// A decision reached by random play of a deal at a random score: its seat's view and the
/// hand's events. The hand is played by random actions other than folds and refusals up to its
/// first decision with a choice (`after`: its first after trick 1).
pub fn spot(
    rules: RuleSet,
    rng: &mut Xoshiro256PlusPlus,
    after: bool,
) -> Option<(View, Vec<Event>)> {
    let mut deck: Vec<Card> = rules.deck.cards().iter().collect();
    deck.shuffle(rng);
    let hands: Vec<[Card; 3]> = (0..rules.players as usize)
        .map(|s| [deck[3 * s], deck[3 * s + 1], deck[3 * s + 2]])
        .collect();
    let t = rules.target;
    let score = [rng.random_range(0..t), rng.random_range(0..t)];
    let mano = rng.random_range(0..rules.players);
    let public = PublicState::new_hand(rules, score, mano).ok()?;
    let mut st = State::deal(public, &hands).ok()?;
    let mut events = vec![st.deal_event()];
    loop {
        let seat = st.actor().seat()?;
        let mut legal = ActionList::new();
        st.legal_actions(&mut legal);
        if (!after || st.public().trick() >= 1) && legal.len() > 1 {
            return Some((st.view(seat).ok()?, events));
        }
        let keep: Vec<Action> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Mazo | Action::NoQuiero))
            .collect();
        let a = if keep.is_empty() {
            legal.as_slice()[0]
        } else {
            keep[rng.random_range(0..keep.len())]
        };
        let (e, _) = st.apply(a).ok()?;
        events.push(e);
    }
}
