//! Rebuilding a public history from a public state alone, for [`super::Spot::from_view`].
//!
//! The public state keeps every card played, the truco ladder, the envido chain, the flor,
//! folds and points, but not the order of calls among the cards. A depth-first search over
//! public events finds one history that reaches exactly the state: cards are the state's own
//! cards, revealed totals are the state's totals, and a branch is cut as soon as it leaves the
//! state behind (a card, call, fold or point the state does not have). Failed states are
//! remembered, so the search visits each reachable state at most once.

use std::collections::HashSet;

use crate::action::{Action, Event};
use crate::cards::{Card, CardSet};
use crate::public::PublicState;
use crate::spot::error::Where;
use crate::spot::replay::Replayer;

/// The calls tried at each node, after the state's card.
const CALLS: [Action; 10] = [
    Action::Pass,
    Action::Envido,
    Action::RealEnvido,
    Action::FaltaEnvido,
    Action::Flor,
    Action::Contraflor,
    Action::Raise,
    Action::Quiero,
    Action::NoQuiero,
    Action::Mazo,
];

/// Most states the search expands before it gives up.
const BUDGET: u32 = 200_000;

struct Search<'a> {
    target: &'a PublicState,
    me: u8,
    own: [Card; 3],
    own_hidden: &'a [Card],
    dead: HashSet<PublicState>,
    path: Vec<Event>,
    budget: u32,
}

/// Whether `p` can still grow into `t`: nothing in `p` that `t` lacks.
fn within(p: &PublicState, t: &PublicState) -> bool {
    let n = p.rules().players;
    if p.trick() > t.trick() || p.is_over() {
        return false;
    }
    for tr in 0..3 {
        for s in 0..n {
            if let Some(c) = p.played(tr, s) {
                if t.played(tr, s) != Some(c) {
                    return false;
                }
            }
        }
    }
    for tr in 0..3 {
        if (0..n).any(|s| p.is_hidden(tr, s) && !t.is_hidden(tr, s)) {
            return false;
        }
    }
    if (0..n).any(|s| p.is_folded(s) && !t.is_folded(s)) {
        return false;
    }
    let (pe, te) = (p.envido(), t.envido());
    let (pf, tf) = (p.flor(), t.flor());
    let hp = p.hand_points();
    let th = t.hand_points();
    p.truco().level <= t.truco().level
        && pe.envidos <= te.envidos
        && (!pe.real || te.real)
        && (!pe.falta || te.falta)
        && (!pe.done || te.done)
        && pf.declared & !tf.declared == 0
        && (!pf.done || tf.done)
        && hp[0] <= th[0]
        && hp[1] <= th[1]
}

impl Search<'_> {
    /// The event for `seat` taking `action` in `p`, with the target's totals if it reveals.
    fn event(&self, p: &PublicState, seat: u8, action: Action) -> Event {
        match p.reveal_kind(action) {
            None => Event::Act { seat, action },
            Some(flor) => Event::Reveal {
                seat,
                action,
                totals: if flor {
                    self.target.flor().totals
                } else {
                    self.target.envido().totals
                },
            },
        }
    }

    fn dfs(&mut self, p: PublicState) -> bool {
        if p == *self.target {
            return true;
        }
        if self.budget == 0 || !within(&p, self.target) || self.dead.contains(&p) {
            return false;
        }
        self.budget -= 1;
        let Some(seat) = p.actor().seat() else {
            return false;
        };
        let card = self
            .target
            .played(p.trick() as usize, seat)
            .map(Action::Play);
        let here = Where {
            token: 0,
            text: String::new(),
            column: None,
        };
        if self.target.is_hidden(p.trick() as usize, seat) {
            // A face-down card: the spot's own seat names it (its hidden cards in order).
            let card = if seat == self.me {
                let used = (0..p.trick() as usize)
                    .filter(|&t| p.is_hidden(t, seat))
                    .count();
                self.own_hidden.get(used).copied()
            } else {
                None
            };
            let mut r = Replayer::at(p, self.me, self.own);
            r.hid = CardSet::from_cards(
                &self.own_hidden[..self.own_hidden.len().min(
                    (0..p.trick() as usize)
                        .filter(|&t| p.is_hidden(t, self.me))
                        .count(),
                )],
            );
            if r.push_hidden(seat, card, &here).is_ok() {
                self.path.push(Event::Hidden { seat });
                if self.dfs(r.public) {
                    return true;
                }
                self.path.pop();
            }
        }
        for action in card.into_iter().chain(CALLS) {
            if !p.is_publicly_legal(action) {
                continue;
            }
            // The spot's own checks: the viewer's cards and flor duty, the reveal rule.
            let e = self.event(&p, seat, action);
            let mut r = Replayer::at(p, self.me, self.own);
            r.hid = CardSet::from_cards(
                &self.own_hidden[..self.own_hidden.len().min(
                    (0..p.trick() as usize)
                        .filter(|&t| p.is_hidden(t, self.me))
                        .count(),
                )],
            );
            if r.push(e, &here).is_err() {
                continue;
            }
            self.path.push(e);
            if self.dfs(r.public) {
                return true;
            }
            self.path.pop();
        }
        self.dead.insert(p);
        false
    }
}

/// A list of public events (after the deal) that takes `start` (dealt) to `target`, where seat
/// `me` holding the dealt cards `own` acts only as its cards allow and every event passes the
/// spot's checks, if one exists and the search finds it within its budget.
pub(crate) fn rebuild(
    start: PublicState,
    target: &PublicState,
    me: u8,
    own: [Card; 3],
    own_hidden: &[Card],
) -> Option<Vec<Event>> {
    let mut s = Search {
        target,
        me,
        own,
        own_hidden,
        dead: HashSet::new(),
        path: Vec::new(),
        budget: BUDGET,
    };
    s.dfs(start).then_some(s.path)
}
