//! `truco query --range`: the strategy for every hand the acting seat could hold, on the
//! shipped arg-1v1 model.

mod common;

use common::{ok, truco};

const MODEL: &str = "models/arg-1v1.tbl";

fn range_json(spot: &str) -> serde_json::Value {
    let out = ok(&truco(&[
        "query", "--range", "--json", "--model", MODEL, "--spot", spot,
    ]));
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn every_hand_of_an_opening_spot_is_counted_once() {
    let v = range_json("arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C");
    // Nothing is public yet: every three cards of 40.
    assert_eq!(v["hands"], 9880, "{v}");
    let cells = v["cells"].as_array().unwrap();
    let total: u64 = cells
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .map(|c| c["hands"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 9880);
    assert_eq!(v["rows"][0], "1E");
    assert_eq!(v["cols"][0], "0-7");
    // Each non-empty cell's mean probabilities sum to 1.
    for c in cells.iter().flat_map(|r| r.as_array().unwrap()) {
        if c["hands"].as_u64().unwrap() > 0 {
            let s: f64 = c["mean"]
                .as_object()
                .unwrap()
                .values()
                .map(|x| x.as_f64().unwrap())
                .sum();
            assert!((s - 1.0).abs() < 0.01, "{c}");
        }
    }
    let text = ok(&truco(&[
        "query",
        "--range",
        "--model",
        MODEL,
        "--spot",
        "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C",
    ]));
    assert!(text.contains("9880 hands it could hold"), "{text}");
    assert!(text.contains("rows: its strongest card"), "{text}");
}

#[test]
fn what_is_public_restricts_the_range() {
    // Seat 0 showed 33 for the envido and played 1C: only hands with 1C and a total of 33.
    let v = range_json(
        "arg-1v1 | score 3-9 | dealer 1 | seat 0: 6O 7O 1C | 0:envido 1:quiero [0:33 1:25] 0:1C 1:4E / 0:truco 1:quiero",
    );
    let n = v["hands"].as_u64().unwrap();
    assert!((1..20).contains(&n), "{v}");
    let cols = v["cols"].as_array().unwrap();
    for row in v["cells"].as_array().unwrap() {
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            if cell["hands"].as_u64().unwrap() > 0 {
                assert_eq!(cols[c], "32-33", "{v}");
            }
        }
    }
}

#[test]
fn a_spot_with_no_decision_for_its_seat_is_an_error() {
    let out = truco(&[
        "query",
        "--range",
        "--model",
        MODEL,
        "--spot",
        "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 7O 4C",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.is_empty() && !err.contains("panicked"), "{err}");
}

#[test]
fn the_range_is_drawn_to_png_and_svg() {
    let dir = common::tmp_dir("range", "draw");
    let (png, svg) = (dir.join("r.png"), dir.join("r.svg"));
    let spot = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C";
    let text = ok(&truco(&[
        "query",
        "--range",
        "--model",
        MODEL,
        "--spot",
        spot,
        "--png",
        png.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]));
    assert!(text.contains("9880 hands"), "{text}");
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let body = std::fs::read_to_string(&svg).unwrap();
    assert!(body.contains("<svg") && body.contains("envido") && body.contains("1E"));
    // A picture needs --range; a folder that does not exist is a clear error.
    let r = truco(&["query", "--model", MODEL, "--spot", spot, "--png", "x.png"]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("--range"));
    let missing = dir.join("no/such/r.png");
    let r = truco(&[
        "query",
        "--range",
        "--model",
        MODEL,
        "--spot",
        spot,
        "--png",
        missing.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("cannot draw the range"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fallen_back_hands_are_marked_apart_from_decisions() {
    // At 14-14 after real envido and falta envido, most hands are ones the table never saw.
    let v = range_json(
        "arg-1v1 | score 14-14 | dealer 1 | seat 0: 6O 7O 1C | 0:real-envido 1:falta-envido",
    );
    let cells: Vec<&serde_json::Value> = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .collect();
    let fb: u64 = cells.iter().map(|c| c["fallbacks"].as_u64().unwrap()).sum();
    assert_eq!(fb, v["fallbacks"].as_u64().unwrap());
    assert!(fb > 0, "{v}");
    // A cell is a fallback cell exactly when all its hands fell back.
    assert!(cells.iter().any(|c| c["fallback"] == true), "{v}");
    for c in &cells {
        let all = c["hands"].as_u64().unwrap() > 0 && c["hands"] == c["fallbacks"];
        assert_eq!(c["fallback"], all, "{c}");
    }
    // Every action named has the picture's colour.
    assert_eq!(v["colors"]["quiero"].as_str().unwrap().len(), 7, "{v}");
    assert_eq!(v["fallback_color"], "#bebebe");
    let text = ok(&truco(&[
        "query",
        "--range",
        "--model",
        MODEL,
        "--spot",
        "arg-1v1 | score 14-14 | dealer 1 | seat 0: 6O 7O 1C | 0:real-envido 1:falta-envido",
    ]));
    assert!(
        text.contains("fallback (") && text.contains(" fb)"),
        "{text}"
    );
}

#[test]
fn the_paulista_grid_names_its_manilhas_and_drops_empty_lines() {
    let out = ok(&truco(&[
        "query",
        "--range",
        "--json",
        "--model",
        "models/paulista-hu.tbl",
        "--spot",
        "paulista players=2 | score 0-0 | dealer 1 vira 7O | seat 0: 3E 10O 4C",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(rows[0], "manilha 10B", "{rows:?}");
    assert!(rows.iter().all(|r| !r.is_empty()), "{rows:?}");
    // No row or column without a hand.
    let cells = v["cells"].as_array().unwrap();
    for row in cells {
        assert!(row.as_array().unwrap().iter().any(|c| c["hands"] != 0));
    }
    for c in 0..v["cols"].as_array().unwrap().len() {
        assert!(cells.iter().any(|row| row[c]["hands"] != 0), "column {c}");
    }
}
