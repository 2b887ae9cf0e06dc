//! `truco train --variant arg-classic` with options, end to end: the table records its option
//! set, answers every seat of its own rules (six-seat hands and pica-pica pairs), refuses spots
//! of other options naming them, and plays in the arena with mixed teams.

mod common;

use truco_game::abstraction::Abstraction;
use truco_query::{OpenOptions, Table};

use common::{ok, tmp_dir, truco};

/// Trains `options` of arg-classic for `iterations` into `out` with a small solver table.
fn train(out: &str, iterations: &str, options: &[&str]) {
    let mut a = common::train_args("arg-classic", iterations, out);
    a.extend(["--max-info-sets", "2000000"]);
    for o in options {
        a.extend(["--option", o]);
    }
    ok(&truco(&a));
}

/// The JSON answer for `spot`, checked to be a distribution.
fn query(model: &str, spot: &str) -> serde_json::Value {
    let text = ok(&truco(&[
        "query", "--model", model, "--spot", spot, "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let total: f64 = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["prob"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-3, "{spot}: {text}");
    v
}

fn refused(model: &str, spot: &str) -> String {
    let r = truco(&["query", "--model", model, "--spot", spot]);
    assert!(!r.status.success(), "{spot} was answered");
    String::from_utf8_lossy(&r.stderr).into_owned()
}

#[test]
fn six_players_flor_pica_pica_trains_and_answers_every_kind_of_hand() {
    let dir = tmp_dir("train-classic", "six");
    let out = dir.join("t.tbl");
    let o = out.to_str().unwrap();
    train(o, "1000", &["players=6", "flor", "pica-pica"]);
    let table = Table::open(&out, OpenOptions::default()).unwrap();
    let abs = Abstraction::ArgClassicBucketsV1;
    table
        .expect(
            "arg-classic",
            "players=6 flor pica-pica",
            abs.id(),
            abs.definition_hash(),
        )
        .unwrap();
    assert!(table.len() > 10_000, "{} rows", table.len());
    let six = "arg-classic players=6 flor pica-pica";
    for spot in [
        format!("{six} | score 0-0 | dealer 5 | seat 0: 1E 7O 3C"),
        format!("{six} | score 3-8 | dealer 5 | seat 1: 4C 5C 12B | 0:4B"),
        format!("{six} | score 3-8 | dealer 5 | seat 4: 3E 3O 2C | 0:4B 1:5C 2:6B 3:truco"),
        format!("{six} pair=1 | score 10-4 | dealer 1 | seat 0: 1B 2E 3C"),
        format!("{six} pair=3 | score 10-4 | dealer 1 | seat 1: 1E 7E 3B | 0:4B"),
    ] {
        let v = query(o, &spot);
        assert!(v["fallback"].is_boolean(), "{v}");
    }
    // A flor is the only move of its holder: forced, not a guess.
    let flor = format!("{six} | score 0-0 | dealer 5 | seat 0: 1E 5E 3E");
    let text = ok(&truco(&["query", "--model", o, "--spot", &flor]));
    assert!(text.contains("forced") && text.contains("flor"), "{text}");
    // Spots of other option sets are refused, naming both option sets.
    for spot in [
        "arg-classic players=6 pica-pica | score 0-0 | dealer 5 | seat 0: 1E 7O 3C",
        "arg-classic flor | score 0-0 | dealer 3 | seat 0: 1E 7O 3C",
        "arg-classic players=2 flor | score 0-0 | dealer 1 | seat 0: 1E 7O 3C",
    ] {
        let err = refused(o, spot);
        assert!(err.contains("players=6 flor pica-pica"), "{err}");
    }
    // A six-player spot whose seat holds two cards, or names a seat past 5.
    let err = refused(o, &format!("{six} | score 0-0 | dealer 5 | seat 0: 1E 7O"));
    assert!(err.contains("seat"), "{err}");
    let err = refused(
        o,
        &format!("{six} | score 0-0 | dealer 5 | seat 6: 1E 7O 3C"),
    );
    assert!(err.contains("seat"), "{err}");
    // In the arena: the table alone, and one table seat with two heuristic partners.
    for a in [o.to_string(), format!("{o}+heuristic")] {
        let text = ok(&truco(&[
            "eval",
            "--variant",
            "arg-classic",
            "--option",
            "players=6",
            "--option",
            "flor",
            "--option",
            "pica-pica",
            "--a",
            &a,
            "--b",
            "heuristic",
            "--matches",
            "4",
            "--seed",
            "3",
        ]));
        assert!(text.contains("A wins"), "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_header_keeps_the_options_and_a_resumed_run_must_match_them() {
    let dir = tmp_dir("train-classic", "two");
    let out = dir.join("t.tbl");
    let o = out.to_str().unwrap();
    train(o, "2000", &["players=2", "flor", "target=15"]);
    let table = Table::open(&out, OpenOptions::default()).unwrap();
    let abs = Abstraction::ArgClassicBucketsV1;
    table
        .expect(
            "arg-classic",
            "players=2 target=15 flor",
            abs.id(),
            abs.definition_hash(),
        )
        .unwrap();
    let v = query(
        o,
        "arg-classic players=2 target=15 flor | score 12-3 | dealer 1 | seat 0: 1E 7O 3C",
    );
    assert!(v["fallback"] == false, "{v}");
    // Resuming the checkpoint with another option set is refused, naming the variant.
    let ckpt = format!("{o}.ckpt");
    let r = truco(&[
        "train",
        "--variant",
        "arg-classic",
        "--option",
        "players=2",
        "--option",
        "flor",
        "--iterations",
        "2100",
        "--resume",
        &ckpt,
        "--out",
        o,
        "--eval-deals",
        "0",
        "--quiet",
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("arg-classic"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
