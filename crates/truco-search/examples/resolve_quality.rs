//! How good a re-solve within a budget is: the exploitability, on a common set of deals, of the
//! strategies the range-vector re-solver and the sampled (single-deal ES-MCCFR) re-solver reach
//! in the same time, beside the blueprint's.
//!
//!   cargo run --release -p truco-search --example resolve_quality -- [TABLE] [BUDGET] [SPOTS]
//!
//! Spots: random arg-1v1 deals and scores played by random non-folding actions to the first
//! decision after trick 1. For each, the reference subgame holds up to 512 deals of the two
//! ranges (the actual hand's and the rest, as the search draws them); each method re-solves
//! with its own draws and seed; the strategies are played on the reference subgame (the table
//! where a method has none) and each side best-responds. Prints the median exploitability in
//! points per hand of: the blueprint, the sampled re-solve, the vector re-solve (unsafe and
//! safe), and the reference solved to convergence (400 iterations).

mod common;

use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::resolve::{resolve, Focus, PublicRoot, Subgame};
use truco_cfr::vector::{self, Discount, Gadget, GadgetKind, Strategy};
use truco_query::Policy;
use truco_search::ranges::{others_range, seat_range};
use truco_search::root::{HandRoot, Replay};
use truco_search::SearchBudget;

use common::spot;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let table = args.get(1).map_or("models/arg-1v1.tbl", String::as_str);
    let budget: SearchBudget = args
        .get(2)
        .map_or("20ms", String::as_str)
        .parse()
        .expect("budget");
    let n: usize = args.get(3).map_or(10, |s| s.parse().expect("spots"));
    let policy = Arc::new(Policy::open(table).expect("table"));
    let rules = *policy.rules();
    let deck = rules.deck.cards();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut rows: Vec<[f64; 5]> = Vec::new();
    let mut losses: Vec<[f64; 4]> = Vec::new();
    println!("table {table}, budget {budget}, {n} spots after trick 1 (exploitability, points per hand, on a 512-deal reference)");
    while rows.len() < n {
        let Some((view, events)) = spot(rules, &mut rng, true) else {
            continue;
        };
        let replay = Replay::new(&view, &events).expect("replay");
        let root = HandRoot::new(rules, deck, &replay, &policy, None, None);
        let seat = view.seat();
        let own = seat_range(&policy, deck, &replay, seat).expect("range");
        let others = others_range(&policy, deck, &replay, seat, &mut rng).expect("range");
        let actual = truco_game::CardSet::from_cards(&view.dealt());
        let Some(item) = own.iter().position(|(d, _)| {
            d.hand(seat)
                .is_some_and(|h| truco_game::CardSet::from_cards(&h) == actual)
        }) else {
            continue;
        };
        let reference = truco_search::vector::deals(&root, &own, &others, item, 512, &mut rng);
        let Ok((mut refsolver, _)) = vector::solve(
            &root,
            &reference.deals,
            truco_cfr::resolve::Budget::Iterations(400),
            Discount::CfrPlus,
            None,
            1 << 23,
        ) else {
            continue;
        };
        let k = reference
            .own
            .iter()
            .position(|&i| i as usize == item)
            .expect("focus deal");
        let g = PublicRoot::game(&root);
        let key = truco_cfr::Game::info_key(g, &reference.deals[k].state);
        let values = refsolver
            .root_action_values(&key, Strategy::Average, 0)
            .expect("the decision");
        let best = values.iter().copied().fold(f64::MIN, f64::max);
        // What a root strategy loses against the converged continuation.
        let loss = |p: &[f64]| best - p.iter().zip(&values).map(|(p, v)| p * v).sum::<f64>();
        let converged = refsolver.exploitability();
        let mut prior = vec![0.0; values.len()];
        let bp = refsolver
            .root_strategy(&key, Strategy::Prior)
            .unwrap_or_default();
        prior[..bp.len()].copy_from_slice(&bp);
        let blueprint = refsolver.exploitability_of(|_, _| false);
        // The sampled re-solver, as the search ran it before.
        let game = Subgame::new(
            &root,
            [own.clone(), others.clone()],
            Some(Focus { player: 0, item }),
            &mut rng,
        )
        .expect("subgame");
        let (mc, _) = resolve(&game, budget.0, 7, 1 << 21).expect("resolve");
        let mut mc_root = vec![0.0; values.len()];
        let mc_loss = match mc.average_strategy(&key, &mut mc_root) {
            Ok(Some(m)) if m == values.len() => loss(&mc_root),
            _ => loss(&prior),
        };
        let sampled = refsolver.exploitability_of(
            |k, out| matches!(mc.average_strategy(k, out), Ok(Some(m)) if m == out.len()),
        );
        let mut vector_exp = [0.0; 2];
        let mut vector_loss = [0.0; 2];
        for (safe, (slot, lslot)) in [false, true]
            .into_iter()
            .zip(vector_exp.iter_mut().zip(vector_loss.iter_mut()))
        {
            let d = truco_search::vector::deals(&root, &own, &others, item, 2048, &mut rng);
            let max = budgeted(&root, &d, budget);
            let d = truco_search::vector::deals(&root, &own, &others, item, max, &mut rng);
            let g = safe.then(|| {
                Gadget::new(
                    1 - seat as usize % 2,
                    GadgetKind::MaxMargin,
                    d.others.clone(),
                )
            });
            let (vs, _) = vector::solve(&root, &d.deals, budget.0, Discount::CfrPlus, g, 1 << 23)
                .expect("solve");
            *lslot = vs
                .root_strategy(&key, Strategy::Average)
                .map_or(loss(&prior), |p| loss(&p));
            let by_key: std::collections::HashMap<_, _> =
                vs.strategies(Strategy::Average).collect();
            *slot = refsolver.exploitability_of(|k, out| match by_key.get(k) {
                Some(p) if p.len() == out.len() => {
                    out.copy_from_slice(p);
                    true
                }
                _ => false,
            });
        }
        rows.push([blueprint, sampled, vector_exp[0], vector_exp[1], converged]);
        losses.push([loss(&prior), mc_loss, vector_loss[0], vector_loss[1]]);
        println!(
            "spot {:2}: exploitability blueprint {:.4}  sampled {:.4}  vector {:.4}  vector+gadget {:.4}  reference {:.4}; decision loss {:.4} {:.4} {:.4} {:.4}",
            rows.len(), blueprint, sampled, vector_exp[0], vector_exp[1], converged,
            loss(&prior), mc_loss, vector_loss[0], vector_loss[1]
        );
    }
    let median = |k: usize| {
        let mut v: Vec<f64> = rows.iter().map(|r| r[k]).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let mean = |k: usize| losses.iter().map(|r| r[k]).sum::<f64>() / losses.len() as f64;
    println!(
        "mean decision loss (points per hand against the converged continuation): blueprint {:.4}  sampled {:.4}  vector {:.4}  vector+gadget {:.4}",
        mean(0), mean(1), mean(2), mean(3)
    );
    println!(
        "median: blueprint {:.4}  sampled {:.4}  vector {:.4}  vector+gadget {:.4}  reference {:.4}",
        median(0), median(1), median(2), median(3), median(4)
    );
}

/// Deals a time budget affords, as the searcher estimates them (35% of the budget building,
/// 4 M positions a second).
fn budgeted(root: &HandRoot<'_>, d: &truco_search::vector::Deals, budget: SearchBudget) -> usize {
    let truco_cfr::resolve::Budget::Time(t) = budget.0 else {
        return d.deals.len();
    };
    let afford = (t.as_secs_f64() * 0.35 * 4e6) as usize;
    let n = d.deals.len().min(8);
    let per = vector::DealTree::build(root, &d.deals[..n], 1 << 23)
        .map_or(1e9, |t| t.positions() as f64 / n as f64);
    ((afford as f64 / per) as usize).clamp(8, 2048)
}
