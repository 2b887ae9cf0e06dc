//! Criterion benchmarks on Leduc poker: ES-MCCFR iterations (1 thread and all threads) and one
//! full-traversal DCFR iteration.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use truco_cfr::games::Leduc;
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

criterion_group!(benches, es_mccfr, dcfr);
criterion_main!(benches);
