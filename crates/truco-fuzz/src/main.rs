//! `truco-fuzz`: runs the stable fuzzing loop on one target or all of them for a budget.
//!
//!     truco-fuzz --target all --seconds 60 --seed 1 --crashes fuzz-crashes
//!
//! Exit status 1 when any input panicked (saved under the crash folder).

use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use truco_fuzz::{fuzz, Budget, Target};

/// Fuzzes table bytes, spots, serve request lines and checkpoints on the stable toolchain.
#[derive(Parser, Debug)]
#[command(name = "truco-fuzz")]
struct Args {
    /// table, spot, serve, checkpoint or all.
    #[arg(long, default_value = "all")]
    target: String,
    /// Seconds per target.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Most inputs per target.
    #[arg(long, default_value_t = u64::MAX)]
    execs: u64,
    /// Seed of the mutations.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where crashing inputs are saved.
    #[arg(long, default_value = "fuzz-crashes")]
    crashes: PathBuf,
    /// Address-space cap in GiB (0: none), so that huge allocations fail instead of swapping.
    #[arg(long, default_value_t = 4)]
    memory_gib: u64,
}

fn main() {
    let a = Args::parse();
    if a.memory_gib > 0 && !truco_fuzz::limit_memory(a.memory_gib << 30) {
        eprintln!("warning: cannot cap the address space");
    }
    let targets: Vec<Target> = if a.target == "all" {
        Target::ALL.to_vec()
    } else {
        match a.target.parse() {
            Ok(t) => vec![t],
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        }
    };
    let budget = Budget {
        time: Duration::from_secs(a.seconds),
        execs: a.execs,
    };
    let mut failed = false;
    for t in targets {
        let r = fuzz(t, budget, a.seed, &a.crashes);
        println!(
            "{:<10} {:>9} inputs, {:>8} accepted, {} crashing{}",
            t.name(),
            r.execs,
            r.accepted,
            r.crashes.len(),
            r.first_panic
                .as_deref()
                .map(|m| format!(" (first: {m})"))
                .unwrap_or_default()
        );
        for p in &r.crashes {
            println!("  {}", p.display());
        }
        failed |= !r.crashes.is_empty();
    }
    std::process::exit(i32::from(failed));
}
