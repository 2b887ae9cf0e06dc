//! [`DealTree`]: the public tree of a subgame over a set of deals, as flat arrays.
//!
//! Every node is a public state; the deals still possible there (its *positions*) each carry
//! one game state. Positions are numbered node by node in pre-order, so a pass over the tree
//! is a loop over positions: parents before children going down, children before parents
//! going up. A decision node's positions are grouped into *slots*, the acting seat's
//! information sets (one per [`Game::info_key`]), which hold the strategy.

use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;

use crate::{ActionList, CfrError, Game, NodeKind};

use super::VectorRoot;

/// Marks the root's parent position.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// One public node.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The acting seat, or `None` at a terminal node.
    pub seat: Option<u8>,
    /// The team (solver player) of the acting seat.
    pub player: u8,
    /// Its positions.
    pub positions: Range<u32>,
    /// Its slots (decision nodes).
    pub slots: Range<u32>,
    /// The parent node (`u32::MAX` at the root).
    pub parent: u32,
}

/// One information set of the acting seat at a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    /// Its team.
    pub player: u8,
    /// Number of actions.
    pub actions: u8,
    /// Offset of its actions in the per-action arrays.
    pub offset: u32,
    /// A position of the slot (every position of a slot has the same own reach).
    pub first: u32,
}

/// The public tree of a subgame over a set of deals (see the module docs).
pub struct DealTree<K> {
    pub(crate) nodes: Vec<Node>,
    pub(crate) slots: Vec<Slot>,
    /// Per position: its deal.
    pub(crate) deal: Vec<u32>,
    /// Per position: the parent's position ([`NO_PARENT`] at the root).
    pub(crate) parent: Vec<u32>,
    /// Per position: the index of the action that led here among the parent slot's actions.
    pub(crate) action: Vec<u8>,
    /// Per position of a decision node: its slot.
    pub(crate) slot_of: Vec<u32>,
    /// Per position of a decision node: where its children's positions start in `edges`.
    pub(crate) edge_start: Vec<u32>,
    /// Per decision position and action of its slot: the child's position.
    pub(crate) edges: Vec<u32>,
    /// Per position of a terminal node: the payoff of player 0, in each utility.
    pub(crate) payoff: Vec<[f64; 2]>,
    /// Per deal: its weight.
    pub(crate) weight: Vec<f64>,
    /// The blueprint's strategy per slot action (the prior).
    pub(crate) prior: Vec<f64>,
    /// Per slot: its information-set key.
    pub(crate) keys: Vec<K>,
    /// Information-set key to slot, at the root node only.
    pub(crate) root_slots: HashMap<K, u32>,
    /// Seats of the game.
    pub(crate) seats: usize,
    /// The team of each seat.
    pub(crate) team: Vec<u8>,
    pub(crate) actions_total: usize,
}

/// A deal of a subgame: the game state at its root and its probability (weights need not sum
/// to one; they are normalised).
#[derive(Clone, Copy, Debug)]
pub struct WeightedDeal<S> {
    /// The game state at the subgame's root.
    pub state: S,
    /// Its weight.
    pub weight: f64,
}

/// Entries of a node under construction: (deal, state, parent position, action index).
type Group<S> = Vec<(u32, S, u32, u8)>;

impl<K: Copy + Eq + std::hash::Hash + std::fmt::Debug> DealTree<K> {
    /// The public tree of `root`'s game from `deals` (all at one public state), with at most
    /// `max_positions` positions.
    ///
    /// Errors: no deal with a positive weight, deals at different public states or kinds of
    /// node, a chance node inside the subgame (not supported), an information set whose
    /// action count changes, or more positions than `max_positions`.
    pub fn build<R>(
        root: &R,
        deals: &[WeightedDeal<<R::G as Game>::State>],
        max_positions: usize,
    ) -> Result<DealTree<K>, CfrError>
    where
        R: VectorRoot,
        R::G: Game<Key = K>,
    {
        let total: f64 = deals.iter().map(|d| d.weight.max(0.0)).sum();
        if total <= 0.0 || !total.is_finite() {
            return Err(CfrError::InvalidConfig(
                "no deal of the subgame has a positive weight".into(),
            ));
        }
        let g = root.game();
        let seats = g.seats();
        let mut tree = DealTree {
            nodes: Vec::new(),
            slots: Vec::new(),
            deal: Vec::new(),
            parent: Vec::new(),
            action: Vec::new(),
            slot_of: Vec::new(),
            edge_start: Vec::new(),
            edges: Vec::new(),
            payoff: Vec::new(),
            weight: deals.iter().map(|d| d.weight.max(0.0) / total).collect(),
            prior: Vec::new(),
            keys: Vec::new(),
            root_slots: HashMap::default(),
            seats,
            team: (0..seats).map(|s| g.seat_player(s) as u8).collect(),
            actions_total: 0,
        };
        let group: Group<_> = deals
            .iter()
            .enumerate()
            .filter(|(_, d)| d.weight > 0.0)
            .map(|(i, d)| (i as u32, d.state, NO_PARENT, 0))
            .collect();
        tree.add(root, u32::MAX, group, max_positions)?;
        tree.actions_total = tree.prior.len();
        tree.link();
        Ok(tree)
    }

    /// Adds the node of `group` (its entries all at one public state) and its subtree.
    fn add<R>(
        &mut self,
        root: &R,
        parent: u32,
        group: Group<<R::G as Game>::State>,
        max_positions: usize,
    ) -> Result<(), CfrError>
    where
        R: VectorRoot,
        R::G: Game<Key = K>,
    {
        let g = root.game();
        let start = self.deal.len();
        if start + group.len() > max_positions {
            return Err(CfrError::TreeTooLarge {
                limit: max_positions,
            });
        }
        let id = self.nodes.len() as u32;
        let kind = g.node_kind(&group[0].1);
        let seat = match kind {
            NodeKind::Player(_) => Some(g.acting_seat(&group[0].1) as u8),
            NodeKind::Terminal => None,
            NodeKind::Chance => {
                return Err(CfrError::InvalidConfig(
                    "a chance node inside a range re-solve's subgame".into(),
                ))
            }
        };
        for (_, s, _, _) in &group {
            let same = match seat {
                Some(k) => {
                    matches!(g.node_kind(s), NodeKind::Player(_)) && g.acting_seat(s) as u8 == k
                }
                None => g.node_kind(s) == NodeKind::Terminal,
            };
            if !same {
                return Err(CfrError::InvalidConfig(
                    "deals at one public node disagree on who acts".into(),
                ));
            }
        }
        let first_slot = self.slots.len() as u32;
        self.nodes.push(Node {
            seat,
            player: seat.map_or(0, |s| self.team[s as usize]),
            positions: start as u32..(start + group.len()) as u32,
            slots: first_slot..first_slot,
            parent,
        });
        for &(deal, ref s, up, a) in &group {
            self.deal.push(deal);
            self.parent.push(up);
            self.action.push(a);
            let payoff = if seat.is_none() {
                root.payoffs(s)
            } else {
                [0.0; 2]
            };
            self.payoff.push(payoff);
            self.slot_of.push(u32::MAX);
        }
        let Some(seat) = seat else {
            return Ok(());
        };
        // Slots (information sets) and the children, by public label in first-seen order.
        let mut by_key: HashMap<K, u32> = HashMap::default();
        let mut children: Vec<Group<_>> = Vec::new();
        let mut by_label: HashMap<u64, usize> = HashMap::default();
        let mut legal = ActionList::new();
        let mut prior = [0f32; crate::MAX_ACTIONS];
        for (k, &(deal, ref s, _, _)) in group.iter().enumerate() {
            let pos = (start + k) as u32;
            g.legal_actions(s, &mut legal);
            if legal.is_empty() {
                return Err(CfrError::NoLegalAction);
            }
            let key = g.info_key(s);
            let slot = match by_key.get(&key) {
                Some(&slot) => {
                    let stored = self.slots[slot as usize].actions as usize;
                    if stored != legal.len() {
                        return Err(CfrError::ActionCountMismatch {
                            key: format!("{key:?}"),
                            stored,
                            seen: legal.len(),
                        });
                    }
                    slot
                }
                None => {
                    let slot = self.slots.len() as u32;
                    let n = legal.len();
                    prior[..n].fill(1.0 / n as f32);
                    root.prior(s, &mut prior[..n]);
                    let sum: f64 = prior[..n].iter().map(|&p| p.max(0.0) as f64).sum();
                    self.keys.push(key);
                    self.slots.push(Slot {
                        player: self.team[seat as usize],
                        actions: n as u8,
                        offset: self.prior.len() as u32,
                        first: pos,
                    });
                    for &p in &prior[..n] {
                        self.prior.push(if sum > 0.0 {
                            p.max(0.0) as f64 / sum
                        } else {
                            1.0 / n as f64
                        });
                    }
                    by_key.insert(key, slot);
                    if parent == u32::MAX {
                        self.root_slots.insert(key, slot);
                    }
                    slot
                }
            };
            self.slot_of[pos as usize] = slot;
            for (i, &a) in legal.iter().enumerate() {
                let mut child = *s;
                g.apply(&mut child, a);
                // Who acts next (or that the game ended) is public too.
                let next = match g.node_kind(&child) {
                    NodeKind::Player(_) => g.acting_seat(&child) as u64 + 1,
                    _ => 0,
                };
                let label =
                    root.public_label(s, a, &child) ^ next.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let entry = (deal, child, pos, i as u8);
                match by_label.get(&label) {
                    Some(&c) => children[c].push(entry),
                    None => {
                        by_label.insert(label, children.len());
                        children.push(vec![entry]);
                    }
                }
            }
        }
        self.nodes[id as usize].slots = first_slot..self.slots.len() as u32;
        drop(group);
        for child in children {
            self.add(root, id, child, max_positions)?;
        }
        Ok(())
    }

    /// Fills `edge_start` and `edges`: each decision position's children by action.
    fn link(&mut self) {
        let mut next = 0u32;
        self.edge_start = self
            .slot_of
            .iter()
            .map(|&s| {
                let start = next;
                if s != u32::MAX {
                    next += self.slots[s as usize].actions as u32;
                }
                start
            })
            .collect();
        self.edges = vec![u32::MAX; next as usize];
        for (p, &q) in self.parent.iter().enumerate() {
            if q != NO_PARENT {
                self.edges[(self.edge_start[q as usize] + self.action[p] as u32) as usize] =
                    p as u32;
            }
        }
    }

    /// The position of `p`'s child by its slot's action `a` (a decision position).
    #[inline]
    pub(crate) fn child(&self, p: usize, a: usize) -> usize {
        self.edges[self.edge_start[p] as usize + a] as usize
    }

    /// Number of public nodes.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Number of positions (deals summed over the public nodes): the work of one pass.
    pub fn positions(&self) -> usize {
        self.deal.len()
    }

    /// Number of information sets.
    pub fn info_sets(&self) -> usize {
        self.slots.len()
    }

    /// The slot of the root information set `key`, if some deal reaches it.
    pub(crate) fn root_slot(&self, key: &K) -> Option<u32> {
        self.root_slots.get(key).copied()
    }
}
