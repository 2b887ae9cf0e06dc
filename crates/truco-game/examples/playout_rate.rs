//! Hands per second of random legal playouts, per variant, measured in CPU time of this thread
//! (Linux `/proc/thread-self/schedstat`) as well as wall time, so the figure holds on a loaded
//! machine. Run: `cargo run -p truco-game --release --example playout_rate [hands]`.

use std::time::Instant;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::sim::random_playout;
use truco_game::{PublicState, RuleSet};

/// CPU time of this thread in nanoseconds, if the kernel reports it.
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let hands: u64 = match std::env::args().nth(1) {
        Some(a) => a.parse()?,
        None => 2_000_000,
    };
    let sets = [
        ("arg-1v1", RuleSet::ARG_1V1),
        ("arg-2v2", RuleSet::ARG_2V2),
        (
            "arg-classic-6p",
            RuleSet::new("arg-classic", &["players=6"])?,
        ),
        (
            "arg-classic-6p-flor",
            RuleSet::new("arg-classic", &["players=6", "flor"])?,
        ),
        ("paulista", RuleSet::PAULISTA),
        ("valencian", RuleSet::VALENCIAN),
    ];
    for (name, rules) in sets {
        let start = PublicState::new_hand(rules, [0, 0], 0)?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut pts = 0u64;
        let (cpu0, t0) = (thread_cpu_ns(), Instant::now());
        for _ in 0..hands {
            let st = random_playout(start, &mut rng)?;
            pts += st.public().hand_points()[0] as u64;
        }
        let wall = t0.elapsed().as_secs_f64();
        let cpu = match (cpu0, thread_cpu_ns()) {
            (Some(a), Some(b)) => format!(
                "{:.2} M/s per CPU-second",
                hands as f64 / ((b - a) as f64 * 1e-9) / 1e6
            ),
            _ => "cpu time n/a".to_string(),
        };
        println!(
            "{name:22} {hands} hands: {:.2} M/s wall, {cpu} (points to team 0: {pts})",
            hands as f64 / wall / 1e6
        );
    }
    Ok(())
}
