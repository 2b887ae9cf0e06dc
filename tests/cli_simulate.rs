//! `truco simulate` run as a process: every variant and option set, and bad input.

mod common;

use common::{run_variant, truco, VariantSet, ARGENTINE};

fn simulate(variant: &str, options: &[&str], json: bool) -> String {
    let args = vec![
        "simulate",
        "--variant",
        variant,
        "--matches",
        "8",
        "--seed",
        "3",
    ];
    run_variant(args, variant, options, json)
}

/// Reads the number after `"key":` in the JSON summary.
fn json_number(json: &str, key: &str) -> f64 {
    let at = json
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("{key} in {json}"));
    let rest = &json[at + key.len() + 3..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    rest[..end]
        .parse()
        .unwrap_or_else(|_| panic!("{key} number in {json}"))
}

#[test]
fn every_variant_and_option_set() {
    let paulista_valencian: [VariantSet; 2] = [("paulista", &[]), ("valencian", &[])];
    let classic: [VariantSet; 6] = [
        ("arg-classic", &["players=2"]),
        ("arg-classic", &["players=6", "pica-pica"]),
        ("arg-classic", &["flor"]),
        ("arg-classic", &["target=15"]),
        ("arg-classic", &["falta-in-malas"]),
        ("arg-classic", &["early-mazo", "players=6", "flor"]),
    ];
    let sets = paulista_valencian
        .into_iter()
        .chain(ARGENTINE)
        .chain(classic);
    for (variant, options) in sets {
        let text = simulate(variant, options, false);
        assert!(text.starts_with(variant), "{text}");
        assert!(text.contains("8 matches, seed 3"), "{text}");
        assert!(text.contains("hands per match: mean"), "{text}");
        for o in options {
            assert!(text.lines().next().unwrap().contains(o), "{o} in {text}");
        }
        let json = simulate(variant, options, true);
        assert_eq!(json_number(&json, "matches"), 8.0);
        assert!(json_number(&json, "points_per_hand") > 0.0, "{json}");
        assert!(json.trim_end().ends_with('}'), "{json}");
    }
}

#[test]
fn same_seed_same_output() {
    assert_eq!(
        simulate("arg-2v2", &[], true),
        simulate("arg-2v2", &[], true)
    );
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--variant", "arg-9v9", "--matches", "1", "--seed", "1"],
            "unknown variant `arg-9v9`",
        ),
        (
            &[
                "--variant",
                "arg-classic",
                "--option",
                "flr",
                "--matches",
                "1",
                "--seed",
                "1",
            ],
            "unknown option `flr`",
        ),
        (
            &["--variant", "arg-1v1", "--matches", "0", "--seed", "1"],
            "--matches must be at least 1",
        ),
        (
            &[
                "--variant",
                "arg-classic",
                "--option",
                "players=5",
                "--matches",
                "1",
                "--seed",
                "1",
            ],
            "players must be 2, 4 or 6",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["simulate"];
        all.extend_from_slice(args);
        let out = truco(&all);
        assert!(!out.status.success(), "{args:?} must fail");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "no summary on error");
    }
    let out = truco(&["simulate", "--variant", "arg-1v1"]);
    assert!(!out.status.success(), "missing --matches and --seed");
}

#[test]
fn paulista_and_valencian_name_their_sources() {
    let text = simulate("valencian", &[], false);
    for name in [
        "envit",
        "envit-declined",
        "truc-declined",
        "joc-fora",
        "tricks",
        "fold",
    ] {
        assert!(text.contains(name), "{name} in {text}");
    }
    let json = simulate("valencian", &[], true);
    assert!(json.contains("\"envit\":["), "{json}");
    let text = simulate("paulista", &[], false);
    assert!(text.contains("mao-de-onze-run"), "{text}");
    let json = simulate("paulista", &[], true);
    assert!(json.contains("\"mao-de-onze-run\":["), "{json}");
    assert_eq!(json_number(&json, "matches"), 8.0);
}
