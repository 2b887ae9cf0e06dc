//! Warm start measured on Leduc poker: training continued from a strategy and per-set masses
//! (what a table and its warm-start sidecar keep, no checkpoint), against training resumed from
//! the solver and a fresh run, with ES-MCCFR and Linear-CFR discounting every T/10.
//!
//! Usage: `cargo run -p truco-cfr --release --example warm_start -- [T] [seeds]`. Prints the
//! exploitability (chips) of each way, per seed and on average.

use truco_cfr::games::Leduc;
use truco_cfr::{exploitability, McConfig, McSolver, Tree};

/// Trains `s` up to `until` iterations, discounting linearly every `period`.
fn train_to(s: &mut McSolver<u32>, until: u64, period: u64) {
    while s.iterations() < until {
        let step = (period - s.iterations() % period).min(until - s.iterations());
        s.train(&Leduc, step).unwrap();
        if s.iterations().is_multiple_of(period) {
            let k = (s.iterations() / period) as f32;
            s.discount(k / (k + 1.0), k / (k + 1.0)).unwrap();
        }
    }
}

/// The value's one-byte logarithmic code decoded again (8 codes per doubling below `scale`).
fn one_byte(x: f32, scale: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let c = ((8.0 * (x / scale).log2()).round() + 255.0).clamp(0.0, 255.0);
    if c == 0.0 {
        0.0
    } else {
        scale * ((c - 255.0) / 8.0).exp2()
    }
}

/// An information set of the first run: key, average strategy, strategy-sum mass, positive
/// regret.
type Row = (u32, Vec<f64>, f32, f32);

/// How a warm-started set gets its strategy-sum mass and its regret mass.
#[derive(Clone, Copy)]
enum Seeding {
    /// The set's own mass and positive regret.
    Own,
    /// The same, each as one byte on a log scale.
    OwnOneByte,
    /// The set's own mass, no regret.
    OwnMassOnly,
    /// One mass for every set, regrets that mass times the factor.
    Fixed(f32, f32),
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let t: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seeds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let period = (t / 10).max(1);
    let tree = Tree::build(&Leduc, 1 << 20).unwrap();
    let config = |seed| McConfig {
        seed,
        max_info_sets: 1 << 12,
        max_actions: 1 << 14,
        ..McConfig::default()
    };
    let expl = |s: &McSolver<u32>| exploitability(&tree, &s.tree_policy(&tree));
    let ways: [(&str, Option<Seeding>); 10] = [
        ("T iterations", None),
        ("2T, resumed", None),
        ("2T, fresh", None),
        ("2T, seeded: own mass and regret", Some(Seeding::Own)),
        (
            "2T, seeded: the same, one byte each",
            Some(Seeding::OwnOneByte),
        ),
        (
            "2T, seeded: own mass, no regret",
            Some(Seeding::OwnMassOnly),
        ),
        (
            "2T, seeded: mass 10, regret 10",
            Some(Seeding::Fixed(10.0, 1.0)),
        ),
        (
            "2T, seeded: mass 100, regret 100",
            Some(Seeding::Fixed(100.0, 1.0)),
        ),
        (
            "2T, seeded: mass 1000, regret 1000",
            Some(Seeding::Fixed(1000.0, 1.0)),
        ),
        (
            "2T, seeded: mass T/2, no regret",
            Some(Seeding::Fixed(t as f32 / 2.0, 0.0)),
        ),
    ];
    let mut sums = vec![0.0; ways.len()];
    println!("Leduc, ES-MCCFR, T = {t}, discounting every {period}; exploitability (chips):");
    for seed in 0..seeds {
        let mut first = McSolver::new(config(seed)).unwrap();
        train_to(&mut first, t, period);
        let tab = first.table();
        let rows: Vec<Row> = tab
            .entries()
            .into_iter()
            .map(|(k, e)| {
                let mut p = vec![0.0; e.len];
                tab.average_strategy(e, &mut p).unwrap();
                let (mass, regret) = tab.masses(e);
                (k, p, mass, regret)
            })
            .collect();
        let max = |f: fn(&Row) -> f32| rows.iter().map(f).fold(0.0, f32::max);
        let (mass_scale, regret_scale) = (max(|r| r.2), max(|r| r.3));
        let mut line = Vec::new();
        line.push(expl(&first));
        let mut fresh = McSolver::new(config(seed + 100)).unwrap();
        train_to(&mut fresh, 2 * t, period);
        let mut resumed = first;
        train_to(&mut resumed, 2 * t, period);
        line.push(expl(&resumed));
        line.push(expl(&fresh));
        for (_, way) in &ways[3..] {
            let mut w = McSolver::new(config(seed + 200)).unwrap();
            for (k, p, mass, regret) in &rows {
                let (m, r) = match way.expect("a seeding") {
                    Seeding::Own => (*mass, *regret),
                    Seeding::OwnOneByte => {
                        (one_byte(*mass, mass_scale), one_byte(*regret, regret_scale))
                    }
                    Seeding::OwnMassOnly => (*mass, 0.0),
                    Seeding::Fixed(m, f) => (m, m * f),
                };
                w.seed(k, p, m, r).unwrap();
            }
            w.set_iterations(t);
            train_to(&mut w, 2 * t, period);
            line.push(expl(&w));
        }
        for (s, v) in sums.iter_mut().zip(&line) {
            *s += v;
        }
        let cells: Vec<String> = line.iter().map(|v| format!("{v:.4}")).collect();
        println!("  seed {seed}: {}", cells.join(" "));
    }
    for ((name, _), s) in ways.iter().zip(&sums) {
        println!("{name:>38}: {:.4}", s / seeds as f64);
    }
}
