//! Criterion benchmarks on Leduc poker: ES-MCCFR iterations (1 thread and all threads), one
//! full-traversal DCFR iteration, and one DCFR iteration on 7-rank Leduc (1 and all threads).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use truco_cfr::games::{Leduc, LeducN};
use truco_cfr::{Algorithm, FullSolver, McConfig, McSolver, Tree};

const BATCH: u64 = 10_000;

fn es_mccfr(c: &mut Criterion) {
    let mut group = c.benchmark_group("leduc_es_mccfr");
    group.throughput(Throughput::Elements(BATCH));
    for threads in [1, 0] {
        let mut solver = McSolver::new(McConfig {
            threads,
            ..McConfig::default()
        })
        .expect("valid config");
        solver.train(&Leduc, BATCH).expect("training");
        let name = if threads == 1 {
            "1_thread"
        } else {
            "all_threads"
        };
        group.bench_function(name, |b| {
            b.iter(|| solver.train(&Leduc, BATCH).expect("training"))
        });
    }
    group.finish();
}

fn dcfr(c: &mut Criterion) {
    let tree = Tree::build(&Leduc, 1 << 20).expect("tree");
    let mut solver = FullSolver::new(&tree, Algorithm::Dcfr).expect("solver");
    c.bench_function("leduc_dcfr_iteration", |b| b.iter(|| solver.run(&tree, 1)));
}

fn dcfr_wide(c: &mut Criterion) {
    let game = LeducN::new(7).expect("valid ranks");
    let tree = Tree::build(&game, 1 << 24).expect("tree");
    let mut group = c.benchmark_group("leduc7_dcfr_iteration");
    group.sample_size(20);
    for threads in [1, rayon::current_num_threads()] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        let mut solver = FullSolver::new(&tree, Algorithm::Dcfr).expect("solver");
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| pool.install(|| solver.run(&tree, 1)))
        });
    }
    group.finish();
}

criterion_group!(benches, es_mccfr, dcfr, dcfr_wide);
criterion_main!(benches);
