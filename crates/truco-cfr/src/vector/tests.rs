use std::collections::HashMap;

use super::*;
use crate::games::kuhn::{Kuhn, KuhnAction};
use crate::games::leduc::{Leduc, LeducAction, LeducState};
use crate::{exploitability, ActionList, Algorithm, FullSolver, NodeKind, Tree};

/// Kuhn poker after the deal: every deal of the two cards, all public actions.
struct KuhnRoot;

impl VectorRoot for KuhnRoot {
    type G = Kuhn;
    fn game(&self) -> &Kuhn {
        &Kuhn
    }
    fn public_label(
        &self,
        _: &<Kuhn as Game>::State,
        a: KuhnAction,
        _: &<Kuhn as Game>::State,
    ) -> u64 {
        a as u64
    }
}

fn kuhn_deals() -> Vec<WeightedDeal<<Kuhn as Game>::State>> {
    let mut out = Vec::new();
    for a in 0..3u8 {
        for b in (0..3u8).filter(|&b| b != a) {
            let mut s = Kuhn.root();
            Kuhn.apply_chance(&mut s, a);
            Kuhn.apply_chance(&mut s, b);
            out.push(WeightedDeal {
                state: s,
                weight: 1.0,
            });
        }
    }
    out
}

#[test]
fn kuhn_converges_to_its_value() {
    for discount in [Discount::CfrPlus, Discount::Dcfr] {
        let (mut solver, stats) = solve(
            &KuhnRoot,
            &kuhn_deals(),
            Budget::Iterations(2000),
            discount,
            None,
            1 << 10,
        )
        .unwrap();
        assert_eq!(stats.deals, 6);
        assert_eq!(stats.info_sets, 12);
        let v = solver.value_of(Strategy::Average, 0);
        assert!((v + 1.0 / 18.0).abs() < 2e-3, "{discount:?}: value {v}");
        let e = solver.exploitability();
        assert!(e < 2e-3 && e > -1e-9, "{discount:?}: exploitability {e}");
    }
}

#[test]
fn the_first_iteration_plays_the_prior_and_the_exploitability_is_exact() {
    // Uniform Kuhn play: its exploitability from the exact tree solver.
    let (mut solver, _) = solve(
        &KuhnRoot,
        &kuhn_deals(),
        Budget::Iterations(0),
        Discount::CfrPlus,
        None,
        1 << 10,
    )
    .unwrap();
    let tree = Tree::build(&Kuhn, 1000).unwrap();
    let want = exploitability(&tree, &tree.uniform_policy());
    let v0 = solver.best_response(Strategy::Prior, 0, 0);
    let v1 = solver.best_response(Strategy::Prior, 1, 0);
    assert!(
        ((v0 - v1) / 2.0 - want).abs() < 1e-9,
        "{} vs {want}",
        (v0 - v1) / 2.0
    );
}

#[test]
fn bad_subgames_are_refused() {
    let mut deals = kuhn_deals();
    deals.iter_mut().for_each(|d| d.weight = 0.0);
    let e = solve(
        &KuhnRoot,
        &deals,
        Budget::Iterations(1),
        Discount::CfrPlus,
        None,
        1 << 10,
    );
    assert!(e.is_err());
    // A chance node inside.
    let root = vec![WeightedDeal {
        state: Kuhn.root(),
        weight: 1.0,
    }];
    assert!(DealTree::build(&KuhnRoot, &root, 1 << 10).is_err());
    // Too many positions.
    let e = DealTree::build(&KuhnRoot, &kuhn_deals(), 8);
    assert!(matches!(e, Err(CfrError::TreeTooLarge { .. })));
    // A gadget of another subgame.
    let g = Gadget::new(1, GadgetKind::Resolve, vec![0; 3]);
    let e = solve(
        &KuhnRoot,
        &kuhn_deals(),
        Budget::Iterations(1),
        Discount::CfrPlus,
        Some(g),
        1 << 10,
    );
    assert!(e.is_err());
}

/// Leduc round 2 after a round-1 line with the board turned.
struct LeducRound2<'a> {
    board: u8,
    /// The blueprint's strategy by information-set key.
    blueprint: &'a HashMap<u32, Vec<f64>>,
}

impl VectorRoot for LeducRound2<'_> {
    type G = Leduc;
    fn game(&self) -> &Leduc {
        &Leduc
    }
    fn public_label(&self, _: &LeducState, a: LeducAction, _: &LeducState) -> u64 {
        a as u64
    }
    fn prior(&self, s: &LeducState, out: &mut [f32]) {
        if let Some(p) = self.blueprint.get(&Leduc.info_key(s)) {
            for (o, &x) in out.iter_mut().zip(p) {
                *o = x as f32;
            }
        }
        let _ = self.board;
    }
}

fn world(a: u8, b: u8, line: &[LeducAction], board: u8) -> LeducState {
    let mut s = Leduc.root();
    Leduc.apply_chance(&mut s, a);
    Leduc.apply_chance(&mut s, b);
    for &x in line {
        Leduc.apply(&mut s, x);
    }
    Leduc.apply_chance(&mut s, board);
    s
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

/// The blueprint's probability of each player's round-1 line with card `c`.
fn reach(by_key: &HashMap<u32, Vec<f64>>, line: &[LeducAction], p: usize, c: u8) -> f64 {
    let mut s = Leduc.root();
    Leduc.apply_chance(&mut s, if p == 0 { c } else { (c + 1) % 6 });
    Leduc.apply_chance(&mut s, if p == 1 { c } else { (c + 1) % 6 });
    let mut r = 1.0;
    for (k, &a) in line.iter().enumerate() {
        if k % 2 == p {
            let mut legal = ActionList::new();
            Leduc.legal_actions(&s, &mut legal);
            let i = legal.iter().position(|&x| x == a).unwrap();
            r *= by_key[&Leduc.info_key(&s)][i];
        }
        Leduc.apply(&mut s, a);
    }
    r
}

/// The blueprint with round 2 re-solved at every public state from the blueprint's ranges:
/// each player's strategies from its own re-solve, guarded against the other with a gadget
/// when `safe`.
fn blueprint_plus_search(
    tree: &Tree<u32>,
    blueprint: &[f64],
    iterations: u64,
    safe: Option<GadgetKind>,
) -> Vec<f64> {
    blueprint_plus_checked_search(tree, blueprint, iterations, safe, false)
}

/// [`blueprint_plus_search`]; when `checked`, a guarded re-solve whose gadget margin is
/// negative is dropped (the blueprint stays in that subgame).
fn blueprint_plus_checked_search(
    tree: &Tree<u32>,
    blueprint: &[f64],
    iterations: u64,
    safe: Option<GadgetKind>,
    checked: bool,
) -> Vec<f64> {
    let by_key: HashMap<u32, Vec<f64>> = (0..tree.num_info_sets())
        .map(|i| (*tree.info_key(i), blueprint[tree.info_range(i)].to_vec()))
        .collect();
    let mut refined: HashMap<u32, Vec<f64>> = HashMap::new();
    for line in round1_lines() {
        for board in 0..6u8 {
            let r: [Vec<f64>; 2] =
                std::array::from_fn(|p| (0..6u8).map(|c| reach(&by_key, &line, p, c)).collect());
            let mut deals = Vec::new();
            let mut items = Vec::new();
            for a in (0..6u8).filter(|&a| a != board) {
                for b in (0..6u8).filter(|&b| b != board && b != a) {
                    deals.push(WeightedDeal {
                        state: world(a, b, &line, board),
                        weight: r[0][a as usize] * r[1][b as usize],
                    });
                    items.push([a as u32, b as u32]);
                }
            }
            if deals.iter().all(|d| d.weight <= 0.0) {
                continue; // a line the blueprint never plays
            }
            let root = LeducRound2 {
                board,
                blueprint: &by_key,
            };
            for me in 0..2usize {
                let gadget =
                    safe.map(|k| Gadget::new(1 - me, k, items.iter().map(|i| i[1 - me]).collect()));
                let (mut solver, _) = solve(
                    &root,
                    &deals,
                    Budget::Iterations(iterations),
                    Discount::CfrPlus,
                    gadget,
                    1 << 16,
                )
                .unwrap();
                let holds = solver.holds_gadget(Strategy::Average);
                assert_eq!(holds.is_some(), safe.is_some());
                if checked && holds == Some(false) {
                    continue;
                }
                for (key, strategy) in solver.strategies(Strategy::Average) {
                    // Leduc keys hold the acting player's card; the player by the history.
                    let own = solver
                        .tree()
                        .slots
                        .iter()
                        .zip(&solver.tree().keys)
                        .find(|(_, k)| **k == key)
                        .map(|(s, _)| s.player as usize);
                    if own == Some(me) {
                        refined.insert(key, strategy);
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

fn leduc_equilibrium() -> (Tree<u32>, Vec<f64>) {
    let tree = Tree::build(&Leduc, 1 << 20).unwrap();
    let mut full = FullSolver::new(&tree, Algorithm::CfrPlus).unwrap();
    full.run(&tree, 400);
    let p = full.average_policy(&tree);
    (tree, p)
}

#[test]
fn safe_resolving_from_an_equilibrium_costs_almost_nothing() {
    let (tree, blueprint) = leduc_equilibrium();
    let before = exploitability(&tree, &blueprint);
    assert!(before < 0.01, "blueprint {before}");
    let unsafe_ = exploitability(&tree, &blueprint_plus_search(&tree, &blueprint, 500, None));
    for kind in [GadgetKind::Resolve, GadgetKind::MaxMargin] {
        let safe = exploitability(
            &tree,
            &blueprint_plus_search(&tree, &blueprint, 500, Some(kind)),
        );
        eprintln!("Leduc round 2 re-solved: blueprint {before:.5}, unsafe {unsafe_:.5}, {kind:?} {safe:.5}");
        assert!(
            safe - before < 0.01,
            "blueprint {before}, {kind:?} search {safe}"
        );
    }
}

#[test]
fn safe_resolving_still_fixes_a_bad_round_two() {
    let (tree, blueprint) = leduc_bad_round_two();
    let before = exploitability(&tree, &blueprint);
    let unsafe_ = exploitability(&tree, &blueprint_plus_search(&tree, &blueprint, 500, None));
    let resolve = exploitability(
        &tree,
        &blueprint_plus_search(&tree, &blueprint, 500, Some(GadgetKind::Resolve)),
    );
    let margin = exploitability(
        &tree,
        &blueprint_plus_search(&tree, &blueprint, 500, Some(GadgetKind::MaxMargin)),
    );
    eprintln!("bad round 2: blueprint {before:.4}, unsafe {unsafe_:.4}, resolve {resolve:.4}, max-margin {margin:.4}");
    assert!(
        unsafe_ < before / 4.0,
        "blueprint {before}, unsafe search {unsafe_}"
    );
    assert!(
        resolve < before,
        "blueprint {before}, resolve gadget {resolve}"
    );
    assert!(
        margin < before / 2.0,
        "blueprint {before}, max-margin gadget {margin}"
    );
}

/// A round 2 as bad as uniform play over the equilibrium's round 1.
fn leduc_bad_round_two() -> (Tree<u32>, Vec<f64>) {
    let (tree, eq) = leduc_equilibrium();
    let uniform = tree.uniform_policy();
    let mut blueprint = eq;
    for i in 0..tree.num_info_sets() {
        if tree.info_key(i) >> 4 & 15 != 15 {
            let r = tree.info_range(i);
            blueprint[r.clone()].copy_from_slice(&uniform[r]);
        }
    }
    (tree, blueprint)
}

#[test]
fn the_first_iteration_keeps_the_margin_at_zero() {
    let (tree, blueprint) = leduc_bad_round_two();
    let by_key: HashMap<u32, Vec<f64>> = (0..tree.num_info_sets())
        .map(|i| (*tree.info_key(i), blueprint[tree.info_range(i)].to_vec()))
        .collect();
    let line = &round1_lines()[0];
    let root = LeducRound2 {
        board: 0,
        blueprint: &by_key,
    };
    let mut deals = Vec::new();
    let mut items = Vec::new();
    for a in 1..6u8 {
        for b in (1..6u8).filter(|&b| b != a) {
            deals.push(WeightedDeal {
                state: world(a, b, line, 0),
                weight: reach(&by_key, line, 0, a) * reach(&by_key, line, 1, b),
            });
            items.push(b as u32);
        }
    }
    let gadget = Gadget::new(1, GadgetKind::MaxMargin, items);
    let (mut first, _) = solve(
        &root,
        &deals,
        Budget::Iterations(1),
        Discount::CfrPlus,
        Some(gadget.clone()),
        1 << 16,
    )
    .unwrap();
    let m = first.gadget_margin(Strategy::Average).unwrap();
    assert!(m.abs() < MARGIN_TOLERANCE, "the prior's margin {m}");
    let (mut solved, _) = solve(
        &root,
        &deals,
        Budget::Iterations(500),
        Discount::CfrPlus,
        Some(gadget),
        1 << 16,
    )
    .unwrap();
    let m = solved.gadget_margin(Strategy::Average).unwrap();
    assert!(m > 0.0, "a bad round 2 re-solved gains a margin: {m}");
    let (mut unguarded, _) = solve(
        &root,
        &deals,
        Budget::Iterations(5),
        Discount::CfrPlus,
        None,
        1 << 16,
    )
    .unwrap();
    assert_eq!(unguarded.gadget_margin(Strategy::Average), None);
}

#[test]
fn checked_safe_resolving_is_never_worse_than_the_blueprint() {
    for (tree, blueprint) in [leduc_equilibrium(), leduc_bad_round_two()] {
        let before = exploitability(&tree, &blueprint);
        for iterations in [1, 2, 5, 20, 100] {
            let after = exploitability(
                &tree,
                &blueprint_plus_checked_search(
                    &tree,
                    &blueprint,
                    iterations,
                    Some(GadgetKind::MaxMargin),
                    true,
                ),
            );
            eprintln!("checked max-margin, {iterations} iterations: {before:.6} -> {after:.6}");
            // The prior is kept in f32: the first iteration plays the blueprint rounded.
            assert!(
                after <= before + 1e-6,
                "{iterations} iterations: blueprint {before}, checked search {after}"
            );
        }
    }
}

#[test]
fn the_tree_of_a_round_is_its_public_tree() {
    // Round 2 after check-check, board 0: one public node per betting sequence.
    let by_key = HashMap::new();
    let root = LeducRound2 {
        board: 0,
        blueprint: &by_key,
    };
    let line = [LeducAction::Call, LeducAction::Call];
    let deals: Vec<_> = (1..6u8)
        .flat_map(|a| (1..6u8).filter(move |&b| b != a).map(move |b| (a, b)))
        .map(|(a, b)| WeightedDeal {
            state: world(a, b, &line, 0),
            weight: 1.0,
        })
        .collect();
    let tree = DealTree::build(&root, &deals, 1 << 12).unwrap();
    // Round 2 of Leduc: 9 decision sequences and 10 terminal ones... counted from the game.
    let mut count = 0;
    let mut stack = vec![deals[0].state];
    while let Some(s) = stack.pop() {
        count += 1;
        if let NodeKind::Player(_) = Leduc.node_kind(&s) {
            let mut legal = ActionList::new();
            Leduc.legal_actions(&s, &mut legal);
            for &a in legal.iter() {
                let mut t = s;
                Leduc.apply(&mut t, a);
                stack.push(t);
            }
        }
    }
    assert_eq!(tree.nodes(), count);
    assert_eq!(tree.positions(), count * deals.len());
}
