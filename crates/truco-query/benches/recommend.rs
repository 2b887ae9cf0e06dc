//! Warm `Policy::recommend` latency, the abstraction key computation from a view included
//! (criterion mean, plus p50/p99 from a per-call timing loop).
//!
//! The table holds the keys of every decision of random arg-1v1 hands (random scores and mano)
//! padded with random keys below the largest real key up to `TRUCO_POLICY_BENCH_ROWS` rows
//! (default 1,000,000), so that its size is that of a trained table; the queries are the
//! recorded decisions (all present in the table).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::abstraction::Abstraction;
use truco_game::{ActionList, Event, Hand, PublicState, RuleSet, View};
use truco_query::{OpenOptions, Policy, TableMeta, TableWriter};

/// A decision met in random play.
struct Decision {
    view: View,
    events: Vec<Event>,
}

fn rows() -> usize {
    std::env::var("TRUCO_POLICY_BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// Random arg-1v1 hands; every decision with its view and events.
fn decisions(hands: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<Decision> {
    let mut out = Vec::new();
    let mut legal = ActionList::new();
    for _ in 0..hands {
        let score = [rng.next_u32() as u8 % 15, rng.next_u32() as u8 % 15];
        let start =
            PublicState::new_hand(RuleSet::ARG_1V1, score, (rng.next_u32() % 2) as u8).unwrap();
        let mut hand = Hand::sample(start, rng);
        while let Some(seat) = hand.actor().seat() {
            hand.legal_actions(&mut legal);
            out.push(Decision {
                view: hand.view(seat).unwrap(),
                events: hand.public_events().to_vec(),
            });
            let a = legal.as_slice()[rng.next_u32() as usize % legal.len()];
            hand.apply(a).unwrap();
        }
    }
    out
}

/// Writes the table; returns its path.
fn make_table(seen: &[Decision], n_rows: usize, rng: &mut Xoshiro256PlusPlus) -> PathBuf {
    let a = Abstraction::Tiers;
    let mut w = TableWriter::new(TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    });
    let mut keys = std::collections::HashSet::new();
    let mut legal = ActionList::new();
    let mut max_key = 0;
    for d in seen {
        let key = a.key(&d.view, &d.events).unwrap();
        max_key = max_key.max(key);
        if keys.insert(key) {
            d.view.public().legal_actions(d.view.hand(), &mut legal);
            let probs: Vec<f32> = (0..legal.len())
                .map(|_| rng.random::<f32>() + 0.01)
                .collect();
            w.push(key, &probs, None).unwrap();
        }
    }
    while keys.len() < n_rows {
        let key = rng.random_range(0..max_key);
        if keys.insert(key) {
            let n = rng.random_range(2..8);
            let probs: Vec<f32> = (0..n).map(|_| rng.random::<f32>() + 0.01).collect();
            w.push(key, &probs, None).unwrap();
        }
    }
    let path = std::env::temp_dir().join(format!("truco-policy-bench-{}.tbl", std::process::id()));
    w.write(&path).unwrap();
    path
}

fn percentiles(mut t: Vec<Duration>) -> (Duration, Duration) {
    t.sort_unstable();
    (t[t.len() / 2], t[t.len() * 99 / 100])
}

fn benches(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    let seen = decisions(30_000, &mut rng);
    let path = make_table(&seen, rows(), &mut rng);
    let policy = Policy::open_with(&path, OpenOptions::default()).unwrap();
    let n = seen.len();
    eprintln!(
        "table: {} rows, {:.1} MB; {n} decisions",
        policy.table().len(),
        policy.table().file_len() as f64 / 1e6
    );

    let mut i = 0;
    // 1,024 decisions over and over: the rows and the queries stay in the CPU caches.
    let hot = &seen[..1024];
    c.bench_function("recommend_hot", |b| {
        b.iter(|| {
            let d = &hot[i % hot.len()];
            i += 1;
            black_box(policy.recommend(black_box(&d.view), &d.events).unwrap())
        })
    });
    c.bench_function("key_hot", |b| {
        b.iter(|| {
            let d = &hot[i % hot.len()];
            i += 1;
            black_box(
                Abstraction::Tiers
                    .key(black_box(&d.view), &d.events)
                    .unwrap(),
            )
        })
    });
    c.bench_function("recommend_warm", |b| {
        b.iter(|| {
            let d = &seen[i % n];
            i += 1;
            black_box(policy.recommend(black_box(&d.view), &d.events).unwrap())
        })
    });
    c.bench_function("key_only", |b| {
        b.iter(|| {
            let d = &seen[i % n];
            i += 1;
            black_box(
                Abstraction::Tiers
                    .key(black_box(&d.view), &d.events)
                    .unwrap(),
            )
        })
    });
    let keys: Vec<u64> = seen
        .iter()
        .map(|d| Abstraction::Tiers.key(&d.view, &d.events).unwrap())
        .collect();
    c.bench_function("lookup_only", |b| {
        b.iter(|| {
            let k = keys[i % n];
            i += 1;
            black_box(policy.table().lookup(black_box(k)).is_some())
        })
    });
    let mut srng = Xoshiro256PlusPlus::seed_from_u64(3);
    c.bench_function("sample_warm", |b| {
        b.iter(|| {
            let d = &seen[i % n];
            i += 1;
            black_box(
                policy
                    .sample(black_box(&d.view), &d.events, &mut srng)
                    .unwrap(),
            )
        })
    });

    // Per-call timing for percentiles (the timer's own cost is measured alone). The query's
    // view and events are read just before the timer starts, as a bot or a server has them at
    // hand; the table's rows are random over the whole table (CPU cache misses included).
    for d in &seen {
        black_box(policy.recommend(&d.view, &d.events).unwrap());
    }
    let calls = 200_000;
    let mut spread = Vec::with_capacity(calls);
    let mut hot_times = Vec::with_capacity(calls);
    let mut empty = Vec::with_capacity(calls);
    let mut fallbacks = 0;
    for k in 0..calls {
        for (set, times) in [(&seen[..], &mut spread), (hot, &mut hot_times)] {
            let d = &set[(k * 7919) % set.len()];
            let view = black_box(d.view);
            let events = black_box(&d.events[..]);
            black_box(events.iter().filter(|e| matches!(e, Event::Deal)).count());
            let t = Instant::now();
            let r = black_box(policy.recommend(&view, events).unwrap());
            times.push(t.elapsed());
            fallbacks += r.fallback as usize;
        }
        let t = Instant::now();
        empty.push(black_box(t).elapsed());
    }
    assert_eq!(fallbacks, 0, "every benched decision is in the table");
    let (s50, s99) = percentiles(spread);
    let (h50, h99) = percentiles(hot_times);
    let (e50, e99) = percentiles(empty);
    eprintln!(
        "\n== recommend ({} rows, {:.1} MB) ==\n\
         warm recommend, rows spread over the table: p50 {s50:?} p99 {s99:?}\n\
         warm recommend, 1,024 hot decisions: p50 {h50:?} p99 {h99:?}\n\
         (timer alone p50 {e50:?} p99 {e99:?})",
        policy.table().len(),
        policy.table().file_len() as f64 / 1e6
    );
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches_group, benches);
criterion_main!(benches_group);
