//! Throughput of the solvers on Leduc poker, printed as a Markdown table.
//!
//! Usage: `cargo run -p truco-cfr --release --example bench_leduc -- [seconds per row] [sync interval]`.
//! Used by `scripts/bench_leduc.sh`, which adds OpenSpiel's figures on the same machine.

use std::time::Instant;

use truco_cfr::games::{Leduc, LeducN};
use truco_cfr::{
    exploitability, Algorithm, CfrError, FullSolver, InfoTable, McConfig, McSolver, Tree,
};

/// CPU seconds (user + system) used by this process so far, from /proc (0 if unavailable).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// Trains in batches until `secs` have passed; returns (iterations/s, nodes/s, solver).
fn measure(config: McConfig, secs: f64) -> Result<(f64, f64, McSolver<u32>), CfrError> {
    let mut s = McSolver::new(config)?;
    s.train(&Leduc, 20_000)?; // warm-up: discover every information set
    let batch = 50_000;
    let (mut iters, mut nodes) = (0u64, 0u64);
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < secs {
        let st = s.train(&Leduc, batch)?;
        iters += st.iterations;
        nodes += st.nodes;
    }
    let dt = start.elapsed().as_secs_f64();
    eprintln!(
        "  ({} threads: {:.2} CPU-seconds per wall second, {:.0} iterations per CPU-second)",
        s.config().threads,
        (cpu_seconds() - cpu0) / dt,
        iters as f64 / (cpu_seconds() - cpu0).max(1e-9)
    );
    Ok((iters as f64 / dt, nodes as f64 / dt, s))
}

/// Scaling on a possibly shared machine: alternates short windows of (a) one thread, (b) `all`
/// threads sharing one solver, (c) `all` independent one-thread solvers in plain threads (the
/// parallelism the machine actually gives right now), keeping each one's best window.
fn scaling(all: usize, sync_interval: u64) -> Result<(), CfrError> {
    const WINDOW: u64 = 100_000;
    let config = |threads| McConfig {
        threads,
        sync_interval,
        ..McConfig::default()
    };
    let mut one = McSolver::<u32>::new(config(1))?;
    let mut shared = McSolver::<u32>::new(config(all))?;
    let mut independent = (0..all)
        .map(|_| McSolver::<u32>::new(config(1)))
        .collect::<Result<Vec<_>, _>>()?;
    one.train(&Leduc, 20_000)?;
    shared.train(&Leduc, 20_000)?;
    let mut best = [0.0f64; 3];
    let mut cpu = [0.0f64; 3];
    for _ in 0..20 {
        let (start, c0) = (Instant::now(), cpu_seconds());
        one.train(&Leduc, WINDOW)?;
        best[0] = best[0].max(WINDOW as f64 / start.elapsed().as_secs_f64());
        let (start, c1) = (Instant::now(), cpu_seconds());
        cpu[0] += c1 - c0;
        shared.train(&Leduc, WINDOW * all as u64)?;
        best[1] = best[1].max((WINDOW * all as u64) as f64 / start.elapsed().as_secs_f64());
        let (start, c2) = (Instant::now(), cpu_seconds());
        cpu[1] += c2 - c1;
        std::thread::scope(|sc| {
            let handles: Vec<_> = independent
                .iter_mut()
                .map(|s| sc.spawn(move || s.train(&Leduc, WINDOW)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(CfrError::InvalidConfig("benchmark thread panicked".into()))
                    })
                })
                .collect::<Result<Vec<_>, _>>()
        })?;
        best[2] = best[2].max((WINDOW * all as u64) as f64 / start.elapsed().as_secs_f64());
        cpu[2] += cpu_seconds() - c2;
    }
    // Iterations per CPU-second over all windows: less sensitive to other load than wall time.
    let per_cpu = [
        20.0 * WINDOW as f64 / cpu[0].max(1e-9),
        20.0 * (WINDOW * all as u64) as f64 / cpu[1].max(1e-9),
        20.0 * (WINDOW * all as u64) as f64 / cpu[2].max(1e-9),
    ];
    eprintln!(
        "es-mccfr iterations per CPU-second: 1 thread {:.0}; shared solver, {all} threads {:.0} \
         ({:.0}% of one thread); {all} independent solvers {:.0} ({:.0}%)",
        per_cpu[0],
        per_cpu[1],
        100.0 * per_cpu[1] / per_cpu[0],
        per_cpu[2],
        100.0 * per_cpu[2] / per_cpu[0]
    );
    eprintln!(
        "es-mccfr best of 20 windows: 1 thread {:.0} it/s; {all} threads, one shared solver {:.0} \
         it/s ({:.2}x); {all} independent solvers {:.0} it/s ({:.2}x, the machine's ceiling now)",
        best[0],
        best[1],
        best[1] / best[0],
        best[2],
        best[2] / best[0]
    );
    Ok(())
}

/// Full-traversal DCFR and ES-MCCFR on 7-rank Leduc (a bigger tree, whose levels are split
/// across threads), with 1 thread and with `all`.
fn wide_leduc(all: usize, secs: f64) -> Result<(), CfrError> {
    let game = LeducN::new(7)?;
    let tree = Tree::build(&game, 1 << 24)?;
    eprintln!(
        "7-rank Leduc: {} nodes, {} info sets, {} actions",
        tree.num_nodes(),
        tree.num_info_sets(),
        tree.num_actions()
    );
    for threads in [1, all] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| CfrError::InvalidConfig(e.to_string()))?;
        let mut s = FullSolver::new(&tree, Algorithm::Dcfr)?;
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < secs.min(2.0) {
            pool.install(|| s.run(&tree, 5));
        }
        let its = s.iterations() as f64 / start.elapsed().as_secs_f64();
        let e = exploitability(&tree, &s.average_policy(&tree));
        println!(
            "| truco-cfr dcfr (full), 7-rank Leduc | {threads} | {its:.1} | {:.3e} | {e:.5} after {} it |",
            its * 2.0 * 3.0 * tree.num_nodes() as f64,
            s.iterations()
        );
        let mut m = McSolver::new(McConfig {
            threads,
            max_info_sets: 1 << 15,
            max_actions: 1 << 17,
            ..McConfig::default()
        })?;
        m.train(&game, 20_000)?;
        let (mut iters, mut nodes) = (0, 0);
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < secs.min(2.0) {
            let st = m.train(&game, 50_000)?;
            iters += st.iterations;
            nodes += st.nodes;
        }
        let dt = start.elapsed().as_secs_f64();
        println!(
            "| truco-cfr es-mccfr, 7-rank Leduc | {threads} | {:.0} | {:.3e} | {:.4} after {} it |",
            iters as f64 / dt,
            nodes as f64 / dt,
            exploitability(&tree, &m.tree_policy(&tree)),
            m.iterations()
        );
    }
    Ok(())
}

fn main() -> Result<(), CfrError> {
    let secs: f64 = match std::env::args().nth(1) {
        Some(a) => a
            .parse()
            .map_err(|_| CfrError::InvalidConfig(format!("seconds {a:?}")))?,
        None => 3.0,
    };
    let sync_interval: u64 = match std::env::args().nth(2) {
        Some(a) => a
            .parse()
            .map_err(|_| CfrError::InvalidConfig(format!("sync interval {a:?}")))?,
        None => McConfig::default().sync_interval,
    };
    let tree = Tree::build(&Leduc, 1 << 20)?;
    let all = rayon::current_num_threads();
    println!("| solver | threads | iterations/s | nodes touched/s | exploitability at end |");
    println!("|---|---|---|---|---|");
    let mut single = 0.0;
    for (algorithm, threads) in [
        (Algorithm::EsMccfr, 1),
        (Algorithm::EsMccfr, all),
        (Algorithm::OsMccfr, 1),
        (Algorithm::OsMccfr, all),
    ] {
        let config = McConfig {
            algorithm,
            threads,
            sync_interval,
            seed: 1,
            ..McConfig::default()
        };
        let (its, nps, s) = measure(config, secs)?;
        if algorithm == Algorithm::EsMccfr && threads == 1 {
            single = its;
        }
        let e = exploitability(&tree, &s.tree_policy(&tree));
        println!(
            "| truco-cfr {algorithm} | {threads} | {its:.0} | {nps:.3e} | {e:.4} after {} it |",
            s.iterations()
        );
        if algorithm == Algorithm::EsMccfr && threads == all && all > 1 {
            eprintln!("es-mccfr speedup {all} threads: {:.2}x", its / single);
        }
    }
    for algorithm in [Algorithm::CfrPlus, Algorithm::Dcfr] {
        let mut s = FullSolver::new(&tree, algorithm)?;
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < secs.min(2.0) {
            s.run(&tree, 50);
        }
        let dt = start.elapsed().as_secs_f64();
        let its = s.iterations() as f64 / dt;
        let nps = its * 2.0 * 3.0 * tree.num_nodes() as f64; // 2 players x 3 passes
        let e = exploitability(&tree, &s.average_policy(&tree));
        println!(
            "| truco-cfr {algorithm} (full) | {all} | {its:.0} | {nps:.3e} | {e:.6} after {} it |",
            s.iterations()
        );
    }
    scaling(all, sync_interval)?;
    wide_leduc(all, secs)?;
    let t = McSolver::<u32>::new(McConfig::default())?;
    let map = t.table().map_bytes() as f64 / t.table().max_info_sets() as f64;
    eprintln!(
        "storage: {} B/action (f32 regret + f32 sum), map {map:.0} B/info set at 50% load \
         (u32 key); tree: {} nodes, {} info sets, {} actions",
        InfoTable::<u32>::BYTES_PER_ACTION,
        tree.num_nodes(),
        tree.num_info_sets(),
        tree.num_actions()
    );
    Ok(())
}
