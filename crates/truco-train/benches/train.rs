//! Speed of the pieces of a training run: the abstraction key of a node (arg-1v1 and arg-2v2),
//! and ES-MCCFR iterations on arg-1v1 (buckets), on the mini variant and on arg-2v2 (lazy
//! information sets, seat by seat; one thread).
//!
//! `cargo bench -p truco-train --bench train -- --warm-up-time 1 --measurement-time 3`

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::{play_out, random_pick, Game, McConfig, McSolver};
use truco_game::abstraction::Abstraction;
use truco_train::game::{GState, TrucoGame};
use truco_train::keying::{Abstract, Keyer};

/// Player nodes of random hands of `g`, to key.
fn nodes(g: &TrucoGame<Abstract>, n: usize) -> Vec<GState> {
    let g = *g;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut out = Vec::new();
    while out.len() < n {
        play_out(&g, g.root(), &mut rng, |s, actions, rng| {
            out.push(*s);
            random_pick(s, actions, rng)
        });
    }
    out
}

fn keys(c: &mut Criterion) {
    let states = nodes(&TrucoGame::arg_1v1(Abstract(Abstraction::Buckets)), 1000);
    let team = nodes(
        &TrucoGame::arg_2v2(Abstract(Abstraction::Arg2v2BucketsV2)),
        1000,
    );
    for a in Abstraction::ALL {
        let k = Abstract(a);
        let states = if a == Abstraction::Arg2v2BucketsV2 {
            &team
        } else {
            &states
        };
        c.bench_function(&format!("key {} (1000 nodes)", a.id()), |b| {
            b.iter(|| states.iter().map(|s| k.key(s)).fold(0u64, |x, y| x ^ y))
        });
    }
}

fn iterations(c: &mut Criterion) {
    let mut group = c.benchmark_group("es-mccfr 100 iterations");
    group.sample_size(10);
    let config = McConfig {
        max_info_sets: 1 << 22,
        max_actions: 1 << 24,
        ..McConfig::default()
    };
    let full = TrucoGame::arg_1v1(Abstract(Abstraction::Buckets));
    let mut s = McSolver::new(config.clone()).expect("solver");
    group.bench_function("arg-1v1 buckets", |b| b.iter(|| s.train(&full, 100)));
    let mini = TrucoGame::mini(Abstract(Abstraction::Tiers));
    let mut s = McSolver::new(config.clone()).expect("solver");
    group.bench_function("arg-1v1-mini tiers", |b| b.iter(|| s.train(&mini, 100)));
    let team = TrucoGame::arg_2v2(Abstract(Abstraction::Arg2v2BucketsV2));
    let mut s = McSolver::new(McConfig {
        lazy: true,
        ..config
    })
    .expect("solver");
    group.bench_function("arg-2v2 buckets (lazy)", |b| b.iter(|| s.train(&team, 100)));
    group.finish();
}

criterion_group!(benches, keys, iterations);
criterion_main!(benches);
