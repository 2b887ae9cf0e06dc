//! [`VectorSolver`]: CFR+ or DCFR over a [`DealTree`], every deal at once.

use ndarray::Array2;

use super::gadget::Gadget;
use super::tree::{DealTree, NO_PARENT};

/// How far below zero a gadget margin may round and still count as held (per unit of an
/// item's weight): the prior is kept in `f32`, so even the blueprint's own strategy is off by
/// its rounding.
pub const MARGIN_TOLERANCE: f64 = 1e-6;

/// How regrets and the average are discounted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Discount {
    /// CFR+: regrets floored at zero, the average weighted by the iteration.
    #[default]
    CfrPlus,
    /// Discounted CFR with α = 1.5, β = 0, γ = 2 (Brown and Sandholm 2019).
    Dcfr,
}

/// Which strategy a pass plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The current strategy (regret matching; the prior where no regret is positive).
    Current,
    /// The average strategy (the prior where it has no weight yet).
    Average,
    /// The blueprint's (the prior).
    Prior,
}

/// Range-vector CFR over the deals of a [`DealTree`]: alternating updates, team by team, each
/// a full pass over every deal (see [`super`]).
pub struct VectorSolver<K> {
    pub(crate) tree: DealTree<K>,
    discount: Discount,
    regret: Vec<f64>,
    avg: Vec<f64>,
    /// The strategy the passes play, per slot action.
    sigma: Vec<f64>,
    /// Per position and seat: the seat's own reach.
    reach: Array2<f64>,
    /// Per decision position: the acting seat's counterfactual weight (the root weight times
    /// the other seats' reach).
    cf: Vec<f64>,
    /// Per position: the value of player 0.
    pub(crate) value: Vec<f64>,
    /// Per slot action: the summed counterfactual value of the action.
    acc: Vec<f64>,
    /// Per deal: the weight at the root in this pass.
    root_weight: Vec<f64>,
    gadget: Option<Gadget>,
    iterations: u64,
}

/// Player 0's payoff seen by `player`.
#[inline]
pub(crate) fn sign(player: u8) -> f64 {
    if player == 0 {
        1.0
    } else {
        -1.0
    }
}

impl<K: Copy + Eq + std::hash::Hash + std::fmt::Debug> VectorSolver<K> {
    /// A solver over `tree`, starting from the prior.
    pub fn new(tree: DealTree<K>, discount: Discount) -> VectorSolver<K> {
        let (p, a) = (tree.positions(), tree.actions_total);
        VectorSolver {
            discount,
            regret: vec![0.0; a],
            avg: vec![0.0; a],
            sigma: tree.prior.clone(),
            reach: Array2::zeros((p, tree.seats)),
            cf: vec![0.0; p],
            value: vec![0.0; p],
            acc: vec![0.0; a],
            root_weight: tree.weight.clone(),
            gadget: None,
            iterations: 0,
            tree,
        }
    }

    /// The tree.
    pub fn tree(&self) -> &DealTree<K> {
        &self.tree
    }

    /// Iterations run.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Guards the subgame with `gadget` (safe re-solving): its player may leave at the root
    /// for what its best response won against the blueprint there.
    pub fn set_gadget(&mut self, mut gadget: Gadget) {
        self.best_response(Strategy::Prior, gadget.player, 0);
        gadget.set_alternatives(&self.tree, &self.value);
        self.gadget = Some(gadget);
    }

    /// The gadget, if the subgame is guarded.
    pub fn gadget(&self) -> Option<&Gadget> {
        self.gadget.as_ref()
    }

    /// The guarded player's smallest margin against the strategy `which`: over its items, how
    /// far below its alternative (the blueprint's best-response value) a best response of the
    /// item stays, per unit of the item's weight; `None` without a gadget. At or above zero the
    /// re-solved strategy gives no item more than the blueprint did: swapping it in for the
    /// blueprint cannot raise the exploitability (a negative margin, possible before the
    /// re-solve converges, means it could).
    pub fn gadget_margin(&mut self, which: Strategy) -> Option<f64> {
        let player = self.gadget.as_ref()?.player;
        self.best_response(which, player, 0);
        let g = self.gadget.as_ref()?;
        Some(g.worst_margin(&self.tree, &self.value))
    }

    /// Whether the strategy `which` holds the gadget: its margin
    /// ([`VectorSolver::gadget_margin`]) is not below zero by more than [`MARGIN_TOLERANCE`];
    /// `None` without a gadget.
    pub fn holds_gadget(&mut self, which: Strategy) -> Option<bool> {
        self.gadget_margin(which).map(|m| m >= -MARGIN_TOLERANCE)
    }

    /// Runs `n` iterations (each one pass per team).
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.iterations += 1;
            for team in 0..2u8 {
                self.set_sigma(Strategy::Current);
                self.set_root_weight(Some(team));
                self.down();
                self.up(Some(team), 0);
                if let Some(g) = self.gadget.as_mut() {
                    if g.player == team {
                        g.update(&self.tree, &self.value);
                    }
                }
            }
        }
    }

    /// The root weights of a pass of `traverser`: the deal weights, times the gadget's
    /// entering probability for the other team's passes.
    fn set_root_weight(&mut self, traverser: Option<u8>) {
        self.root_weight.copy_from_slice(&self.tree.weight);
        if let (Some(g), Some(t)) = (&self.gadget, traverser) {
            if g.player != t {
                for (w, &item) in self.root_weight.iter_mut().zip(&g.item) {
                    *w *= g.enter[item as usize];
                }
            }
        }
    }

    /// Writes the strategy `which` into `sigma`.
    pub(crate) fn set_sigma(&mut self, which: Strategy) {
        for slot in &self.tree.slots {
            let r = slot.offset as usize..slot.offset as usize + slot.actions as usize;
            let src = match which {
                Strategy::Current => &self.regret[r.clone()],
                Strategy::Average => &self.avg[r.clone()],
                Strategy::Prior => &self.tree.prior[r.clone()],
            };
            let sum: f64 = src.iter().map(|&x| x.max(0.0)).sum();
            if sum > 0.0 {
                for (s, &x) in self.sigma[r].iter_mut().zip(src) {
                    *s = x.max(0.0) / sum;
                }
            } else {
                self.sigma[r.clone()].copy_from_slice(&self.tree.prior[r]);
            }
        }
    }

    /// Every position's own reaches and every decision position's counterfactual weight
    /// under `sigma`, from the root weights.
    pub(crate) fn down(&mut self) {
        let t = &self.tree;
        let seats = t.seats;
        for node in &t.nodes {
            let parent_seat = (node.parent != NO_PARENT)
                .then(|| t.nodes[node.parent as usize].seat)
                .flatten();
            for p in node.positions.start as usize..node.positions.end as usize {
                let q = t.parent[p];
                if q == NO_PARENT {
                    self.reach.row_mut(p).fill(1.0);
                } else {
                    let q = q as usize;
                    for s in 0..seats {
                        self.reach[[p, s]] = self.reach[[q, s]];
                    }
                    if let Some(ps) = parent_seat {
                        let slot = &t.slots[t.slot_of[q] as usize];
                        self.reach[[p, ps as usize]] *=
                            self.sigma[slot.offset as usize + t.action[p] as usize];
                    }
                }
                if let Some(s) = node.seat {
                    let mut w = self.root_weight[t.deal[p] as usize];
                    for o in (0..seats).filter(|&o| o != s as usize) {
                        w *= self.reach[[p, o]];
                    }
                    self.cf[p] = w;
                }
            }
        }
    }

    /// Every position's value (player 0's, in utility `u`) under `sigma`; with a traverser,
    /// its slots' regrets and averages updated.
    pub(crate) fn up(&mut self, traverser: Option<u8>, u: usize) {
        let t = &self.tree;
        let it = self.iterations as f64;
        let (pos_disc, neg_disc, avg_scale) = match self.discount {
            Discount::CfrPlus => (1.0, 0.0, 1.0),
            Discount::Dcfr => {
                let a = it.powf(1.5);
                (a / (a + 1.0), 0.5, ((it - 1.0) / it).powi(2))
            }
        };
        let avg_weight = match self.discount {
            Discount::CfrPlus => it,
            Discount::Dcfr => 1.0,
        };
        for node in t.nodes.iter().rev() {
            let range = node.positions.start as usize..node.positions.end as usize;
            let Some(seat) = node.seat else {
                for p in range {
                    self.value[p] = t.payoff[p][u];
                }
                continue;
            };
            let update = traverser == Some(node.player);
            let sg = sign(node.player);
            for p in range {
                let slot = &t.slots[t.slot_of[p] as usize];
                let off = slot.offset as usize;
                let mut v = 0.0;
                for a in 0..slot.actions as usize {
                    let vc = self.value[t.child(p, a)];
                    v += self.sigma[off + a] * vc;
                    if update {
                        self.acc[off + a] += self.cf[p] * sg * vc;
                    }
                }
                self.value[p] = v;
            }
            if !update {
                continue;
            }
            for si in node.slots.clone() {
                let slot = t.slots[si as usize];
                let off = slot.offset as usize;
                let own = self.reach[[slot.first as usize, seat as usize]];
                let n = slot.actions as usize;
                // The slot's value: the strategy's mix of its actions' values.
                let base: f64 = (0..n)
                    .map(|a| self.sigma[off + a] * self.acc[off + a])
                    .sum();
                for i in off..off + n {
                    let r = self.regret[i];
                    let r = r * if r > 0.0 { pos_disc } else { neg_disc };
                    let r = r + std::mem::take(&mut self.acc[i]) - base;
                    self.regret[i] = match self.discount {
                        Discount::CfrPlus => r.max(0.0),
                        Discount::Dcfr => r,
                    };
                    self.avg[i] = self.avg[i] * avg_scale + avg_weight * own * self.sigma[i];
                }
            }
        }
    }

    /// Player 0's value at the root (the weighted mean over the deals) after a pass.
    pub(crate) fn root_value(&self) -> f64 {
        let t = &self.tree;
        t.nodes[0]
            .positions
            .clone()
            .map(|p| t.weight[t.deal[p as usize] as usize] * self.value[p as usize])
            .sum()
    }

    /// Player 0's value when `br` best-responds, seat by seat, to the other team playing
    /// `which`, in utility `u` (the values per position are left in `value`). Exact with one
    /// seat per team; with teams each seat answers the others' strategies as `which` has them.
    pub(crate) fn best_response(&mut self, which: Strategy, br: u8, u: usize) -> f64 {
        self.set_sigma(which);
        self.best_response_to_sigma(br, u)
    }

    /// [`VectorSolver::best_response`] to the strategy in `sigma`.
    fn best_response_to_sigma(&mut self, br: u8, u: usize) -> f64 {
        self.set_root_weight(None);
        self.down();
        let t = &self.tree;
        let sg = sign(br);
        for node in t.nodes.iter().rev() {
            let range = node.positions.start as usize..node.positions.end as usize;
            if node.seat.is_none() {
                for p in range {
                    self.value[p] = t.payoff[p][u];
                }
                continue;
            }
            if node.player != br {
                for p in range {
                    let slot = &t.slots[t.slot_of[p] as usize];
                    let off = slot.offset as usize;
                    self.value[p] = (0..slot.actions as usize)
                        .map(|a| self.sigma[off + a] * self.value[t.child(p, a)])
                        .sum();
                }
                continue;
            }
            for p in range.clone() {
                let slot = &t.slots[t.slot_of[p] as usize];
                for a in 0..slot.actions as usize {
                    self.acc[slot.offset as usize + a] +=
                        self.cf[p] * sg * self.value[t.child(p, a)];
                }
            }
            // The best action of each slot, kept in its `sigma` as a pure strategy.
            for si in node.slots.clone() {
                let slot = t.slots[si as usize];
                let r = slot.offset as usize..slot.offset as usize + slot.actions as usize;
                let best = r
                    .clone()
                    .max_by(|&i, &j| self.acc[i].total_cmp(&self.acc[j]))
                    .unwrap_or(r.start);
                for i in r {
                    self.sigma[i] = f64::from(u8::from(i == best));
                    self.acc[i] = 0.0;
                }
            }
            for p in range {
                let slot = &t.slots[t.slot_of[p] as usize];
                let off = slot.offset as usize;
                self.value[p] = (0..slot.actions as usize)
                    .map(|a| self.sigma[off + a] * self.value[t.child(p, a)])
                    .sum();
            }
        }
        self.root_value()
    }

    /// The exploitability of the average strategy in the subgame (over its deals): half the
    /// sum of what each team's best response gains, in player-0 utility units (NashConv / 2).
    pub fn exploitability(&mut self) -> f64 {
        let v0 = self.best_response(Strategy::Average, 0, 0);
        let v1 = self.best_response(Strategy::Average, 1, 0);
        (v0 - v1) / 2.0
    }

    /// The exploitability in the subgame (as [`VectorSolver::exploitability`]) of the strategy
    /// `policy` writes per information set (`false`: it has none there, the prior plays):
    /// how another solver's answer fares on this subgame's deals.
    pub fn exploitability_of(&mut self, mut policy: impl FnMut(&K, &mut [f64]) -> bool) -> f64 {
        let mut v = [0.0; 2];
        for (br, out) in v.iter_mut().enumerate() {
            self.sigma.copy_from_slice(&self.tree.prior);
            for (i, slot) in self.tree.slots.iter().enumerate() {
                let r = slot.offset as usize..slot.offset as usize + slot.actions as usize;
                let row = &mut self.sigma[r.clone()];
                if !policy(&self.tree.keys[i], row) {
                    row.copy_from_slice(&self.tree.prior[r]);
                }
            }
            *out = self.best_response_to_sigma(br as u8, 0);
        }
        (v[0] - v[1]) / 2.0
    }

    /// Player 0's value with both teams on `which`, in utility `u`.
    pub fn value_of(&mut self, which: Strategy, u: usize) -> f64 {
        self.set_sigma(which);
        self.set_root_weight(None);
        self.down();
        self.up(None, u);
        self.root_value()
    }

    /// The strategy `which` at the root information set `key` (its actions in the game's
    /// order), if a deal reaches it.
    pub fn root_strategy(&self, key: &K, which: Strategy) -> Option<Vec<f64>> {
        Some(self.slot_strategy(self.tree.root_slot(key)? as usize, which))
    }

    /// Every information set of the subgame with its strategy `which` (the same key may come
    /// from several public nodes only if the game's keys merge public states).
    pub fn strategies(&self, which: Strategy) -> impl Iterator<Item = (K, Vec<f64>)> + '_ {
        (0..self.tree.slots.len()).map(move |i| (self.tree.keys[i], self.slot_strategy(i, which)))
    }

    fn slot_strategy(&self, i: usize, which: Strategy) -> Vec<f64> {
        let slot = self.tree.slots[i];
        let r = slot.offset as usize..slot.offset as usize + slot.actions as usize;
        let src = match which {
            Strategy::Current => &self.regret[r.clone()],
            Strategy::Average => &self.avg[r.clone()],
            Strategy::Prior => &self.tree.prior[r.clone()],
        };
        let sum: f64 = src.iter().map(|&x| x.max(0.0)).sum();
        if sum > 0.0 {
            src.iter().map(|&x| x.max(0.0) / sum).collect()
        } else {
            self.tree.prior[r].to_vec()
        }
    }

    /// Each action's value at the root information set `key` for its own team, in utility `u`,
    /// with every seat on `which` afterwards: the mean over the deals that reach it.
    pub fn root_action_values(&mut self, key: &K, which: Strategy, u: usize) -> Option<Vec<f64>> {
        let si = self.tree.root_slot(key)?;
        self.set_sigma(which);
        self.set_root_weight(None);
        self.down();
        self.up(None, u);
        let t = &self.tree;
        let slot = t.slots[si as usize];
        let sg = sign(slot.player);
        let mut sums = vec![0.0; slot.actions as usize];
        let mut total = 0.0;
        for p in t.nodes[0].positions.clone() {
            let p = p as usize;
            if t.slot_of[p] == si {
                let w = t.weight[t.deal[p] as usize];
                total += w;
                for (a, s) in sums.iter_mut().enumerate() {
                    *s += w * sg * self.value[t.child(p, a)];
                }
            }
        }
        (total > 0.0).then(|| sums.iter().map(|s| s / total).collect())
    }
}
