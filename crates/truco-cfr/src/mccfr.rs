//! Monte-Carlo CFR: external sampling and outcome sampling, single- or multi-threaded.
//!
//! One *iteration* is one traversal per player (player 0 then player 1), as in OpenSpiel's
//! `ExternalSamplingMCCFRSolver::RunIteration`.
//!
//! Parallelism: `threads` workers share one [`InfoTable`] (lock-free map: information sets are
//! discovered concurrently) and each runs its share of the iterations with its own RNG, seeded
//! from the solver's RNG. Regrets and strategy sums are added into the shared arrays with atomic
//! compare-and-swap ([`crate::delta`]): every worker reads the others' regrets at once and no
//! update is lost. With one thread the run writes the table with plain stores and the solver's
//! RNG and is reproducible bit for bit.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::algo::{Algorithm, Averaging};
use crate::delta::{Direct, Shared};
use crate::error::CfrError;
use crate::game::Game;
use crate::table::InfoTable;
use crate::tree::Tree;
use crate::walker::Walker;

/// Regret-based pruning as in Pluribus.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pruning {
    /// Actions whose regret is below this are skipped by the traverser. It must sit far below
    /// the payoff range (Pluribus: -300M chips, about 15,000 times the stacks): a pruned action
    /// recovers only in the unpruned iterations, so a tight threshold slows convergence (on Leduc,
    /// -300 stalls near 0.13 chips while -20,000 matches unpruned ES-MCCFR).
    pub threshold: f32,
    /// Fraction of iterations that prune (Pluribus: 0.95).
    pub probability: f64,
    /// No pruning during the first `warmup` iterations.
    pub warmup: u64,
    /// With pruning on, the average strategy is accumulated by a separate unpruned pass
    /// (Pluribus's UPDATE-STRATEGY: own actions sampled, the opponent's all explored) every
    /// `average_interval` iterations, weighted by the interval. Updating at the opponent's nodes
    /// during pruned traversals would bias the average towards unpruned iterations.
    pub average_interval: u64,
}

impl Default for Pruning {
    fn default() -> Self {
        Self {
            threshold: -10_000.0,
            probability: 0.95,
            warmup: 1000,
            average_interval: 1,
        }
    }
}

/// Configuration of a [`McSolver`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct McConfig {
    /// `EsMccfr` or `OsMccfr`.
    pub algorithm: Algorithm,
    /// Weighting of iterations in the average strategy.
    pub averaging: Averaging,
    /// Outcome sampling's exploration at the traverser's nodes (OpenSpiel: 0.6).
    pub os_exploration: f64,
    /// Regret-based pruning (external sampling only); `None` disables it.
    pub pruning: Option<Pruning>,
    /// Worker threads; 0 means rayon's default (all cores).
    pub threads: usize,
    /// With several threads, the iterations a worker claims at a time (the workers finish
    /// within one such chunk of each other).
    pub sync_interval: u64,
    /// Capacity of the information-set map.
    pub max_info_sets: usize,
    /// Capacity of the regret and strategy-sum arrays, in actions.
    pub max_actions: usize,
    /// Seed of the solver's RNG.
    pub seed: u64,
    /// Lazy information sets, for games too big to hold every information set a traversal
    /// meets (truco 2v2): an information set is created only at the traversing seat's own
    /// nodes, elsewhere one not yet created plays uniformly and accumulates nothing; and once
    /// the table holds `max_info_sets * 9 / 10` entries none is created any more, training
    /// goes on over the known ones (external sampling only).
    pub lazy: bool,
}

impl Default for McConfig {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::EsMccfr,
            averaging: Averaging::Uniform,
            os_exploration: 0.6,
            pruning: None,
            threads: 1,
            sync_interval: 256,
            max_info_sets: 1 << 16,
            max_actions: 1 << 18,
            seed: 0,
            lazy: false,
        }
    }
}

/// What a call to [`McSolver::train`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrainStats {
    /// Iterations run (one traversal per player each).
    pub iterations: u64,
    /// Game nodes visited.
    pub nodes: u64,
    /// Actions skipped by regret-based pruning.
    pub pruned: u64,
}

/// A Monte-Carlo CFR solver for games whose information-set key is `K`.
pub struct McSolver<K> {
    pub(crate) config: McConfig,
    pub(crate) table: InfoTable<K>,
    pub(crate) iterations: u64,
    pub(crate) rng: Xoshiro256PlusPlus,
    pool: Option<Arc<rayon::ThreadPool>>,
}

impl<K: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync> McSolver<K> {
    /// A fresh solver.
    pub fn new(config: McConfig) -> Result<Self, CfrError> {
        if !config.algorithm.is_sampling() {
            return Err(CfrError::InvalidConfig(format!(
                "{} is not a sampling algorithm",
                config.algorithm
            )));
        }
        if !(0.0..=1.0).contains(&config.os_exploration) {
            return Err(CfrError::InvalidConfig(format!(
                "os_exploration {} outside [0, 1]",
                config.os_exploration
            )));
        }
        let table = InfoTable::new(config.max_info_sets, config.max_actions)?;
        let rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        Ok(Self::from_parts(config, table, 0, rng))
    }

    pub(crate) fn from_parts(
        config: McConfig,
        table: InfoTable<K>,
        iterations: u64,
        rng: Xoshiro256PlusPlus,
    ) -> Self {
        Self {
            config,
            table,
            iterations,
            rng,
            pool: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &McConfig {
        &self.config
    }

    /// Sets the worker threads of the next [`McSolver::train`] calls (0: rayon's default). A
    /// restored checkpoint keeps the count it was saved with until this is called.
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads;
    }

    /// Sets the regret-based pruning of the next [`McSolver::train`] calls (`None`: off), e.g.
    /// to turn it on in a run resumed from a checkpoint trained without it.
    pub fn set_pruning(&mut self, pruning: Option<Pruning>) {
        self.config.pruning = pruning;
    }

    /// The shared table.
    pub fn table(&self) -> &InfoTable<K> {
        &self.table
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Warm start: creates the information set `key` with the strategy `probs` (one probability
    /// per action) as its average, weighted as `sum_mass` iterations' worth of strategy sums, and
    /// positive regrets `probs * regret_mass`, so that regret matching plays `probs` until new
    /// regrets move it. Used to continue training from a table's rows when the run that made them
    /// left no checkpoint; an existing information set is overwritten.
    pub fn seed(
        &mut self,
        key: &K,
        probs: &[f64],
        sum_mass: f32,
        regret_mass: f32,
    ) -> Result<(), CfrError> {
        let e = self.table.get_or_insert(key, probs.len())?;
        if e.len != probs.len() {
            return Err(CfrError::ActionCountMismatch {
                key: format!("{key:?}"),
                stored: e.len,
                seen: probs.len(),
            });
        }
        for (a, &p) in probs.iter().enumerate() {
            self.table.set_sum(e.offset + a, p as f32 * sum_mass);
            self.table.set_regret(e.offset + a, p as f32 * regret_mass);
        }
        Ok(())
    }

    /// Counts `iterations` as already run: a warm-started solver continues the iteration
    /// numbering (averaging weights, discounting) of the run that made its seed.
    pub fn set_iterations(&mut self, iterations: u64) {
        self.iterations = iterations;
    }

    /// Runs `iterations` iterations of the configured algorithm.
    pub fn train<G: Game<Key = K>>(
        &mut self,
        game: &G,
        iterations: u64,
    ) -> Result<TrainStats, CfrError> {
        let threads = match self.config.threads {
            0 => rayon::current_num_threads(),
            n => n,
        };
        let base = self.iterations;
        let stats = if threads <= 1 || iterations < threads as u64 {
            let upd = Direct { table: &self.table };
            let mut w = Walker::new(game, &self.table, upd, &self.config, &mut self.rng);
            w.run(base, iterations)?;
            TrainStats {
                iterations,
                nodes: w.nodes,
                pruned: w.pruned,
            }
        } else {
            let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
            let pool = self.pool(threads)?;
            let (table, config) = (&self.table, &self.config);
            // Workers take chunks of `sync_interval` consecutive iterations from a shared counter
            // (so they finish together) and add into the shared table atomically.
            let next = AtomicU64::new(0);
            let chunk = config.sync_interval.max(1);
            let results: Vec<Result<(u64, u64), CfrError>> = pool.install(|| {
                seeds
                    .par_iter()
                    .map(|&seed| {
                        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                        let (mut nodes, mut pruned) = (0, 0);
                        loop {
                            let first = next.fetch_add(chunk, Ordering::Relaxed);
                            if first >= iterations {
                                break;
                            }
                            let n = chunk.min(iterations - first);
                            let upd = Shared { table };
                            let mut w = Walker::new(game, table, upd, config, &mut rng);
                            let run = w.run(base + first, n);
                            nodes += w.nodes;
                            pruned += w.pruned;
                            if let Err(e) = run {
                                // Stop the other workers at their next chunk.
                                next.store(u64::MAX / 2, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                        Ok((nodes, pruned))
                    })
                    .collect()
            });
            let mut stats = TrainStats {
                iterations,
                ..TrainStats::default()
            };
            for r in results {
                let (nodes, pruned) = r?;
                stats.nodes += nodes;
                stats.pruned += pruned;
            }
            stats
        };
        self.iterations += iterations;
        Ok(stats)
    }

    /// Multiplies every regret by `regret_factor` and every strategy sum by `sum_factor` (both in
    /// `[0, 1]`). Calling `discount(d, d)` with `d = T / (T + 1)` after the `T`-th of several
    /// equal stretches of training is Pluribus's Linear-CFR discounting of early iterations.
    pub fn discount(&mut self, regret_factor: f32, sum_factor: f32) -> Result<(), CfrError> {
        for f in [regret_factor, sum_factor] {
            if !(0.0..=1.0).contains(&f) {
                return Err(CfrError::InvalidConfig(format!(
                    "discount factor {f} outside [0, 1]"
                )));
            }
        }
        let t = &self.table;
        for i in 0..t.action_slots() {
            t.set_regret(i, t.regret(i) * regret_factor);
            t.set_sum(i, t.sum(i) * sum_factor);
        }
        Ok(())
    }

    fn pool(&mut self, threads: usize) -> Result<Arc<rayon::ThreadPool>, CfrError> {
        match &self.pool {
            Some(p) if p.current_num_threads() == threads => Ok(p.clone()),
            _ => {
                let p = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| CfrError::InvalidConfig(format!("thread pool: {e}")))?;
                let p = Arc::new(p);
                self.pool = Some(p.clone());
                Ok(p)
            }
        }
    }

    /// The average strategy at `key` into `out[..n]` and `Some(n)`, or `None` if `key` was never
    /// visited; `BufferTooSmall` if `out` is shorter than `n`.
    pub fn average_strategy(&self, key: &K, out: &mut [f64]) -> Result<Option<usize>, CfrError> {
        let Some(e) = self.table.get(key) else {
            return Ok(None);
        };
        self.table.average_strategy(e, out)?;
        Ok(Some(e.len))
    }

    /// The average strategy as a policy over `tree` (uniform where never visited).
    pub fn tree_policy(&self, tree: &Tree<K>) -> Vec<f64> {
        tree.policy_from_fn(|key, out| {
            // The tree sizes `out` to the key's action count; a table entry with another count
            // (a game violating the trait contract) is treated like a missing one.
            if !matches!(self.average_strategy(key, out), Ok(Some(n)) if n == out.len()) {
                out.fill(1.0 / out.len() as f64);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{expected_value, exploitability};
    use crate::games::{Kuhn, Leduc};

    fn leduc_config(threads: usize) -> McConfig {
        McConfig {
            threads,
            seed: 7,
            ..McConfig::default()
        }
    }

    #[test]
    fn es_mccfr_solves_leduc() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let mut s = McSolver::new(leduc_config(1)).unwrap();
        s.train(&Leduc, 300_000).unwrap();
        let e = exploitability(&tree, &s.tree_policy(&tree));
        assert!(e < 0.05, "exploitability {e}");
        assert_eq!(s.table().len(), 936);
    }

    #[test]
    fn parallel_and_serial_agree() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let mut results = Vec::new();
        for threads in [1, 2] {
            let mut s = McSolver::new(leduc_config(threads)).unwrap();
            let stats = s.train(&Leduc, 400_000).unwrap();
            assert_eq!(stats.iterations, 400_000);
            assert_eq!(s.iterations(), 400_000);
            let p = s.tree_policy(&tree);
            results.push((exploitability(&tree, &p), expected_value(&tree, &p)));
        }
        let ((e1, v1), (e2, v2)) = (results[0], results[1]);
        // The two-thread run applies its atomic updates in a timing-dependent order, so it is a
        // different sample of the same algorithm: compare within sampling noise.
        assert!(e1 < 0.06 && e2 < 0.06, "{e1} {e2}");
        assert!((e1 - e2).abs() < 0.03, "{e1} {e2}");
        assert!(
            (v1 - v2).abs() < 0.02 && (v1 + 0.0856).abs() < 0.02,
            "{v1} {v2}"
        );
        assert!((v2 + 0.0856).abs() < 0.02, "{v2}");
    }

    #[test]
    fn one_thread_is_reproducible() {
        let run = || {
            let mut s = McSolver::new(leduc_config(1)).unwrap();
            s.train(&Leduc, 2000).unwrap();
            let t = s.table();
            (0..t.action_slots())
                .map(|i| (t.regret(i).to_bits(), t.sum(i).to_bits()))
                .collect::<Vec<_>>()
        };
        let a = run();
        assert!(a.iter().any(|&(r, _)| r != 0));
        assert_eq!(a, run());
    }

    #[test]
    fn outcome_sampling_converges_on_kuhn() {
        let tree = Tree::build(&Kuhn, 1000).unwrap();
        let mut s = McSolver::new(McConfig {
            algorithm: Algorithm::OsMccfr,
            seed: 3,
            ..McConfig::default()
        })
        .unwrap();
        s.train(&Kuhn, 1000).unwrap();
        let early = exploitability(&tree, &s.tree_policy(&tree));
        s.train(&Kuhn, 200_000).unwrap();
        let late = exploitability(&tree, &s.tree_policy(&tree));
        assert!(late < 0.02 && late < early, "{early} -> {late}");
    }

    #[test]
    fn pruning_skips_nodes_and_still_converges() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let pruning = Pruning {
            threshold: -2000.0,
            probability: 0.95,
            warmup: 5_000,
            average_interval: 10,
        };
        let mut plain = McSolver::new(leduc_config(1)).unwrap();
        let mut pruned = McSolver::new(McConfig {
            pruning: Some(pruning),
            ..leduc_config(1)
        })
        .unwrap();
        plain.train(&Leduc, 50_000).unwrap();
        pruned.train(&Leduc, 50_000).unwrap();
        let plain_stats = plain.train(&Leduc, 20_000).unwrap();
        let pruned_stats = pruned.train(&Leduc, 20_000).unwrap();
        pruned.train(&Leduc, 230_000).unwrap();
        // Pruning skips actions once regrets are negative enough; plain ES never does.
        assert_eq!(plain_stats.pruned, 0);
        assert!(pruned_stats.pruned > 2_000, "{pruned_stats:?}");
        let e = exploitability(&tree, &pruned.tree_policy(&tree));
        assert!(e < 0.08, "exploitability {e}");
    }

    #[test]
    fn linear_averaging_converges() {
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let mut s = McSolver::new(McConfig {
            averaging: Averaging::Linear,
            ..leduc_config(1)
        })
        .unwrap();
        s.train(&Leduc, 20_000).unwrap();
        let early = exploitability(&tree, &s.tree_policy(&tree));
        s.train(&Leduc, 180_000).unwrap();
        let late = exploitability(&tree, &s.tree_policy(&tree));
        assert!(late < 0.15 && late < early * 0.7, "{early} -> {late}");
    }

    #[test]
    fn discount_scales_the_tables() {
        let mut s = McSolver::new(leduc_config(1)).unwrap();
        s.train(&Leduc, 2_000).unwrap();
        let before: Vec<(f32, f32)> = (0..s.table().action_slots())
            .map(|i| (s.table().regret(i), s.table().sum(i)))
            .collect();
        s.discount(0.5, 0.25).unwrap();
        for (i, &(r, m)) in before.iter().enumerate() {
            assert_eq!(s.table().regret(i), r * 0.5);
            assert_eq!(s.table().sum(i), m * 0.25);
        }
        assert!(before.iter().any(|&(r, _)| r != 0.0));
        assert!(s.discount(1.5, 0.5).is_err());
        // Linear-CFR style training still converges.
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        for k in 1..=10u32 {
            s.train(&Leduc, 20_000).unwrap();
            let d = k as f32 / (k as f32 + 1.0);
            s.discount(d, d).unwrap();
        }
        let e = exploitability(&tree, &s.tree_policy(&tree));
        assert!(e < 0.1, "exploitability {e}");
    }

    #[test]
    fn bad_configs_are_rejected() {
        let cfr = McConfig {
            algorithm: Algorithm::CfrPlus,
            ..McConfig::default()
        };
        assert!(McSolver::<u32>::new(cfr).is_err());
        let eps = McConfig {
            os_exploration: 2.0,
            ..McConfig::default()
        };
        assert!(McSolver::<u32>::new(eps).is_err());
    }

    /// Trains `s` to `until` iterations, discounting linearly every `period` (as `truco train
    /// --discount-every` does).
    fn train_discounted(s: &mut McSolver<u32>, until: u64, period: u64) {
        while s.iterations() < until {
            let step = (period - s.iterations() % period).min(until - s.iterations());
            s.train(&Leduc, step).unwrap();
            if s.iterations().is_multiple_of(period) {
                let k = (s.iterations() / period) as f32;
                s.discount(k / (k + 1.0), k / (k + 1.0)).unwrap();
            }
        }
    }

    /// A solver seeded with another run's average strategy, strategy-sum mass and positive
    /// regret per information set (what a table and its warm-start sidecar keep) starts where
    /// that run's average was, counts its iterations on, and accumulates: T more iterations
    /// end well below the first run's exploitability after T.
    #[test]
    fn seeding_from_a_strategy_and_its_masses_accumulates() {
        const T: u64 = 100_000;
        let tree = Tree::build(&Leduc, 1 << 20).unwrap();
        let expl = |s: &McSolver<u32>| exploitability(&tree, &s.tree_policy(&tree));
        let mut first = McSolver::new(leduc_config(1)).unwrap();
        train_discounted(&mut first, T, T / 10);
        let t = first.table();
        let mut warm = McSolver::new(McConfig {
            seed: 8,
            ..leduc_config(1)
        })
        .unwrap();
        let mut probs = [0.0f64; 3];
        for (key, e) in t.entries() {
            t.average_strategy(e, &mut probs).unwrap();
            let (mass, regret) = t.masses(e);
            warm.seed(&key, &probs[..e.len], mass, regret).unwrap();
        }
        warm.set_iterations(T);
        let at_t = expl(&first);
        assert!((expl(&warm) - at_t).abs() < 1e-4, "{} {at_t}", expl(&warm));
        train_discounted(&mut warm, 2 * T, T / 10);
        assert_eq!(warm.iterations(), 2 * T);
        let after = expl(&warm);
        assert!(after < 0.8 * at_t, "{at_t} -> {after}");
        // A row seeded with the wrong action count is refused.
        let (key, e) = t.entries()[0];
        assert!(matches!(
            warm.seed(&key, &probs[..e.len - 1], 1.0, 1.0),
            Err(CfrError::ActionCountMismatch { .. })
        ));
    }
}
