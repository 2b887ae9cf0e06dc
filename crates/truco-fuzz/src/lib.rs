//! Fuzzing on the stable toolchain (the nightly toolchain that cargo-fuzz needs cannot be
//! installed here): a seeded mutation loop ([`fuzz`]) over four targets ([`Target`]), each a
//! function that must return, never panic, on any input:
//! - `table`: bytes written to a file and opened as a strategy table (with and without the
//!   body checksum), then looked up;
//! - `spot`: a string parsed as spot notation, and when it parses, turned into a view and
//!   printed back;
//! - `serve`: a request line answered by the JSON-lines protocol from a small table (exactly
//!   one JSON answer for every non-blank line);
//! - `checkpoint`: bytes whose trailing checksum is recomputed after mutation (so that
//!   mutations reach the body, not just the checksum check), loaded as a training checkpoint
//!   and restored as a solver.
//!
//! A panicking input is saved to the crash folder under its target and hash. Inputs start from
//! a corpus of valid ones ([`seeds`]) and are mutated by bit flips, byte edits, insertions,
//! deletions, truncation, splices with other corpus entries and token-aware edits.

mod mutate;
mod targets;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

pub use targets::{seeds, Target};

/// How long or how many inputs a run lasts (whichever ends first).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Longest run.
    pub time: Duration,
    /// Most inputs.
    pub execs: u64,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Inputs tried.
    pub execs: u64,
    /// Inputs that got past the target's first checks (a parsed spot, an opened table...).
    pub accepted: u64,
    /// Inputs that panicked, saved where.
    pub crashes: Vec<PathBuf>,
    /// The first panic message, if any.
    pub first_panic: Option<String>,
}

/// Fuzzes `target` for `budget` from `seed`; crashing inputs go to `crash_dir/<target>/`.
pub fn fuzz(target: Target, budget: Budget, seed: u64, crash_dir: &Path) -> Report {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let ctx = targets::Context::new(target);
    let mut corpus = ctx.seeds.clone();
    let mut report = Report::default();
    let started = Instant::now();
    // Panics are expected to be caught and recorded, not printed one by one.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    while report.execs < budget.execs && started.elapsed() < budget.time {
        let base = corpus[(rand::Rng::next_u32(&mut rng) as usize) % corpus.len()].clone();
        let input = mutate::mutate(target, &base, &corpus, &mut rng);
        report.execs += 1;
        let run = catch_unwind(AssertUnwindSafe(|| ctx.run(&input)));
        match run {
            Ok(interesting) => {
                report.accepted += u64::from(interesting);
                // Inputs that got past the first checks feed later mutations (bounded).
                if interesting && corpus.len() < 4096 {
                    corpus.push(input);
                }
            }
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "panic".into());
                report.first_panic.get_or_insert(msg);
                if let Some(p) = save_crash(crash_dir, target, &input) {
                    report.crashes.push(p);
                }
            }
        }
    }
    std::panic::set_hook(hook);
    report
}

/// Caps this process's address space at `bytes` (unix), so that an input asking for a huge
/// allocation gets an allocation error the code under test must handle, instead of taking
/// the machine's memory. Returns false where the limit cannot be set.
pub fn limit_memory(bytes: u64) -> bool {
    #[cfg(unix)]
    {
        let lim = libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: libc::RLIM_INFINITY,
        };
        // SAFETY: setrlimit reads the struct; no memory is shared.
        unsafe { libc::setrlimit(libc::RLIMIT_AS, &lim) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = bytes;
        false
    }
}

fn save_crash(dir: &Path, target: Target, input: &[u8]) -> Option<PathBuf> {
    let dir = dir.join(target.name());
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{:016x}", xxhash_rust::xxh3::xxh3_64(input)));
    std::fs::write(&path, input).ok()?;
    Some(path)
}
