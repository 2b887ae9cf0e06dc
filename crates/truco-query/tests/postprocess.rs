//! The post-processing step of a table: written and read back, applied to every row served,
//! the trained rows kept; `write_post_processed` on good and damaged tables; tables written
//! before the field (the shipped ones) read as `none`.

use std::path::{Path, PathBuf};

use truco_query::{
    write_post_processed, OpenOptions, PostProcess, RewriteError, Table, TableMeta, TableWriter,
};

/// A temporary path, removed on drop.
struct Tmp(PathBuf);

impl Tmp {
    fn new(name: &str) -> Tmp {
        Tmp(std::env::temp_dir().join(format!("tq-post-{}-{name}.tbl", std::process::id())))
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn meta() -> TableMeta {
    TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: "test".into(),
        abstraction_hash: 3,
    }
}

/// Rows of 1 to 9 actions with varied weights, one of them with ties for the most likely.
fn rows() -> Vec<(u64, Vec<f32>)> {
    let mut out: Vec<(u64, Vec<f32>)> = (0..500u64)
        .map(|k| {
            let n = 1 + (k % 9) as usize;
            let w = (0..n).map(|i| ((k * 7 + i as u64 * 13) % 23) as f32 + 0.5);
            (k * 1_000_003, w.collect())
        })
        .collect();
    out.push((1, vec![0.1, 0.4, 0.4, 0.1]));
    out
}

fn write(path: &Path, post: Option<PostProcess>) {
    let mut w = TableWriter::new(meta());
    if let Some(p) = post {
        w.set_post_process(p);
    }
    for (k, p) in rows() {
        w.push(k, &p, None).unwrap();
    }
    w.write(path).unwrap();
}

fn bytes_of(t: &Table, key: u64, trained: bool) -> Vec<u8> {
    let row = t.lookup(key).unwrap();
    let row = if trained { row.trained() } else { row };
    row.probs_u8().collect()
}

#[test]
fn the_step_round_trips_and_applies_to_every_row() {
    let plain = Tmp::new("plain");
    write(&plain.0, None);
    let trained = Table::open(&plain.0, OpenOptions::default()).unwrap();
    assert_eq!(trained.post_process(), PostProcess::None);
    for (name, step) in [
        ("purify", PostProcess::Purify),
        ("t10", PostProcess::threshold(0.1).unwrap()),
        ("t30", PostProcess::threshold(0.3).unwrap()),
    ] {
        let tmp = Tmp::new(name);
        write(&tmp.0, Some(step));
        let t = Table::open(&tmp.0, OpenOptions::default()).unwrap();
        assert_eq!(t.post_process(), step);
        for (k, _) in rows() {
            let raw = bytes_of(&trained, k, false);
            assert_eq!(bytes_of(&t, k, true), raw, "trained row kept");
            let mut want = vec![0; raw.len()];
            step.apply(&raw, &mut want);
            let got = bytes_of(&t, k, false);
            assert_eq!(got, want);
            assert_eq!(got.iter().map(|&q| q as u32).sum::<u32>(), 255);
            assert!(t.lookup(k).unwrap().is_processed());
            for (i, &q) in got.iter().enumerate() {
                assert_eq!(t.lookup(k).unwrap().prob_u8(i), Some(q));
            }
        }
        // Ties: the first of the most likely actions.
        if step == PostProcess::Purify {
            assert_eq!(bytes_of(&t, 1, false), vec![0, 255, 0, 0]);
        }
    }
}

#[test]
fn write_post_processed_changes_only_the_header() {
    let plain = Tmp::new("src");
    write(&plain.0, None);
    let out = Tmp::new("dst");
    let s = write_post_processed(&plain.0, PostProcess::Purify, &out.0).unwrap();
    assert_eq!(s.rows, rows().len() as u64);
    let (a, b) = (
        std::fs::read(&plain.0).unwrap(),
        std::fs::read(&out.0).unwrap(),
    );
    assert_eq!(a.len(), b.len());
    assert_eq!(s.bytes, b.len() as u64);
    let header_len = u32::from_le_bytes([a[16], a[17], a[18], a[19]]) as usize;
    assert_eq!(a[header_len..], b[header_len..], "the body is untouched");
    assert_ne!(a[..header_len], b[..header_len]);
    // Back to none in place: the original bytes again.
    write_post_processed(&out.0, PostProcess::None, &out.0).unwrap();
    assert_eq!(std::fs::read(&out.0).unwrap(), a);
    // A step written by the writer and by the rewrite give the same file.
    let direct = Tmp::new("direct");
    write(&direct.0, Some(PostProcess::threshold(0.15).unwrap()));
    write_post_processed(&plain.0, PostProcess::threshold(0.15).unwrap(), &out.0).unwrap();
    assert_eq!(
        std::fs::read(&direct.0).unwrap(),
        std::fs::read(&out.0).unwrap()
    );
}

#[test]
fn a_damaged_or_missing_table_is_refused_and_the_output_left_alone() {
    let plain = Tmp::new("good");
    write(&plain.0, None);
    let mut bytes = std::fs::read(&plain.0).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x40;
    let damaged = Tmp::new("damaged");
    std::fs::write(&damaged.0, &bytes).unwrap();
    let out = Tmp::new("out");
    let e = write_post_processed(&damaged.0, PostProcess::Purify, &out.0).unwrap_err();
    assert!(matches!(e, RewriteError::Read { .. }), "{e:?}");
    let text = e.to_string();
    assert!(
        text.contains("cannot post-process") && text.contains("checksum mismatch"),
        "{text}"
    );
    assert!(!out.0.exists());
    let e = write_post_processed(Path::new("/nonexistent/t.tbl"), PostProcess::Purify, &out.0)
        .unwrap_err();
    assert!(e.to_string().contains("/nonexistent/t.tbl"), "{e}");
    // An output directory that does not exist: a write error naming the path.
    let e = write_post_processed(
        &plain.0,
        PostProcess::Purify,
        Path::new("/nonexistent/o.tbl"),
    )
    .unwrap_err();
    assert!(matches!(e, RewriteError::Write(_)), "{e:?}");
}

#[test]
fn bad_thresholds_are_refused_with_a_clear_error() {
    for t in [-0.01f32, 1.0, 7.0, f32::NAN, f32::NEG_INFINITY] {
        let e = PostProcess::threshold(t).unwrap_err();
        assert!(
            e.to_string().starts_with("bad post-processing threshold"),
            "{e}"
        );
    }
    assert!(PostProcess::threshold(0.0).is_ok());
    assert!(PostProcess::threshold(0.999).is_ok());
}

#[test]
fn shipped_tables_written_before_the_field_read_as_none() {
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../models");
    let mut seen = 0;
    for entry in std::fs::read_dir(&models).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tbl")
            && !path.to_string_lossy().contains("-quick")
        {
            let t = Table::open(
                &path,
                OpenOptions {
                    verify_checksum: false,
                },
            )
            .unwrap();
            // The shipped tables that declare a step say so in their model card; the others
            // (written before the field existed) read as none, their rows unchanged.
            if t.post_process().is_none() {
                let k = t.keys().next().unwrap();
                assert!(!t.lookup(k).unwrap().is_processed());
            }
            seen += 1;
        }
    }
    assert!(seen >= 9, "{seen} tables");
}
