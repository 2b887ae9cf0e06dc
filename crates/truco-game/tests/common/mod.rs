//! Helpers for the variant tests: deal text hands, drive a hand with `seat:action` tokens.

#![allow(dead_code)]

use truco_game::{Action, ActionList, Award, Card, Event, PublicState, RuleSet, State};

/// Three cards from text like `1E 7O 3C` (any Spanish card).
pub fn cards(s: &str) -> [Card; 3] {
    let v: Vec<Card> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    [v[0], v[1], v[2]]
}

/// A dealt state; `hands` are `1E 7O 3C / 4B 5B 6B / ...` in seat order.
pub fn deal(
    rules: RuleSet,
    score: [u8; 2],
    camas: [u8; 2],
    mano: u8,
    hands: &str,
    vira: Option<&str>,
) -> State {
    let hs: Vec<[Card; 3]> = hands.split('/').map(cards).collect();
    let start = PublicState::new_hand_in_camas(rules, score, camas, mano).unwrap();
    State::deal_with_vira(start, &hs, vira.map(|v| v.parse().unwrap())).unwrap()
}

/// What a driven hand produced.
#[derive(Debug, Default)]
pub struct Run {
    /// Points per team.
    pub points: [u32; 2],
    /// Every award in order.
    pub awards: Vec<Award>,
    /// Every public event.
    pub events: Vec<Event>,
}

/// Applies `seat:action` tokens. Before each token, while another seat holds the valencian
/// out-of-turn window, that seat passes.
pub fn run(st: &mut State, tokens: &str) -> Run {
    let mut out = Run::default();
    let mut legal = ActionList::new();
    for tok in tokens.split_whitespace() {
        let (s, a) = tok.split_once(':').expect("seat:action");
        let seat: u8 = s.parse().unwrap();
        let action: Action = a.parse().unwrap();
        loop {
            st.legal_actions(&mut legal);
            let actor = st.actor().seat();
            if actor != Some(seat) && legal.contains(Action::Pass) {
                push(st, Action::Pass, &mut out);
            } else {
                break;
            }
        }
        assert_eq!(
            st.actor().seat(),
            Some(seat),
            "{tok}: actor is {:?}",
            st.actor()
        );
        push(st, action, &mut out);
    }
    out
}

fn push(st: &mut State, a: Action, out: &mut Run) {
    let (e, aw) = st
        .apply(a)
        .unwrap_or_else(|e| panic!("{a}: {e} (actor {:?})", st.actor()));
    out.events.push(e);
    for x in aw.iter() {
        out.points[x.team as usize] += x.points as u32;
        out.awards.push(x);
    }
}

/// The actor's legal actions.
pub fn legal(st: &State) -> Vec<Action> {
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    l.as_slice().to_vec()
}

/// Passes every open out-of-turn window (valencian) so the seat on turn acts.
pub fn pass_windows(st: &mut State) {
    while legal(st).contains(&Action::Pass) {
        st.apply(Action::Pass).unwrap();
    }
}
