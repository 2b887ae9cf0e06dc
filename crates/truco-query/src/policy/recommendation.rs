//! [`Recommendation`]: the answer of a policy for one view, a fixed-capacity value.

use std::fmt;

use truco_game::action::MAX_ACTIONS;
use truco_game::spot::Words;
use truco_game::{Action, PublicState};

/// In which order a [`Recommendation`] lists the legal actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ActionOrder {
    /// The engine's order (`PublicState::legal_actions`): cards first, then calls.
    #[default]
    Engine,
    /// The abstraction's canonical order (`order_actions`), the order of the table's rows.
    Canonical,
}

/// One legal action with its probability and, when the table stores them, its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Advice {
    /// The action.
    pub action: Action,
    /// Probability of playing it (the row's bytes / 255, or uniform for a fallback).
    pub prob: f32,
    /// Its value, if the table stores values (never for a fallback).
    pub value: Option<f32>,
}

/// A policy's answer for one view: every legal action with its probability, and whether the
/// answer is the fallback (the table never saw the spot: uniform over the legal actions). No
/// heap: at most [`MAX_ACTIONS`] entries inline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recommendation {
    items: [Advice; MAX_ACTIONS],
    len: u8,
    /// True when the table has no row for the spot and the probabilities are uniform.
    pub fallback: bool,
    /// The abstraction key of the spot.
    pub key: u64,
    /// The variant's words for the calls here (`Raise` is `truco`, `seis`, `retruc`...).
    words: Words,
}

impl Recommendation {
    pub(crate) fn new(key: u64, fallback: bool, public: &PublicState) -> Recommendation {
        Recommendation {
            items: [Advice {
                action: Action::Mazo,
                prob: 0.0,
                value: None,
            }; MAX_ACTIONS],
            len: 0,
            fallback,
            key,
            words: Words::of(public),
        }
    }

    pub(crate) fn push(&mut self, a: Advice) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = a;
            self.len += 1;
        }
    }

    /// The same answer with each action's probability and value replaced by `refine` (a
    /// decision-time search's): `refine(action)` gives the new probability and value.
    pub fn refined(mut self, mut refine: impl FnMut(Action) -> (f32, Option<f32>)) -> Self {
        for a in &mut self.items[..self.len as usize] {
            (a.prob, a.value) = refine(a.action);
        }
        self
    }

    /// The legal actions with their probabilities.
    pub fn actions(&self) -> &[Advice] {
        &self.items[..self.len as usize]
    }

    /// The entry of `action`, if it is legal.
    pub fn get(&self, action: Action) -> Option<&Advice> {
        self.actions().iter().find(|a| a.action == action)
    }

    /// The most probable action (the first one on ties).
    pub fn best(&self) -> Option<&Advice> {
        self.actions()
            .iter()
            .reduce(|best, a| if a.prob > best.prob { a } else { best })
    }

    /// The same answer restricted to the actions `keep` accepts: the others' probability goes
    /// to them in proportion; if they had none, the answer is left empty (nothing to
    /// recommend).
    pub fn restricted(&self, keep: impl Fn(Action) -> bool) -> Recommendation {
        let mut out = *self;
        let kept: f32 = self
            .actions()
            .iter()
            .filter(|a| keep(a.action))
            .map(|a| a.prob)
            .sum();
        if kept <= 0.0 {
            out.len = 0;
            return out;
        }
        for a in &mut out.items[..out.len as usize] {
            a.prob = if keep(a.action) { a.prob / kept } else { 0.0 };
        }
        out
    }

    /// Draws one action by the listed probabilities (`None` only if the list is empty).
    pub fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let last = self.actions().last()?.action;
        // 24 random bits as a fraction of 1.
        let mut r = (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
        for a in self.actions() {
            if r < a.prob {
                return Some(a.action);
            }
            r -= a.prob;
        }
        Some(last)
    }

    /// The same answer "purified" (thresholding, as in Ganzfried and Sandholm's post-processing
    /// of abstracted equilibria): actions below `threshold` get probability zero and the rest
    /// are renormalized. If none reaches the threshold, the most probable action keeps it all.
    /// A `threshold` of 0 (or below) changes nothing.
    pub fn purified(&self, threshold: f32) -> Recommendation {
        let mut out = *self;
        if threshold <= 0.0 || self.len == 0 {
            return out;
        }
        let kept: f32 = self
            .actions()
            .iter()
            .filter(|a| a.prob >= threshold)
            .map(|a| a.prob)
            .sum();
        let best = self.best().map(|b| b.action);
        for a in &mut out.items[..out.len as usize] {
            a.prob = if kept > 0.0 {
                if a.prob >= threshold {
                    a.prob / kept
                } else {
                    0.0
                }
            } else if Some(a.action) == best {
                1.0
            } else {
                0.0
            };
        }
        out
    }

    /// The action's name as the spot notation writes it here, in the variant's words (`Raise`
    /// is `truco`, `retruco`, `seis`, `truc`... by the variant and the hand's truco level;
    /// `envide`, `torne`; `play` / `run` at a mão de onze).
    pub fn name(&self, action: Action) -> ActionName {
        ActionName {
            action,
            words: self.words,
        }
    }
}

/// An action's display name in a given spot (see [`Recommendation::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionName {
    action: Action,
    words: Words,
}

impl fmt::Display for ActionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.words.word(self.action) {
            Some(w) => f.write_str(w),
            None => write!(f, "{}", self.action),
        }
    }
}

#[cfg(test)]
mod tests {
    use truco_game::{PublicState, RuleSet};

    use super::*;

    fn rec(probs: &[f32]) -> Recommendation {
        let rules = RuleSet::new("arg-1v1", &[]).unwrap();
        let public = PublicState::new_hand(rules, [0, 0], 0).unwrap();
        let mut r = Recommendation::new(7, false, &public);
        let actions = [
            Action::Quiero,
            Action::NoQuiero,
            Action::Raise,
            Action::Mazo,
        ];
        for (&action, &prob) in actions.iter().zip(probs) {
            r.push(Advice {
                action,
                prob,
                value: None,
            });
        }
        r
    }

    fn probs(r: &Recommendation) -> Vec<f32> {
        r.actions().iter().map(|a| a.prob).collect()
    }

    #[test]
    fn restricted_to_some_actions_they_share_the_others_probability() {
        let r = rec(&[0.5, 0.3, 0.2, 0.0]);
        let a = r.actions()[0].action;
        let p = probs(&r.restricted(|x| x != a));
        assert!(
            p[0] == 0.0 && (p[1] - 0.6).abs() < 1e-6 && (p[2] - 0.4).abs() < 1e-6,
            "{p:?}"
        );
        let only = rec(&[1.0, 0.0]);
        let first = only.actions()[0].action;
        assert!(only.restricted(|x| x != first).actions().is_empty());
    }

    #[test]
    fn purified_drops_small_actions_and_renormalizes() {
        let r = rec(&[0.5, 0.3, 0.15, 0.05]).purified(0.2);
        let p = probs(&r);
        assert!(
            (p[0] - 0.625).abs() < 1e-6 && (p[1] - 0.375).abs() < 1e-6,
            "{p:?}"
        );
        assert_eq!(&p[2..], &[0.0, 0.0]);
        assert_eq!(r.key, 7);
    }

    #[test]
    fn purified_keeps_the_best_when_nothing_reaches_the_threshold() {
        let p = probs(&rec(&[0.3, 0.35, 0.2, 0.15]).purified(0.5));
        assert_eq!(p, vec![0.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn purified_with_zero_threshold_is_unchanged() {
        let r = rec(&[0.5, 0.3, 0.15, 0.05]);
        assert_eq!(r.purified(0.0), r);
    }
}
