//! Write random tables, read them back: every key found with its probabilities within 1/255,
//! every row summing to 1, absent keys absent, values within half a quantization step.

mod common;

use std::collections::HashMap;

use common::{meta, normalized, TempPath};
use proptest::prelude::*;
use truco_query::{OpenOptions, Table, TableWriter};

type Rows = HashMap<u64, (Vec<f32>, Vec<f32>)>;

fn row_strategy(max_actions: usize) -> impl Strategy<Value = (Vec<f32>, Vec<f32>)> {
    (1..=max_actions).prop_flat_map(|n| {
        (
            prop::collection::vec(0.0f32..1.0, n).prop_map(|mut v| {
                // Keep rows with a positive sum; some exact zeros stay in.
                v[0] += 1e-3;
                v
            }),
            prop::collection::vec(-50.0f32..50.0, n),
        )
    })
}

fn key_strategy() -> impl Strategy<Value = u64> {
    prop_oneof![any::<u64>(), 0u64..2000, (0u64..1000).prop_map(|k| k << 40)]
}

fn tables() -> impl Strategy<Value = (Rows, bool)> {
    (prop_oneof![Just(16usize), Just(40usize)], any::<bool>()).prop_flat_map(
        |(max_actions, values)| {
            (
                prop::collection::hash_map(key_strategy(), row_strategy(max_actions), 0..400),
                Just(values),
            )
        },
    )
}

fn write(rows: &Rows, with_values: bool) -> TempPath {
    let mut w = TableWriter::new(meta());
    for (&k, (p, v)) in rows {
        w.push(k, p, with_values.then_some(&v[..])).unwrap();
    }
    let path = TempPath::new("rt");
    let summary = w.write(&path.0).unwrap();
    assert_eq!(summary.rows, rows.len() as u64);
    path
}

fn check(rows: &Rows, with_values: bool, probes: &[u64]) {
    let path = write(rows, with_values);
    let table = Table::open(&path.0, OpenOptions::default()).unwrap();
    assert_eq!(table.len(), rows.len());
    assert_eq!(
        table.n_actions(),
        rows.values().map(|(p, _)| p.len() as u64).sum::<u64>()
    );
    assert_eq!(table.has_values(), with_values && !rows.is_empty());
    let max_abs = rows
        .values()
        .flat_map(|(_, v)| v.iter().map(|x| x.abs()))
        .fold(0.0f32, f32::max);
    for (&k, (p, v)) in rows {
        let row = table.lookup(k).expect("key written but not found");
        assert_eq!(row.len(), p.len());
        assert_eq!(row.probs_u8().map(u32::from).sum::<u32>(), 255);
        let sum: f32 = row.probs().sum();
        assert!((sum - 1.0).abs() <= 1.0 / 255.0, "row sums to {sum}");
        for (got, want) in row.probs().zip(normalized(p)) {
            assert!(
                (got as f64 - want).abs() <= 1.0 / 255.0 + 1e-6,
                "prob {got} vs {want}"
            );
        }
        if with_values {
            let tol = max_abs / 32767.0 + 1e-4;
            for (got, &want) in row.values().zip(v) {
                assert!((got - want).abs() <= tol, "value {got} vs {want}");
            }
            assert_eq!(row.values().count(), p.len());
        } else {
            assert_eq!(row.value(0), None);
        }
    }
    for &k in probes {
        if !rows.contains_key(&k) {
            assert!(table.lookup(k).is_none(), "absent key {k} found");
        }
    }
    let keys: Vec<u64> = table.keys().collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "keys not sorted");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_tables_round_trip(
        (rows, values) in tables(),
        probes in prop::collection::vec(key_strategy(), 0..200),
    ) {
        let mut probes = probes;
        // Neighbours of present keys are the likeliest keys to be confused with them.
        probes.extend(rows.keys().flat_map(|&k| [k.wrapping_add(1), k.wrapping_sub(1)]));
        check(&rows, values, &probes);
    }
}

/// A larger table: many offset blocks and a wide radix index.
#[test]
fn many_rows_round_trip() {
    let mut rows = Rows::new();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in 0..50_000u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let n = (x % 12) as usize + 1;
        let p = (0..n).map(|j| ((x >> j) & 0xff) as f32 + 1.0).collect();
        let v = (0..n).map(|j| j as f32 - i as f32 * 1e-3).collect();
        rows.insert(x, (p, v));
    }
    let probes: Vec<u64> = rows.keys().map(|&k| k ^ 1).collect();
    check(&rows, true, &probes);
}

/// Without values and with at most 16 actions per row the file takes at most 8 bytes per row
/// plus 1 byte per action (plus the fixed header).
#[test]
fn size_target_is_met() {
    let mut w = TableWriter::new(meta());
    let n = 100_000u64;
    let mut actions = 0u64;
    for k in 0..n {
        let a = (k % 16) as usize + 1;
        actions += a as u64;
        w.push(
            k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            &vec![1.0f32; a],
            None,
        )
        .unwrap();
    }
    let path = TempPath::new("size");
    let s = w.write(&path.0).unwrap();
    let header = 184 + 8 + 32;
    assert!(
        s.bytes <= 8 * n + actions + header,
        "{} bytes for {n} rows and {actions} actions",
        s.bytes
    );
    assert_eq!(std::fs::metadata(&path.0).unwrap().len(), s.bytes);
}

#[test]
fn empty_table_round_trips() {
    let path = write(&Rows::new(), false);
    let table = Table::open(&path.0, OpenOptions::default()).unwrap();
    assert!(table.is_empty());
    assert!(table.lookup(0).is_none());
    assert!(table.lookup(u64::MAX).is_none());
}

#[test]
fn writing_replaces_atomically() {
    let path = TempPath::new("replace");
    let mut w = TableWriter::new(meta());
    w.push(1, &[1.0f32, 0.0], None).unwrap();
    w.write(&path.0).unwrap();
    let old = Table::open(&path.0, OpenOptions::default()).unwrap();
    let mut w = TableWriter::new(meta());
    w.push(1, &[0.0f32, 1.0], None).unwrap();
    w.write(&path.0).unwrap();
    let new = Table::open(&path.0, OpenOptions::default()).unwrap();
    // The old mapping still reads the old file; the new one reads the new file.
    assert_eq!(old.lookup(1).unwrap().prob_u8(0), Some(255));
    assert_eq!(new.lookup(1).unwrap().prob_u8(0), Some(0));
    let dir = path.0.parent().unwrap();
    let name = path.0.file_name().unwrap().to_string_lossy().into_owned();
    let leftovers = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let f = e.file_name().to_string_lossy().into_owned();
            f.starts_with(&format!(".{name}")) && f.ends_with(".tmp")
        })
        .count();
    assert_eq!(leftovers, 0);
}
