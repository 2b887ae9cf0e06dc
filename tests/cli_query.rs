//! `truco query` run as a process: the table and JSON of a known spot, a fallback, a malformed
//! spot, a missing and a corrupted model file.

use std::path::PathBuf;
use std::process::{Command, Output};

use truco_game::abstraction::Abstraction;
use truco_game::Spot;
use truco_query::{TableMeta, TableWriter};

/// The mano's first decision: 3 cards, truco, envido, real envido, falta envido, mazo.
const SPOT: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C";

/// A temporary file, removed on drop.
struct Tmp(PathBuf);

impl Tmp {
    fn new(tag: &str) -> Tmp {
        Tmp(std::env::temp_dir().join(format!("truco-cli-query-{tag}-{}.tbl", std::process::id())))
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Writes a table with one row: SPOT's key, weights 1, 2, 3, ... with values.
fn model(tag: &str) -> (Tmp, usize) {
    let a = Abstraction::Tiers;
    let spot: Spot = SPOT.parse().unwrap();
    let view = spot.to_view().unwrap();
    let key = a.key(&view, spot.history()).unwrap();
    let mut legal = truco_game::ActionList::new();
    view.public().legal_actions(view.hand(), &mut legal);
    let n = legal.len();
    let weights: Vec<f32> = (1..=n).map(|i| i as f32).collect();
    let values: Vec<f32> = (0..n).map(|i| i as f32 - 1.5).collect();
    let mut w = TableWriter::new(TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    });
    w.push(key, &weights, Some(&values)).unwrap();
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

fn query(model: &Tmp, spot: &str, json: bool) -> Output {
    let path = model.0.to_str().unwrap();
    let mut args = vec!["query", "--model", path, "--spot", spot];
    if json {
        args.push("--json");
    }
    truco(&args)
}

#[test]
fn a_known_spot_prints_the_table_and_json() {
    let (m, n) = model("good");
    let out = query(&m, SPOT, false);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("spot: arg-1v1 | score 0-0 | dealer 1 | seat 0:"),
        "{text}"
    );
    assert!(!text.contains("fallback"), "{text}");
    for word in ["truco", "envido", "mazo", "1E", "7O", "3C"] {
        assert!(text.lines().any(|l| l.starts_with(word)), "{word}: {text}");
    }
    // The last engine action (mazo) has the largest weight n of 1 + ... + n.
    let total = (n * (n + 1) / 2) as f64;
    let mazo = text.lines().find(|l| l.starts_with("mazo")).unwrap();
    let prob: f64 = mazo.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!((prob - n as f64 / total).abs() <= 1.0 / 255.0, "{mazo}");
    assert!(mazo.ends_with(&format!("{:+.3}", n as f64 - 2.5)), "{mazo}");
    assert!(mazo.contains('#'), "{mazo}");

    let out = query(&m, SPOT, true);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["fallback"], false);
    let actions = v["actions"].as_array().unwrap();
    assert_eq!(actions.len(), n);
    let sum: f64 = actions.iter().map(|a| a["prob"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-3, "{sum}");
    assert_eq!(actions[n - 1]["action"], "mazo");
    let p = actions[n - 1]["prob"].as_f64().unwrap();
    assert!((p - n as f64 / total).abs() <= 1.0 / 255.0, "{p}");
    assert!((actions[0]["value"].as_f64().unwrap() - -1.5).abs() < 0.01);
}

#[test]
fn an_unseen_spot_is_a_flagged_fallback() {
    let (m, _) = model("fallback");
    let spot = "arg-1v1 | score 3-7 | dealer 0 | seat 1: 4B 5B 6C";
    let out = query(&m, spot, false);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("fallback"), "{text}");
    let out = query(&m, spot, true);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["fallback"], true);
    let actions = v["actions"].as_array().unwrap();
    // Uniform over everything but mazo, which a table that does not know the spot never plays.
    let first = actions[0]["prob"].as_f64().unwrap();
    for a in actions {
        let want = if a["action"] == "mazo" { 0.0 } else { first };
        assert_eq!(a["prob"].as_f64(), Some(want), "{a}");
    }
    assert!(actions.iter().all(|a| a["value"].is_null()));
}

#[test]
fn a_malformed_spot_prints_the_spot_error() {
    let (m, _) = model("badspot");
    let bad = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:truco 0:quiero";
    let out = query(&m, bad, false);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let expected = bad.parse::<Spot>().unwrap_err().to_string();
    assert_eq!(err.trim(), format!("error: {expected}"));
    assert!(out.stdout.is_empty());

    let out = query(&m, "arg-1v1 | score 0-0", true);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fields"));
}

#[test]
fn other_rules_and_no_decision_are_clear_errors() {
    let (m, _) = model("rules");
    let out = query(
        &m,
        "arg-2v2 | score 0-0 | dealer 3 | seat 0: 1E 7O 3C",
        false,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("wrong variant") && err.contains("arg-2v2"),
        "{err}"
    );
    let out = query(
        &m,
        "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 7O 3C",
        false,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no decision for seat 1"), "{err}");
}

#[test]
fn missing_and_corrupted_models_are_clear_errors() {
    let missing = Tmp::new("missing");
    let out = query(&missing, SPOT, false);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot read table") && err.contains("missing"),
        "{err}"
    );

    let (m, _) = model("corrupt");
    let mut bytes = std::fs::read(&m.0).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&m.0, &bytes).unwrap();
    let out = query(&m, SPOT, false);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("checksum mismatch"), "{err}");

    std::fs::write(
        &m.0,
        b"not a table at all, just some text that is long enough",
    )
    .unwrap();
    let out = query(&m, SPOT, false);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a strategy table"), "{err}");
}
