//! Helpers shared by the integration tests: temporary paths and a reference model of a table.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use truco_query::TableMeta;

/// A file path in the temp dir, unique in this process, removed on drop.
pub struct TempPath(pub PathBuf);

impl TempPath {
    pub fn new(tag: &str) -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        TempPath(
            std::env::temp_dir().join(format!("truco-query-{tag}-{}-{n}.tbl", std::process::id())),
        )
    }
}

impl Drop for TempPath {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

pub fn meta() -> TableMeta {
    TableMeta {
        variant: "arg-1v1".into(),
        options: "flor=off".into(),
        abstraction_id: "arg-1v1-tiers".into(),
        abstraction_hash: 0x1234_5678_9abc_def0,
    }
}

/// The normalized version of a probability row.
pub fn normalized(p: &[f32]) -> Vec<f64> {
    let s: f64 = p.iter().map(|&x| x as f64).sum();
    p.iter().map(|&x| x as f64 / s).collect()
}
