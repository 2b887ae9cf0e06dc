//! `truco serve --http`: the web explorer's page and JSON API. Every endpoint, and what a
//! careless or hostile client sends: bad JSON, an unknown model, a spot with an error or of
//! other rules, a body over the limit, a request cut short. The server stays up throughout.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

mod common;

use common::server::{Model, Server, SPOT, TIMEOUT};

/// Starts the explorer on `models`; returns the process and its `host:port`.
fn start(models: &[&Model]) -> (Server, String) {
    let mut args = vec!["serve", "--http", "127.0.0.1:0"];
    for m in models {
        args.extend(["--model", m.0.to_str().unwrap()]);
    }
    common::server::start(&args, "listening on http://")
}

/// One HTTP/1.1 request; returns the status and the body.
fn http(addr: &str, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(TIMEOUT)).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) before reading a large body: a failed write is fine then.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status: u16 = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn post(addr: &str, path: &str, v: &Value) -> (u16, Value) {
    let (status, body) = http(addr, "POST", path, v.to_string().as_bytes());
    (
        status,
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}")),
    )
}

#[test]
fn every_endpoint_answers() {
    let (a, b) = (Model::new("http-a"), Model::new("http-b"));
    let (_server, addr) = start(&[&a, &b]);
    // The page, with its controls.
    let (status, page) = http(&addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("truco spot explorer") && page.contains("id=\"rangeBtn\""));
    // Its landing example and the range grid's legend.
    assert!(page.contains("id=\"example\"") && page.contains("id=\"legend\""));
    // The tables, named by file stem.
    let (status, body) = http(&addr, "GET", "/api/models", b"");
    assert_eq!(status, 200);
    let models: Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = models
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2);
    assert_eq!(models[0]["variant"], "arg-1v1");
    assert_eq!(models[0]["players"], 2);
    assert_eq!(models[0]["deck"].as_array().unwrap().len(), 40);
    // A query is the JSON-lines protocol's request and answer; `model` picks the table.
    for name in &names {
        let (status, v) = post(
            &addr,
            &format!("/api/query?model={name}"),
            &json!({"id": 7, "spot": SPOT}),
        );
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["id"], 7);
        assert_eq!(v["fallback"], false);
        let total: f64 = v["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["prob"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-3, "{v}");
    }
    // The default table is the first; sampling works as in the protocol.
    let (status, v) = post(
        &addr,
        "/api/query",
        &json!({"spot": SPOT, "sample": true, "seed": 3}),
    );
    assert_eq!(status, 200);
    assert!(v["action"].is_string(), "{v}");
    // The range grid.
    let (status, v) = post(&addr, "/api/range", &json!({"spot": SPOT}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["hands"], 9880);
    assert_eq!(v["rows"][0], "1E");
    // Each cell says how many of its hands fell back; each action has the picture's colour.
    assert!(v["cells"][0][0]["fallbacks"].is_u64(), "{v}");
    assert!(v["cells"][0][0]["fallback"].is_boolean(), "{v}");
    let colors = v["colors"].as_object().unwrap();
    assert!(
        !colors.is_empty()
            && colors
                .values()
                .all(|c| c.as_str().unwrap().starts_with('#'))
    );
    assert_eq!(v["fallback_color"], "#bebebe");
    // The builder's next step: the spot's seat and its actions, then another seat's options.
    let (status, v) = post(&addr, "/api/step", &json!({"spot": SPOT}));
    assert_eq!(status, 200);
    assert_eq!(
        (v["actor"].clone(), v["own"].clone()),
        (json!(0), json!(true))
    );
    assert!(v["actions"].as_array().unwrap().contains(&json!("truco")));
    let (_, v) = post(
        &addr,
        "/api/step",
        &json!({"spot": format!("{SPOT} | 0:envido")}),
    );
    assert_eq!(
        (v["actor"].clone(), v["own"].clone()),
        (json!(1), json!(false))
    );
    assert!(
        v["reveals"].as_array().unwrap().contains(&json!("quiero")),
        "{v}"
    );
    let (_, v) = post(
        &addr,
        "/api/step",
        &json!({"spot": format!("{SPOT} | 0:1E")}),
    );
    let cards = v["cards"].as_array().unwrap();
    assert!(
        !cards.contains(&json!("1E")) && !cards.contains(&json!("7O")) && cards.len() == 37,
        "{v}"
    );
}

#[test]
fn bad_requests_get_clear_errors_and_the_server_stays_up() {
    let a = Model::new("http-bad");
    let (mut server, addr) = start(&[&a]);
    let cases: Vec<(&str, &str, Vec<u8>, u16, &str)> = vec![
        ("POST", "/api/query", b"{bad".to_vec(), 400, "bad_json"),
        ("POST", "/api/query", b"[1, 2]".to_vec(), 400, "bad_request"),
        (
            "POST",
            "/api/query",
            b"{\"spot\": 5}".to_vec(),
            400,
            "bad_request",
        ),
        (
            "POST",
            "/api/query?model=nope",
            json!({"spot": SPOT}).to_string().into_bytes(),
            404,
            "unknown_model",
        ),
        (
            "POST",
            "/api/range?model=nope",
            json!({"spot": SPOT}).to_string().into_bytes(),
            404,
            "unknown_model",
        ),
        (
            "POST",
            "/api/query",
            json!({"spot": "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 1E 3C"})
                .to_string()
                .into_bytes(),
            400,
            "bad_spot",
        ),
        (
            "POST",
            "/api/query",
            json!({"spot": "paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 4C 5O"})
                .to_string()
                .into_bytes(),
            400,
            "wrong_variant",
        ),
        (
            "POST",
            "/api/range",
            json!({"spot": "valencian | score 0-0 camas 0-0 | dealer 0 | seat 1: 1E 4C 5O"})
                .to_string()
                .into_bytes(),
            400,
            "wrong_variant",
        ),
        ("POST", "/api/range", b"{}".to_vec(), 400, "bad_request"),
        (
            "POST",
            "/api/step",
            json!({"spot": "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 1:truco"})
                .to_string()
                .into_bytes(),
            400,
            "bad_spot",
        ),
        ("POST", "/api/step", b"\xff\xfe".to_vec(), 400, "bad_json"),
        ("GET", "/api/nothing", Vec::new(), 404, "not_found"),
        ("POST", "/api/query", vec![b'a'; 200_000], 413, "too_long"),
    ];
    for (method, path, body, want_status, want_kind) in cases {
        let (status, text) = http(&addr, method, path, &body);
        let v: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        assert_eq!(
            (status, v["error"]["kind"].as_str().unwrap_or("")),
            (want_status, want_kind),
            "{path}: {v}"
        );
        assert!(!v["error"]["message"].as_str().unwrap().is_empty());
    }
    // A client that sends half a request and leaves does not stop the server.
    {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.write_all(b"POST /api/query HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"sp")
            .unwrap();
    }
    let (status, _) = post(&addr, "/api/query", &json!({"spot": SPOT}));
    assert_eq!(status, 200);
    assert!(server.0.try_wait().unwrap().is_none(), "the server exited");
}

#[test]
fn several_models_need_the_explorer() {
    let (a, b) = (Model::new("http-two-a"), Model::new("http-two-b"));
    let o = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args([
            "serve",
            "--model",
            a.0.to_str().unwrap(),
            "--model",
            b.0.to_str().unwrap(),
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--http"));
}
