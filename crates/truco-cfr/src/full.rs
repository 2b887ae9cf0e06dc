//! Full-traversal CFR+ and Discounted CFR over a [`Tree`] arena, parallel with rayon.
//!
//! One iteration updates player 0 then player 1 (alternating updates). Each half-iteration:
//! 1. regret matching gives the current strategy of every information set;
//! 2. a forward pass, level by level, computes each node's reach (own, and opponent x chance);
//! 3. a backward pass, level by level from the leaves, computes the updating player's values,
//!    skipping subtrees the opponent and chance never reach;
//! 4. each of the player's information sets sums its nodes' counterfactual regrets and
//!    reach-weighted strategy, then applies the CFR+ or DCFR update.
//!
//! Steps 2 and 3 split large levels across rayon threads, steps 1 and 4 split information sets; a
//! node or information set is always computed by one thread with the same arithmetic order, so
//! results do not depend on the number of threads (bit for bit).
//!
//! Storage: `f32` regrets and strategy sums per action slot (8 bytes per action) plus per node
//! two `f64` reaches and one `f64` value (24 bytes per node) besides the arena itself.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use crate::algo::Algorithm;
use crate::error::CfrError;
use crate::game::MAX_ACTIONS;
use crate::tree::{Tree, CHANCE, PLAYER0, TERMINAL};

/// Default: levels (and information-set counts) smaller than this are processed on one thread.
pub const PAR_LEVEL_MIN: usize = 4096;

/// DCFR's parameters (Brown and Sandholm's recommended alpha 1.5, beta 0, gamma 2).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DcfrParams {
    /// Positive-regret discount exponent.
    pub alpha: f64,
    /// Negative-regret discount exponent.
    pub beta: f64,
    /// Average-strategy discount exponent.
    pub gamma: f64,
}

impl Default for DcfrParams {
    fn default() -> Self {
        Self {
            alpha: 1.5,
            beta: 0.0,
            gamma: 2.0,
        }
    }
}

/// Full-traversal solver state for one tree.
pub struct FullSolver {
    pub(crate) algorithm: Algorithm,
    pub(crate) dcfr: DcfrParams,
    pub(crate) regrets: Vec<AtomicU32>,
    pub(crate) sums: Vec<AtomicU32>,
    strategy: Vec<f64>,
    reach_own: Vec<f64>,
    reach_opp: Vec<f64>,
    value: Vec<f64>,
    pub(crate) iterations: u64,
    par_min: usize,
}

impl FullSolver {
    /// A solver for `tree` running `algorithm` (`CfrPlus` or `Dcfr`).
    pub fn new<K>(tree: &Tree<K>, algorithm: Algorithm) -> Result<Self, CfrError> {
        if algorithm.is_sampling() {
            return Err(CfrError::InvalidConfig(format!(
                "{algorithm} is a sampling algorithm, not a full-traversal one"
            )));
        }
        let n = tree.num_nodes();
        let a = tree.num_actions();
        Ok(Self {
            algorithm,
            dcfr: DcfrParams::default(),
            regrets: zeros(a),
            sums: zeros(a),
            strategy: vec![0.0; a],
            reach_own: vec![0.0; n],
            reach_opp: vec![0.0; n],
            value: vec![0.0; n],
            iterations: 0,
            par_min: PAR_LEVEL_MIN,
        })
    }

    /// Replaces the DCFR parameters.
    pub fn with_dcfr_params(mut self, p: DcfrParams) -> Self {
        self.dcfr = p;
        self
    }

    /// Sets the size from which a level (or the information-set update) is split across rayon
    /// threads; results are identical for every value.
    pub fn with_parallel_threshold(mut self, min: usize) -> Self {
        self.par_min = min.max(1);
        self
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Runs `n` iterations on the tree the solver was built for.
    pub fn run<K: Sync>(&mut self, tree: &Tree<K>, n: u64) {
        for _ in 0..n {
            self.iterations += 1;
            for player in 0..2 {
                self.half_iteration(tree, player);
            }
        }
    }

    /// The algorithm being run.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The normalised average strategy of information set `info` into `out`; returns its
    /// number of actions. `out` must hold that many values.
    pub fn average_strategy_at<K>(
        &self,
        tree: &Tree<K>,
        info: usize,
        out: &mut [f64],
    ) -> Result<usize, CfrError> {
        let r = tree.info_range(info);
        if out.len() < r.len() {
            return Err(CfrError::BufferTooSmall {
                needed: r.len(),
                got: out.len(),
            });
        }
        let total: f64 = self.sums[r.clone()].iter().map(|s| load(s) as f64).sum();
        for (o, k) in out.iter_mut().zip(r.clone()) {
            *o = if total > 0.0 {
                load(&self.sums[k]) as f64 / total
            } else {
                1.0 / r.len() as f64
            };
        }
        Ok(r.len())
    }

    /// The normalised average strategy, one probability per action slot.
    pub fn average_policy<K>(&self, tree: &Tree<K>) -> Vec<f64> {
        let mut p = vec![0.0; tree.num_actions()];
        for i in 0..tree.num_info_sets() {
            let r = tree.info_range(i);
            let (start, end) = (r.start, r.end);
            // `p[r]` has exactly the set's length, so this cannot fail.
            let _ = self.average_strategy_at(tree, i, &mut p[start..end]);
        }
        p
    }

    /// Bytes of solver state (tables and per-node buffers), excluding the tree.
    pub fn bytes(&self) -> usize {
        self.regrets.len() * 8 + self.strategy.len() * 8 + self.value.len() * 24
    }

    fn half_iteration<K: Sync>(&mut self, tree: &Tree<K>, player: usize) {
        self.regret_matching(tree);
        self.forward(tree, player);
        self.backward(tree, player);
        self.update(tree, player);
    }

    fn regret_matching<K: Sync>(&mut self, tree: &Tree<K>) {
        let n = tree.num_info_sets();
        regret_matching_range(tree, &self.regrets, 0, n, &mut self.strategy, self.par_min);
    }

    fn forward<K: Sync>(&mut self, tree: &Tree<K>, player: usize) {
        self.reach_own[0] = 1.0;
        self.reach_opp[0] = 1.0;
        let strategy = &self.strategy;
        let par_min = self.par_min;
        for l in 1..tree.level_start.len() - 1 {
            let (start, end) = (
                tree.level_start[l] as usize,
                tree.level_start[l + 1] as usize,
            );
            let (own_prev, own_cur) = self.reach_own.split_at_mut(start);
            let (opp_prev, opp_cur) = self.reach_opp.split_at_mut(start);
            let own_cur = &mut own_cur[..end - start];
            let opp_cur = &mut opp_cur[..end - start];
            let one = |k: usize, own: &mut f64, opp: &mut f64| {
                let node = start + k;
                let p = tree.parent[node] as usize;
                let (mut o, mut q) = (own_prev[p], opp_prev[p]);
                match tree.kind[p] {
                    CHANCE => q *= tree.chance_prob(p, node),
                    kind => {
                        let a = node - tree.first_child[p] as usize;
                        let s = strategy[tree.info_offset[tree.info[p] as usize] as usize + a];
                        if (kind - PLAYER0) as usize == player {
                            o *= s;
                        } else {
                            q *= s;
                        }
                    }
                }
                *own = o;
                *opp = q;
            };
            if end - start >= par_min {
                own_cur
                    .par_iter_mut()
                    .zip(opp_cur.par_iter_mut())
                    .enumerate()
                    .with_min_len(1024)
                    .for_each(|(k, (o, q))| one(k, o, q));
            } else {
                for (k, (o, q)) in own_cur.iter_mut().zip(opp_cur.iter_mut()).enumerate() {
                    one(k, o, q);
                }
            }
        }
    }

    fn backward<K: Sync>(&mut self, tree: &Tree<K>, player: usize) {
        let sign = if player == 0 { 1.0 } else { -1.0 };
        let strategy = &self.strategy;
        let reach_opp = &self.reach_opp;
        let par_min = self.par_min;
        for l in (0..tree.level_start.len() - 1).rev() {
            let (start, end) = (
                tree.level_start[l] as usize,
                tree.level_start[l + 1] as usize,
            );
            let (head, below) = self.value.split_at_mut(end);
            let cur = &mut head[start..];
            let one = |k: usize, v: &mut f64| {
                let node = start + k;
                if reach_opp[node] == 0.0 {
                    *v = 0.0; // never reached: its value is multiplied by zero upstream
                    return;
                }
                let f = tree.first_child[node] as usize;
                let m = tree.num_children[node] as usize;
                let child = |c: usize| below[c - end];
                *v = match tree.kind[node] {
                    TERMINAL => sign * tree.data[node],
                    CHANCE => (f..f + m)
                        .map(|c| tree.chance_prob(node, c) * child(c))
                        .sum(),
                    _ => {
                        let o = tree.info_offset[tree.info[node] as usize] as usize;
                        (0..m).map(|a| strategy[o + a] * child(f + a)).sum()
                    }
                };
            };
            if end - start >= par_min {
                cur.par_iter_mut()
                    .enumerate()
                    .with_min_len(1024)
                    .for_each(|(k, v)| one(k, v));
            } else {
                for (k, v) in cur.iter_mut().enumerate() {
                    one(k, v);
                }
            }
        }
    }

    fn update<K: Sync>(&mut self, tree: &Tree<K>, player: usize) {
        let t = self.iterations as f64;
        let (pos_discount, neg_discount, sum_discount, weight) = match self.algorithm {
            Algorithm::Dcfr => {
                // Accumulated values from iterations 1..t-1 are discounted before adding t's.
                let prev = t - 1.0;
                let pa = prev.powf(self.dcfr.alpha);
                let pb = prev.powf(self.dcfr.beta);
                (
                    pa / (pa + 1.0),
                    pb / (pb + 1.0),
                    (prev / t).powf(self.dcfr.gamma),
                    1.0,
                )
            }
            _ => (1.0, 1.0, 1.0, t), // CFR+: linear averaging, floor at zero below
        };
        let plus = self.algorithm == Algorithm::CfrPlus;
        let strategy = &self.strategy;
        let (reach_own, reach_opp, value) = (&self.reach_own, &self.reach_opp, &self.value);
        let (regrets, sums) = (&self.regrets, &self.sums);
        let one = |info: usize| {
            if tree.info_player[info] as usize != player {
                return;
            }
            let m = tree.info_len[info] as usize;
            let o = tree.info_offset[info] as usize;
            let mut delta = [0.0f64; MAX_ACTIONS];
            let mut avg = [0.0f64; MAX_ACTIONS];
            let nodes =
                tree.info_node_start[info] as usize..tree.info_node_start[info + 1] as usize;
            for &h in &tree.info_nodes[nodes] {
                let h = h as usize;
                let f = tree.first_child[h] as usize;
                let cf = reach_opp[h];
                if cf != 0.0 {
                    for a in 0..m {
                        delta[a] += cf * (value[f + a] - value[h]);
                    }
                }
                let own = reach_own[h];
                if own != 0.0 {
                    for a in 0..m {
                        avg[a] += own * strategy[o + a];
                    }
                }
            }
            for a in 0..m {
                let r = load(&regrets[o + a]) as f64;
                let r = r * if r > 0.0 { pos_discount } else { neg_discount } + delta[a];
                store(&regrets[o + a], if plus { r.max(0.0) } else { r } as f32);
                let s = load(&sums[o + a]) as f64 * sum_discount + weight * avg[a];
                store(&sums[o + a], s as f32);
            }
        };
        let n_info = tree.num_info_sets();
        if n_info >= self.par_min {
            (0..n_info).into_par_iter().with_min_len(256).for_each(one);
        } else {
            (0..n_info).for_each(one);
        }
    }
}

/// Regret matching for information sets `lo..hi`, whose action slots are `out` (slots are
/// contiguous in information-set order). Halves are split with `rayon::join` down to `par_min`
/// sets, without allocating; each set is computed by one thread, so the result is the same for
/// any thread count.
fn regret_matching_range<K: Sync>(
    tree: &Tree<K>,
    regrets: &[AtomicU32],
    lo: usize,
    hi: usize,
    out: &mut [f64],
    par_min: usize,
) {
    if hi - lo > par_min.max(2) {
        let mid = lo + (hi - lo) / 2;
        let split = (tree.info_offset[mid] - tree.info_offset[lo]) as usize;
        let (a, b) = out.split_at_mut(split);
        rayon::join(
            || regret_matching_range(tree, regrets, lo, mid, a, par_min),
            || regret_matching_range(tree, regrets, mid, hi, b, par_min),
        );
        return;
    }
    let base = if lo < hi {
        tree.info_offset[lo] as usize
    } else {
        0
    };
    for i in lo..hi {
        let r = tree.info_range(i);
        let total: f64 = regrets[r.clone()]
            .iter()
            .map(|x| load(x).max(0.0) as f64)
            .sum();
        for k in r.clone() {
            out[k - base] = if total > 0.0 {
                load(&regrets[k]).max(0.0) as f64 / total
            } else {
                1.0 / r.len() as f64
            };
        }
    }
}

/// Reads an `f32` kept as bits (each slot is written by exactly one thread per pass).
#[inline]
pub(crate) fn load(x: &AtomicU32) -> f32 {
    f32::from_bits(x.load(Ordering::Relaxed))
}

/// Writes an `f32` kept as bits.
#[inline]
pub(crate) fn store(x: &AtomicU32, v: f32) {
    x.store(v.to_bits(), Ordering::Relaxed);
}

fn zeros(n: usize) -> Vec<AtomicU32> {
    (0..n).map(|_| AtomicU32::new(0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{expected_value, exploitability};
    use crate::games::{Kuhn, Leduc};

    #[test]
    fn cfr_plus_solves_kuhn() {
        let tree = Tree::build(&Kuhn, 1000).unwrap();
        let mut s = FullSolver::new(&tree, Algorithm::CfrPlus).unwrap();
        s.run(&tree, 1000);
        let p = s.average_policy(&tree);
        let e = exploitability(&tree, &p);
        assert!(e < 1e-3, "exploitability {e}");
        assert!((expected_value(&tree, &p) + 1.0 / 18.0).abs() < 1e-3);
    }

    #[test]
    fn dcfr_solves_leduc() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let mut s = FullSolver::new(&tree, Algorithm::Dcfr).unwrap();
        s.run(&tree, 500);
        let p = s.average_policy(&tree);
        let e = exploitability(&tree, &p);
        assert!(e < 0.01, "exploitability {e}");
        let v = expected_value(&tree, &p);
        assert!((v + 0.085606).abs() < 0.002, "value {v}");
    }

    #[test]
    fn cfr_plus_improves_on_leduc() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let mut s = FullSolver::new(&tree, Algorithm::CfrPlus).unwrap();
        s.run(&tree, 10);
        let e10 = exploitability(&tree, &s.average_policy(&tree));
        s.run(&tree, 190);
        let e200 = exploitability(&tree, &s.average_policy(&tree));
        assert!(e200 < e10 / 4.0 && e200 < 0.02, "{e10} -> {e200}");
    }

    #[test]
    fn parallel_passes_match_serial_bit_for_bit() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let run = |min: usize| {
            pool.install(|| {
                let mut s = FullSolver::new(&tree, Algorithm::Dcfr)
                    .unwrap()
                    .with_parallel_threshold(min);
                s.run(&tree, 30);
                s.average_policy(&tree)
            })
        };
        let (serial, parallel) = (run(usize::MAX), run(1));
        assert!(serial
            .iter()
            .zip(&parallel)
            .all(|(a, b)| a.to_bits() == b.to_bits()));
        assert!(exploitability(&tree, &parallel) < 0.2);
    }

    #[test]
    fn sampling_algorithms_are_rejected() {
        let tree = Tree::build(&Kuhn, 1000).unwrap();
        assert!(FullSolver::new(&tree, Algorithm::EsMccfr).is_err());
    }
}
