//! `truco solve` (and `truco simulate` on heads-up paulista) run as processes.

use std::process::{Command, Output};

fn truco(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(args)
        .output()
        .expect("the truco binary runs")
}

const HU: [&str; 6] = [
    "--variant",
    "paulista",
    "--option",
    "players=2",
    "--option",
    "ferro=open",
];

/// A reduced deck: three plain classes of two cards, two manilhas.
const DECK: &str = "1:2,4:2,7:2,10:1,12:1";

fn solve_json(extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["solve"];
    args.extend(HU);
    args.extend(extra);
    args.push("--json");
    let out = truco(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn eleven_eleven_dealer_value_is_reported_with_its_eps() {
    let j = solve_json(&[
        "--score", "11-11", "--dealer", "0", "--deck", DECK, "--eps", "1e-3",
    ]);
    let e = j["exploitability"].as_f64().unwrap();
    assert!(e <= 1e-3, "{j}");
    let v = j["dealer_value"].as_f64().unwrap();
    assert!(v.abs() < 1.0, "{j}");
    assert_eq!(
        j["recorded"], false,
        "a reduced deck is not the cell's value"
    );
    assert!(j["classes"][0]["info_sets"].as_u64().unwrap() > 100);
    // The text report names the dealer value and its exploitability.
    let mut args = vec!["solve"];
    args.extend(HU);
    args.extend(["--score", "11-11", "--dealer", "0", "--deck", DECK]);
    let out = truco(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("dealer value") && text.contains("exploitability"),
        "{text}"
    );
}

#[test]
fn the_strategy_table_is_written_with_options_in_any_order() {
    let dir = std::env::temp_dir().join(format!("truco-cli-solve-tbl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tbl = dir.join("cell.tbl");
    let out = truco(&[
        "solve",
        "--variant",
        "paulista",
        "--option",
        "ferro=open",
        "--option",
        "players=2",
        "--score",
        "11-11",
        "--dealer",
        "1",
        "--deck",
        DECK,
        "--eps",
        "1e-2",
        "--table",
        tbl.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::metadata(&tbl).unwrap().len() > 100);
    // `truco query` refuses it with a message that says why (not "unknown to this build").
    let q = truco(&[
        "query",
        "--model",
        tbl.to_str().unwrap(),
        "--spot",
        "paulista players=2 ferro=open | score 11-11 | dealer 1 vira 12O | seat 0: 1E 7O 3C",
    ]);
    let err = String::from_utf8_lossy(&q.stderr);
    assert!(!q.status.success());
    assert!(err.contains("written by `truco solve`"), "{err}");
    assert!(!err.contains("unknown to this build"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mao_de_onze_needs_the_next_cell_in_the_mv_table() {
    let dir = std::env::temp_dir().join(format!("truco-cli-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mv = dir.join("mv.json");
    let mv_s = mv.to_str().unwrap();
    let mut args = vec!["solve"];
    args.extend(HU);
    args.extend([
        "--score", "11-10", "--dealer", "1", "--deck", DECK, "--mv", mv_s,
    ]);
    let out = truco(&args);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("11-11") && err.contains("before it was solved"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_a_clear_error() {
    for (extra, needle) in [
        (
            vec!["--score", "5-5", "--dealer", "0", "--deck", DECK],
            "truco",
        ),
        (vec!["--score", "11", "--dealer", "0"], "--score"),
        (
            vec!["--score", "11-11", "--dealer", "0", "--vira-class", "9"],
            "--vira-class",
        ),
        (
            vec!["--score", "11-11", "--dealer", "0", "--deck", "1:9"],
            "deck",
        ),
    ] {
        let mut args = vec!["solve"];
        args.extend(HU);
        args.extend(&extra);
        let out = truco(&args);
        assert!(!out.status.success(), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{extra:?}: {err}");
    }
    let out = truco(&[
        "solve",
        "--variant",
        "paulista",
        "--score",
        "11-11",
        "--dealer",
        "0",
    ]);
    assert!(!out.status.success());
}

#[test]
fn simulate_plays_heads_up_paulista() {
    let mut args = vec!["simulate"];
    args.extend(HU);
    args.extend(["--matches", "30", "--seed", "5", "--json"]);
    let out = truco(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("players=2") && text.contains("ferro=open"),
        "{text}"
    );
}
