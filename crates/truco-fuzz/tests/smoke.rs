//! A short run of every target (the CI smoke run; `scripts/fuzz.sh` runs them for longer).
//! A crash fails the test and names the saved input.

use std::time::Duration;

use truco_fuzz::{fuzz, Budget, Target};

#[test]
fn every_target_survives_a_short_run() {
    // Huge allocations asked for by damaged checkpoints must fail, not take CI's memory.
    assert!(truco_fuzz::limit_memory(4 << 30));
    let dir = std::env::temp_dir().join(format!("truco-fuzz-smoke-{}", std::process::id()));
    for t in Target::ALL {
        let budget = Budget {
            time: Duration::from_secs(8),
            execs: 3000,
        };
        let r = fuzz(t, budget, 7, &dir);
        assert!(r.execs > 100, "{}: only {} inputs", t.name(), r.execs);
        assert!(
            r.crashes.is_empty(),
            "{}: {} crashing inputs, e.g. {:?}: {:?}",
            t.name(),
            r.crashes.len(),
            r.crashes.first(),
            r.first_panic
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
