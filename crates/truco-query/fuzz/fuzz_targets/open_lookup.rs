//! Any byte string, written to a file and opened as a table (with and without checksum
//! verification), must give a typed error or a table whose every lookup returns without panic.

#![no_main]

use std::sync::atomic::{AtomicU64, Ordering};

use libfuzzer_sys::fuzz_target;
use truco_query::{OpenOptions, Table};

fn probe(table: &Table, data: &[u8]) {
    let mut keys: Vec<u64> = table.keys().take(1000).collect();
    keys.extend(
        data.chunks_exact(8)
            .take(64)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))),
    );
    keys.extend([0, u64::MAX]);
    for k in keys {
        if let Ok(Some(row)) = table.try_lookup(k) {
            let sum: u32 = row.probs_u8().map(u32::from).sum();
            assert_eq!(sum, 255, "a decoded row must sum to 255");
            for v in row.values() {
                assert!(v.is_finite());
            }
        }
    }
    let _ = table.verify();
}

fuzz_target!(|data: &[u8]| {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "truco-query-fuzz-{}-{}.tbl",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    if std::fs::write(&path, data).is_err() {
        return;
    }
    for verify_checksum in [false, true] {
        if let Ok(table) = Table::open(&path, OpenOptions { verify_checksum }) {
            probe(&table, data);
        }
    }
    let _ = std::fs::remove_file(&path);
});
