//! `truco train` on paulista (4 players and heads-up, both ferro options) and Valencian truc:
//! tables whose headers name the option set, every seat answered in the variant's words, a
//! killed run resumed equal to an uninterrupted one, and clear errors for other rules.

use std::process::{Command, Stdio};
use std::time::Duration;

use truco_game::abstraction::Abstraction;
use truco_query::{OpenOptions, Table};

mod common;

use common::{ok, tmp_dir, truco};

/// A quiet run of `variant` (with `options`) for `iterations` into `out`, small solver table.
fn train(variant: &str, options: &[&str], iterations: &str, out: &str) -> Vec<String> {
    let mut a: Vec<String> = common::train_args(variant, iterations, out)
        .into_iter()
        .map(String::from)
        .collect();
    for o in options {
        a.extend(["--option".to_string(), o.to_string()]);
    }
    a.extend(["--max-info-sets".into(), "2000000".into()]);
    a
}

fn run(a: &[String]) -> std::process::Output {
    let refs: Vec<&str> = a.iter().map(String::as_str).collect();
    truco(&refs)
}

/// Queries `spot` as JSON and checks the answer is a distribution; returns the action names.
fn answer(table: &str, spot: &str) -> Vec<String> {
    let text = ok(&truco(&[
        "query", "--model", table, "--spot", spot, "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let actions = v["actions"].as_array().unwrap();
    let total: f64 = actions.iter().map(|a| a["prob"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-3, "{spot}: {text}");
    assert!(v["fallback"].is_boolean(), "{text}");
    actions
        .iter()
        .map(|a| a["action"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn paulista_trains_and_every_seat_is_answered_in_its_words() {
    let dir = tmp_dir("train-table", "paulista");
    let out = dir.join("p.tbl");
    let o = out.to_str().unwrap();
    let text = ok(&run(&train("paulista", &[], "400", o)));
    assert!(
        text.contains("paulista es-mccfr (paulista-buckets-v1): 400 iterations"),
        "{text}"
    );
    let abs = Abstraction::PaulistaBucketsV1;
    let table = Table::open(&out, OpenOptions::default()).unwrap();
    table
        .expect("paulista", "", abs.id(), abs.definition_hash())
        .unwrap();
    assert!(table.len() > 1_000, "{} rows", table.len());
    let spot = "paulista | score 3-5 | dealer 3 vira 7O | seat 0: 3E 10O 4C | 0:10O 1:3B 2:6E 3:1C / 0:hide-3E 1:hidden 2:4O 3:7B / 3:truco";
    assert_eq!(answer(o, spot), ["seis", "quiero", "no-quiero"]);
    for spot in [
        "paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 10O 4C",
        "paulista | score 0-0 | dealer 3 vira 7O | seat 1: 1E 5O 6C | 0:10O",
        "paulista | score 0-0 | dealer 3 vira 7O | seat 2: 2E 2O 12C | 0:10O 1:5O",
        "paulista | score 0-0 | dealer 3 vira 7O | seat 3: 3B 3O 11C | 0:10O 1:5O 2:2E",
    ] {
        answer(o, spot);
    }
    // The mão de onze: the team at 11 plays or runs, seeing its partner's cards.
    let spot = "paulista | score 11-4 | dealer 3 vira 7O | seat 0: 6E 10B 4O partner 3E 10O 4C";
    assert_eq!(answer(o, spot), ["play", "run"]);
    // The mão de ferro: blind plays by position.
    let spot = "paulista | score 11-11 | dealer 3 vira 7O | seat 1: blind | 0:4C";
    assert_eq!(answer(o, spot), ["blind-0", "blind-1", "blind-2"]);
    // A table of 4-player paulista refuses the heads-up option set and other variants.
    for (spot, want) in [
        (
            "paulista players=2 | score 0-0 | dealer 1 vira 7O | seat 0: 3E 4C 5O",
            "players=2",
        ),
        (
            "valencian | score 0-0 camas 0-0 | dealer 0 | seat 1: 1E 4C 5O",
            "valencian",
        ),
    ] {
        let r = truco(&["query", "--model", o, "--spot", spot]);
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(!r.status.success() && err.contains(want), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn heads_up_paulista_records_its_options() {
    let dir = tmp_dir("train-table", "hu");
    for (opts, header) in [
        (&["players=2"][..], "players=2"),
        (&["players=2", "ferro=open"][..], "players=2 ferro=open"),
    ] {
        let out = dir.join("hu.tbl");
        let o = out.to_str().unwrap();
        ok(&run(&train("paulista", opts, "300", o)));
        let abs = Abstraction::PaulistaBucketsV1;
        let table = Table::open(&out, OpenOptions::default()).unwrap();
        table
            .expect("paulista", header, abs.id(), abs.definition_hash())
            .unwrap();
        answer(
            o,
            &format!("paulista {header} | score 0-0 | dealer 1 vira 7O | seat 0: 3E 4C 5O"),
        );
        answer(
            o,
            &format!("paulista {header} | score 10-11 | dealer 1 vira 7O | seat 1: 3E 4C 5O"),
        );
        let r = truco(&[
            "query",
            "--model",
            o,
            "--spot",
            "paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 4C 5O",
        ]);
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(!r.status.success() && err.contains(header), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn valencian_trains_and_answers_envit_and_out_of_turn_truc() {
    let dir = tmp_dir("train-table", "valencian");
    let out = dir.join("v.tbl");
    let o = out.to_str().unwrap();
    ok(&run(&train("valencian", &[], "400", o)));
    let abs = Abstraction::ValencianBucketsV1;
    Table::open(&out, OpenOptions::default())
        .unwrap()
        .expect("valencian", "", abs.id(), abs.definition_hash())
        .unwrap();
    // The out-of-turn window (ruling 2): the team not on turn raises or passes.
    let spot = "valencian | score 0-0 camas 0-0 | dealer 0 | seat 2: 1E 3E 7E";
    assert_eq!(answer(o, spot), ["truc", "pass"]);
    let names = answer(
        o,
        "valencian | score 5-17 camas 1-0 | dealer 0 | seat 1: 6O 7O 3C | 2:pass",
    );
    assert!(names.contains(&"envide".to_string()) && names.contains(&"falta".to_string()));
    let names = answer(
        o,
        "valencian | score 5-17 camas 1-0 | dealer 0 | seat 2: 1E 3E 7E | 2:pass 1:envide",
    );
    assert!(names.contains(&"torne".to_string()), "{names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_paulista_run_resumes_to_the_same_table() {
    let dir = tmp_dir("train-table", "resume");
    let whole = dir.join("whole.tbl");
    ok(&run(&train(
        "paulista",
        &[],
        "500",
        whole.to_str().unwrap(),
    )));
    let cut = dir.join("cut.tbl");
    let ckpt = dir.join("cut.tbl.ckpt");
    let mut a = train("paulista", &[], "500", cut.to_str().unwrap());
    a.extend(["--checkpoint-every".into(), "0s".into()]);
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
    std::thread::sleep(Duration::from_millis(100));
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_file(&cut);
    let mut resume = train("paulista", &[], "500", cut.to_str().unwrap());
    resume.extend(["--resume".into(), ckpt.to_str().unwrap().into()]);
    ok(&run(&resume));
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&cut).unwrap(),
        "resumed table differs"
    );
    // A heads-up checkpoint is not resumed as the 4-player game.
    let mut other = train("paulista", &["players=2"], "600", cut.to_str().unwrap());
    other.extend(["--resume".into(), ckpt.to_str().unwrap().into()]);
    let r = run(&other);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("paulista"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_play_scores_are_refused_where_they_were_not_measured() {
    let r = truco(&[
        "train",
        "--variant",
        "valencian",
        "--scores",
        "match-play",
        "--iterations",
        "1",
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("match-play") && err.contains("uniform"),
        "{err}"
    );
}
