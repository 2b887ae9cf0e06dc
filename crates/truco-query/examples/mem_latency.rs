//! Baseline for the lookup figures: the latency of one random 8-byte load from arrays of the
//! sizes of the benchmarked tables (p50/p99 over 200k loads, timer included).
//!
//! `cargo run -p truco-query --release --example mem_latency`

use std::hint::black_box;
use std::time::Instant;

fn main() {
    for mb in [2usize, 12, 80, 128] {
        let n = mb * 1024 * 1024 / 8;
        let v: Vec<u64> = (0..n as u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let mut x = 12345u64;
        let mut sum = 0u64;
        let mut times = Vec::with_capacity(200_000);
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = (x % n as u64) as usize;
            let t = Instant::now();
            sum = sum.wrapping_add(black_box(&v)[i]);
            times.push(t.elapsed());
        }
        times.sort_unstable();
        println!(
            "{mb:>4} MB: one random load p50 {:?} p99 {:?} (checksum {sum:x})",
            times[times.len() / 2],
            times[times.len() * 99 / 100]
        );
    }
}
