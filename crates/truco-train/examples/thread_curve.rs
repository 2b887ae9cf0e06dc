//! Exploitability against wall time for ES-MCCFR on 1 and 2 threads, on Leduc poker and on
//! `arg-1v1-mini` (exact keys, exact exploitability over the whole unabstracted tree), over
//! several seeds. Training runs in calls sized like `truco train`'s (aimed at half a second
//! each); evaluation time is excluded. Writes a CSV of medians over seeds (a `truco plot
//! --curve` input) and prints, per game, the time 2 threads need to reach the exploitability 1
//! thread reaches at the end, as a fraction of 1 thread's time.
//!
//! `cargo run --release -p truco-train --example thread_curve -- --game leduc --seconds 60
//!  --points 6 --seeds 3 --out scripts/thread_curve_leduc.csv`

use std::io::Write;
use std::time::Instant;

use truco_cfr::games::Leduc;
use truco_cfr::{exploitability, Game, McConfig, McSolver, Tree};
use truco_train::game::TrucoGame;
use truco_train::keying::{Dual, DualKey, Exact};

mod curve;
use curve::{arg, schedule};

/// One run: (seconds, iterations, exploitability) at each scheduled time.
fn run<G: Game>(
    game: &G,
    threads: usize,
    seed: u64,
    capacity: usize,
    times: &[f64],
    eval: impl Fn(&McSolver<G::Key>) -> f64,
) -> Vec<(f64, u64, f64)> {
    let mut s = McSolver::new(McConfig {
        threads,
        seed,
        max_info_sets: capacity,
        max_actions: capacity * 4,
        ..McConfig::default()
    })
    .expect("solver");
    let (mut trained, mut chunk) = (0.0, 64u64);
    let mut out = Vec::new();
    for &stop in times {
        while trained < stop {
            let t = Instant::now();
            s.train(game, chunk).expect("training");
            let dt = t.elapsed().as_secs_f64().max(1e-6);
            trained += dt;
            // As `truco train`: calls of about half a second.
            chunk = ((chunk as f64 * 0.5 / dt) as u64).clamp(1, chunk.saturating_mul(4).max(4));
        }
        let e = eval(&s);
        eprintln!(
            "  {threads} thread(s), seed {seed}: {} it, {trained:.1} s, {e:.5}",
            s.iterations()
        );
        out.push((trained, s.iterations(), e));
    }
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Time at which a curve of (seconds, exploitability) first reaches `target`, interpolated
/// log-log between points; `None` if it never does.
fn time_to(curve: &[(f64, f64)], target: f64) -> Option<f64> {
    if curve.first()?.1 <= target {
        return Some(curve[0].0);
    }
    curve.windows(2).find_map(|w| {
        let ((t0, e0), (t1, e1)) = (w[0], w[1]);
        (e1 <= target).then(|| {
            let f = (e0.ln() - target.ln()) / (e0.ln() - e1.ln()).max(1e-12);
            (t0.ln() + f * (t1.ln() - t0.ln())).exp()
        })
    })
}

fn main() {
    let game = arg("--game", "leduc");
    let total: f64 = arg("--seconds", "60").parse().expect("--seconds N");
    let points: usize = arg("--points", "6").parse().expect("--points N");
    let seeds: u64 = arg("--seeds", "3").parse().expect("--seeds N");
    let out = arg("--out", "-");
    let times = schedule(total, points);
    let mut text = String::from("config,iterations,seconds,exploitability,min,max\n");
    let mut medians: Vec<Vec<(f64, f64)>> = Vec::new();
    let mini_tree: std::cell::OnceCell<Tree<DualKey>> = std::cell::OnceCell::new();
    for threads in [1usize, 2] {
        let runs: Vec<Vec<(f64, u64, f64)>> = (0..seeds)
            .map(|seed| match game.as_str() {
                "leduc" => {
                    let tree = Tree::build(&Leduc, 1 << 20).expect("leduc tree");
                    run(&Leduc, threads, seed, 1 << 16, &times, |s| {
                        exploitability(&tree, &s.tree_policy(&tree))
                    })
                }
                "mini" => {
                    let t0 = Instant::now();
                    let tree: &Tree<DualKey> = mini_tree.get_or_init(|| {
                        Tree::build(&TrucoGame::mini(Dual), 200_000_000).expect("mini tree")
                    });
                    if t0.elapsed().as_secs_f64() > 1.0 {
                        eprintln!("mini tree: {} nodes", tree.num_nodes());
                    }
                    let g = TrucoGame::mini(Exact);
                    run(&g, threads, seed, 16 << 20, &times, |s| {
                        let policy = tree.policy_from_fn(|k, out| {
                            if !matches!(s.average_strategy(&k.0, out), Ok(Some(_))) {
                                out.fill(1.0 / out.len() as f64);
                            }
                        });
                        exploitability(tree, &policy)
                    })
                }
                other => panic!("--game leduc|mini, not {other}"),
            })
            .collect();
        let mut curve = Vec::new();
        for p in 0..times.len() {
            let col =
                |f: fn(&(f64, u64, f64)) -> f64| median(runs.iter().map(|r| f(&r[p])).collect());
            let (secs, iters, e) = (col(|r| r.0), col(|r| r.1 as f64), col(|r| r.2));
            let lo = runs.iter().map(|r| r[p].2).fold(f64::INFINITY, f64::min);
            let hi = runs.iter().map(|r| r[p].2).fold(0.0, f64::max);
            text.push_str(&format!(
                "{game} {threads} thread{},{iters:.0},{secs:.2},{e:.6},{lo:.6},{hi:.6}\n",
                if threads == 1 { "" } else { "s" }
            ));
            curve.push((secs, e));
        }
        medians.push(curve);
    }
    let (one, two) = (&medians[0], &medians[1]);
    let (t1, target) = *one.last().expect("points");
    match time_to(two, target) {
        Some(t2) => println!(
            "{game}: 1 thread reaches {target:.5} in {t1:.1} s; 2 threads in {t2:.1} s = {:.2} of 1 thread's time (median of {seeds} seeds)",
            t2 / t1
        ),
        None => println!(
            "{game}: 1 thread reaches {target:.5} in {t1:.1} s; 2 threads do not reach it in {t1:.1} s (median of {seeds} seeds)"
        ),
    }
    if out == "-" {
        print!("{text}");
    } else {
        let mut f = std::fs::File::create(&out).expect("output file");
        f.write_all(text.as_bytes()).expect("write");
        eprintln!("wrote {out}");
    }
}
