//! Strategy-table benchmarks: open time (with and without body checksum), warm lookup latency
//! (criterion mean, plus p50/p99 from a per-lookup timing loop), cold lookup latency (a fresh
//! mapping of a file evicted from the page cache with posix_fadvise(DONTNEED)), and size.
//!
//! Sizes: `TRUCO_QUERY_BENCH_SIZES` (comma-separated row counts), default 10000,1000000,10000000.
//! Tables have random 64-bit keys and 2 to 7 actions per row (mean 4.5), without values.

use std::hint::black_box;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use truco_query::{OpenOptions, Table, TableMeta, TableWriter};

/// SplitMix64: a tiny deterministic generator for keys and probabilities.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn sizes() -> Vec<u64> {
    std::env::var("TRUCO_QUERY_BENCH_SIZES")
        .unwrap_or_else(|_| "10000,1000000,10000000".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

/// Writes (once per run) a table of `n` rows; returns its path and its keys.
fn make_table(n: u64) -> (PathBuf, Vec<u64>) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("bench-{n}.tbl"));
    let mut rng = SplitMix(n);
    let mut w = TableWriter::new(TableMeta {
        variant: "bench".into(),
        options: String::new(),
        abstraction_id: "random".into(),
        abstraction_hash: 1,
    });
    let mut keys = Vec::with_capacity(n as usize);
    let mut probs = [0f32; 8];
    for _ in 0..n {
        let k = rng.next();
        let a = 2 + (k % 6) as usize;
        for p in probs.iter_mut().take(a) {
            *p = (rng.next() % 1000) as f32;
        }
        probs[0] += 1.0;
        w.push(k, &probs[..a], None).expect("valid row");
        keys.push(k);
    }
    w.write(&path).expect("write table");
    // Shuffle the probe order so consecutive lookups hit unrelated rows.
    for i in (1..keys.len()).rev() {
        keys.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    (path, keys)
}

fn evict(path: &Path) {
    let f = std::fs::File::open(path).expect("open for fadvise");
    // SAFETY: plain syscall on a valid open file descriptor; no memory is passed.
    let rc = unsafe { libc::posix_fadvise(f.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    assert_eq!(rc, 0, "posix_fadvise failed");
}

fn percentiles(mut t: Vec<Duration>) -> (Duration, Duration) {
    t.sort_unstable();
    (t[t.len() / 2], t[t.len() * 99 / 100])
}

fn no_verify() -> OpenOptions {
    OpenOptions {
        verify_checksum: false,
    }
}

fn benches(c: &mut Criterion) {
    let mut report = Vec::new();
    for n in sizes() {
        let built = Instant::now();
        let (path, keys) = make_table(n);
        let build_time = built.elapsed();

        let mut g = c.benchmark_group(format!("table/{n}"));
        g.sample_size(20).measurement_time(Duration::from_secs(3));
        for verify in [false, true] {
            let opts = OpenOptions {
                verify_checksum: verify,
            };
            g.bench_function(BenchmarkId::new("open", format!("verify={verify}")), |b| {
                b.iter(|| Table::open(black_box(&path), opts).expect("open"))
            });
        }
        let table = Table::open(&path, OpenOptions::default()).expect("open");
        let mut i = 0usize;
        g.bench_function("lookup_warm", |b| {
            b.iter(|| {
                i = (i + 1) % keys.len();
                black_box(table.lookup(black_box(keys[i])).map(|r| r.prob_u8(0)))
            })
        });
        g.bench_function("lookup_absent", |b| {
            b.iter(|| {
                i = (i + 1) % keys.len();
                black_box(table.lookup(black_box(keys[i] ^ 1)).is_some())
            })
        });
        g.finish();

        // Per-lookup timing for percentiles (includes ~20-30 ns of Instant overhead; the
        // overhead alone is measured and reported beside).
        let samples = keys.len().min(200_000);
        let mut warm = Vec::with_capacity(samples);
        let mut empty = Vec::with_capacity(samples);
        for &k in keys.iter().cycle().take(samples * 2) {
            let t = Instant::now();
            black_box(table.lookup(black_box(k)).map(|r| r.prob_u8(0)));
            warm.push(t.elapsed());
        }
        warm.drain(..samples); // first pass warms the cache
        for _ in 0..samples {
            let t = Instant::now();
            black_box(());
            empty.push(t.elapsed());
        }
        let open_times: Vec<Duration> = (0..50)
            .map(|_| {
                let t = Instant::now();
                black_box(Table::open(&path, no_verify()).expect("open"));
                t.elapsed()
            })
            .collect();
        let bytes = table.file_len() as f64;
        let actions = table.n_actions() as f64;
        drop(table);

        // Cold: evict the file from the page cache, map it afresh, time one lookup.
        let mut cold = Vec::new();
        let mut cold_open = Vec::new();
        for &k in keys.iter().take(100) {
            evict(&path);
            let t = Instant::now();
            let table = Table::open(&path, no_verify()).expect("open");
            cold_open.push(t.elapsed());
            let t = Instant::now();
            black_box(table.lookup(black_box(k)).map(|r| r.prob_u8(0)));
            cold.push(t.elapsed());
        }
        let (w50, w99) = percentiles(warm);
        let (e50, e99) = percentiles(empty);
        let (c50, c99) = percentiles(cold);
        let (o50, o99) = percentiles(open_times);
        let (co50, co99) = percentiles(cold_open);
        report.push(format!(
            "rows {n}: build+write {build_time:.2?}; file {:.1} MB; {:.2} B/info set, {:.2} B/action \
             (f32 regrets+sums: 8 B/action + 8 B key = {:.2} B/info set, {:.1}x larger)\n  \
             open no-verify p50 {o50:?} p99 {o99:?}; cold open p50 {co50:?} p99 {co99:?}\n  \
             warm lookup p50 {w50:?} p99 {w99:?} (timer alone p50 {e50:?} p99 {e99:?}); \
             cold lookup p50 {c50:?} p99 {c99:?}",
            bytes / 1e6,
            bytes / n as f64,
            bytes / actions,
            8.0 * actions / n as f64 + 8.0,
            (8.0 * actions + 8.0 * n as f64) / bytes,
        ));
        let _ = std::fs::remove_file(&path);
    }
    eprintln!("\n== truco-query table report ==");
    for line in report {
        eprintln!("{line}");
    }
}

criterion_group!(table, benches);
criterion_main!(table);
