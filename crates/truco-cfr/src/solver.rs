//! One interface over the four algorithms, chosen by [`McConfig::algorithm`].
//!
//! Sampling algorithms run a [`McSolver`]; full-traversal ones build the [`Tree`] once and run a
//! [`FullSolver`] on rayon's global pool (all cores).

use std::collections::HashMap;
use std::hash::Hash;

use crate::error::CfrError;
use crate::full::FullSolver;
use crate::game::Game;
use crate::mccfr::{McConfig, McSolver, TrainStats};
use crate::tree::Tree;
use crate::Algorithm;

/// A solver for any [`Algorithm`].
pub enum Solver<K> {
    /// ES- or OS-MCCFR.
    Sampled(Box<McSolver<K>>),
    /// CFR+ or DCFR over the whole tree.
    Full(Box<FullParts<K>>),
}

/// The parts of a full-traversal [`Solver`].
pub struct FullParts<K> {
    /// The game tree.
    pub tree: Tree<K>,
    /// The solver state.
    pub solver: FullSolver,
    /// Information-set key to tree index.
    pub index: HashMap<K, u32>,
}

impl<K: Copy + Eq + Hash + std::fmt::Debug + Send + Sync> Solver<K> {
    /// A solver for `game` running `config.algorithm`; full-traversal algorithms build the tree,
    /// failing past `max_nodes` nodes.
    pub fn new<G: Game<Key = K>>(
        game: &G,
        config: McConfig,
        max_nodes: usize,
    ) -> Result<Self, CfrError> {
        if config.algorithm.is_sampling() {
            return Ok(Solver::Sampled(Box::new(McSolver::new(config)?)));
        }
        let tree = Tree::build(game, max_nodes)?;
        let solver = FullSolver::new(&tree, config.algorithm)?;
        let index = (0..tree.num_info_sets())
            .map(|i| (*tree.info_key(i), i as u32))
            .collect();
        Ok(Solver::Full(Box::new(FullParts {
            tree,
            solver,
            index,
        })))
    }

    /// The algorithm being run.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            Solver::Sampled(s) => s.config().algorithm,
            Solver::Full(f) => f.solver.algorithm(),
        }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u64 {
        match self {
            Solver::Sampled(s) => s.iterations(),
            Solver::Full(f) => f.solver.iterations(),
        }
    }

    /// Runs `iterations` more iterations. For full traversal, `nodes` counts one value
    /// computation per node and player.
    pub fn train<G: Game<Key = K>>(
        &mut self,
        game: &G,
        iterations: u64,
    ) -> Result<TrainStats, CfrError> {
        match self {
            Solver::Sampled(s) => s.train(game, iterations),
            Solver::Full(f) => {
                let FullParts { tree, solver, .. } = &mut **f;
                solver.run(tree, iterations);
                Ok(TrainStats {
                    iterations,
                    nodes: iterations * 2 * tree.num_nodes() as u64,
                    pruned: 0,
                })
            }
        }
    }

    /// The average strategy at `key` into `out[..n]` and `Some(n)`; `None` if the key is
    /// unknown; `BufferTooSmall` if `out` is shorter than `n`.
    pub fn average_strategy(&self, key: &K, out: &mut [f64]) -> Result<Option<usize>, CfrError> {
        match self {
            Solver::Sampled(s) => s.average_strategy(key, out),
            Solver::Full(f) => match f.index.get(key) {
                Some(&i) => Ok(Some(
                    f.solver.average_strategy_at(&f.tree, i as usize, out)?,
                )),
                None => Ok(None),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::exploitability;
    use crate::games::Kuhn;

    #[test]
    fn every_algorithm_solves_kuhn_through_the_facade() {
        let tree = Tree::build(&Kuhn, 1000).unwrap();
        for (name, iterations, bound) in [
            ("es-mccfr", 50_000, 0.01),
            ("os-mccfr", 200_000, 0.03),
            ("cfr+", 500, 0.002),
            ("dcfr", 500, 0.002),
        ] {
            let config = McConfig {
                algorithm: name.parse().unwrap(),
                seed: 2,
                ..McConfig::default()
            };
            let mut s = Solver::new(&Kuhn, config, 1000).unwrap();
            assert_eq!(s.algorithm().name(), name);
            s.train(&Kuhn, iterations).unwrap();
            assert_eq!(s.iterations(), iterations);
            let policy = tree.policy_from_fn(|k, out| {
                assert_eq!(s.average_strategy(k, out).unwrap(), Some(2));
            });
            let e = exploitability(&tree, &policy);
            assert!(e < bound, "{name}: {e}");
        }
        let mut s = Solver::new(&Kuhn, McConfig::default(), 1000).unwrap();
        assert_eq!(s.average_strategy(&0xffff, &mut [0.0; 2]).unwrap(), None);
        s.train(&Kuhn, 10).unwrap();
        let key = *tree.info_key(0);
        assert!(matches!(
            s.average_strategy(&key, &mut [0.0; 1]),
            Err(CfrError::BufferTooSmall { .. })
        ));
    }
}
