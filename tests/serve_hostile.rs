//! `truco serve --listen` against hostile or careless clients: hundreds of idle and
//! one-byte-at-a-time connections do not lock a well-behaved client out, a slow request line
//! and an idle client are closed with a readable `timeout` line, and a client over the limit
//! reads a `busy` line instead of a reset. Blank lines do not keep a connection open, one
//! address cannot hold more than `--max-per-address` connections, and `--max-clients` is
//! bounded. The hostile clients connect from other loopback addresses (127.0.0.2...) than the
//! good one. Every wait is bounded.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;

use common::server::{connect_from, refused, start, start_tcp, Model, SPOT, TIMEOUT};

fn connect(addr: &str) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(TIMEOUT)).unwrap();
    s.set_write_timeout(Some(TIMEOUT)).unwrap();
    s
}

fn request() -> String {
    format!("{{\"id\":1,\"spot\":\"{SPOT}\"}}\n")
}

/// Sends one request and reads one answer line.
fn ask(stream: &TcpStream) -> Value {
    (&*stream).write_all(request().as_bytes()).unwrap();
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

fn error_kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

#[test]
fn hundreds_of_slow_clients_do_not_lock_out_a_good_one() {
    let model = Model::new("hostile-slow");
    let (_server, addr) = start_tcp(
        &model,
        &["--line-timeout", "3s", "--max-per-address", "1000"],
    );
    // 200 idle connections and 200 that send a request one byte every 100 ms.
    let idle: Vec<TcpStream> = (0..200).map(|_| connect_from("127.0.0.2", &addr)).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let slow: Vec<_> = (0..200)
        .map(|_| {
            let (addr, stop) = (addr.clone(), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut s = connect_from("127.0.0.3", &addr);
                for b in request().bytes() {
                    if stop.load(Ordering::Relaxed) || s.write_all(&[b]).is_err() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    // A well-behaved client is answered at once, several times over.
    for _ in 0..5 {
        let t = Instant::now();
        let good = connect(&addr);
        let v = ask(&good);
        assert!(v["actions"].is_array(), "{v}");
        assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
        std::thread::sleep(Duration::from_millis(200));
    }
    stop.store(true, Ordering::Relaxed);
    for t in slow {
        t.join().unwrap();
    }
    drop(idle);
}

#[test]
fn a_request_line_sent_too_slowly_is_closed_with_a_timeout_line() {
    let model = Model::new("hostile-line");
    let (_server, addr) = start_tcp(&model, &["--line-timeout", "1s"]);
    let mut s = connect(&addr);
    let t = Instant::now();
    s.write_all(b"{\"id\":1,").unwrap();
    let mut line = String::new();
    let mut reader = BufReader::new(s.try_clone().unwrap());
    reader.read_line(&mut line).unwrap();
    let v: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(error_kind(&v), "timeout", "{v}");
    assert!(
        t.elapsed() >= Duration::from_millis(900),
        "{:?}",
        t.elapsed()
    );
    // Then the server closes the connection.
    let mut rest = Vec::new();
    assert_eq!(reader.read_to_end(&mut rest).unwrap_or(0), 0);
}

#[test]
fn an_idle_client_is_closed_with_a_timeout_line() {
    let model = Model::new("hostile-idle");
    let (_server, addr) = start_tcp(&model, &["--idle-timeout", "1s"]);
    let s = connect(&addr);
    // A request first: answered; then silence.
    assert!(ask(&s)["actions"].is_array());
    let mut line = String::new();
    BufReader::new(&s).read_line(&mut line).unwrap();
    let v: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(error_kind(&v), "timeout", "{v}");
}

#[test]
fn a_client_over_the_limit_reads_busy_not_a_reset() {
    let model = Model::new("hostile-busy");
    let (_server, addr) = start_tcp(&model, &["--max-clients", "4"]);
    let held: Vec<TcpStream> = (0..4)
        .map(|_| {
            let s = connect(&addr);
            assert!(ask(&s)["actions"].is_array());
            s
        })
        .collect();
    // The fifth sends its request at once, as a client would, and must read `busy`.
    for _ in 0..3 {
        let s = connect(&addr);
        (&s).write_all(request().as_bytes()).unwrap();
        let mut line = String::new();
        BufReader::new(&s)
            .read_line(&mut line)
            .expect("a busy line, not a reset");
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
        assert_eq!(error_kind(&v), "busy", "{v}");
    }
    // A slot freed is a slot served.
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    assert!(ask(&connect(&addr))["actions"].is_array());
}

#[test]
fn blank_lines_do_not_keep_a_client_open() {
    let model = Model::new("hostile-blank");
    let (_server, addr) = start_tcp(&model, &["--idle-timeout", "1s"]);
    let s = connect(&addr);
    // Read well before the blank lines stop (10 s).
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    // A blank line every 200 ms: before, each one reset the idle timer and the connection
    // stayed open for as long as the client liked.
    let writer = s.try_clone().unwrap();
    let blanks = std::thread::spawn(move || {
        for _ in 0..50 {
            if (&writer).write_all(b"\n").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    let mut line = String::new();
    BufReader::new(&s).read_line(&mut line).unwrap();
    let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    assert_eq!(error_kind(&v), "timeout", "{v}");
    blanks.join().unwrap();
}

#[test]
fn one_address_cannot_hold_more_than_its_cap() {
    let model = Model::new("hostile-per-address");
    let (_server, addr) = start_tcp(&model, &["--max-per-address", "3"]);
    let held: Vec<TcpStream> = (0..3).map(|_| connect_from("127.0.0.2", &addr)).collect();
    // A fourth from that address reads `busy`; another address is served.
    let s = connect_from("127.0.0.2", &addr);
    (&s).write_all(request().as_bytes()).unwrap();
    let mut line = String::new();
    BufReader::new(&s).read_line(&mut line).unwrap();
    let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    assert_eq!(error_kind(&v), "busy", "{v}");
    assert!(ask(&connect(&addr))["actions"].is_array());
    drop(held);
}

#[test]
fn max_clients_out_of_range_is_refused_before_listening() {
    let model = Model::new("hostile-max");
    let path = model.0.to_str().unwrap();
    for n in ["18446744073709551615", "0"] {
        let stderr = refused(&[
            "serve",
            "--model",
            path,
            "--listen",
            "127.0.0.1:0",
            "--max-clients",
            n,
        ]);
        assert!(
            stderr.contains("--max-clients") && stderr.contains("1 to"),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_non_loopback_address_needs_allow_remote() {
    let model = Model::new("hostile-remote");
    let path = model.0.to_str().unwrap();
    let stderr = refused(&["serve", "--model", path, "--listen", "0.0.0.0:0"]);
    assert!(stderr.contains("--allow-remote"), "{stderr}");
    let (_server, addr) = start(
        &[
            "serve",
            "--model",
            path,
            "--listen",
            "0.0.0.0:0",
            "--allow-remote",
        ],
        "listening on ",
    );
    assert!(addr.starts_with("0.0.0.0:"), "{addr}");
}
