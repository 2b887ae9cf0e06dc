//! `truco postprocess` run as a process: a purified and a thresholded copy answered processed
//! by `truco query --raw` and `truco serve --raw` (which say which step applied), bad
//! thresholds, a damaged table and a missing step refused with clear errors.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use truco_game::abstraction::Abstraction;
use truco_game::Spot;
use truco_query::{TableMeta, TableWriter};

/// The mano's first decision: 3 cards, truco, envido, real envido, falta envido, mazo.
const SPOT: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C";

/// A temporary file, removed on drop.
struct Tmp(PathBuf);

impl Tmp {
    fn new(tag: &str) -> Tmp {
        Tmp(std::env::temp_dir().join(format!("truco-cli-post-{tag}-{}.tbl", std::process::id())))
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A table with one row, SPOT's: weights 1, 2, ..., n (the last action the most likely).
fn model(tag: &str) -> (Tmp, usize) {
    let a = Abstraction::Tiers;
    let spot: Spot = SPOT.parse().unwrap();
    let view = spot.to_view().unwrap();
    let key = a.key(&view, spot.history()).unwrap();
    let mut legal = truco_game::ActionList::new();
    view.public().legal_actions(view.hand(), &mut legal);
    let n = legal.len();
    let weights: Vec<f32> = (1..=n).map(|i| i as f32).collect();
    let mut w = TableWriter::new(TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    });
    w.push(key, &weights, None).unwrap();
    let tmp = Tmp::new(tag);
    w.write(&tmp.0).unwrap();
    (tmp, n)
}

fn truco(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(args)
        .output()
        .expect("the truco binary runs")
}

/// The probabilities `truco query --raw --json` answers, in the row's (engine) order.
fn raw_probs(model: &Tmp) -> (Vec<f64>, serde_json::Value) {
    let out = truco(&[
        "query",
        "--model",
        model.path(),
        "--spot",
        SPOT,
        "--raw",
        "--json",
        "--debug",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let probs = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["prob"].as_f64().unwrap())
        .collect();
    (probs, v)
}

#[test]
fn processed_copies_are_served_processed_and_say_so() {
    let (m, n) = model("in");
    let (trained, v) = raw_probs(&m);
    assert_eq!(v["post_process"], "none");
    let best = trained
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .unwrap()
        .0;

    let purified = Tmp::new("purified");
    let out = truco(&[
        "postprocess",
        "--model",
        m.path(),
        "--purify",
        "--out",
        purified.path(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("post-processing purify"), "{said}");
    let (probs, v) = raw_probs(&purified);
    assert_eq!(v["post_process"], "purify");
    let want: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i == best))).collect();
    assert_eq!(probs, want);
    // The readable answer names the step too.
    let out = truco(&["query", "--model", purified.path(), "--spot", SPOT, "--raw"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("post-processed (purify"), "{text}");

    // Thresholded at 0.15: weights i / (n (n + 1) / 2) below it dropped, the rest renormalised.
    let thresholded = Tmp::new("t15");
    let out = truco(&[
        "postprocess",
        "--model",
        m.path(),
        "--threshold",
        "0.15",
        "--out",
        thresholded.path(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (probs, v) = raw_probs(&thresholded);
    assert_eq!(v["post_process"], "threshold:0.15");
    let kept: f64 = trained.iter().filter(|&&p| p >= 0.15).sum();
    for (p, t) in probs.iter().zip(&trained) {
        let want = if *t >= 0.15 { t / kept } else { 0.0 };
        assert!((p - want).abs() < 0.005, "{p} vs {want}");
    }
    assert!(probs.iter().filter(|&&p| p > 0.0).count() < n);

    // `truco serve --raw` answers the processed row and names the step.
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(["serve", "--raw", "--model", purified.path()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let line = serde_json::json!({"spot": SPOT}).to_string();
    writeln!(child.stdin.take().unwrap(), "{line}").unwrap();
    let out = child.wait_with_output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["post_process"], "purify");
    assert_eq!(v["actions"][best]["prob"], 1.0);
}

#[test]
fn bad_thresholds_damaged_tables_and_a_missing_step_are_refused() {
    let (m, _) = model("bad");
    let out_path = Tmp::new("never");
    for t in ["-0.1", "1", "1.5", "NaN", "x"] {
        let out = truco(&[
            "postprocess",
            "--model",
            m.path(),
            "--threshold",
            t,
            "--out",
            out_path.path(),
        ]);
        assert!(!out.status.success(), "{t}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("bad post-processing threshold"), "{t}: {err}");
        assert!(!out_path.0.exists());
    }
    let out = truco(&["postprocess", "--model", m.path(), "--out", out_path.path()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--purify|--threshold"), "{err}");

    let mut bytes = std::fs::read(&m.0).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let damaged = Tmp::new("damaged");
    std::fs::write(&damaged.0, &bytes).unwrap();
    let out = truco(&[
        "postprocess",
        "--model",
        damaged.path(),
        "--purify",
        "--out",
        out_path.path(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot post-process") && err.contains("checksum"),
        "{err}"
    );
    assert!(!out_path.0.exists());

    // `truco train --postprocess` refuses a bad step before training.
    let out = truco(&[
        "train",
        "--variant",
        "arg-1v1-mini",
        "--iterations",
        "10",
        "--postprocess",
        "threshold:1",
        "--out",
        out_path.path(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad post-processing threshold 1"), "{err}");
    assert!(!out_path.0.exists());
}
