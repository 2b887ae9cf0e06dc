//! End-to-end tests of [`crate::plot`] on small inputs written to a temporary directory.

use std::path::{Path, PathBuf};

use crate::{plot, PlotError, PlotRequest};

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const LOG: &str = r#"{"variant":"arg-1v1","iterations":1000,"seconds":2.0,"eval":[{"opponent":"random","deals":100,"points_per_hand":0.5,"ci95":0.2,"coverage":0.3},{"opponent":"heuristic","deals":100,"points_per_hand":-0.9,"ci95":0.2,"coverage":0.3}]}
{"variant":"arg-1v1","iterations":5000,"seconds":8.5,"eval":[{"opponent":"random","deals":100,"points_per_hand":0.9,"ci95":0.2,"coverage":0.5},{"opponent":"heuristic","deals":100,"points_per_hand":-0.4,"ci95":0.2,"coverage":0.5}]}

{"variant":"arg-1v1","iterations":20000,"seconds":30.0,"eval":[{"opponent":"random","deals":100,"points_per_hand":1.2,"ci95":0.2,"coverage":0.7},{"opponent":"heuristic","deals":100,"points_per_hand":-0.1,"ci95":0.2,"coverage":0.7}],"exploitability":0.8}
"#;

fn eval_json(b: &str, v: f64) -> String {
    format!(
        r#"{{"variant":"arg-1v1","a":"model","b":"{b}","win_rate":{{"value":{v},"low":{},"high":{}}}}}"#,
        v - 0.05,
        v + 0.05
    )
}

/// Checks an SVG parses as XML with an `svg` root and a PNG has its signature and some bulk.
fn check_outputs(files: &[PathBuf]) {
    for f in files {
        let bytes = std::fs::read(f).unwrap();
        match f.extension().and_then(|e| e.to_str()) {
            Some("svg") => {
                let text = String::from_utf8(bytes).unwrap();
                let doc = roxmltree::Document::parse(&text).unwrap();
                assert_eq!(doc.root_element().tag_name().name(), "svg", "{f:?}");
                assert!(text.contains("<text"), "{f:?} has no text");
            }
            Some("png") => {
                assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{f:?}");
                assert!(bytes.len() > 10_000, "{f:?}: {} bytes", bytes.len());
            }
            other => panic!("unexpected output {other:?}"),
        }
    }
}

#[test]
fn log_eval_and_curve_give_ten_valid_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let req = PlotRequest {
        log: Some(write(d, "train.log.jsonl", LOG)),
        eval: vec![
            write(d, "ckpt-100.json", &eval_json("heuristic", 0.3)),
            write(d, "ckpt-200.json", &eval_json("heuristic", 0.45)),
            write(d, "ckpt-200-random.json", &eval_json("random", 0.9)),
        ],
        curve: Some(write(
            d,
            "curve.csv",
            "iterations,seconds,exploitability,series\n10,0.1,2.0,dcfr\n100,1.0,0.5,dcfr\n# note\n10,0.2,2.5,es\n100,2.0,1.0,es\n",
        )),
        out: d.join("out"),
    };
    let files = plot(&req).unwrap();
    assert_eq!(files.len(), 10);
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for n in [
        "train-iterations.svg",
        "train-time.png",
        "eval-win-rate.svg",
        "curve-time.png",
    ] {
        assert!(names.contains(&n.to_string()), "{names:?}");
    }
    check_outputs(&files);
    // The series names reach the SVG legend.
    let svg = std::fs::read_to_string(d.join("out/train-iterations.svg")).unwrap();
    assert!(svg.contains("vs heuristic: points per hand") && svg.contains("exploitability"));
    // Each title names its input file.
    assert!(
        svg.contains("(train.log.jsonl)"),
        "no input name in the title"
    );
    let eval = std::fs::read_to_string(d.join("out/eval-win-rate.svg")).unwrap();
    assert!(eval.contains("ckpt-100.json, ckpt-200.json and 1 more"));
    let curve = std::fs::read_to_string(d.join("out/curve-time.svg")).unwrap();
    assert!(curve.contains("(curve.csv)"));
}

#[test]
fn a_malformed_line_is_reported_with_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let log = format!(
        "{}{}\n",
        LOG.lines().next().unwrap(),
        "\n{\"iterations\": 5,"
    );
    let req = PlotRequest {
        log: Some(write(d, "bad.jsonl", &log)),
        out: d.join("out"),
        ..PlotRequest::default()
    };
    let err = plot(&req).unwrap_err();
    assert!(matches!(err, PlotError::Json { line: 2, .. }), "{err:?}");
    assert!(err.to_string().contains("bad.jsonl:2:"), "{err}");
    // Nothing is written when an input is bad.
    assert!(!d.join("out").exists());
}

#[test]
fn a_line_without_iterations_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let req = PlotRequest {
        log: Some(write(d, "x.jsonl", "{\"seconds\": 1.0, \"eval\": []}\n")),
        out: d.join("out"),
        ..PlotRequest::default()
    };
    let err = plot(&req).unwrap_err().to_string();
    assert!(
        err.contains("x.jsonl:1:") && err.contains("`iterations`"),
        "{err}"
    );
}

#[test]
fn empty_inputs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let empty = PlotRequest {
        log: Some(write(d, "empty.jsonl", "\n\n")),
        out: d.join("out"),
        ..PlotRequest::default()
    };
    assert!(matches!(plot(&empty), Err(PlotError::Empty { .. })));
    let no_quality = PlotRequest {
        log: Some(write(
            d,
            "nq.jsonl",
            "{\"iterations\":1,\"seconds\":1,\"eval\":[]}\n",
        )),
        out: d.join("out"),
        ..PlotRequest::default()
    };
    let err = plot(&no_quality).unwrap_err().to_string();
    assert!(err.contains("no line has a quality measurement"), "{err}");
    let csv = PlotRequest {
        curve: Some(write(d, "c.csv", "iterations,seconds,exploitability\n")),
        out: d.join("out"),
        ..PlotRequest::default()
    };
    assert!(matches!(plot(&csv), Err(PlotError::Empty { .. })));
    assert!(matches!(
        plot(&PlotRequest::default()),
        Err(PlotError::NoInput)
    ));
}

#[test]
fn a_missing_file_is_an_io_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let req = PlotRequest {
        eval: vec![d.join("nope.json")],
        out: d.join("out"),
        ..PlotRequest::default()
    };
    let err = plot(&req).unwrap_err();
    assert!(matches!(err, PlotError::Io { .. }));
    assert!(err.to_string().contains("nope.json"));
}

#[test]
fn bad_csv_rows_name_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (text, line, what) in [
        ("1,2\n", 1, "columns"),
        (
            "iterations,seconds,exploitability\n10,1,0.5\n20,x,0.4\n",
            3,
            "seconds `x`",
        ),
        ("10,1,NaN\n", 1, "exploitability"),
    ] {
        let req = PlotRequest {
            curve: Some(write(d, "bad.csv", text)),
            out: d.join("out"),
            ..PlotRequest::default()
        };
        match plot(&req) {
            Err(PlotError::Csv {
                line: l, message, ..
            }) => {
                assert_eq!(l, line, "{text}");
                assert!(message.contains(what), "{message}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn an_eval_file_that_is_not_a_report_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let req = PlotRequest {
        eval: vec![write(d, "r.json", "{\"a\": \"x\"}")],
        out: d.join("out"),
        ..PlotRequest::default()
    };
    let err = plot(&req).unwrap_err().to_string();
    assert!(err.contains("win_rate"), "{err}");
    let broken = PlotRequest {
        eval: vec![write(d, "b.json", "{\n\"a\": \n")],
        out: d.join("out"),
        ..PlotRequest::default()
    };
    assert!(matches!(plot(&broken), Err(PlotError::Json { .. })));
}

#[test]
fn eval_x_axis_uses_file_numbers_or_order() {
    use crate::eval::{eval_chart, stem_number, EvalPoint};
    assert_eq!(stem_number(Path::new("a/ckpt-200000.json")), Some(200000.0));
    assert_eq!(stem_number(Path::new("run2-final.json")), Some(2.0));
    assert_eq!(stem_number(Path::new("final.json")), None);
    let pt = |p: &str, v: f64| EvalPoint {
        path: p.into(),
        opponent: "h".into(),
        win_rate: (v, v - 0.1, v + 0.1),
    };
    let c = eval_chart(&[pt("c-300.json", 0.6), pt("c-100.json", 0.4)]);
    let xs: Vec<f64> = c.series[0].points.iter().map(|p| p.x).collect();
    assert_eq!(xs, vec![100.0, 300.0]);
    assert!((c.series[0].points[0].y - 40.0).abs() < 1e-9);
    let c = eval_chart(&[pt("b.json", 0.6), pt("a.json", 0.4)]);
    let xs: Vec<f64> = c.series[0].points.iter().map(|p| p.x).collect();
    assert_eq!(xs, vec![1.0, 2.0]);
    assert!(c.x_label.contains("order"));
}
