//! A table's training history: every run that trained it (its command line, the iterations it
//! started and ended at, wall seconds, threads, core-hours). The checkpoint carries it from run
//! to run ([`crate::checkpoint::CheckpointHeader::history`]); each run writes it beside the
//! table as a sidecar, `<table>.history.json` ([`TableHistory`]), which `truco info --model`
//! prints.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::TrainError;

/// The command recorded for the iterations of a checkpoint written before histories existed.
pub const UNKNOWN_RUNS: &str = "unknown earlier runs";

/// One run (one process, or one distributed job) of training.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The command line, or [`UNKNOWN_RUNS`].
    pub command: String,
    /// Iterations in the table when the run started.
    pub start_iterations: u64,
    /// Iterations in the table when the run ended (or checkpointed last).
    pub end_iterations: u64,
    /// Wall seconds of training.
    pub seconds: f64,
    /// Worker threads over all ranks (0: unknown).
    pub threads: usize,
    /// `seconds * threads / 3600`: the cores the run held, in hours (0 when unknown).
    pub core_hours: f64,
}

impl RunRecord {
    /// A run of `command` from `start` to `end` iterations in `seconds` on `threads` threads.
    pub fn new(command: &str, (start, end): (u64, u64), seconds: f64, threads: usize) -> Self {
        RunRecord {
            command: command.to_string(),
            start_iterations: start,
            end_iterations: end,
            seconds,
            threads,
            core_hours: seconds * threads as f64 / 3600.0,
        }
    }

    /// The record standing for the `iterations` (in `seconds`) of a checkpoint that has no
    /// history: threads and core-hours unknown.
    pub fn unknown(iterations: u64, seconds: f64) -> Self {
        RunRecord {
            threads: 0,
            core_hours: 0.0,
            ..RunRecord::new(UNKNOWN_RUNS, (0, iterations), seconds, 0)
        }
    }

    /// Iterations the run did.
    pub fn iterations(&self) -> u64 {
        self.end_iterations.saturating_sub(self.start_iterations)
    }
}

/// What the sidecar of a table says: the totals and every run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableHistory {
    /// Variant id (with its options, as the checkpoint names it).
    pub variant: String,
    /// Abstraction id.
    pub abstraction: String,
    /// Iterations in total.
    pub iterations: u64,
    /// Wall seconds of training in total.
    pub seconds: f64,
    /// Core-hours in total (runs of unknown threads count 0).
    pub core_hours: f64,
    /// Every run, oldest first.
    pub runs: Vec<RunRecord>,
}

impl TableHistory {
    /// The totals of `runs`.
    pub fn new(variant: &str, abstraction: &str, runs: Vec<RunRecord>) -> Self {
        TableHistory {
            variant: variant.to_string(),
            abstraction: abstraction.to_string(),
            iterations: runs.last().map_or(0, |r| r.end_iterations),
            seconds: runs.iter().map(|r| r.seconds).sum(),
            core_hours: runs.iter().map(|r| r.core_hours).sum(),
            runs,
        }
    }

    /// The history as text lines: the totals, then one line per run.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "training: {} iterations, {:.2} h wall, {:.3} core-hours, {} run{}",
            self.iterations,
            self.seconds / 3600.0,
            self.core_hours,
            self.runs.len(),
            if self.runs.len() == 1 { "" } else { "s" }
        )];
        for (i, r) in self.runs.iter().enumerate() {
            let threads = match r.threads {
                0 => "threads unknown".to_string(),
                n => format!("{n} thread{}", if n == 1 { "" } else { "s" }),
            };
            out.push(format!(
                "  {}. iterations {}..{} ({}), {:.1} s, {threads}, {:.3} core-hours: {}",
                i + 1,
                r.start_iterations,
                r.end_iterations,
                r.iterations(),
                r.seconds,
                r.core_hours,
                r.command
            ));
        }
        out
    }
}

/// The sidecar of the table at `table`: `<table>.history.json`.
pub fn sidecar_path(table: &Path) -> PathBuf {
    let mut p = table.as_os_str().to_owned();
    p.push(".history.json");
    PathBuf::from(p)
}

/// Writes the sidecar of `table` atomically (a temporary file, then renamed).
pub fn write_sidecar(table: &Path, h: &TableHistory) -> Result<(), TrainError> {
    let path = sidecar_path(table);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut text = serde_json::to_string_pretty(h)?;
    text.push('\n');
    let written = fs::File::create(&tmp).and_then(|mut f| f.write_all(text.as_bytes()));
    let renamed = written.and_then(|_| fs::rename(&tmp, &path));
    renamed.map_err(|source| {
        let _ = fs::remove_file(&tmp);
        TrainError::Io { path, source }
    })
}

/// Reads the sidecar of `table`: `None` when there is none (a table trained before histories
/// were written); a damaged one is an error.
pub fn read_sidecar(table: &Path) -> Result<Option<TableHistory>, TrainError> {
    let path = sidecar_path(table);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(TrainError::Io { path, source }),
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| TrainError::InvalidOption(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_and_lines() {
        let runs = vec![
            RunRecord::unknown(1000, 60.0),
            RunRecord::new("truco train --threads 2", (1000, 3000), 360.0, 2),
        ];
        let h = TableHistory::new("arg-1v1", "arg-1v1-buckets-v1", runs);
        assert_eq!(h.iterations, 3000);
        assert_eq!(h.seconds, 420.0);
        assert!((h.core_hours - 0.2).abs() < 1e-12);
        let lines = h.lines();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].contains("3000 iterations") && lines[0].contains("2 runs"));
        assert!(lines[1].contains("threads unknown") && lines[1].contains(UNKNOWN_RUNS));
        assert!(lines[2].contains("1000..3000 (2000)") && lines[2].contains("--threads 2"));
    }

    #[test]
    fn sidecar_round_trip_missing_and_damaged() {
        let dir = std::env::temp_dir().join(format!("truco-history-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let table = dir.join("t.tbl");
        assert_eq!(read_sidecar(&table).unwrap(), None);
        let h = TableHistory::new("v", "a", vec![RunRecord::new("c", (0, 5), 1.0, 1)]);
        write_sidecar(&table, &h).unwrap();
        assert_eq!(read_sidecar(&table).unwrap(), Some(h));
        fs::write(sidecar_path(&table), "{ not json").unwrap();
        let e = read_sidecar(&table).unwrap_err().to_string();
        assert!(e.contains("t.tbl.history.json"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
