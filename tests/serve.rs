//! `truco serve` run as a process: on stdin/stdout and over TCP with concurrent clients, good
//! and bad lines each get one answer, in order. Every wait is bounded.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use serde_json::{json, Value};
use truco_game::abstraction::Abstraction;
use truco_game::Spot;
use truco_query::{TableMeta, TableWriter};

mod common;

use common::server::{bounded, start_tcp, Model, Server, SPOT, TIMEOUT};

/// A mix of good and bad request lines, with the answer kind each must get: `Ok(n)` (n
/// actions, or 0 for "any") or `Err(kind)`.
fn requests(client: u64) -> Vec<(String, Result<usize, &'static str>)> {
    let good = |id: Value, spot: &str| json!({"id": id, "spot": spot}).to_string();
    vec![
        (good(json!(client * 100), SPOT), Ok(8)),
        ("{not json".into(), Err("bad_json")),
        (
            good(json!("x"), "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O"),
            Err("bad_spot"),
        ),
        (
            good(
                json!([client]),
                "arg-2v2 | score 0-0 | dealer 3 | seat 0: 1E 7O 3C",
            ),
            Err("wrong_variant"),
        ),
        (json!({"id": 5}).to_string(), Err("bad_request")),
        ("[1, 2]".into(), Err("bad_request")),
        (
            good(
                json!(null),
                "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 7O 3C",
            ),
            Err("no_decision"),
        ),
        (
            json!({"id": {"n": client}, "spot": SPOT, "sample": true, "seed": client}).to_string(),
            Ok(8),
        ),
        (
            good(
                json!(client * 100 + 9),
                "arg-1v1 | score 4-9 | dealer 0 | seat 1: 4B 5B 6C",
            ),
            Ok(0),
        ),
    ]
}

/// Checks one answer against its request.
fn check(request: &str, want: &Result<usize, &'static str>, answer: &str) {
    let a: Value = serde_json::from_str(answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    if let Ok(Value::Object(r)) = serde_json::from_str::<Value>(request) {
        assert_eq!(
            a["id"],
            *r.get("id").unwrap_or(&Value::Null),
            "{request} -> {answer}"
        );
    }
    match want {
        Ok(n) => {
            let actions = a["actions"]
                .as_array()
                .unwrap_or_else(|| panic!("{answer}"));
            assert!(*n == 0 || actions.len() == *n, "{request} -> {answer}");
            let sum: f64 = actions.iter().map(|x| x["prob"].as_f64().unwrap()).sum();
            assert!((sum - 1.0).abs() < 1e-3, "{answer}");
            assert_eq!(a["fallback"], *n == 0, "{answer}");
            if request.contains("\"sample\":true") {
                let drawn = a["action"].as_str().unwrap();
                assert!(actions.iter().any(|x| x["action"] == drawn), "{answer}");
            }
        }
        Err(kind) => {
            assert_eq!(a["error"]["kind"], *kind, "{request} -> {answer}");
            assert!(!a["error"]["message"].as_str().unwrap().is_empty());
        }
    }
}

#[test]
fn stdin_stdout_answers_every_line_in_order() {
    let model = Model::new("stdio");
    let mut server = Server(
        Command::new(env!("CARGO_BIN_EXE_truco"))
            .args(["serve", "--model", model.0.to_str().unwrap()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let reqs: Vec<_> = (0..3).flat_map(requests).collect();
    let mut stdin = server.0.stdin.take().unwrap();
    let stdout = server.0.stdout.take().unwrap();
    let lines: Vec<String> = reqs.iter().map(|r| r.0.clone()).collect();
    // Blank lines are skipped; an over-long line gets one `too_long` answer.
    let long = "x".repeat(70 * 1024);
    bounded(move || {
        for l in &lines {
            writeln!(stdin, "{l}").unwrap();
            writeln!(stdin, "   ").unwrap();
        }
        writeln!(stdin, "{long}").unwrap();
        writeln!(stdin, "{}", json!({"id": "last", "spot": SPOT})).unwrap();
    });
    let answers: Vec<String> = bounded(move || {
        BufReader::new(stdout)
            .lines()
            .map(Result::unwrap)
            .collect::<Vec<_>>()
    });
    assert_eq!(answers.len(), reqs.len() + 2, "{answers:#?}");
    for ((req, want), ans) in reqs.iter().zip(&answers) {
        check(req, want, ans);
    }
    let too_long: Value = serde_json::from_str(&answers[reqs.len()]).unwrap();
    assert_eq!(too_long["error"]["kind"], "too_long");
    let last: Value = serde_json::from_str(&answers[reqs.len() + 1]).unwrap();
    assert_eq!(last["id"], "last");
    let status = bounded(move || server.0.wait().unwrap());
    assert!(status.success());
}

/// Spot texts damaged at random (characters dropped, replaced or inserted), deterministic.
fn damaged_spots(n: usize) -> Vec<String> {
    let base: Vec<char> = format!("{SPOT} | 0:4B 1:truco 0:quiero").chars().collect();
    let alphabet: Vec<char> = "|:-[]/ 0123456789EOBCabcdefghijklmnopqrstuvwxyz\"{}\u{e9}"
        .chars()
        .collect();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |m: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m as u64) as usize
    };
    (0..n)
        .map(|_| {
            let mut t = base.clone();
            for _ in 0..1 + next(4) {
                let i = next(t.len());
                match next(3) {
                    0 => {
                        t.remove(i);
                    }
                    1 => t[i] = alphabet[next(alphabet.len())],
                    _ => t.insert(i, alphabet[next(alphabet.len())]),
                }
            }
            t.into_iter().collect()
        })
        .collect()
}

#[test]
fn damaged_spots_each_get_an_answer() {
    let model = Model::new("damaged");
    let mut server = Server(
        Command::new(env!("CARGO_BIN_EXE_truco"))
            .args(["serve", "--model", model.0.to_str().unwrap()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let spots = damaged_spots(400);
    let lines: Vec<String> = spots
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"id": i, "spot": s, "sample": true}).to_string())
        .collect();
    let mut stdin = server.0.stdin.take().unwrap();
    let stdout = server.0.stdout.take().unwrap();
    bounded(move || {
        for l in &lines {
            writeln!(stdin, "{l}").unwrap();
        }
    });
    let answers: Vec<Value> = bounded(move || {
        BufReader::new(stdout)
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect::<Vec<Value>>()
    });
    assert_eq!(answers.len(), spots.len());
    let mut errors = 0;
    for (i, (a, spot)) in answers.iter().zip(&spots).enumerate() {
        assert_eq!(a["id"], i, "{a}");
        match spot.parse::<Spot>() {
            Err(e) => {
                assert_eq!(a["error"]["kind"], "bad_spot", "{spot}: {a}");
                assert_eq!(a["error"]["message"], e.to_string());
                errors += 1;
            }
            Ok(_) => assert!(a["actions"].is_array() || a["error"].is_object(), "{a}"),
        }
    }
    assert!(errors > 200, "{errors} damaged spots refused");
    let status = bounded(move || server.0.wait().unwrap());
    assert!(status.success());
}

#[test]
fn tcp_serves_concurrent_clients() {
    let model = Model::new("tcp");
    let (mut server, addr) = start_tcp(&model, &[]);
    let clients: Vec<_> = (0..6u64)
        .map(|c| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let stream = TcpStream::connect(&addr).unwrap();
                stream.set_read_timeout(Some(TIMEOUT)).unwrap();
                stream.set_write_timeout(Some(TIMEOUT)).unwrap();
                let mut writer = stream.try_clone().unwrap();
                let mut reader = BufReader::new(stream);
                // Rounds of requests, each answered before the next round: the answers come
                // in order, one per line.
                for round in 0..4 {
                    let reqs = requests(c * 10 + round);
                    for (r, _) in &reqs {
                        writeln!(writer, "{r}").unwrap();
                    }
                    for (r, want) in &reqs {
                        let mut line = String::new();
                        reader.read_line(&mut line).unwrap();
                        check(r, want, line.trim());
                    }
                }
                4 * requests(0).len()
            })
        })
        .collect();
    let answered: usize = clients.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(answered, 6 * 4 * requests(0).len());
    // The server is still up after every bad line.
    assert!(server.0.try_wait().unwrap().is_none());
}

/// A table of `abstraction` for `variant` (with `options`) holding one uniform row: the key
/// of `seen`.
fn one_row_table(abstraction: Abstraction, variant: &str, options: &str, seen: &str) -> Model {
    let spot: Spot = seen.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = truco_game::ActionList::new();
    view.legal_actions(&mut legal);
    let path = std::env::temp_dir().join(format!(
        "truco-serve-{}-{}.tbl",
        abstraction.id(),
        std::process::id()
    ));
    let mut w = TableWriter::new(TableMeta {
        variant: variant.into(),
        options: options.into(),
        abstraction_id: abstraction.id().into(),
        abstraction_hash: abstraction.definition_hash(),
    });
    w.push(
        abstraction.key(&view, spot.history()).unwrap(),
        &vec![1.0; legal.len()],
        None,
    )
    .unwrap();
    w.write(&path).unwrap();
    Model(path)
}

/// `truco serve` on `model` (stdin/stdout): one JSON answer per spot, in order.
fn serve_spots(model: &Model, spots: &[String]) -> Vec<Value> {
    let mut server = Server(
        Command::new(env!("CARGO_BIN_EXE_truco"))
            .args(["serve", "--model", model.0.to_str().unwrap()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut stdin = server.0.stdin.take().unwrap();
    let stdout = server.0.stdout.take().unwrap();
    let lines: Vec<String> = spots
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"id": i, "spot": s}).to_string())
        .collect();
    bounded(move || {
        for l in &lines {
            writeln!(stdin, "{l}").unwrap();
        }
    });
    bounded(move || {
        BufReader::new(stdout)
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect()
    })
}

/// The action names of an answer.
fn names(answer: &Value) -> Vec<String> {
    answer["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap().to_string())
        .collect()
}

/// A team table (arg-2v2) answers every seat; a spot it never saw is the flagged fallback (no
/// mazo); a spot of other rules is an error line.
#[test]
fn serves_team_spots_from_any_seat() {
    let seen = "arg-2v2 | score 12-20 | dealer 3 | seat 1: 1E 7O 3C | 0:4B";
    let model = one_row_table(Abstraction::Arg2v2BucketsV1, "arg-2v2", "", seen);
    let spots = [
        seen.to_string(),
        "arg-2v2 | score 0-0 | dealer 3 | seat 0: 1B 2E 4C".into(),
        "arg-2v2 | score 0-0 | dealer 3 | seat 3: 5B 6E 4C | 0:4B 1:5C 2:truco".into(),
        SPOT.into(),
    ];
    let answers = serve_spots(&model, &spots);
    assert_eq!(answers.len(), 4, "{answers:#?}");
    assert_eq!(answers[0]["fallback"], false, "{}", answers[0]);
    for a in &answers[1..3] {
        assert_eq!(a["fallback"], true, "{a}");
        let acts = a["actions"].as_array().unwrap();
        assert!(
            acts.iter()
                .all(|x| x["action"] != "mazo" || x["prob"] == 0.0),
            "{a}"
        );
    }
    assert_eq!(
        answers[3]["error"]["kind"], "wrong_variant",
        "{}",
        answers[3]
    );
}

/// Paulista and valencian tables answer in the variant's words, every kind of decision
/// (a blind mão de ferro, a mão de onze, the out-of-turn truc), and refuse other rules.
#[test]
fn serves_paulista_and_valencian_in_their_words() {
    let seen = "paulista | score 3-5 | dealer 3 vira 7O | seat 0: 3E 10O 4C | 0:10O 1:3B 2:6E 3:1C / 0:hide-3E 1:hidden 2:4O 3:7B / 3:truco";
    let model = one_row_table(Abstraction::PaulistaBucketsV1, "paulista", "", seen);
    let spots = [
        seen.to_string(),
        "paulista | score 11-4 | dealer 3 vira 7O | seat 0: 6E 10B 4O partner 3E 10O 4C".into(),
        "paulista | score 11-11 | dealer 3 vira 7O | seat 1: blind | 0:4C".into(),
        "paulista players=2 | score 0-0 | dealer 1 vira 7O | seat 0: 3E 4C 5O".into(),
    ];
    let a = serve_spots(&model, &spots);
    assert_eq!(a.len(), 4, "{a:#?}");
    assert_eq!(
        (a[0]["fallback"].clone(), names(&a[0])),
        (
            json!(false),
            vec!["seis".to_string(), "quiero".into(), "no-quiero".into()]
        )
    );
    assert_eq!(names(&a[1]), ["play", "run"]);
    assert_eq!(a[1]["fallback"], true);
    assert_eq!(names(&a[2]), ["blind-0", "blind-1", "blind-2"]);
    assert_eq!(a[3]["error"]["kind"], "wrong_variant", "{}", a[3]);

    let seen = "valencian | score 5-17 camas 1-0 | dealer 0 | seat 1: 6O 7O 3C | 2:pass";
    let model = one_row_table(Abstraction::ValencianBucketsV1, "valencian", "", seen);
    let spots = [
        seen.to_string(),
        "valencian | score 0-0 camas 0-0 | dealer 0 | seat 2: 1E 3E 7E".into(),
        "valencian | score 0-0 camas 0-0 | dealer 0 | seat 1: 2E 4C 5O".into(),
    ];
    let a = serve_spots(&model, &spots);
    assert_eq!(a[0]["fallback"], false, "{}", a[0]);
    assert!(names(&a[0]).contains(&"envide".to_string()), "{}", a[0]);
    assert_eq!(names(&a[1]), ["truc", "pass"]);
    let err = a[2]["error"].to_string();
    assert!(err.contains("22-card"), "{err}");
}
