//! Counterfactual-regret minimization, generic over a game trait.
//!
//! - [`game`]: the [`Game`] trait (two teams, zero-sum, `Copy` states, sampled chance).
//! - [`games`]: Kuhn and Leduc poker, test games with known values.
//! - [`algo`]: [`Algorithm`] parsed by name and [`Averaging`].
//! - [`table`]: lock-free shared regret/strategy tables for sampled solvers.
//! - [`delta`]: regret updates, plain (one thread) or atomic (several).
//! - [`distributed`]: one table trained by several processes (MPI ranks), merged by all-gather.
//! - `mpi_comm` (cargo feature `mpi`): the ranks of an MPI job as a [`distributed::Comm`].
//! - [`mccfr`]: external- and outcome-sampling MCCFR, parallel with rayon, with pruning
//!   (the traversals themselves are in the private `walker` module).
//! - [`solver`]: [`Solver`], one interface over all four algorithms.
//! - [`checkpoint`]: serde + bincode save/restore of an MCCFR solver.
//! - [`tree`]: the game tree as a flat arena, for games small enough to enumerate.
//! - [`full`]: full-traversal CFR+ and DCFR on the arena.
//! - [`full_checkpoint`]: serde + bincode save/restore of a full-traversal solver.
//! - [`eval`]: expected value, exact best response and exploitability.
//! - [`resolve`]: decision-time re-solving by sampled MCCFR; [`vector`]: by range-vector CFR
//!   over every deal at once, safe with a gadget.
//!
//! See the crate README for measured figures.
//!
//! ```
//! use truco_cfr::games::{Kuhn, Leduc};
//! use truco_cfr::{exploitability, Algorithm, FullSolver, McConfig, McSolver, Tree};
//!
//! // Full-traversal CFR+ on Kuhn poker.
//! let tree = Tree::build(&Kuhn, 1_000)?;
//! let mut cfr = FullSolver::new(&tree, "cfr+".parse::<Algorithm>()?)?;
//! cfr.run(&tree, 500);
//! assert!(exploitability(&tree, &cfr.average_policy(&tree)) < 2e-3);
//!
//! // External-sampling MCCFR on Leduc, then its exact exploitability.
//! let mut es = McSolver::new(McConfig { seed: 1, ..McConfig::default() })?;
//! es.train(&Leduc, 20_000)?;
//! let leduc = Tree::build(&Leduc, 1 << 20)?;
//! assert!(exploitability(&leduc, &es.tree_policy(&leduc)) < 0.5);
//! # Ok::<(), truco_cfr::CfrError>(())
//! ```

pub mod algo;
pub mod checkpoint;
pub mod delta;
pub mod distributed;
pub mod error;
pub mod eval;
pub mod full;
pub mod full_checkpoint;
pub mod game;
pub mod games;
pub mod mccfr;
#[cfg(feature = "mpi")]
pub mod mpi_comm;
pub mod resolve;
pub mod solver;
pub mod table;
pub mod tree;
pub mod vector;
mod walker;

pub use algo::{Algorithm, Averaging};
pub use distributed::{train_distributed, Comm, MergeStats, Merger, Single, ThreadGroup};
pub use error::CfrError;
pub use eval::{best_response_value, expected_value, exploitability};
pub use full::{DcfrParams, FullSolver};
pub use game::{play_out, random_pick, ActionList, Game, NodeKind, Player, MAX_ACTIONS};
pub use mccfr::{McConfig, McSolver, Pruning, TrainStats};
pub use solver::Solver;
pub use table::{Entry, InfoTable};
pub use tree::Tree;
