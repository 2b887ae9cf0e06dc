//! `truco train` on the team game (arg-2v2): a table every seat can query, kill and resume
//! equal to an uninterrupted run, and clear errors for what cannot be trained.

use std::process::{Command, Stdio};
use std::time::Duration;

use truco_game::abstraction::Abstraction;
use truco_query::{OpenOptions, Table};

mod common;

use common::{ok, tmp_dir, truco};

/// A quiet arg-2v2 run of `iterations` into `out` with a small solver table.
fn args<'a>(out: &'a str, iterations: &'a str) -> Vec<&'a str> {
    let mut a = common::train_args("arg-2v2", iterations, out);
    a.extend(["--max-info-sets", "2000000"]);
    a
}

#[test]
fn trains_arg_2v2_into_a_table_every_seat_queries() {
    let dir = tmp_dir("train-team", "table");
    let out = dir.join("t.tbl");
    let o = out.to_str().unwrap();
    let mut a = args(o, "400");
    let at = a.iter().position(|&x| x == "--eval-deals").unwrap();
    a[at + 1] = "40";
    a.extend(["--threads", "2"]);
    let text = ok(&truco(&a));
    assert!(
        text.contains("arg-2v2 es-mccfr (arg-2v2-buckets-v2): 400 iterations"),
        "{text}"
    );
    assert!(text.contains("vs heuristic"), "{text}");
    let table = Table::open(&out, OpenOptions::default()).unwrap();
    let abs = Abstraction::Arg2v2BucketsV2;
    table
        .expect("arg-2v2", "", abs.id(), abs.definition_hash())
        .unwrap();
    assert!(table.len() > 10_000, "{} rows", table.len());
    // Every seat of a hand, the team answer by its deciding seat, from the fresh table.
    for spot in [
        "arg-2v2 | score 0-0 | dealer 3 | seat 0: 1E 7O 3C",
        "arg-2v2 | score 0-0 | dealer 3 | seat 1: 4C 5C 6C | 0:4B",
        "arg-2v2 | score 20-25 | dealer 3 | seat 2: 12E 11E 2B | 0:4B 1:5C",
        "arg-2v2 | score 20-25 | dealer 3 | seat 3: 3E 3O 2C | 0:4B 1:5C 2:truco",
        "arg-2v2 | score 12-20 | dealer 3 | seat 2: 1B 2E 3C | 0:envido 1:quiero [0:31 1:- 2:- 3:-] 0:4B 1:7O 2:truco 3:quiero",
    ] {
        let text = ok(&truco(&["query", "--model", o, "--spot", spot, "--json"]));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let total: f64 = v["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["prob"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-3, "{spot}: {text}");
        assert!(v["fallback"].is_boolean(), "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn kill_then_resume_equals_an_uninterrupted_team_run() {
    let dir = tmp_dir("train-team", "resume");
    let whole = dir.join("whole.tbl");
    ok(&truco(&args(whole.to_str().unwrap(), "600")));
    let cut = dir.join("cut.tbl");
    let ckpt = dir.join("cut.tbl.ckpt");
    let mut a = args(cut.to_str().unwrap(), "600");
    a.extend(["--checkpoint-every", "0s"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(&a)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = std::time::Instant::now();
    while !ckpt.exists() && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(ckpt.exists(), "no checkpoint");
    std::thread::sleep(Duration::from_millis(200));
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    let _ = std::fs::remove_file(&cut);
    let mut resume = args(cut.to_str().unwrap(), "600");
    resume.extend(["--resume", ckpt.to_str().unwrap()]);
    ok(&truco(&resume));
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&cut).unwrap(),
        "resumed table differs"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_cannot_be_trained_says_why() {
    let fail = |a: &[&str]| {
        let r = truco(a);
        assert!(!r.status.success(), "{a:?} succeeded");
        String::from_utf8_lossy(&r.stderr).into_owned()
    };
    // Option sets the engine does not accept, and a pica-pica hand instead of a match:
    // each error names the option.
    for (opts, named) in [
        (vec!["players=4", "pica-pica"], "pica-pica"),
        (vec!["players=5"], "players=5"),
        (vec!["flor=maybe"], "flor=maybe"),
        (vec!["players=6", "pica-pica", "pair=2"], "pair=2"),
    ] {
        let mut a = vec!["train", "--variant", "arg-classic", "--iterations", "1"];
        for o in &opts {
            a.extend(["--option", o]);
        }
        let err = fail(&a);
        assert!(err.contains(named), "{opts:?}: {err}");
    }
    // An option the variant does not have.
    let err = fail(&[
        "train",
        "--variant",
        "arg-2v2",
        "--option",
        "flor",
        "--iterations",
        "1",
    ]);
    assert!(err.contains("flor"), "{err}");
    // An abstraction of another variant.
    let err = fail(&[
        "train",
        "--variant",
        "arg-2v2",
        "--abstraction",
        "arg-1v1-buckets-v1",
        "--iterations",
        "1",
    ]);
    assert!(
        err.contains("does not key arg-2v2") && err.contains("arg-2v2-buckets-v1"),
        "{err}"
    );
    let err = fail(&[
        "train",
        "--abstraction",
        "arg-2v2-buckets-v1",
        "--iterations",
        "1",
    ]);
    assert!(err.contains("does not key arg-1v1"), "{err}");
    // The restricted response is heads-up only.
    let err = fail(&[
        "train",
        "--variant",
        "arg-2v2",
        "--exploit-heuristic",
        "0.5",
        "--iterations",
        "1",
    ]);
    assert!(err.contains("self-play"), "{err}");
}

#[test]
fn a_table_refuses_spots_of_other_rules() {
    let dir = tmp_dir("train-team", "rules");
    let out = dir.join("t.tbl");
    let o = out.to_str().unwrap();
    ok(&truco(&args(o, "30")));
    for (spot, want) in [
        (
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C",
            "arg-1v1",
        ),
        (
            "arg-classic | score 0-0 | dealer 3 | seat 0: 1E 7O 4C",
            "arg-classic",
        ),
    ] {
        let r = truco(&["query", "--model", o, "--spot", spot]);
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(
            !r.status.success() && err.contains("arg-2v2") && err.contains(want),
            "{err}"
        );
    }
    // Spots a seat could not be in: a partner's card in the own hand, a seat out of turn, a
    // team answering twice.
    for (spot, want) in [
        (
            "arg-2v2 | score 0-0 | dealer 3 | seat 1: 1E 7O 3C | 0:4B 1:7O 2:1E",
            "own hand",
        ),
        (
            "arg-2v2 | score 0-0 | dealer 3 | seat 1: 1E 7O 3C | 2:4B",
            "turn",
        ),
        (
            "arg-2v2 | score 0-0 | dealer 3 | seat 1: 1E 7O 3C | 0:truco 1:quiero 3:quiero",
            "turn",
        ),
    ] {
        let r = truco(&["query", "--model", o, "--spot", spot]);
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(!r.status.success() && err.contains(want), "{spot}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
