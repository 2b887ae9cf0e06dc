//! [`Gadget`]: safe re-solving.
//!
//! Each private item of the guarded player (the searcher's opponents) has an *alternative*:
//! the counterfactual value its best response had against the blueprint in this subgame. A
//! re-solved strategy that gives no item more than its alternative is no more exploitable here
//! than the blueprint ([`GadgetKind`] says how the re-solve is held to that):
//! - [`GadgetKind::Resolve`] (Burch, Johanson and Bowling 2014): each item chooses to *leave*
//!   for its alternative or to *enter* the subgame; the searcher's side minimises what the
//!   opponent gets, and gains nothing by pushing an item below its alternative.
//! - [`GadgetKind::MaxMargin`] (Moravčík et al. 2016, as in Libratus): the opponent picks the
//!   item with the smallest margin (alternative minus value, per unit of the item's weight);
//!   the searcher's side maximises the smallest margin, so it keeps every item at or below its
//!   alternative and then improves them all.

use super::solve::sign;
use super::tree::DealTree;
use crate::Player;

/// How a [`Gadget`] holds the re-solve to the alternatives (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GadgetKind {
    /// Leave or enter, per item.
    Resolve,
    /// Maximise the smallest margin.
    #[default]
    MaxMargin,
}

/// The guarded player's choice at the root of a re-solve (see the module docs).
#[derive(Clone, Debug)]
pub struct Gadget {
    pub(crate) player: u8,
    kind: GadgetKind,
    /// Per item: its weight (the sum of its deals').
    mass: Vec<f64>,
    /// Per deal: the guarded player's item.
    pub(crate) item: Vec<u32>,
    /// Per item: the counterfactual value of leaving.
    alt: Vec<f64>,
    /// Per item: regrets of leaving and entering.
    regret: Vec<[f64; 2]>,
    /// Per item: the factor of its deals' root weights in the searcher's passes (resolve: the
    /// probability of entering; max-margin: the probability of the item over its mass).
    pub(crate) enter: Vec<f64>,
}

impl Gadget {
    /// A gadget for `player`, whose private item in deal `d` is `item[d]` (deals with the
    /// same item are those it cannot tell apart; with several seats, the team's items
    /// together, which is safe: the team is given more information than it has).
    pub fn new(player: Player, kind: GadgetKind, item: Vec<u32>) -> Gadget {
        let n = item.iter().map(|&i| i as usize + 1).max().unwrap_or(0);
        Gadget {
            player: player as u8,
            kind,
            mass: vec![0.0; n],
            item,
            alt: vec![0.0; n],
            regret: vec![[0.0; 2]; n],
            enter: vec![1.0; n],
        }
    }

    /// The guarded player.
    pub fn player(&self) -> Player {
        self.player as Player
    }

    /// How the gadget holds the re-solve.
    pub fn kind(&self) -> GadgetKind {
        self.kind
    }

    /// Each item's counterfactual value (summed over the root positions of its deals) of the
    /// values per position `value` (player 0's).
    fn item_values<K>(&self, tree: &DealTree<K>, value: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; self.alt.len()];
        let sg = sign(self.player);
        for p in tree.nodes[0].positions.clone() {
            let d = tree.deal[p as usize] as usize;
            out[self.item[d] as usize] += tree.weight[d] * sg * value[p as usize];
        }
        out
    }

    /// The smallest margin over the items of positive weight: the alternative minus the value
    /// (per position `value`, a best response's), per unit of the item's weight.
    pub(crate) fn worst_margin<K>(&self, tree: &DealTree<K>, value: &[f64]) -> f64 {
        let v = self.item_values(tree, value);
        (0..v.len())
            .filter(|&i| self.mass[i] > 0.0)
            .map(|i| (self.alt[i] - v[i]) / self.mass[i])
            .fold(f64::INFINITY, f64::min)
    }

    /// The leaving values: the best response's values per position `value`.
    pub(crate) fn set_alternatives<K>(&mut self, tree: &DealTree<K>, value: &[f64]) {
        self.alt = self.item_values(tree, value);
        self.mass.fill(0.0);
        for (&i, &w) in self.item.iter().zip(&tree.weight) {
            self.mass[i as usize] += w;
        }
        if self.kind == GadgetKind::MaxMargin {
            let live = self.mass.iter().filter(|&&m| m > 0.0).count().max(1) as f64;
            for (e, &m) in self.enter.iter_mut().zip(&self.mass) {
                *e = if m > 0.0 { 1.0 / (live * m) } else { 0.0 };
            }
        }
    }

    /// Regret matching+ of the guarded player's choice, after a pass of it whose values per
    /// position are `value`.
    pub(crate) fn update<K>(&mut self, tree: &DealTree<K>, value: &[f64]) {
        let enter = self.item_values(tree, value);
        if self.kind == GadgetKind::MaxMargin {
            // One choice among the items, each worth its value over its alternative per unit.
            let u: Vec<f64> = (0..enter.len())
                .map(|i| match self.mass[i] > 0.0 {
                    true => (enter[i] - self.alt[i]) / self.mass[i],
                    false => 0.0,
                })
                .collect();
            let p: Vec<f64> = (0..u.len()).map(|i| self.enter[i] * self.mass[i]).collect();
            let v: f64 = p.iter().zip(&u).map(|(p, u)| p * u).sum();
            for (i, r) in self.regret.iter_mut().enumerate() {
                if self.mass[i] > 0.0 {
                    r[1] = (r[1] + u[i] - v).max(0.0);
                }
            }
            let sum: f64 = self.regret.iter().map(|r| r[1]).sum();
            let live = self.mass.iter().filter(|&&m| m > 0.0).count().max(1) as f64;
            for (i, e) in self.enter.iter_mut().enumerate() {
                let m = self.mass[i];
                *e = match (m > 0.0, sum > 0.0) {
                    (false, _) => 0.0,
                    (true, true) => self.regret[i][1] / sum / m,
                    (true, false) => 1.0 / (live * m),
                };
            }
            return;
        }
        for (i, v_in) in enter.into_iter().enumerate() {
            let v_out = self.alt[i];
            let p = self.enter[i];
            let v = p * v_in + (1.0 - p) * v_out;
            let r = &mut self.regret[i];
            r[0] = (r[0] + v_out - v).max(0.0);
            r[1] = (r[1] + v_in - v).max(0.0);
            let sum = r[0] + r[1];
            self.enter[i] = if sum > 0.0 { r[1] / sum } else { 1.0 };
        }
    }
}
