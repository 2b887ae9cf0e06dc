//! Range-vector re-solving: the rest of a game from one public state, solved by CFR+ or DCFR
//! over every deal at once.
//!
//! The subgame starts from a set of *deals*: game states at one public state, each with a
//! weight (the product of the seats' range weights, as [`crate::resolve`] draws them). Their
//! public tree ([`DealTree`]) is built once: a node per public state, grouping the deals that
//! reach it; the children of a decision split by what the others see of the action
//! ([`VectorRoot::public_label`]): a card's face, a call, a total revealed by the table. Each
//! seat's information sets at a node are its [`Game::info_key`]s there, so a seat's strategy
//! depends only on what it knows. The tree is flat: positions (a deal at a node) numbered in
//! pre-order, parents before children, so a pass is two loops over arrays with no allocation
//! and no hashing: reaches down, values up.
//!
//! [`VectorSolver`] runs alternating CFR+ (or DCFR) passes, one per team, each updating the
//! regrets of every information set of the team at once; it starts from the blueprint
//! ([`VectorRoot::prior`]: played wherever no regret is positive, so the first iteration is
//! the blueprint). A [`Gadget`] makes the re-solve safe. Values are exact over the deals: the
//! only sampling is which deals the caller gives (all of them, in small games).

mod gadget;
mod solve;
mod tree;

pub use gadget::{Gadget, GadgetKind};
pub use solve::{Discount, Strategy, VectorSolver, MARGIN_TOLERANCE};
pub use tree::{DealTree, WeightedDeal};

use std::time::Instant;

use crate::resolve::Budget;
use crate::{CfrError, Game};

/// A subgame's game with what re-solving needs beyond [`Game`].
pub trait VectorRoot: Sync {
    /// The underlying game.
    type G: Game;

    /// The underlying game.
    fn game(&self) -> &Self::G;

    /// What every seat sees of `a` taken at `s` (reaching `child`): actions with the same
    /// label at one public node reach one public node.
    fn public_label(
        &self,
        s: &<Self::G as Game>::State,
        a: <Self::G as Game>::Action,
        child: &<Self::G as Game>::State,
    ) -> u64;

    /// Player 0's payoff at a terminal state in the utility solved for (first) and a second
    /// utility reported beside it (default: the game's utility, and NaN).
    fn payoffs(&self, s: &<Self::G as Game>::State) -> [f64; 2] {
        [self.game().utility(s, 0), f64::NAN]
    }

    /// The blueprint's strategy at `s`, written over the uniform `out` (default: kept).
    fn prior(&self, _s: &<Self::G as Game>::State, _out: &mut [f32]) {}
}

/// What a range re-solve did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VectorStats {
    /// Iterations run (each one pass per team over every deal).
    pub iterations: u64,
    /// Deals in the subgame.
    pub deals: usize,
    /// Positions of the tree: deals summed over its public nodes.
    pub positions: usize,
    /// Information sets.
    pub info_sets: usize,
    /// Milliseconds spent building the tree.
    pub build_ms: f64,
}

/// A solved subgame of `R` and what the solve did.
pub type Solved<R> = (
    VectorSolver<<<R as VectorRoot>::G as Game>::Key>,
    VectorStats,
);

/// Builds the subgame of `deals` and solves it for `budget` (a time budget counts the build),
/// guarded by `gadget` if given, with at most `max_positions` positions.
pub fn solve<R>(
    root: &R,
    deals: &[WeightedDeal<<R::G as Game>::State>],
    budget: Budget,
    discount: Discount,
    gadget: Option<Gadget>,
    max_positions: usize,
) -> Result<Solved<R>, CfrError>
where
    R: VectorRoot,
{
    let start = Instant::now();
    let tree = DealTree::build(root, deals, max_positions)?;
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    let mut solver = VectorSolver::new(tree, discount);
    if let Some(g) = gadget {
        if g.item.len() != deals.len() {
            return Err(CfrError::InvalidConfig(format!(
                "the gadget has items for {} deals, the subgame {}",
                g.item.len(),
                deals.len()
            )));
        }
        solver.set_gadget(g);
    }
    match budget {
        Budget::Iterations(n) => solver.run(n),
        Budget::Time(d) => {
            // Always at least one iteration: the first is the blueprint's strategy.
            solver.run(1);
            let per = start.elapsed().as_secs_f64() - build_ms / 1e3;
            while start.elapsed() + std::time::Duration::from_secs_f64(per.max(0.0)) < d {
                solver.run(1);
            }
        }
    }
    let t = solver.tree();
    let stats = VectorStats {
        iterations: solver.iterations(),
        deals: deals.len(),
        positions: t.positions(),
        info_sets: t.info_sets(),
        build_ms,
    };
    Ok((solver, stats))
}

#[cfg(test)]
mod tests;
