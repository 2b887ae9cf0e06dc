//! The whole game tree in a compact arena, for games small enough to enumerate.
//!
//! Nodes are numbered breadth-first, so every depth level is a contiguous index range and the
//! children of a node are contiguous (`first_child .. first_child + num_children`). Player-node
//! children follow the order of [`Game::legal_actions`]; information sets own contiguous "action
//! slots" (`info_offset .. info_offset + info_len`) in the same order, and list their nodes in a
//! CSR array. Full-traversal CFR, best response and policy evaluation all run over these arrays.

use std::collections::HashMap;

use crate::error::CfrError;
use crate::game::{ActionList, Game, NodeKind};

/// Node kind codes stored in [`Tree::kind`].
pub(crate) const TERMINAL: u8 = 0;
pub(crate) const CHANCE: u8 = 1;
/// Player `p` nodes are stored as `PLAYER0 + p`.
pub(crate) const PLAYER0: u8 = 2;

/// No information set (a terminal node).
pub const NO_INFO: u32 = u32::MAX;

/// A game tree flattened into arrays.
#[derive(Clone, Debug)]
pub struct Tree<K> {
    pub(crate) kind: Vec<u8>,
    pub(crate) parent: Vec<u32>,
    pub(crate) first_child: Vec<u32>,
    pub(crate) num_children: Vec<u8>,
    /// Player node: its information set. Chance node: the index of its first outcome's
    /// probability in `chance_prob`. Terminal: [`NO_INFO`].
    pub(crate) info: Vec<u32>,
    /// Terminal: player 0's payoff. Else 0.
    pub(crate) data: Vec<f64>,
    /// Outcome probabilities of every chance node, in child order (kept apart from `data` so a
    /// terminal child of a chance node keeps both its payoff and its probability).
    pub(crate) chance_prob: Vec<f64>,
    /// Node index where each depth level starts; one extra entry at the end.
    pub(crate) level_start: Vec<u32>,
    pub(crate) info_key: Vec<K>,
    pub(crate) info_player: Vec<u8>,
    pub(crate) info_offset: Vec<u32>,
    pub(crate) info_len: Vec<u8>,
    pub(crate) info_node_start: Vec<u32>,
    pub(crate) info_nodes: Vec<u32>,
    pub(crate) num_actions: usize,
}

impl<K: Copy + Eq + std::hash::Hash> Tree<K> {
    /// Builds the tree of `game`, failing with [`CfrError::TreeTooLarge`] past `max_nodes`.
    pub fn build<G: Game<Key = K>>(game: &G, max_nodes: usize) -> Result<Self, CfrError> {
        let mut t = Tree {
            kind: Vec::new(),
            parent: Vec::new(),
            first_child: Vec::new(),
            num_children: Vec::new(),
            info: Vec::new(),
            data: Vec::new(),
            chance_prob: Vec::new(),
            level_start: vec![0],
            info_key: Vec::new(),
            info_player: Vec::new(),
            info_offset: Vec::new(),
            info_len: Vec::new(),
            info_node_start: Vec::new(),
            info_nodes: Vec::new(),
            num_actions: 0,
        };
        let mut index: HashMap<K, u32> = HashMap::new();
        let mut level = vec![game.root()];
        t.push_node(u32::MAX, 0.0);
        let mut actions = ActionList::new();
        let mut outcomes = Vec::new();
        while !level.is_empty() {
            let base = *t.level_start.last().unwrap_or(&0) as usize;
            let mut next = Vec::new();
            for (k, s) in level.iter().enumerate() {
                let n = base + k;
                let child_base = base + level.len() + next.len();
                t.first_child[n] = child_base as u32;
                match game.node_kind(s) {
                    NodeKind::Terminal => {
                        t.kind[n] = TERMINAL;
                        t.data[n] = game.utility(s, 0);
                    }
                    NodeKind::Chance => {
                        t.kind[n] = CHANCE;
                        t.info[n] = t.chance_prob.len() as u32;
                        game.chance_outcomes(s, &mut outcomes);
                        for &(o, p) in &outcomes {
                            let mut c = *s;
                            game.apply_chance(&mut c, o);
                            next.push(c);
                            t.chance_prob.push(p);
                            t.push_node(n as u32, 0.0);
                        }
                        t.num_children[n] = outcomes.len() as u8;
                    }
                    NodeKind::Player(p) => {
                        t.kind[n] = PLAYER0 + p as u8;
                        game.legal_actions(s, &mut actions);
                        if actions.is_empty() {
                            return Err(CfrError::NoLegalAction);
                        }
                        let key = game.info_key(s);
                        let id = *index.entry(key).or_insert_with(|| {
                            t.info_key.push(key);
                            t.info_player.push(p as u8);
                            t.info_offset.push(t.num_actions as u32);
                            t.info_len.push(actions.len() as u8);
                            t.num_actions += actions.len();
                            (t.info_key.len() - 1) as u32
                        });
                        if t.info_len[id as usize] as usize != actions.len() {
                            return Err(CfrError::ActionCountMismatch {
                                key: format!("information set #{id}"),
                                stored: t.info_len[id as usize] as usize,
                                seen: actions.len(),
                            });
                        }
                        t.info[n] = id;
                        for &a in actions.iter() {
                            let mut c = *s;
                            game.apply(&mut c, a);
                            next.push(c);
                            t.push_node(n as u32, 0.0);
                        }
                        t.num_children[n] = actions.len() as u8;
                    }
                }
                if t.kind.len() > max_nodes {
                    return Err(CfrError::TreeTooLarge { limit: max_nodes });
                }
            }
            t.level_start.push((base + level.len()) as u32);
            level = next;
        }
        t.index_info_nodes();
        Ok(t)
    }

    fn push_node(&mut self, parent: u32, data: f64) {
        self.kind.push(TERMINAL);
        self.parent.push(parent);
        self.first_child.push(0);
        self.num_children.push(0);
        self.info.push(NO_INFO);
        self.data.push(data);
    }

    /// Builds the CSR list of nodes per information set.
    fn index_info_nodes(&mut self) {
        let n_info = self.info_key.len();
        let mut counts = vec![0u32; n_info + 1];
        for n in 0..self.info.len() {
            if self.is_player(n) {
                counts[self.info[n] as usize + 1] += 1;
            }
        }
        for k in 0..n_info {
            counts[k + 1] += counts[k];
        }
        let mut fill = counts.clone();
        self.info_nodes = vec![0; counts[n_info] as usize];
        for (n, &i) in self.info.iter().enumerate() {
            if self.is_player(n) {
                self.info_nodes[fill[i as usize] as usize] = n as u32;
                fill[i as usize] += 1;
            }
        }
        self.info_node_start = counts;
    }
}

impl<K> Tree<K> {
    /// Whether node `n` is a player's decision node.
    #[inline]
    pub(crate) fn is_player(&self, n: usize) -> bool {
        self.kind[n] >= PLAYER0
    }

    /// Probability of `child`, an outcome of the chance node `parent`.
    #[inline]
    pub(crate) fn chance_prob(&self, parent: usize, child: usize) -> f64 {
        self.chance_prob[self.info[parent] as usize + child - self.first_child[parent] as usize]
    }

    /// Number of nodes.
    pub fn num_nodes(&self) -> usize {
        self.kind.len()
    }

    /// Number of information sets.
    pub fn num_info_sets(&self) -> usize {
        self.info_key.len()
    }

    /// Number of action slots (sum of actions over information sets).
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// Key of information set `i`.
    pub fn info_key(&self, i: usize) -> &K {
        &self.info_key[i]
    }

    /// Action-slot range of information set `i`.
    pub fn info_range(&self, i: usize) -> std::ops::Range<usize> {
        let o = self.info_offset[i] as usize;
        o..o + self.info_len[i] as usize
    }

    /// The uniform policy, one probability per action slot.
    pub fn uniform_policy(&self) -> Vec<f64> {
        let mut p = vec![0.0; self.num_actions];
        for i in 0..self.num_info_sets() {
            let r = self.info_range(i);
            let u = 1.0 / r.len() as f64;
            p[r].fill(u);
        }
        p
    }

    /// A policy built by `f(key, out)`, which writes one information set's action probabilities.
    pub fn policy_from_fn(&self, mut f: impl FnMut(&K, &mut [f64])) -> Vec<f64> {
        let mut p = vec![0.0; self.num_actions];
        for i in 0..self.num_info_sets() {
            let r = self.info_range(i);
            f(&self.info_key[i], &mut p[r]);
        }
        p
    }

    /// Bytes held by the arena (capacity of its arrays, keys included).
    pub fn bytes(&self) -> usize {
        let n = self.kind.len();
        n * (1 + 4 + 4 + 1 + 4 + 8)
            + self.chance_prob.len() * 8
            + self.info_key.len() * (std::mem::size_of::<K>() + 1 + 4 + 1 + 4)
            + self.info_nodes.len() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::{Kuhn, Leduc};

    #[test]
    fn kuhn_tree_shape() {
        let t = Tree::build(&Kuhn, 1000).unwrap();
        // 1 root, 3 + 6 deals, 6 * (2 + 4 + 2) betting nodes.
        assert_eq!(t.num_nodes(), 1 + 3 + 6 + 6 * 8);
        assert_eq!(t.num_info_sets(), 12);
        assert_eq!(t.num_actions(), 24);
        let nodes_in_infosets = t.info_nodes.len();
        assert_eq!(nodes_in_infosets, 6 * 4);
    }

    #[test]
    fn leduc_has_936_info_sets() {
        let t = Tree::build(&Leduc, 1 << 20).unwrap();
        assert_eq!(t.num_info_sets(), 936);
        // Chance probabilities below each chance node sum to one.
        for n in 0..t.num_nodes() {
            if t.kind[n] == CHANCE {
                let f = t.first_child[n] as usize;
                let s: f64 = (f..f + t.num_children[n] as usize)
                    .map(|c| t.chance_prob(n, c))
                    .sum();
                assert!((s - 1.0).abs() < 1e-12);
            }
        }
    }

    /// Chance straight into a terminal: with probability 1/4 player 0 gets 4 at once; with 3/4
    /// player 0 picks 0 or 1. A terminal child of a chance node keeps its probability.
    struct ChanceToTerminal;

    impl Game for ChanceToTerminal {
        type State = u8; // 0 root, 1 early end, 2 decision, 3 payoff 0, 4 payoff 1
        type Action = u8;
        type Outcome = u8;
        type Key = u8;
        fn root(&self) -> u8 {
            0
        }
        fn node_kind(&self, s: &u8) -> NodeKind {
            match s {
                0 => NodeKind::Chance,
                2 => NodeKind::Player(0),
                _ => NodeKind::Terminal,
            }
        }
        fn legal_actions(&self, _: &u8, out: &mut ActionList<u8>) {
            out.clear();
            out.push(3);
            out.push(4);
        }
        fn apply(&self, s: &mut u8, a: u8) {
            *s = a;
        }
        fn chance_outcomes(&self, _: &u8, out: &mut Vec<(u8, f64)>) {
            out.clear();
            out.extend([(1, 0.25), (2, 0.75)]);
        }
        fn sample_chance<R: rand::Rng + ?Sized>(&self, _: &u8, _: &mut R) -> u8 {
            2
        }
        fn apply_chance(&self, s: &mut u8, o: u8) {
            *s = o;
        }
        fn info_key(&self, _: &u8) -> u8 {
            0
        }
        fn utility(&self, s: &u8, player: Player) -> f64 {
            let u = match s {
                1 => 4.0,
                4 => 1.0,
                _ => 0.0,
            };
            if player == 0 {
                u
            } else {
                -u
            }
        }
    }

    #[test]
    fn terminal_child_of_chance_keeps_its_probability() {
        let t = Tree::build(&ChanceToTerminal, 100).unwrap();
        let uniform = t.uniform_policy();
        let ev = crate::eval::expected_value(&t, &uniform);
        assert!((ev - (0.25 * 4.0 + 0.75 * 0.5)).abs() < 1e-12, "{ev}");
        let br = crate::eval::best_response_value(&t, &uniform, 0);
        assert!((br - (0.25 * 4.0 + 0.75 * 1.0)).abs() < 1e-12, "{br}");
    }

    #[test]
    fn node_limit_is_a_typed_error() {
        assert!(matches!(
            Tree::build(&Leduc, 100),
            Err(CfrError::TreeTooLarge { limit: 100 })
        ));
    }
}
