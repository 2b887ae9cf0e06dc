//! `truco plot` run as a process on the sample inputs in tests/data/plot: a real `truco train`
//! log, real `truco eval --json` reports and a sample curve CSV; outputs checked as SVG (XML
//! with an `svg` root) and PNG (signature, size); bad inputs give clear errors.

use std::path::{Path, PathBuf};

mod common;

use common::{tmp_dir, truco, TmpDir};

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/plot")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn tmp(name: &str) -> TmpDir {
    tmp_dir("plot", name)
}

fn check(file: &Path) {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    match file.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let text = String::from_utf8(bytes).unwrap();
            let doc = roxmltree::Document::parse(&text).unwrap();
            assert_eq!(doc.root_element().tag_name().name(), "svg");
            assert!(text.contains("<text"), "{file:?}: no text");
        }
        Some("png") => {
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
            assert!(bytes.len() > 10_000, "{file:?}: {} bytes", bytes.len());
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn plots_a_log_eval_reports_and_a_curve() {
    let out = tmp("all");
    let o = truco(&[
        "plot",
        "--log",
        &data("train.log.jsonl"),
        "--eval",
        &data("eval-200.json"),
        &data("eval-400.json"),
        &data("eval-800.json"),
        "--curve",
        &data("curve.csv"),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let listed: Vec<PathBuf> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(PathBuf::from)
        .collect();
    assert_eq!(listed.len(), 10, "{listed:?}");
    for stem in [
        "train-iterations",
        "train-time",
        "eval-win-rate",
        "curve-iterations",
        "curve-time",
    ] {
        for ext in ["svg", "png"] {
            let f = out.join(format!("{stem}.{ext}"));
            assert!(listed.contains(&f), "{f:?} not listed");
            check(&f);
        }
    }
    let svg = std::fs::read_to_string(out.join("eval-win-rate.svg")).unwrap();
    assert!(svg.contains("vs random") && svg.contains("Match win rate"));
}

#[test]
fn a_malformed_log_line_is_named() {
    let dir = tmp("bad");
    let log = dir.join("bad.jsonl");
    let good = std::fs::read_to_string(data("train.log.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    std::fs::write(
        &log,
        format!("{first}\n{first}\n{{\"iterations\": oops}}\n"),
    )
    .unwrap();
    let o = truco(&[
        "plot",
        "--log",
        log.to_str().unwrap(),
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.jsonl:3: malformed JSON"), "{err}");
}

#[test]
fn missing_and_empty_inputs_fail_clearly() {
    let dir = tmp("empty");
    let out = dir.join("o");
    let o = truco(&[
        "plot",
        "--log",
        dir.join("none.jsonl").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("none.jsonl"));
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let o = truco(&[
        "plot",
        "--log",
        empty.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to plot"));
    let o = truco(&["plot", "--out", out.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no input"));
}
