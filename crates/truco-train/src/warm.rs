//! Training that goes on from a table: the warm-start sidecar `<table>.warm`.
//!
//! A checkpoint holds the whole solver (227 MB for arg-2v2's 7 M information sets) and stays where
//! the run was; a table holds only each information set's average strategy. What a run needs
//! besides that strategy to go on almost as if it had resumed is, per row, how much strategy-sum
//! mass the average carries (how often the set was visited, discounted) and how much positive
//! regret its current strategy stood on. The sidecar keeps those two numbers per row, one byte each
//! on a logarithmic scale (2 bytes a row: 8.8 MB for a 4.4 M-row table), with the run's header and
//! history. `truco train --warm-start TABLE` then seeds every row as an information set with the
//! row as its average, that mass as its strategy sums and the positive regret spread as the row
//! (regret matching plays the row until new regrets move it), and numbers its iterations on from
//! the run's, so that discounting and the training history continue.
//!
//! Measured on Leduc poker (`cargo run -p truco-cfr --release --example warm_start`): trained
//! for T iterations, then T more from the strategy and this sidecar, ES-MCCFR ends about as
//! close to equilibrium as the run resumed from its checkpoint, and clearly closer than the same
//! T iterations seeded with a fixed mass per row; on arg-1v1-mini the same holds exactly
//! (crates/truco-train/README.md, "Training from a table").
//!
//! Layout: the checkpoint container ([`crate::checkpoint`]) with magic `TRUCOWRM` and the run's
//! [`CheckpointHeader`]; body: the xxh3-64 of the table's keys in order (u64 LE), the row count
//! (u64 LE), the mass and regret scales (f32 LE each), then per row in key order its mass byte
//! and its regret byte.

use std::path::{Path, PathBuf};

use truco_cfr::{McSolver, MAX_ACTIONS};
use truco_query::{OpenOptions, Table};
use xxhash_rust::xxh3::Xxh3;

use crate::checkpoint::{self, CheckpointHeader};
use crate::error::TrainError;

/// The magic of a warm-start sidecar.
const MAGIC: &[u8; 8] = b"TRUCOWRM";
/// Codes per doubling of the logarithmic scale (2^(1/8): 9% apart); code 255 is the scale,
/// code 1 the scale / 2^31.75, code 0 nothing.
const STEPS_PER_OCTAVE: f32 = 8.0;
const FIXED: usize = 24;

/// The sidecar of the table at `table`: `<table>.warm`.
pub fn sidecar_path(table: &Path) -> PathBuf {
    let mut p = table.as_os_str().to_owned();
    p.push(".warm");
    PathBuf::from(p)
}

fn encode(x: f32, scale: f32) -> u8 {
    if !(x > 0.0 && scale > 0.0) {
        return 0;
    }
    let c = (STEPS_PER_OCTAVE * (x / scale).log2()).round() + 255.0;
    c.clamp(0.0, 255.0) as u8
}

fn decode(c: u8, scale: f32) -> f32 {
    match c {
        0 => 0.0,
        c => scale * ((c as f32 - 255.0) / STEPS_PER_OCTAVE).exp2(),
    }
}

fn keys_hash(table: &Table) -> u64 {
    let mut h = Xxh3::new();
    for k in table.keys() {
        h.update(&k.to_le_bytes());
    }
    h.digest()
}

fn open_table(path: &Path) -> Result<Table, TrainError> {
    Table::open(path, OpenOptions::default()).map_err(|e| TrainError::WarmStart {
        path: path.to_path_buf(),
        why: e.to_string(),
    })
}

/// Writes the sidecar of the table just written at `table` from the `solver` that made it;
/// `header` names the run (its iterations, seconds and history).
pub fn write(
    solver: &McSolver<u64>,
    table: &Path,
    header: &CheckpointHeader,
) -> Result<(), TrainError> {
    let t = open_table(table)?;
    let s = solver.table();
    // Per row: its strategy-sum mass and its positive regret (0 for a key the solver lacks).
    let per_row: Vec<(f32, f32)> = t
        .keys()
        .map(|k| s.get(&k).map_or((0.0, 0.0), |e| s.masses(e)))
        .collect();
    let scale = |f: fn(&(f32, f32)) -> f32| per_row.iter().map(f).fold(0.0f32, f32::max);
    let (mass_scale, regret_scale) = (scale(|r| r.0), scale(|r| r.1));
    let mut body = Vec::with_capacity(FIXED + 2 * per_row.len());
    body.extend_from_slice(&keys_hash(&t).to_le_bytes());
    body.extend_from_slice(&(per_row.len() as u64).to_le_bytes());
    body.extend_from_slice(&mass_scale.to_le_bytes());
    body.extend_from_slice(&regret_scale.to_le_bytes());
    for &(m, r) in &per_row {
        body.push(encode(m, mass_scale));
        body.push(encode(r, regret_scale));
    }
    checkpoint::save_as(MAGIC, &sidecar_path(table), header, &body)
}

/// Seeds the fresh `solver` with every row of the table at `table` and its sidecar (which must
/// belong to a run of `expected`'s variant and abstraction), and sets its iteration count to
/// the run's. Returns the run's header (iterations, seconds, history).
pub fn seed(
    solver: &mut McSolver<u64>,
    table: &Path,
    expected: &CheckpointHeader,
) -> Result<CheckpointHeader, TrainError> {
    let path = sidecar_path(table);
    let bad = |why: String| TrainError::WarmStart {
        path: path.clone(),
        why,
    };
    let (header, body) =
        checkpoint::load_as(MAGIC, &path, expected).map_err(|e| match e {
            TrainError::NotACheckpoint { .. } => {
                bad("not a warm-start sidecar (bad magic)".into())
            }
            TrainError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => bad(
                "missing: only a table trained by this version's `truco train` has one (a run with a checkpoint continues with --resume)".into(),
            ),
            TrainError::CorruptCheckpoint { why, .. } => bad(format!("damaged: {why}")),
            TrainError::CheckpointMismatch {
                expected, found, ..
            } => bad(format!("the table is {found}, this run is {expected}")),
            other => other,
        })?;
    if body.len() < FIXED {
        return Err(bad("body too short".into()));
    }
    let word = |i: usize| u64::from_le_bytes(body[i..i + 8].try_into().expect("8 bytes"));
    let float = |i: usize| f32::from_le_bytes(body[i..i + 4].try_into().expect("4 bytes"));
    let (hash, rows) = (word(0), word(8));
    let (mass_scale, regret_scale) = (float(16), float(20));
    let t = open_table(table)?;
    if rows != t.len() as u64 || body.len() as u64 != FIXED as u64 + 2 * rows {
        return Err(bad(format!(
            "{rows} rows, the table has {}: the sidecar of another table",
            t.len()
        )));
    }
    if hash != keys_hash(&t) {
        return Err(bad(
            "the table's keys differ: the sidecar of another table".into()
        ));
    }
    let meta = t.meta();
    if meta.abstraction_hash != expected.abstraction_hash {
        return Err(bad(format!(
            "the table is keyed by {} ({:016x}), this run by {} ({:016x})",
            meta.abstraction_id,
            meta.abstraction_hash,
            expected.abstraction,
            expected.abstraction_hash
        )));
    }
    let mut probs = [0.0f32; MAX_ACTIONS];
    let mut p64 = [0.0f64; MAX_ACTIONS];
    for (i, key) in t.keys().enumerate() {
        let row = t
            .get(key)
            .map_err(|e| bad(format!("row {key:#x}: {e}")))?
            .trained();
        let n = row.copy_probs(&mut probs);
        let total: f32 = probs[..n].iter().sum();
        for (q, &p) in p64[..n].iter_mut().zip(&probs[..n]) {
            *q = if total > 0.0 {
                (p / total) as f64
            } else {
                1.0 / n as f64
            };
        }
        let mass = decode(body[FIXED + 2 * i], mass_scale);
        let regret = decode(body[FIXED + 2 * i + 1], regret_scale);
        solver.seed(&key, &p64[..n], mass, regret)?;
    }
    solver.set_iterations(header.iterations);
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::{train, TrainOptions};
    use crate::variant::TrainVariant;
    use std::sync::atomic::AtomicBool;

    fn mini(dir: &Path, name: &str, iterations: u64, seed: u64) -> TrainOptions {
        let mut o = TrainOptions::new(TrainVariant::Mini, dir.join(format!("{name}.tbl")));
        o.iterations = Some(iterations);
        o.time = None;
        o.eval_deals = 0;
        o.log = None;
        o.max_info_sets = 1 << 19;
        o.seed = seed;
        o.discount_every = 500;
        o
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("truco-warm-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A table trains on from its sidecar: with no new iteration the seeded solver writes the
    /// same rows back (one more rounding of each probability to a byte at most), and with more
    /// the iterations and the history go on from the table's.
    #[test]
    fn a_table_trains_on_from_its_sidecar() {
        let dir = temp_dir("on");
        let stop = AtomicBool::new(false);
        let first = mini(&dir, "first", 1000, 5);
        train(&first, &stop).unwrap();
        assert!(sidecar_path(&first.out).exists());
        let mut same = mini(&dir, "same", 1000, 6);
        same.warm_start = Some(first.out.clone());
        let r = train(&same, &stop).unwrap();
        assert_eq!((r.iterations, r.runs), (1000, 2));
        let (a, b) = (
            open_table(&first.out).unwrap(),
            open_table(&same.out).unwrap(),
        );
        assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
        for k in a.keys() {
            let (x, y) = (a.get(k).unwrap(), b.get(k).unwrap());
            for (p, q) in x.probs_u8().zip(y.probs_u8()) {
                assert!(p.abs_diff(q) <= 1, "{k:#x}: {p} {q}");
            }
        }
        let mut more = mini(&dir, "more", 1500, 7);
        more.warm_start = Some(first.out.clone());
        let r = train(&more, &stop).unwrap();
        assert_eq!((r.iterations, r.runs), (1500, 2));
        let history = std::fs::read_to_string(crate::history::sidecar_path(&more.out)).unwrap();
        let h: crate::history::TableHistory = serde_json::from_str(&history).unwrap();
        assert_eq!(
            (
                h.iterations,
                h.runs[1].start_iterations,
                h.runs[1].end_iterations
            ),
            (1500, 1000, 1500)
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A missing, foreign or damaged sidecar, another variant's table and a run that names
    /// both a checkpoint and a table are refused, each with its reason.
    #[test]
    fn bad_sidecars_are_refused_with_the_reason() {
        let dir = temp_dir("bad");
        let stop = AtomicBool::new(false);
        let (a, b) = (mini(&dir, "a", 300, 5), mini(&dir, "b", 300, 6));
        train(&a, &stop).unwrap();
        train(&b, &stop).unwrap();
        let copy = |name: &str, warm: Option<&[u8]>| -> PathBuf {
            let t = dir.join(format!("{name}.tbl"));
            std::fs::copy(&a.out, &t).unwrap();
            if let Some(w) = warm {
                std::fs::write(sidecar_path(&t), w).unwrap();
            }
            t
        };
        let warm_of = |o: &TrainOptions| std::fs::read(sidecar_path(&o.out)).unwrap();
        let mut damaged = warm_of(&a);
        let mid = damaged.len() / 2;
        damaged[mid] ^= 0x10;
        let cases = [
            (copy("bare", None), "missing"),
            (copy("foreign", Some(&warm_of(&b))), "another table"),
            (copy("damaged", Some(&damaged)), "damaged"),
        ];
        for (table, why) in cases {
            let mut o = mini(&dir, "out", 400, 1);
            o.warm_start = Some(table);
            let e = train(&o, &stop).unwrap_err().to_string();
            assert!(e.contains(why) && e.contains("warm-start"), "{why}: {e}");
        }
        let mut other = mini(&dir, "out", 400, 1);
        other.variant = TrainVariant::Arg1v1;
        other.warm_start = Some(a.out.clone());
        let e = train(&other, &stop).unwrap_err().to_string();
        assert!(e.contains("this run is arg-1v1 "), "{e}");
        let mut both = mini(&dir, "out", 400, 1);
        both.warm_start = Some(a.out.clone());
        both.resume = Some(a.checkpoint.clone());
        let e = train(&both, &stop).unwrap_err().to_string();
        assert!(e.contains("give one"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    /// The code keeps a value within 4.4% (half a step) over 31 octaves below the scale, and
    /// sends what lies below that, zero and negatives to 0.
    #[test]
    fn the_log_code_round_trips_within_half_a_step() {
        let scale = 1234.5f32;
        for e in 0..31 {
            let x = scale / (1u64 << e) as f32 * 0.97;
            let back = decode(encode(x, scale), scale);
            assert!((back / x - 1.0).abs() < 0.045, "{x} -> {back}");
        }
        assert_eq!(encode(scale, scale), 255);
        assert_eq!(decode(255, scale), scale);
        for x in [0.0, -3.0, scale * 1e-12, f32::NAN] {
            assert_eq!(decode(encode(x, scale), scale), 0.0, "{x}");
        }
        assert_eq!(encode(1.0, 0.0), 0);
    }
}
