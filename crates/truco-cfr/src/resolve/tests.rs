use std::collections::HashMap;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::games::leduc::{Leduc, LeducAction, LeducState};
use crate::{exploitability, Algorithm, FullSolver, Tree};

/// Leduc after a round-1 betting sequence, with the public card turned: the private card of
/// each player is its private information.
struct LeducRound2 {
    actions: Vec<LeducAction>,
    board: u8,
}

impl PublicRoot for LeducRound2 {
    type G = Leduc;
    type Private = u8;

    fn game(&self) -> &Leduc {
        &Leduc
    }

    fn compatible(&self, a: &u8, b: &u8) -> bool {
        a != b && *a != self.board && *b != self.board
    }

    fn world(&self, a: &u8, b: &u8) -> LeducState {
        let mut s = Leduc.root();
        Leduc.apply_chance(&mut s, *a);
        Leduc.apply_chance(&mut s, *b);
        for &x in &self.actions {
            Leduc.apply(&mut s, x);
        }
        Leduc.apply_chance(&mut s, self.board);
        s
    }
}

fn rng() -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(5)
}

fn uniform_ranges() -> [Range<u8>; 2] {
    let r: Range<u8> = (0..6).map(|c| (c, 1.0)).collect();
    [r.clone(), r]
}

#[test]
fn focused_draws_are_reweighted_to_the_joint_distribution() {
    let root = LeducRound2 {
        actions: vec![LeducAction::Call, LeducAction::Call],
        board: 0,
    };
    let mut ranges = uniform_ranges();
    ranges[1][5].1 = 3.0; // player 1 likelier to hold card 5
    let focus = Focus { player: 0, item: 2 };
    let g = Subgame::new(&root, ranges, Some(focus), &mut rng()).unwrap();
    let mut exact = Vec::new();
    g.chance_outcomes(&g.root(), &mut exact);
    let p: HashMap<[u32; 2], f64> = exact.iter().map(|(o, p)| (o.items, *p)).collect();
    let mut weighted: HashMap<[u32; 2], f64> = HashMap::new();
    let (n, mut focus_draws) = (400_000, 0usize);
    let mut r = rng();
    for _ in 0..n {
        let o = g.sample_chance(&g.root(), &mut r);
        assert!(p.contains_key(&o.items), "drew an impossible pair {o:?}");
        focus_draws += usize::from(o.items[0] == 2);
        *weighted.entry(o.items).or_default() += o.weight / n as f64;
    }
    // The focus item is drawn about half the time, against 1/5 unfocused...
    let share = focus_draws as f64 / n as f64;
    assert!(share > 0.55, "focus drawn {share}");
    // ...and the weights give every pair its joint probability back.
    for (items, &want) in &p {
        let got = weighted.get(items).copied().unwrap_or(0.0);
        assert!((got - want).abs() < 0.006, "{items:?}: {got} vs {want}");
    }
}

#[test]
fn a_range_without_weight_or_a_foreign_focus_is_refused() {
    let root = LeducRound2 {
        actions: vec![LeducAction::Call, LeducAction::Call],
        board: 0,
    };
    let mut ranges = uniform_ranges();
    ranges[1].iter_mut().for_each(|x| x.1 = 0.0);
    assert!(Subgame::new(&root, ranges, None, &mut rng()).is_err());
    let e = Subgame::new(
        &root,
        uniform_ranges(),
        Some(Focus { player: 0, item: 9 }),
        &mut rng(),
    );
    assert!(e.is_err());
    // Player 0 holding the board card: no world.
    let mut ranges = uniform_ranges();
    ranges[0] = vec![(0, 1.0)];
    let e = Subgame::new(
        &root,
        ranges,
        Some(Focus { player: 0, item: 0 }),
        &mut rng(),
    );
    assert!(e.is_err());
}

/// The blueprint's probability of `a` at `s` (by the blueprint's information-set map).
fn blueprint_prob(tree_policy: &HashMap<u32, Vec<f64>>, s: &LeducState, a: LeducAction) -> f64 {
    let mut legal = ActionList::new();
    Leduc.legal_actions(s, &mut legal);
    let i = legal.iter().position(|&x| x == a).unwrap();
    tree_policy[&Leduc.info_key(s)][i]
}

/// Every round-1 sequence that reaches round 2.
fn round1_lines() -> Vec<Vec<LeducAction>> {
    use LeducAction::{Call as C, Raise as R};
    vec![
        vec![C, C],
        vec![C, R, C],
        vec![C, R, R, C],
        vec![R, C],
        vec![R, R, C],
    ]
}

/// Re-solves every round-2 public state of Leduc from the ranges `blueprint` reaches it with,
/// and returns the blueprint with round 2 replaced by the re-solved strategies.
fn blueprint_plus_search(tree: &Tree<u32>, blueprint: &[f64], iterations: u64) -> Vec<f64> {
    let by_key: HashMap<u32, Vec<f64>> = (0..tree.num_info_sets())
        .map(|i| (*tree.info_key(i), blueprint[tree.info_range(i)].to_vec()))
        .collect();
    let mut refined: HashMap<u32, Vec<f64>> = HashMap::new();
    for line in round1_lines() {
        for board in 0..6u8 {
            let root = LeducRound2 {
                actions: line.clone(),
                board,
            };
            // Reach of each private card: the product of its own round-1 probabilities.
            let ranges: [Range<u8>; 2] = std::array::from_fn(|p| {
                (0..6u8)
                    .map(|c| {
                        let mut s = Leduc.root();
                        Leduc.apply_chance(&mut s, if p == 0 { c } else { (c + 1) % 6 });
                        Leduc.apply_chance(&mut s, if p == 1 { c } else { (c + 1) % 6 });
                        let mut reach = 1.0;
                        for (k, &a) in line.iter().enumerate() {
                            if k % 2 == p {
                                reach *= blueprint_prob(&by_key, &s, a);
                            }
                            Leduc.apply(&mut s, a);
                        }
                        (c, reach)
                    })
                    .collect()
            });
            if ranges.iter().any(|r| r.iter().all(|x| x.1 <= 0.0)) {
                continue; // a line the blueprint never plays
            }
            let g = Subgame::new(&root, ranges, None, &mut rng()).unwrap();
            let (solver, _) = resolve(&g, Budget::Iterations(iterations), 3, 1 << 12).unwrap();
            for c in 0..6u8 {
                for o in (0..6u8).filter(|&o| root.compatible(&c, &o)) {
                    // Walk every round-2 node of this world and keep its average strategy.
                    let mut stack = vec![root.world(&c, &o)];
                    while let Some(s) = stack.pop() {
                        if let NodeKind::Player(_) = Leduc.node_kind(&s) {
                            let key = Leduc.info_key(&s);
                            let mut out = [0.0; 3];
                            if let Some(n) = solver.average_strategy(&key, &mut out).unwrap() {
                                refined.insert(key, out[..n].to_vec());
                            }
                            let mut legal = ActionList::new();
                            Leduc.legal_actions(&s, &mut legal);
                            for &a in legal.iter() {
                                let mut t = s;
                                Leduc.apply(&mut t, a);
                                stack.push(t);
                            }
                        }
                    }
                }
            }
        }
    }
    tree.policy_from_fn(|key, out| match refined.get(key) {
        Some(p) => out.copy_from_slice(p),
        None => out.copy_from_slice(&by_key[key]),
    })
}

#[test]
fn unsafe_resolving_from_an_equilibrium_costs_a_bounded_amount() {
    let tree = Tree::build(&Leduc, 1 << 20).unwrap();
    let mut full = FullSolver::new(&tree, Algorithm::CfrPlus).unwrap();
    full.run(&tree, 400);
    let blueprint = full.average_policy(&tree);
    let before = exploitability(&tree, &blueprint);
    let after = exploitability(&tree, &blueprint_plus_search(&tree, &blueprint, 160_000));
    assert!(before < 0.01, "blueprint {before}");
    // Unsafe re-solving: the subgame's equilibria given the blueprint's ranges are not the
    // blueprint's, and a best response that changes its round-1 play meets them with other
    // ranges. Measured 0.093 chips (0.0013 before): the known cost, pinned here.
    assert!(after < 0.12, "blueprint {before}, with search {after}");
}

#[test]
fn resolving_fixes_a_bad_round_two() {
    // Round 1 from an equilibrium, round 2 uniform: re-solving round 2 from the (sound)
    // round-1 ranges gives most of the equilibrium back.
    let tree = Tree::build(&Leduc, 1 << 20).unwrap();
    let mut full = FullSolver::new(&tree, Algorithm::CfrPlus).unwrap();
    full.run(&tree, 400);
    let eq = full.average_policy(&tree);
    let uniform = tree.uniform_policy();
    let mut blueprint = eq.clone();
    for i in 0..tree.num_info_sets() {
        let round2 = tree.info_key(i) >> 4 & 15 != 15;
        if round2 {
            let r = tree.info_range(i);
            blueprint[r.clone()].copy_from_slice(&uniform[r]);
        }
    }
    let before = exploitability(&tree, &blueprint);
    let after = exploitability(&tree, &blueprint_plus_search(&tree, &blueprint, 40_000));
    assert!(
        after < before / 4.0,
        "blueprint {before}, with search {after}"
    );
}

/// [`LeducRound2`] whose blueprint always takes the first legal action.
struct FirstActionBlueprint(LeducRound2);

impl PublicRoot for FirstActionBlueprint {
    type G = Leduc;
    type Private = u8;

    fn game(&self) -> &Leduc {
        &Leduc
    }

    fn compatible(&self, a: &u8, b: &u8) -> bool {
        self.0.compatible(a, b)
    }

    fn world(&self, a: &u8, b: &u8) -> LeducState {
        self.0.world(a, b)
    }

    fn prior(&self, _s: &LeducState, out: &mut [f32]) {
        out.fill(0.0);
        out[0] = 1.0;
    }
}

#[test]
fn where_no_regret_is_positive_the_subgame_plays_the_prior() {
    let root = FirstActionBlueprint(LeducRound2 {
        actions: vec![LeducAction::Call, LeducAction::Call],
        board: 0,
    });
    let g = Subgame::new(&root, uniform_ranges(), None, &mut rng()).unwrap();
    // One iteration (information sets created wherever met): player 1's strategy sums come
    // from player 0's traversal, where player 1 has no regret yet and so plays the prior.
    let mut solver = McSolver::new(McConfig {
        max_info_sets: 1 << 10,
        max_actions: 1 << 12,
        ..McConfig::default()
    })
    .unwrap();
    solver.train(&g, 1).unwrap();
    let (mut prior_like, mut other) = (0, 0);
    for c in 1..6u8 {
        for o in (1..6u8).filter(|&o| o != c) {
            let s = root.world(&c, &o);
            let mut stack = vec![s];
            while let Some(s) = stack.pop() {
                let NodeKind::Player(p) = Leduc.node_kind(&s) else {
                    continue;
                };
                let mut legal = ActionList::new();
                Leduc.legal_actions(&s, &mut legal);
                let mut out = [0.0; 3];
                if p == 1 {
                    if let Some(n) = solver
                        .average_strategy(&Leduc.info_key(&s), &mut out)
                        .unwrap()
                    {
                        let uniform = out[..n].iter().all(|&x| (x - 1.0 / n as f64).abs() < 1e-9);
                        if out[0] == 1.0 {
                            prior_like += 1;
                        } else if !uniform {
                            other += 1;
                        }
                    }
                }
                for &a in legal.iter() {
                    let mut t = s;
                    Leduc.apply(&mut t, a);
                    stack.push(t);
                }
            }
        }
    }
    assert!(
        prior_like > 0 && other == 0,
        "{prior_like} like the prior, {other} not"
    );
}
