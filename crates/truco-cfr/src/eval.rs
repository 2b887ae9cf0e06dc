//! Exact policy evaluation, best response and exploitability on a [`Tree`].
//!
//! A policy is one probability per action slot of the tree (see [`Tree::info_range`]).
//! Exploitability follows OpenSpiel: NashConv / 2, where NashConv is the sum over both players of
//! what a best response gains against the other's policy.

use crate::tree::{Tree, CHANCE, PLAYER0, TERMINAL};

/// Expected payoff of player 0 when both players follow `policy`.
pub fn expected_value<K>(tree: &Tree<K>, policy: &[f64]) -> f64 {
    let mut value = vec![0.0; tree.num_nodes()];
    for n in (0..tree.num_nodes()).rev() {
        let f = tree.first_child[n] as usize;
        let m = tree.num_children[n] as usize;
        value[n] = match tree.kind[n] {
            TERMINAL => tree.data[n],
            CHANCE => (f..f + m).map(|c| tree.chance_prob(n, c) * value[c]).sum(),
            _ => {
                let o = tree.info_offset[tree.info[n] as usize] as usize;
                (0..m).map(|a| policy[o + a] * value[f + a]).sum()
            }
        };
    }
    value[0]
}

/// Value for `player` of a best response against the other player's part of `policy`.
pub fn best_response_value<K>(tree: &Tree<K>, policy: &[f64], player: usize) -> f64 {
    let n = tree.num_nodes();
    // Reach of each node by chance and the opponent (the responder's own moves count as 1).
    let mut reach = vec![0.0; n];
    reach[0] = 1.0;
    for node in 1..n {
        let p = tree.parent[node] as usize;
        let a = node - tree.first_child[p] as usize;
        reach[node] = reach[p]
            * match tree.kind[p] {
                CHANCE => tree.chance_prob(p, node),
                k if (k - PLAYER0) as usize == player => 1.0,
                _ => policy[tree.info_offset[tree.info[p] as usize] as usize + a],
            };
    }
    let mut br = Responder {
        tree,
        policy,
        player,
        reach: &reach,
        value: vec![f64::NAN; n],
        best: vec![u8::MAX; tree.num_info_sets()],
    };
    br.value(0)
}

/// NashConv / 2 of `policy` (OpenSpiel's exploitability), in the game's payoff units.
pub fn exploitability<K>(tree: &Tree<K>, policy: &[f64]) -> f64 {
    let nash_conv = best_response_value(tree, policy, 0) + best_response_value(tree, policy, 1);
    nash_conv / 2.0
}

struct Responder<'a, K> {
    tree: &'a Tree<K>,
    policy: &'a [f64],
    player: usize,
    reach: &'a [f64],
    value: Vec<f64>,
    best: Vec<u8>,
}

impl<K> Responder<'_, K> {
    /// Value of `node` for the responder, memoised; the responder's choice at an information set
    /// maximises the reach-weighted sum over all its nodes (decided on first visit).
    fn value(&mut self, node: usize) -> f64 {
        if !self.value[node].is_nan() {
            return self.value[node];
        }
        let t = self.tree;
        let f = t.first_child[node] as usize;
        let m = t.num_children[node] as usize;
        let sign = if self.player == 0 { 1.0 } else { -1.0 };
        let v = match t.kind[node] {
            TERMINAL => sign * t.data[node],
            CHANCE => (f..f + m)
                .map(|c| t.chance_prob(node, c) * self.value(c))
                .sum(),
            k => {
                let info = t.info[node] as usize;
                let o = t.info_offset[info] as usize;
                if (k - PLAYER0) as usize == self.player {
                    if self.best[info] == u8::MAX {
                        self.best[info] = self.choose(info, m);
                    }
                    self.value(f + self.best[info] as usize)
                } else {
                    (0..m).map(|a| self.policy[o + a] * self.value(f + a)).sum()
                }
            }
        };
        self.value[node] = v;
        v
    }

    fn choose(&mut self, info: usize, m: usize) -> u8 {
        let t = self.tree;
        let nodes = t.info_node_start[info] as usize..t.info_node_start[info + 1] as usize;
        let mut best = (0u8, f64::NEG_INFINITY);
        for a in 0..m {
            let mut total = 0.0;
            for k in nodes.clone() {
                let h = t.info_nodes[k] as usize;
                total += self.reach[h] * self.value(t.first_child[h] as usize + a);
            }
            if total > best.1 {
                best = (a as u8, total);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{kuhn::KuhnAction, Kuhn};

    /// Kuhn equilibrium family with alpha = 0 (Player 0 never bluffs first, etc.).
    fn kuhn_nash(tree: &Tree<u16>) -> Vec<f64> {
        tree.policy_from_fn(|&key, out| {
            let card = key >> 8;
            let len = (key >> 4) & 0xf;
            let bets = key & 0xf;
            // Probability of Bet.
            let bet = match (len, bets, card) {
                (0, _, 2) => 0.0, // alpha = 0: K checks too (alpha*3 = 0)
                (0, _, _) => 0.0,
                (1, 0, 0) => 1.0 / 3.0, // player 1 after check: bluff J 1/3
                (1, 0, 1) => 0.0,
                (1, 0, _) => 1.0,
                (1, _, 0) => 0.0, // facing a bet: J folds
                (1, _, 1) => 1.0 / 3.0,
                (1, _, _) => 1.0,
                (2, _, 0) => 0.0,       // check-bet: J folds
                (2, _, 1) => 1.0 / 3.0, // Q calls alpha + 1/3
                _ => 1.0,
            };
            out[KuhnAction::Pass as usize] = 1.0 - bet;
            out[KuhnAction::Bet as usize] = bet;
        })
    }

    #[test]
    fn kuhn_equilibrium_value_and_zero_exploitability() {
        let tree = Tree::build(&Kuhn, 1000).unwrap();
        let nash = kuhn_nash(&tree);
        assert!((expected_value(&tree, &nash) + 1.0 / 18.0).abs() < 1e-12);
        assert!(exploitability(&tree, &nash) < 1e-12);
    }

    #[test]
    fn uniform_kuhn_is_exploitable() {
        let tree = Tree::build(&Kuhn, 1000).unwrap();
        let uniform = tree.uniform_policy();
        // OpenSpiel reports NashConv 0.916666 for the uniform Kuhn policy.
        assert!((exploitability(&tree, &uniform) - 0.916_666_666_666_666_6 / 2.0).abs() < 1e-9);
        assert!(expected_value(&tree, &uniform).abs() > 0.0);
    }
}
