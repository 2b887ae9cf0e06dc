//! `truco eval` run as a process: reports, JSON, determinism, and bad input.

mod common;

use common::{run_variant, truco, VariantSet, ARGENTINE};

fn eval(variant: &str, options: &[&str], a: &str, b: &str, json: bool) -> String {
    let args = vec![
        "eval",
        "--variant",
        variant,
        "--a",
        a,
        "--b",
        b,
        "--matches",
        "40",
        "--seed",
        "8",
    ];
    run_variant(args, variant, options, json)
}

fn json_value(json: &str) -> serde_json::Value {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

#[test]
fn text_report_names_the_bots_and_intervals() {
    let text = eval("arg-1v1", &[], "heuristic", "random", false);
    assert!(
        text.starts_with("arg-1v1: A = heuristic vs B = random, 40 matches (20 duplicate pairs)"),
        "{text}"
    );
    assert!(text.contains("A wins"), "{text}");
    assert!(text.contains("net points per hand"), "{text}");
    assert!(text.contains("refusals"), "{text}");
}

#[test]
fn json_report_every_variant() {
    let pica_pica: VariantSet = ("arg-classic", &["players=6", "pica-pica", "flor"]);
    for (variant, options) in ARGENTINE.into_iter().chain([pica_pica]) {
        let j = json_value(&eval(variant, options, "heuristic", "random", true));
        assert_eq!(j["variant"], variant);
        assert_eq!(j["matches"], 40);
        assert_eq!(j["pairs"], 20);
        let w = &j["win_rate"];
        let (lo, v, hi) = (
            w["low"].as_f64().unwrap(),
            w["value"].as_f64().unwrap(),
            w["high"].as_f64().unwrap(),
        );
        assert!(lo <= v && v <= hi, "{w}");
        assert!(
            v > 0.6,
            "heuristic beats random in {variant} {options:?}: {v}"
        );
        assert!(j["points_a"]["tricks"].as_u64().unwrap() > 0);
        assert!(j["hands_per_match"]["value"].as_f64().unwrap() >= 1.0);
    }
}

#[test]
fn same_seed_same_report() {
    let a = eval("arg-2v2", &[], "random", "heuristic", true);
    let b = eval("arg-2v2", &[], "random", "heuristic", true);
    assert_eq!(a, b);
    assert!(json_value(&a)["win_rate"]["value"].as_f64().unwrap() < 0.4);
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases: [(&[&str], &str); 4] = [
        (
            &[
                "--variant",
                "arg-1v1",
                "--a",
                "models/no-such-model.tbl",
                "--b",
                "random",
            ],
            "cannot read table models/no-such-model.tbl",
        ),
        (
            &["--variant", "arg-1v1", "--a", "champion", "--b", "random"],
            "unknown bot `champion`",
        ),
        (
            &["--variant", "arg-9", "--a", "random", "--b", "random"],
            "unknown variant",
        ),
        (
            &[
                "--variant",
                "arg-2v2",
                "--option",
                "flor",
                "--a",
                "random",
                "--b",
                "random",
            ],
            "unknown option",
        ),
    ];
    for (args, expect) in cases {
        let mut all = vec!["eval", "--matches", "2", "--seed", "1"];
        all.extend_from_slice(args);
        let out = truco(&all);
        assert!(!out.status.success(), "{args:?} should fail");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let out = truco(&[
        "eval",
        "--variant",
        "arg-1v1",
        "--a",
        "random",
        "--b",
        "random",
        "--matches",
        "0",
        "--seed",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 1"));
}

/// arg-2v2 with a table on either side and a mixed team (the table's first seat, the
/// heuristic its partner); a mixed team in a heads-up game is refused.
#[test]
fn team_tables_and_mixed_teams() {
    let dir = common::tmp_dir("eval", "team");
    let t = dir.join("t.tbl");
    let tbl = t.to_str().unwrap();
    let mut args = common::train_args("arg-2v2", "40", tbl);
    args.extend(["--max-info-sets", "1000000"]);
    common::ok(&truco(&args));
    let mixed = format!("{tbl}+heuristic");
    for (a, b) in [
        (tbl, "heuristic"),
        ("heuristic", tbl),
        (mixed.as_str(), "heuristic"),
        ("random+heuristic", mixed.as_str()),
    ] {
        let v = json_value(&eval("arg-2v2", &[], a, b, true));
        assert_eq!(v["a"], a, "{v}");
        assert_eq!(v["b"], b, "{v}");
        assert_eq!(v["matches"], 40, "{v}");
        // Each side with a table says how often it fell back (a 40-iteration table: often).
        for (side, bot) in [("fallbacks_a", a), ("fallbacks_b", b)] {
            let fb = &v[side];
            if bot.contains(".tbl") {
                let (d, f) = (
                    fb["decisions"].as_u64().unwrap(),
                    fb["fallbacks"].as_u64().unwrap(),
                );
                assert!(d > 0 && f > 0 && f <= d, "{side}: {fb}");
            } else {
                assert!(fb.is_null(), "{side}: {fb}");
            }
        }
    }
    let text = eval("arg-2v2", &[], tbl, "heuristic", false);
    assert!(text.contains("A's table did not know"), "{text}");
    assert!(!text.contains("B's table"), "{text}");
    let out = truco(&[
        "eval",
        "--variant",
        "arg-1v1",
        "--a",
        "random+heuristic",
        "--b",
        "random",
        "--matches",
        "2",
        "--seed",
        "1",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("no partners"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_searching_side_reports_its_searches() {
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/models/arg-1v1.tbl");
    let args = [
        "eval",
        "--variant",
        "arg-1v1",
        "--a",
        model,
        "--b",
        model,
        "--matches",
        "4",
        "--seed",
        "3",
        "--search",
        "100it",
        "--search-side",
        "a",
    ];
    let v = json_value(&run_variant(args.to_vec(), "arg-1v1", &[], true));
    let (a, b) = (&v["fallbacks_a"], &v["fallbacks_b"]);
    assert!(a["searched"].as_u64().unwrap() > 0, "{a}");
    assert_eq!(a["searches_given_up"], 0, "{a}");
    assert_eq!(b["searched"], 0, "{b}");
    let text = run_variant(args.to_vec(), "arg-1v1", &[], false);
    assert!(text.contains("A searched"), "{text}");
    assert!(!text.contains("B searched"), "{text}");
}
