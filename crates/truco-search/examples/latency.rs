//! Latency of one searched decision on one core, at the start of a hand and after trick 1.
//!
//!   cargo run --release -p truco-search --example latency -- [TABLE] [BUDGET] [SPOTS] [METHOD]
//!
//! METHOD: `vector` (the default here: range-vector CFR+ with a max-margin gadget),
//! `vector-unsafe` (no gadget), `vector-N` (at most N deals) or `sampled` (single-deal ES-MCCFR,
//! the searcher's default).
//! Spots: random deals at random scores of the table's game (the Argentine games), the hand
//! played by random non-folding actions up to the first decision of the hand ("start") or the
//! first decision after trick 1 ("trick 2+"). Prints the median, 90th and 99th percentile wall
//! time per decision, with the iterations and information sets of the search, and why the
//! blueprint answered where it did.

mod common;

use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_query::Policy;
use truco_search::searcher::{Method, DEFAULT_DEALS};
use truco_search::{SearchBudget, Searcher};

use common::spot;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let table = args.get(1).map_or("models/arg-1v1.tbl", String::as_str);
    let budget: SearchBudget = args
        .get(2)
        .map_or("20ms", String::as_str)
        .parse()
        .expect("budget");
    let n: usize = args.get(3).map_or(30, |s| s.parse().expect("spots"));
    let method = match args.get(4).map_or("vector", String::as_str) {
        "sampled" => Method::Sampled,
        "vector" => Method::default_vector(true),
        "vector-unsafe" => Method::Vector {
            deals: DEFAULT_DEALS,
            safe: false,
        },
        m => Method::Vector {
            deals: m
                .strip_prefix("vector-")
                .and_then(|n| n.parse().ok())
                .expect("method: vector, vector-unsafe, vector-N or sampled"),
            safe: true,
        },
    };
    let policy = Arc::new(Policy::open(table).expect("table"));
    let rules = *policy.rules();
    let searcher = Searcher::new(policy, budget)
        .expect("searcher")
        .with_method(method);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    println!("table {table}, budget {budget}, {method:?}, {n} spots each");
    for (name, after) in [("start", false), ("trick 2+", true)] {
        let (mut ms, mut its, mut sets, mut why) = (vec![], vec![], vec![], vec![]);
        while ms.len() < n {
            let Some((view, events)) = spot(rules, &mut rng, after) else {
                continue;
            };
            let t = Instant::now();
            let r = match searcher.decide(&view, &events, ms.len() as u64, false) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("search failed: {e}\n  view {view:?}\n  events {events:?}");
                    std::process::exit(1);
                }
            };
            ms.push(t.elapsed().as_secs_f64() * 1e3);
            its.push(r.stats.iterations as f64);
            sets.push(r.stats.info_sets as f64);
            why.extend(r.blueprint);
        }
        let q = |v: &mut Vec<f64>, p: f64| {
            v.sort_by(f64::total_cmp);
            v[((v.len() - 1) as f64 * p).round() as usize]
        };
        println!(
            "{name:9} p50 {:7.1} ms  p90 {:7.1} ms  p99 {:7.1} ms  iterations p50 {:8.0}  info sets p50 {:8.0}  blueprint answers {}",
            q(&mut ms, 0.5),
            q(&mut ms, 0.9),
            q(&mut ms, 0.99),
            q(&mut its, 0.5),
            q(&mut sets, 0.5),
            why.len()
        );
        // Why the blueprint answered, each reason once (their counts vary with the iterations).
        why.sort();
        why.dedup_by(|a, b| a.split(" after ").next() == b.split(" after ").next());
        for reason in why {
            println!("  blueprint answered: {reason}");
        }
    }
}
