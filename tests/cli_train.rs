//! `truco train` run as a process: a table truco-query opens, kill and resume equal to an
//! uninterrupted run, Ctrl-C, and refused checkpoints.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use truco_game::abstraction::Abstraction;
use truco_query::{OpenOptions, Table};

mod common;

use common::{ok, tmp_dir, truco, TmpDir};

fn tmp(name: &str) -> TmpDir {
    tmp_dir("train", name)
}

fn train_args<'a>(out: &'a str, iterations: &'a str) -> Vec<&'a str> {
    common::train_args("arg-1v1-mini", iterations, out)
}

#[test]
fn writes_a_table_that_truco_query_opens() {
    let dir = tmp("table");
    let out = dir.join("t.tbl");
    let text = ok(&truco(&[
        "train",
        "--iterations",
        "300",
        "--out",
        out.to_str().unwrap(),
        "--eval-deals",
        "50",
        "--quiet",
    ]));
    assert!(text.contains("300 iterations"), "{text}");
    assert!(text.contains("vs heuristic"), "{text}");
    let table = Table::open(&out, OpenOptions::default()).unwrap();
    let a = Abstraction::Buckets;
    table
        .expect("arg-1v1", "", a.id(), a.definition_hash())
        .unwrap();
    assert!(table.len() > 1000, "{} rows", table.len());
    let log = std::fs::read_to_string(dir.join("t.tbl.log.jsonl")).unwrap();
    let last: serde_json::Value = serde_json::from_str(log.lines().last().unwrap()).unwrap();
    assert_eq!(last["iterations"], 300);
    assert_eq!(last["eval"][1]["opponent"], "heuristic");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn wait_for(path: &Path, limit: Duration) -> bool {
    let t = Instant::now();
    while t.elapsed() < limit {
        if path.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn kill_then_resume_equals_an_uninterrupted_run() {
    let dir = tmp("resume");
    let whole = dir.join("whole.tbl");
    ok(&truco(&train_args(whole.to_str().unwrap(), "1500")));

    let cut = dir.join("cut.tbl");
    let ckpt = dir.join("cut.tbl.ckpt");
    let mut args = train_args(cut.to_str().unwrap(), "1500");
    args.extend(["--checkpoint-every", "0s"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    assert!(wait_for(&ckpt, Duration::from_secs(60)), "no checkpoint");
    std::thread::sleep(Duration::from_millis(100));
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_file(&cut);
    let mut resume = train_args(cut.to_str().unwrap(), "1500");
    resume.extend(["--resume", ckpt.to_str().unwrap()]);
    ok(&truco(&resume));
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&cut).unwrap(),
        "resumed table differs"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Three runs of one table (the third on two threads): `truco info` prints the total and
/// every run's command line; a table with no history says so.
#[test]
fn info_prints_the_history_of_every_run() {
    let dir = tmp("info");
    let out = dir.join("h.tbl");
    let (o, ckpt) = (out.to_str().unwrap(), dir.join("h.tbl.ckpt"));
    ok(&truco(&train_args(o, "100")));
    for (total, threads) in [("200", "1"), ("300", "2")] {
        let mut args = train_args(o, total);
        args.extend(["--resume", ckpt.to_str().unwrap(), "--threads", threads]);
        let text = ok(&truco(&args));
        assert!(text.contains(&format!("{total} iterations")), "{text}");
    }
    let text = ok(&truco(&["info", "--model", o]));
    assert!(
        text.contains("training: 300 iterations") && text.contains("3 runs"),
        "{text}"
    );
    assert!(
        text.contains("200..300 (100)") && text.contains("2 threads"),
        "{text}"
    );
    assert_eq!(
        text.matches("truco train --variant arg-1v1-mini").count(),
        3,
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&truco(&["info", "--model", o, "--json"]))).unwrap();
    assert_eq!(json["training"]["iterations"], 300);
    assert_eq!(json["training"]["runs"][2]["threads"], 2);
    assert_eq!(json["post_process"], "none");
    assert!(text.contains("post-processing: none"), "{text}");
    // The step a header declares is shown.
    let thresholded = dir.join("t.tbl");
    let t = thresholded.to_str().unwrap();
    ok(&truco(&[
        "postprocess",
        "--model",
        o,
        "--threshold",
        "0.2",
        "--out",
        t,
    ]));
    let text = ok(&truco(&["info", "--model", t]));
    assert!(text.contains("post-processing: threshold:0.2"), "{text}");
    std::fs::remove_file(dir.join("h.tbl.history.json")).unwrap();
    let text = ok(&truco(&["info", "--model", o]));
    assert!(text.contains("training: no history"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table trains on without its checkpoint, from its `.warm` sidecar: the history goes on
/// (`truco info` lists both runs); a table without one, and both a checkpoint and a table, are
/// refused with the reason.
#[test]
fn warm_start_goes_on_from_a_table_and_its_sidecar() {
    let dir = tmp("warm");
    let (first, more) = (dir.join("a.tbl"), dir.join("b.tbl"));
    let (a, b) = (first.to_str().unwrap(), more.to_str().unwrap());
    ok(&truco(&train_args(a, "200")));
    std::fs::remove_file(dir.join("a.tbl.ckpt")).unwrap();
    let mut args = train_args(b, "300");
    args.extend(["--warm-start", a]);
    let text = ok(&truco(&args));
    assert!(text.contains("300 iterations"), "{text}");
    let text = ok(&truco(&["info", "--model", b]));
    assert!(
        text.contains("training: 300 iterations") && text.contains("200..300 (100)"),
        "{text}"
    );
    std::fs::remove_file(dir.join("a.tbl.warm")).unwrap();
    let out = truco(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("a.tbl.warm") && err.contains("missing"),
        "{err}"
    );
    args.extend(["--resume", "x.ckpt"]);
    let out = truco(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("cannot be used with"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refuses_a_checkpoint_of_another_run_or_a_damaged_one() {
    let dir = tmp("refuse");
    let out = dir.join("m.tbl");
    ok(&truco(&train_args(out.to_str().unwrap(), "50")));
    let ckpt = dir.join("m.tbl.ckpt");
    // Another variant.
    let other = dir.join("o.tbl");
    let r = truco(&[
        "train",
        "--iterations",
        "60",
        "--out",
        other.to_str().unwrap(),
        "--resume",
        ckpt.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(!r.status.success());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("checkpoint is for arg-1v1-mini"), "{err}");
    // Another abstraction.
    let mut args = train_args(other.to_str().unwrap(), "60");
    args.extend([
        "--abstraction",
        "arg-1v1-tiers-v1",
        "--resume",
        ckpt.to_str().unwrap(),
    ]);
    let r = truco(&args);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("arg-1v1-tiers-v1"),
        "{err}"
    );
    // A damaged file.
    let mut bytes = std::fs::read(&ckpt).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    std::fs::write(&ckpt, &bytes).unwrap();
    let mut args = train_args(other.to_str().unwrap(), "60");
    args.extend(["--resume", ckpt.to_str().unwrap()]);
    let r = truco(&args);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("corrupt checkpoint"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_writes_a_checkpoint_and_the_table() {
    let dir = tmp("sigint");
    let out = dir.join("s.tbl");
    let mut args = train_args(out.to_str().unwrap(), "100000000");
    args.extend(["--checkpoint-every", "1h"]);
    // With quality measurements on: the one Ctrl-C cuts before its first deal is left out.
    let deals = args.iter().position(|a| *a == "--eval-deals").unwrap() + 1;
    args[deals] = "50";
    let child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out_text = ok(&child.wait_with_output().unwrap());
    assert!(out_text.contains("interrupted"), "{out_text}");
    assert!(!out_text.contains("over 0 duplicate deals"), "{out_text}");
    assert!(dir.join("s.tbl.ckpt").exists() && out.exists());
    let log = std::fs::read_to_string(dir.join("s.tbl.log.jsonl")).unwrap();
    for line in log.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for e in v["eval"].as_array().unwrap() {
            assert!(e["deals"].as_u64().unwrap() > 0, "{line}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_flags_are_clear_errors() {
    let r = truco(&["train", "--variant", "arg-9v9", "--iterations", "1"]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("arg-9v9"), "{err}");
    let r = truco(&["train", "--time", "10x"]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("unknown unit"), "{err}");
    let r = truco(&["train", "--algorithm", "cfr+", "--iterations", "1"]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("whole tree"), "{err}");
    let r = truco(&[
        "train",
        "--distributed",
        "--merge-every",
        "0",
        "--iterations",
        "1",
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("--merge-every"),
        "{err}"
    );
}

/// Without the `mpi` feature, `--distributed` says how to get it instead of training alone.
#[cfg(not(feature = "mpi"))]
#[test]
fn distributed_needs_the_mpi_build() {
    let dir = tmp("distributed");
    let out = dir.join("d.tbl");
    let r = truco(&[
        "train",
        "--distributed",
        "--iterations",
        "10",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("--features mpi"),
        "{err}"
    );
    assert!(!out.exists());
}

/// `--exploit-heuristic`: a restricted Nash response writes only the responder's rows (no key
/// carries the opponent bit), with the v2 abstraction and match-play scores; a share outside
/// [0, 1] and an unknown score distribution are refused.
#[test]
fn restricted_response_to_the_heuristic() {
    let dir = tmp("restricted");
    let out = dir.join("r.tbl");
    let o = out.to_str().unwrap();
    let common = [
        "train",
        "--iterations",
        "400",
        "--out",
        o,
        "--eval-deals",
        "0",
        "--quiet",
        "--abstraction",
        "arg-1v1-buckets-v2",
    ];
    let mut args = common.to_vec();
    args.extend(["--exploit-heuristic", "0.5", "--scores", "match-play"]);
    args.extend(["--discount-every", "100"]);
    ok(&truco(&args));
    let table = Table::open(&out, OpenOptions::default()).unwrap();
    let a = Abstraction::BucketsV2;
    table
        .expect("arg-1v1", "", a.id(), a.definition_hash())
        .unwrap();
    assert!(table.len() > 1000, "{} rows", table.len());
    assert!(table.keys().all(|k| k >> 63 == 0));

    let mut bad = common.to_vec();
    bad.extend(["--exploit-heuristic", "1.5"]);
    let r = truco(&bad);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("[0, 1]"));
    let mut bad = common.to_vec();
    bad.extend(["--scores", "often"]);
    let r = truco(&bad);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("unknown score distribution"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `train --help` names every abstraction, and `eval --help` every variant eval accepts.
#[test]
fn help_lists_every_abstraction_and_variant() {
    let help = ok(&truco(&["train", "--help"]));
    for a in Abstraction::ALL {
        assert!(help.contains(a.id()), "train --help misses {}", a.id());
    }
    let help = ok(&truco(&["eval", "--help"]));
    for v in ["arg-1v1", "arg-2v2", "arg-classic", "paulista", "valencian"] {
        assert!(help.contains(v), "eval --help misses {v}");
        let r = truco(&[
            "eval",
            "--variant",
            v,
            "--a",
            "random",
            "--b",
            "random",
            "--matches",
            "2",
            "--seed",
            "1",
        ]);
        assert!(r.status.success(), "eval refuses {v}");
    }
}

#[test]
fn pruning_skips_actions_and_refuses_what_it_cannot_do() {
    let dir = tmp("prune");
    let out = dir.join("p.tbl");
    let out = out.to_str().unwrap();
    // A loose threshold prunes soon after the 1,000 warm-up iterations.
    let mut args = train_args(out, "3000");
    args.extend(["--prune", "-0.5", "--json"]);
    let text = ok(&truco(&args));
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(report["pruned_actions"].as_u64().unwrap() > 0, "{text}");
    assert!(Table::open(Path::new(out), OpenOptions::default()).is_ok());
    // Without --prune nothing is pruned.
    let mut args = train_args(out, "1500");
    args.push("--json");
    let text = ok(&truco(&args));
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["pruned_actions"].as_u64(), Some(0), "{text}");
    for (extra, why) in [
        (&["--prune", "5"][..], "negative threshold"),
        (&["--prune", "-100", "--algorithm", "os-mccfr"], "es-mccfr"),
        (
            &["--prune", "-100", "--prune-average-every", "0"],
            "at least 1",
        ),
        (&["--prune-average-every", "5"], "--prune"),
    ] {
        let mut args = train_args(out, "10");
        args.extend(extra);
        let r = truco(&args);
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(!r.status.success() && err.contains(why), "{extra:?}: {err}");
    }
    let mut args = common::train_args("arg-2v2", "10", out);
    args.extend(["--prune", "-100"]);
    let r = truco(&args);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("heads-up"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
